"""The winter's log lines that the smart bot reads back as its memory, written and read here.

The bot keeps no memory between choices (rules/senji/bot_talk.py): who has had the floor,
to whom it offered, what was said with an offer and whom it traded with this year, it reads
from the log lines its seat may read. The engine (rules/senji/year.py) writes those lines
with the functions below and the bot reads them with the parsers next to them, so a
rewording made here changes both sides at once; a line written elsewhere in other words
is caught by tests/unit/senji/test_bot_memory.py.
"""

from __future__ import annotations

YEAR = "— Year "
WINTER_OPEN = "Winter: the floor is open for negotiation."
_OPENS = " opens an offer."
_CANCELS = " cancels the offer."
_OFFER_TO = " is making an offer to "
_SAYS = " says: "
_TRADE = "Trade "


# -- written by the engine -----------------------------------------------------------
def year_begins(year: int, tiebreak: bool) -> str:
    return f"{YEAR}{year}{' (tie-break year)' if tiebreak else ''} —"


def opens(who: str) -> str:
    return f"{who}{_OPENS}"


def cancels(who: str) -> str:
    return f"{who}{_CANCELS}"


def offer_to(frm: str, to: str) -> str:
    return f"{frm}{_OFFER_TO}{to}."


def says(who: str, word: str) -> str:
    """What the offerer says with an offer (read by the two parties only)."""
    return f"{who}{_SAYS}{word}"


def trade(frm: str, to: str, gave: str, got: str) -> str:
    """The public line of a confirmed swap: ``frm`` made the offer, ``to`` answered it."""
    return f"{_TRADE}{frm}→{to}: {gave}; {to}→{frm}: {got}."


# -- read by the bot -----------------------------------------------------------------
def is_year_start(text: str) -> bool:
    return text.startswith(YEAR)


def is_winter_start(text: str) -> bool:
    return text == WINTER_OPEN


def is_open(text: str, who: str) -> bool:
    return text == opens(who)


def is_cancel(text: str, who: str) -> bool:
    return text == cancels(who)


def is_offer_to(text: str, frm: str, to: str) -> bool:
    return text == offer_to(frm, to)


def said(text: str, who: str) -> str | None:
    """The words ``who`` said in this line, if it is its offer's line."""
    head = f"{who}{_SAYS}"
    return text[len(head):] if text.startswith(head) else None


def traded_with(text: str, names: list[str], seat: int) -> set[int]:
    """The seats ``seat`` traded with as the offerer in this line (none: not such a line)."""
    head = f"{_TRADE}{names[seat]}→"
    if not text.startswith(head):
        return set()
    rest = text[len(head):]
    return {s for s, n in enumerate(names) if s != seat and rest.startswith(f"{n}:")}
