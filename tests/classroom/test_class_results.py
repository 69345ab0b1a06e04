"""Results on both backends: a sealed, assigned, replayable record with its true score counts; nothing else."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from class_games import PUSH_RULES, SEAL_KEY, score_push, sealed_poker_record, sealed_push_record

from push_learn.classroom import Assignment, ResultRefused, Score, Store
from push_learn.records import Record


def _assignment(store: Store, students: tuple[str, ...] = ("Ann", "Bo", "Cy")) -> tuple[str, Assignment]:
    code = store.create_class("Duplicate").code
    for name in students:
        store.join(code, name)
    return code, store.assign(code, "push", "push", PUSH_RULES, deal_number=1234, bot_level="random")


def test_three_students_on_the_same_deal_make_a_leaderboard(store: Store) -> None:
    code, assignment = _assignment(store)
    scores = {}
    for player_seed, name in enumerate(("Ann", "Bo", "Cy")):
        record = sealed_push_record(assignment.seed, name, SEAL_KEY, player_seed=player_seed, hints=player_seed)
        accepted = store.submit_result(assignment.id, name, record.to_json(), claimed=score_push(record, name))
        scores[name] = accepted.score
        assert accepted.score.hints == player_seed
        assert store.result_record(accepted.id) == record
        assert store.result_owner(accepted.id) == (name, assignment.id)
    board = store.leaderboard(assignment.id)
    assert sorted(row.student for row in board) == ["Ann", "Bo", "Cy"]
    keys = [(row.points, -row.deals_won, row.moves, row.hints) for row in board]
    assert keys == sorted(keys)
    assert board[0].rank == 1
    for row in board:
        assert Score(row.points, row.deals_won, row.moves, row.hints) == scores[row.student]
    results = store.export_csv(code)["results.csv"].splitlines()
    assert len(results) == 4 and all(",1234," in line for line in results[1:])


def test_a_stud_deal_is_scored_in_chips_won_and_ranked_most_first(store: Store) -> None:
    """Duplicate play of a Push stud deal (D-CLS-06): the store replays each student's deal and keeps the chips lost,
    so that its leaderboard ranks the most chips won first; the export says chips won."""
    from push_learn.games import GAMES

    code = store.create_class("Poker club").code
    rules = dict(GAMES["push_stud"].new(seed=0).record().rules)
    assignment = store.assign(code, "push_stud", "push_stud", rules, deal_number=77, bot_level="threshold")
    won = {}
    for hints, (name, level) in enumerate((("Ann", "threshold"), ("Bo", "random"), ("Cy", "random"))):
        store.join(code, name)
        record = sealed_poker_record("push_stud", assignment.seed, name, SEAL_KEY, level=level, hints=hints)
        game = GAMES["push_stud"].load(record)
        accepted = store.submit_result(assignment.id, name, record.to_json(), claimed=score_push(record, name))
        assert accepted.score == Score(-game.result.net[0], int(game.result.payouts[0] > 0),
                                       sum(1 for action in record.actions if action["seat"] == 0), hints, "chips")
        won[name] = game.result.net[0]
    board = store.leaderboard(assignment.id)
    assert [-row.points for row in board] == sorted(won.values(), reverse=True)
    assert {row.student: -row.points for row in board} == won
    rows = store.export_csv(code)["results.csv"].splitlines()
    assert rows[0].endswith(",game,chips_won,as_strategy,chips_given_up")
    for line in rows[1:]:
        cells = line.split(",")
        assert cells[3] == "" and cells[8] == "push_stud" and int(cells[9]) == won[cells[2]]
    # a Push record is not the stud deal, and a stud record of another shuffle is not this one
    refused = sealed_push_record(assignment.seed, "Ann", SEAL_KEY)
    with pytest.raises(ResultRefused, match="a game of Push, but deal 77 is Push stud"):
        store.submit_result(assignment.id, "Ann", refused.to_json())
    with pytest.raises(ResultRefused, match="not a game of deal 77"):
        store.submit_result(assignment.id, "Ann", sealed_poker_record("push_stud", 5, "Ann", SEAL_KEY).to_json())


def test_a_brag_match_is_scored_in_chips_over_its_deals_and_its_pots_counted(store: Store) -> None:
    """A brag match of the class's deals (D-CLS-08): the store replays it whole, keeps the chips lost over its deals
    and how many pots the student took a share of, and refuses a match of another number of deals."""
    from push_learn.classroom.table_games import chosen_rules
    from push_learn.games import GAMES

    code = store.create_class("Card club").code
    assignment = store.assign(code, "brag", "brag", chosen_rules("brag", 3), deal_number=5, bot_level="sensible")
    for name, level in (("Ann", "sensible"), ("Bo", "random")):
        store.join(code, name)
        record = sealed_poker_record("brag", assignment.seed, name, SEAL_KEY, level=level, players=3, hands=5)
        game = GAMES["brag"].load(record)
        accepted = store.submit_result(assignment.id, name, record.to_json(), claimed=score_push(record, name))
        pots = sum(any(award.seat == 0 for award in result.awards) for result in game.results)
        assert game.over and accepted.score == Score(  # five deals, or fewer once the others are out of chips
            100 - game.stacks[0], pots, sum(1 for action in record.actions if action["seat"] == 0), 0, "chips")
    board = store.leaderboard(assignment.id)
    assert [row.points for row in board] == sorted(row.points for row in board)
    rows = store.export_csv(code)["results.csv"].splitlines()
    assert all(line.split(",")[8] == "brag" for line in rows[1:])
    store.join(code, "Cy")
    shorter = sealed_poker_record("brag", assignment.seed, "Cy", SEAL_KEY, players=3, hands=3)
    with pytest.raises(ResultRefused, match="was played with other rules than deal 5 of brag"):
        store.submit_result(assignment.id, "Cy", shorter.to_json())


def _tcp_session(seed: int, student: str, choose: Callable[[Any], bool], sit_out: int = 0,
                 stop_after: int | None = None) -> Record:
    """A class's Three Card Poker session of ``seed`` (ten rounds, an Ante of 5), sealed: ``choose(cards)`` says
    whether to play; the first ``sit_out`` rounds are sat out; ``stop_after`` actions end it early."""
    from push_learn.games import new_game
    from push_learn.poker.three_card_poker import Fold, PlaceBets, Play

    game = new_game("three_card_poker", seed=seed, players=(student,), rounds=10)
    while not game.over and (stop_after is None or len(game.actions) < stop_after):
        if game.phase == "deciding":
            game.apply(Play(0) if choose(game.cards[0]) else Fold(0))
        else:
            game.apply(PlaceBets(0, 0 if game.round <= sit_out else 5, 0))
    return game.record().sealed(SEAL_KEY)


def test_a_three_card_poker_session_is_scored_against_the_exact_strategy(store: Store) -> None:
    """A class's Three Card Poker session (D-CLS-10): the store replays it and keeps the chips the choices off the
    exact strategy gave up (in hundredths) and the choices that were its, ranks the fewest chips given up first, and
    refuses a session that sat a round out (its cards would not be everyone's) or is not finished."""
    from push_learn.classroom.table_games import assignment_rules
    from push_learn.poker.three_card_analysis import ante_analysis
    from push_learn.poker.three_card_poker import ThreeCardPokerRules

    code = store.create_class("Casino club").code
    rules = assignment_rules("three_card_poker")
    assignment = store.assign(code, "three_card_poker", "three_card_poker", rules, deal_number=77, bot_level="")
    analysis = ante_analysis(ThreeCardPokerRules())

    def exact(cards: Any) -> bool:
        return bool(analysis.hand(cards).should_play)

    for name in ("Ann", "Bo", "Cy", "Di", "Ed"):
        store.join(code, name)
    store.open_deal(assignment.id, "Ann")  # a reload continues the moves kept, as at every class's deal
    whole = _tcp_session(assignment.seed, "Ann", exact)
    assert store.save_progress(assignment.id, "Ann", whole.with_actions(whole.actions[:5]).sealed(SEAL_KEY)) == 5
    ann = store.submit_result(assignment.id, "Ann", whole.to_json())
    assert ann.score == Score(0, 10, 20, 0, "strategy")
    # Bo chooses against the strategy every time, so he gives up chips on every hand whatever the secret shuffle
    # deals (playing every hand would give up none when all ten are hands the strategy plays: about 1 in 50 seeds)
    contrary = _tcp_session(assignment.seed, "Bo", lambda cards: not exact(cards))
    values = [analysis.hand(decision_cards).play_ev for decision_cards in _hands_of(contrary)]
    bo = store.submit_result(assignment.id, "Bo", contrary.to_json())
    given_up = sum(abs(value - -1) for value in values) * 5  # the gap between playing (its value) and folding (-1)
    assert bo.score == Score(round(100 * given_up), 0, 20, 0, "strategy")
    assert bo.score.points > 0 and bo.score.describe().startswith("0 choices as the exact")
    assert [row.student for row in store.leaderboard(assignment.id)] == ["Ann", "Bo"]
    with pytest.raises(ResultRefused, match="Cy sat out 1 round of the class's deal"):
        store.submit_result(assignment.id, "Cy", _tcp_session(assignment.seed, "Cy", exact, sit_out=1).to_json())
    with pytest.raises(ResultRefused, match="not finished"):
        store.submit_result(assignment.id, "Di", _tcp_session(assignment.seed, "Di", exact, stop_after=7).to_json())
    shorter = replace(_tcp_session(assignment.seed, "Ed", exact), setup={"rounds": 5})
    with pytest.raises(ResultRefused, match="other rules than deal 77"):
        store.submit_result(assignment.id, "Ed", shorter.sealed(SEAL_KEY))
    rows = {line.split(",")[2]: line.split(",") for line in store.export_csv(code)["results.csv"].splitlines()[1:]}
    assert rows["Ann"][3:5] == ["", ""] and rows["Ann"][8:] == ["three_card_poker", "", "10", "0.00"]
    assert rows["Bo"][11] == f"{bo.score.points / 100:.2f}"


def _hands_of(record: Record) -> list[Any]:
    """The student's three cards in each round of a Three Card Poker session, as its replay deals them."""
    from push_learn.games import new_game
    from push_learn.poker.three_card_poker import tcp_action_from_json

    game, hands = new_game("three_card_poker", seed=record.seed, players=record.players, rounds=10), []
    for data in record.actions:
        if game.phase == "deciding":
            hands.append(game.cards[0])
        game.apply(tcp_action_from_json(data))
    return hands


def test_an_edited_record_is_refused(store: Store) -> None:
    _, assignment = _assignment(store)
    record = sealed_push_record(assignment.seed, "Ann", SEAL_KEY)
    data = record.to_dict()
    data["setup"] = {"hints": 0, "note": "nothing"}  # any change at all
    with pytest.raises(ResultRefused, match="changed after it was sealed"):
        store.submit_result(assignment.id, "Ann", data)
    fewer_hints = Record.from_dict({**record.to_dict(), "setup": {"hints": 0}})
    more = sealed_push_record(assignment.seed, "Ann", SEAL_KEY, hints=5)
    with pytest.raises(ResultRefused, match="changed after it was sealed"):
        store.submit_result(assignment.id, "Ann", replace(fewer_hints, seal=more.seal))
    assert store.leaderboard(assignment.id) == []


def test_an_unsealed_or_forged_record_is_refused(store: Store, open_store: Callable[..., Store]) -> None:
    _, assignment = _assignment(store)
    with pytest.raises(ResultRefused, match="not sealed"):
        store.submit_result(assignment.id, "Ann", sealed_push_record(assignment.seed, "Ann", None))
    with pytest.raises(ResultRefused, match="changed after it was sealed"):
        store.submit_result(assignment.id, "Ann", sealed_push_record(assignment.seed, "Ann", b"a student's own key"))
    keyless = open_store(seal_key=None)
    with pytest.raises(ResultRefused, match="no sealing key"):
        keyless.submit_result(assignment.id, "Ann", sealed_push_record(assignment.seed, "Ann", SEAL_KEY))
    with pytest.raises(ResultRefused, match="cannot be read: the record is not valid JSON"):
        store.submit_result(assignment.id, "Ann", "{not json")


def test_a_deal_that_was_not_assigned_is_refused(store: Store) -> None:
    _, assignment = _assignment(store)
    shown_number = sealed_push_record(1234, "Ann", SEAL_KEY)  # the number the class sees is not the shuffle
    with pytest.raises(ResultRefused, match="not a game of deal 1234: its cards were not shuffled"):
        store.submit_result(assignment.id, "Ann", shown_number)
    other_rules = replace(sealed_push_record(assignment.seed, "Ann", None), rules={**PUSH_RULES, "pot_ante": 5})
    with pytest.raises(ResultRefused, match="other rules"):
        store.submit_result(assignment.id, "Ann", other_rules.sealed(SEAL_KEY))
    other_game = replace(sealed_push_record(assignment.seed, "Ann", None), game="cap_it")
    with pytest.raises(ResultRefused, match="a game of Cap-It, but deal 1234 is Push"):
        store.submit_result(assignment.id, "Ann", other_game.sealed(SEAL_KEY))


def test_a_score_the_replay_does_not_give_is_refused(store: Store) -> None:
    _, assignment = _assignment(store)
    record = sealed_push_record(assignment.seed, "Ann", SEAL_KEY)
    true = score_push(record, "Ann")
    claimed = true.points + 5  # not 0: a random deal can leave Ann's side 0 points, and then 0 is the truth
    with pytest.raises(ResultRefused,
                       match=f"claims {claimed} points left.*but its replay gives {true.points} points left"):
        store.submit_result(assignment.id, "Ann", record, claimed=replace(true, points=claimed))


def test_a_record_that_does_not_replay_or_is_unfinished_is_refused(store: Store) -> None:
    _, assignment = _assignment(store)
    unfinished = sealed_push_record(assignment.seed, "Ann", SEAL_KEY, stop_after=10)
    with pytest.raises(ResultRefused, match="not finished"):
        store.submit_result(assignment.id, "Ann", unfinished)
    whole = sealed_push_record(assignment.seed, "Ann", None)
    swapped = whole.with_actions([whole.actions[1], whole.actions[0], *whole.actions[2:]])
    with pytest.raises(ResultRefused, match="cannot be replayed"):
        store.submit_result(assignment.id, "Ann", swapped.sealed(SEAL_KEY))


def test_another_students_result_cannot_be_posted_under_ones_own_name(store: Store) -> None:
    _, assignment = _assignment(store)
    anns = sealed_push_record(assignment.seed, "Ann", SEAL_KEY)
    with pytest.raises(ResultRefused, match="does not name Bo among its players"):
        store.submit_result(assignment.id, "Bo", anns)
    with pytest.raises(ResultRefused, match="has not joined class"):
        store.submit_result(assignment.id, "Mallory", sealed_push_record(assignment.seed, "Mallory", SEAL_KEY))


def test_only_the_first_result_of_a_student_counts(store: Store) -> None:
    _, assignment = _assignment(store)
    store.submit_result(assignment.id, "Ann", sealed_push_record(assignment.seed, "Ann", SEAL_KEY))
    with pytest.raises(ResultRefused, match="Ann already has a result for deal 1234"):
        store.submit_result(assignment.id, "Ann", sealed_push_record(assignment.seed, "Ann", SEAL_KEY, player_seed=9))
    assert len(store.leaderboard(assignment.id)) == 1


def test_a_result_for_another_class_s_deal_is_refused(store: Store) -> None:
    _, ours = _assignment(store)
    _, theirs = _assignment(store)
    with pytest.raises(ResultRefused, match="not a game of deal 1234"):
        store.submit_result(ours.id, "Ann", sealed_push_record(theirs.seed, "Ann", SEAL_KEY))
