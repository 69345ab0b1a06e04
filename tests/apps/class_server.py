"""A class server as a dashboard kernel meets it, for the tests of class deals without a browser (D-CLS-06,
D-CLS-07): it answers the deal, keeps moves and takes results, and remembers what the kernel sent."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from push_learn.classroom import client
from push_learn.games import GAMES
from push_learn.records import SEAL_KEY_ENV, Record

SEED = 424242424242
KEY = b"server key"


def class_deal(game: str = "push_stud", **changes: Any) -> dict[str, Any]:
    """What the class server answers a dashboard kernel asking for the class's deal (``ClassService.deal_for``)."""
    return {"id": 7, "game": game, "variant": game, "deal_number": 77, "bot_level": "threshold",
            "dashboards": ["push_stud"], "seed": SEED, "rules": dict(GAMES[game].new(seed=0).record().rules),
            "student": "Ann", "text": f"{GAMES[game].title}, deal 77, against threshold bots", "opens": 1,
            "progress": None, **changes}


@dataclass
class FakeServer:
    """The class server as a dashboard kernel meets it: it answers the deal (``deal``), keeps moves (``progress``)
    and takes results; ``sent`` is what the kernel sent it, in order."""

    deal: dict[str, Any] = field(default_factory=class_deal)
    sent: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def send(self, action: str, payload: dict[str, Any]) -> dict[str, Any]:
        """Answer one request of the kernel."""
        self.sent.append((action, payload))
        if action == "deal":
            return self.deal
        if action == "progress":
            return {"moves": len(Record.from_json(payload["record"]).actions)}
        return {"text": "won $3 (took a share of a pot), 4 moves, 1 hints"}


def serve_class(monkeypatch: pytest.MonkeyPatch) -> FakeServer:
    """A class server for the dashboard kernel of these tests (its address and sealing key in the environment)."""
    monkeypatch.setenv(SEAL_KEY_ENV, KEY.decode())
    monkeypatch.setenv("PUSH_LEARN_CLASS_SERVICE", "http://127.0.0.1:9/")
    fake = FakeServer()
    monkeypatch.setattr(client, "send", fake.send)
    return fake




def assert_free_game_instead(dashboard: Any, table: type, title: str, server: FakeServer,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    """``dashboard`` (an ``App`` type) opened on a class's deal of another game (Push), then from a page no class
    server opened, plays a free game (not a ``table``) each time, with a note saying why; ``title`` is its game's."""
    server.deal = class_deal("push")
    app = dashboard.from_query("assignment=7")
    assert not isinstance(app.main, table)
    assert app.notes == [f"The class's deal is a game of Push, not of {title}: open it from the landing page. "
                         "This is a free game."]
    monkeypatch.delenv("PUSH_LEARN_CLASS_SERVICE")
    app = dashboard.from_query("assignment=7")
    assert not isinstance(app.main, table)
    assert any("not opened from a class server" in note for note in app.notes)
