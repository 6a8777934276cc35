"""The menu's first frame as a user meets it: a fresh process in a pseudo-terminal of
80x24, timed from spawn to the menu on screen, against a bare Textual app (a header, an
option list and a footer) measured the same way in the same run.

    .venv/bin/python -m pytest tests/bench/test_cold_start.py --benchmark-enable

Goal (issue: install anywhere, start at once): tabletop's median at most 1.3x the bare
app's. Without --benchmark-enable each runs once, as a smoke test that both start."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.bench.coldstart import first_frame_seconds

HERE = Path(__file__).resolve().parent
TABLETOP = [str(Path(sys.executable).with_name("tabletop"))]
BARE = [sys.executable, str(HERE / "bare_app.py")]
MARKER = "Rules help"  # the menu's second-last row; the bare app lists the same rows


@pytest.fixture
def data_env(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))


@pytest.mark.parametrize("name, argv", [("bare textual", BARE), ("tabletop menu", TABLETOP)])
def test_cold_first_frame(benchmark, data_env, name, argv):
    first_frame_seconds(argv, MARKER)  # warm the disk cache, as a second launch would be
    benchmark.pedantic(lambda: first_frame_seconds(argv, MARKER), rounds=9, iterations=1)
    benchmark.extra_info["program"] = name
