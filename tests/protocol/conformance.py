"""One conformance suite for every game, through the one protocol (the idea of OpenSpiel's random
simulation test).

A ``Case`` tells the suite how to start one game or variant and the two things the protocol does not
say: where every card is, and how to deal again the cards one seat cannot see. Everything else goes
through ``push_learn.protocol.Game``:

- random play to the end, mixing legal actions (the game's own list and the random bot's choice) with
  candidates that are often illegal (another seat's action, an action of the right shape with other
  cards); a refusal is an ``IllegalAction`` with words and changes nothing;
- every card in exactly one place after every step (the multiset of cards never changes);
- the record replays to an identical state at the end and at a step in the middle;
- ``observe(seat)`` is identical when the cards that seat cannot see are dealt again;
- every bot level of the catalogue finishes every game.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from push_learn.cards import Card
from push_learn.errors import IllegalAction
from push_learn.games import GAMES, load_record, new_game
from push_learn.protocol import Game
from push_learn.records import Record


@dataclass(frozen=True)
class Case:
    """One game or variant for the suite."""

    id: str
    """A test id (``push``, ``push_stud-roll_your_own``)."""
    game: str
    """The catalogue id the game is started with."""
    cards: Callable[[Any], Sequence[Card]]
    """Every card wherever it is, in a fixed order (stock order included, so hidden changes show)."""
    reshuffle_hidden: Callable[[Any, int, random.Random], Any]
    """A copy of the game in which the cards ``seat`` cannot see are dealt again at random."""
    candidates: Callable[[Any, int, random.Random], list[Any]] = lambda game, seat, rng: []
    """Actions of the right shape for ``seat`` that may well be illegal (other cards, other amounts)."""
    options: dict[str, Any] = field(default_factory=dict)
    """Options passed to ``new_game`` (a variant's rules)."""
    max_steps: int = 3000
    """A bound on a game's length (a game that does not end by then fails the suite)."""
    games_per_seed: int = 1
    """Games played for each seed of the suite (more for games of a few dozen steps)."""

    def new(self, seed: int) -> Any:
        """A new game of this case."""
        return new_game(self.game, seed=seed, **self.options)


def state(case: Case, game: Any) -> tuple[Any, ...]:
    """Everything observable about ``game``: its record, every seat's and a spectator's view, every card."""
    seats = range(len(game.players))
    return (
        game.record().to_dict(),
        tuple(game.observe(seat) for seat in seats),
        game.observe(None),
        tuple(case.cards(game)),
        game.to_move,
        game.over,
    )


def _other_seat(game: Any, seat: int, rng: random.Random) -> int | None:
    others = [s for s in range(len(game.players)) if s not in game.to_move]
    return rng.choice(others) if others else None


def _reseated(action: Any, seat: int) -> Any:
    """The same action for another seat."""
    return dataclasses.replace(action, seat=seat)


def check_refused(case: Case, game: Any, action: Any) -> None:
    """``action`` must be refused in words by ``verify`` and ``apply``, changing nothing."""
    before = state(case, game)
    assert not game.can(action), f"{action!r} should not be allowed"
    try:
        game.verify(action)
    except IllegalAction as refusal:
        assert str(refusal).strip(), "a refusal must say why"
    else:
        raise AssertionError(f"verify accepted {action!r}, which can() refused")
    try:
        game.apply(action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"apply accepted {action!r}, which can() refused")
    assert state(case, game) == before, f"refusing {action!r} changed the game"


def random_play(case: Case, seed: int, illegal_share: float = 0.3) -> Iterator[Any]:
    """Play a game of ``case`` at random, checking the protocol's promises at every step.

    Yields the game after each applied action (the same object, advancing).
    """
    rng = random.Random(seed)
    game = case.new(seed)
    spec = GAMES[case.game]
    bot = spec.bots["random"]()
    pack = Counter(case.cards(game))
    for _ in range(case.max_steps):
        if game.over:
            break
        assert game.to_move, "a game that is not over must have a seat to move"
        seat = rng.choice(game.to_move)
        if rng.random() < illegal_share:
            other = _other_seat(game, seat, rng)
            legal = game.legal_actions(seat)
            if other is not None and legal:
                check_refused(case, game, _reseated(rng.choice(legal), other))
            for candidate in case.candidates(game, seat, rng):
                if game.can(candidate):
                    game.verify(candidate)
                else:
                    check_refused(case, game, candidate)
        legal = game.legal_actions(seat)
        action = rng.choice(legal) if legal and rng.random() < 0.5 else bot.choose(game.observe(seat), rng)
        assert action.seat == seat, f"the random bot for seat {seat} chose an action of seat {action.seat}"
        game.verify(action)
        game.apply(action)
        assert Counter(case.cards(game)) == pack, "a card was lost, made or moved into two places"
        yield game
    assert game.over, f"{case.id} did not end within {case.max_steps} steps"
    assert game.result is not None, "a game that is over has a result"


def check_replay(case: Case, game: Any) -> None:
    """The record replays to an identical game, also through JSON, and to an identical state midway."""
    record = game.record()
    assert isinstance(record, Record)
    assert record.game == case.game
    again = load_record(record.to_json())
    assert state(case, again) == state(case, game)
    middle = len(record.actions) // 2
    prefix = load_record(record.with_actions(record.actions[:middle]))
    replayed = load_record(prefix.record())
    assert state(case, replayed) == state(case, prefix)


def check_blind(case: Case, game: Any, rng: random.Random) -> None:
    """Each seat's observation (and a spectator's) is the same when the cards it cannot see move."""
    for seat in range(len(game.players)):
        other = case.reshuffle_hidden(game, seat, rng)
        assert other.observe(seat) == game.observe(seat), f"seat {seat}'s view depends on cards it cannot see"
        assert Counter(case.cards(other)) == Counter(case.cards(game))


def bots_finish(case: Case, seed: int) -> dict[str, int]:
    """Every bot level plays every seat of a game to its end; returns the number of steps per level."""
    spec = GAMES[case.game]
    steps: dict[str, int] = {}
    for level, make in spec.bots.items():
        game: Game[Any, Any] = case.new(seed)
        bots = [make() for _ in game.players]
        rng = random.Random(seed)
        count = 0
        while not game.over:
            assert count < case.max_steps, f"{level} bots did not finish {case.id}"
            seat = game.to_move[0]
            game.apply(bots[seat].choose(game.observe(seat), rng))
            count += 1
        steps[level] = count
    return steps
