"""What the solver leaves for the garbage collector (issue 27, D-SOL-46): no reference cycles, and memo values that
the collector stops tracking at its first look, so questions bring full collections no sooner than they must."""

from __future__ import annotations

import gc
import random
import types
from collections.abc import Iterator
from contextlib import contextmanager

from push_learn.cards import Rank, Suit, make_deck, parse_cards
from push_learn.rummy import PUSH
from push_learn.rummy.melds import Meld
from push_learn.rummy.solver import best_go_down, best_turn, contract_distance
from push_learn.rummy.solver.encoding import Ctx
from push_learn.rummy.solver.sweep import Sweep


def _ours(thing: object) -> bool:
    """Whether ``thing`` is a function or an instance of a class of push_learn's."""
    if isinstance(thing, types.FunctionType):
        return thing.__module__.startswith("push_learn")
    return type(thing).__module__.startswith("push_learn")


@contextmanager
def cycles_made() -> Iterator[list[object]]:
    """The unreachable objects the collector finds at the end of the block (saved, not freed), with the collector
    off meanwhile, so every cycle made is still there to be found."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    found: list[object] = []
    try:
        yield found
        gc.collect()
        found += gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def test_questions_leave_no_reference_cycles() -> None:
    """Cycles are freed only by a collection, which must then walk everything they hold: rank arrangements made
    by a nested function calling itself (a closure holding itself) left some 260 such objects a question."""
    rng = random.Random(4)
    deck = list(make_deck(2, 4))
    table = [Meld.run_of(parse_cards("5H JK 7H"), Suit.HEARTS, 5), Meld.set_of(parse_cards("QC QD 2S"), Rank.QUEEN)]
    with cycles_made() as found:
        for deal in range(1, 6):
            hand = rng.sample(deck, 24)
            best_go_down(hand, PUSH, deal)
            best_turn(hand, PUSH, table)
            contract_distance(hand[:12], PUSH, deal)
    assert not [thing for thing in found if _ours(thing)]


def test_leftover_uses_are_memoised_as_values_the_collector_lets_go_at_once() -> None:
    """A dict would stay tracked until a full collection, and every one promoted brings the next full collection
    closer; a value settled from shared parts is one the collector lets go, and a new sweep (as a new kind of segment
    brings) is answered with the very values the first questions settled, which cost a young collection nothing."""
    ctx = Ctx.from_rules(PUSH, (("set", 3), ("run", 4)))
    asked = [(p, rest) for p in (5, 9, 13) for rest in (1, 2)]
    first = Sweep(ctx, True, False, False, ())
    settled_first = [first.leftovers(p, rest, False, None, True) for p, rest in asked]
    # A collection may look at a tuple before the tuples inside it (its order of objects is the order it reached
    # them), so each pass is sure to let go only of the innermost level still tracked: a leftover value nests three
    # levels deep, and four passes let go of it whatever the order the other tests in this process left.
    for _ in range(4):
        gc.collect()
    assert not [value for value in settled_first if gc.is_tracked(value)]
    sweep = Sweep(ctx, True, False, False, ())
    answers = [sweep.leftovers(p, rest, False, None, True) for p, rest in asked]
    gc.collect(0)
    assert answers and all(answers)
    assert all(answer is value for answer, value in zip(answers, settled_first, strict=True))
    assert not [answer for answer in answers if gc.is_tracked(answer)]
    assert sweep.leftovers(9, 2, False, None, True) is answers[3]
