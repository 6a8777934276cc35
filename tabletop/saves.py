"""Save files: a JSON envelope holding the setup and the action log.

The games on this machine live in the game journal (``tabletop.journal``); a save file
is for exporting (``w``), ``tabletop load`` and sharing. Loading replays the log through
the rules, so a save can never hold a position the rules would not reach, and it always
makes a new game: nothing in a file names a path or an id used here.

A file is a stranger's data. Only a regular file below ``MAX_BYTES`` is read; its JSON is
checked for nesting, size and number length before it is parsed; every field is checked;
a digest of the final position (without its words: the log may be reworded) is required. Any problem is refused with one sentence of
at most ``MAX_MESSAGE`` characters, and the file is only ever read. Exports are atomic: a
temporary file in the same folder, flushed and synced, ``os.replace``, then the folder synced.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import stat
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules.common import IllegalAction
from rules.common.text import is_plain, plain

from .store import LogEntry, Seat, Store

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rules.common import ActionBase, Game, OptionsBase

FORMAT = "tabletop-save"
VERSION = 2  # 2: the digest leaves the words out (format 1 digested the log too)

MAX_BYTES = 20 * 1024 * 1024  # no game comes near: a 5,000-action game is about 0.3 MB
MAX_DEPTH = 64  # brackets inside brackets; a save needs fewer than ten
MAX_ITEMS = 250_000  # values in the whole file (a 2,500-action Senji game has 19,000)
MAX_NUMBER = 30  # characters in one number
MAX_ACTIONS = 20_000  # as many as `tabletop simulate` lets a game run
MAX_SEAT_NAME = 100
MAX_MESSAGE = 200
FIELDS = frozenset(
    {"format", "version", "game", "uid", "options", "seed", "seats", "actions", "finished",
     "created", "updated", "digest"}
)
_UID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_DIGEST = re.compile(r"[0-9a-f]{64}")


class SaveError(Exception):
    """A save that cannot be loaded; ``str()`` is one sentence for the player."""

    def __init__(self, message: str) -> None:
        text = _sentence(message)
        super().__init__(text[:1].upper() + text[1:])


def _clip(text: object, limit: int) -> str:
    """``text`` on one line, without control characters, at most ``limit`` characters."""
    return plain(text, limit)


def _sentence(text: str) -> str:
    return _clip(text, MAX_MESSAGE)


def _iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, tz=timezone.utc).isoformat(timespec="seconds")


# The fields of each game's state that hold sentences for the player besides the log (as
# dotted paths): the digest leaves them out with the log, so that a rewording of what the
# game says never makes a save look changed.
WORDS = {"spirit": ("end_reason",), "senji": ("end_reason",), "harakiri": ("reason",),
         "duel": ("explanation", "campaign.last_result")}


# Option values respelt since a save could be written: (game, option, today's value, the
# older value). A save recorded the older value in its digest, and still matches it.
RESPELT = (("senji", "autumn_order", "honour", "honor"),)


def state_digest(store: Store, older: bool = False) -> str:
    """The digest a save records: its final position without its words (the log and the
    sentences of ``WORDS``), so that the same moves under reworded text still match.
    ``older``: the digest as a tabletop before a respelling (``RESPELT``) wrote it."""
    data = json.loads(store.state.model_dump_json())
    data.pop("log", None)
    if older:
        options = data.get("options") if isinstance(data.get("options"), dict) else {}
        for game_id, option, now, before in RESPELT:
            if store.game.id == game_id and options.get(option) == now:
                options[option] = before
    for path in WORDS.get(store.game.id, ()):
        *parents, last = path.split(".")
        inner = data
        for part in parents:
            inner = inner.get(part) if isinstance(inner, dict) else None
        if isinstance(inner, dict):
            inner.pop(last, None)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


# -- writing ---------------------------------------------------------------------
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


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # a platform that cannot open folders has nothing to sync
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` at once or not at all; the file is 0600 (``mkstemp``), a
    missing folder in the data folder 0700 (``paths.private_folder``)."""
    from .paths import private_folder

    private_folder(path.parent)
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
    _fsync_folder(path.parent)


def write_save(store: Store, path: Path) -> Path:
    write_atomic(path, json.dumps(envelope(store), indent=1))
    return path


# -- the save files in a folder (listed, never parsed) ----------------------------
@dataclass(frozen=True)
class SaveFile:
    path: Path
    modified: float
    size: int

    @property
    def modified_text(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))


def list_files(folder: Path, limit: int = 500) -> list[SaveFile]:
    """The regular ``.json`` files in ``folder``, newest first (their content is read
    only when one is chosen)."""
    found: list[SaveFile] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not entry.name.endswith(".json") or not entry.is_file(follow_symlinks=False):
                    continue
                try:
                    st = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                found.append(SaveFile(Path(entry.path), st.st_mtime, st.st_size))
    except OSError:
        return []
    found.sort(key=lambda f: f.modified, reverse=True)
    return found[:limit]


def file_name_for(game_id: str, name: str, when: float) -> str:
    """The file name a game is offered to be saved under: its own name (given with rename in
    the history) made a plain file name, else the game and the time it was last played.

    A name is a player's text, never a path: only its letters and digits are kept (apostrophes
    dropped, words joined by "-"), so it cannot climb out of the saves folder, hide as a dot file or carry
    a control character."""
    kept = "".join(ch if ch.isalnum() and ch.isprintable() else " " for ch in str(name) if ch not in "'’")
    base = "-".join(kept.split())[:60].strip("-")
    if not base:
        base = f"{game_id}-{time.strftime('%Y%m%d-%H%M', time.localtime(when))}"
    return f"{base}.json"


# -- reading -----------------------------------------------------------------------
def display_name(path: Path) -> str:
    """A file's name as messages show it: one line, at most 60 characters."""
    return "“" + _clip(path.name or str(path), 60) + "”"


def read_file(path: Path) -> bytes:
    """The bytes of a regular file below MAX_BYTES; SaveError for anything else."""
    name = display_name(path)
    try:
        st = os.stat(path)  # follows a link: what counts is what it points at
    except FileNotFoundError:
        raise SaveError(f"There is no file at {_clip(path, 120)}.") from None
    except OSError as exc:
        raise SaveError(f"{name} cannot be read: {_clip(exc.strerror or exc, 60)}.") from None
    _check_kind(st, name)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise SaveError(f"{name} cannot be read: {_clip(exc.strerror or exc, 60)}.") from None
    try:
        _check_kind(os.fstat(fd), name)  # the file opened is the file checked
        chunks: list[bytes] = []
        total = 0
        while total <= MAX_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_BYTES + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise SaveError(f"{name} cannot be read: {_clip(exc.strerror or exc, 60)}.") from None
    finally:
        os.close(fd)
    if total > MAX_BYTES:
        raise SaveError(f"{name} is too large to be a save (a save is at most {MAX_BYTES >> 20} MB).")
    return b"".join(chunks)


def _check_kind(st: os.stat_result, name: str) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise SaveError(f"{name} is a folder, not a save file.")
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(f"{name} is not a regular file (it is a device, a pipe or a socket), so it is not read.")
    if st.st_size > MAX_BYTES:
        raise SaveError(f"{name} is too large to be a save (a save is at most {MAX_BYTES >> 20} MB).")


# The shape check works on the bytes with C-speed passes only (``bytes.replace``, ``count``,
# ``translate`` and one regular expression that cannot backtrack), so its cost is linear in
# the file's size whatever the file holds; a Python loop runs only over the brackets, of
# which there are at most MAX_ITEMS by then.
_STRING = re.compile(rb'"[^"]*"')  # a string once its escapes are gone: nothing to backtrack
_BRACKETS_ONLY = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = [0] * 256
_STEP[ord("[")] = _STEP[ord("{")] = 1
_STEP[ord("]")] = _STEP[ord("}")] = -1


class _Refused(Exception):
    """Raised inside the JSON parser's hooks to stop at a bad number or a repeated key."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _number(kind: type):
    def parse(text: str) -> Any:
        if len(text) > MAX_NUMBER:
            raise _Refused(f"it holds a number longer than {MAX_NUMBER} characters or not finite")
        return kind(text)

    return parse


def _no_constant(text: str) -> Any:
    raise _Refused(f"it holds a number longer than {MAX_NUMBER} characters or not finite")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object; a key given twice is refused (which one counts would be a guess)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise _Refused(f"it gives the field “{_clip(twice, 30)}” twice")
    return out


def _shape_problem(raw: bytes) -> str | None:
    """Why this JSON text is too deep or too big to parse safely, or None.

    Strings are taken out first: their escapes that could hide a quote (``\\\\`` and
    ``\\"``) are dropped, which leaves every string as a quote, anything but quotes, a
    quote. What remains is counted (every value opens a bracket or follows a comma) and
    the brackets' depth is followed one bracket at a time."""
    text = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    quotes = text.count(b'"')
    if quotes % 2:  # a string never closed: what comes before it is what the parser reads
        text = text[: text.rfind(b'"')]
        quotes -= 1
    strings = quotes // 2
    if strings > MAX_ITEMS:
        return "it holds far more entries than any game has"
    bare = _STRING.sub(b"", text)
    brackets = bare.translate(None, _BRACKETS_ONLY)
    opened = brackets.count(b"[") + brackets.count(b"{")
    if strings + opened + bare.count(b",") > MAX_ITEMS or len(brackets) > 2 * MAX_ITEMS + 2:
        return "it holds far more entries than any game has"
    depth = deepest = 0
    step = _STEP
    for byte in brackets:
        depth += step[byte]
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                return f"its brackets are nested more than {MAX_DEPTH} deep"
    return None


def parse_json(raw: bytes, name: str) -> Any:
    """Parse ``raw`` safely; SaveError with one sentence for anything unsafe or broken.
    Linear in the size of ``raw``: a file at the size cap is read or refused in well
    under a second (tests/bench/test_loader_bench.py)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{name} is not a tabletop save: it is not text.") from None
    problem = _shape_problem(raw)
    if problem is not None:
        raise SaveError(f"{name} is not a tabletop save: {problem}.")
    try:
        return json.loads(
            text, parse_int=_number(int), parse_float=_number(float), parse_constant=_no_constant,
            object_pairs_hook=_object,
        )
    except _Refused as exc:
        raise SaveError(f"{name} is not a tabletop save: {exc.why}.") from None
    except RecursionError:
        raise SaveError(f"{name} is not a tabletop save: its brackets are nested too deeply.") from None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated"):
            raise SaveError(f"{name} is cut off: the file ends in the middle of the save.") from None
        raise SaveError(
            f"{name} is damaged: it is not valid JSON (line {exc.lineno}, column {exc.colno})."
        ) from None


def load(path: Path, games: Mapping[str, Game], autosave_dir: Path | None = None) -> Store:
    """Read and replay a save file into a new game. Raises SaveError with one sentence.

    ``autosave_dir`` is accepted for older callers and ignored: the app records a loaded
    game in the journal as a new game."""
    raw = read_file(path)
    return load_bytes(raw, games, display_name(path))


def load_bytes(raw: bytes, games: Mapping[str, Game], name: str = "The save", autosave_dir: Any = None) -> Store:
    try:
        data = parse_json(raw, name)
        return _from_envelope(data, games, name)
    except SaveError:
        raise
    except Exception as exc:  # the last line of defence: a refusal, never a traceback
        raise SaveError(f"{name} could not be read: {why(exc)}.") from None


def _from_envelope(data: Any, games: Mapping[str, Game], name: str) -> Store:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{name} is not a tabletop save.")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise SaveError(f"{name} has no valid format version.")
    if version > VERSION:
        raise SaveError(
            f"{name} was written by a newer tabletop (save format {_clip(version, 12)}); "
            f"this version reads format {VERSION}."
        )
    unknown = sorted(str(k) for k in data if k not in FIELDS)
    if unknown:
        raise SaveError(f"{name} has a field no save has ({_clip(unknown[0], 30)}).")
    game_id = data.get("game")
    game = games.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise SaveError(f"{name} is a save of an unknown or unavailable game ({_clip(repr(game_id), 30)}).")
    uid = data.get("uid")
    if uid is not None and not (isinstance(uid, str) and _UID.fullmatch(uid)):
        raise SaveError(f"{name} has an invalid game id: a save's id is at most 64 letters, digits, - or _.")
    created = _when(data, "created", name)
    updated = _when(data, "updated", name)
    if created is not None and updated is not None and created > updated:
        raise SaveError(f"{name} says it was last played before it began (its created and updated times).")
    if "finished" in data and not isinstance(data["finished"], bool):
        raise SaveError(f"{name} has an invalid finished mark.")
    digest = data.get("digest")
    if not (isinstance(digest, str) and _DIGEST.fullmatch(digest)):
        raise SaveError(f"{name} has no valid digest of its final position, so it cannot be checked.")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise SaveError(f"{name} has no action list.")
    if len(actions) > MAX_ACTIONS:
        raise SaveError(f"{name} has more actions than any game ({len(actions)}).")
    store = replay(game, data.get("options", {}), data.get("seed"), data.get("seats"), actions, name)
    # Format 2 records the position without its words. A format-1 file recorded the whole
    # state, log included, in the words of the version that wrote it; a later rewording of
    # the log cannot be checked against it, so such a file is taken on its moves, each of
    # which the replay above has checked under the rules: the player keeps their game.
    if version >= 2 and digest != state_digest(store) and digest != state_digest(store, older=True):
        raise SaveError(
            f"{name} was changed after it was written: its final position does not match its record."
        )
    if "finished" in data and data["finished"] != store.finished:
        if data["finished"]:
            raise SaveError(f"{name} says the game is over, but its moves do not end it.")
        raise SaveError(f"{name} says the game is not over, but its moves end it.")
    if created is not None:
        store.created = created
    return store


EARLIEST = datetime(2000, 1, 1, tzinfo=timezone.utc)  # before any tabletop
SLACK = 2 * 86400  # a clock a little ahead of ours (seconds)


def _when(data: dict[str, Any], key: str, name: str) -> float | None:
    """A save's ``created`` or ``updated`` time as a timestamp (None when absent): a date
    and time between 2000 and now (a little slack for a clock ahead); SaveError else."""
    if key not in data:
        return None
    value = data[key]
    if not (isinstance(value, str) and len(value) <= 40):
        raise SaveError(f"{name} has an invalid {key} time.")
    try:
        when = datetime.fromisoformat(value)
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        stamp = when.timestamp()
    except (ValueError, OverflowError, OSError):
        raise SaveError(f"{name} has an invalid {key} time: it is not a date and time.") from None
    if when < EARLIEST or stamp > time.time() + SLACK:
        raise SaveError(
            f"{name} has a {key} time in the year {when.year}, which no game has: "
            f"a save's times lie between 2000 and today."
        )
    return stamp


def replay(
    game: Game, options: OptionsBase | Any, seed: Any, seats: Any, actions: list[Any], name: str
) -> Store:
    """A new store from a setup and an action log, every field checked; SaveError else."""
    from pydantic import ValidationError

    from .bots import bot_names

    if not isinstance(options, game.Options):
        if not isinstance(options, dict):
            raise SaveError(f"{name} has invalid options for {game.title}.")
        try:
            options = game.parse_options(options)
        except ValidationError as exc:
            raise SaveError(f"{name} has invalid options for {game.title}: {_first_error(exc)}.") from None
    if type(seed) is not int or not 0 <= seed < 1 << 63:
        raise SaveError(f"{name} has no valid seed.")
    count = game.seat_count(options)
    if not isinstance(seats, list) or not seats:
        raise SaveError(f"{name} has an invalid list of seats.")
    if len(seats) != count:
        listed = f"{len(seats)} seat" + ("" if len(seats) == 1 else "s")
        raise SaveError(f"{name} lists {listed}, but its options need {count}.")
    controllers = ["human", *bot_names(game)]
    checked: list[Seat] = []
    for i, seat in enumerate(seats, start=1):
        if not isinstance(seat, dict) or set(seat) - {"name", "controller"}:
            raise SaveError(f"{name} has an invalid seat {i}.")
        seat_name, controller = seat.get("name"), seat.get("controller", "human")
        if not isinstance(seat_name, str) or not 0 < len(seat_name) <= MAX_SEAT_NAME or not is_plain(seat_name):
            raise SaveError(f"{name} has an invalid name for seat {i} (1 to {MAX_SEAT_NAME} printable characters).")
        if controller not in controllers:
            raise SaveError(
                f"{name} says seat {i} is played by {_clip(repr(controller), 30)}, which is not a player "
                f"or a bot of {game.title}."
            )
        checked.append(Seat(seat_name, controller))
    try:
        store = Store.new(game, options, seed, checked)
    except Exception as exc:
        raise SaveError(f"{name} has a setup {game.title} cannot start: {why(exc)}.") from None
    for index, raw_action in enumerate(actions, start=1):
        if not isinstance(raw_action, dict):
            raise SaveError(f"Action {index} of {name} is not a move of {game.title}.")
        try:
            action = game.parse_action(raw_action)
        except ValidationError as exc:
            raise SaveError(
                f"Action {index} of {name} is not a move of {game.title}: {_first_error(exc)}."
            ) from None
        except Exception as exc:
            raise SaveError(f"Action {index} of {name} is not a move of {game.title}: {why(exc)}.") from None
        try:
            store._apply(action, replay=True)
        except IllegalAction as exc:
            raise SaveError(
                f"Action {index} of {name} (“{_describe(game, action)}”) is not legal there: "
                f"{_clip(exc.reason, 100)}"
            ) from None
        except Exception as exc:  # a rules bug must not take the app down
            raise SaveError(
                f"Action {index} of {name} (“{_describe(game, action)}”) could not be replayed: "
                f"{why(exc)}."
            ) from None
    return store


def _describe(game: Game, action: ActionBase) -> str:
    """The action's words for a refusal; never raises."""
    try:
        return _clip(game.describe(action), 50)
    except Exception:
        return _clip(getattr(action, "kind", "a move"), 30)


def why(exc: BaseException) -> str:
    """Why a save could not be taken, in a player's words (never a Python class name)."""
    from pydantic import ValidationError

    if isinstance(exc, ValidationError):
        return _first_error(exc)
    if isinstance(exc, RecursionError):
        return "its contents nest too deeply"
    if isinstance(exc, MemoryError):
        return "it is too large to read"
    if isinstance(exc, (UnicodeError, ValueError)):
        return "part of it is not in the form tabletop writes"
    if isinstance(exc, (KeyError, IndexError, TypeError, AttributeError)):
        return "something it needs is missing or of the wrong sort"
    return "its contents do not make sense to this version of tabletop"


def _first_error(exc: Any) -> str:
    """pydantic's first error in words: where ("seats 1 name", counted from 1), then why."""
    try:
        err = exc.errors()[0]
        where = " ".join(str(p + 1) if isinstance(p, int) else _clip(p, 20) for p in err.get("loc", ())) or "value"
        why = str(err.get("msg", "invalid")).removeprefix("Value error, ").removeprefix("Assertion failed, ")
        return f"{_clip(where, 50)}: {_clip(why.rstrip('.'), 100)}"
    except Exception:
        return "invalid"


__all__ = [
    "FORMAT", "MAX_BYTES", "VERSION", "LogEntry", "SaveError", "SaveFile", "display_name", "envelope", "why",
    "list_files", "load", "load_bytes", "parse_json", "read_file", "replay", "write_atomic", "write_save",
]
