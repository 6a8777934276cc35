"""The player's settings between runs (the theme): a small JSON file in the data dir.

Read with ``json`` only (no pydantic), so the menu's first frame pays nothing for it.
Written atomically (a temporary file renamed over the old one). A file that cannot be
read gives the defaults; a write that fails returns the reason, which the app says once.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .paths import data_dir

DEFAULTS: dict[str, Any] = {"theme": "textual-dark"}


def settings_path() -> Path:
    return data_dir() / "settings.json"


def load_settings() -> dict[str, Any]:
    """The saved settings over the defaults; the defaults alone if the file is missing,
    unreadable or not a JSON object. Values of the wrong type are ignored."""
    settings = dict(DEFAULTS)
    try:
        raw = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return settings
    if isinstance(raw, dict):
        for key, default in DEFAULTS.items():
            if isinstance(raw.get(key), type(default)):
                settings[key] = raw[key]
    return settings


def save_settings(settings: dict[str, Any]) -> str | None:
    """Write ``settings`` atomically; None when done, else why it could not be."""
    import tempfile  # only when writing: the first frame never pays for it

    path = settings_path()
    try:
        from .paths import private_folder

        private_folder(path.parent)  # the data folder is this user's alone (0700)
        fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(settings, f, indent=1, sort_keys=True)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except OSError as exc:
        return exc.strerror or str(exc)
    return None
