"""Save files: a JSON envelope holding the setup and the action log.

Loading replays the log through the rules, so a save can never hold a position the
rules would not reach. A truncated, corrupt, tampered or newer file is refused with
one sentence naming the first problem, and nothing is loaded; the file is only read.
Writes are atomic: a temporary file in the same folder, flushed, then ``os.replace``.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from rules.common import Game, IllegalAction

from .store import LogEntry, Seat, Store

FORMAT = "tabletop-save"
VERSION = 1


class SaveError(Exception):
    """A save that cannot be loaded; ``str()`` is one sentence for the player."""


def _iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, tz=timezone.utc).isoformat(timespec="seconds")


def state_digest(store: Store) -> str:
    return hashlib.sha256(store.state.model_dump_json().encode()).hexdigest()


def envelope(store: Store) -> dict[str, Any]:
    outcome = store.outcome()
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": store.game.id,
        "uid": store.game_uid,
        "options": store.options.model_dump(mode="json"),
        "seed": store.seed,
        "seats": [{"name": s.name, "controller": s.controller} for s in store.seats],
        "actions": [e.action for e in store.log],
        "finished": outcome is not None,
        "created": _iso(store.created),
        "updated": _iso(time.time()),
        "digest": state_digest(store),
    }


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_save(store: Store, path: Path) -> Path:
    write_atomic(path, json.dumps(envelope(store), indent=1))
    return path


@dataclass(frozen=True)
class SaveInfo:
    path: Path
    game: str
    uid: str
    updated: str
    finished: bool
    actions: int


def peek(path: Path) -> SaveInfo | None:
    """The envelope's headline without replaying, or None if it is not readable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return SaveInfo(
            path=path,
            game=str(data["game"]),
            uid=str(data.get("uid", "")),
            updated=str(data.get("updated", "")),
            finished=bool(data.get("finished", False)),
            actions=len(data.get("actions", [])),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def load(path: Path, games: dict[str, Game], autosave_dir: Path | None = None) -> Store:
    """Read and replay a save. Raises SaveError with one clear sentence."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"There is no file at {path}.") from None
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a save file.") from None
    except OSError as exc:
        raise SaveError(f"{path} cannot be read: {exc.strerror or exc}.") from None
    return load_bytes(raw, games, str(path), autosave_dir)


def load_bytes(
    raw: bytes, games: dict[str, Game], name: str = "the save", autosave_dir: Path | None = None
) -> Store:
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{name} is not a tabletop save: it is not text.") from None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(raw.rstrip()) - 1 or exc.msg.startswith("Unterminated"):
            raise SaveError(f"{name} is cut off: the file ends in the middle of the save.") from None
        raise SaveError(
            f"{name} is damaged: it is not valid JSON (line {exc.lineno}, column {exc.colno})."
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{name} is not a tabletop save.")
    version = data.get("version")
    if not isinstance(version, int):
        raise SaveError(f"{name} has no valid format version.")
    if version > VERSION:
        raise SaveError(
            f"{name} was written by a newer tabletop (save format {version}); "
            f"this version reads format {VERSION}."
        )
    game_id = data.get("game")
    game = games.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise SaveError(f"{name} is a save of an unknown or unavailable game ({game_id!r}).")
    try:
        options = game.parse_options(data.get("options", {}))
    except ValidationError as exc:
        raise SaveError(f"{name} has invalid options for {game.title}: {_first_error(exc)}.") from None
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise SaveError(f"{name} has no valid seed.")
    seats_raw = data.get("seats")
    count = game.seat_count(options)
    try:
        seats = [Seat(str(s["name"]), str(s.get("controller", "human"))) for s in seats_raw]
    except (TypeError, KeyError, AttributeError):
        raise SaveError(f"{name} has an invalid list of seats.") from None
    if len(seats) != count:
        raise SaveError(f"{name} lists {len(seats)} seats, but its options need {count}.")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise SaveError(f"{name} has no action list.")

    uid = str(data.get("uid") or "")
    store = Store.new(game, options, seed, seats)
    if uid:
        store.game_uid = uid
    for index, raw_action in enumerate(actions, start=1):
        try:
            action = game.parse_action(raw_action)
        except ValidationError as exc:
            raise SaveError(
                f"Action {index} of {name} is not a move of {game.title}: {_first_error(exc)}."
            ) from None
        try:
            store._apply(action, replay=True)
        except IllegalAction as exc:
            raise SaveError(
                f"Action {index} of {name} (“{game.describe(action)}”) is not legal there: {exc.reason}"
            ) from None
        except Exception as exc:  # a rules bug must not take the app down
            raise SaveError(
                f"Action {index} of {name} (“{game.describe(action)}”) could not be replayed "
                f"({type(exc).__name__})."
            ) from None
    digest = data.get("digest")
    if digest is not None and digest != state_digest(store):
        raise SaveError(
            f"{name} was changed after it was written: its final position does not match its record."
        )
    if autosave_dir is not None:
        store.autosave_path = autosave_dir / f"{store.game_uid}.json"
    return store


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ())) or "value"
    return f"{where}: {err.get('msg', 'invalid')}"


def latest_unfinished(folder: Path, games: dict[str, Game]) -> SaveInfo | None:
    """The most recently updated unfinished autosave of an available game."""
    if not folder.is_dir():
        return None
    infos = [peek(p) for p in folder.glob("*.json")]
    live = [i for i in infos if i and not i.finished and i.game in games and i.actions > 0]
    return max(live, key=lambda i: (i.updated, i.path.stat().st_mtime), default=None)


def list_saves(folder: Path) -> list[SaveInfo]:
    if not folder.is_dir():
        return []
    infos = [peek(p) for p in sorted(folder.glob("*.json"))]
    return sorted((i for i in infos if i), key=lambda i: i.updated, reverse=True)


def new_autosave_path(store: Store, folder: Path) -> Path:
    return folder / f"{store.game_uid}.json"


__all__ = [
    "FORMAT", "VERSION", "LogEntry", "SaveError", "SaveInfo", "envelope", "latest_unfinished",
    "list_saves", "load", "load_bytes", "new_autosave_path", "peek", "write_atomic", "write_save",
]
