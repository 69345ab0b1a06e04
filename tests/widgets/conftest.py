"""Fixtures of the widget tests (see pl_widget_driver.py)."""

from __future__ import annotations

from pl_widget_driver import wire

__all__ = ["wire"]
