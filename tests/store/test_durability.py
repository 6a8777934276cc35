"""Durability, asserted: an action is in the journal (committed, readable by another
connection) before any subscriber of the store, such as a screen, hears of it; and the
journal's connection runs in WAL mode with synchronous=FULL, read back from SQLite itself."""

from __future__ import annotations

import sqlite3

from tabletop.journal import Journal, attach
from tabletop.store import Store
from tests.games.nim import NIM, Confirm, NimOptions, Roll, Select


def _rows_elsewhere(path, game_id: str) -> int:
    """The number of the game's action rows another connection sees: only committed rows."""
    conn = sqlite3.connect(str(path))
    try:
        return conn.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0]
    finally:
        conn.close()


def test_an_action_is_in_the_journal_before_any_subscriber_is_told(tmp_path):
    path = tmp_path / "games.sqlite3"
    store = Store.new(NIM, NimOptions(), seed=42)
    attach(Journal(path), store)
    seen: list[tuple[int, int]] = []  # (the store's revision, rows committed in the journal)
    store.subscribe(lambda s: seen.append((s.revision, _rows_elsewhere(path, s.game_uid))))

    store.dispatch(Select(index=0))
    store.dispatch(Select(index=1))
    store.undo()  # undo, too, is in the journal before the screen redraws
    store.dispatch(Confirm())
    store.dispatch(Roll())
    assert len(seen) == 5, "the subscriber heard every change"
    for revision, rows in seen:
        assert rows == revision, (
            f"a subscriber was told of move {revision} while the journal held {rows} moves")


def test_the_journal_connection_is_wal_with_full_sync(tmp_path):
    journal = Journal(tmp_path / "games.sqlite3")
    store = Store.new(NIM, NimOptions(), seed=1)
    attach(journal, store)
    conn = store.recorder.journal.connect()
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2, "synchronous must be FULL (2)"


def test_a_reopened_journal_connection_keeps_wal_and_full_sync(tmp_path):
    """After a failure drops the connection, the next one is opened the same way."""
    journal = Journal(tmp_path / "games.sqlite3")
    journal.connect()
    journal.reset()
    conn = journal.connect()
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2, "synchronous must be FULL (2)"
