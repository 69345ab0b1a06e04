"""PokerTable: one deal of a push stud game (Push stud, its options, Screw Your Neighbor) against bots.

The page receives only what the student's seat may know: the state is built from ``game.observe(seat)``
(own cards, every up card, the card on offer when the seat may see it, the chips, the seat's log) plus
the student's own pending choice and the coach's advice, which reads that same observation. Another
seat's face-down cards are drawn as backs; a hi-lo declaration reaches the page only once the engine
has revealed every declaration together (D-UI-10).

Every move button is one of the engine's legal actions for the student's seat; a click sends that
action back and the engine accepts or refuses it. Bots think in a worker thread (the kernel's event
loop stays free) and play one action per step at the chosen pace, as in ``PlayTable``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from push_learn.cards import Card
from push_learn.games import spec_of
from push_learn.poker.actions import Action, ActionKind
from push_learn.poker.analysis import advice_lines, coach
from push_learn.poker.betting import BetKind, build_pots
from push_learn.poker.observation import Observation, Phase, Result
from push_learn.poker.showdown import Direction, ShowdownMode
from push_learn.poker.stud import StudGame
from push_learn.poker.stud_records import load_stud
from push_learn.poker.wording import table_names
from push_learn.protocol import Bot, checked_names, checked_seat, seat_words
from push_learn.records import Record, short
from push_learn.widgets.base import CoachOffLoop, IntentError, PushWidget, SavesRecords, bot_level, intent, str_field
from push_learn.widgets.bot_table import BotTable
from push_learn.widgets.cards import back_json, card_json, offer_json
from push_learn.widgets.play_table import parse_seed

__all__ = ["GAMES", "LEVELS", "PokerTable", "button_label"]

GAMES = ("push_stud", "screw")
"""The stud games a PokerTable deals (their ids in ``push_learn.games``)."""
LEVELS: tuple[str, ...] = tuple(spec_of("push_stud").bots)
"""The stud games' bot levels, read from the catalogue (Push stud and Screw Your Neighbor share them)."""
"""Bot levels, weakest first: the poker catalogue's stud bots."""
LOG_LINES = 8
"""Log lines shown until the student asks for the whole log."""
DECLARE_WORDS = {Direction.LOW: "Low (1 chip)", Direction.HIGH: "High (2 chips)", Direction.BOTH: "Both (3 chips)"}


def button_label(action: Action, view: Observation) -> str:
    """The text of the button for a legal ``action`` of the viewer, with its price or amount in chips (D-UI-13)."""
    me = view.me
    assert me is not None
    rules = view.rules
    stack = me.stack
    top = max((s.round_bet for s in view.seats if s.in_hand), default=0)
    kind = action.kind

    def capped(amount: int, text: str) -> str:
        return f"{text} (all in, ${stack})" if amount - me.round_bet >= stack else f"{text}"

    if kind is ActionKind.KEEP:
        return "Keep"
    if kind is ActionKind.PUSH:
        return f"Push (${rules.push_price})" if rules.push_price else "Push (free)"
    if kind is ActionKind.PUSH_OWN:
        return f"Keep it, push {action.card} (${rules.push_price})"
    if kind is ActionKind.EXPOSE:
        return f"Turn up {action.card}"
    if kind is ActionKind.REPLACE:
        assert action.card is not None
        return f"Replace {action.card} (${rules.replace_price(action.card in me.down)})"
    if kind is ActionKind.STAND:
        return "Replace nothing"
    if kind is ActionKind.DECLARE:
        assert action.direction is not None
        return DECLARE_WORDS[action.direction]
    if kind is ActionKind.FOLD:
        return "Fold"
    if kind is ActionKind.CHECK:
        return "Check"
    if kind is ActionKind.CALL:
        return f"Call ${min(view.to_call, stack)}" + (" (all in)" if view.to_call >= stack else "")
    if kind is ActionKind.BRING_IN:
        return capped(rules.bring_in, f"Bring in ${min(rules.bring_in, stack)}")
    if kind is ActionKind.COMPLETE:
        return capped(view.bet_size, f"Complete to ${view.bet_size}")
    if kind is ActionKind.BET:
        return capped(view.bet_size, f"Bet ${view.bet_size}")
    return capped(top + view.bet_size, f"Raise to ${top + view.bet_size}")


def _seen(view: Observation) -> tuple[frozenset[Card], tuple[object, ...], bool]:
    """What the viewer knows of the cards, declarations and outcome (to tell when something new was shown)."""
    cards = {c for s in view.seats for c in (*s.up, *s.down) if c is not None} | set(view.known_out)
    if view.offered is not None:
        cards.add(view.offered)
    return frozenset(cards), tuple(s.declared for s in view.seats), view.result is not None


class PokerTable(CoachOffLoop, SavesRecords, BotTable, PushWidget, module="poker_table", parts=("pl_offer.js",)):
    """Play one deal of Push stud or Screw Your Neighbor in one seat against bots.

    Keep or push the card offered (with the coach's estimate of each choice), bet with the buttons the
    engine offers, pay to swap a card (Substitution, the replace round), turn a card up (Roll Your Own),
    declare low, high or both in secret (Screw Your Neighbor) and see the showdown with each hand named
    and the split explained. Hint asks the coach, Take back undoes your last moves while they have shown
    you nothing new (``TAKE_BACK_NOTE``), Save downloads the record, a deal number starts a new deal.

    In JupyterLab::

        from push_learn.widgets import PokerTable
        PokerTable(game="push_stud", seed=1, players=5, seat=0)
        PokerTable(game="push_stud", seed=4, roll_your_own=True, substitution=True)
        PokerTable(game="screw", seed=3, players=6, seat=2, level="random", speed="fast")
    """

    def __init__(
        self,
        game: str = "push_stud",
        seed: int | str = 1,
        *,
        players: int | None = None,
        seat: int = 0,
        level: str = "threshold",
        speed: str | float = "normal",
        roll_your_own: bool = False,
        substitution: bool = False,
        bots: Mapping[int, Bot[Observation, Action]] | None = None,
        title: str = "",
        names: Sequence[str] | None = None,
        **options: Any,
    ) -> None:
        if game not in GAMES:
            raise ValueError(f"a PokerTable deals {' or '.join(GAMES)}, not {short(game)}")
        spec = spec_of(game)
        count = spec.default_players if players is None else players
        if isinstance(count, bool) or not isinstance(count, int) or count not in spec.players:
            raise ValueError(f"{spec.title} is for {spec.players_words} players, not {short(count)}")
        checked_seat(seat, count, "this table")
        bot_level(level, LEVELS, ValueError)
        rules: dict[str, bool] = {}
        if game == "push_stud":
            rules = {"roll_your_own": bool(roll_your_own), "substitution": bool(substitution)}
        elif roll_your_own or substitution:
            raise ValueError("Roll Your Own and Substitution are options of Push stud, not of Screw Your Neighbor")
        self.game_id = game
        self.players = count
        self.seat = seat
        self.names = checked_names(names, count) if names is not None else table_names(count, seat)
        """The seats' names: by default the student's own is "You" (the log reads "You keep 7♥") and the bots'
        Ann, Bob … as at the brag table (``wording.table_names``); a class's deal names the bots Bot 1, Bot 2 …
        (``names``)."""
        self.rules_options = rules
        self.title = title
        self.start_level_bots(level, bots, speed)
        self._full_log = False
        self._start(spec.new(seed=seed, players=self.names, **rules), mine=[])
        super().__init__(**options)
        self.refresh()
        self._resume()

    # ---- the deal ----------------------------------------------------------------------------

    def _keep_game(self, game: StudGame) -> None:
        """Play ``game``."""
        self.game = game

    def _make_bot(self, level: str) -> Bot[Observation, Action]:
        """A fresh bot of ``level`` for this table's game, from the catalogue."""
        bot: Bot[Observation, Action] = spec_of(self.game_id).bots[level]()
        return bot

    @property
    def view(self) -> Observation:
        """What the student's seat may know now."""
        return self.game.observe(self.seat)

    @property
    def moves(self) -> int:
        """How many actions the deal has had."""
        return len(self.game.record().actions)

    def _bot_seats(self) -> list[int]:
        return [s for s in self.game.to_move if s != self.seat]

    @property
    def bots_to_move(self) -> bool:
        """True when a bot has a choice to make (at a simultaneous choice, the bots choose first)."""
        return not self.game.over and bool(self._bot_seats())

    def _current_game(self) -> StudGame:
        """The deal being played."""
        return self.game

    def _due_bot_seat(self) -> int:
        """The first bot among the seats to move (at a simultaneous choice, the bots choose first)."""
        return self._bot_seats()[0]

    def _seat_name(self, seat: int) -> str:
        """The seat's player's name."""
        return self.game.players[seat]

    def _apply_bot_move(self, seat: int, action: Action) -> None:
        """Play the bot's move; it closes the student's take-back, and the hint once the turn is not theirs."""
        self.game.apply(action)
        self._mine.clear()  # another player's move closes every earlier move of the student
        if not self.view.my_turn:
            self._hint = None  # the hint answered a decision that is no longer the student's

    # ---- what the page shows -----------------------------------------------------------------

    def status(self, view: Observation) -> str:
        """One line: whose move it is, or how the deal ended."""
        if view.result is not None:
            return "The deal is over: see the showdown."
        if view.my_turn:
            return f"Your move: {view.prompt}"
        me = view.me
        if me is not None and me.has_chosen:
            return "You have chosen; waiting for the others to choose too (all choices are shown together)."
        if me is not None and not me.in_hand:
            return "You are out of this deal; the others play on."
        movers = " and ".join(view.names[s] for s in view.to_move)
        return f"{movers} to act…"

    def _seat_json(self, view: Observation, s: int) -> dict[str, Any]:
        seat = view.seats[s]
        result = view.result
        hands: list[str] = []
        if result is not None:
            hands = [f"{way} {names[s]}" for way, names in (("high:", result.high_names), ("low:", result.low_names))
                     if s in names and (way == "high:" or view.rules.showdown is not ShowdownMode.HIGH)]
        mine = s == self.seat
        return {
            "seat": s, "name": seat.name, "me": mine, "dealer": s == view.dealer,
            "stack": seat.stack, "committed": seat.committed, "round_bet": seat.round_bet,
            "in_hand": seat.in_hand, "folded": seat.folded, "dealt_in": seat.dealt_in, "all_in": seat.all_in,
            "to_move": s in view.to_move and not seat.has_chosen, "has_chosen": seat.has_chosen,
            "declared": None if seat.declared is None else str(seat.declared),
            "up": [card_json(c) for c in seat.up],
            "down": [card_json(c) if c is not None else back_json() for c in seat.down],
            "hands": hands,
            "net": None if result is None else result.net[s],
            "net_text": None if result is None else f"{signed_dollars(result.net[s])} this deal",
        }

    def _pots(self, view: Observation) -> list[str]:
        live = [s.seat for s in view.seats if s.in_hand]
        if view.result is not None or not live:
            return []
        pots = build_pots([s.committed for s in view.seats], live, [s.seat for s in view.seats if s.all_in])
        if len(pots) < 2:
            return []
        return [f"{'Main pot' if n == 0 else f'Side pot {n}'}: ${pot.amount}, for "
                + ", ".join(view.names[s] for s in pot.eligible) for n, pot in enumerate(pots)]

    def _actions(self, view: Observation) -> list[dict[str, Any]]:
        estimates = (self._hint or {}).get("values", {})
        out = []
        for action in sorted(view.legal, key=button_order):
            label = button_label(action, view)
            data = action.to_json()
            key = f"{data['type']}-{data.get('card', data.get('direction', ''))}"
            out.append({"label": label, "kind": data["type"], "key": key, "action": data,
                        "estimate": estimates.get(key)})
        return out

    def view_state(self) -> dict[str, Any]:
        """The table from the student's observation: seats, pot, offer, move buttons, coach, showdown, log."""
        view = self.view
        download = self.take_download()
        log = list(view.log)
        return {
            "title": self.title or f"{view.variant}: you are {seat_words(self.seat)}",
            "seed": str(self.game.seed),
            "game": view.game,
            "level": self.level,
            "levels": [[name, name.capitalize()] for name in LEVELS],
            **self.pace_state(),
            "status": self.status(view),
            "phase": str(view.phase),
            "round": view.round,
            "my_turn": view.my_turn,
            "thinking": self.bots_to_move,
            "pot": view.pot,
            "pots": self._pots(view),
            "stock": view.stock,
            "seats": [self._seat_json(view, s) for s in range(len(view.seats))],
            "offer": offer_json(view),
            "actions": self._actions(view),
            "declare_note": "Your declaration stays secret until everyone has declared; then all are shown together."
            if view.phase is Phase.DECLARE and view.my_turn else None,
            "hint": self._hint,
            "can_take_back": bool(self._mine),
            "result": self._result_json(view.result, view) if view.result is not None else None,
            "log": log if self._full_log else log[-LOG_LINES:],
            "log_all": self._full_log,
            "log_more": max(0, len(log) - LOG_LINES),
            "download": download,
            "announce": self._announce(view),
        }

    def _result_json(self, result: Result, view: Observation) -> dict[str, Any]:
        return {"lines": list(result.lines), "explain": explain_split(result, view)}

    def _announce(self, view: Observation) -> str:
        if self._hint and self._hint.get("lines"):
            return f"{self._hint['title']}. {self._hint['lines'][0]}"
        return view.log[-1] if view.log else ""

    # ---- intents -----------------------------------------------------------------------------

    def _my_view(self) -> Observation:
        view = self.view
        if not view.my_turn:
            raise IntentError("it is not your move" + (": the deal is over" if view.result is not None else " yet"))
        return view

    @intent("act")
    def _act(self, content: Mapping[str, Any]) -> None:
        """Play one of the student's legal actions; the engine accepts it or refuses with its reason."""
        self._my_view()
        action = Action.from_json(content.get("action"))  # RecordError in words for a garbled action
        if action.seat != self.seat:  # at a choice made together, the bots still thinking are to move too
            raise IntentError(f"that is {self._seat_name(action.seat)}'s move: you choose only for your own seat"
                              if 0 <= action.seat < self.players else "you choose only for your own seat")
        before = _seen(self.view)
        self.game.apply(action)  # IllegalAction: refused with the engine's reason, nothing changed
        index = self.moves - 1
        if _seen(self.view) == before:
            self._mine.append(index)
        else:
            self._mine.clear()
        self._hint = None
        self._resume()

    def _taken_back(self, index: int) -> tuple[StudGame, str]:
        """The deal before the student's move ``index``, and that move described."""
        record = self.game.record()
        return load_stud(record, index), Action.from_json(record.actions[index]).describe(self.game.players)

    @intent("hint")
    def _hint_intent(self, _content: Mapping[str, Any]) -> None:
        """The coach's estimate, worked out in a worker thread under a running event loop."""
        advise = partial(hint_json, self._my_view(), random.Random(f"hint:{self.game.seed}:{self.moves}"))
        self.ask_coach(advise, {"title": "The coach is thinking…", "lines": [], "values": {}}, "an estimate")

    def coach_position(self) -> tuple[object, int]:
        """The deal and its number of moves."""
        return self.game, self.moves

    @intent("new")
    def _new(self, content: Mapping[str, Any]) -> None:
        seed = parse_seed(str_field(content, "seed"))
        self._pacer.stop()
        self._start(spec_of(self.game_id).new(seed=seed, players=self.names, **self.rules_options), mine=[])
        self.notify("info", f"New deal, deal number {seed}.")
        self._resume()

    def record_file(self) -> tuple[str, Record]:
        """The file name and the record that Save offers (replay it in the PokerReplayer).

        At a choice made together the others' choices are secret until everyone has chosen, so the record
        stops before them (the student's own choice stays)."""
        record = self.game.record()
        decision = self.game.decision
        if decision is not None and decision.simultaneous:
            chosen = len(decision.seats) - len(self.game.to_move)  # the last actions are the choices made so far
            kept = record.actions[len(record.actions) - chosen:]
            record = record.with_actions([*record.actions[:len(record.actions) - chosen],
                                          *(a for a in kept if a.get("seat") == self.seat)])
        return f"{self.game_id}-deal-number-{self.game.seed}-move-{len(record.actions)}.json", record

    @intent("level")
    def _level(self, content: Mapping[str, Any]) -> None:
        self.level = bot_level(str_field(content, "level"), LEVELS)
        self._bot_level = None

    @intent("log")
    def _log(self, content: Mapping[str, Any]) -> None:
        shown = content.get("all")
        if not isinstance(shown, bool):
            raise IntentError("say whether to show the whole log (true or false)")
        self._full_log = shown


def signed_dollars(amount: int) -> str:
    """A seat's gain or loss in dollars, as the log writes money: ``+$12``, ``-$3``, ``$0``.

    >>> signed_dollars(12), signed_dollars(-3), signed_dollars(0)
    ('+$12', '-$3', '$0')
    """
    return f"{'+' if amount > 0 else '-' if amount < 0 else ''}${abs(amount)}"


BETTING_BUTTONS = tuple(kind.value for kind in (BetKind.FOLD, BetKind.CHECK, BetKind.CALL, BetKind.BRING_IN,
                                                BetKind.COMPLETE, BetKind.BET, BetKind.RAISE))
"""The betting buttons from left to right, the cheapest first (the engine lists a betting round's choices in
another order: after a bring-in, "Complete to $2" came before "Fold" and "Call $1")."""


def button_order(action: Action) -> int:
    """Where ``action``'s button goes in the row: betting choices the cheapest first (``BETTING_BUTTONS``), every
    other choice (keep, push, a declaration) where the engine lists it (``sorted`` keeps equal keys in order)."""
    kind = action.kind.value
    return BETTING_BUTTONS.index(kind) if kind in BETTING_BUTTONS else 0


def hint_json(view: Observation, rng: random.Random) -> dict[str, Any]:
    """The coach's word on the student's decision: each keep/push choice valued (``values`` by button key),
    or, in the other phases, the seat's chances if the cards were dealt out now (D-UI-11)."""
    if not view.push_choice:
        return {"title": "The coach: your chances", "lines": advice_lines(view, rng), "values": {}}
    advice = coach(view, rng=rng)
    values = {}
    for option in advice.options:
        data = option.action.to_json()
        key = f"{data['type']}-{data.get('card', '')}"
        values[key] = f"value {option.value:+.1f}, {option.equity.describe(view.rules.showdown)}"
    return {"title": "The coach: keep or push?", "lines": advice.lines(), "values": values}


def explain_split(result: Result, view: Observation) -> list[str]:
    """Plain words for each shared pot: how it was cut, and where an odd chip went and why (D-POK-06)."""
    names = view.names
    lines = []
    halves: dict[int, list[int]] = {}
    for award in result.awards:
        if award.way in ("high", "low"):
            halves.setdefault(award.pot, []).append(award.amount)
        amounts = [amount for _, amount in award.shares]
        if len(amounts) > 1 and len(set(amounts)) > 1:
            odd = [names[s] for s, a in award.shares if a == max(amounts)]
            lines.append(f"${award.amount} does not split evenly {len(amounts)} ways: the odd chip goes to "
                         f"{' and '.join(odd)}, the first winner clockwise from the dealer's left.")
    for pot, parts in halves.items():
        if len(parts) == 2 and parts[0] != parts[1]:
            where = "the pot" if pot == 0 else f"side pot {pot}"
            lines.append(f"{where.capitalize()} of ${sum(parts)} is halved between high and low: "
                         f"the odd chip goes to the high half.")
    return lines
