"""The teacher sets the assignment of the day with a table size, a game's options (D-CLS-07) and, for brag and Three
Card Poker, its length (D-CLS-12): the form offers them from the catalogue, the store keeps the rules they make, the
class reads them in words, and a choice the game does not allow is refused in words with nothing stored (both
backends)."""

from __future__ import annotations

import re

import pytest
from test_class_service import Browser, run, signed_in_teacher
from tornado.httpclient import AsyncHTTPClient

from push_learn.apps.access import KernelOwners
from push_learn.classroom import Store
from push_learn.classroom.errors import ClassroomError
from push_learn.classroom.service import ClassService, describe
from push_learn.classroom.table_games import assignment_rules, chosen_rules
from push_learn.classroom.teacher import render_class


async def _assign(teacher: Browser, code: str, **fields: str) -> tuple[int, str]:
    """The teacher's form posted to set class ``code``'s assignment with ``fields``: (status, page)."""
    reply = await teacher.send("POST", "/push_learn/teacher", {"action": "assign", "code": code, **fields}, form=True)
    return reply.code, reply.body.decode()


def test_the_form_offers_the_table_sizes_and_push_studs_options_from_the_catalogue(store: Store) -> None:
    code = store.create_class("Year 9").code
    page = render_class(ClassService(store, b"key"), store.class_info(code), "xsrf")
    sizes = page.split('name="players"')[1].split("</select>")[0]
    assert "the usual number" in sizes and all(f'<option value="{n}">{n}</option>' in sizes for n in range(2, 10))
    assert ("(Push exactly 4; Cap-It 3 to 6; 6-7-8-9-10 2 to 4; Push stud 4 to 9; Screw Your Neighbor 3 to 8; "
            "Three-card brag 2 to 8; Three Card Poker alone against the dealer)" in page)
    three_card = page.split('<option value="three_card_poker"')[1].split(">")[0]
    assert 'data-players=""' in three_card and 'data-bots=""' in three_card and 'data-usual=""' in three_card
    assert '<option value="">none: against the dealer</option>' in page and ">strategy bots<" not in page
    assert '<input type="checkbox" name="roll_your_own" value="1"> Roll Your Own (Push stud only)' in page
    assert '<input type="checkbox" name="substitution" value="1"> Substitution (Push stud only)' in page


def test_the_teacher_sets_a_table_size_and_options_and_a_wrong_choice_is_refused_in_words(store: Store) -> None:
    code = store.create_class("Year 9").code

    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        teacher = await signed_in_teacher(AsyncHTTPClient(), base)

        async def assign(**fields: str) -> tuple[int, str]:
            return await _assign(teacher, code, **fields)

        said = await assign(variant="push_stud", deal="12", players="5", roll_your_own="1")
        assert said[0] == 303
        today = store.assignments(code)[0]
        assert today.rules == chosen_rules("push_stud", 5, {"roll_your_own": True})
        assert describe(today) == "Roll Your Own push for 5 players, deal 12, against threshold bots"
        assert (await assign(variant="cap_it", deal="13", players="3"))[0] == 303
        assert describe(store.assignments(code)[0]) == "Cap-It for 3 players, deal 13, against greedy bots"
        assert (await assign(variant="screw", deal="14", players=""))[0] == 303
        assert describe(store.assignments(code)[0]) == "Screw Your Neighbor, deal 14, against threshold bots"
        assert (await assign(variant="three_card_poker", deal="16", level=""))[0] == 303
        today = store.assignments(code)[0]
        assert today.rules == assignment_rules("three_card_poker") and today.bot_level == ""
        assert describe(today) == "Three Card Poker, deal 16, 10 rounds against the dealer"
        for fields, words in (
                ({"variant": "three_card_poker", "level": "strategy"},
                 "Three Card Poker is played against the dealer: choose no bots"),
                ({"variant": "three_card_poker", "players": "3"},
                 "Three Card Poker is dealt to each student alone, not to 3 players"),
                ({"variant": "three_card_poker", "substitution": "1"}, "Three Card Poker has no options to choose"),
                ({"variant": "screw", "substitution": "1"}, "Screw Your Neighbor has no options to choose"),
                ({"variant": "push", "players": "5"}, "Push is for exactly 4 players, not 5"),
                ({"variant": "push_stud", "players": "3"}, "Push stud is for 4 to 9 players, not 3"),
                ({"variant": "push_stud", "players": "lots"}, "the number of players is a whole number, not"),
        ):
            code_and_page = await assign(deal="15", **fields)
            assert code_and_page[0] == 400 and words in code_and_page[1]
        assert len(store.assignments(code)) == 4

    run(store, scenario)


@pytest.mark.parametrize(("players", "options", "words"), [
    (None, {}, "Push stud, deal 3, against threshold bots"),
    (6, {"substitution": True}, "Push stud with substitution, deal 3, against threshold bots"),
    (4, {"roll_your_own": True, "substitution": True},
     "Roll Your Own push with substitution for 4 players, deal 3, against threshold bots"),
])
def test_an_assignment_names_its_options_and_an_unusual_table_size(
        store: Store, players: int | None, options: dict[str, bool], words: str) -> None:
    code = store.create_class("Year 9").code
    assignment = store.assign(code, "push_stud", "push_stud", chosen_rules("push_stud", players, options),
                              deal_number=3, bot_level="threshold")
    assert describe(assignment) == words


def test_a_brag_match_or_a_three_card_poker_session_may_be_shorter_or_longer() -> None:
    """D-CLS-12: the length is the set-up field the game's record carries (a brag match's deals, a session's rounds),
    a long session starts with enough chips for two Antes a round, and the usual length stores the usual rules."""
    assert assignment_rules("brag", 3, None, 8) == {**chosen_rules("brag", 3), "hands": 8}
    assert assignment_rules("brag", None, None, 5) == chosen_rules("brag")
    assert assignment_rules("three_card_poker", length=10) == assignment_rules("three_card_poker")
    short_session = assignment_rules("three_card_poker", length=3)
    assert short_session == {**assignment_rules("three_card_poker"), "rounds": 3}
    assert assignment_rules("three_card_poker", length=20)["starting_stack"] == 200
    for game, length, words in (
            ("push", 3, "Push plays a whole match: only Three-card brag (deals) and Three Card Poker (rounds) can be"),
            ("push_stud", 2, "Push stud plays a whole match"),
            ("brag", 21, "a Three-card brag assignment is 1 to 20 deals long, not 21"),
            ("brag", 0, "a Three-card brag assignment is 1 to 20 deals long, not 0"),
            ("three_card_poker", 51, "a Three Card Poker assignment is 1 to 50 rounds long, not 51"),
            ("three_card_poker", True, "a Three Card Poker assignment is 1 to 50 rounds long, not True")):
        with pytest.raises(ClassroomError, match=re.escape(words)):
            assignment_rules(game, None, None, length)


def test_the_teacher_sets_a_length_and_a_length_the_game_has_not_is_refused(store: Store) -> None:
    code = store.create_class("Year 9").code
    page = render_class(ClassService(store, b"key"), store.class_info(code), "xsrf")
    assert '<label>Length <input name="length" type="number" min="1" max="50"' in page
    assert ("(Three-card brag: 1 to 20 deals, 5 deals unless given; Three Card Poker: 1 to 50 rounds, 10 rounds unless "
            "given; the other games play a whole match)") in page
    assert 'data-length="5 deals" data-most="20"' in page and 'data-length="10 rounds" data-most="50"' in page
    assert 'data-length="" data-most=""' in page

    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        teacher = await signed_in_teacher(AsyncHTTPClient(), base)

        async def assign(**fields: str) -> tuple[int, str]:
            return await _assign(teacher, code, **fields)

        assert (await assign(variant="brag", deal="21", players="3", length="8"))[0] == 303
        today = store.assignments(code)[0]
        assert today.rules == assignment_rules("brag", 3, None, 8)
        assert describe(today) == "Three-card brag for 3 players, 8 deals, deal 21, against sensible bots"
        assert (await assign(variant="three_card_poker", deal="22", level="", length="20"))[0] == 303
        assert describe(store.assignments(code)[0]) == "Three Card Poker, deal 22, 20 rounds against the dealer"
        assert (await assign(variant="brag", deal="23", length=""))[0] == 303
        assert describe(store.assignments(code)[0]) == "Three-card brag, deal 23, against sensible bots"
        for fields, words in (({"variant": "push", "length": "3"}, "Push plays a whole match"),
                              ({"variant": "brag", "length": "99"}, "1 to 20 deals long, not 99"),
                              ({"variant": "brag", "length": "eight"},
                               "a length is a whole number of deals or rounds, not &#x27;eight&#x27;")):
            status, body = await assign(deal="24", **fields)
            assert status == 400 and words in body
        assert len(store.assignments(code)) == 3  # nothing stored for a refused choice

    run(store, scenario)
