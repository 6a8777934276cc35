"""tabletop host / join / serve on the command line: one-line refusals, where a table
listens, and the network package staying free of Textual."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.net.cli import tabletop_command

from tabletop.net import protocol as P
from tabletop.net.cli import _listen_text, serve_command

ROOT = Path(__file__).resolve().parents[2]


def tabletop(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([*tabletop_command(), *argv], capture_output=True, text=True,
                          env=os.environ.copy(), timeout=60, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize(("argv", "said"), [
    (["host", "senji", "--seat", "9=remote"], "tabletop: --seat takes N=WHO with N from 1 to 4 (for example --seat 2=remote)."),
    (["host", "senji", "--seat", "2=wizard"], "tabletop: --seat 2='wizard': choose here, remote or a bot (random, smart, smart-cunning, smart-treacherous, strong)."),
    (["host", "senji", "--headless", "--seat", "1=here"],
     "tabletop: a headless host has no terminal to play at: make every seat remote or a bot."),
    (["host", "senji", "--listen", "127.0.0.1:99999"],
     "tabletop: argument --listen: '127.0.0.1:99999' has no port from 1 to 65535 (try 127.0.0.1:8765)."),
    (["join"], "tabletop: the following arguments are required: ADDRESS:PORT"),
])
def test_bad_arguments_are_one_line_and_exit_2(argv, said):
    proc = tabletop(*argv)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip() == said


def test_joining_nowhere_says_so_in_one_sentence():
    code = (
        "import sys, os\n"
        "sys.stdin.isatty = lambda: True\n"
        "sys.stdout.isatty = lambda: True\n"
        "from tabletop import cli\n"
        "raise SystemExit(cli.main(['join', '127.0.0.1:9', 'ABCD-EFGH']))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert proc.stderr.startswith("tabletop: Nobody answers there (")


def test_the_host_says_where_it_listens():
    assert "this computer only" in _listen_text("127.0.0.1", 8765)
    assert "--listen 0.0.0.0:8765" in _listen_text("127.0.0.1", 8765)
    assert "anyone who can reach this computer" in _listen_text("0.0.0.0", 9000)


def test_addresses():
    assert P.parse_address("192.0.2.5:9000") == ("192.0.2.5", 9000)
    assert P.parse_address(":9000") == ("127.0.0.1", 9000)
    assert P.parse_address("9000") == ("127.0.0.1", 9000)
    assert P.parse_address("[::1]:9000") == ("::1", 9000)
    assert P.parse_address("localhost") == ("localhost", P.DEFAULT_PORT)
    with pytest.raises(ValueError, match="no port"):
        P.parse_address("host:http")


def test_a_browser_tab_runs_a_join_screen_of_the_table():
    assert serve_command(("127.0.0.1", 8765)).endswith("run()' join 127.0.0.1:8765")


def test_codes_are_read_as_typed():
    code = P.new_code()
    assert len(code) == 9 and code[4] == "-"
    assert P.normal_code(code.lower().replace("-", " ")) == P.normal_code(code)


def test_the_network_package_loads_no_textual():
    code = (
        "import sys\n"
        "import tabletop.net.protocol, tabletop.net.host, tabletop.net.client, tabletop.net.cli\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'screens')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
