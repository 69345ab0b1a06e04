"""Every request a page can send ends in a repaint with a notice or a change, never in an exception.

The page is not trusted: a hand-made message can carry any type in any field. A hypothesis fuzz sends
every intent of every widget with fields of every JSON type, and checks the widget answers with a
plain notice (a refusal in words), bounded in length, and keeps working.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pl_widget_driver import Wire, page_sends, synced

from push_learn.widgets import (
    DealStepper,
    HandRanker,
    HandView,
    MeldExplorer,
    PlayTable,
    PokerTable,
    PushChoice,
    RescueView,
    ScoreSheet,
    ThreeCardTrainer,
)
from push_learn.widgets.base import NOTICE_LIMIT, SLIP, PushWidget, intent

WIDGETS: list[type[PushWidget]] = [
    DealStepper, HandRanker, HandView, MeldExplorer, PlayTable, PokerTable, PushChoice, RescueView, ScoreSheet,
    ThreeCardTrainer,
]
WITH_INTENTS = [widget for widget in WIDGETS if widget._intents]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
field_names = st.sampled_from(["action", "by", "choice", "deal", "i", "id", "k", "level", "seat", "seed", "speed",
                               "text", "to", "card", "index", "slot", "n", "bet", "amount"])


class Clumsy(PushWidget, module="hand_view"):
    """A widget whose request handler fails the way a bug would."""

    def view_state(self) -> dict[str, Any]:
        return {"hand": [], "options": {}}

    @intent("boom")
    def _boom(self, content: Any) -> None:
        raise RuntimeError("a bug")


def test_an_unexpected_failure_ends_in_a_plain_notice_and_is_logged(
    wire: Wire, caplog: pytest.LogCaptureFixture
) -> None:
    widget = Clumsy()
    with caplog.at_level(logging.ERROR, logger="push_learn.widgets"):
        page_sends(widget, type="boom")
    assert synced(widget)["notice"]["kind"] == "error"
    assert synced(widget)["notice"]["text"] == SLIP
    assert "a bug" in caplog.text  # the teacher's log has the details; the page does not


def test_a_huge_request_is_not_echoed_back(wire: Wire) -> None:
    widget = MeldExplorer(hand="7H 8H 9H")
    page_sends(widget, type="x" * 10_000_000)
    notice = synced(widget)["notice"]
    assert notice["kind"] == "refused" and len(notice["text"]) <= NOTICE_LIMIT
    assert len(wire.text()) < 100_000


def test_the_fuzz_reaches_every_widget_that_takes_requests() -> None:
    assert {w.__name__ for w in WIDGETS} - {w.__name__ for w in WITH_INTENTS} == {"ScoreSheet"}


@pytest.mark.parametrize("widget_type", WITH_INTENTS, ids=lambda w: w.__name__)
def test_every_intent_with_junk_fields_gets_a_refusal_in_words(widget_type: type[PushWidget], wire: Wire) -> None:
    widget = widget_type() if widget_type is not HandView else HandView(hand="7H 8H JK")
    names = sorted(widget._intents)

    @settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(name=st.sampled_from(names), fields=st.dictionaries(field_names, json_values, max_size=4))
    def send(name: str, fields: dict[str, Any]) -> None:
        page_sends(widget, **{**fields, "type": name})
        notice = synced(widget)["notice"]
        assert notice is None or notice["kind"] != "error", f"{name} {fields!r} failed: see the log"
        assert notice is None or len(notice["text"]) <= NOTICE_LIMIT

    send()
