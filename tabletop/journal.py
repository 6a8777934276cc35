"""The game journal: every game played on this machine, in one SQLite database.

A game is one row (its setup, when it began, whether it is over and how it ended) and
each action is one more row, written in its own transaction as soon as it is played, so
an action costs the same at move 1 and at move 5,000 and a crash loses nothing that was
shown. Undo deletes the tail rows. Resume, Load and the menu read the database with one
query each. JSON save files (``tabletop.saves``) stay the format for exporting and sharing;
a file read in becomes a new game here, under an id made here.

A finished game stays in the journal: the history list (``history``) shows every game
played here, and a game is renamed (``rename``) or deleted (``delete``) only when a player
asks; a game another tabletop is playing is never deleted.

A game is open in one process at a time: the process holding it is written on its row
(pid, host, since when), every write checks that it still holds the game, and a second
process is told who holds it and may open a copy instead.

Writing never raises into play: a write that fails (read-only or missing folder, full
disk, locked database) leaves the game playing in memory, is reported once through
``GameRecorder.take_notice`` and is retried with everything pending after the next action.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import sqlite3
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rules.common import Game

    from .store import LogEntry, Store

SCHEMA_VERSION = 3  # 2: a game's own name, given in the history list; 3: its headline
BUSY_TIMEOUT = 0.25  # seconds a write waits for another process's transaction
# Moves are committed to the journal's log (its ``-wal`` file) and copied into the database
# file itself by a checkpoint: when a game is first written, every CHECKPOINT_EVERY moves
# and when a game is let go. A program that deletes the ``-wal`` (a sync or cleaning tool,
# a backup that copies the database alone) can then take at most the moves since the last
# checkpoint, and only if tabletop is killed before its next move, which notices it.
CHECKPOINT_EVERY = 10
SIDE_FILES = ("-wal", "-shm")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    moves INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'playing',
    result TEXT,
    source TEXT NOT NULL DEFAULT 'new',
    holder TEXT,
    holder_pid INTEGER,
    holder_host TEXT,
    holder_since REAL,
    name TEXT,
    headline TEXT
);
CREATE INDEX IF NOT EXISTS games_by_update ON games (status, updated);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER,
    action TEXT NOT NULL,
    checkpoint INTEGER NOT NULL,
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

_COLUMNS = (
    "id, game, options, seed, seats, created, updated, moves, status, result, source, "
    "holder, holder_pid, holder_host, holder_since, headline"
)
_SELECT = _COLUMNS + ", name"  # what a GameRow is read from
MAX_HEADLINE = 120  # characters of a game's headline kept in the journal
MAX_NAME = 60  # characters in a game's own name
HISTORY_LIMIT = 1000  # games the history list shows at once (the newest)

HOST = socket.gethostname()


def _connect(path: Path, timeout: float) -> sqlite3.Connection:
    """Open the database file (tests replace this to inject faults)."""
    return sqlite3.connect(str(path), timeout=timeout, isolation_level=None, check_same_thread=False)


CONNECT: Callable[[Path, float], sqlite3.Connection] = _connect


class JournalError(Exception):
    """A game that cannot be opened from the journal; ``str()`` is one sentence."""


@dataclass(frozen=True)
class Holder:
    pid: int
    host: str
    since: float

    def sentence(self) -> str:
        when = time.strftime("%H:%M", time.localtime(self.since))
        where = "this computer" if self.host == HOST else _clip(self.host, 40)
        return f"another tabletop (process {self.pid} on {where}, since {when})"


class GameHeld(JournalError):
    """The game is open in another process."""

    def __init__(self, holder: Holder) -> None:
        self.holder = holder
        super().__init__(f"This game is open in {holder.sentence()}.")


@dataclass(frozen=True)
class GameRow:
    """One game's headline, as the menu, Load and history show it."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: tuple[tuple[str, str], ...]  # (name, controller)
    created: float
    updated: float
    moves: int
    status: str
    result: dict[str, Any] | None
    source: str
    holder: Holder | None
    name: str = ""  # the name a player gave the game in the history list ("" for none)
    headline: str = ""  # the game's own words on where it stands (``Game.headline``; "" for none)

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def moves_text(self) -> str:
        return f"{self.moves} action" + ("" if self.moves == 1 else "s")

    @property
    def held_elsewhere(self) -> bool:
        """Whether another live tabletop holds this game (as far as can be told)."""
        h = self.holder
        return h is not None and (h.pid, h.host) != (os.getpid(), HOST) and _alive(h.pid, h.host)

    @property
    def updated_text(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.updated))


def _clip(text: str, limit: int) -> str:
    text = "".join(ch if ch.isprintable() else " " for ch in str(text))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_path(path: object, limit: int = 90) -> str:
    """A path in a message: whole when it fits, else its end (the folder and file name
    say the most), after "…"."""
    text = "".join(ch if ch.isprintable() else " " for ch in str(path))
    return text if len(text) <= limit else "…" + text[-(limit - 1):]


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return _clip(exc.strerror or type(exc).__name__, 80)
    return _clip(str(exc) or type(exc).__name__, 80)


def _alive(pid: int | None, host: str | None) -> bool:
    """Whether the process holding a game may still be running."""
    if pid is None:
        return False
    if host != HOST:
        return True  # another computer: we cannot tell, so we assume it is
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, but belongs to someone else
    return True


def new_game_id() -> str:
    return secrets.token_hex(8)


class Journal:
    """The database file, opened on first use; reads return one query's rows."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.token = f"{HOST}:{os.getpid()}:{secrets.token_hex(6)}"
        self._conn: sqlite3.Connection | None = None
        self._identity: tuple[int, int] | None = None  # (device, inode) of the file opened
        # The side files this connection uses ("-wal", "-shm" -> device, inode), as opened.
        self._sides: dict[str, tuple[int, int] | None] = {}
        self.read_only = False  # a journal of a newer tabletop: read, never written
        self.unsaved_log = False  # moves only a lost -wal held: the game is written again
        self.since_checkpoint = 0  # moves committed since the last checkpoint
        self._notice: str | None = None
        self._said: set[str] = set()

    def take_notice(self) -> str | None:
        """What the player should hear about the journal itself (a newer version's
        journal, side files deleted by another program), once."""
        notice, self._notice = self._notice, None
        return notice

    def _say(self, key: str, notice: str) -> None:
        if key not in self._said:
            self._said.add(key)
            self._notice = notice

    # -- connection ---------------------------------------------------------
    def connect(self) -> sqlite3.Connection:
        """The open connection; raises sqlite3.Error or OSError when it cannot be had."""
        if self._conn is not None:
            return self._conn
        return self._open()

    def connect_checked(self) -> sqlite3.Connection:
        """The connection, reopened first if its file was deleted or replaced meanwhile
        (writing to a deleted file would lose every move without a word), or if another
        program deleted or replaced one of its side files (see ``side_file_changed``)."""
        if self._conn is not None:
            try:
                st = os.stat(self.path)
                same = (st.st_dev, st.st_ino) == self._identity
            except OSError:
                same = False
            if not same:
                self.reset()
            elif self.side_file_changed() is not None:
                self._recover_side_files()
        return self.connect()

    def _open(self) -> sqlite3.Connection:
        from .paths import private_file, private_folder

        private_folder(self.path.parent)
        private_file(self.path)  # 0600: SQLite makes the -wal and -shm with the journal's mode
        for suffix in SIDE_FILES:  # side files an older version left readable by others
            _close(Path(f"{self.path}{suffix}"))
        conn = CONNECT(self.path, BUSY_TIMEOUT)
        try:
            found = conn.execute("PRAGMA user_version").fetchone()[0]
            if found > SCHEMA_VERSION:
                # A newer tabletop's journal: its games are read as far as this version
                # can, and nothing is written (not even who holds a game).
                conn.execute("PRAGMA query_only=1")
                self.read_only = True
                self._say("newer", (
                    f"The saved games in {clip_path(self.path, 70)} were written by a newer version of "
                    "tabletop, so this one only reads them: games played here now are not saved."
                ))
            else:
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=FULL")
            if found < SCHEMA_VERSION:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            conn.execute(statement)
                    columns = {raw[1] for raw in conn.execute("PRAGMA table_info(games)")}
                    for column in ("name", "headline"):  # name: schema 2; headline: schema 3
                        if column not in columns:
                            conn.execute(f"ALTER TABLE games ADD COLUMN {column} TEXT")
                    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                    conn.execute("COMMIT")
                except BaseException:
                    _rollback(conn)
                    raise
        except BaseException:
            conn.close()
            raise
        st = os.stat(self.path)
        self._identity = (st.st_dev, st.st_ino)
        self._sides = {suffix: _identity(Path(f"{self.path}{suffix}")) for suffix in SIDE_FILES}
        self.since_checkpoint = 0
        self._conn = conn
        return conn

    # -- the side files (-wal, -shm) ---------------------------------------------
    def side_file_changed(self) -> str | None:
        """The side file (``-wal`` or ``-shm``) that is no longer the one this connection
        opened (deleted, or replaced by another file), or None. SQLite never replaces
        them while a connection is open, so a change is another program's doing."""
        if self._conn is None or self.read_only:
            return None
        for suffix, known in self._sides.items():
            if known is not None and _identity(Path(f"{self.path}{suffix}")) != known:
                return suffix
        return None

    def _recover_side_files(self) -> None:
        """After another program deleted or replaced a side file: copy every move this
        connection committed into the database file (a checkpoint reads the log through
        the connection's own open file, deleted or not), move a foreign side file aside
        (never deleted: it may be someone's), and reopen. Says so once. When the moves
        could not be copied, ``unsaved_log`` asks the recorder to write its game again."""
        changed = self.side_file_changed() or "-wal"
        try:
            safe = self.checkpoint(full=True)
        except (sqlite3.Error, OSError):
            safe = False
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for suffix, known in self._sides.items():
            side = Path(f"{self.path}{suffix}")
            now = _identity(side)
            if now is not None and now != known:
                try:
                    os.replace(side, side.with_name(f"{side.name}.foreign-{stamp}"))
                except OSError:
                    pass
        self.reset()
        self.unsaved_log = self.unsaved_log or not safe
        self._said.discard("side")  # each time it happens is worth a word
        self._say("side", (
            f"Another program deleted or replaced {self.path.name}{changed}, a file of the saved games; "
            "this game is saved again (a backup or sync tool should copy the folder whole)."
        ))

    def checkpoint(self, full: bool = False) -> bool:
        """Copy the moves committed to the log into the database file itself (a
        ``PASSIVE`` checkpoint, or ``TRUNCATE`` when ``full``); True when all were copied.
        Raises sqlite3.Error."""
        conn = self._conn
        if conn is None or self.read_only:
            return True
        busy, log, done = conn.execute(f"PRAGMA wal_checkpoint({'TRUNCATE' if full else 'PASSIVE'})").fetchone()
        copied = busy == 0 and (full or log == done)
        if copied:
            self.since_checkpoint = 0
        return copied

    def checkpoint_quietly(self) -> None:
        """A checkpoint that never raises (on letting a game go)."""
        try:
            self.checkpoint()
        except (sqlite3.Error, OSError):
            self.reset()

    def reset(self) -> None:
        """Drop the connection after a failure, so the next try opens it afresh."""
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except sqlite3.Error:
                pass

    close = reset

    # -- reading (one query each) -------------------------------------------
    def games(self, game_ids: Iterable[str], unfinished_only: bool = False, limit: int = 500) -> list[GameRow]:
        """Games of the given kinds, the most recently played first."""
        ids = list(game_ids)
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        where = f"game IN ({marks})" + (" AND status = 'playing' AND moves > 0" if unfinished_only else "")
        rows = self.connect().execute(
            f"SELECT {_SELECT} FROM games WHERE {where} ORDER BY updated DESC LIMIT ?", (*ids, limit)
        ).fetchall()
        return [r for r in (_row(raw) for raw in rows) if r is not None]

    def latest_unfinished(self, game_ids: Iterable[str]) -> GameRow | None:
        found = self.games(game_ids, unfinished_only=True, limit=1)
        return found[0] if found else None

    def unfinished(self, game_ids: Iterable[str], limit: int) -> list[GameRow]:
        """The unfinished games (at least one action), the most recently played first."""
        return self.games(game_ids, unfinished_only=True, limit=limit)

    def game(self, game_id: str) -> GameRow | None:
        raw = self.connect().execute(f"SELECT {_SELECT} FROM games WHERE id = ?", (game_id,)).fetchone()
        return _row(raw) if raw is not None else None

    def actions(self, game_id: str) -> list[dict[str, Any]]:
        rows = self.connect().execute(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY n", (game_id,)
        ).fetchall()
        return [json.loads(text) for (text,) in rows]

    # -- the history list ------------------------------------------------------
    def history(self, game_ids: Iterable[str], limit: int = HISTORY_LIMIT) -> list[GameRow]:
        """Every game played here (at least one action), finished or not, newest first
        (the newest ``limit`` of them)."""
        ids = list(game_ids)
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        rows = self.connect().execute(
            f"SELECT {_SELECT} FROM games WHERE game IN ({marks}) AND moves > 0 "
            "ORDER BY updated DESC LIMIT ?", (*ids, limit)
        ).fetchall()
        return [r for r in (_row(raw) for raw in rows) if r is not None]

    def rename(self, game_id: str, name: str) -> str:
        """Give a game its own name (an empty name takes it away); returns the name kept
        (runs of spaces made one). A name must be one line of printable characters, at
        most MAX_NAME long: anything else is refused (JournalError, one sentence), as is
        a game that is gone. Spaces, tabs and line breaks around and between words become
        single spaces."""
        from rules.common.text import is_plain

        kept = " ".join(str(name).split())  # tabs and line breaks read as spaces
        self._writable()
        if not is_plain(kept):
            raise JournalError("A game's name may hold only printable characters (no control characters).")
        if len(kept) > MAX_NAME:
            raise JournalError(f"A game's name is at most {MAX_NAME} characters long.")
        cur = self.connect().execute("UPDATE games SET name = ? WHERE id = ?", (kept or None, game_id))
        if cur.rowcount != 1:
            raise JournalError("That game is no longer in the saved games.")
        return kept

    def delete(self, game_id: str) -> None:
        """Delete a game and its actions, in one transaction. GameHeld when another live
        tabletop holds it (its moves would write it back); JournalError if it is gone."""
        conn = self.connect()
        self._writable()
        conn.execute("BEGIN IMMEDIATE")
        try:
            raw = conn.execute(
                "SELECT holder, holder_pid, holder_host, holder_since FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if raw is None:
                raise JournalError("That game is no longer in the saved games.")
            holder, pid, host, since = raw
            if holder and holder != self.token and _alive(pid, host):
                raise GameHeld(Holder(int(pid), str(host), float(since or 0)))
            conn.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
            conn.execute("DELETE FROM games WHERE id = ?", (game_id,))
            conn.execute("COMMIT")
        except BaseException:
            _rollback(conn)
            raise

    def _writable(self) -> None:
        """JournalError when this journal is only read (a newer version wrote it)."""
        self.connect()
        if self.read_only:
            raise JournalError("These saved games were written by a newer version of tabletop: this one only reads them.")

    def meta(self, key: str) -> str | None:
        raw = self.connect().execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return raw[0] if raw else None

    def set_meta(self, key: str, value: str) -> None:
        self.connect().execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    # -- holding a game -----------------------------------------------------
    def claim(self, game_id: str) -> None:
        """Hold ``game_id`` for this process; GameHeld if a live process holds it. A
        read-only journal (a newer version's) is not written: its games are only read."""
        conn = self.connect()
        if self.read_only:
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            raw = conn.execute(
                "SELECT holder, holder_pid, holder_host, holder_since FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if raw is None:
                raise JournalError("That game is no longer in the saved games.")
            holder, pid, host, since = raw
            if holder and holder != self.token and _alive(pid, host):
                raise GameHeld(Holder(int(pid), str(host), float(since or 0)))
            conn.execute(
                "UPDATE games SET holder = ?, holder_pid = ?, holder_host = ?, holder_since = ? WHERE id = ?",
                (self.token, os.getpid(), HOST, time.time(), game_id),
            )
            conn.execute("COMMIT")
        except BaseException:
            _rollback(conn)
            raise

    def release(self, game_id: str) -> None:
        """Let go of ``game_id`` if this process holds it (never raises)."""
        if self.read_only:
            return
        try:
            self.connect().execute(
                "UPDATE games SET holder = NULL, holder_pid = NULL, holder_host = NULL, holder_since = NULL "
                "WHERE id = ? AND holder = ?",
                (game_id, self.token),
            )
        except (sqlite3.Error, OSError):
            self.reset()


def _identity(path: Path) -> tuple[int, int] | None:
    """(device, inode) of the file at ``path``, or None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def _close(path: Path) -> None:
    """Close an existing file of the journal to others (0600); nothing if it is missing."""
    from .paths import private_file

    if path.is_file():
        try:
            private_file(path)
        except OSError:
            pass


def _rollback(conn: sqlite3.Connection) -> None:
    try:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass


def _row(raw: tuple) -> GameRow | None:
    """A GameRow, or None for a row this version cannot read (never raises)."""
    try:
        (gid, game, options, seed, seats, created, updated, moves, status, result, source,
         holder, pid, host, since, headline, *more) = raw
        return GameRow(
            id=str(gid),
            game=str(game),
            options=json.loads(options),
            seed=int(seed),
            seats=tuple((str(n), str(c)) for n, c in json.loads(seats)),
            created=float(created),
            updated=float(updated),
            moves=int(moves),
            status=str(status),
            result=json.loads(result) if result else None,
            source=str(source),
            holder=Holder(int(pid), str(host), float(since or 0)) if holder and pid is not None else None,
            name=_clip(more[0], MAX_NAME) if more and more[0] else "",
            headline=_clip(headline, MAX_HEADLINE) if headline else "",
        )
    except (TypeError, ValueError):
        return None


def _headline(store: Store) -> str | None:
    """The game's headline for its row (public words; None when the game has none or its
    rules cannot say: a headline is never worth a move not saved)."""
    try:
        text = store.game.headline(store.state)
    except Exception:  # noqa: BLE001 - the move is saved all the same
        return None
    return _clip(text, MAX_HEADLINE) if text else None


# -- one game's writer ---------------------------------------------------------
class GameRecorder:
    """Writes one store's game to the journal after each change. Never raises.

    It remembers which log entries are in the database (by identity: entries are new
    objects for each action), so each write sends only what changed at the tail: the
    rows undo took back are deleted, the new ones inserted, in one transaction.
    """

    def __init__(self, journal: Journal, source: str = "new", written: list[LogEntry] | None = None) -> None:
        self.journal = journal
        self.source = source
        self._exists = written is not None  # the game's row is in the database, held by us
        self._written: list[LogEntry] = list(written or [])
        self._failing: str | None = None
        self._notice: str | None = None
        self._game_id: str | None = None

    @property
    def failing(self) -> bool:
        return self._failing is not None

    def take_notice(self) -> str | None:
        """What went wrong (or right again) with saving since the last call, once: the
        journal's own word first (a newer version's journal, a side file deleted)."""
        notice, self._notice = self._notice, None
        return self.journal.take_notice() or notice

    def record(self, store: Store) -> bool:
        """Bring the database up to the store's log; True when everything is written.
        A journal of a newer version is never written: False, said once by the journal."""
        if self.journal.read_only:
            return False
        try:
            outcome = store.outcome()
        except Exception:  # a rules bug must not stop the save
            outcome = None
        for _ in range(3):
            try:
                self._write(store, outcome)
            except _TakenOver:
                store.game_uid = new_game_id()
                self._exists, self._written, self.source = False, [], "copy"
                self._notice = (
                    "This game was opened in another tabletop, so the moves made here "
                    "continue as a copy of it."
                )
                continue
            except _Missing:
                self._exists, self._written = False, []  # the saved games were deleted: write it all again
                continue
            except (sqlite3.Error, OSError) as exc:
                self.journal.reset()
                if self._failing is None:
                    self._notice = (
                        f"Could not save this game in {clip_path(self.journal.path)} ({_reason(exc)}); "
                        "play goes on and saving is tried again after each move."
                    )
                self._failing = _reason(exc)
                return False
            break
        else:
            return False
        self._game_id = store.game_uid
        if self._failing is not None:
            self._failing = None
            self._notice = f"Saving works again: all {len(store.log)} moves of this game are saved."
        return True

    def _write(self, store: Store, outcome: Any) -> None:
        journal = self.journal
        conn = journal.connect_checked()
        if journal.unsaved_log:  # moves only a deleted -wal held: write every move again
            journal.unsaved_log = False
            self._written = [_UNWRITTEN] * len(self._written)
        log = store.log
        written = self._written
        keep = min(len(log), len(written))
        while keep and log[keep - 1] is not written[keep - 1]:
            keep -= 1
        status = "finished" if outcome is not None else "playing"
        result = outcome.model_dump_json() if outcome is not None else None
        headline = _headline(store)
        now = time.time()
        created = not self._exists
        conn.execute("BEGIN IMMEDIATE")
        try:
            if self._exists:
                cur = conn.execute(
                    "UPDATE games SET moves = ?, updated = ?, status = ?, result = ?, headline = ? "
                    "WHERE id = ? AND holder = ?",
                    (len(log), now, status, result, headline, store.game_uid, self.journal.token),
                )
                if cur.rowcount != 1:
                    held = conn.execute("SELECT 1 FROM games WHERE id = ?", (store.game_uid,)).fetchone()
                    raise _TakenOver if held else _Missing
                if len(written) > keep:
                    conn.execute("DELETE FROM actions WHERE game_id = ? AND n > ?", (store.game_uid, keep))
            else:
                conn.execute(
                    f"INSERT INTO games ({_COLUMNS}) VALUES ({','.join('?' * 16)})",
                    (
                        store.game_uid, store.game.id, store.options.model_dump_json(), str(store.seed),
                        json.dumps([[s.name, s.controller] for s in store.seats]), store.created, now,
                        len(log), status, result, self.source,
                        self.journal.token, os.getpid(), HOST, now, headline,
                    ),
                )
                keep = 0
            if len(log) > keep:
                conn.executemany(
                    "INSERT INTO actions (game_id, n, seat, action, checkpoint) VALUES (?, ?, ?, ?, ?)",
                    [
                        (store.game_uid, e.revision, e.seat, json.dumps(e.action), int(e.checkpoint))
                        for e in log[keep:]
                    ],
                )
            conn.execute("COMMIT")
        except BaseException:
            _rollback(conn)
            raise
        self._exists = True
        del written[keep:]
        written.extend(log[keep:])
        journal.since_checkpoint += max(1, len(log) - keep)
        if created or journal.since_checkpoint >= CHECKPOINT_EVERY:
            try:
                journal.checkpoint()  # a PASSIVE one: it never waits for another process
            except (sqlite3.Error, OSError):
                pass  # the moves are committed; the next checkpoint copies them

    def release(self) -> None:
        if self._exists and self._game_id is not None:
            self.journal.release(self._game_id)
            self.journal.checkpoint_quietly()


_UNWRITTEN: Any = object()  # a log entry the database may not hold: written again


class _TakenOver(Exception):
    """Another process holds the game now: this one's moves go to a copy."""


class _Missing(Exception):
    """The game's row is gone (the database was deleted or replaced): write it afresh."""


# -- opening games ----------------------------------------------------------------
def open_game(journal: Journal, game_id: str, games: Mapping[str, Game], copy: bool = False) -> Store:
    """Replay a journal game into a store that records into it (or, with ``copy``, into a
    new game made from it). Raises GameHeld or JournalError with one sentence."""
    from .saves import SaveError, replay

    try:
        row = journal.game(game_id)
        if row is None:
            raise JournalError("That game is no longer in the saved games.")
        game = games.get(row.game)
        if game is None:
            raise JournalError("That game's rules are not available in this version of tabletop.")
        if not copy:
            journal.claim(game_id)
        actions = journal.actions(game_id)
    except (sqlite3.Error, OSError, ValueError) as exc:
        journal.reset()
        raise JournalError(f"The saved games cannot be read ({_reason(exc)}).") from None
    try:
        seats = [{"name": name, "controller": controller} for name, controller in row.seats]
        store = replay(game, row.options, row.seed, seats, actions, "the saved game")
    except SaveError as exc:
        if not copy:
            journal.release(game_id)
        raise JournalError(str(exc)) from None
    store.created = row.created
    if copy:
        store.game_uid = new_game_id()
        store.recorder = GameRecorder(journal, source="copy")
        store.recorder.record(store)
    else:
        store.game_uid = game_id
        store.recorder = GameRecorder(journal, source=row.source, written=list(store.log))
    return store


def attach(journal: Journal, store: Store, source: str = "new") -> GameRecorder:
    """Record ``store`` as a new game of the journal (a new id made here) and write it."""
    store.game_uid = new_game_id()
    store.recorder = GameRecorder(journal, source=source)
    store.recorder.record(store)
    return store.recorder


IMPORTED_KEY = "autosaves-imported"


def import_autosaves(journal: Journal, folder: Path, games: Mapping[str, Game]) -> int:
    """Once per database: read the JSON autosaves of older versions into new games, then
    move the folder aside (``autosave.imported``), never deleting it. Returns how many
    games were imported; raises sqlite3.Error or OSError when the journal cannot be written."""
    from .saves import SaveError, load

    if journal.meta(IMPORTED_KEY) is not None or journal.read_only:
        return 0
    count = 0
    if folder.is_dir() and not folder.is_symlink():
        for path in sorted(folder.glob("*.json")):
            try:
                store = load(path, games)
            except SaveError:
                continue  # kept in the moved folder, where the player can still find it
            store.game_uid = new_game_id()
            recorder = GameRecorder(journal, source="import")
            if not recorder.record(store):
                raise OSError(recorder._failing or "the journal could not be written")
            recorder.release()
            count += 1
        aside = folder.with_name(folder.name + ".imported")
        n = 1
        while aside.exists():
            n += 1
            aside = folder.with_name(f"{folder.name}.imported-{n}")
        os.replace(folder, aside)
    journal.set_meta(IMPORTED_KEY, str(time.time()))
    return count
