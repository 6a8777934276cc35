"""Every write failure is survived: the game goes on in memory, the failure is said once
(what and where), and the next action writes everything still pending."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

import pytest

from tabletop import journal as journal_mod
from tabletop import saves
from tabletop.journal import GameRecorder, Journal, attach, open_game
from tabletop.store import Store
from tests.games.nim import NIM, NimOptions

GAMES = {"nim": NIM}


def play(store: Store, n: int) -> None:
    for _ in range(n):
        legal = store.legal_actions()
        store.dispatch(legal[store.revision % len(legal)])


def new_game(path: Path) -> tuple[Store, Journal]:
    journal = Journal(path)
    store = Store.new(NIM, NimOptions(stones=60), seed=8)
    attach(journal, store)
    return store, journal


def saved_actions(path: Path, game_id: str) -> list[dict]:
    return Journal(path).actions(game_id)


def logged(store: Store) -> list[dict]:
    return [e.action for e in store.log]


class FullDisk(sqlite3.Connection):
    """A connection whose writes fail as on a full disk while ``full`` is set."""

    full = False

    def execute(self, sql, *args):
        if FullDisk.full and sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            raise sqlite3.OperationalError("database or disk is full")
        return super().execute(sql, *args)

    def executemany(self, sql, *args):
        if FullDisk.full:
            raise sqlite3.OperationalError("database or disk is full")
        return super().executemany(sql, *args)


@pytest.fixture
def full_disk(monkeypatch):
    def connect(path, timeout):
        return sqlite3.connect(str(path), timeout=timeout, isolation_level=None, factory=FullDisk)

    monkeypatch.setattr(journal_mod, "CONNECT", connect)
    FullDisk.full = False
    yield FullDisk
    FullDisk.full = False


def test_a_full_disk_is_said_once_and_every_move_is_written_when_space_returns(tmp_path, full_disk):
    path = tmp_path / "games.sqlite3"
    store, _ = new_game(path)
    play(store, 2)
    assert store.take_save_notice() is None
    full_disk.full = True
    play(store, 3)  # the game goes on
    assert store.revision == 5
    notices = [store.take_save_notice() for _ in range(2)]
    assert notices[0].startswith("Could not save this game in") and "database or disk is full" in notices[0]
    assert str(path) in notices[0] and len(notices[0]) <= 200
    assert notices[1] is None, "said once"
    play(store, 1)
    assert store.take_save_notice() is None, "not said again while it keeps failing"
    assert len(saved_actions(path, store.game_uid)) == 2
    full_disk.full = False
    play(store, 1)
    assert saved_actions(path, store.game_uid) == logged(store), "everything pending is written"
    assert store.take_save_notice() == "Saving works again: all 7 moves of this game are saved."


def test_undo_while_the_disk_is_full_is_written_right_afterwards(tmp_path, full_disk):
    path = tmp_path / "games.sqlite3"
    store = Store.new(NIM, NimOptions(stones=60, hand=True), seed=8)
    attach(Journal(path), store)
    from tests.games.nim import Select

    store.dispatch(Select(index=0))
    full_disk.full = True
    store.undo()  # the row for the selection cannot be deleted yet
    store.dispatch(Select(index=1))  # a different action at the same position
    full_disk.full = False
    store.dispatch(Select(index=2))
    assert saved_actions(path, store.game_uid) == logged(store)


def test_a_data_folder_that_cannot_be_made_is_survived(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    store = Store.new(NIM, NimOptions(), seed=1)
    attach(Journal(blocker / "games.sqlite3"), store)  # the game's start cannot be written
    play(store, 3)
    notice = store.take_save_notice()
    assert notice.startswith("Could not save") and "data" in notice
    blocker.unlink()
    play(store, 1)
    assert saved_actions(blocker / "games.sqlite3", store.game_uid) == logged(store)
    assert store.take_save_notice().startswith("Saving works again")


def test_a_read_only_database_is_survived(tmp_path, monkeypatch):
    path = tmp_path / "games.sqlite3"
    store, journal = new_game(path)
    play(store, 2)
    journal.reset()

    def read_only(p, timeout):
        return sqlite3.connect(f"file:{p}?mode=ro", uri=True, timeout=timeout, isolation_level=None)

    monkeypatch.setattr(journal_mod, "CONNECT", read_only)
    play(store, 2)
    notice = store.take_save_notice()
    assert notice is not None and "readonly" in notice.replace("read-only", "readonly")
    monkeypatch.undo()
    play(store, 1)
    assert saved_actions(path, store.game_uid) == logged(store)


def test_a_locked_database_is_survived_and_caught_up(tmp_path):
    path = tmp_path / "games.sqlite3"
    store, _ = new_game(path)
    play(store, 1)
    other = sqlite3.connect(str(path), isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        play(store, 2)
        assert "database is locked" in store.take_save_notice()
    finally:
        other.execute("ROLLBACK")
        other.close()
    play(store, 1)
    assert saved_actions(path, store.game_uid) == logged(store)


def test_a_database_deleted_mid_game_is_written_again_from_the_start(tmp_path):
    path = tmp_path / "games.sqlite3"
    store, _ = new_game(path)
    play(store, 3)
    for p in tmp_path.glob("games.sqlite3*"):
        p.unlink()
    play(store, 1)
    assert saved_actions(path, store.game_uid) == logged(store)


def test_an_export_to_a_full_disk_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    store = Store.new(NIM, NimOptions(), seed=1)
    play(store, 2)
    target = saves.write_save(store, tmp_path / "g.json")
    before = target.read_bytes()
    play(store, 1)

    real_fdopen = os.fdopen

    class Full:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, text):
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fdopen", lambda fd, *a, **k: Full(real_fdopen(fd, *a, **k)))
    with pytest.raises(OSError, match="No space"):
        saves.write_save(store, target)
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


def test_resume_reads_what_was_written_and_a_copy_is_a_new_game(tmp_path):
    path = tmp_path / "games.sqlite3"
    store, journal = new_game(path)
    play(store, 4)
    store.recorder.release()
    again = open_game(Journal(path), store.game_uid, GAMES)
    assert again.state == store.state and logged(again) == logged(store)
    assert [e.checkpoint for e in again.log] == [e.checkpoint for e in store.log]
    play(again, 1)
    copy = open_game(Journal(path), store.game_uid, GAMES, copy=True)
    assert copy.game_uid != store.game_uid and copy.revision == 5
    assert Journal(path).game(copy.game_uid).source == "copy"


def test_a_file_loaded_over_an_older_position_never_replaces_the_newer_one(tmp_path):
    path = tmp_path / "games.sqlite3"
    store, journal = new_game(path)
    play(store, 5)
    old = saves.write_save(store, tmp_path / "five.json")
    play(store, 5)
    loaded = saves.load(old, GAMES)
    attach(journal, loaded, source="import")
    play(loaded, 1)
    assert len(saved_actions(path, store.game_uid)) == 10
    assert len(saved_actions(path, loaded.game_uid)) == 6


def test_the_recorder_writes_only_the_new_rows(tmp_path, monkeypatch):
    """An action costs the same at move 1 and move 500: one row, never the whole log."""
    path = tmp_path / "games.sqlite3"
    store, _ = new_game(path)
    play(store, 1)
    sent = []
    real = GameRecorder._write

    def spy(self, s, outcome):
        before = len(self._written)
        real(self, s, outcome)
        sent.append(len(self._written) - before)

    monkeypatch.setattr(GameRecorder, "_write", spy)
    store2 = Store.new(NIM, NimOptions(stones=60, players=3), seed=2)
    attach(Journal(path), store2)
    while store2.to_move() is not None and store2.revision < 60:
        play(store2, 1)
    assert set(sent[1:]) == {1}
