"""PushChoice: take the up-card or push it? Both options side by side, the coach's view, then the outcome."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from push_learn.cards import Card
from push_learn.errors import IllegalAction
from push_learn.protocol import checked_seat
from push_learn.rummy.engine import Match, Observation, Push, TakeUpcard
from push_learn.rummy.melds import is_wild_card, layoff_options
from push_learn.rummy.rules import RummyRules
from push_learn.widgets.base import HandSorting, IntentError, PushWidget, intent, str_field
from push_learn.widgets.cards import arrived, card_json, hand_json
from push_learn.widgets.coach_json import draw_json
from push_learn.widgets.play_table import make_bot, parse_seed
from push_learn.widgets.rummy_json import meld_json, resolve_rules

__all__ = ["PushChoice"]

CHOICES = {"take": TakeUpcard, "push": Push}
"""The two draw choices by name: each action class is given the seat to move."""


class PushChoice(HandSorting, PushWidget, module="push_choice"):
    """Take the up-card or push it to the next player? The up-card, your hand and both options side by
    side: what taking gives you, what pushing sends to the next player (and whether it fits their melds
    on the table), with the coach's estimate. Choose, and see what happened; then try the other choice
    or move on to another position.

    In JupyterLab::

        from push_learn.widgets import PushChoice
        PushChoice(seed=12)                      # the first decision of a Push deal
        PushChoice(seed=3, rules="six_to_ten")   # where a push sends the stock card face down
    """

    def __init__(
        self,
        seed: int | str = 1,
        *,
        rules: RummyRules | str = "push",
        seat: int | None = None,
        level: str = "greedy",
        title: str = "Take or push?",
        **options: Any,
    ) -> None:
        self.rules = resolve_rules(rules)
        self.title = title
        self.level = level
        self.sort = "suit"
        self.wanted_seat = seat
        self._position(seed)
        super().__init__(**options)
        self.refresh()

    @classmethod
    def from_match(cls, match: Match, **options: Any) -> PushChoice:
        """The decision of the seat to move in ``match`` (which must be at a take-or-push decision)."""
        widget = cls(match.seed, rules=match.rules, seat=match.turn, **options)
        widget._set_match(match.fork())
        widget.refresh()
        return widget

    # ---- positions ---------------------------------------------------------------------------

    def _position(self, seed: int | str) -> None:
        """The first take-or-push decision of ``wanted_seat`` (the first player when None) in a new match."""
        match = Match.new(self.rules, seed)
        seat = match.turn if self.wanted_seat is None else self.wanted_seat
        checked_seat(seat, self.rules.players, f"{self.rules.name} here", IntentError)
        bot = make_bot(self.level) if match.turn != seat else None
        rngs: dict[int, random.Random] = {}
        while match.turn != seat or match.phase.value != "draw":
            if match.over or bot is None:
                raise IntentError("this match has no take-or-push decision left for that seat")
            rng = rngs.setdefault(match.turn, random.Random(f"{seed}:{match.turn}"))
            match.apply(bot.choose(match.observe(match.turn), rng))
        self._set_match(match)

    def _set_match(self, match: Match) -> None:
        self.match = match
        self.seat = match.turn
        self.outcome: dict[str, Any] | None = None
        self.chosen: str | None = None
        rng = random.Random(f"coach:{match.seed}:{len(match.actions)}")
        self.advice = draw_json(match.observe(self.seat), rng)
        """The coach's view of this decision (worked out once per position)."""

    @property
    def view(self) -> Observation:
        """The deciding seat's observation."""
        return self.match.observe(self.seat)

    # ---- what the page shows -----------------------------------------------------------------

    def _receiver_melds(self, view: Observation, upcard: Card | None) -> tuple[list[dict[str, Any]], list[str]]:
        """The next player's table melds, lit where the up-card could be laid off, and those fits in words."""
        receiver = (self.seat + 1) % view.rules.players
        melds, fits = [], []
        for tm in view.melds:
            if tm.owner != receiver:
                continue
            options = [] if upcard is None else layoff_options(tm.meld, upcard, view.rules)
            melds.append(meld_json(tm.meld, id=tm.id, hl=bool(options)))
            fits += [f"{upcard} fits their meld: {after}" for after in options[:1]]
        return melds, fits

    def view_state(self) -> dict[str, Any]:
        """The decision, both options with the coach's view, and the outcome once chosen."""
        view = self.view
        upcard = view.upcard
        receiver = (self.seat + 1) % view.rules.players
        melds, fits = self._receiver_melds(view, upcard)
        if upcard is not None and not fits:
            who = view.names[receiver]
            none = f"{upcard} fits none of {who}'s melds on the table."
            fits = [none if melds else f"{who} has no melds on the table yet."]
        hand = view.hand or ()
        advice = self.advice
        after_take = [*hand, upcard] if upcard is not None else list(hand)
        stock_seen = "face up, for everyone to see" if view.rules.pushed_card_public else "face down, to them alone"
        push_lines = advice["push"]
        if push_lines is None:
            push_lines = [self._push_refusal()]
        return {
            "title": self.title,
            "seed": str(self.match.seed),
            "game": view.rules.name,
            "seat_name": view.names[self.seat],
            "deal": view.deal,
            "contract": str(view.contract),
            "upcard": None if upcard is None else card_json(upcard),
            "hand": hand_json(hand, by=self.sort, last=is_wild_card),
            **self.sort_state(),
            "stock": view.stock,
            "take": {
                "hand_after": hand_json(after_take, by=self.sort, new={len(after_take) - 1}, last=is_wild_card),
                "lines": advice["take"],
            },
            "push": {
                "receiver": view.names[receiver],
                "receiver_count": view.hand_sizes[receiver],
                "receiver_melds": melds,
                "receiver_known": [card_json(card) for card in view.known[receiver]],
                "lines": [*push_lines, f"The stock card goes to {view.names[receiver]} {stock_seen}.", *fits],
            },
            "recommend": advice["recommend"],
            "advice": advice["summary"],
            "chosen": self.chosen,
            "outcome": self.outcome,
            "announce": " ".join(self.outcome["events"]) if self.outcome else "",
        }

    def _push_refusal(self) -> str:
        """Why the engine refuses a push here (6-7-8-9-10 with one stock card left)."""
        try:
            self.match.verify(Push(self.match.turn))
        except IllegalAction as refusal:
            return f"You may not push here: {refusal}."
        return "A push is possible."

    # ---- intents -----------------------------------------------------------------------------

    @intent("choose")
    def _choose(self, content: Mapping[str, Any]) -> None:
        """Play the choice on a copy of the match and show what happened (the position stays)."""
        choice = str_field(content, "choice")
        if choice not in CHOICES:
            raise IntentError("choose take or push")
        played = self.match.fork()
        before_events = len(played.events)
        before_hand = list(played.hand(self.seat))
        played.apply(CHOICES[choice](played.turn))  # IllegalAction: refused with the engine's reason
        view = played.observe(self.seat)
        lines = [event.seen_by(self.seat).text(played.names) for event in played.events[before_events:]]
        hand = view.hand or ()
        fresh = arrived(before_hand, hand)
        self.chosen = choice
        self.outcome = {"events": lines, "hand": hand_json(hand, by=self.sort, new=fresh, last=is_wild_card)}

    @intent("again")
    def _again(self, _content: Mapping[str, Any]) -> None:
        self.chosen = None
        self.outcome = None

    @intent("position")
    def _next_position(self, content: Mapping[str, Any]) -> None:
        text = content.get("seed")
        seed = parse_seed(text) if isinstance(text, str) and text.strip() else _next_seed(self.match.seed)
        self._position(seed)


def _next_seed(seed: int | str) -> int | str:
    return seed + 1 if isinstance(seed, int) else f"{seed}+"
