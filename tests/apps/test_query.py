"""Reading ?seed=, ?variant= and ?players= from a dashboard's address."""

from __future__ import annotations

import os

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from push_learn.apps.query import DEFAULT_SEED, MAX_SEED, Query, parse_query, query_string
from push_learn.rummy import CAP_IT, PUSH, SIX_TO_TEN


def test_empty_query_gives_the_defaults() -> None:
    query = parse_query("")
    assert query == Query(seed=DEFAULT_SEED, variant="push", players=None)
    assert query.notes == ()
    assert query.rules == PUSH


def test_seed_variant_and_players_are_read() -> None:
    query = parse_query("?seed=1234&variant=cap_it&players=5")
    assert (query.seed, query.variant, query.players) == (1234, "cap_it", 5)
    assert query.rules.players == 5
    assert str(query) == "Cap-It for 5 players, deal number 1234"


@pytest.mark.parametrize(
    ("text", "variant"),
    [
        ("cap-it", "cap_it"),
        ("CapIt", "cap_it"),
        ("6-7-8-9-10", "six_to_ten"),
        ("SIX_TO_TEN", "six_to_ten"),
        ("R1", "push"),
    ],
)
def test_variant_spellings(text: str, variant: str) -> None:
    assert parse_query(f"variant={text}").variant == variant


def test_the_presets_are_the_default_player_counts() -> None:
    assert parse_query("variant=cap_it").rules == CAP_IT
    assert parse_query("variant=six_to_ten").rules == SIX_TO_TEN


@pytest.mark.parametrize("raw", ["abc", "-3", "1.5", str(MAX_SEED + 1), "", "²", "١٢"])
def test_a_bad_seed_falls_back_with_a_note(raw: str) -> None:
    query = parse_query(f"seed={raw}")
    assert query.seed == DEFAULT_SEED
    assert len(query.notes) == 1
    assert "so deal number 1 is used" in query.notes[0]


def test_unknown_game_and_bad_player_counts_are_noted() -> None:
    query = parse_query("variant=poker&players=9")
    assert query.variant == "push"
    assert query.players is None
    assert [note.split()[0] for note in query.notes] == ["The", "Push"]
    assert "always played by 4 players" in query.notes[1]
    out_of_range = parse_query("variant=cap_it&players=7")
    assert out_of_range.players is None
    assert "3 to 6 players" in out_of_range.notes[0]


def test_the_last_value_of_a_repeated_key_wins_and_other_keys_are_kept_as_options() -> None:
    query = parse_query("seed=3&seed=4&Level=search&speed=")
    assert query.seed == 4
    assert query.notes == ()
    assert query.options == {"level": "search", "speed": ""}


@settings(max_examples=examples(50))
@given(st.integers(min_value=0, max_value=MAX_SEED))
def test_every_seed_in_range_reads_back(seed: int) -> None:
    assert parse_query(f"seed={seed}").seed == seed


@settings(max_examples=examples(50))
@given(st.text(max_size=40))
def test_any_text_gives_a_usable_query(text: str) -> None:
    query = parse_query(text)
    assert 0 <= query.seed <= MAX_SEED
    assert query.rules.variant == query.variant


def test_query_string_outside_voila_is_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert query_string() == ""
    monkeypatch.setenv("QUERY_STRING", "seed=9")
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    assert query_string() == "seed=9"


def test_a_preheated_kernel_waits_for_the_request(monkeypatch: pytest.MonkeyPatch) -> None:
    import voila.utils

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "seed=stale")
    monkeypatch.setattr(voila.utils, "wait_for_request", lambda: os.environ.update(QUERY_STRING="seed=77"))
    assert query_string() == "seed=77"


def test_a_preheated_kernel_left_without_a_request_exits(monkeypatch: pytest.MonkeyPatch) -> None:
    import voila.utils

    exits: list[int] = []
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(voila.utils, "wait_for_request", lambda: None)
    monkeypatch.setattr(os, "_exit", exits.append)
    query_string()
    assert exits == [0]


def test_a_preheated_kernel_that_cannot_reach_voila_uses_the_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    import warnings

    import voila.utils

    def unreachable() -> None:
        warnings.warn("Failed to connect to ws://127.0.0.1:1/voila/query/x", stacklevel=1)

    exits: list[int] = []
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(voila.utils, "wait_for_request", unreachable)
    monkeypatch.setattr(os, "_exit", exits.append)
    assert query_string() == ""
    assert exits == []


def test_a_failing_wait_falls_back_to_the_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    import voila.utils

    def broken() -> None:
        raise OSError("no server")

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(voila.utils, "wait_for_request", broken)
    assert query_string() == ""


@pytest.mark.parametrize("raw", ["²", "٤", "4.0", "%2B4"])
def test_a_player_count_is_ascii_digits_only(raw: str) -> None:
    query = parse_query(f"variant=cap_it&players={raw}")
    assert query.players is None and "3 to 6 players" in query.notes[0]


@settings(max_examples=examples(200))
@given(st.text(max_size=30))
def test_no_address_breaks_the_settings(text: str) -> None:
    query = parse_query(text)
    assert 0 <= query.seed <= MAX_SEED and query.rules.players >= 2
