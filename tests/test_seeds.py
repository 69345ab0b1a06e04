"""Reading the numbers people type: ASCII digits in range, the same in an address, a box and an exercise."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from push_learn.seeds import MAX_SEED, SeedError, read_seed, whole_number


@pytest.mark.parametrize("text", ["²", "١٢", "१२", "1²", "-1", "1.5", "1e3", "", " ", "0x10", str(MAX_SEED + 1),
                                  "9" * 5000, "+1", "1_000"])
def test_only_ascii_digits_in_range_make_a_deal_number(text: str) -> None:
    with pytest.raises(SeedError, match="not a whole number from 0 to"):
        read_seed(text)


def test_a_refusal_does_not_echo_a_long_text() -> None:
    with pytest.raises(SeedError) as refusal:
        read_seed("x" * 100_000)
    assert len(str(refusal.value)) < 120


@given(st.integers(0, MAX_SEED))
def test_every_deal_number_reads_back(seed: int) -> None:
    assert read_seed(f" {seed} ") == seed


@given(st.text(max_size=8))
def test_whole_number_agrees_with_the_ascii_reading(text: str) -> None:
    value = whole_number(text, -(10**9), 10**9)
    stripped = text.strip()
    plain = stripped.removeprefix("-")
    if plain and plain.isascii() and plain.isdigit():
        assert value == int(stripped)
    else:
        assert value is None
