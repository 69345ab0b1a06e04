"""Property tests over random legal matches of every variant (hypothesis picks rules, seeds and players).

At every step: every card of the pack is in exactly one place, the stock is odd at each draw, a
refused action changes nothing, and observations are plain JSON. Every deal ends; scores equal the
penalties of the cards left; the record replays to the identical state.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from dataclasses import replace

from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from rummy_engine_support import pack

from push_learn.cards import make_deck
from push_learn.errors import IllegalAction
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, cap_it, six_to_ten
from push_learn.rummy.engine import (
    Action,
    DealEnded,
    Discard,
    EndReason,
    GoDown,
    LayOff,
    Match,
    NewMeld,
    Phase,
    Push,
    RandomPlayer,
    Rescue,
    TakeUpcard,
    deal_scores,
    load_match,
    observe,
    play_random_match,
    read_match_record,
)
from push_learn.rummy.melds import interpret_meld
from push_learn.rummy.rules import RummyRules
from push_learn.rummy.scoring import penalty

RULES = [
    PUSH,
    CAP_IT,
    cap_it(3),
    cap_it(6),
    SIX_TO_TEN,
    six_to_ten(3),
    six_to_ten(4),
    replace(PUSH, atomic_push=True, min_naturals_per_meld=1),
    replace(CAP_IT, pot_ante=10, pot_round_prize=4, tiebreak_on_last_deals=True),
]


def random_attempt(match: Match, rng: random.Random) -> Action:
    """An action of any kind with random contents: usually illegal, sometimes legal."""
    deal = match.deal
    hand = deal.hands[deal.turn]
    any_card = rng.choice(make_deck(1, 1))
    held = rng.choice(hand) if hand else any_card
    target = rng.randrange(len(deal.melds) + 2)
    kind = rng.randrange(7)
    if kind == 0:
        return TakeUpcard(match.turn)
    if kind == 1:
        return Push(match.turn)
    if kind == 2:
        return Discard(match.turn, rng.choice([any_card, held]))
    if kind == 3:
        return LayOff(match.turn, target, rng.choice([any_card, held]))
    if kind == 4:
        return Rescue(match.turn, target, rng.randrange(4), rng.choice([any_card, held]))
    cards = rng.sample(hand, min(3, len(hand))) if rng.random() < 0.7 else [any_card, held, held]
    readings = interpret_meld(cards, match.rules)
    meld = rng.choice(readings) if readings else None
    if meld is None:
        return Discard(match.turn, any_card)
    return NewMeld(match.turn, meld) if kind == 5 else GoDown(match.turn, (meld,))


def check_deal_end(rules: RummyRules, event: DealEnded) -> None:
    went_out = event.went_out
    assert (went_out is None) == (event.reason != EndReason.WENT_OUT.value)
    if went_out is not None:
        assert event.hands[went_out] == ()
    assert event.penalties == tuple(penalty(hand) for hand in event.hands)
    assert (event.penalties, event.scores) == deal_scores(rules, event.hands, went_out)
    for unit, score in enumerate(event.scores):
        seats = [s for s in range(rules.players) if rules.team_of(s) == unit]
        counted = went_out is None or rules.team_of(went_out) != unit
        assert score == (sum(event.penalties[s] for s in seats) if counted else 0)


@settings(max_examples=examples(24))
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 2**31), player=st.integers(0, 10_000))
def test_random_matches_keep_every_invariant(rules: RummyRules, seed: int, player: int) -> None:
    match = Match.new(rules, seed)
    bot, bot_rng = RandomPlayer(), random.Random(f"random-player:{player}")
    rng = random.Random(player)
    whole_pack = pack(rules)
    while not match.over:
        assert len(match.actions) < 20_000, "a deal did not end"
        assert Counter(match.deal.all_cards()) == whole_pack
        if match.phase is Phase.DRAW:
            assert len(match.deal.stock) % 2 == 1
        if rng.random() < 0.05:
            seat = rng.choice([None, *range(rules.players)])
            view = observe(match, seat).to_json()
            assert json.loads(json.dumps(view)) == view
            assert (view["hand"] is None) == (seat is None) and view["hands"] is None  # None: a spectator
            assert match.full_view().hands == tuple(tuple(hand) for hand in match.deal.hands)
        if rng.random() < 0.3:
            attempt = random_attempt(match, rng)
            if rng.random() < 0.2:  # the same move from another seat: refused before anything else
                other = (match.turn + rng.randrange(1, rules.players)) % rules.players
                attempt = dataclasses.replace(attempt, seat=other)
            before = match.snapshot()
            try:
                match.verify(attempt)
            except IllegalAction:
                assert not match.can(attempt)
                assert match.snapshot() == before
        for event in match.apply(bot.choose(match.observe(match.turn), bot_rng)):
            if isinstance(event, DealEnded):
                check_deal_end(rules, event)
    assert len(match.results) == rules.deals
    replayed = load_match(read_match_record(match.record().to_json()))
    assert replayed.snapshot() == match.snapshot()
    assert match.pot + sum(match.pot_shares) == rules.pot_ante * rules.players


def test_a_thousand_random_deals_end_and_score_their_cards() -> None:
    """Many whole matches of each variant (cheap checks), 5 deals each (50 seeds each: sized for CI)."""
    deals = Counter()
    for rules in (PUSH, CAP_IT, SIX_TO_TEN, six_to_ten(3)):
        for seed in range(50):
            match = play_random_match(rules, seed=seed + 1000, max_actions=20_000)
            deals[rules.name] += len(match.results)
            last = match.results[-1]
            assert Counter(card for hand in last.hands for card in hand) <= pack(rules)
            for event in match.events:
                if isinstance(event, DealEnded):
                    check_deal_end(rules, event)
    assert sum(deals.values()) >= 1000
