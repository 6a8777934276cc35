"""The messages a host and its clients exchange: small JSON objects, defined once here.

Every message carries the protocol version ``v`` and a ``type``. A client sends only
``join`` (first, once) and ``act``; the host sends ``welcome`` (once), ``update`` after
each change, ``refused`` when an action is refused and ``note`` for table news (a seat
left, came back, is played by a bot meanwhile; the host paused the clock). A client
never receives the state: an update holds ``view(state, seat)`` for its own seat, the log
lines that seat may read and the choices it has now: its legal actions when it is to
move, otherwise the actions the rules let it take in the open (``Game.open_actions``:
Senji's winter floor, where a player opens an offer). An update also says where the
table's clock stands when the rules run one (``Game.clock``: Senji's winter): the host
keeps it, pauses it and ends the step at 0:00; the screens only show it. ``build_update``
is the one place that makes an update, so the leak test checks exactly what is sent.

Version 2 added the clock to the update.

Limits: a client's message is at most ``MAX_CLIENT_MESSAGE`` bytes (the server refuses a
bigger frame before reading it); a host's at most ``MAX_HOST_MESSAGE``. A message that
does not parse closes that connection with ``CLOSE_BAD_MESSAGE`` and a reason.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Collection
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from rules.common import Game, LogLine, StateBase

VERSION = 2
MAX_CLIENT_MESSAGE = 16 * 1024  # an action is a few hundred bytes
MAX_HOST_MESSAGE = 4 * 1024 * 1024  # a view and a batch of log lines
DEFAULT_PORT = 8765

# Close codes (4000-4999 are the application's own) with a reason sentence.
CLOSE_BAD_MESSAGE = 4001
CLOSE_BAD_CODE = 4002
CLOSE_SEAT_TAKEN = 4003
CLOSE_VERSION = 4004
CLOSE_TABLE_CLOSED = 4005
CLOSE_REPLACED = 4006
FINAL_CLOSES = {CLOSE_BAD_MESSAGE, CLOSE_BAD_CODE, CLOSE_SEAT_TAKEN, CLOSE_VERSION}

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_LENGTH = 8


def new_code() -> str:
    """A seat's join code: eight letters and digits, shown as ABCD-EFGH."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def normal_code(text: str) -> str:
    """A code as typed (any case, dashes or spaces) in its compared form."""
    return "".join(ch for ch in str(text).upper() if ch.isalnum())


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    v: Literal[2] = VERSION


# -- client to host -----------------------------------------------------------------
class Join(Message):
    type: Literal["join"] = "join"
    code: str = Field(max_length=32)


class Act(Message):
    type: Literal["act"] = "act"
    revision: int = Field(ge=0)  # the revision the client chose at; a stale one is refused
    action: dict[str, Any]


ClientMessage = Annotated[Join | Act, Field(discriminator="type")]


# -- host to client -----------------------------------------------------------------
class SeatInfo(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    kind: Literal["here", "host", "bot", "remote"]  # here: the client's own seat
    present: bool = True  # a remote seat's player is connected
    stand_in: bool = False  # a bot plays the seat while its player is away


def seat_label(info: SeatInfo) -> str:
    """A seat's name as the screens show it, with where its player is."""
    if info.stand_in:
        return f"{info.name} (away, a bot plays)"
    if not info.present:
        return f"{info.name} (away)"
    return info.name


class Welcome(Message):
    type: Literal["welcome"] = "welcome"
    game: str
    options: dict[str, Any]
    seat: int
    seats: list[SeatInfo]
    table: str  # the table's id (its game in the host's journal)


class Clock(BaseModel):
    """The table's clock as the host keeps it: the game's seconds left when the update
    was sent, and whether the host has paused it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    left: float = Field(ge=0)
    paused: bool = False


def clock_words(seconds: float) -> str:
    """Seconds left as a clock shows them (1:52), the part of a second still going counted."""
    s = max(0, int(seconds + 0.999))
    return f"{s // 60}:{s % 60:02d}"


class Update(Message):
    type: Literal["update"] = "update"
    revision: int
    view: dict[str, Any]  # view(state, seat) without its log
    log_from: int  # the first of ``log``'s lines is line number ``log_from`` of the seat's log
    log: list[LogLine]
    to_move: int | None
    actions: list[dict[str, Any]]  # this seat's choices: the legal actions when it is to move, else its open ones
    outcome: dict[str, Any] | None
    seats: list[SeatInfo]
    clock: Clock | None = None  # the table's clock, while the rules run one


class Refused(Message):
    type: Literal["refused"] = "refused"
    reason: str


class Note(Message):
    type: Literal["note"] = "note"
    text: str


HostMessage = Annotated[Welcome | Update | Refused | Note, Field(discriminator="type")]

_CLIENT = TypeAdapter(ClientMessage)
_HOST = TypeAdapter(HostMessage)


class BadMessage(Exception):
    """A message that cannot be read; ``str()`` is a short reason for the close frame."""


def _parse(adapter: TypeAdapter, data: str | bytes, limit: int) -> Any:
    if len(data) > limit:
        raise BadMessage("The message is too big.")
    try:
        raw = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        raise BadMessage("The message is not JSON.") from None
    if isinstance(raw, dict) and raw.get("v") != VERSION:
        raise BadMessage(f"This table speaks version {VERSION} of the protocol; update tabletop.")
    try:
        return adapter.validate_python(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))[:40]
        raise BadMessage(f"The message is not understood ({where or 'message'}).") from None


def parse_client(data: str | bytes) -> Join | Act:
    return _parse(_CLIENT, data, MAX_CLIENT_MESSAGE)


def parse_host(data: str | bytes) -> Welcome | Update | Refused | Note:
    return _parse(_HOST, data, MAX_HOST_MESSAGE)


def encode(message: Message) -> str:
    return message.model_dump_json()


def build_update(
    game: Game, state: StateBase, seat: int, revision: int, log_from: int, seats: list[SeatInfo],
    clock: Clock | None = None,
) -> Update:
    """The update for ``seat``: its view, its log lines from ``log_from`` on, its choices
    (``seat_actions``) and the table's clock (public). Nothing else of ``state`` goes into it."""
    view = game.view(state, seat)
    lines = [ln for ln in view.log if ln.visible_to(seat)]
    mover = game.to_move(state)
    actions = [game.dump_action(a) for a in seat_actions(game, state, seats, [seat])]
    outcome = game.outcome(state)
    return Update(
        revision=revision,
        view=view.model_dump(mode="json", exclude={"log"}),
        log_from=log_from,
        log=lines[log_from:],
        to_move=mover,
        actions=actions,
        outcome=outcome.model_dump(mode="json") if outcome is not None else None,
        seats=seats,
        clock=clock,
    )


def seat_actions(game: Game, state: StateBase, seats: list[SeatInfo], mine: Collection[int]) -> list:
    """What a screen playing the seats ``mine`` may choose now. On their turn: the legal
    actions, less the other seats' open actions (a player opens an offer at their own
    screen; nobody opens it for them). Otherwise their open actions (none in most games),
    and, while a bot waits for the players at the table to run the open step
    (``humans_run``), the rest of its choices (ending the negotiation), as the players at
    one screen make them in its name."""
    mine = set(mine)
    mover = game.to_move(state)
    if mover is None:
        return []
    theirs = [a for s in range(len(seats)) if s not in mine for a in game.open_actions(state, s)]
    if mover in mine:
        return [a for a in game.legal_actions(state) if a not in theirs]
    out = [a for s in sorted(mine) for a in game.open_actions(state, s)]
    if out and humans_run(game, state, seats):
        out += [a for a in game.legal_actions(state) if a not in theirs and a not in out]
    return out


def table_humans(seats: list[SeatInfo]) -> list[int]:
    """The seats whose players are at the table now: at the host's terminal or at a
    connected screen of their own (not a bot, nor a seat a bot stands in for)."""
    return [i for i, s in enumerate(seats) if s.kind != "bot" and s.present and not s.stand_in]


def humans_run(game: Game, state: StateBase, seats: list[SeatInfo]) -> bool:
    """A bot is to move on an open step while a player at the table may still act there
    (``Game.humans_may_act``): the bot waits, and the players run the step."""
    mover = game.to_move(state)
    if mover is None or (seats[mover].kind != "bot" and not seats[mover].stand_in):
        return False
    return game.humans_may_act(state, table_humans(seats))


def seat_log_length(game: Game, state: StateBase, seat: int) -> int:
    """How many log lines ``seat`` may read in ``state``."""
    return sum(1 for ln in state.log if ln.visible_to(seat))


def parse_address(text: str, default_host: str = "127.0.0.1") -> tuple[str, int]:
    """``HOST:PORT``, ``:PORT``, ``PORT`` or ``HOST`` (``[::1]:PORT`` for IPv6); ValueError
    with a sentence when it is not one."""
    text = str(text).strip()
    host, port = default_host, DEFAULT_PORT
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError(f"{text[:40]!r} is not an address (try 127.0.0.1:{DEFAULT_PORT}).")
        host, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"{text[:40]!r} is not an address (try [::1]:{DEFAULT_PORT}).")
            port = _port(rest[1:], text)
        return host, port
    if text.isdigit():
        return host, _port(text, text)
    if ":" in text:
        head, _, tail = text.rpartition(":")
        return head or default_host, _port(tail, text)
    if not text:
        raise ValueError("an address is needed (for example 127.0.0.1:8765).")
    return text, port


def _port(text: str, whole: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise ValueError(f"{whole[:40]!r} has no port from 1 to 65535 (try 127.0.0.1:{DEFAULT_PORT}).")
    return int(text)
