"""SearchBot and its play-outs: legal whole matches in every game, determinism, budgets, hidden cards, the Sim."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from rigging import play, rigged

from push_learn.cards import make_deck, parse_card, parse_cards
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN
from push_learn.rummy.bots import GreedyBot
from push_learn.rummy.engine import Discard, GoDown, Match, Push, TakeUpcard, Took
from push_learn.rummy.engine.setup import deal_hand
from push_learn.rummy.melds import Meld
from push_learn.rummy.rollout import WILD, Sim, encode
from push_learn.rummy.search_bot import SearchBot, fits, sample_world, world_sim
from push_learn.rummy.solver import best_go_down, contract_distance


@pytest.mark.parametrize("rules", [PUSH, CAP_IT, SIX_TO_TEN], ids=lambda r: r.name)
def test_search_bot_plays_whole_matches_legally(rules) -> None:
    bots = [SearchBot(budget=10.0, samples=1, candidates=2, draws=True, discards=True) if seat % 2 == 0 else GreedyBot()
            for seat in range(rules.players)]
    match = play(rules, bots, seed=3)
    assert match.over and len(match.results) == rules.deals


def test_search_bot_is_deterministic_for_a_seed() -> None:
    def actions() -> list:
        search = [SearchBot(budget=10.0, samples=2, draws=True, discards=True) for _ in range(2)]
        bots = [search[0], GreedyBot(), search[1], GreedyBot()]
        return play(PUSH, bots, seed=12, steps=60).actions

    assert actions() == actions()


def _searched_draw():
    """A first draw where GreedyBot would push, so SearchBot weighs take against push."""
    for seed in range(50):
        match = Match.new(PUSH, seed=seed)
        view = match.observe(match.turn)
        if GreedyBot().draw(view) == Push(match.turn) and TakeUpcard(match.turn) in view.legal:
            return view
    raise AssertionError("no searched draw found")


def test_search_bot_respects_its_budget_and_sample_count() -> None:
    view = _searched_draw()
    tiny = SearchBot(budget=0.0, samples=50, min_samples=1, draws=True)
    assert tiny.choose(view, random.Random(0)) in view.legal
    assert tiny.last_worlds == 1
    roomy = SearchBot(budget=10.0, samples=3, draws=True)
    assert roomy.choose(view, random.Random(0)) in view.legal
    assert roomy.last_worlds == 3


def test_search_bot_decision_depends_only_on_the_observation() -> None:
    """Two matches that differ only in cards the seat cannot see give the same view and the same choice."""
    one, two = Match.new(PUSH, seed=21), Match.new(PUSH, seed=21)
    seat = one.turn
    other = (seat + 2) % 4
    # swap an opponent's card with a stock card in the second match: hidden from ``seat``
    deal = two.deal
    deal.hands[other][0], deal.stock[0] = deal.stock[0], deal.hands[other][0]
    assert one.hand(other) != two.hand(other)
    view_one, view_two = one.observe(seat), two.observe(seat)
    assert view_one == view_two
    bot = SearchBot(budget=10.0, samples=3, draws=True, discards=True)
    assert bot.choose(view_one, random.Random(4)) == bot.choose(view_two, random.Random(4))


def _after_push(cards: str) -> Match:
    """A deal-1 Push match where the first player has pushed and now holds ``cards`` (nobody is down)."""
    return rigged(cards, "KC", pushed=True)[0]


def test_holds_back_a_contract_that_does_not_go_out() -> None:
    match = _after_push("7H 7S 7D 9C 9D 9S KH QD")
    view = match.observe(match.turn)
    action = SearchBot(search_hold=False).choose(view, random.Random(0))
    assert isinstance(action, Discard) and action.card in parse_cards("KH QD")
    assert isinstance(GreedyBot().choose(view, random.Random(0)), GoDown)
    assert isinstance(SearchBot(hold=None).choose(view, random.Random(0)), GoDown)
    assert isinstance(SearchBot(hold=1).choose(view, random.Random(0)), GoDown)


def test_goes_down_when_it_goes_out_or_its_partner_is_down() -> None:
    match = _after_push("7H 7S 7D 9C 9D 9S KH")
    assert isinstance(SearchBot(search_hold=False).choose(match.observe(match.turn), random.Random(0)), GoDown)
    match = _after_push("7H 7S 7D 9C 9D 9S KH QD")
    match.deal.down[(match.turn + 2) % 4] = True
    assert isinstance(SearchBot(search_hold=False).choose(match.observe(match.turn), random.Random(0)), GoDown)


def test_while_holding_takes_only_what_going_down_absorbs() -> None:
    _, view = rigged("7H 7S 7D 9C 9D 9S KH", "7C")
    assert SearchBot(search_hold=False).choose(view, random.Random(0)) == TakeUpcard(view.turn)
    _, view = rigged("7H 7S 7D 9C 9D 9S KH", "QC")
    assert SearchBot(search_hold=False).choose(view, random.Random(0)) == Push(view.turn)


def test_holding_ends_when_the_stock_runs_low_or_an_opponent_takes_up_cards() -> None:
    match = _after_push("7H 7S 7D 9C 9D 9S KH QD")
    view = match.observe(match.turn)
    assert isinstance(SearchBot(release_stock=view.stock, search_hold=False).choose(view, random.Random(0)), GoDown)
    bot = SearchBot(release_taken=2, search_hold=False)
    assert isinstance(bot.choose(view, random.Random(0)), Discard)
    opponent, partner = (match.turn + 1) % 4, (match.turn + 2) % 4
    takes = [Took(seat=partner, card=parse_card("5C")), Took(seat=partner, card=parse_card("5D"))]
    assert isinstance(bot.choose(replace(view, log=(*view.log, *takes)), random.Random(0)), Discard)
    takes = [Took(seat=opponent, card=parse_card("5C")), Took(seat=opponent, card=parse_card("5D"))]
    assert isinstance(bot.choose(replace(view, log=(*view.log, *takes[:1])), random.Random(0)), Discard)
    assert isinstance(bot.choose(replace(view, log=(*view.log, *takes)), random.Random(0)), GoDown)


def test_discards_the_card_that_keeps_the_contract_closest() -> None:
    """GreedyBot's ``keep_score`` drops A♣, which leaves the run two cards short; K♥ leaves it one short."""
    rules = replace(PUSH, contracts=(PUSH.contract(2),) * PUSH.deals)
    hand = "3S 3H QS 4D KH 4S 4H AC JC 2D"
    _, view = rigged(hand, "KC", rules=rules, pushed=True)
    rest = parse_cards(hand)
    rest.remove(parse_card("AC"))
    assert GreedyBot().discard(view, random.Random(0)) == Discard(view.turn, parse_card("AC"))
    assert contract_distance(rest, rules, 1) == 2
    assert SearchBot(tight=True).discard(view, random.Random(0)) == Discard(view.turn, parse_card("KH"))
    assert SearchBot(wary=0.0).discard(view, random.Random(0)) == Discard(view.turn, parse_card("AC"))
    rest = parse_cards(hand)
    rest.remove(parse_card("KH"))
    assert contract_distance(rest, rules, 1) == 1


def test_wary_discards_avoid_what_the_next_player_collects() -> None:
    match, view = rigged("7H 7S 9C 9D KS JD 4C", "5H", pushed=True)  # the pushed cards are known next door
    after = (match.turn + 1) % 4
    assert SearchBot().discard(view, random.Random(0)) == Discard(match.turn, parse_card("JD"))
    match.deal.known[after] += parse_cards("JH")
    view = match.observe(match.turn)
    assert fits(parse_card("JD"), view.known[after], view) == 1
    assert fits(parse_card("5D"), view.known[after], view) == 1
    assert fits(parse_card("JD"), parse_cards("QD 10D 2C JK"), view) == 0  # sets only in deal 1; wilds ignored
    assert SearchBot(wary=0.0).discard(view, random.Random(0)) == Discard(match.turn, parse_card("JD"))
    assert SearchBot().discard(view, random.Random(0)) == Discard(match.turn, parse_card("KS"))


def test_discard_candidates_start_with_greedys_choice() -> None:
    _, view = rigged("7H 7S 9C 9D KS QD 4C", "KC", pushed=True)
    bot = SearchBot(candidates=3)
    options = bot.discard_candidates(view, random.Random(0))
    assert options[0] == GreedyBot().discard(view, random.Random(0))
    assert len(options) == 3 and all(isinstance(option, Discard) and option in view.legal for option in options)


def test_sampled_worlds_keep_known_cards_and_sizes() -> None:
    match = play(PUSH, [GreedyBot() for _ in range(4)], seed=6, steps=30)
    view = match.observe(match.turn)
    world = sample_world(view, random.Random(1))
    assert len(world.stock) == view.stock
    everything = Counter(view.hand or ())
    for seat, hand in world.hands.items():
        assert len(hand) == view.hand_sizes[seat]
        assert not Counter(view.known[seat]) - Counter(hand)
        everything.update(hand)
    everything.update(world.stock)
    for table_meld in view.melds:
        everything.update(table_meld.meld.cards)
    if view.upcard is not None:
        everything[view.upcard] += 1
    assert everything == Counter(make_deck(2, 4))


def test_a_wild_buried_at_the_deal_may_have_been_drawn_since() -> None:
    """Late in a deal a buried wild is still in the stock only as often as the stock has not been drawn
    past its place: the sampled worlds put it in the stock sometimes and in a hidden hand other times."""
    match = Match.new(PUSH, seed=48)
    buried = match.deal.buried[0]
    while len(match.deal.stock) > 21:
        view = match.observe(match.turn)
        match.apply(Push(match.turn) if view.phase == "draw" else next(a for a in view.legal if isinstance(a, Discard)))
    view = match.observe(match.turn)
    assert buried in view.buried and view.stock == 21  # one copy is in this hand, the other unseen
    in_stock = [buried in sample_world(view, random.Random(n)).stock for n in range(300)]
    assert 0 < sum(in_stock) < 200, "neither always in the stock nor never"


# ---- the play-out simulator ----------------------------------------------------------------------


def test_encode_wilds_and_naturals() -> None:
    assert encode(parse_card("JK"), PUSH) == WILD == encode(parse_card("2H"), PUSH)
    assert encode(parse_card("7H"), PUSH) == 7 * 4 + parse_card("7H").suit.order


def test_contract_missing_counts_cards_short() -> None:
    sim = Sim(PUSH, deal=1)
    assert sim.contract_missing([encode(c, PUSH) for c in parse_cards("7H 7S 7D 9C 9D 9S")]) == 0
    assert sim.contract_missing([encode(c, PUSH) for c in parse_cards("7H 7S JK 9C 9D QS")]) == 1
    sim3 = Sim(PUSH, deal=3)  # two runs of four
    assert sim3.contract_missing([encode(c, PUSH) for c in parse_cards("3H 4H 5H 6H 9S 10S JS 2C")]) == 0
    assert sim3.contract_missing([encode(c, PUSH) for c in parse_cards("3H 4H 5H 9S 10S")]) == 3


def test_down_player_lays_off_rescues_and_goes_out() -> None:
    table = [Meld.run_of(parse_cards("5H 6H JK"), parse_card("5H").suit, 5), Meld.set_of(parse_cards("9C 9D 9S"),
                                                                                          parse_card("9C").rank)]
    hands = [parse_cards("7H 9H 4C"), parse_cards("3S 3S"), parse_cards("4D 4D"), parse_cards("5S 5S")]
    sim = Sim.start(PUSH, 1, 0, hands, parse_cards("KS KD"), parse_card("4H"), [True, False, False, False], table)
    # takes 4H (it fits the run), lays off 4H, rescues the joker with 7H, lays off 9H and the joker:
    # only the 4C is left, and discarding it goes out
    points = sim.rollout()
    assert points == [0, 20]  # North-South went out; East-West hold 3S 3S 5S 5S


@pytest.mark.parametrize("rules", [PUSH, CAP_IT, SIX_TO_TEN], ids=lambda r: r.name)
def test_rollouts_keep_every_card_and_score_the_units(rules) -> None:
    for seed in range(6):
        deal, _ = deal_hand(rules, seed, 1 + seed % rules.deals, 0)
        sim = Sim.start(rules, deal.number, deal.turn, deal.hands, deal.stock, deal.upcard, deal.down, deal.melds)
        before = sum(len(h) for h in sim.hands) + len(sim.stock) + 1
        points = sim.rollout(max_turns=500)
        table = sum(size for _, _, size in sim.sets) + sum(high - low + 1 for _, low, high, _ in sim.runs)
        after = sum(len(h) for h in sim.hands) + len(sim.stock) + table + (sim.upcard >= 0)
        assert after == before
        assert len(points) == rules.scoring_units and all(p >= 0 for p in points)


def test_forced_first_draw() -> None:
    deal, _ = deal_hand(PUSH, 2, 1, 0)
    sim = Sim.start(PUSH, 1, deal.turn, deal.hands, deal.stock, deal.upcard, deal.down, deal.melds)
    taker, pusher = sim.copy(), sim.copy()
    taker.draw(True)
    pusher.draw(False)
    receiver = (deal.turn + 1) % 4
    assert len(taker.hands[deal.turn]) == len(pusher.hands[deal.turn]) == len(deal.hands[deal.turn]) + 1
    assert len(pusher.hands[receiver]) == len(deal.hands[receiver]) + 2
    assert len(pusher.stock) == len(deal.stock) - 2


# ---- holding back: the discard while holding, the play-out search of hold against go down -----------


def test_while_holding_discards_what_the_hand_needs_least() -> None:
    """The plan's discard is the costliest spare card (K♦); holding back keeps the king pair and drops 5♣."""
    match = _after_push("7H 7S 7D 9C 9D 9S KH KD 5C")
    view = match.observe(match.turn)
    no_hold = SearchBot(search_hold=False, keep_hold=False)
    assert no_hold.choose(view, random.Random(0)) == Discard(match.turn, parse_card("KD"))
    assert SearchBot(search_hold=False).choose(view, random.Random(0)) == Discard(match.turn, parse_card("5C"))


def test_hold_or_go_down_is_chosen_by_play_outs() -> None:
    """With no margin asked, the bot picks whichever of holding and going down has the better mean play-out
    on the same sampled worlds (recomputed here from the same random numbers)."""
    chosen = set()
    for hand in ("7H 7S 7D 9C 9D 9S KH KD 5C", "7H 7S 7D 9C 9D 9S KH QD", "7H 7S 7D 9C 9D 9S 4C 8H 3D JK"):
        for seed in range(3):
            match = _after_push(hand)
            view = match.observe(match.turn)
            bot = SearchBot(samples=6, budget=10.0, margin=-1e9, confidence=-1e9)
            action = bot.choose(view, random.Random(seed))
            assert bot.last_worlds == 6
            plan = best_go_down(parse_cards(hand), view.rules, view.deal)
            plan = None if plan is None else plan.for_seat(view.turn)
            assert plan is not None
            hold, down = bot.hold_discard(view, plan), plan.table_actions[0]
            rng = random.Random(seed)
            gain = 0.0
            for _ in range(6):
                base = world_sim(view, sample_world(view, rng), hold=True, released_by=bot.released_by)
                gain += bot.play_out(view, base.copy(), down) - bot.play_out(view, base.copy(), hold)
            assert action == (down if gain > 0 else hold)
            chosen.add(type(action).__name__)
    assert chosen == {"Discard", "GoDown"}


def test_hold_search_is_deterministic_and_off_when_asked() -> None:
    match = _after_push("7H 7S 7D 9C 9D 9S KH KD 5C")
    view = match.observe(match.turn)
    bot = SearchBot(samples=8, budget=10.0)
    assert bot.choose(view, random.Random(3)) == bot.choose(view, random.Random(3))
    assert bot.last_worlds == 8
    quiet = SearchBot(search_hold=False)
    quiet.choose(view, random.Random(3))
    assert quiet.last_worlds == 0


# ---- the play-out's holding seats ------------------------------------------------------------------


def _holding_sim(hand: str, down: list[bool] | None = None, stock: int = 20) -> Sim:
    hands = [parse_cards(hand), parse_cards("3S 4D 6H"), parse_cards("3C 5D 8H"), parse_cards("4S 6D 10H")]
    sim = Sim.start(PUSH, 1, 0, hands, [parse_card("KS")] * stock, None, down or [False] * 4, ())
    sim.hold = [True, False, True, False]
    return sim


def test_a_holding_seat_goes_down_only_to_go_out() -> None:
    sim = _holding_sim("7H 7S 7D 9C 9D 9S KH KD 5C")
    assert sim.finish_turn() is None
    assert not sim.down[0] and not sim.sets and sorted(sim.hands[0]) == sorted(
        encode(c, PUSH) for c in parse_cards("7H 7S 7D 9C 9D 9S KH KD"))  # the spare 5♣ went, the kings stay
    sim = _holding_sim("7H 7S 7D 9C 9D 9S")
    assert sim.finish_turn() == 0  # going down takes it out
    sim = _holding_sim("7H 7S 7D 9C 9D 9S KH KD 5C")
    sim.hold[0] = False
    assert sim.finish_turn() is None and sim.down[0]


def test_a_holding_seat_is_released_by_a_low_stock_or_anyone_down() -> None:
    sim = _holding_sim("7H 7S 7D 9C 9D 9S KH KD 5C", stock=8)
    assert not sim.holding(0) and sim.finish_turn() is None and sim.down[0]
    sim = _holding_sim("7H 7S 7D 9C 9D 9S KH KD 5C", down=[False, True, False, False])
    sim.released_by = "anyone"
    assert not sim.holding(0)
    sim = _holding_sim("7H 7S 7D 9C 9D 9S KH KD 5C")
    assert sim.holding(0) and not sim.holding(1)


def test_holding_past_an_opponents_go_down_ends_with_the_own_side() -> None:
    """``released_by="side"``: an opponent down does not release the seat, its partner down does;
    ``"none"``: neither does (only a low stock)."""
    for down, side, none in (([False, True, False, False], True, True), ([False, False, True, False], False, True)):
        sim = _holding_sim("7H 7S 7D 9C 9D 9S KH KD 5C", down=down)
        sim.released_by = "side"
        assert sim.holding(0) is side
        sim.released_by = "none"
        assert sim.holding(0) is none
    with pytest.raises(ValueError, match='released_by must be "anyone", "side" or "none"'):
        SearchBot(released_by="partner")


def test_a_hold_past_a_go_down_leaves_the_opponents_melds_as_they_were() -> None:
    """Going down would lay 8♥ off on East's run and still leave K♦ Q♣ 5♣: the seat holds instead, and the
    trial lay-off is taken back, so the table is exactly what East laid down."""
    hands = [parse_cards("7H 7S 7D 9C 9D 9S 8H KD QC 5C"), parse_cards("3S 4D"), parse_cards("3C 5D"),
             parse_cards("4S 6D")]
    table = [Meld.run_of(parse_cards("5H 6H 7H"), parse_card("5H").suit, 5)]
    sim = Sim.start(PUSH, 1, 0, hands, [parse_card("KS")] * 20, None, [False, True, False, False], table)
    sim.hold = [True, False, True, False]
    before = [list(meld) for meld in sim.runs]
    assert sim.finish_turn() is None
    assert not sim.down[0] and sim.runs == before and not sim.sets
    assert len(sim.hands[0]) == 9


def test_search_bot_holds_past_an_opponents_go_down_when_asked() -> None:
    """``released_by="side"``: East down, North goes on holding; South (North's partner) down, North goes down."""
    match = _after_push("7H 7S 7D 9C 9D 9S KH QD")
    opponent, partner = (match.turn + 1) % 4, (match.turn + 2) % 4
    match.deal.down[opponent] = True
    view = match.observe(match.turn)
    assert isinstance(SearchBot(search_hold=False, released_by="anyone").choose(view, random.Random(0)), GoDown)
    assert isinstance(SearchBot(search_hold=False, released_by="side").choose(view, random.Random(0)), Discard)
    match.deal.down[partner] = True
    view = match.observe(match.turn)
    assert isinstance(SearchBot(search_hold=False, released_by="side").choose(view, random.Random(0)), GoDown)
