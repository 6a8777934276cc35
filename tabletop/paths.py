"""Where tabletop keeps its files: ``TABLETOP_DATA_DIR`` or the platform's user data dir.

The games live in the journal (``journal_path``); ``saves`` holds exported save files;
``autosave`` is where older versions kept a JSON file per game (imported once, then moved
aside as ``autosave.imported``).

The data folder holds every seed (so every hidden card) and the join codes of networked
tables: it is this user's alone. ``private_folder`` makes it (and any folder in it) with
mode 0700 and closes one an older version left open to others; ``private_file`` makes or
closes a file to 0600. SQLite gives the journal's side files (``-wal``, ``-shm``) the mode
of the journal itself, and ``tempfile.mkstemp`` (every atomic write here) makes 0600 files.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from platformdirs import user_data_dir

FOLDER_MODE = 0o700
FILE_MODE = 0o600


def data_dir() -> Path:
    override = os.environ.get("TABLETOP_DATA_DIR")
    return Path(override) if override else Path(user_data_dir("tabletop", appauthor=False))


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def saves_dir() -> Path:
    return data_dir() / "saves"


def journal_path() -> Path:
    """The game journal: every game on this machine, one SQLite database."""
    return data_dir() / "games.sqlite3"


def _close_to_others(path: Path, mode: int) -> None:
    """chmod ``path`` to ``mode`` when it is this user's and others may use it (an older
    version made it 0755 or 0644); a path of another owner or that cannot be changed is
    left as it is."""
    try:
        st = os.stat(path)
        if st.st_uid == os.getuid() and stat.S_IMODE(st.st_mode) & 0o077:
            os.chmod(path, mode)
    except (OSError, AttributeError):  # no getuid on some platforms: nothing to close
        pass


def private_folder(folder: Path | None = None) -> Path:
    """Make ``folder`` (the data folder by default) for this user alone: missing folders
    are created 0700 (the data folder and those inside it; folders above it keep the
    platform's defaults), and the data folder or a folder in it that others may read is
    closed. Returns the folder; raises OSError when it cannot be made."""
    folder = data_dir() if folder is None else folder
    root = data_dir()
    inside = folder == root or root in folder.parents
    if inside and not root.is_dir():
        root.parent.mkdir(parents=True, exist_ok=True)
        root.mkdir(mode=FOLDER_MODE, exist_ok=True)
    if inside:
        for part in [root, *reversed([p for p in folder.parents if root in p.parents])]:
            part.mkdir(mode=FOLDER_MODE, exist_ok=True)
            _close_to_others(part, FOLDER_MODE)
        folder.mkdir(mode=FOLDER_MODE, exist_ok=True)
        _close_to_others(folder, FOLDER_MODE)
    else:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def private_file(path: Path) -> Path:
    """Create ``path`` empty with mode 0600 if it is missing, or close it to 0600 if it is
    this user's and others may read it. Never truncates; raises OSError when it cannot
    be created."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), FILE_MODE)
    except FileExistsError:
        _close_to_others(path, FILE_MODE)
    else:
        os.close(fd)
    return path
