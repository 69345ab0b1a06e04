"""One record envelope for every game, read safely, and sealed so that an edited record is refused.

A record is what fixes a game: which game, its rules, the seed, the players, any set-up of the
game's own (a dealer, stacks, cards stacked on the deck) and every action in order. Every family
writes the same envelope:

>>> record = Record("push", {"decks": 2}, seed=7, players=("Ann", "Bo", "Cy", "Di"),
...                 actions=({"type": "push", "seat": 2},))
>>> Record.from_json(record.to_json()) == record
True

**Sealing.** A server that keeps a secret key seals the records its kernels write: an HMAC-SHA256
over the record's canonical JSON. Changing anything afterwards, even one discard to another card the
player held, breaks the seal:

>>> sealed = record.sealed(b"class secret")
>>> sealed.check_seal(b"class secret") is sealed
True
>>> edited = Record.from_dict({**sealed.to_dict(), "seed": 8})
>>> edited.check_seal(b"class secret")
Traceback (most recent call last):
...
push_learn.errors.RecordError: this record was changed after it was sealed, so it cannot be trusted

**Reading safely.** ``Record.from_json`` never lets malformed text through as anything but a
``RecordError``: it bounds the size and the nesting, refuses numbers that are not whole (records
hold none) and integers too long to be real, and names the field that is wrong.

**Numbering.** A bad step is named the same way in every game: the message counts from 1
("step 3 (discard 7♥) ..."), ``RecordError.index`` from 0 (see ``step_error``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from push_learn.errors import RecordError

__all__ = [
    "CHIP_LIMIT",
    "MAX_DEPTH",
    "MAX_RECORD_BYTES",
    "NAME_LIMIT",
    "SCHEMA",
    "SEAL_KEY_ENV",
    "VERSION",
    "Record",
    "canonical_json",
    "chips_over_limit",
    "cut",
    "listed",
    "load_json",
    "name_too_long",
    "read_capped",
    "same_secret",
    "seal_key_from_env",
    "short",
    "step_error",
    "whole_text",
]

SCHEMA = "push_learn.record"
"""The ``schema`` field of every record this version writes."""
VERSION = 2
"""The envelope's version (version 1 was the rummy family's own format, still read by its loader)."""
MAX_RECORD_BYTES = 2_000_000
"""The largest record text read (a five-deal Push match with every move is about 40 kB)."""
MAX_DEPTH = 16
"""The deepest nesting of lists and objects a record may hold (a meld inside an action is depth 5)."""
MAX_INT_DIGITS = 40
"""The longest whole number a record may hold (seeds are at most a few dozen digits)."""
SEAL_KEY_ENV = "PUSH_LEARN_SEAL_KEY"
"""The environment variable through which a server hands its sealing key to the kernels it starts."""
_ECHO = 80
_LIST_ECHO = 200


NAME_LIMIT = 60
"""The longest name a set of rules may carry, in every game (it titles pages and records; D-ENG-18)."""


def name_too_long(name: str) -> str:
    """Why a set of rules may not carry ``name`` (longer than ``NAME_LIMIT``), or "" when it may.

    >>> name_too_long("x" * 61)
    "the rules' name has at most 60 characters, not 61"
    """
    return f"the rules' name has at most {NAME_LIMIT} characters, not {len(name)}" if len(name) > NAME_LIMIT else ""


CHIP_LIMIT = 1_000_000
"""The most chips any setting of any game may name: a stack, an ante, a bet, a price or a pot's prize (D-POK-20)."""


def chips_over_limit(settings: object, names: Iterable[str]) -> str:
    """Why ``settings`` may not name as many chips as one of its fields ``names`` does (more than ``CHIP_LIMIT``), or
    "" when none does (a field set to None is skipped).

    >>> from types import SimpleNamespace
    >>> chips_over_limit(SimpleNamespace(ante=2_000_000, stack=5), ("ante", "stack"))
    'the setting ante is at most 1,000,000 chips, not 2000000'
    """
    for name in names:
        value = getattr(settings, name)
        if isinstance(value, int) and value > CHIP_LIMIT:
            return f"the setting {name} is at most {CHIP_LIMIT:,} chips, not {short(value, 24)}"
    return ""


def cut(text: str, limit: int) -> str:
    """``text`` itself when it has at most ``limit`` characters, else its start and "…".

    >>> cut("a long sentence", 6)
    'a lon…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def listed(items: Iterable[object], limit: int = _LIST_ECHO) -> str:
    """``items`` joined by commas, cut to ``limit`` characters (names a refusal lists, never echoed whole).

    >>> listed(["North", "East"]), listed(["x" * 300])[-3:]
    ('North, East', 'xx…')
    """
    return cut(", ".join(map(str, items)), limit)


def short(value: object, limit: int = _ECHO) -> str:
    """``repr(value)`` cut to ``limit`` characters, so that a refusal never echoes a huge input.

    >>> short("x" * 1000, 12)
    "'xxxxxxxxxx…"
    """
    return cut(repr(value), limit)


def step_error(index: int, action: object, reason: str) -> RecordError:
    """The error for a record's bad step ``index`` (0-based): the message counts from 1.

    >>> err = step_error(2, "discard 7♥", "South does not hold 7♥")
    >>> str(err), err.index
    ('step 3 (discard 7♥) cannot be played: South does not hold 7♥', 2)
    """
    text = cut(action, 120) if isinstance(action, str) else short(action)
    return RecordError(f"step {index + 1} ({text}) cannot be played: {cut(reason, 400)}", index)


def _text_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text, brackets inside strings not counted."""
    depth = running = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            running += 1
            if running > depth:
                depth = running
                if depth > MAX_DEPTH:
                    return depth
        elif char in "]}":
            running -= 1
    return depth


def _no_float(text: str) -> Any:
    raise RecordError(f"a record holds only whole numbers, not {short(text)}")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise RecordError(f"a number of {len(text)} digits is too long for a record")
    return int(text)


def _utf8_size(text: str) -> int:
    """The number of bytes ``text`` is in UTF-8, counted a slice at a time so that a long text is never copied
    whole (a lone surrogate counts as the 3 bytes it would take).

    >>> _utf8_size("7♥"), _utf8_size("🂡")
    (4, 4)
    """
    step = 1 << 16
    return sum(len(text[start:start + step].encode("utf-8", "surrogatepass")) for start in range(0, len(text), step))


def load_json(text: str | bytes, what: str = "record", max_bytes: int = MAX_RECORD_BYTES) -> Any:
    """Parse JSON text as a record's plain values, or raise ``RecordError`` in plain words.

    Refused: more than ``max_bytes`` bytes of UTF-8 (text given as ``str`` is measured as its UTF-8 bytes, not
    its characters: a ``€`` is 3 bytes), text that is not UTF-8 JSON, nesting deeper than ``MAX_DEPTH``,
    numbers that are not whole (``1.0``, ``1e400``, ``NaN``) and integers of over 40 digits.

    >>> load_json('{"seed": 7}')
    {'seed': 7}
    >>> load_json("[" * 1000 + "]" * 1000)
    Traceback (most recent call last):
    ...
    push_learn.errors.RecordError: the record is nested too deeply to be a record
    """
    size = len(text)
    if isinstance(text, str) and 4 * size > max_bytes:  # one character is 1 to 4 bytes: count them when it matters
        size = _utf8_size(text)
    if size > max_bytes:
        raise RecordError(f"the {what} is {size:,} bytes long; a {what} is at most {max_bytes:,}")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RecordError(f"the {what} is not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    text = text.lstrip("\ufeff")
    # Nesting is counted before parsing: the standard parser recurses once per level.
    if _text_depth(text) > MAX_DEPTH:
        raise RecordError(f"the {what} is nested too deeply to be a {what}")
    try:
        return json.loads(text, parse_float=_no_float, parse_int=_bounded_int, parse_constant=_no_float)
    except json.JSONDecodeError as exc:
        raise RecordError(f"the {what} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") \
            from None
    except RecursionError:  # pragma: no cover - the depth check above comes first
        raise RecordError(f"the {what} is nested too deeply to be a {what}") from None


def read_capped(path: str | os.PathLike[str], what: str = "record", max_bytes: int = MAX_RECORD_BYTES) -> bytes:
    """The bytes of a file no larger than ``max_bytes``; ``RecordError`` in words for a larger one, or for a file
    that cannot be read (none there, a folder, not allowed).

    Never reads more than ``max_bytes + 1`` bytes, whatever the file (a device, a growing log).

    >>> read_capped("no-such-game.json")
    Traceback (most recent call last):
    ...
    push_learn.errors.RecordError: there is no record file 'no-such-game.json'
    """
    shown = short(os.fspath(path), 300)  # a path as the person typed it: long ones are cut, never echoed whole
    try:
        with open(path, "rb") as file:
            data = file.read(max_bytes + 1)
    except FileNotFoundError:
        raise RecordError(f"there is no {what} file {shown}") from None
    except IsADirectoryError:
        raise RecordError(f"{shown} is a folder, not a {what} file") from None
    except PermissionError:
        raise RecordError(f"the {what} file {shown} may not be read here") from None
    except OSError as error:
        raise RecordError(f"the {what} file {shown} could not be read ({error.strerror})") from None
    if len(data) > max_bytes:
        raise RecordError(f"the {what} file is larger than {max_bytes:,} bytes, so it is not a {what}")
    return data


def canonical_json(data: Any) -> bytes:
    """The one byte string a record's values are sealed over: sorted keys, no spaces, UTF-8."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()


def seal_key_from_env() -> bytes | None:
    """The sealing key the server handed down through ``PUSH_LEARN_SEAL_KEY``, or ``None``."""
    value = os.environ.get(SEAL_KEY_ENV, "")
    return value.encode() if value else None


def whole_text(text: str) -> bool:
    """Whether ``text`` has a UTF-8 form: no lone surrogate (JSON's ``"\\ud800"``, half of the pair of codes
    that writes one character such as an emoji), so it can be sealed, stored and sent.

    >>> whole_text("7♥ 🃏"), whole_text("\\ud800")
    (True, False)
    """
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def same_secret(given: str, expected: str) -> bool:
    """Whether ``given`` (from a request: a seal, a token, a signature) is ``expected``, in a time that does not
    depend on where they differ. Compared as UTF-8 bytes, lone surrogates kept: ``hmac.compare_digest`` refuses
    text with letters beyond ASCII, which would turn a typed-over secret into an error instead of a no.

    >>> same_secret("é", "abc"), same_secret("abc", "abc")
    (False, True)
    """
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass"))


def _whole_text(text: str, where: str) -> None:
    """Refuse text with no UTF-8 form (``whole_text``): a record holding it could be neither sealed nor stored."""
    if not whole_text(text):
        raise RecordError(f"the record's {where} hold {short(text)}, which is not whole Unicode text "
                          "(half of a pair of codes that writes one character such as an emoji)")


def _plain(value: Any, where: str) -> Any:
    """Check that ``value`` holds only JSON's plain values with whole numbers and whole Unicode text, nested
    at most ``MAX_DEPTH`` objects and arrays deep (a tuple is a sequence of values and adds no level); return
    it."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _whole_text(item, where)
        elif isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                raise RecordError(f"the record's {where} are nested too deeply")
            if isinstance(item, dict):
                if not all(isinstance(key, str) for key in item):
                    raise RecordError(f"the record's {where} have a key that is not text")
                for key in item:
                    _whole_text(key, where)
                item = item.values()
            stack.extend((child, depth + 1) for child in item)
        elif isinstance(item, tuple):
            stack.extend((child, depth) for child in item)
        elif isinstance(item, float):
            raise RecordError(f"the record's {where} hold {short(item)}, and a record holds only whole numbers")
        elif item is not None and not isinstance(item, int | bool):
            raise RecordError(f"the record's {where} hold {short(item)}, which is not a JSON value")
    return value


@dataclass(frozen=True)
class Record:
    """Everything that fixes a game, in the envelope every family shares.

    ``game`` names the game (``push``, ``cap_it``, ``six_to_ten``, ``push_stud``, ``screw``,
    ``brag``, ``three_card_poker``; see ``push_learn.games``); ``rules`` are its rules as plain
    values; ``setup`` holds anything else a game needs to start (a dealer, stacks, scripted cards);
    ``actions`` are the actions' JSON, each naming its seat. ``notes`` are facts about how the game
    was played that do not change it (``{"hints": 2}``: hints the student asked for), sealed with the
    rest and never read by a game. ``seal`` is the hex HMAC, or ``None``.
    """

    game: str
    rules: Mapping[str, Any]
    seed: int | str
    players: tuple[str, ...] | None = None
    actions: tuple[Mapping[str, Any], ...] = ()
    setup: Mapping[str, Any] = field(default_factory=dict)
    notes: Mapping[str, Any] = field(default_factory=dict)
    seal: str | None = None

    def __len__(self) -> int:
        return len(self.actions)

    # ---- plain values ------------------------------------------------------------------------
    def body(self) -> dict[str, Any]:
        """The record's values without the seal: what the seal is computed over."""
        return {
            "schema": SCHEMA,
            "version": VERSION,
            "game": self.game,
            "rules": dict(self.rules),
            "seed": self.seed,
            "players": None if self.players is None else list(self.players),
            "setup": dict(self.setup),
            "actions": [dict(action) for action in self.actions],
            "notes": dict(self.notes),
        }

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON values (with its seal when it has one)."""
        data = self.body()
        if self.seal is not None:
            data["seal"] = self.seal
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Read the envelope (not the game's own fields: replaying checks those); ``RecordError`` if bad."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("schema") != SCHEMA:
            raise RecordError(f"this is not a push_learn record (schema {short(data.get('schema'))})")
        if data.get("version") != VERSION:
            version = short(data.get("version"))
            raise RecordError(f"record version {version} is not supported (this code reads {VERSION})")
        unknown = sorted(set(data) - {"schema", "version", "game", "rules", "seed", "players", "setup", "actions",
                                      "notes", "seal"})
        if unknown:
            raise RecordError(f"a record has no field {short(unknown[0])}")
        game = data.get("game")
        if not isinstance(game, str) or not game:
            raise RecordError("the record does not say which game it is")
        rules = data.get("rules")
        if not isinstance(rules, dict):
            raise RecordError("the record's rules must be an object of settings")
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise RecordError(f"the record's seed must be a whole number or text, not {short(seed)}")
        players = data.get("players")
        if players is not None and not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
            raise RecordError("the record's players must be a list of names")
        setup = data.get("setup", {})
        if not isinstance(setup, dict):
            raise RecordError("the record's set-up must be an object")
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise RecordError("the record's actions must be a list")
        for index, action in enumerate(actions):
            if not isinstance(action, dict):
                raise step_error(index, action, "an action is written as an object such as {\"type\": ...}")
        notes = data.get("notes", {})
        if not isinstance(notes, dict):
            raise RecordError("the record's notes must be an object")
        seal = data.get("seal")
        if seal is not None and not isinstance(seal, str):
            raise RecordError("the record's seal must be text")
        _plain([game, seed, seal], "game, seed and seal")
        return cls(
            game,
            _plain(rules, "rules"),
            seed,
            None if players is None else tuple(_plain(players, "players")),
            tuple(_plain(action, "actions") for action in actions),
            _plain(setup, "set-up"),
            _plain(notes, "notes"),
            seal,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Read a record from JSON text, safely (see ``load_json``)."""
        return cls.from_dict(load_json(text))

    # ---- sealing -----------------------------------------------------------------------------
    def digest(self, key: bytes) -> str:
        """The hex HMAC-SHA256 of the record's canonical JSON under ``key``."""
        return hmac.new(key, canonical_json(self.body()), hashlib.sha256).hexdigest()

    def sealed(self, key: bytes) -> Record:
        """This record with its seal under ``key``."""
        if not key:
            raise ValueError("a seal needs a key that is not empty")
        return replace(self, seal=self.digest(key))

    def check_seal(self, key: bytes) -> Record:
        """Return the record when its seal is right for ``key``; else raise ``RecordError``."""
        if self.seal is None:
            raise RecordError("this record is not sealed, so it cannot be trusted")
        if not same_secret(self.seal, self.digest(key)):
            raise RecordError("this record was changed after it was sealed, so it cannot be trusted")
        return self

    def with_actions(self, actions: Sequence[Mapping[str, Any]]) -> Record:
        """The same game with other actions (unsealed: a seal vouches for one list of actions)."""
        return replace(self, actions=tuple(actions), seal=None)

    def prefix(self, n: int | None) -> Record:
        """The record of the game after its first ``n`` actions (all of them for None); ``RecordError`` in words
        for an ``n`` outside the record."""
        if n is None:
            return self
        if not 0 <= n <= len(self.actions):
            raise RecordError(f"this record has {len(self.actions)} actions, so it cannot be replayed to {n}")
        return self.with_actions(self.actions[:n])
