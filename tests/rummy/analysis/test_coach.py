"""The coach's advice and its reasons, on rigged positions of real matches."""

from __future__ import annotations

import doctest
import random
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial

import pytest
from rigging import rigged
from script_modules import load_script

from push_learn.cards import Card, Rank, Suit, make_deck, parse_card, parse_cards
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN, RummyRules
from push_learn.rummy import coach as coach_module
from push_learn.rummy.coach import (
    advise,
    contract_gap,
    discard_before_down,
    draw_advice,
    engine_reason,
    explain_illegal,
    hand_state,
    hint,
    suggestions,
    unseen_cards,
)
from push_learn.rummy.engine import Discard, GoDown, LayOff, Match, NewMeld, Observation, Push, RandomPlayer, Rescue
from push_learn.rummy.engine.events import DealEnded
from push_learn.rummy.melds import Meld
from push_learn.rummy.scoring import card_value
from push_learn.rummy.solver import best_go_down, contract_distance


def test_phrases() -> None:
    contract = PUSH.contract(3)
    assert contract_gap(2, contract) == "2 cards short of 2 runs of 4"
    assert contract_gap(1, contract) == "1 card short of 2 runs of 4"
    assert hand_state(0, contract) == "already holds 2 runs of 4"
    assert hand_state(None, contract) == "can never hold 2 runs of 4"
    failures, _ = doctest.testmod(coach_module)
    assert failures == 0


def test_unseen_cards_leave_out_what_the_seat_knows() -> None:
    _, view = rigged("7H 7S 9C", "KD")
    unseen = Counter(unseen_cards(view))
    pack = Counter(make_deck(2, 4))
    assert sum(unseen.values()) == sum(pack.values()) - 3 - 1
    assert unseen[parse_card("KD")] == 1 and unseen[parse_card("7H")] == 1


def test_take_or_push_says_what_each_gives_whom() -> None:
    _, view = rigged("7H 7S 9C 9D QS AH", "7D")
    advice = draw_advice(view, samples=20, rng=random.Random(1))
    receiver = view.names[(view.turn + 1) % 4]
    push_text = " ".join(advice.push.lines) if advice.push else ""
    assert f"gives {receiver} (an opponent) two cards: 7♦ (5 points)" in push_text
    assert "top stock card" in push_text
    take_text = " ".join(advice.take.lines)
    assert "after taking, your hand is 1 card short of 2 sets of 3 (now 2 cards short of 2 sets of 3)" in take_text
    assert "chance to go down within 3 turns: about" in take_text
    assert "meld by meld after taking: 2 sets of 3: one found (7♦ 7♥ 7♠), the other needs" in take_text
    assert advice.take.short_after == 1 and advice.short_now == 2
    assert advice.recommend == "take" and advice.take.chance is not None
    assert advice.summary.startswith("Take: 7♦ brings you 1 card closer to 2 sets of 3")


@pytest.mark.parametrize("rules", [PUSH, CAP_IT])
def test_with_one_stock_card_a_push_ends_the_deal_and_the_coach_says_so(rules: RummyRules) -> None:
    """A-R1-06: the receiver gets the up-card and the last stock card, the pusher draws nothing, the deal
    ends; the coach must not promise the pusher a fresh card, nor a chance to go down later."""
    match, _ = rigged("3C 8D JH KS 5S 9C", "AH", rules=rules)
    match.deal.stock = match.deal.stock[-1:]
    view = match.observe(match.turn)
    assert view.stock == 1 and Push(match.turn) in view.legal
    advice = draw_advice(view, samples=20, rng=random.Random(1))
    assert advice.push is not None
    push_text = " ".join(advice.push.lines)
    assert "a push now ends the deal" in push_text and "you draw nothing" in push_text
    assert "unseen card" not in push_text and advice.push.chance == 0.0
    assert "your whole hand counts (40 points)" in push_text
    assert advice.recommend == "take"
    down, _ = rigged("7H 7S 7D 9C 9D 9S KS", "AH", rules=rules, down=True)
    down.deal.stock = down.deal.stock[-1:]
    advice = draw_advice(down.observe(down.turn), samples=20, rng=random.Random(1))
    assert advice.push is not None and advice.push.points_after == 40.0
    assert "your hand then counts 40 points." in advice.push.lines


def positions_with_runs(
    rules: RummyRules, wanted: Callable[[Observation], bool], per_match: int
) -> Iterator[Observation]:
    """The mover's views that ``wanted`` accepts in two random-player matches, about a third of them at random, only
    in deals whose contract has runs (the sets-only deals have a closed form, ``_sets_distance``, that is not
    searched): ``per_match`` of each match."""
    for seed in range(2):
        match, rng = Match.new(rules, seed=seed), random.Random(seed)
        player, taken = RandomPlayer(), 0
        while not match.over and taken < per_match:
            view = match.observe(match.turn)
            if wanted(view) and any(part.kind.value == "run" for part in rules.contract(match.deal_no).melds) \
                    and rng.random() < 0.3:
                taken += 1
                yield view
            match.apply(player.choose(view, rng))


def taking_or_pushing(view: Observation) -> bool:
    """Whether the mover is to take or push an up-card, not yet down, with stock cards to spare."""
    return view.phase == "draw" and view.upcard is not None and not view.down[view.turn] and view.stock > 1


@pytest.mark.parametrize("rules", [PUSH, CAP_IT, SIX_TO_TEN])
def test_the_chances_are_those_of_asking_every_sampled_hand_turn_by_turn(rules: RummyRules) -> None:
    """The coach asks each sample only about its last hand (``coach._chance``); on real positions of random matches
    its chances are exactly those of the plain turn-by-turn count with the same draws (the baseline of
    ``benchmarks/hints.py``)."""
    plainly = load_script("benchmarks/hints.py").turn_by_turn_chance
    chances: list[float] = []
    for view in positions_with_runs(rules, taking_or_pushing, 8):
        advice = draw_advice(view, samples=12, rng=random.Random(view.deal))
        plain, hand = random.Random(view.deal), list(view.hand or ())
        distances = partial(contract_distance, rules=rules, deal=view.deal)
        assert advice.take.chance == plainly(hand, view.upcard, view, distances, 3, 12, plain)
        assert advice.push is not None
        assert advice.push.chance == plainly(hand, None, view, distances, 3, 12, plain)
        chances += [advice.take.chance, advice.push.chance]
    assert len(chances) == 32
    assert any(0 < chance < 1 for chance in chances), "no position where the samples decide"


def closest_by_exact_distances(view: Observation) -> Card:
    """The legal discard that leaves the hand least short of the contract, then the one worth most points: each
    discard's hand asked its exact distance."""
    hand = list(view.hand or ())

    def score(card: Card) -> tuple[int, int, str]:
        rest = list(hand)
        rest.remove(card)
        short = contract_distance(rest, view.rules, view.deal)
        return (99 if short is None else short, -card_value(card), card.ascii)

    return min({action.card for action in view.legal if isinstance(action, Discard)} or set(hand), key=score)


@pytest.mark.parametrize("rules", [PUSH, CAP_IT, SIX_TO_TEN])
def test_the_discard_before_going_down_is_the_one_exact_distances_choose(rules: RummyRules) -> None:
    """The coach asks each discard only whether it keeps the hand as close to the contract (a capped distance): on
    real positions of random matches, deals with runs, its choice is the one every exact distance gives."""
    compared = 0
    for view in positions_with_runs(rules, lambda view: view.phase != "draw" and not view.down[view.turn], 10):
        assert discard_before_down(view) == closest_by_exact_distances(view)
        compared += 1
    assert compared == 20


def test_on_a_tie_the_coach_recommends_neither_choice() -> None:
    _, view = rigged("3C 8D JH KS 5S 9C", "AH")
    advice = draw_advice(view, samples=30, rng=random.Random(2))
    assert advice.take.chance is not None and advice.push is not None and advice.push.chance is not None
    assert round(advice.take.chance * 100) == round(advice.push.chance * 100)  # the same figure on the page
    assert advice.recommend == "either"
    assert advice.summary == (
        "Either: A♥ does not bring you closer to 2 sets of 3, and your chance to go down within 3 turns is about 0%"
        f" whether you take or push; a push gives {view.names[(view.turn + 1) % 4]} A♥, an opponent."
    )
    assert advice.take.short_after == advice.short_now


def test_the_summary_says_what_its_percentages_mean() -> None:
    _, view = rigged("7H 7S 9C 9D QS AH", "7D")
    advice = draw_advice(view, samples=20, rng=random.Random(1))
    assert advice.recommend == "take"
    assert "your chance to go down within 3 turns is about" in advice.summary
    assert advice.summary.endswith("if you push.")


def test_six_to_ten_warns_about_the_taken_card() -> None:
    _, view = rigged("3C 8D JH KS 5S 9C 4H 4D 10C QH", "4S", rules=SIX_TO_TEN)
    advice = draw_advice(view, samples=10, rng=random.Random(3))
    assert "you may not discard 4♠ this turn." in advice.take.lines


def test_suggestions_rank_lay_offs_and_rescues_with_reasons() -> None:
    table = (
        Meld.run_of(parse_cards("5H JK 7H"), Suit.HEARTS, 5),
        Meld.set_of(parse_cards("QC QD QH"), Rank.QUEEN),
    )
    _, view = rigged("6H 8H 4C 9S", "KD", melds=table, down=True, took=True)
    moves = suggestions(view)
    owner = view.names[(view.seat + 1) % 4]
    texts = [move.reason for move in moves]
    rescue = next(move for move in moves if isinstance(move.action, Rescue))
    assert rescue.best and rescue.reason.startswith(f"put 6♥ in place of the 🃏 in {owner}'s run of hearts")
    assert "the wild comes back to your hand" in rescue.reason
    assert any(text.startswith(f"lay 8♥ off on {owner}'s run of hearts") for text in texts)
    assert moves[0].points_left <= moves[-1].points_left
    for move in moves:
        assert engine_reason(view, move.action) is None, move


def test_suggestions_before_going_down_start_with_the_contract() -> None:
    _, view = rigged("7H 7S 7D 9C 9D 9S KH", "2C", took=True)
    moves = suggestions(view)
    assert isinstance(moves[0].action, GoDown)
    assert moves[0].reason.startswith("go down with 2 sets of 3:")
    assert engine_reason(view, moves[0].action) is None


def test_suggestions_go_down_then_rescue_in_the_same_turn_and_the_engine_agrees() -> None:
    """The joker the contract cannot use yet: go down, rescue it with 6♥, lay it off on the new sevens."""
    table = (Meld.run_of(parse_cards("5H JK 7H"), Suit.HEARTS, 5),)
    match, view = rigged("9C 9D 9S 7S 7D 7C 6H", "KD", melds=table, took=True)
    moves = suggestions(view)
    owner = view.names[(view.seat + 1) % 4]
    assert [type(move.action).__name__ for move in moves] == ["GoDown", "Rescue", "LayOff"]
    assert all(move.best and move.points_left == 0 for move in moves)
    assert moves[1].reason.startswith(f"then put 6♥ in place of the 🃏 in {owner}'s run of hearts")
    assert moves[2].reason.startswith("then lay 🃏 off on your set of sevens")  # a meld laid down this turn
    for move in moves:
        match.apply(move.action)
    match.apply(Discard(match.turn, parse_card("KD")))
    ended = next(event for event in match.events if isinstance(event, DealEnded))
    assert ended.reason == "went_out" and ended.went_out == view.seat


def test_suggestions_show_a_long_go_down_plan_whole() -> None:
    """3 to K in three suits: the go-down and the three long runs after it are all listed (a plan is never cut
    at ``limit``)."""
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    match, view = rigged(" ".join(f"{rank}{suit}" for rank in ranks for suit in "CDH"), "AS", took=True)
    moves = suggestions(view, limit=2)
    assert [type(move.action).__name__ for move in moves] == ["GoDown"] + ["NewMeld"] * 3
    assert all(move.best and move.points_left == 0 for move in moves)
    for move in moves:
        match.apply(move.action)
    match.apply(Discard(match.turn, parse_card("AS")))
    ended = next(event for event in match.events if isinstance(event, DealEnded))
    assert ended.reason == "went_out" and ended.went_out == view.seat


def test_a_same_turn_rescue_keeps_the_discard_legal_where_a_2_may_not_be_discarded() -> None:
    """6-7-8-9-10: the borrowed 2♠ trades places with the hand's 2♦, never with a natural (which would leave
    the 2♠ as the only discard); the engine accepts every move of the plan."""
    table = (Meld.set_of(parse_cards("6S 6C 2S 6D"), Rank.SIX),)
    match, view = rigged("2D AC AS 9H AH 9S AD", "6H", rules=SIX_TO_TEN, melds=table, took=True)
    plan = best_go_down(view.hand or (), view.rules, view.deal, table=view.melds, taken=view.taken)
    plan = None if plan is None else plan.for_seat(view.turn)
    assert plan is not None and plan.discard is not None and plan.discard.rank is not Rank.TWO
    for action in plan.actions:
        match.apply(action)


def test_advice_when_not_down_names_the_distance_and_a_discard() -> None:
    _, view = rigged("7H 8H 4S 5S JD", "QC", took=True, seed=5)
    advice = advise(view)
    assert advice.title == "Not down yet"
    assert advice.lines[0] == "your hand is 4 cards short of 2 sets of 3, so you cannot go down yet."
    assert advice.lines[1].startswith("discard ")


def test_illegal_meld_before_going_down() -> None:
    _, view = rigged("7H 7S 7D 9C 9D 9S KH", "2C", took=True)
    attempt = NewMeld(view.turn, Meld.set_of(parse_cards("7H 7S 7D"), Rank.SEVEN))
    advice = explain_illegal(view, attempt)
    assert advice.reason == "you must go down with this deal's contract (2 sets of 3) before you meld anything else"
    assert isinstance(advice.alternative, GoDown)
    assert advice.suggestion.startswith("instead: go down with")


def test_illegal_meld_gets_the_nearest_legal_meld() -> None:
    _, view = rigged("7H 7S 7D 8D 9C KH", "2C", down=True, took=True)
    attempt = NewMeld(view.turn, Meld.set_of(parse_cards("7H 7S 8D"), Rank.SEVEN))
    advice = explain_illegal(view, attempt)
    assert advice.reason == "a set of sevens cannot hold 8♦: every natural card of a set has its rank"
    assert isinstance(advice.alternative, NewMeld)
    assert Counter(advice.alternative.meld.cards) >= Counter(parse_cards("7H 7S"))


def test_illegal_lay_off_points_to_a_meld_it_fits() -> None:
    table = (Meld.run_of(parse_cards("5H 6H 7H"), Suit.HEARTS, 5), Meld.set_of(parse_cards("KC KD KS"), Rank.KING))
    _, view = rigged("KH 3C", "4D", melds=table, down=True, took=True)
    attempt = LayOff(view.turn, 0, parse_card("KH"))
    advice = explain_illegal(view, attempt)
    assert advice.reason == "K♥ cannot be laid off on run 5♥ 6♥ 7♥"
    assert isinstance(advice.alternative, LayOff) and advice.alternative.target == 1


def test_illegal_discard_and_draw_alternatives() -> None:
    _, view = rigged("3C 8D JH KS 5S 9C 4H 4D 10C QH", "4S", rules=SIX_TO_TEN, took=True)
    advice = explain_illegal(view, Discard(view.turn, parse_card("4S")))
    assert advice.reason == "you may not discard the 4♠ you took this turn"
    assert isinstance(advice.alternative, Discard) and advice.alternative.card != parse_card("4S")
    _, view2 = rigged("3C 8D JH KS 5S 9C 4H 4D 10C QH", "4S", rules=SIX_TO_TEN)
    stuck = explain_illegal(view2, Discard(view.turn, parse_card("3C")))
    assert stuck.reason == "first draw: take the up-card or push"


def test_hint_from_a_record() -> None:
    match = Match.new(PUSH, seed=12)
    record = match.record()
    advice = hint(record, 0, samples=8)
    assert advice.title == "Take or push?"
    assert any(line.startswith("push: a push gives") for line in advice.lines)
    match.apply(Push(match.turn))
    after = hint(match.record(), 1, samples=8)
    assert after.title in ("Your moves now", "Not down yet")
    assert isinstance(Card(Rank.TWO, Suit.CLUBS), Card)
