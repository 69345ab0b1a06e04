"""Exact Three Card Poker analysis: published figures, optimal strategy, classes, cross-checks."""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest

from push_learn.poker.three_card import BRAG, THREE_CARD_POKER, hand_key
from push_learn.poker.three_card_analysis import (
    ALWAYS_PLAY,
    PLAY_Q_OR_BETTER,
    AnteAnalysis,
    ThresholdStrategy,
    ante_analysis,
    ante_analysis_with_progress,
    brute_force_outcomes,
    category_probabilities,
    compute_ante_analysis,
    hand_classes,
    pair_plus_edge,
    simulate,
)
from push_learn.poker.three_card_poker import ANTE_BONUS_TABLES, PAIR_PLUS_TABLES, ThreeCardPokerRules


def pct(value: Fraction) -> str:
    return f"{float(value) * 100:.2f}"


@pytest.fixture(scope="module")
def analysis() -> AnteAnalysis:
    return ante_analysis()


def test_published_ante_figures(analysis: AnteAnalysis) -> None:
    report = analysis.report(ThresholdStrategy.at_least("Q-6-4"))
    assert pct(report.house_edge) == "3.37"
    assert pct(report.element_of_risk) == "2.01"
    optimal = analysis.report()
    assert (optimal.expected_value, optimal.play_probability) == (report.expected_value, report.play_probability)


def test_optimal_strategy_is_exactly_q64(analysis: AnteAnalysis) -> None:
    optimal = analysis.optimal_strategy()
    assert str(optimal) == "play Q-6-4 or better"
    assert optimal.min_key == hand_key("QS 6D 4C", THREE_CARD_POKER)
    for suits in ("QS 6D 4C", "QS 6S 4C", "QS 6D 4S", "QD 6S 4S"):
        assert analysis.hand(suits).should_play
    for suits in ("QS 6D 3C", "QS 6S 3C", "QS 6D 3S", "QD 6S 3S"):
        assert not analysis.hand(suits).should_play
    assert analysis.hand("2S 2D 3C").should_play and not analysis.hand("JS 10D 8C").should_play


def test_optimal_beats_simpler_strategies(analysis: AnteAnalysis) -> None:
    best = analysis.report().house_edge
    for strategy in (PLAY_Q_OR_BETTER, ALWAYS_PLAY, ThresholdStrategy.at_least("Q-6-3"),
                     ThresholdStrategy.at_least("Q-6-5"), ThresholdStrategy.at_least("2-2-3")):
        assert analysis.report(strategy).house_edge > best
    assert pct(analysis.report(PLAY_Q_OR_BETTER).house_edge) == "3.45"
    assert pct(analysis.report(ALWAYS_PLAY).house_edge) == "7.65"
    assert analysis.report(ALWAYS_PLAY).play_probability == 1


def test_pair_plus_edges() -> None:
    assert pct(pair_plus_edge(PAIR_PLUS_TABLES["40-30-6-4-1"])) == "2.32"
    assert pct(pair_plus_edge(PAIR_PLUS_TABLES["40-30-6-3-1"])) == "7.28"
    assert pct(pair_plus_edge(PAIR_PLUS_TABLES["40-30-5-4-1"])) == "5.57"
    # exact: the 3-1 flush costs 1,096 units per 22,100 more than the 4-1 flush
    diff = pair_plus_edge(PAIR_PLUS_TABLES["40-30-6-3-1"]) - pair_plus_edge(PAIR_PLUS_TABLES["40-30-6-4-1"])
    assert diff == Fraction(1096, 22100)


def test_category_probabilities_in_both_rankings() -> None:
    poker = category_probabilities(THREE_CARD_POKER)
    brag = category_probabilities(BRAG)
    assert sum(poker.values()) == sum(brag.values()) == 1
    assert poker["straight flush"] == brag["running flush"] == Fraction(48, 22100)
    assert poker["three of a kind"] == brag["prial"] == Fraction(52, 22100)
    assert list(brag)[:3] == ["prial", "running flush", "run"]


def test_classes_cover_every_deal(analysis: AnteAnalysis) -> None:
    assert len(hand_classes()) == len(analysis.classes) == 1755
    assert sum(c.count for c in analysis.classes) == 22100
    assert all(c.outcomes.total == 18424 for c in analysis.classes)
    assert sum(c.count * c.outcomes.total for c in analysis.classes) == 22100 * 18424
    keys = [c.key for c in analysis.classes]
    assert keys == sorted(keys)


@pytest.mark.parametrize("cards", ["QS 6D 4C", "QS 6S 4C", "7H 7D KC", "AS 2S 3S", "5H 3D 2C", "JS 10D 8S"])
def test_symmetry_counts_match_brute_force(analysis: AnteAnalysis, cards: str) -> None:
    assert analysis.hand(cards).outcomes == brute_force_outcomes(cards)


def test_ante_bonus_table_changes_the_edge() -> None:
    none = compute_ante_analysis(ThreeCardPokerRules(ante_bonus=ANTE_BONUS_TABLES["none"]))
    assert none.report().house_edge > ante_analysis().report().house_edge


def test_progress_wrapper_with_and_without_tqdm(monkeypatch: pytest.MonkeyPatch) -> None:
    with_bar = ante_analysis_with_progress()
    monkeypatch.setitem(sys.modules, "tqdm", None)  # importing tqdm now fails
    without = ante_analysis_with_progress()
    assert with_bar.report() == without.report()


def test_simulation_runs_real_rounds() -> None:
    never = ThresholdStrategy("never play", 1 << 20)
    assert simulate(never, rounds=30, seed=4).net == -30
    result = simulate(ALWAYS_PLAY, rounds=50, seed=4, ante=2)
    assert result.rounds == 50 and result.antes == 100 and result.net % 2 == 0
