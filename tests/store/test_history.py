"""The history list of the journal: every game kept, newest first, renamed and deleted
only when asked, and never lost to a process killed while a game was being archived.

Run as ``python -m tests.store.test_history archive DB SEED`` this file is also the
child process of the kill -9 test: it plays Nim games to their end, one after another,
so that every kill lands while a game is being written or marked finished."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rules.common import Rng
from tabletop.journal import GameHeld, Journal, JournalError, attach
from tabletop.replay import Replay
from tabletop.store import Seat, Store
from tests.games.nim import NIM, NimOptions

GAMES = {"nim": NIM}
ROOT = Path(__file__).resolve().parents[2]


def play(journal: Journal, seed: int, moves: int | None = None) -> Store:
    """A Nim game written to ``journal``, played ``moves`` moves (or to its end)."""
    store = Store.new(NIM, NimOptions(stones=12), seed=seed, seats=[Seat("Aiko"), Seat("Benkei", "random")])
    attach(journal, store)
    rng = Rng(seed=seed)
    while store.to_move() is not None and (moves is None or store.revision < moves):
        store.dispatch(rng.choice(store.legal_actions()))
    store.recorder.release()
    return store


def later_than(moment: float) -> None:
    """Wait until the clock has moved past ``moment`` (the next game is written later)."""
    while time.time() <= moment:
        time.sleep(0.001)


def test_history_lists_finished_and_unfinished_games_newest_first(tmp_path):
    journal = Journal(tmp_path / "games.sqlite3")
    first = play(journal, 1)
    later_than(journal.game(first.game_uid).updated)
    second = play(journal, 2, moves=2)
    later_than(journal.game(second.game_uid).updated)
    empty = Store.new(NIM, NimOptions(stones=12), seed=3)
    attach(journal, empty)  # started, never played: not history
    rows = journal.history(["nim"])
    assert [r.id for r in rows] == [second.game_uid, first.game_uid]
    assert rows[1].finished and rows[1].result["results"] and rows[1].moves == first.revision
    assert not rows[0].finished and rows[0].moves == 2
    assert rows[0].seats == (("Aiko", "human"), ("Benkei", "random"))
    assert journal.history(["senji"]) == []
    assert [r.id for r in journal.history(["nim"], limit=1)] == [second.game_uid], "the newest first"


def test_a_renamed_game_keeps_its_name_and_an_empty_name_takes_it_away(tmp_path):
    journal = Journal(tmp_path / "games.sqlite3")
    store = play(journal, 1)
    assert journal.rename(store.game_uid, "  The  long\tone\n ") == "The long one"
    assert journal.history(["nim"])[0].name == "The long one"
    with pytest.raises(JournalError, match="at most 60 characters"):
        journal.rename(store.game_uid, "x" * 61)
    assert journal.rename(store.game_uid, "x" * 60) == "x" * 60
    assert journal.rename(store.game_uid, "") == ""
    assert journal.game(store.game_uid).name == ""
    with pytest.raises(JournalError):
        journal.rename("no-such-game", "A")


def test_delete_takes_the_game_and_its_actions_and_nothing_else(tmp_path):
    journal = Journal(tmp_path / "games.sqlite3")
    keep = play(journal, 1)
    gone = play(journal, 2)
    journal.delete(gone.game_uid)
    assert [r.id for r in journal.history(["nim"])] == [keep.game_uid]
    assert journal.actions(gone.game_uid) == []
    assert len(journal.actions(keep.game_uid)) == keep.revision
    with pytest.raises(JournalError):
        journal.delete(gone.game_uid)


def test_a_game_being_played_in_another_tabletop_is_not_deleted(tmp_path):
    db = tmp_path / "games.sqlite3"
    holder = subprocess.Popen([sys.executable, "-m", "tests.store.journal_child", "hold", str(db)],
                              cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        word, game_id = holder.stdout.readline().split()
        journal = Journal(db)
        with pytest.raises(GameHeld):
            journal.delete(game_id)
        assert journal.game(game_id) is not None
        # Watching it is allowed (in the public view): a replay only reads.
        replay = Replay.from_journal(journal, game_id, GAMES)
        assert replay.length == 3 and not replay.finished
    finally:
        holder.kill()
        holder.wait()


def test_a_database_of_schema_1_gets_the_name_and_headline_columns_and_keeps_its_games(tmp_path):
    db = tmp_path / "games.sqlite3"
    old = sqlite3.connect(db)
    old.executescript("""
        CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
            seed TEXT NOT NULL, seats TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL,
            moves INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL DEFAULT 'playing', result TEXT,
            source TEXT NOT NULL DEFAULT 'new', holder TEXT, holder_pid INTEGER, holder_host TEXT,
            holder_since REAL);
        CREATE TABLE actions (game_id TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER,
            action TEXT NOT NULL, checkpoint INTEGER NOT NULL, PRIMARY KEY (game_id, n)) WITHOUT ROWID;
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO games (id, game, options, seed, seats, created, updated, moves)
            VALUES ('old1', 'nim', '{"stones": 12}', '5', '[["Aiko", "human"], ["Benkei", "human"]]', 1, 2, 1);
        INSERT INTO actions VALUES ('old1', 1, 0, '{"kind": "take", "n": 1}', 0);
        PRAGMA user_version = 1;
    """)
    old.close()
    journal = Journal(db)
    rows = journal.history(["nim"])
    assert [r.id for r in rows] == ["old1"] and rows[0].name == "" and rows[0].headline == ""
    journal.rename("old1", "From before")
    assert journal.game("old1").name == "From before"
    assert journal.connect().execute("PRAGMA user_version").fetchone()[0] == 3


# -- kill -9 while games are being archived ---------------------------------------------
def archive_forever(db: Path, seed: int) -> None:
    """The child: play Nim games to their end, one after another, until killed."""
    journal = Journal(db)
    n = 0
    while True:
        n += 1
        store = play(journal, seed * 1000 + n)
        print("finished", store.game_uid, flush=True)


def test_history_survives_kill_9_while_games_are_archived(tmp_path):
    db = tmp_path / "games.sqlite3"
    chance = random.Random(18)
    finished: set[str] = set()
    for trial in range(6):
        proc = subprocess.Popen([sys.executable, "-m", "tests.store.test_history", "archive", str(db), str(trial)],
                                cwd=ROOT, stdout=subprocess.PIPE, text=True)
        first = proc.stdout.readline()  # the child has started and archived a game
        # It archives a game every few milliseconds: a kill at any moment of 0.4 s
        # lands at a random point of its writes, wherever start-up took.
        time.sleep(chance.uniform(0.0, 0.4))
        proc.kill()
        out = first + proc.stdout.read()
        proc.wait()
        finished |= {line.split()[1] for line in out.splitlines() if line.startswith("finished")}
    assert finished, "no game ended before the kills"
    journal = Journal(db)
    assert journal.connect().execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    rows = {r.id: r for r in journal.history(["nim"], limit=1_000_000)}
    assert finished <= set(rows), "a game that ended before a kill is gone from the history"
    for game_id in finished:
        assert rows[game_id].finished
    for row in rows.values():
        replay = Replay.from_journal(journal, row.id, GAMES)
        assert replay.length == row.moves
        assert replay.finished == row.finished, "the row's mark and its actions disagree"


if __name__ == "__main__" and len(sys.argv) == 4 and sys.argv[1] == "archive":
    archive_forever(Path(sys.argv[2]), int(sys.argv[3]))
