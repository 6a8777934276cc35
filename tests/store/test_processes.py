"""Real processes on one journal: a game is held by one process at a time, and a process
killed at any moment loses no action it had shown."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop.journal import GameHeld, Journal, open_game
from tests.games.nim import NIM

GAMES = {"nim": NIM}
ROOT = Path(__file__).resolve().parents[2]


def child(mode: str, db: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.store.journal_child", mode, str(db), *extra],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )


def ask(proc: subprocess.Popen, line: str | None = None) -> list[str]:
    if line is not None:
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
    return proc.stdout.readline().split()


def test_a_game_held_by_another_process_is_refused_and_may_be_opened_as_a_copy(tmp_path):
    db = tmp_path / "games.sqlite3"
    holder = child("hold", db)
    try:
        word, game_id = ask(holder)
        assert word == "id"
        journal = Journal(db)
        with pytest.raises(GameHeld) as held:
            open_game(journal, game_id, GAMES)
        assert f"process {holder.pid} on this computer" in str(held.value)
        copy = open_game(journal, game_id, GAMES, copy=True)
        assert copy.revision == 3 and copy.game_uid != game_id
        copy.dispatch(copy.legal_actions()[0])
        assert ask(holder, "more") == ["moves", "5"]
        assert len(journal.actions(game_id)) == 5, "the holder's moves are all there"
        assert len(journal.actions(copy.game_uid)) == 4, "and the copy's are its own"
        assert ask(holder, "quit") == ["bye"]
        holder.wait(10)
        again = open_game(journal, game_id, GAMES)
        assert again.revision == 5
    finally:
        holder.kill()
        holder.wait()


def test_a_game_held_by_a_process_that_died_can_be_opened(tmp_path):
    db = tmp_path / "games.sqlite3"
    holder = child("hold", db)
    _, game_id = ask(holder)
    holder.kill()
    holder.wait()
    store = open_game(Journal(db), game_id, GAMES)
    assert store.revision == 3


def test_kill_9_at_random_moments_loses_no_shown_action(tmp_path):
    db = tmp_path / "games.sqlite3"
    chance = random.Random(20)
    known: dict[str, list] = {}  # each game's actions as the journal held them after a kill
    shown_total = 0
    for trial in range(10):
        proc = child("play", db, str(trial))
        first = proc.stdout.readline()  # the child has started and resumed its game
        # It then plays some thousands of actions a second: a kill at any moment of
        # 0.3 s lands at a random point of its writes, wherever start-up took.
        time.sleep(chance.uniform(0.0, 0.3))
        proc.kill()
        proc.stdin.close()
        out = first + proc.stdout.read()  # what was printed before the kill
        proc.wait()
        lines = out.split("\n")[:-1]  # the last piece may be cut mid-line
        shown: dict[str, list] = {}
        current = None
        for line in lines:
            word, *rest = line.split(" ", 2)
            if word == "game":
                current = rest[0]
                resumed = json.loads(rest[1])
                assert resumed == known.get(current, []), "resume reads exactly what was written"
                shown[current] = list(resumed)
            elif word == "shown":
                shown[current].append(json.loads(rest[1]))
                assert len(shown[current]) == int(rest[0])
                shown_total += 1
        journal = Journal(db)
        for game_id, actions in shown.items():
            saved = journal.actions(game_id)
            assert saved[: len(actions)] == actions, "every shown action survived"
            assert len(saved) - len(actions) in (0, 1), "at most the one being shown when killed"
            known[game_id] = saved
        journal.close()
    assert shown_total > 50, "the children got to play"
