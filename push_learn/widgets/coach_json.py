"""The coach's advice (push_learn.rummy.coach) as the JSON the pages show: hints, take-or-push, refusals.

The coach reads only the seat's observation; this module only turns its sentences into page text.
"""

from __future__ import annotations

import random
from typing import Any

from push_learn.rummy.coach import advise, draw_advice, explain_illegal
from push_learn.rummy.engine import Action, Observation

__all__ = ["draw_json", "hint_json", "refusal_help", "sentence"]

SAMPLES = 30
"""Sampled deals behind the coach's chance estimates (enough to rank the options, quick enough for a click)."""


def sentence(text: str) -> str:
    """The coach's line as a sentence: capital first letter, final full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."


def hint_json(view: Observation, rng: random.Random) -> dict[str, Any]:
    """The coach's advice for the seat to move: ``{"title", "lines"}``."""
    advice = advise(view, samples=SAMPLES, rng=rng)
    title = f"Hint: {advice.title[0].lower()}{advice.title[1:]}"
    return {"title": title, "lines": [sentence(line) for line in advice.lines]}


def draw_json(view: Observation, rng: random.Random) -> dict[str, Any]:
    """Take or push: the coach's lines for each option, its recommendation and its one-line summary."""
    advice = draw_advice(view, samples=SAMPLES, rng=rng)
    return {
        "take": [sentence(line) for line in advice.take.lines],
        "push": None if advice.push is None else [sentence(line) for line in advice.push.lines],
        "take_chance": advice.take.chance,
        "push_chance": None if advice.push is None else advice.push.chance,
        "recommend": advice.recommend,
        "summary": sentence(advice.summary),
    }


def refusal_help(view: Observation, action: Action) -> str:
    """After the engine refused ``action``: the coach's nearest legal alternative, as a sentence."""
    return sentence(explain_illegal(view, action).suggestion)
