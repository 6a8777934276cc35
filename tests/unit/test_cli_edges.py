"""The command as a shell user meets it: no terminal, a closed pipe, a full disk, Ctrl-C,
and the light commands that must not load Textual or a rulebook."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

EXE = str(Path(sys.executable).with_name("tabletop"))


def env(tmp_path):
    return {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path)}


@pytest.mark.parametrize("argv", [[], ["play", "duel"]])
def test_the_board_refuses_to_start_without_a_terminal(tmp_path, argv):
    out = subprocess.run([EXE, *argv], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                         env=env(tmp_path), timeout=30)
    assert out.returncode == 2
    assert out.stderr.startswith("tabletop: the game needs a terminal") and out.stderr.count("\n") == 1


def test_a_closed_pipe_ends_quietly(tmp_path):
    proc = subprocess.Popen([EXE, "rules", "senji"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env(tmp_path))
    proc.stdout.read(10)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=30)
    assert err == "", err


def test_a_full_disk_gives_one_line(tmp_path):
    with open("/dev/full", "w") as full:
        out = subprocess.run([EXE, "rules", "senji"], stdout=full, stderr=subprocess.PIPE, text=True,
                             env=env(tmp_path), timeout=30)
    assert out.returncode == 1
    assert out.stderr.startswith("tabletop: cannot write the output") and out.stderr.count("\n") == 1


# `tabletop simulate` with a word on stderr once its first game is over, so the test waits
# for that instead of a fixed time (a loaded machine may take seconds to get there).
SIMULATE_TELLING = """
import sys
from tabletop import cli, simulate

play_into = simulate._play_into

def telling(report, *rest):
    play_into(report, *rest)
    if report.games == 1:
        print("one game played", file=sys.stderr, flush=True)

simulate._play_into = telling
raise SystemExit(cli.main(sys.argv[1:]))
"""


def test_ctrl_c_in_simulate_prints_the_partial_report(tmp_path):
    proc = subprocess.Popen([sys.executable, "-c", SIMULATE_TELLING, "simulate", "spirit", "--games", "1000000",
                             "--seed", "1", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(tmp_path))
    assert proc.stderr.readline() == "one game played\n"  # waits as long as the first game takes
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert "Traceback" not in err
    report = json.loads(out)
    assert report["interrupted"] is True
    assert 0 < report["games"] < 1_000_000 and report["finished"] + report["errors"] == report["games"]


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["play", "--help"]])
def test_light_commands_load_neither_textual_nor_a_rulebook(argv):
    code = (
        "import sys\n"
        "from tabletop import cli\n"
        "try:\n"
        f"    cli.main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'pydantic')\n"
        "               or m.startswith(('rules.spirit', 'rules.senji', 'rules.duel', 'rules.harakiri')))\n"
        "print('HEAVY', heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "HEAVY []" in out.stdout, out.stdout[-400:]
