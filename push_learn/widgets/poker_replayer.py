"""PokerReplayer: step through a saved poker-family record move by move, from one seat or with every card shown.

Any record of the poker family replays here: Push stud (with Roll Your Own and Substitution), Screw
Your Neighbor, three-card brag and Three Card Poker, in today's envelope or an older format
(``push_learn.games.read_record``). Every step is checked by the game's own loader before anything is
shown; a record that fails is refused with the loader's words and the record shown before stays.

The table at each position is the game replayed to that many moves. In a seat's view the page gets
that seat's observation only (other players' face-down cards as backs); with every card shown it
gets each hand as dealt. Without a record it shows the seed 004 Screw Your Neighbor hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from push_learn.cards import Card
from push_learn.errors import RecordError
from push_learn.games import GAMES, read_record
from push_learn.poker.examples import seed_004_record
from push_learn.poker.plain import describe_step
from push_learn.poker.wording import chips, possessive
from push_learn.protocol import seat_outside
from push_learn.records import Record, read_capped, short
from push_learn.widgets.base import IntentError, PushWidget, int_field, intent, str_field
from push_learn.widgets.cards import back_json, card_json, offer_json

__all__ = ["FAMILIES", "PokerReplayer", "RecordSource", "check_record", "replay_record"]

FAMILIES = ("stud", "three_card")
"""The catalogue families this replayer shows (``push_learn.games.GAMES``)."""

CACHED_POSITIONS = 4
"""How many replayed positions the replayer keeps at hand."""

RecordSource = Record | str | Path
"""A record, its JSON text, or the path of a file holding it."""


def replay_record(source: RecordSource | None) -> Record:
    """The record of ``source`` (``None``: the seed 004 hand), checked by replaying every step.

    ``RecordError`` in plain words for anything that is not a poker record that replays.
    """
    if source is None:
        record = seed_004_record()
    elif isinstance(source, Record):
        record = source
    elif isinstance(source, Path) or (isinstance(source, str) and not source.lstrip().startswith("{")):
        record = read_record(read_capped(source))
    elif isinstance(source, str):
        record = read_record(source)
    else:
        raise RecordError(f"a poker replayer shows a record, its JSON text or a file, not {type(source).__name__}")
    return check_record(record)


def check_record(record: Record) -> Record:
    """``record`` if it is a poker record whose every step replays; ``RecordError`` in plain words otherwise."""
    spec = GAMES.get(record.game)
    if spec is None or spec.family not in FAMILIES:
        poker = ", ".join(s.title for s in GAMES.values() if s.family in FAMILIES)
        raise RecordError(f"this replayer shows poker records ({poker}); this record is of {short(record.game)}")
    spec.load(record)  # every step checked: RecordError names the first bad one
    return record


def _cards(cards: tuple[Card, ...] | list[Card]) -> list[dict[str, Any]]:
    return [card_json(card) for card in cards]


def _backs(count: int, name: str) -> list[dict[str, Any]]:
    return [back_json(label=f"{possessive(name)} face-down card") for _ in range(count)]


def _seat(seat: int, name: str, cards: list[dict[str, Any]], facts: list[str], to_move: bool,
          what: str = "cards") -> dict[str, Any]:
    hidden = sum(1 for card in cards if card.get("back"))
    shown = len(cards) - hidden
    hand_label = f"{possessive(name)} {what}" + (f", {hidden} face down" if hidden else "") + (
        f", {shown} face up" if hidden and shown else "")
    return {"seat": seat, "name": name, "sub": " · ".join(facts), "cards": cards, "hand_label": hand_label,
            "label": f"{name}: " + ", ".join(facts), "to_move": to_move, "empty": "No cards."}


def _move_text(data: Mapping[str, Any], players: tuple[str, ...]) -> str:
    """A recorded action in words when the game's log has none: ``Seat 1: bets (ante 5, pair plus 0)``."""
    fields = {key: value for key, value in data.items() if key not in ("type", "seat")}
    if not fields:
        return describe_step(data, players)
    what = ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in fields.items())
    return f"{describe_step({'type': data.get('type'), 'seat': data.get('seat')}, players)} ({what})"


def _kept_secret(game: Any, view: int | None, seat: object) -> bool:
    """True when ``seat``'s move is a simultaneous choice (a stud replace or declaration) that the others have not
    all made yet, so a view from another seat may not read it."""
    decision = getattr(game, "decision", None)
    return (view is not None and seat != view and decision is not None and decision.simultaneous
            and seat not in game.to_move)



def _stud_table(game: Any, view: int | None) -> dict[str, Any]:
    seen = game.observe(view)
    seats = []
    for s, sv in enumerate(seen.seats):
        down: list[Card | None] = list(game.cards(s)[: len(sv.down)]) if view is None else list(sv.down)
        cards = [card_json(c) if c is not None else _backs(1, sv.name)[0] for c in down]
        cards += _cards(sv.up)
        status = "folded" if sv.folded else ("in" if sv.dealt_in else "not dealt in")
        facts = [f"${sv.stack}", status, *([f"${sv.committed} in the pot"] if sv.committed else []),
                 *([f"declared {sv.declared}"] if sv.declared is not None else [])]
        seats.append(_seat(s, sv.name, cards, facts, s in seen.to_move))
    centre = [seen.prompt] if seen.prompt else []  # the card on offer has its own box ("offer")
    return {"seats": seats, "pot": f"Pot: ${seen.pot}", "centre": centre, "offer": offer_json(seen),
            "log": list(seen.log), "result": list(seen.result.lines) if seen.result is not None else [],
            "dealer": None}


def _brag_table(game: Any, view: int | None) -> dict[str, Any]:
    seen = game.observe(view)
    seats = []
    for pv in seen.players:
        name = seen.names[pv.seat]
        playing = pv.status in ("in", "covered")
        if view is None:
            cards = [card_json(c) for hand in game.seats[pv.seat].hands for c in hand]
        elif pv.seat == view and seen.cards:
            cards = _cards(seen.cards[0])
        else:
            cards = _backs(3 * pv.hands, name) if playing else []
        facts = [chips(pv.stack), pv.status, *(["blind" if pv.blind else "seen"] if playing else [])]
        seats.append(_seat(pv.seat, name, cards, facts, pv.seat in seen.to_move))
    result = seen.results[-1].lines(seen.names) if seen.results else []
    centre = [] if seen.stake is None else [f"The stake is {seen.stake} (seen; a blind player pays half)"]
    return {"seats": seats, "pot": f"Pot: {chips(seen.pot)}", "centre": centre, "offer": None,
            "log": list(seen.log),
            "result": result, "dealer": None}


def _tcp_table(game: Any, view: int | None) -> dict[str, Any]:
    seen = game.observe(view)
    seats = []
    for s, name in enumerate(seen.names):
        held = game.cards[s]
        cards = _cards(held) if view is None or s == view else _backs(len(held), name)
        facts = [chips(seen.stacks[s]), f"ante {seen.antes[s]}", f"pair plus {seen.pair_plus[s]}"]
        seats.append(_seat(s, name, cards, facts, s in seen.to_move))
    dealer = game.dealer_cards
    dealer_cards = _cards(dealer) if view is None else _backs(len(dealer), "the dealer")
    result = seen.results[-1].lines(seen.names) if seen.results else []
    return {"seats": seats, "pot": f"Bets on the table: {chips(sum(seen.antes) + sum(seen.pair_plus))}",
            "centre": [], "offer": None, "log": [],
            "result": result, "dealer": _seat(-1, "Dealer", dealer_cards, ["the house"], False) if dealer else None}


_TABLES = {"screw": _stud_table, "push_stud": _stud_table, "brag": _brag_table, "three_card_poker": _tcp_table}


class PokerReplayer(PushWidget, module="poker_replayer", parts=("pl_files.js", "pl_poker.js", "pl_offer.js")):
    """Step through a poker record: first / back / next / last or a move number, one seat's view or all cards.

    In JupyterLab::

        from push_learn.widgets import PokerReplayer
        PokerReplayer()                                   # the seed 004 Screw Your Neighbor hand, all cards
        PokerReplayer("brag-game.json", view=0)           # a saved record, from seat 0's chair
        PokerReplayer(game.record(), view=None)           # any poker game's record

    ``view`` is a seat number, or ``None`` for every card face up.
    """

    def __init__(
        self, record: RecordSource | None = None, *, view: int | None = None, position: int = 0, title: str = "",
        **options: Any,
    ) -> None:
        self.record = replay_record(record)
        self._title = title
        self.view = self._check_view(view)
        self.position = 0
        super().__init__(**options)
        self.go(position)

    # ---- moving along the record -----------------------------------------------------------

    @property
    def length(self) -> int:
        """How many moves the record holds."""
        return len(self.record.actions)

    def _check_view(self, view: int | None) -> int | None:
        players = len(self.game_at(0).players)
        outside = None if view is None else seat_outside(view, players, "this record")
        if outside is not None:
            raise IntentError(f"{outside}; choose one of them or every card")
        return view

    def game_at(self, position: int) -> Any:
        """The game replayed to ``position`` moves (the record was checked whole when it was loaded).

        The last few positions shown are kept, so stepping and switching views do not replay again.
        """
        cache = self.__dict__.setdefault("_games", {})
        key = (id(self.record), position)
        if key not in cache:
            prefix = dataclasses.replace(self.record, actions=self.record.actions[:position], seal=None)
            if len(cache) >= CACHED_POSITIONS:
                cache.pop(next(iter(cache)))
            cache[key] = GAMES[self.record.game].load(prefix)
        return cache[key]

    def go(self, position: int) -> None:
        """Show the game after ``position`` moves (clamped to the record)."""
        self.position = max(0, min(position, self.length))
        self.refresh()

    # ---- what the page shows ---------------------------------------------------------------

    def step_text(self, game: Any) -> list[str]:
        """What the move that led here did, as the chosen view may read it."""
        if self.position == 0:
            return ["The deal before the first move."]
        table = _TABLES[self.record.game]
        before, after = table(self.game_at(self.position - 1), self.view), table(game, self.view)
        new = after["log"][len(before["log"]):]
        if after["log"][: len(before["log"])] != before["log"]:  # a new deal began: its log starts afresh
            ended = after["result"][:1] if after["result"] != before["result"] else []
            new = [*ended, *after["log"]]
        if new:  # the game's own words for the move, as this view may read them
            return [f"Move {self.position}: {new[0]}", *new[1:]]
        data = self.record.actions[self.position - 1]
        if _kept_secret(game, self.view, data.get("seat")):
            name = game.players[data["seat"]]
            return [f"Move {self.position}: {name} has chosen; every choice is shown once everyone has chosen."]
        return [f"Move {self.position}: {_move_text(data, game.players)}"]

    def view_state(self) -> dict[str, Any]:
        """The controls, the text of the step, and the table as the chosen view shows it."""
        game = self.game_at(self.position)
        table = _TABLES[self.record.game](game, self.view)
        names = game.players
        step = self.step_text(game)
        title = self._title or f"{GAMES[self.record.game].title}: a record of {len(names)} players"
        return {
            "title": title,
            "game": self.record.game,
            "position": self.position,
            "length": self.length,
            "position_text": f"Move {self.position} of {self.length}",
            "view": -1 if self.view is None else self.view,
            "views": [[-1, "Every card face up"], *([s, f"{possessive(name)} view"] for s, name in enumerate(names))],
            "step": step,
            "over": bool(game.over),
            **table,
            "announce": " ".join(step),
        }

    # ---- intents ---------------------------------------------------------------------------

    @intent("go")
    def _go(self, content: Mapping[str, Any]) -> None:
        """Jump to a move number (clamped to the record)."""
        self.position = max(0, min(int_field(content, "to"), self.length))

    @intent("step")
    def _step(self, content: Mapping[str, Any]) -> None:
        """Move forward (``by`` > 0) or back (``by`` < 0) by some moves."""
        self.position = max(0, min(self.position + int_field(content, "by"), self.length))

    @intent("view")
    def _view(self, content: Mapping[str, Any]) -> None:
        """Show one seat's view (``seat``) or every card (``seat`` -1)."""
        seat = int_field(content, "seat")
        self.view = None if seat == -1 else self._check_view(seat)

    @intent("load")
    def _load(self, content: Mapping[str, Any]) -> None:
        """Replay another record (its JSON text); a record that fails is refused and the one shown stays."""
        record = check_record(read_record(str_field(content, "text")))  # RecordError: the loader's words
        players = len(GAMES[record.game].load(dataclasses.replace(record, actions=(), seal=None)).players)
        self.record = record
        self.__dict__["_games"] = {}
        self.position = 0
        if self.view is not None and self.view >= players:
            self.view = None
        self._title = ""
        self.notify("ok", f"Loaded a record of {GAMES[record.game].title} with {len(record.actions)} moves.")
