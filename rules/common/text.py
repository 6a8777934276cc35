"""Text from a player, a file or the network is data: one place says what such text may hold.

Every string that enters from outside (a seat or player name in options or a save's envelope,
a renamed game title, a line of chat, an error that quotes input) is checked where it enters
with the types below, and anything printed that quotes outside text goes through `plain`.
Both rest on one rule: only printable characters (`str.isprintable`: no C0/C1 control
characters such as ESC, BEL or NUL, no bidirectional overrides or other format characters,
no line or paragraph separators).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator

MAX_NAME = 40
MAX_LINE = 200


def is_plain(text: str) -> bool:
    """True when every character of `text` prints as itself on one line."""
    return text.isprintable()


def plain(text: object, limit: int | None = None, *, tail: bool = False) -> str:
    """`text` as one line that cannot act on a terminal: each unprintable character becomes
    a space; past `limit` characters it is cut with "…" (keeping its end when `tail`)."""
    out = "".join(ch if ch.isprintable() else " " for ch in str(text))
    if limit is None or len(out) <= limit:
        return out
    if tail:
        return "…" + out[-(limit - 1):]
    return out[: limit - 1] + "…"


def _checker(what: str, low: int, high: int):
    def check(value: str) -> str:
        if not low <= len(value) <= high:
            raise ValueError(f"{what} must be {low} to {high} characters long")
        if not is_plain(value):
            raise ValueError(f"{what} may hold only printable characters (no control characters)")
        return value

    return check


# A seat's or player's name: 0 (unnamed) to 40 printable characters.
PlainName = Annotated[str, AfterValidator(_checker("a name", 0, MAX_NAME))]
# One line of text from outside (a title, a note, a reason): at most 200 printable characters.
PlainLine = Annotated[str, AfterValidator(_checker("a line of text", 0, MAX_LINE))]
