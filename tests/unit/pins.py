"""Two digests of a final state, so that a pinned record says what changed.

``rules`` hashes the state's JSON without its words: the log, and the few fields that hold
a sentence for the player (the outcome's explanation). ``words`` hashes those words (each
log line with the seats that may read it, then the named fields). A rewording of the log
re-pins only ``words``; a change to what the rules did re-pins ``rules`` (and usually
``words`` too, since the log tells it).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def _take(data: dict[str, Any], path: str) -> Any:
    """Remove a dotted field from a JSON dump and return its value (None when absent)."""
    *parents, last = path.split(".")
    for name in parents:
        data = data.get(name) or {}
        if not isinstance(data, dict):
            return None
    return data.pop(last, None) if isinstance(data, dict) else None


def digests(state: Any, words: tuple[str, ...] = ()) -> tuple[str, str]:
    """(rules digest, words digest) of ``state``; ``words`` names its text fields besides
    the log, as dotted paths ("campaign.last_result")."""
    data = json.loads(state.model_dump_json())
    log = data.pop("log")
    said = {path: _take(data, path) for path in words}

    def sha(value: Any) -> str:
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()

    return sha(data), sha({"log": log, "fields": said})
