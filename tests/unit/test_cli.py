"""The command line: bad arguments give one line and exit code 2; simulate reports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import cli, saves
from tabletop.store import Store
from tests.games.nim import NIM, NimOptions

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def with_nim(monkeypatch):
    monkeypatch.setenv("TABLETOP_EXTRA_GAMES", "nim=tests.games.nim:NIM")


def run(args, capsys):
    try:
        code = cli.main(args)
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["frobnicate"], "unknown command"),
        (["play"], "needs a game"),
        (["play", "chess"], "unknown game 'chess'"),
        (["simulate", "nim", "--games", "many"], "'many' is not a whole number"),
        (["simulate", "nim", "--games", "0"], "--games: must be a whole number from 1 to"),
        (["simulate", "nim", "--max-actions", "0"], "--max-actions: must be a whole number from 1"),
        (["simulate", "nim", "--seed", "9" * 5000], "--seed: must be a whole number from 0 to"),
        (["play", "x" * 5000], "unknown game 'xxxxxxxx"),
        (["simulate", "nim", "--bot", "genius"], "no bot named 'genius'"),
        (["simulate", "nim", "--stones", "2"], "--stones: 2 is out of range (5 to 60)"),
        (["simulate", "nim", "--die", "d20"], "invalid choice"),
        (["simulate", "nim", "--seed", "-4"], "--seed: must be a whole number from 0"),
        (["play", "nim", "--bogus"], "unrecognized arguments"),
        (["rules"], "usage: tabletop rules GAME"),
        (["load"], "usage: tabletop load FILE"),
    ],
)
def test_bad_arguments_one_line_exit_2(with_nim, capsys, args, fragment):
    code, out, err = run(args, capsys)
    assert code == 2
    assert fragment in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert len(err) < 240, "a long value is shortened in the message"


def test_unavailable_game_is_named(capsys, monkeypatch):
    from tabletop import catalog

    monkeypatch.setattr(catalog, "REGISTERED", {})
    code, _, err = run(["play", "senji"], capsys)
    assert code == 2 and "Senji is not available yet" in err


def test_version_and_help(capsys):
    code, out, _ = run(["--version"], capsys)
    assert code == 0 and out.startswith("tabletop ")
    code, out, _ = run(["--help"], capsys)
    assert code == 0 and "tabletop simulate GAME" in out


def test_rules_prints_the_reference(capsys):
    code, out, _ = run(["rules", "spirit"], capsys)
    assert code == 0 and out.startswith("# ")


def test_simulate_reports_every_figure(with_nim, capsys):
    code, out, _ = run(["simulate", "nim", "--games", "20", "--seed", "3", "--json"], capsys)
    report = json.loads(out)
    assert code == 0
    assert report["games"] == 20 and report["finished"] == 20 and report["errors"] == 0
    assert sum(report["results"].values()) == 20
    assert report["mean_actions_per_game"] > 1 and report["actions_per_second"] > 0
    code, out, _ = run(["simulate", "nim", "--games", "5", "--bot", "greedy", "--players", "3"], capsys)
    assert code == 0 and "finished    5" in out and "actions/s" in out


def test_load_of_a_bad_file_exit_1_one_sentence(tmp_path, capsys, with_nim):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "tabletop-save", "version": 1, "game": "nim", "opt')
    code, _, err = run(["load", str(path)], capsys)
    assert code == 1
    assert "cut off" in err and err.count("\n") == 1


def test_load_of_a_tampered_file_names_the_action(tmp_path, capsys, with_nim):
    store = Store.new(NIM, NimOptions(), seed=2)
    store.dispatch(store.legal_actions()[0])
    data = saves.envelope(store)
    data["actions"].append({"kind": "select", "index": 9})
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data))
    code, _, err = run(["load", str(path)], capsys)
    assert code == 1 and "Action 2" in err


def test_the_installed_command_runs(tmp_path):
    exe = Path(sys.executable).with_name("tabletop")
    env = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path)}
    out = subprocess.run([str(exe), "play", "nowhere"], capture_output=True, text=True, env=env)
    assert out.returncode == 2 and out.stderr.startswith("tabletop: unknown game")
