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
bigger frame before reading it); a host's at most ``MAX_HOST_MESSAGE``; either nests at most
``MAX_DEPTH`` deep. A message that does not parse (whatever is wrong with it, a nesting deep
enough to exhaust Python's recursion included) closes that connection with
``CLOSE_BAD_MESSAGE`` and a one-line reason that quotes none of it.

Text is data on the wire: every string in a message, down to the names inside a view or a
game's options, is printable (``rules.common.text``: no ESC, BEL, NUL, bidi override or line
break), and the names, notes and reasons are bounded (``PlainName``, ``PlainLine``). The
models check it, so a joiner checks its host's welcome and updates as the host checks its
clients.

Join codes: a seat's code is eight letters and digits (ABCD-EFGH). A table exposed beyond
this computer speaks TLS with its own certificate, and its codes carry a third part, the
certificate's fingerprint (``fingerprint``: 60 bits of its SHA-256, twelve characters), which
the joiner pins: it sends the seat's code only to the table whose certificate matches.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Collection
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from rules.common import Game, LogLine, StateBase
from rules.common.text import PlainLine, PlainName, is_plain, plain

VERSION = 2
MAX_CLIENT_MESSAGE = 16 * 1024  # an action is a few hundred bytes
MAX_HOST_MESSAGE = 4 * 1024 * 1024  # a view and a batch of log lines
MAX_DEPTH = 32  # lists and objects inside one another (a Senji update nests 5 deep)
DEFAULT_PORT = 8765

# Close codes (4000-4999 are the application's own) with a reason sentence.
CLOSE_BAD_MESSAGE = 4001
CLOSE_BAD_CODE = 4002
CLOSE_SEAT_TAKEN = 4003
CLOSE_VERSION = 4004
CLOSE_TABLE_CLOSED = 4005
CLOSE_REPLACED = 4006
CLOSE_TOO_SOON = 4007  # a seat joined too often just now: its screen tries again a little later
CLOSE_SLOW_DOWN = 4008  # too many wrong codes from one address: it waits before it tries again
CLOSE_BEHIND = 4009  # a screen that reads nothing of what it is sent: it joins again
FINAL_CLOSES = {CLOSE_BAD_MESSAGE, CLOSE_BAD_CODE, CLOSE_SEAT_TAKEN, CLOSE_VERSION}

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_LENGTH = 8
# A certificate's fingerprint in a code: Crockford's base32 (read as typed: O is 0, I and L are 1).
PRINT_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
PRINT_LENGTH = 12  # 60 bits of the SHA-256 of the certificate


def new_code() -> str:
    """A seat's join code: eight letters and digits, shown as ABCD-EFGH."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def normal_code(text: str) -> str:
    """A code as typed (any case, dashes or spaces) in its compared form."""
    return "".join(ch for ch in str(text).upper() if ch.isascii() and ch.isalnum())


def fingerprint(certificate: bytes) -> str:
    """A certificate (DER bytes) as a join code carries it: twelve characters, XXXX-XXXX-XXXX."""
    bits = int.from_bytes(hashlib.sha256(certificate).digest()[:8], "big") >> (64 - 5 * PRINT_LENGTH)
    chars = "".join(PRINT_ALPHABET[(bits >> (5 * i)) & 31] for i in reversed(range(PRINT_LENGTH)))
    return "-".join(chars[i:i + 4] for i in range(0, PRINT_LENGTH, 4))


def split_code(text: str) -> tuple[str, str | None]:
    """A join code as typed: the seat's code, and the certificate's fingerprint the joiner
    pins when the code carries one (``XXXX-XXXX-XXXX`` in its compared form), else None."""
    code = normal_code(text)
    if len(code) != CODE_LENGTH + PRINT_LENGTH:
        return code, None
    seat, printed = code[:CODE_LENGTH], code[CODE_LENGTH:].translate(_TYPED)
    return seat, "-".join(printed[i:i + 4] for i in range(0, PRINT_LENGTH, 4))


_TYPED = str.maketrans("OIL", "011")


def show_code(code: str, printed: str | None) -> str:
    """A seat's code as the host shows it, with its table's fingerprint when it has one."""
    return f"{code}-{printed}" if printed else code


NOT_PLAIN = "text may hold only printable characters (no control characters)"


def plain_data(value: Any) -> Any:
    """``value`` when every string in it (keys too, at any depth) is printable and it nests
    at most ``MAX_DEPTH`` deep, else ValueError. Read level by level, without recursion;
    its strings are checked at once at the end."""
    level, depth, texts = [value], 0, []
    while level:
        depth += 1
        deeper: list[Any] = []
        for item in level:
            kind = type(item)
            if kind is str:
                texts.append(item)
                continue
            if kind is dict:
                texts.extend(item)
                deeper.extend(item.values())
            elif kind is list or kind is tuple:
                deeper.extend(item)
            else:
                continue
            if depth > MAX_DEPTH:
                raise ValueError(f"it nests more than {MAX_DEPTH} deep")
        level = deeper
    try:
        joined = "".join(texts)
    except TypeError:  # a key that is not a string (never in JSON)
        joined = "".join(map(str, texts))
    if not joined.isprintable():
        raise ValueError(NOT_PLAIN)
    return value


def _checked(value: Any, info: ValidationInfo) -> Any:
    """``plain_data`` as a field's validator; skipped when ``_parse`` has checked the whole
    message already (its validation context says so)."""
    if info.context is not None and info.context.get("plain"):
        return value
    return plain_data(value)


# A game's data on the wire (an action, a view, options): its text is printable.
PlainData = Annotated[dict[str, Any], AfterValidator(_checked)]
PlainId = Annotated[str, Field(max_length=64), AfterValidator(_checked)]


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    v: Literal[2] = VERSION


# -- client to host -----------------------------------------------------------------
class Join(Message):
    type: Literal["join"] = "join"
    code: Annotated[str, Field(max_length=32), AfterValidator(_checked)]


class Act(Message):
    type: Literal["act"] = "act"
    revision: int = Field(ge=0)  # the revision the client chose at; a stale one is refused
    action: PlainData


ClientMessage = Annotated[Join | Act, Field(discriminator="type")]


# -- host to client -----------------------------------------------------------------
class SeatInfo(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: PlainName
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
    game: PlainId
    options: PlainData
    seat: int = Field(ge=0)
    seats: list[SeatInfo] = Field(max_length=64)
    table: PlainId  # the table's id (its game in the host's journal)

    @model_validator(mode="after")
    def _a_seat_of_the_table(self) -> Welcome:
        if self.seat >= len(self.seats):
            raise ValueError("the seat is not one of the table's")
        return self


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
    revision: int = Field(ge=0)
    view: PlainData  # view(state, seat) without its log
    log_from: int = Field(ge=0)  # the first of ``log``'s lines is line number ``log_from`` of the seat's log
    log: list[LogLine]
    to_move: int | None
    actions: list[PlainData]  # this seat's choices: the legal actions when it is to move, else its open ones
    outcome: PlainData | None
    seats: list[SeatInfo] = Field(max_length=64)
    clock: Clock | None = None  # the table's clock, while the rules run one

    @model_validator(mode="after")
    def _a_seat_to_move(self) -> Update:
        if self.to_move is not None and not 0 <= self.to_move < len(self.seats):
            raise ValueError("the seat to move is not one of the table's")
        return self

    @field_validator("log")
    @classmethod
    def _plain_log(cls, lines: list[LogLine], info: ValidationInfo) -> list[LogLine]:
        if (info.context is None or not info.context.get("plain")) and not is_plain("".join(ln.text for ln in lines)):
            raise ValueError(NOT_PLAIN)
        return lines


class Refused(Message):
    type: Literal["refused"] = "refused"
    reason: PlainLine


class Note(Message):
    type: Literal["note"] = "note"
    text: PlainLine


HostMessage = Annotated[Welcome | Update | Refused | Note, Field(discriminator="type")]

_CLIENT = TypeAdapter(ClientMessage)
_HOST = TypeAdapter(HostMessage)


class BadMessage(Exception):
    """A message that cannot be read; ``str()`` is a short reason for the close frame (one
    line of plain text that quotes nothing of the message but the names of its fields)."""


def _parse(adapter: TypeAdapter, data: str | bytes, limit: int) -> Any:
    if len(data) > limit:
        raise BadMessage("The message is too big.")
    try:
        raw = json.loads(data)
    except RecursionError:
        raise BadMessage("The message nests too deep.") from None
    except (ValueError, UnicodeDecodeError):
        raise BadMessage("The message is not JSON.") from None
    if isinstance(raw, dict) and raw.get("v") != VERSION:
        raise BadMessage(f"This table speaks version {VERSION} of the protocol; update tabletop.")
    try:
        plain_data(raw)
    except ValueError as exc:
        raise BadMessage(f"The message is refused: {exc}.") from None
    try:
        return adapter.validate_python(raw, context={"plain": True})  # its text: checked just above
    except ValidationError as exc:
        first = exc.errors()[0]
        where = plain(".".join(str(p) for p in first.get("loc", ())), 40)
        raise BadMessage(f"The message is not understood ({where or 'message'}).") from None
    except RecursionError:
        raise BadMessage("The message nests too deep.") from None


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
    # The host's own state: its names were checked where they entered (options, seats), and
    # every joiner checks all of the update's text again; the host does not walk it per seat.
    return Update.model_validate(dict(
        revision=revision,
        view=view.model_dump(mode="json", exclude={"log"}),
        log_from=log_from,
        log=lines[log_from:],
        to_move=mover,
        actions=actions,
        outcome=outcome.model_dump(mode="json") if outcome is not None else None,
        seats=seats,
        clock=clock,
    ), context={"plain": True})


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
