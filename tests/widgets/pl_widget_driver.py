"""Drive widgets the way the page does, without a browser: messages in through the widget's comm handler,
everything the widget sends recorded on a wire comm that stands in for the kernel's socket.

The ``wire`` fixture is registered in this folder's conftest.py."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import comm
import pytest
from comm.base_comm import BaseComm


class WireComm(BaseComm):
    """A comm that records every message the widget publishes to the page, as JSON text."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.sent: list[tuple[str, str]] = []
        super().__init__(*args, **kwargs)

    def publish_msg(
        self,
        msg_type: str,
        data: dict[str, Any] | None = None,
        metadata: dict[str, Any] | None = None,
        buffers: list[bytes] | None = None,
        **keys: Any,
    ) -> None:
        """Keep the message as the JSON text that would travel to the page."""
        self.sent.append((msg_type, json.dumps(data, ensure_ascii=False)))


class Wire:
    """All comms opened during a test; ``text()`` is everything sent to the page."""

    def __init__(self) -> None:
        self.comms: list[WireComm] = []

    def text(self) -> str:
        """Every message sent to the page so far, joined."""
        return "\n".join(body for c in self.comms for _, body in c.sent)

    def clear(self) -> None:
        """Forget what was sent so far."""
        for c in self.comms:
            c.sent.clear()


@pytest.fixture
def wire(monkeypatch: pytest.MonkeyPatch) -> Iterator[Wire]:
    """Route widget comms to recording comms for the test."""
    record = Wire()

    def create(*args: Any, **kwargs: Any) -> WireComm:
        made = WireComm(*args, **kwargs)
        record.comms.append(made)
        return made

    monkeypatch.setattr(comm, "create_comm", create)
    yield record


def page_sends(widget: Any, **content: Any) -> None:
    """What the page's ``model.send({...})`` delivers: a custom comm message."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def page_sets(widget: Any, **traits: Any) -> None:
    """What the page's ``model.set(...); model.save_changes()`` delivers: an update message."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": traits}}, "buffers": []})


def synced(widget: Any) -> dict[str, Any]:
    """The ``state`` as the page receives it (through JSON)."""
    loaded: dict[str, Any] = json.loads(json.dumps(widget.get_state()["state"]))
    return loaded


def labels(cards: list[dict[str, Any]]) -> list[str]:
    """The aria-labels of a list of card JSON objects."""
    return [card["label"] for card in cards]
