"""The record envelope: plain values only, bounded input, one step numbering, and the seal."""

from __future__ import annotations

import json

import pytest

from push_learn.errors import RecordError
from push_learn.records import MAX_DEPTH, MAX_RECORD_BYTES, Record, canonical_json, load_json, short, step_error

KEY = b"a class secret"


def _record() -> Record:
    return Record("push", {"decks": 2}, 7, ("Ann", "Bo", "Cy", "Di"),
                  ({"type": "push", "seat": 2}, {"type": "discard", "seat": 2, "card": "7H"}), {"dealer": 1})


def test_a_record_round_trips_through_json() -> None:
    record = _record()
    assert Record.from_json(record.to_json()) == record
    assert Record.from_json(record.sealed(KEY).to_json()) == record.sealed(KEY)


def test_an_edited_sealed_record_is_refused_even_when_the_edit_is_plausible() -> None:
    sealed = _record().sealed(KEY)
    assert sealed.check_seal(KEY) is sealed
    data = sealed.to_dict()
    data["actions"][1]["card"] = "8H"  # another card the player might have held
    with pytest.raises(RecordError, match="changed after it was sealed"):
        Record.from_dict(data).check_seal(KEY)
    with pytest.raises(RecordError, match="changed after it was sealed"):
        sealed.check_seal(b"another key")
    with pytest.raises(RecordError, match="not sealed"):
        _record().check_seal(KEY)


@pytest.mark.parametrize("seal", ["é" * 64, "🃏", "0" * 63 + "\u0660", ""])
def test_a_seal_of_any_text_is_refused_in_words(seal: str) -> None:
    data = _record().sealed(KEY).to_dict()
    data["seal"] = seal  # someone typed over the seal, with letters that are not hex
    with pytest.raises(RecordError, match="changed after it was sealed"):
        Record.from_dict(data).check_seal(KEY)


def test_the_seal_is_over_canonical_json_so_key_order_and_spacing_do_not_matter() -> None:
    sealed = _record().sealed(KEY)
    text = json.dumps(dict(reversed(list(sealed.to_dict().items()))), indent=3)
    assert Record.from_json(text).check_seal(KEY) == sealed
    assert canonical_json({"b": 1, "a": [1, "é"]}) == '{"a":[1,"é"],"b":1}'.encode()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 1000 + "]" * 1000, "nested too deeply"),
        ('{"seed": ' + "9" * 4400 + "}", "too long"),
        ('{"seed": 1e400}', "whole numbers"),
        ('{"seed": NaN}', "whole numbers"),
        ('{"target": 1.0}', "whole numbers"),
        ("{not json", "not valid JSON"),
        (b"\xff\xfe", "not UTF-8"),
        ("x" * 3_000_000, "bytes long"),
    ],
)
def test_malformed_text_is_a_record_error_in_words(text: str | bytes, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        load_json(text)


@pytest.mark.parametrize("char", ["é", "€", "🂡"])
def test_the_size_limit_counts_utf8_bytes_not_characters(char: str) -> None:
    """A record of many-byte characters is measured as the bytes it is, whether it is given as text or bytes."""
    width = len(char.encode())
    under = '["' + char * ((100 - 4) // width) + '"]'  # at most 100 bytes, and far fewer than 100 characters
    over = '["' + char * ((100 - 4) // width + 1) + '"]'  # just over 100 bytes
    assert len(under.encode()) <= 100 < len(over.encode()) and len(over) < 100
    for text in (under, under.encode()):
        assert load_json(text, max_bytes=100) == [char * ((100 - 4) // width)]
    words = f"the record is {len(over.encode())} bytes long; a record is at most 100"
    for text in (over, over.encode()):
        with pytest.raises(RecordError, match=words):
            load_json(text, max_bytes=100)


def test_the_default_limit_refuses_text_of_few_characters_but_too_many_bytes() -> None:
    text = '["' + "€" * (MAX_RECORD_BYTES // 3) + '"]'
    assert len(text) < MAX_RECORD_BYTES < len(text.encode())
    with pytest.raises(RecordError, match="bytes long"):
        load_json(text)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    name = "[" * (MAX_DEPTH * 3) + '\\"{'
    assert load_json('{"players": ["' + name + '"]}') == {"players": ["[" * (MAX_DEPTH * 3) + '"{']}


def test_a_byte_order_mark_is_accepted() -> None:
    assert load_json("\ufeff{}".encode()) == {}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"schema": "other"}, "not a push_learn record"),
        ({"version": 9}, "version 9"),
        ({"game": ""}, "which game"),
        ({"rules": []}, "rules must be an object"),
        ({"seed": True}, "seed must be"),
        ({"players": "Ann"}, "list of names"),
        ({"setup": 3}, "set-up must be"),
        ({"actions": {}}, "actions must be a list"),
        ({"actions": [["push"]]}, "step 1"),
        ({"rules": {"x": 1.5}}, "whole numbers"),
        ({"notes": {"x": (1, [2.5])}}, "whole numbers"),
        ({"setup": {"x": {1: 2}}}, "key that is not text"),
        ({"notes": {"x": [[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]}}, "nested too deeply"),
        ({"seal": 5}, "seal must be text"),
        ({"extra": 1}, "no field"),
    ],
)
def test_a_bad_envelope_names_what_is_wrong(change: dict[str, object], words: str) -> None:
    data = {**_record().to_dict(), **change}
    with pytest.raises(RecordError, match=words):
        Record.from_dict(data)


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["players"].__setitem__(0, "Ann\ud800"),
        lambda d: d.__setitem__("game", "\udc00"),
        lambda d: d.__setitem__("seed", "seed\udfff"),
        lambda d: d["rules"].__setitem__("\ud83c", 1),
        lambda d: d["actions"][1].__setitem__("card", "7\ud800"),
        lambda d: d["notes"].__setitem__("hints", ["\udbff"]),
    ],
)
def test_text_with_half_an_emoji_is_refused_in_words_and_never_breaks_the_seal(edit: object) -> None:
    """A lone surrogate ("\\ud800" in JSON, half of an emoji's pair) is not text a record can hold or seal."""
    data = _record().to_dict()
    edit(data)  # type: ignore[operator]
    for text in (json.dumps(data), json.dumps(data, ensure_ascii=False)):
        with pytest.raises(RecordError, match="not whole Unicode text"):
            Record.from_json(text)
    with pytest.raises(RecordError, match="not whole Unicode text"):
        Record.from_dict(data)


def test_an_emoji_written_as_a_surrogate_pair_is_read() -> None:
    data = {**_record().to_dict(), "players": ["Ann \U0001f0cf", "Bo", "Cy", "Di"]}
    record = Record.from_json(json.dumps(data))  # ensure_ascii: the emoji as "\\ud83c\\udccf"
    assert record.players == ("Ann \U0001f0cf", "Bo", "Cy", "Di")
    assert record.sealed(KEY).check_seal(KEY).players == record.players


def test_nesting_up_to_the_limit_is_accepted() -> None:
    deep: object = []
    for _ in range(MAX_DEPTH - 2):
        deep = [deep]
    data = {**_record().to_dict(), "notes": {"x": deep}}
    assert Record.from_dict(data).notes == {"x": deep}


def test_steps_are_counted_from_one_in_words_and_from_zero_in_the_index() -> None:
    error = step_error(0, "push", "it is West's turn, not South's")
    assert str(error).startswith("step 1 (push)") and error.index == 0


def test_echoed_values_are_short() -> None:
    assert len(short("x" * 10_000_000)) <= 80
    error = step_error(3, {"type": "x" * 10_000}, "unknown")
    assert len(str(error)) < 200
