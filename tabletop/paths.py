"""Where tabletop keeps its files: ``TABLETOP_DATA_DIR`` or the platform's user data dir.

The games live in the journal (``journal_path``); ``saves`` holds exported save files;
``autosave`` is where older versions kept a JSON file per game (imported once, then moved
aside as ``autosave.imported``).
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir


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
