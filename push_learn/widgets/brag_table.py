"""BragTable: one student's seat against bots at three-card brag, with the chips, blind and seen play.

The table is a ``BragGame`` started through the one game protocol (``push_learn.games.new_game``).
The page is built from the student's observation alone (``game.observe(seat)``): the student's own
cards reach it only once the student has looked at them (a blind player's cards stay face down,
even to the widget's page), other players' cards only when the engine shows them at the end of a
deal. Every rule (costs, who may see whom, covering, the prial reshuffle) is the engine's; the
page shows the choices the observation lists, with their amounts, and sends the one clicked. Hint
asks the coach (``SensibleBragBot.advise`` on the student's observation, D-3C-18), whose words stay on
the page until the student moves.

Bots read their own observations and think in a worker thread when an event loop runs (JupyterLab,
Voila), one action per step at the chosen pace, so the page stays answered meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from push_learn.games import GAMES, new_game
from push_learn.poker.brag import (
    Bet,
    BragAction,
    BragGame,
    BragObservation,
    Cover,
    DropHand,
    Fold,
    HandResult,
    KeepHand,
    Look,
    See,
)
from push_learn.poker.brag_bots import SensibleBragBot
from push_learn.poker.wording import chips, possessive, says, table_names
from push_learn.protocol import Bot, checked_names, checked_seat
from push_learn.records import Record, short
from push_learn.seeds import read_seed
from push_learn.widgets.base import IntentError, PushWidget, SavesRecords, bot_level, int_field, intent, str_field
from push_learn.widgets.bot_turns import BotTurns, seat_rngs
from push_learn.widgets.cards import back_json, card_json

__all__ = ["HANDS", "LEVELS", "BragTable", "bet_amounts"]

LEVELS: tuple[str, ...] = tuple(GAMES["brag"].bots)
"""The bot levels of brag in the catalogue (``random``, ``sensible``)."""
HANDS = 10
"""Deals in a session unless asked otherwise."""
MAX_BET_BUTTONS = 6
"""At most this many bet buttons (the smallest and the largest bet always among them)."""


def bet_amounts(low: int, high: int) -> list[int]:
    """The bet amounts offered as buttons: every amount in a short range, else doubling steps and the largest.

    >>> bet_amounts(2, 5), bet_amounts(1, 20)
    ([2, 3, 4, 5], [1, 2, 4, 8, 16, 20])
    """
    if high - low < MAX_BET_BUTTONS:
        return list(range(low, high + 1))
    amounts: list[int] = []
    amount = low
    while amount < high and len(amounts) < MAX_BET_BUTTONS - 1:
        amounts.append(amount)
        amount *= 2
    return [*amounts, high]



_STATUS_WORDS = {"in": "in", "folded": "folded", "covered": "covered the pot", "out": "out of chips"}
"""A player's status (``PlayerView.status``) as a seat shows it."""


class BragTable(SavesRecords, BotTurns, PushWidget, module="brag_table", parts=("pl_files.js", "pl_poker.js")):
    """Play three-card brag in one seat against bots: look or play blind, bet, see, cover, and the showdown.

    In JupyterLab::

        from push_learn.widgets import BragTable
        BragTable(seed=1, players=4, seat=0)
        BragTable(seed=1, players=3, seat=2, level="random", speed="fast", hands=5)

    ``speed`` is ``slow``, ``normal``, ``fast``, ``fastest`` or seconds per bot move.
    """

    def __init__(
        self,
        seed: int | str = 1,
        *,
        players: int = 4,
        seat: int = 0,
        level: str = "sensible",
        speed: str | float = "normal",
        hands: int = HANDS,
        title: str = "",
        names: Sequence[str] | None = None,
        **options: Any,
    ) -> None:
        spec = GAMES["brag"]
        if isinstance(players, bool) or players not in spec.players:
            raise ValueError(f"brag is played by {spec.players_words} players, not {short(players)}")
        checked_seat(seat, players, f"a table of {players} players")
        bot_level(level, LEVELS, ValueError)
        self.players, self.seat, self.level, self.hands, self.title = players, seat, level, hands, title
        self.names = checked_names(names, players) if names is not None else table_names(players, seat)
        """The seats' names: by default the student's own is "You" and the bots' Ann, Bob …; a class's deal names the
        bots Bot 1, Bot 2 … (``names``)."""
        self.start_bot_turns(speed)
        self._start_session(seed)
        super().__init__(**options)
        self.refresh()
        self._resume()

    # ---- the game ----------------------------------------------------------------------------

    def _start_session(self, seed: int | str) -> None:
        """Deal a new session of deal number ``seed``, with fresh bots."""
        self.seed = seed
        self._begin(new_game("brag", seed=seed, players=self.names, hands=self.hands))
        self._bots = {s: GAMES["brag"].bots[self.level]() for s in range(self.players) if s != self.seat}
        self._rngs = seat_rngs(seed, self.players)

    def _begin(self, game: BragGame) -> None:
        """Show ``game`` from its start: no showdown read yet, nothing to announce, no coach's answer."""
        self.game: BragGame = game
        self._results_seen = 0
        self._events: list[str] = []
        self._hint: tuple[int, dict[str, Any]] | None = None
        """The coach's last answer and the move it answered (shown until a move is made)."""

    @property
    def observation(self) -> BragObservation:
        """Everything the student's seat may know now (the only source of the page)."""
        observation: BragObservation = self.game.observe(self.seat)
        return observation

    @property
    def paused(self) -> bool:
        """True when a deal has ended and the student has not yet gone on to the next one."""
        return len(self.game.results) > self._results_seen and not self.game.over

    @property
    def bots_to_move(self) -> bool:
        """True when a bot is to move and play is not paused at the end of a deal."""
        game = self.game
        return not game.over and not self.paused and game.to_move[0] != self.seat

    BOT_FAILED = BOT_REFUSED = "could not move"
    BOT_REFUSALS = (Exception,)
    """Whatever goes wrong with a bot's move stops play with the same notice."""

    def _current_game(self) -> BragGame:
        """The session being played."""
        return self.game

    def _due_bot_seat(self) -> int:
        """The seat to move."""
        return self.game.to_move[0]

    def _seat_name(self, seat: int) -> str:
        """The seat's name at this table."""
        return self.names[seat]

    def _seat_bot(self, seat: int) -> Bot[BragObservation, BragAction]:
        """The bot of ``seat`` at the chosen level."""
        return self._bots[seat]

    def _apply_bot_move(self, seat: int, action: BragAction) -> None:
        """Play the bot's move and keep the lines it added (``_apply``)."""
        self._apply(action)

    def _apply(self, action: BragAction) -> None:
        """Play an action and keep the public lines it added (the engine's log of the deal)."""
        game = self.game
        hand, before = game.hand_number, len(game.log)
        game.apply(action)
        self._note_events(hand, before)

    def _note_events(self, hand: int, before: int) -> None:
        """Keep what happened since the game was at deal ``hand`` with ``before`` lines in its log: the deal's
        end when it ended, else the lines added."""
        game = self.game
        if game.hand_number != hand or game.over:
            self._events = [str(game.results[-1].how)]
        else:
            self._events = list(game.log[before:])

    # ---- what the page shows -----------------------------------------------------------------

    def _who(self, seat: int) -> str:
        """The seat's name in the middle of a sentence: ``you`` for the student's own."""
        return "you" if seat == self.seat else self.names[seat]

    def _seat_json(self, seen: BragObservation, seat: int) -> dict[str, Any]:
        player = seen.players[seat]
        mine, name = seat == self.seat, self.names[seat]
        status = _STATUS_WORDS[player.status]
        if self.paused:
            # The student reads a showdown: the next deal is already dealt, but its cards and its first move belong
            # to the page only once the student goes on, so the seat shows its chips alone.
            facts = [chips(player.stack), *([status] if player.status == "out" else [])]
            return self._seat(seen, seat, [], facts, " · ".join(facts), "Your cards" if mine else f"{name}'s cards",
                              "The next deal's cards come when you go on.")
        playing = player.status in ("in", "covered")
        if mine and seen.cards:
            cards = [card_json(card) for card in seen.cards[0]]
        elif playing:
            label = "your face-down card (you are playing blind)" if mine else f"{name}'s face-down card"
            cards = [back_json(label=label) for _ in range(3 * max(player.hands, 1))]
        else:
            cards = []
        way = "blind" if player.blind else "seen"
        facts = [chips(player.stack), status, *([way] if playing else []),
                 *(["the dealer"] if seat == seen.dealer else []), *(["to act"] if seat in seen.to_move else [])]
        if mine and seen.cards:
            hand_label = f"Your cards: {seen.hand_name}"
        elif mine:
            hand_label = "Your cards, face down: you are playing blind" if playing else "Your cards"
        else:
            hand_label = f"{name}'s cards, face down"
        bet = [f"last bet {player.last_bet}"] if player.last_bet and playing else []
        sub = " · ".join(facts[:3] + bet + facts[3:])
        return self._seat(seen, seat, cards, facts, sub, hand_label, "Out of this deal.")

    def _seat(
        self, seen: BragObservation, seat: int, cards: list[dict[str, Any]], facts: list[str], sub: str,
        hand_label: str, empty: str,
    ) -> dict[str, Any]:
        """A seat as the page draws it (``to_move`` only while play goes on)."""
        return {
            "seat": seat,
            "name": self.names[seat],
            "me": seat == self.seat,
            "to_move": seat in seen.to_move and not self.paused,
            "sub": sub,
            "cards": cards,
            "hand_label": hand_label,
            "empty": empty,
            "label": f"{self.names[seat]}: " + ", ".join(facts),
        }

    def choices(self, seen: BragObservation) -> list[dict[str, Any]]:
        """The student's choices as buttons: each intent with its label and amounts, from the engine's options."""
        options = seen.options
        if options is None or self.paused:
            return []
        me = seen.players[self.seat]
        if options.must_choose:
            return [{"act": "keep", "text": "Keep this hand", "aria": "Keep the hand you looked at and play it seen"},
                    {"act": "drop", "text": "Drop it, play the other blind",
                     "aria": "Fold the hand you looked at and play on blind with the other"}]
        buttons: list[dict[str, Any]] = []
        for hand in options.look:
            which = "" if len(options.look) == 1 else f" {hand + 1}"
            buttons.append({"act": "look", "hand": hand, "text": f"Look at hand{which}",
                            "aria": f"Look at your cards{which}: from then on you bet at the seen rate"})
        if options.bet_min is not None and options.bet_max is not None:
            for amount in bet_amounts(options.bet_min, options.bet_max):
                stake = amount * 2 if me.blind else amount
                text = f"Bet {amount}" + (f" blind (= {stake} seen)" if me.blind else "")
                buttons.append({"act": "bet", "amount": amount, "text": text,
                                "aria": f"Bet {chips(amount)}" + (f" blind: the stake becomes {stake}"
                                                                   if me.blind else "")})
        if options.see_cost is not None:
            buttons.append({"act": "see", "text": f"See ({options.see_cost})",
                            "aria": f"Pay {chips(options.see_cost)} to see the other player's hand"})
        if options.cover:
            buttons.append({"act": "cover", "text": f"Cover the pot ({me.stack})",
                            "aria": f"Put your last {chips(me.stack)} in and cover the pot"})
        if options.fold:
            buttons.append({"act": "fold", "text": "Fold", "aria": "Fold your hand"})
        return buttons

    def _result_json(self, result: HandResult) -> dict[str, Any]:
        shown = [{"name": self.names[s.seat], "hand": s.name, "cards": [card_json(c) for c in s.cards],
                  "label": f"{possessive(self.names[s.seat])} cards: {s.name}"} for s in result.shown]
        awards = result.award_lines(self.names)
        if result.carried:
            awards.append(f"{chips(result.carried)} are carried to the next deal.")
        pack = ("A prial was shown or won, so the pack is shuffled before the next deal." if result.reshuffle
                else "No prial was shown, so the pack is not shuffled: the used cards go to the bottom.")
        return {"hand": result.hand_number, "how": result.how, "shown": shown, "awards": awards, "pack": pack}

    def status(self, seen: BragObservation) -> str:
        """One line: whose move it is, or how the session stands."""
        if seen.over:
            return f"The session is over: you have {chips(seen.players[self.seat].stack)}."
        if self.paused:
            return (f"Deal {self.game.results[-1].hand_number} is over: read the showdown, then go on to deal"
                    f" {seen.hand_number}, whose pot already holds {chips(seen.pot)}.")
        if self.seat in seen.to_move:
            me = seen.players[self.seat]
            rate = "blind (you pay half)" if me.blind else "seen"
            stake = "no bet yet" if seen.stake is None else f"the stake is {seen.stake}"
            return f"Your turn, playing {rate}: {stake}."
        return f"{self.names[seen.to_move[0]]} is thinking…"

    def view_state(self) -> dict[str, Any]:
        """The table as the student's seat sees it: seats, chips, pots, choices, the last showdown, the log."""
        seen = self.observation
        download = self.take_download()
        last = self._result_json(seen.results[-1]) if seen.results else None
        return {
            "title": self.title or "Three-card brag: you against " + ", ".join(
                name for s, name in enumerate(self.names) if s != self.seat),
            "seed": str(self.seed),
            "deal": self.game.results[-1].hand_number if self.paused else seen.hand_number,
            "deals": self.hands,
            "level": self.level,
            "levels": [[name, name.capitalize()] for name in LEVELS],
            **self.pace_state(),
            "status": self.status(seen),
            "my_turn": self.seat in seen.to_move and not self.paused,
            "thinking": self.bots_to_move,
            "paused": self.paused,
            "over": seen.over,
            "seats": [self._seat_json(seen, s) for s in range(self.players)],
            "pots": [{"amount": amount, "coverer": None if coverer is None else self._who(coverer)}
                     for amount, coverer in seen.pots],
            "pot": seen.pot,
            "stake": seen.stake,
            "choices": self.choices(seen),
            "last": last,
            "show_last": self.paused or seen.over,
            "log": [] if self.paused else list(seen.log[-8:]),  # the next deal has begun: its first lines wait too
            "download": download,
            "hint": self._current_hint(),
            "announce": " ".join(self._events),
        }

    # ---- intents -----------------------------------------------------------------------------

    @intent("act")
    def _act(self, content: Mapping[str, Any]) -> None:
        """The student's move (``act``: fold, look, keep, drop, bet, see, cover); the engine accepts or refuses it."""
        self._apply(self._action_of(content))  # IllegalAction: refused with the engine's reason, nothing changed
        self._resume()

    def _action_of(self, content: Mapping[str, Any]) -> BragAction:
        """The student's move that the page's ``act`` intent asks for; refused in words while it is not theirs."""
        if self.paused:
            raise IntentError("this deal is over: go on to the next deal first")
        if self.seat not in self.game.to_move:
            raise IntentError("it is not your turn yet")
        kind, seat = str_field(content, "act"), self.seat
        action: BragAction
        if kind == "bet":
            action = Bet(seat, int_field(content, "amount"))
        elif kind == "look":
            action = Look(seat, int_field(content, "hand") if "hand" in content else 0)
        else:
            simple: dict[str, Callable[[int], BragAction]] = {
                "fold": Fold, "keep": KeepHand, "drop": DropHand, "see": See, "cover": Cover}
            if kind not in simple:
                raise IntentError(f"a brag move is fold, look, keep, drop, bet, see or cover, not {short(kind)}")
            action = simple[kind](seat)
        return action

    def _current_hint(self) -> dict[str, Any] | None:
        """The coach's answer while the decision it answered is still the student's."""
        if self._hint is None or self._hint[0] != len(self.game.actions) or self.paused:
            return None
        return self._hint[1]

    @intent("hint")
    def _hint_intent(self, _content: Mapping[str, Any]) -> None:
        """Ask the coach: the sensible player's move for the student's seat, with its reasons (from the
        student's own observation only)."""
        if self.paused or self.seat not in self.game.to_move:
            raise IntentError("the coach answers when it is your turn")
        seen = self.observation
        advice = SensibleBragBot().advise(seen)
        self._hint = (len(self.game.actions), {"title": "The coach", "lines": advice.lines(seen)})

    @intent("continue")
    def _continue(self, _content: Mapping[str, Any]) -> None:
        """Go on to the next deal after reading the showdown."""
        if not self.paused:
            raise IntentError("the deal is still being played")
        self._results_seen = len(self.game.results)
        self._events = [f"Deal {self.game.hand_number}: {says(self.names[self.game.dealer], 'deals')}."]
        self._resume()

    @intent("new")
    def _new(self, content: Mapping[str, Any]) -> None:
        """A new session with the deal number typed by the student."""
        text = str_field(content, "seed")
        if not text.strip():
            raise IntentError("type a deal number first")
        seed = read_seed(text)
        self._pacer.stop()
        self._start_session(seed)
        self.notify("info", f"New session, deal number {seed}.")
        self._resume()

    def record_file(self) -> tuple[str, Record]:
        """The file name and the record that Save offers (replay it in the PokerReplayer)."""
        return f"brag-deal-number-{self.seed}-move-{len(self.game.actions)}.json", self.game.record()

    @intent("level")
    def _level(self, content: Mapping[str, Any]) -> None:
        """Change the bots' level (from their next move on)."""
        self.level = level = bot_level(str_field(content, "level"), LEVELS)
        self._bots = {s: GAMES["brag"].bots[level]() for s in self._bots}

    def describe(self) -> str:
        """The session in one line (for logs and tests)."""
        seen = self.observation
        return f"deal number {self.seed}, deal {seen.hand_number}, {chips(seen.players[self.seat].stack)}"
