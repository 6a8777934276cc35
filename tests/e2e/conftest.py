"""Fixtures of the end-to-end tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def quick_pilot(monkeypatch):
    """Pilot's waits, cut to what the app needs.

    After each key, click or pause, Pilot waits until the app has done no work for a
    whole slice of 1/50 s (twice per key: 40 ms at the least), and the screen lays
    itself out and repaints on a timer of 1/60 s after the last change. The slice must
    stay longer than that timer, or a test could read a screen not yet laid out. Here
    the timer is 2 ms and the slice 5 ms: the same order, and a key costs the app's own
    work instead of 40 ms and more of sleep. A test that reads the screen or the store
    after a key sees what it saw before, sooner.

    Textual is pinned (pyproject.toml); ``monkeypatch`` fails at once if either name
    goes away in another version.
    """
    import textual._wait
    import textual.screen

    monkeypatch.setattr(textual.screen, "UPDATE_PERIOD", 0.002)
    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", 0.005)
