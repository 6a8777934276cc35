"""The journal against outside interference: a side file (-wal, -shm) deleted or replaced
by another program, a journal written by a newer tabletop, and other users of the computer.

A sync tool, a cleaner or a backup that copies ``games.sqlite3`` alone can delete the
journal's ``-wal``, where SQLite keeps the moves committed since its last checkpoint. The
journal checkpoints when a game is first written, every CHECKPOINT_EVERY moves and when a
game is let go, and notices at the next move that the file it writes to is gone: it copies
its moves into the database file, tells the player once and goes on. So a tabletop killed
after such a deletion loses at most the moves since the last checkpoint, and none once it
has made one more move.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import journal as journal_mod
from tabletop import saves
from tabletop.journal import CHECKPOINT_EVERY, Journal, JournalError, attach, open_game
from tabletop.paths import journal_path, saves_dir
from tabletop.settings import save_settings, settings_path
from tabletop.store import Store
from tests.games.nim import NIM, NimOptions

GAMES = {"nim": NIM}
ROOT = Path(__file__).resolve().parents[2]


def first_moves(n: int) -> list[dict]:
    """The moves the child plays (always the first choice of a seeded game), worked out here."""
    store = Store.new(NIM, NimOptions(stones=60), seed=4)
    for _ in range(n):
        store.dispatch(store.legal_actions()[0])
    return [e.action for e in store.log]


def new_game(db: Path, moves: int) -> Store:
    store = Store.new(NIM, NimOptions(stones=60), seed=4)
    attach(Journal(db), store)
    for _ in range(moves):
        store.dispatch(store.legal_actions()[0])
    return store


def play(store: Store, n: int) -> None:
    for _ in range(n):
        store.dispatch(store.legal_actions()[0])


def side(db: Path, suffix: str) -> Path:
    return Path(f"{db}{suffix}")


def actions_in_the_database_file_alone(db: Path, game_id: str, tmp: Path) -> list[dict]:
    """The moves the database file itself holds, read from a copy of it without its side
    files (what a backup of that one file would keep)."""
    copy = tmp / "copy-of-the-file-alone.sqlite3"
    shutil.copyfile(db, copy)
    conn = sqlite3.connect(copy)
    try:
        rows = conn.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY n", (game_id,)).fetchall()
    finally:
        conn.close()
    return [json.loads(text) for (text,) in rows]


# -- the durability settings, read back from the connection --------------------------
def test_the_journal_runs_in_wal_mode_with_full_syncs(tmp_path):
    conn = Journal(tmp_path / "games.sqlite3").connect()
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_moves_reach_the_database_file_itself_every_few_moves(tmp_path):
    db = tmp_path / "games.sqlite3"
    store = new_game(db, CHECKPOINT_EVERY + 3)
    alone = actions_in_the_database_file_alone(db, store.game_uid, tmp_path)
    assert alone == first_moves(CHECKPOINT_EVERY), "the checkpoint at the tenth move, not the moves after it"


def test_a_game_let_go_is_all_in_the_database_file(tmp_path):
    db = tmp_path / "games.sqlite3"
    store = new_game(db, 3)
    store.recorder.release()
    assert actions_in_the_database_file_alone(db, store.game_uid, tmp_path) == first_moves(3)


# -- a side file deleted or replaced while a game is played ---------------------------
def test_a_deleted_wal_is_noticed_at_the_next_move_said_once_and_nothing_is_lost(tmp_path):
    db = tmp_path / "games.sqlite3"
    store = new_game(db, 8)
    assert store.take_save_notice() is None
    side(db, "-wal").unlink()
    play(store, 1)
    told = store.take_save_notice()
    assert told is not None and "games.sqlite3-wal" in told and "saved again" in told
    assert len(told) <= 200 and "\n" not in told
    assert actions_in_the_database_file_alone(db, store.game_uid, tmp_path) == first_moves(8), (
        "the eight moves the deleted file held were copied into the database file")
    play(store, 2)
    assert store.take_save_notice() is None, "said once"
    assert Journal(db).actions(store.game_uid) == first_moves(11)


def test_a_replaced_wal_is_noticed_moved_aside_and_never_read_as_ours(tmp_path):
    db = tmp_path / "games.sqlite3"
    store = new_game(db, 4)
    foreign = b"a file some backup tool put back\n" * 100
    stranger = tmp_path / "stranger"
    stranger.write_bytes(foreign)
    os.replace(stranger, side(db, "-wal"))
    play(store, 1)
    told = store.take_save_notice()
    assert told is not None and "deleted or replaced" in told
    kept = list(tmp_path.glob("games.sqlite3-wal.foreign-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == foreign, "moved aside, never deleted"
    play(store, 1)
    assert Journal(db).actions(store.game_uid) == first_moves(6)


def test_a_deleted_shm_is_noticed_too(tmp_path):
    db = tmp_path / "games.sqlite3"
    store = new_game(db, 3)
    side(db, "-shm").unlink()
    play(store, 1)
    assert "games.sqlite3-shm" in (store.take_save_notice() or "")
    assert Journal(db).actions(store.game_uid) == first_moves(4)


def test_moves_the_lost_wal_alone_held_are_written_again(tmp_path, monkeypatch):
    """When the moves cannot be copied out of the deleted file (a checkpoint another
    process blocks), the whole game is written again on the fresh connection."""
    db = tmp_path / "games.sqlite3"
    store = new_game(db, 3)
    play(store, 2)  # in the -wal only: no checkpoint since the one at the start
    monkeypatch.setattr(Journal, "checkpoint", lambda self, full=False: False)
    side(db, "-wal").unlink()
    play(store, 1)
    monkeypatch.undo()
    assert "saved again" in (store.take_save_notice() or "")
    store.recorder.release()
    assert actions_in_the_database_file_alone(db, store.game_uid, tmp_path) == first_moves(6)


# -- kill -9 after the -wal was deleted (real processes) -------------------------------
def child(db: Path, moves: int) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.store.journal_child", "moves", str(db), str(moves)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )


def kill(proc: subprocess.Popen) -> None:
    proc.kill()  # SIGKILL: no clean-up, no checkpoint on close
    proc.wait(10)
    proc.stdin.close()
    proc.stdout.close()


def test_kill_9_after_the_wal_is_deleted_loses_at_most_the_moves_since_the_last_checkpoint(tmp_path):
    db = tmp_path / "games.sqlite3"
    played = CHECKPOINT_EVERY + 3
    proc = child(db, played)
    try:
        word, game_id = proc.stdout.readline().split()
        assert word == "id"
        side(db, "-wal").unlink()
    finally:
        kill(proc)
    saved = Journal(db).actions(game_id)
    assert Journal(db).game(game_id) is not None, "the game itself is never lost"
    assert saved == first_moves(CHECKPOINT_EVERY), "the moves up to the last checkpoint survive"


def test_kill_9_after_the_wal_is_deleted_and_one_more_move_loses_nothing(tmp_path):
    db = tmp_path / "games.sqlite3"
    proc = child(db, 8)
    try:
        word, game_id = proc.stdout.readline().split()
        side(db, "-wal").unlink()
        proc.stdin.write("more 1\n")
        proc.stdin.flush()
        assert proc.stdout.readline().split() == ["moves", "9"]
        told = proc.stdout.readline()
    finally:
        kill(proc)
    assert told.startswith("told ") and "games.sqlite3-wal" in told
    assert Journal(db).actions(game_id) == first_moves(9)


# -- a journal written by a newer tabletop -----------------------------------------------
def newer_journal(db: Path) -> Store:
    store = new_game(db, 3)
    store.recorder.release()
    Journal(db).close()
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version = {journal_mod.SCHEMA_VERSION + 1}")
    conn.close()
    return store


def test_a_newer_journal_is_read_never_written_and_said_once(tmp_path):
    db = tmp_path / "games.sqlite3"
    first = newer_journal(db)
    journal = Journal(db)
    assert [row.id for row in journal.history(["nim"])] == [first.game_uid]
    told = journal.take_notice()
    assert told is not None and "newer version of tabletop" in told and "only reads" in told
    assert journal.take_notice() is None, "said once"
    store = open_game(journal, first.game_uid, GAMES)
    assert store.revision == 3
    play(store, 2)
    fresh = Store.new(NIM, NimOptions(), seed=1)
    attach(journal, fresh)
    play(fresh, 1)
    with pytest.raises(JournalError, match="newer version"):
        journal.rename(first.game_uid, "Ours")
    with pytest.raises(JournalError, match="newer version"):
        journal.delete(first.game_uid)
    journal.close()
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == journal_mod.SCHEMA_VERSION + 1
        assert conn.execute("SELECT count(*) FROM actions").fetchone()[0] == 3, "not one row written"
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 1
        assert conn.execute("SELECT holder, name FROM games").fetchone() == (None, None)
    finally:
        conn.close()


# -- other users of the computer -------------------------------------------------------
def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_data_folder_and_the_journal_are_this_users_alone(data_dir):
    assert not data_dir.exists()
    journal = Journal(journal_path())
    store = Store.new(NIM, NimOptions(), seed=2)
    attach(journal, store)
    play(store, 2)
    assert mode(data_dir) == 0o700
    for path in (journal_path(), side(journal_path(), "-wal"), side(journal_path(), "-shm")):
        assert mode(path) == 0o600, path.name
    assert save_settings({"theme": "textual-light"}) is None
    assert mode(settings_path()) == 0o600
    saves.write_save(store, saves_dir() / "shared.json")
    assert mode(saves_dir()) == 0o700 and mode(saves_dir() / "shared.json") == 0o600


def test_files_an_older_version_left_open_to_others_are_closed(data_dir):
    data_dir.mkdir(mode=0o755)
    os.chmod(data_dir, 0o755)
    store = new_game(journal_path(), 2)
    store.recorder.release()
    Journal(journal_path()).connect()  # leaves its side files behind while open
    for path in (data_dir, journal_path()):
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    for suffix in ("-wal", "-shm"):
        if side(journal_path(), suffix).exists():
            os.chmod(side(journal_path(), suffix), 0o644)
    Journal(journal_path()).connect()
    assert mode(data_dir) == 0o700
    assert mode(journal_path()) == 0o600
    for suffix in ("-wal", "-shm"):
        assert mode(side(journal_path(), suffix)) == 0o600
