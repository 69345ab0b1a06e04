"""The tutorials' exercises: each one's right answer, asked of the rules core, and its feedback.

Every answer is worked out from its own position, built here from a seed, so a check never reads a
game that other cells of a notebook have moved on: a student may run the cells in any order, or
*Run All* first, and a right answer stays right. The notebooks only show the question; the folded
answer cell at the end of each notebook checks the right answers through ``Tutorial.confirm``.

The wrong answers listed as ``Mistake`` are the slips students make most: each gets its own words.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from push_learn.cards import JOKER, Card, parse_card, parse_cards
from push_learn.marking import Exercise, Mistake, NotRight

__all__ = ["exercises"]


# 01 · Cards and melds ------------------------------------------------------------------------------


def _seat_number_mistakes(seat: int) -> tuple[Mistake, Mistake]:
    """The two ways to name the right seat (index ``seat`` in code) by a number instead of its name: the name's
    number (``seat + 1``) and the code's index (``seat``), each answered in words.

    >>> [m.answer for m in _seat_number_mistakes(2)]
    [3, 2]
    """
    return (Mistake(seat + 1, 'Right seat, but answer with its name in quotes, like "Seat 1".'),
            Mistake(seat, f"{seat} is that seat's number in code, counted from 0: answer with its name, "
                          'like "Seat 1".'))


def _is_meld(text: str) -> bool:
    from push_learn.rummy import PUSH, interpret_meld

    return bool(interpret_meld(parse_cards(text), PUSH))


def _contract_4() -> tuple[int, int]:
    from push_learn.rummy import PUSH

    return PUSH.hand_size(4), len(PUSH.contract(4).melds)


def _tutorial_01() -> dict[int, Exercise]:
    return {
        1: Exercise(
            lambda: _is_meld("9C 9D 9C"),
            hint="Look closely at the suits.",
            right="9♣ appears twice, and a set needs different suits.",
            mistakes=(Mistake(True, "Three nines, yes, but read the suits one by one."),),
        ),
        2: Exercise(
            lambda: _is_meld("JH QH KH AH"),
            hint="Where may an ace sit in a run?",
            right="The ace may sit above the king.",
            mistakes=(Mistake(False, "An ace may end a run at the top (Q-K-A) or start it at the bottom (A-2-3)."),),
        ),
        3: Exercise(
            lambda: parse_card("10C"),
            hint="A run has no gaps.",
            right="8♣ 9♣ 10♣ J♣ is a run.",
            mistakes=(
                Mistake("7C", "That card would go below the 8♣, but the gap is in the middle."),
                Mistake("QC", "That card would go above the J♣, but the gap is in the middle."),
            ),
        ),
        4: Exercise(
            _contract_4,
            hint="Look at the table of deals above.",
            right="Nine cards, three sets of three.",
            mistakes=(Mistake((3, 9), "The right numbers, the other way round: first the cards, then the sets."),),
        ),
    }


# 02 · Wild cards and rescues -------------------------------------------------------------------------


def _readings(text: str) -> int:
    from push_learn.rummy import PUSH, interpret_meld

    return len(interpret_meld(parse_cards(text), PUSH))


def _stands_for() -> Any:
    from push_learn.rummy import PUSH, interpret_meld

    return interpret_meld(parse_cards("9D 2S JD"), PUSH)[0].stands_for(1)


def _nines_rescuers() -> list[Card]:
    from push_learn.cards import Rank
    from push_learn.rummy import PUSH, Meld, rescue_options

    nines = Meld.set_of(parse_cards("9H 9S JK"), Rank.NINE)
    return [card for card in parse_cards("9S 9C 9D KD") if rescue_options(nines, card, PUSH)]


def _two_is_wild() -> bool:
    from push_learn.rummy import PUSH, interpret_meld

    return bool(interpret_meld(parse_cards("5H 2H 7H"), PUSH)[0].wild_positions)


def _joker_layoffs() -> int:
    from push_learn.rummy import PUSH, interpret_meld, layoff_options

    return len(layoff_options(interpret_meld(parse_cards("10C JC QC"), PUSH)[0], JOKER, PUSH))


def _longest_run_after_6h() -> int:
    from push_learn.rummy import PUSH, interpret_meld, layoff_options

    low = interpret_meld(parse_cards("3H 4H 5H"), PUSH)[0]
    high = interpret_meld(parse_cards("7H 8H 9H 10H"), PUSH)[0]
    grown = layoff_options(low, parse_card("6H"), PUSH)[0]
    return max(len(meld.cards) for meld in (grown, high))


def _tutorial_02() -> dict[int, Exercise]:
    return {
        1: Exercise(
            _stands_for,
            hint="A run is all one suit, with no gaps.",
            right="9♦ 10♦ J♦: the 2♠ is the 10♦.",
            mistakes=(Mistake("2S", "That is the card on the table; which card does it stand for?"),),
        ),
        2: Exercise(
            lambda: _readings("8C JK JK"),
            hint="Where can the 8♣ sit in a run of three?",
            right="A set of eights, and three runs: 6-7-8♣, 7-8-9♣ and 8-9-10♣.",
            mistakes=(
                Mistake(3, "Those could be the runs; don't forget that the three cards can also be a set."),
                Mistake(1, "A set is one way; the 8♣ can also sit in three different runs of clubs."),
            ),
        ),
        3: Exercise(
            lambda: _readings("JK JK JK JK"),
            hint="Count as above: first the sets, then the places for a run of four in one suit.",
            right="12 sets (no set of twos) and 4 suits × 11 runs of four = 56.",
            mistakes=(
                Mistake(60, "That is the count for three jokers; a run of four fits in fewer places."),
                Mistake(44, "Those are the runs; add the sets."),
                Mistake(57, "A set of twos does not exist: a 2 in a set is always wild."),
                Mistake(12, "Those are the sets; add the runs."),
            ),
        ),
        4: Exercise(
            _nines_rescuers,
            unordered=True,
            hint="A set may not hold two cards of one suit.",
            right="9♠ cannot join: the set has a spade already.",
            mistakes=(Mistake("9S 9C 9D", "One of these cannot take the joker's place: which suits are in the set?"),),
        ),
        5: Exercise(
            _two_is_wild,
            hint="Is the 2♥ in its own place here?",
            right="The 2♥ sits in the place of the 6♥, so there it is wild, and the 6♥ can rescue it.",
            mistakes=(Mistake(False, "A 2 is a plain two only in its own place, between the ace and the 3."),),
        ),
        6: Exercise(
            _joker_layoffs,
            hint="A run can grow at the bottom and at the top.",
            right="As the 9♣ or as the K♣.",
            mistakes=(Mistake(1, "A run can grow at either end: the joker can choose."),),
        ),
        7: Exercise(
            _longest_run_after_6h,
            hint="Laying off adds one card to one meld.",
            right="3♥ to 6♥ is four cards, and 7♥ to 10♥ stays a separate run of four.",
            mistakes=(
                Mistake(8, "Together they would make 3♥ to 10♥, but runs on the table are never joined."),
                Mistake(5, "The 6♥ went on the first run, 3♥ 4♥ 5♥; the other run keeps its four cards."),
            ),
        ),
    }


# 03 · Push or take ----------------------------------------------------------------------------------


def _known_to_west() -> list[Card]:
    from push_learn.rummy import PUSH
    from push_learn.rummy.engine import Match, Push, observe

    match = Match.new(PUSH, seed=7)
    match.apply(Push(match.turn))
    return list(observe(match, 0).known[3])


def _seed_56_view() -> Any:
    from push_learn.rummy import PUSH
    from push_learn.rummy.engine import Match, observe

    return observe(Match.new(PUSH, seed=56), 0)


def _take_helps_56() -> bool:
    from push_learn.rummy import PUSH
    from push_learn.rummy.solver import contract_distance

    view = _seed_56_view()
    with_upcard = contract_distance([*view.hand, view.upcard], PUSH, 1)
    without = contract_distance(view.hand, PUSH, 1)
    return with_upcard is not None and without is not None and with_upcard < without


def _coach_56() -> str:
    from push_learn.rummy.coach import draw_advice

    return str(draw_advice(_seed_56_view(), rng=random.Random(0)).recommend)


def _pushes_in_deal_1() -> int:
    from push_learn.rummy import PUSH

    return (PUSH.stock_size(1) - 1) // 2


def _cap_it_5_stock() -> int:
    from push_learn.rummy import cap_it

    return cap_it(5).stock_size(1)


def _six_to_ten_last_push() -> bool:
    from push_learn.rummy import SIX_TO_TEN

    return SIX_TO_TEN.push_on_last_stock_card


def _stock_seed_48() -> int:
    from push_learn.rummy import PUSH
    from push_learn.rummy.engine import Match, observe

    return observe(Match.new(PUSH, seed=48), None).stock


def _tutorial_03() -> dict[int, Exercise]:
    return {
        1: Exercise(
            _known_to_west,
            unordered=True,
            hint="Read the push line again.",
            right="The up-card 10♣ and the stock card 5♦.",
            mistakes=(Mistake("10S", "The 10♠ is the card South drew: only South saw it."),),
        ),
        2: Exercise(
            _take_helps_56,
            hint="Look for two sets of three; remember the wild cards.",
            right="With the J♦ North holds J♠ J♦ 🃏 and A♥ A♣ 2♣: two sets, and can go down at once.",
            mistakes=(Mistake(False, "North holds two wild cards: with one more jack, what could they make?"),),
        ),
        3: Exercise(
            _coach_56,
            hint="Exercise 2 already told you a lot!",
            right="With the J♦ North can go down at once.",
            accept=("take the up-card", "take it"),
            mistakes=(Mistake("push", "Pushing gives the J♦ away; would it help North?"),),
        ),
        4: Exercise(
            _pushes_in_deal_1,
            hint="Each push takes two cards, and one card is left at the end.",
            right="(83 - 1) / 2 = 41 pushes.",
            mistakes=(
                Mistake(42, "83 / 2 is 41.5, but one card always stays in the stock: take it away first."),
                Mistake(83, "Each push uses two stock cards, not one."),
                Mistake(82, "Each push uses two stock cards, not one."),
            ),
        ),
        5: Exercise(
            _cap_it_5_stock,
            hint="3 × 52 + 6, minus the hands, minus the up-card.",
            right="162 - 5 × 10 - 1 = 111.",
            mistakes=(
                Mistake(112, "Don't forget the up-card, turned over after the deal."),
                Mistake(105, "Count the six jokers in the pack too."),
            ),
        ),
        6: Exercise(
            _six_to_ten_last_push,
            hint="See notebook 06, or the paragraph above.",
            right="With one stock card left you must take.",
            mistakes=(Mistake(True, "That is so in Push and Cap-It, but 6-7-8-9-10 is stricter."),),
        ),
        7: Exercise(
            _stock_seed_48,
            hint="Where did the two wild cards go?",
            right="83, as in every first deal of Push: the buried wilds went back into the stock.",
            mistakes=(
                Mistake(81, "The two wild cards were not put aside: they went back into the stock."),
                Mistake(82, "The wild cards went back into the stock, so no card is missing from it."),
            ),
        ),
    }


# 04 · Going out and scoring ---------------------------------------------------------------------------


def _penalty(text: str) -> int:
    from push_learn.rummy import penalty

    return penalty(parse_cards(text))


def _added(game: str, hands: Sequence[str], went_out: int | None, unit: int) -> int:
    from push_learn.rummy import CAP_IT, PUSH
    from push_learn.rummy.engine import deal_scores

    rules = PUSH if game == "push" else CAP_IT
    return deal_scores(rules, [parse_cards(hand) for hand in hands], went_out=went_out)[1][unit]


def _we_or_they() -> str:
    from push_learn.rummy import PUSH
    from push_learn.rummy.engine import winners

    rows = [(0, 40), (120, 0), (0, 60), (180, 0), (0, 180)]
    return ("WE", "THEY")[winners(PUSH, rows)[0]]


def _pot_left() -> int:
    """Four players ante 20, the prize is 10: deals 2 and 5 end with a stock-out, the others with somebody out."""
    from push_learn.rummy import cap_it
    from push_learn.rummy.engine.scores import pot_payout

    rules = replace(cap_it(4), pot_ante=20, pot_round_prize=10)
    pot = rules.pot_ante * rules.players
    for went_out in (0, None, 1, 2, None):
        pot -= pot_payout(rules, pot, went_out)
    return pot


def _tutorial_04() -> dict[int, Exercise]:
    spare = ("QS QD", "", "2H 5C", "AC")
    return {
        1: Exercise(
            lambda: _penalty("KH 7S AD JK 3C"),
            hint="Wild cards are the most expensive cards to hold.",
            right="10 + 5 + 15 + 20 + 5.",
            mistakes=(
                Mistake(35, "The joker counts too: a wild card left in the hand costs 20."),
                Mistake(50, "An ace costs 15, not 10."),
            ),
        ),
        2: Exercise(
            lambda: _added("push", spare, 1, 0),
            hint="North and South are partners: add both hands.",
            right="(10 + 10) + (20 + 5).",
            mistakes=(
                Mistake(20, "That is North's hand alone; the partners' hands are added together."),
                Mistake(25, "That is South's hand alone; the partners' hands are added together."),
                Mistake(60, "West's ace counts for East-West, not for North-South."),
            ),
        ),
        3: Exercise(
            lambda: _added("push", ("QS QD", "4D", "2H 5C", "AC"), None, 1),
            hint="Nobody went out, so every card counts.",
            right="East's 5 plus West's 15.",
            mistakes=(
                Mistake(15, "East's 4♦ counts too: after a stock-out every card counts."),
                Mistake(65, "Each team adds only its own two hands."),
            ),
        ),
        4: Exercise(
            _we_or_they,
            hint="Points are bad news: the lowest total wins.",
            right="THEY finish on 280, WE on 300.",
            accept=("they win",),
            mistakes=(Mistake("WE", "WE have more points, and points count against you."),),
        ),
        5: Exercise(
            lambda: _added("cap-it", ("10C 10D", "", "2S", "5H 6H 7H AS"), 1, 3),
            hint="Add only Player 4's own cards.",
            right="5 + 5 + 5 + 15.",
            mistakes=(
                Mistake(80, "In Cap-It each player adds only their own hand."),
                Mistake(25, "An ace costs 15, not 10."),
            ),
        ),
        6: Exercise(
            _pot_left,
            hint="Start from 4 × 20; which deals pay the prize?",
            right="80 in the pot, 3 prizes of 10 paid, 50 left for the winner.",
            mistakes=(
                Mistake(30, "A deal that ends with the stock running out pays no prize: it stays in the pot."),
                Mistake(80, "Whoever goes out in a deal takes the prize from the pot."),
                Mistake(10, "The pot starts with four antes of 20."),
            ),
        ),
    }


# 05 · A whole deal, step by step ----------------------------------------------------------------------


def _seed_1_after(moves: int) -> Any:
    """Seed 1 of Push after the first ``moves`` of notebook 05 (push, discard 8♠, push, discard 7♣)."""
    from push_learn.rummy import PUSH
    from push_learn.rummy.engine import Discard, Match, Push

    match = Match.new(PUSH, seed=1)
    script = [Push(0), Discard(0, parse_card("8S")), Push(1), Discard(1, parse_card("7C"))]
    for action in script[:moves]:
        match.apply(action)
    return match


def _deal_1_moves() -> int:
    from push_learn.rummy.engine import RandomPlayer

    match = _seed_1_after(4)
    player, rng = RandomPlayer(), random.Random("random-player:1")
    while match.deal_no == 1:
        match.apply(player.choose(match.observe(match.turn), rng))
    return len(match.actions)


def _who_goes_out(moves: Any) -> str:
    """Play ``moves`` on a fresh copy of seed 52; the name of whoever went out."""
    from push_learn.rummy import PUSH
    from push_learn.rummy.engine import IllegalAction, Match
    from push_learn.rummy.engine.actions import Action

    if not isinstance(moves, list | tuple) or not all(isinstance(move, Action) for move in moves):
        raise NotRight("the answer is a list of moves, like the one in the text above")
    game = Match.new(PUSH, seed=52)
    for move in moves:
        try:
            game.apply(move)
        except IllegalAction as refusal:
            raise NotRight(f"the referee refused '{move}': {refusal}") from refusal
    if not game.results or game.results[0].went_out is None:
        raise NotRight("the referee accepted those moves, but nobody has gone out yet")
    return game.names[game.results[0].went_out]


def _tutorial_05() -> dict[int, Exercise]:
    return {
        1: Exercise(
            lambda: _seed_1_after(1).observe(0).stock,
            hint="One card went to East, one to North.",
            right="83 - 2 = 81.",
            mistakes=(Mistake(82, "A push takes two stock cards: one goes to East with the 3♠, one to North."),),
        ),
        2: Exercise(
            lambda: _seed_1_after(3).observe(2).hand_sizes[2],
            hint="A push gives the next player two cards.",
            right="6 + 8♠ + 🃏.",
            mistakes=(Mistake(7, "The push gave South the up-card and the stock card: two cards."),),
        ),
        3: Exercise(
            _deal_1_moves,
            hint="Every move is kept in match.actions: try len(match.actions).",
            right="Our 4 moves and 88 by the random players.",
            mistakes=(Mistake(88, "That is the random players' share: count our four moves too."),),
        ),
        4: Exercise(
            lambda: (lambda match: match.names[match.turn])(_seed_1_after(4)),
            hint="Four moves: two turns of a push and a discard.",
            right="North and East have each pushed and discarded.",
            mistakes=(Mistake("West", "Seats go clockwise: North, East, South, West."),),
        ),
        5: Exercise(
            lambda: "East",
            reader=_who_goes_out,
            hint="Take the 7♠: tens and sevens, with the 2♣ as a wild.",
            right="Take, go down with two sets, discard the Q♥.",
        ),
    }


# 06 · The variants --------------------------------------------------------------------------------------


def _may_not_discard() -> list[Card]:
    from push_learn.rummy import SIX_TO_TEN
    from push_learn.rummy.engine import Match, TakeUpcard

    game = Match.new(SIX_TO_TEN, seed=1)
    game.apply(TakeUpcard(game.turn))
    allowed = game.legal_discards()
    return [card for card in set(game.hand(game.turn)) if card not in allowed]


def _six_to_ten_stock_seed_16() -> int:
    from push_learn.rummy import SIX_TO_TEN
    from push_learn.rummy.engine import Match

    return Match.new(SIX_TO_TEN, seed=16).observe(None).stock


def _tutorial_06() -> dict[int, Exercise]:
    from push_learn.rummy import CAP_IT, SIX_TO_TEN, cap_it, interpret_meld

    return {
        1: Exercise(
            lambda: CAP_IT.contract(5).card_count,
            hint="Add the two lengths.",
            right="3 + 7 = 10 cards.",
            mistakes=(Mistake(2, "That is how many melds; how many cards do they hold together?"),),
        ),
        2: Exercise(
            lambda: bool(interpret_meld(parse_cards("AD 2D 3D 4D"), SIX_TO_TEN)),
            hint="Where may the ace sit here?",
            right="The ace is high only in 6-7-8-9-10. In Push it is a fine run.",
            mistakes=(Mistake(True, "In Push, yes; but in 6-7-8-9-10 the ace is high only."),),
        ),
        3: Exercise(
            _may_not_discard,
            unordered=True,
            hint="Look for a wild card, and for the card just taken.",
            right="Never a 2, and not the 8♥ taken this turn.",
        ),
        4: Exercise(
            lambda: SIX_TO_TEN.stock_size(1),
            hint="52 cards, minus the hands, minus the up-card.",
            right="52 - 2 × 10 - 1 = 31.",
            mistakes=(Mistake(32, "Don't forget the up-card."),),
        ),
        5: Exercise(
            lambda: cap_it(5).deck_size,
            hint="Five or six players need a third pack, with two more jokers.",
            right="Three packs and six jokers: 3 × 52 + 6.",
            mistakes=(
                Mistake(156, "Three packs, yes, and six jokers with them."),
                Mistake(108, "That is the pack for three or four players."),
            ),
        ),
        6: Exercise(
            _six_to_ten_stock_seed_16,
            hint="Where did the two 2s go?",
            right="31, as in every deal for two: the twos went back into the stock.",
            mistakes=(
                Mistake(29, "The two 2s were not put aside: they were shuffled back into the stock."),
                Mistake(30, "The 2s went back into the stock, so no card is missing from it."),
            ),
        ),
    }


# 07 · Play against bots -----------------------------------------------------------------------------------


def _play_out(seed: int, bots: Sequence[Any]) -> Any:
    from push_learn.rummy import PUSH
    from push_learn.rummy.engine import Match

    match, rng = Match.new(PUSH, seed=seed), random.Random(seed)
    while not match.over:
        seat = match.turn
        match.apply(bots[seat].choose(match.observe(seat), rng))
    return match


def _greedy_first_52() -> str:
    from push_learn.rummy import PUSH
    from push_learn.rummy.bots import GreedyBot
    from push_learn.rummy.engine import Match, Push

    first = Match.new(PUSH, seed=52)
    choice = GreedyBot().choose(first.observe(first.turn), random.Random(0))
    return "push" if isinstance(choice, Push) else "take"


def _duel_winner() -> str:
    from push_learn.rummy.bots import GreedyBot, RandomBot

    duel = _play_out(11, [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()])
    return str(duel.units[duel.winners[0]])


def _simple_draw_rule_7() -> str:
    """Notebook 07's ``MyBot.draw`` rule, as printed there, for South's first decision with seed 7."""
    from push_learn.cards import Rank
    from push_learn.rummy import PUSH
    from push_learn.rummy.engine import Match

    match = Match.new(PUSH, seed=7)
    view = match.observe(match.turn)
    up, hand = view.upcard, view.hand or ()
    assert up is not None, "a turn starts with an up-card"
    useful = up.rank is None or up.rank == Rank.TWO or any(card.rank == up.rank for card in hand)
    return "take" if useful else "push"


def _tutorial_07() -> dict[int, Exercise]:
    return {
        1: Exercise(
            _greedy_first_52,
            hint="Look at the hand and the up-card: does it help?",
            right="The 7♠ makes a set of sevens with 7♦ and 2♣: it brings the contract closer.",
            accept=("take the up-card",),
            mistakes=(Mistake("push", "The 7♠ goes with the 7♦ and the 2♣: would the greedy bot give it away?"),),
        ),
        2: Exercise(
            _duel_winner,
            hint="The lowest total wins.",
            right="The greedy bots went out in every deal: 0 points against 1190.",
            accept=("north south", "north and south", "ns", "n-s"),
            mistakes=(Mistake("East-West", "East-West have the most points, and points count against you."),),
        ),
        3: Exercise(
            _simple_draw_rule_7,
            hint="Is the up-card wild, or does its rank match a card in the hand?",
            right="No 10 in South's hand and the 10♣ is not wild, so this simple rule pushes.",
            accept=("push it",),
            mistakes=(Mistake("take", "The rule takes only a wild card or a card whose rank is already in the hand."),),
        ),
    }


# 08 · Push poker ------------------------------------------------------------------------------------------


def _stud_after_push() -> Any:
    from push_learn.poker import Action, PushStudGame, push_stud_rules

    game = PushStudGame(push_stud_rules(players=5), seed=1)
    game.apply(Action.keep(1))
    game.apply(Action.push(2))
    return game


def _next_offer() -> str:
    view = _stud_after_push().observe(3)
    return str(view.names[view.pass_to])


def _which_wins(first: str, second: str, low: bool = False) -> str:
    """ "first" or "second": which of two five-card hands wins, high (or ace-to-five low)."""
    from push_learn.poker import evaluate_high, evaluate_low
    from push_learn.poker.compare import explain

    read = evaluate_low if low else evaluate_high
    return "first" if explain(read(parse_cards(first)), read(parse_cards(second))).order > 0 else "second"


def _most_in_round(round_no: int) -> int:
    """The most one player can put in during betting round ``round_no`` of Push stud: a bet and every raise."""
    from push_learn.poker import push_stud_rules

    limits = push_stud_rules(players=5).limits
    return limits.bet_size(round_no) * limits.max_bets


def _ryo_down_after_turn_up() -> int:
    """Roll Your Own, seed 5, four random players: face-down cards of the first seat to turn one up, afterwards."""
    from push_learn.poker import Phase, PushStudGame, RandomBot, push_stud_rules

    game = PushStudGame(push_stud_rules(players=4, roll_your_own=True), seed=5)
    bot, rng = RandomBot(), random.Random(3)
    while (view := game.observe(game.to_move[0])).phase is not Phase.EXPOSE:
        game.apply(bot.choose(view, rng))
    game.apply(view.legal[0])
    assert view.seat is not None
    return len(game.observe(view.seat).seats[view.seat].down)


def _high_half(pot: int) -> int:
    """The high half of a hi-lo pot of ``pot`` chips, one high and one low declarer."""
    from push_learn.poker import Direction, Pot, ShowdownMode
    from push_learn.poker.showdown import settle

    awards = settle([Pot(pot, (0, 1))], ShowdownMode.HI_LO_DECLARE, high={0: 2, 1: 1}, low={0: 1, 1: 2},
                    order=[0, 1], declared={0: Direction.HIGH, 1: Direction.LOW})
    return next(award.amount for award in awards if award.way == "high")


def _tutorial_08() -> dict[int, Exercise]:
    from push_learn.poker import ROLL_YOUR_OWN, Direction, evaluate_high, push_stud_rules

    return {
        1: Exercise(
            lambda: evaluate_high(parse_cards("9S 9D 5C QH 2S")).category,
            hint="Count the cards of each rank.",
            right="A pair of nines.",
            accept=("one pair", "pair of nines", "one pair of nines"),
            mistakes=(
                Mistake("two pair", "Count again: only one rank appears twice."),
                Mistake("straight", "A straight needs five ranks in a row; here one rank appears twice."),
                Mistake("high card", "Two cards share a rank here."),
            ),
        ),
        2: Exercise(
            lambda: _which_wins("KH KD 7S 7C 2D", "QS QH QC 4D 3S"),
            hint="Find each hand's kind first; the kind decides before any rank does.",
            right="Three of a kind ranks above two pair, whatever the ranks.",
            accept=("the second", "second hand", "the second hand", "queens", "three queens"),
            mistakes=(
                Mistake("first", "Two pairs are more pairs, but three of a kind is rarer and ranks above two pair."),
            ),
        ),
        3: Exercise(
            lambda: _most_in_round(3),
            hint="From round 3 every bet and raise is the big bet; a round allows a bet and three raises.",
            right="The big bet, $4, four times: a bet and three raises make $16.",
            mistakes=(
                Mistake(8, "That is with the small bet of $2; round 3 plays the big bet."),
                Mistake(4, "That is one bet; three raises may follow it."),
                Mistake(12, "A bet and three raises are four bets of $4, not three."),
            ),
        ),
        4: Exercise(
            lambda: _stud_after_push().observe(2).seats[2].stack,
            hint="The ante, then the price of the push.",
            right="200 - 1 - 10 = 189.",
            mistakes=(
                Mistake(190, "The push cost 10, and everyone paid an ante of 1 first."),
                Mistake(199, "The push cost 10 as well as the ante."),
            ),
        ),
        5: Exercise(
            _next_offer,
            hint="Offers go round to the left, and the dealer is Seat 1.",
            right="After Seat 4 comes Seat 5; the dealer, Seat 1, is offered a card last.",
            accept=("seat5",),
            mistakes=(
                *_seat_number_mistakes(4),
                Mistake("Seat 4", "Seat 4 is the one pushing: the card goes on to the next seat."),
                Mistake("Seat 1", "Seat 1 is the dealer, who is offered a card last: who sits before the dealer?"),
            ),
        ),
        6: Exercise(
            lambda: push_stud_rules(substitution=True).betting_rounds,
            hint="One after each push round, and one more.",
            right="Four, plus one after the swaps.",
            mistakes=(Mistake(4, "That is plain Push stud: the swaps bring one more betting round."),),
        ),
        7: Exercise(
            lambda: ROLL_YOUR_OWN.push_price,
            hint="Look at the table of the relatives.",
            right="Pushing is free in Roll Your Own.",
            mistakes=(Mistake(10, "That is the price in Push stud."),),
        ),
        8: Exercise(
            _ryo_down_after_turn_up,
            hint="The turn-up rule keeps the same number of face-down cards all deal long.",
            right="Always exactly one: each new card face down means one old one turned up.",
            mistakes=(
                Mistake(2, "That is just before the turn-up: the new card makes two, and one of them goes face up."),
                Mistake(0, "The last face-down card stays hidden: it is the hole card."),
            ),
        ),
        9: Exercise(
            lambda: _which_wins("8S 7D 6C 3H 2S", "7C 6D 5H 4S 3C", low=True),
            hint="Read each low from its highest card down; straights do not count against a low.",
            right="7-6 low beats 8-7 low: the highest card is lower. The straight does not spoil it.",
            accept=("the second", "second hand", "the second hand"),
            mistakes=(
                Mistake("first", "The second hand is a straight, but in ace-to-five low straights do not count: "
                                 "compare the highest cards, 8 and 7."),
            ),
        ),
        10: Exercise(
            lambda: _high_half(21),
            hint="Half of 21 is not a whole number of chips: which half gets the odd one?",
            right="The odd chip goes to the high half: $11 high, $10 low.",
            mistakes=(Mistake(10, "That is the low half: the odd chip goes to the high hand."),),
        ),
        11: Exercise(
            lambda: Direction.BOTH.value,
            hint="One chip for low, two for high...",
            right="Three chips: low and high together.",
            mistakes=(
                Mistake(2, "Two chips declare high only."),
                Mistake(1, "One chip declares low only."),
            ),
        ),
    }


# 09 · Three-card games --------------------------------------------------------------------------------------


def _winner(ranking_name: str) -> list[Card]:
    from push_learn.poker import BRAG, THREE_CARD_POKER, compare_hands

    ranking = BRAG if ranking_name == "brag" else THREE_CARD_POKER
    first, second = parse_cards("AS 2S 3S"), parse_cards("AH KH QH")
    return first if compare_hands(first, second, ranking) > 0 else second


def _flush_or_better() -> int:
    from push_learn.poker import BRAG, category_counts

    counts = list(category_counts(BRAG).items())  # best kind first
    names = [name for name, _count in counts]
    return sum(count for _name, count in counts[: names.index("flush") + 1])


def _worst_table() -> str:
    from push_learn.poker import PAIR_PLUS_TABLES, pair_plus_edge

    return max(PAIR_PLUS_TABLES, key=lambda name: pair_plus_edge(PAIR_PLUS_TABLES[name]))


def _brag_after(moves: int) -> Any:
    """Notebook 09's brag hand (three players, seed 1) after its first ``moves`` moves."""
    from push_learn.poker import BragGame, BragRules
    from push_learn.poker.brag import Bet, BragAction, Fold, Look

    game = BragGame(BragRules(players=3), seed=1)
    script: list[BragAction] = [Bet(1, 2), Look(2), Bet(2, 4), Fold(0), Bet(1, 2)]
    for move in script[:moves]:
        game.apply(move)
    return game


def _open_minimum() -> int:
    span = _brag_after(2).bet_range(2)
    assert span is not None
    return int(span[0])


def _open_may_see_blind() -> bool:
    from push_learn.poker.brag import See

    return bool(_brag_after(5).can(See(2)))


def _cover_tie_winner() -> str:
    """Notebook 09's covering hand: Seat 2 covers with K-9-4 against Seat 3's K-9-4; who takes the pot (its name)."""
    from push_learn.poker import BragGame, BragRules, pack_dealing
    from push_learn.poker.brag import Bet, BragAction, Cover, Fold, Look

    pack = pack_dealing(["8H 6D 2C", "KS 9D 4C", "KH 9C 4S"], dealer=0)
    game = BragGame(BragRules(players=3, starting_stack=30), seed=1, pack=pack)
    script: list[BragAction] = [Look(1), Bet(1, 10), Look(2), Bet(2, 10), Fold(0), Bet(1, 10), Bet(2, 15), Cover(1)]
    for move in script:
        game.apply(move)
    (award,) = game.results[0].awards
    return str(game.players[award.seat])


def _tcp_net(player: str, dealer: str, ante: int) -> int:
    """The player's net result with ``ante`` (and an equal Play bet) against the dealer's hand."""
    from push_learn.poker import THREE_CARD_POKER, ThreeCardPokerRules, evaluate_three_card
    from push_learn.poker.three_card_poker import settle_seat

    mine, theirs = evaluate_three_card(player, THREE_CARD_POKER), evaluate_three_card(dealer, THREE_CARD_POKER)
    return settle_seat(0, mine, theirs, ante, 0, True, ThreeCardPokerRules()).net


def _tutorial_09() -> dict[int, Exercise]:
    from push_learn.poker import ante_analysis

    return {
        1: Exercise(
            lambda: _winner("brag"),
            unordered=True,
            hint="Both are running flushes. Which run is the top one in brag?",
            right="A-2-3 is the top run in brag.",
            mistakes=(Mistake("AH KH QH", "That is the top in Three Card Poker; brag has its own top run."),),
        ),
        2: Exercise(
            lambda: _winner("casino"),
            unordered=True,
            hint="In the casino game the ace counts low in A-2-3.",
            right="A-K-Q is the top straight flush in the casino game.",
            mistakes=(Mistake("AS 2S 3S", "That is the top in brag; in the casino game A-2-3 is the lowest."),),
        ),
        3: Exercise(
            _flush_or_better,
            hint="Add the counts of the flush and of every kind brag ranks above it.",
            right="52 + 48 + 720 + 1,096 = 1,916 hands: about one in twelve.",
            mistakes=(
                Mistake(1096, "Those are the flushes alone; the kinds ranked above a flush count too."),
                Mistake(1144, "In brag a run and a prial rank above a flush too."),
                Mistake(5660, "A pair ranks below a flush."),
            ),
        ),
        4: Exercise(
            _open_minimum,
            hint="A blind bet counts double for an open player.",
            right="A blind 2 is worth an open 4, so Seat 3 must bet at least 4.",
            mistakes=(
                Mistake(2, "That is what a blind player pays; Seat 3 has looked, so it pays open rates: twice that."),
                Mistake(1, "A bet can never fall below the stake: the blind 2 set the stake to an open 4."),
            ),
        ),
        5: Exercise(
            _open_may_see_blind,
            hint="Two players are left, but one of them is blind.",
            right="An open player may not see a blind one: Seat 3 can only bet the stake or fold.",
            mistakes=(
                Mistake(True, "Two players are left, so a see is possible in general, but not for an open "
                              "player against a blind one."),
            ),
        ),
        6: Exercise(
            _cover_tie_winner,
            hint="The two hands are equal: who loses ties when the pot has been covered?",
            right="The coverer loses ties, so Seat 3 takes the pot.",
            accept=("seat3",),
            mistakes=(
                *_seat_number_mistakes(2),
                Mistake("Seat 2", "Seat 2 covered the pot, and a coverer must beat the other hand outright."),
            ),
        ),
        7: Exercise(
            lambda: _tcp_net("KS 9D 4C", "KH 9C 4S", 5),
            hint="The dealer qualifies, and the hands are equal card for card.",
            right="A tie: the Ante and the Play bet both push, so nothing is won or lost.",
            mistakes=(
                Mistake(-10, "A tie is not a loss: both bets are returned."),
                Mistake(10, "A tie is not a win either: both bets are returned."),
            ),
        ),
        8: Exercise(
            lambda: _tcp_net("5S 5D 2C", "JH 9C 4S", 5),
            hint="Does the dealer have a queen or better?",
            right="The dealer does not qualify: the Ante wins 1 to 1 and the Play bet is returned.",
            mistakes=(
                Mistake(10, "Only the Ante is paid when the dealer does not qualify: the Play bet is returned."),
                Mistake(0, "The Ante still wins when the dealer does not qualify."),
            ),
        ),
        9: Exercise(
            lambda: ante_analysis().hand("QS 6D 3C").should_play,
            hint="Compare it with Q-6-4 card by card.",
            right="Q-6-3 is just below Q-6-4: fold.",
            mistakes=(Mistake(True, "Q-6-3 is just below the line of Q-6-4."),),
        ),
        10: Exercise(
            _worst_table,
            hint="The worst table for you is the best one for the house.",
            right="It keeps about 12.8% of every Pair Plus bet.",
            mistakes=(Mistake("40-30-6-4-1", "That is the best table for the player: the house keeps the least."),),
        ),
    }


_TUTORIALS: dict[str, Callable[[], dict[int, Exercise]]] = {
    "01": _tutorial_01,
    "02": _tutorial_02,
    "03": _tutorial_03,
    "04": _tutorial_04,
    "05": _tutorial_05,
    "06": _tutorial_06,
    "07": _tutorial_07,
    "08": _tutorial_08,
    "09": _tutorial_09,
}


def exercises(number: str) -> dict[int, Exercise]:
    """Fresh exercises (try counts at 0) of tutorial ``number``, such as ``"01"``."""
    if number not in _TUTORIALS:
        raise KeyError(f"there is no tutorial {number!r}: the tutorials are {', '.join(_TUTORIALS)}")
    return _TUTORIALS[number]()
