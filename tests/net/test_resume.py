"""The host process dies mid-game: ``tabletop host --resume`` reopens the table from the
journal at the same address with the same codes, and the seats join again by themselves."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys

from rules.senji import GAME as SENJI
from tabletop.net import protocol as P
from tabletop.net.cli import tabletop_command
from tabletop.net.client import play_with_bot

from .helpers import GAMES, hot_seat_to_autumn, seat_rng
from .test_browser import free_port


def start_host(args: list[str], cwd) -> subprocess.Popen:
    return subprocess.Popen([*tabletop_command(), "host", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=os.environ.copy(), cwd=cwd)


async def read_until(proc: subprocess.Popen, pattern: str, lines: list[str]) -> re.Match:
    loop = asyncio.get_running_loop()
    while True:
        line = await asyncio.wait_for(loop.run_in_executor(None, proc.stdout.readline), 30)
        if not line:
            raise AssertionError("the host stopped:\n" + "".join(lines))
        lines.append(line)
        found = re.search(pattern, line)
        if found:
            return found


async def test_a_host_killed_mid_game_resumes_from_the_journal_and_the_seats_rejoin(tmp_path):
    seed, players, port = 11, 3, free_port()
    first = start_host(["senji", "--players", str(players), "--seed", str(seed), "--headless",
                        "--listen", f"127.0.0.1:{port}", "--bot-delay", "0"], tmp_path)
    second = None
    try:
        lines: list[str] = []
        await read_until(first, r"Listening on 127\.0\.0\.1:\d+: this computer only", lines)
        codes = {}
        for _ in range(players):
            found = await read_until(first, r"tabletop join 127\.0\.0\.1:(\d+) (\S+)$", lines)
            codes[len(codes)] = found.group(2)
        smart = SENJI.bots()["smart"]
        decided: dict[tuple[int, str], object] = {}

        def bot(game, view, seat, actions, rng):
            """The smart bot, asked once per position: a choice lost with the host is
            made again the same way (its random draws are not taken twice)."""
            key = (seat, view.model_dump_json())
            if key not in decided:
                decided[key] = smart(game, view, seat, actions, rng)
            return decided[key]

        killed = asyncio.Event()
        resumed: list[str] = []

        def until(store) -> bool:
            if store.revision >= 15 and not killed.is_set():
                killed.set()
                first.send_signal(signal.SIGKILL)  # the host dies mid-game
            return store.state.step.startswith("autumn")

        seats = asyncio.gather(*(
            play_with_bot(("127.0.0.1", port), codes[seat], GAMES, bot, seat_rng(seed, seat), until=until)
            for seat in range(players)
        ))
        await killed.wait()
        first.wait(10)
        second = start_host(["--resume", "--headless", "--bot-delay", "0"], tmp_path)
        await read_until(second, rf"Listening on 127\.0\.0\.1:{port}", resumed)
        again = {(await read_until(second, r"tabletop join \S+ (\S+)$", resumed)).group(1) for _ in codes}
        assert again == set(codes.values())  # the same codes again
        stores = await asyncio.wait_for(seats, 120)
    finally:
        for proc in (first, second):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(10)
    reference = hot_seat_to_autumn(seed, players)
    for seat, store in enumerate(stores):
        assert store.revision == reference.revision
        expected = SENJI.view(reference.state, seat)
        assert store.state.model_dump_json() == expected.model_dump_json()
    assert "".join(lines).count("tabletop join") == players


def test_resume_with_no_table_says_so_in_one_line(tmp_path):
    proc = subprocess.run([*tabletop_command(), "host", "--resume", "--headless"],
                          capture_output=True, text=True, env=os.environ.copy(), cwd=tmp_path, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip() == ("tabletop: there is no unfinished table to resume: "
                                   "start one with tabletop host GAME.")
    assert P.DEFAULT_PORT == 8765
