"""The tutorials' exercises: ``tutorial("03")`` gives a notebook its exercises, marked with instant feedback.

The right answers come from the rules core (``push_learn.tutor_answers``, each exercise from its own
seed); marking a student's answer is ``push_learn.marking``'s job. A notebook starts with::

    from push_learn.tutor import tutorial
    tutor = tutorial("03")
    tutor.check(1, answer)      # ✅ Right! / ❌ Not quite: ... / 🤔 That is the right card, but ...
"""

from __future__ import annotations

from push_learn.marking import Exercise, Mistake, NotRight, Tutorial, Verdict, check, verdict

__all__ = ["Exercise", "Mistake", "NotRight", "Tutorial", "Verdict", "check", "tutorial", "verdict"]


def tutorial(name: str) -> Tutorial:
    """The exercises of the tutorial ``name`` ("01" or "01-cards-and-melds"), with fresh try counts."""
    from push_learn.tutor_answers import exercises  # the answers ask the rules core; keep this module light

    return Tutorial(name, exercises(name[:2]))
