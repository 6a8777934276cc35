"""Where tabletop keeps its files: ``TABLETOP_DATA_DIR`` or the platform's user data dir."""

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
