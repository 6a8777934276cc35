"""Engine speed as a user meets it: ``tabletop simulate GAME --json`` (the random bot) in a
fresh process, against the anchor, OpenSpiel's pure-Python tic-tac-toe played by a random
loop (tests/bench/openspiel_anchor.py), run in the same round just before it.

    .venv/bin/python -m pytest tests/bench/test_engine_speed.py --benchmark-enable

Goals (issue 28; issue 17 asked senji 0.5 and harakiri 0.25), as the ratio of actions per
second to the anchor's in the same round: spirit and duel at least 1.0, senji 1.0, harakiri 0.5. Each round's figures go to
``extra_info`` (the medians of ``actions_per_second``, of the anchor's and of the ratios,
and every round's); nothing is asserted, since a loaded machine moves both sides. The
anchor needs open_spiel (the optional ``bench`` extra, or the interpreter named by
TABLETOP_ANCHOR_PYTHON, /tmp/anchorvenv/bin/python by default): without it only
tabletop's figure is recorded. Without --benchmark-enable each game plays a few games
once, as a smoke test of the command and of its JSON.
"""

from __future__ import annotations

import importlib.util
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ANCHOR_SCRIPT = HERE / "openspiel_anchor.py"
TABLETOP = Path(sys.executable).with_name("tabletop")
GOALS = {"spirit": 1.0, "duel": 1.0, "senji": 1.0, "harakiri": 0.5}
SECONDS = 3.0  # each measured run plays for about this long, as the issue asks
ROUNDS = 5


def _anchor_python() -> str | None:
    """An interpreter that can import open_spiel, or None."""
    if importlib.util.find_spec("open_spiel") is not None:
        return sys.executable
    other = os.environ.get("TABLETOP_ANCHOR_PYTHON", "/tmp/anchorvenv/bin/python")
    return other if Path(other).exists() else None


def _run(argv: list[str]) -> dict:
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600, check=True)
    return json.loads(done.stdout)


def _tabletop(game: str, games: int) -> dict:
    return _run([str(TABLETOP), "simulate", game, "--games", str(games), "--seed", "1", "--json"])


def _anchor(python: str, games: int) -> dict:
    return _run([python, str(ANCHOR_SCRIPT), "--games", str(games), "--seed", "1"])


def _games_for(run, games: int, seconds: float) -> int:
    """How many games fill ``seconds``, from a run of ``games`` grown until it lasts a
    noticeable time (a short run is mostly its first game's loading)."""
    report = run(games)
    while report["seconds"] < seconds / 6:
        games *= 5
        report = run(games)
    return max(games, int(seconds * games / report["seconds"]))


@pytest.fixture
def data_env(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))


@pytest.mark.parametrize("game", list(GOALS))
def test_simulate_speed_against_the_anchor(benchmark, data_env, game):
    python = _anchor_python()
    smoke = benchmark.disabled
    # A first run checks the command; short runs set how many games fill the measured time.
    first = _tabletop(game, 2)
    assert first["errors"] == 0 and first["games"] == first["finished"] == 2
    games = 2 if smoke else _games_for(lambda n: _tabletop(game, n), 10, SECONDS)
    anchor_games = 200
    if python and not smoke:
        anchor_games = _games_for(lambda n: _anchor(python, n), 1000, SECONDS)
    rounds: list[dict] = []

    def anchor_first():
        rounds.append({"anchor": _anchor(python, anchor_games)["actions_per_second"]}
                      if python else {})

    def measure():
        report = _tabletop(game, games)
        rounds[-1]["tabletop"] = report["actions_per_second"]

    benchmark.pedantic(measure, setup=anchor_first, rounds=1 if smoke else ROUNDS, iterations=1)
    info = benchmark.extra_info
    info.update(game=game, bot="random", games=games, goal_ratio=GOALS[game],
                actions_per_second=statistics.median(r["tabletop"] for r in rounds))
    if python:
        info.update(anchor="python_tic_tac_toe (OpenSpiel 2.0.2)", anchor_games=anchor_games,
                    anchor_actions_per_second=statistics.median(r["anchor"] for r in rounds),
                    ratio=round(statistics.median(r["tabletop"] / r["anchor"] for r in rounds), 3))
    else:
        info["anchor"] = "not measured: open_spiel is not installed"
    info["rounds"] = rounds
