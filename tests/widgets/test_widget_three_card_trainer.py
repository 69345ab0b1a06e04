"""ThreeCardTrainer driven as the page does: bet, deal, play or fold, and read the strategy's verdict.

Fair play is checked differentially: two trainers whose hidden cards differ (the dealer's hand and the
rest of the deck) send the page exactly the same state until the dealer's cards are revealed."""

from __future__ import annotations

import random
import re

import pytest
from pl_widget_driver import Wire, page_sends, synced

from push_learn.poker.three_card_analysis import ante_analysis
from push_learn.widgets import ThreeCardTrainer
from push_learn.widgets.three_card_trainer import SEAT


def test_the_student_sees_their_cards_and_the_dealers_backs(wire: Wire) -> None:
    trainer = ThreeCardTrainer(seed=3)
    assert synced(trainer)["phase"] == "betting" and synced(trainer)["cards"] == []
    page_sends(trainer, type="deal")
    state = synced(trainer)
    assert state["phase"] == "deciding"
    assert [c["c"] for c in state["cards"]] == [card.ascii for card in trainer.game.observe(SEAT).cards]
    assert state["dealer"] == [{"back": True, "label": "dealer's face-down card"}] * 3
    assert state["stack"] == 95 and state["bets"] == {"ante": 5, "pair_plus": 0}


def test_each_decision_is_marked_against_the_exact_strategy(wire: Wire) -> None:
    trainer = ThreeCardTrainer(seed=3)
    analysis = ante_analysis()
    page_sends(trainer, type="deal")
    cards = trainer.game.observe(SEAT).cards
    best = analysis.hand(cards).should_play
    page_sends(trainer, type="hint")
    assert synced(trainer)["hint"]["play"] is best
    assert "Q-6-4" in synced(trainer)["hint"]["text"]
    page_sends(trainer, type="fold" if best else "play")  # against the strategy
    last = synced(trainer)["last"]
    assert last["decision"]["agrees"] is False
    assert "exact strategy would" in last["decision"]["text"]
    assert [c["c"] for c in last["cards"]] == [card.ascii for card in cards]
    assert len(last["dealer"]) == 3 and last["lines"]
    running = synced(trainer)["running"]
    assert (running["rounds"], running["decisions"], running["agreed"]) == (1, 1, 0)
    assert running["net"] == synced(trainer)["stack"] - 100


def test_pair_plus_and_the_running_result_against_the_expected_value(wire: Wire) -> None:
    trainer = ThreeCardTrainer(seed=11)
    page_sends(trainer, type="stake", bet="ante", amount=10)
    page_sends(trainer, type="stake", bet="pair_plus", amount=5)
    for _ in range(5):
        page_sends(trainer, type="deal")
        best = synced(trainer)["hint"] is None and ante_analysis().hand(trainer.game.observe(SEAT).cards).should_play
        page_sends(trainer, type="play" if best else "fold")
    state = synced(trainer)
    assert state["running"]["net"] == state["stack"] - 100
    assert state["running"]["agreed"] == 5
    assert any(line.startswith("pair plus 5") for line in state["last"]["lines"])
    report = ante_analysis().report().expected_value
    assert state["running"]["expected"] < 0
    assert abs(state["running"]["expected"] - float(5 * 10 * report + 5 * 5 * trainer.pair_plus_ev)) < 0.01
    names = [table["name"] for table in state["paytables"]]
    assert names == ["Ante Bonus", "Pair Plus"]
    assert ["pair", "1 to 1"] in state["paytables"][1]["pays"]
    ante_note, pair_plus_note = (table["note"] for table in state["paytables"])  # as tutorial 09 says it
    assert ante_note.endswith("the house keeps 3.37% of each Ante in the long run (the Play bet counted in).")
    assert pair_plus_note.endswith(f"the house keeps {float(-trainer.pair_plus_ev):.2%} of each Pair Plus bet in "
                                   "the long run.")


def test_refusals_are_in_words_and_change_nothing(wire: Wire) -> None:
    trainer = ThreeCardTrainer(seed=2)
    page_sends(trainer, type="play")
    assert synced(trainer)["notice"]["text"] == "there is no hand to play or fold: deal first"
    page_sends(trainer, type="stake", bet="ante", amount=7)
    assert synced(trainer)["notice"]["kind"] == "refused" and trainer.stakes["ante"] == 5
    page_sends(trainer, type="deal")
    page_sends(trainer, type="deal")
    assert "not the time" in synced(trainer)["notice"]["text"]
    assert synced(trainer)["phase"] == "deciding"


def test_a_session_ends_and_a_new_one_starts(wire: Wire) -> None:
    trainer = ThreeCardTrainer(seed=2, rounds=2)
    for _ in range(2):
        page_sends(trainer, type="deal")
        page_sends(trainer, type="fold")
    assert synced(trainer)["over"] is True
    page_sends(trainer, type="new")
    state = synced(trainer)
    assert (state["over"], state["seed"], state["stack"], state["last"]) == (False, 3, 100, None)


def test_options_choose_the_paytables() -> None:
    trainer = ThreeCardTrainer(pair_plus="40-30-6-3-1", ante_bonus="none")
    tables = {table["name"]: table for table in trainer.state["paytables"]}
    assert tables["Pair Plus"]["table"] == "40-30-6-3-1" and tables["Ante Bonus"]["pays"] == []
    with pytest.raises(ValueError, match="Pair Plus table"):
        ThreeCardTrainer(pair_plus="1-2-3")


def hide_differently(trainer: ThreeCardTrainer, rng: random.Random) -> None:
    """Give the dealer other cards from the unseen deck (and reshuffle the rest): nothing the seat may see changes."""
    game = trainer.game
    unseen = [*game.dealer_cards, *game.deck]
    while True:
        rng.shuffle(unseen)
        if tuple(unseen[:3]) != tuple(game.dealer_cards):
            break
    game.dealer_cards = tuple(unseen[:3])
    game.deck = unseen[3:]


@pytest.mark.parametrize("seed", [1, 5, 9])
def test_the_page_is_the_same_whatever_the_dealers_cards_are(wire: Wire, seed: int) -> None:
    """Fair play, differentially: two trainers that differ only in the dealer's hidden cards send the page
    the same state through the deal, a hint, a stake change and a refused request, until the reveal."""
    trainers = [ThreeCardTrainer(seed=seed) for _ in range(2)]
    for trainer in trainers:
        page_sends(trainer, type="deal")
    hide_differently(trainers[1], random.Random(seed))
    assert trainers[0].game.dealer_cards != trainers[1].game.dealer_cards
    for intent in ({}, {"type": "hint"}, {"type": "stake", "bet": "pair_plus", "amount": 5}, {"type": "deal"}):
        for trainer in trainers:
            if intent:
                page_sends(trainer, **intent)
            else:
                trainer.refresh()
        assert synced(trainers[0]) == synced(trainers[1]), f"the page learns hidden cards after {intent or 'the deal'}"
        for card in trainers[1].game.dealer_cards:
            assert card.ascii not in str(synced(trainers[1])), "a dealer's card reached the page before the reveal"
    for trainer in trainers:
        page_sends(trainer, type="play")
    revealed = [[c["c"] for c in synced(t)["last"]["dealer"]] for t in trainers]
    assert revealed[0] != revealed[1]
    assert revealed[1] == [card.ascii for card in trainers[1].game.results[-1].dealer_cards]


def test_the_running_result_is_said_plainly_before_and_after_rounds(wire: Wire) -> None:
    trainer = ThreeCardTrainer(seed=11)
    assert synced(trainer)["running"]["text"].startswith("No round settled yet")
    page_sends(trainer, type="deal")
    best = ante_analysis().hand(trainer.game.observe(SEAT).cards).should_play
    page_sends(trainer, type="play" if best else "fold")
    text = synced(trainer)["running"]["text"]
    assert re.match(r"After 1 round you (have won \d+ chips?|have lost \d+ chips?|are even)\. ", text), text
    assert text.endswith("Your choice matched the exact strategy 1 time out of 1.")
    assert "other" not in text  # every choice was the strategy's: no "other one" to cost anything
    page_sends(trainer, type="deal")
    page_sends(trainer, type="fold" if ante_analysis().hand(trainer.game.observe(SEAT).cards).should_play else "play")
    assert "choices matched the exact strategy 1 time out of 2; the other one is expected to cost you " in synced(
        trainer)["running"]["text"]
