"""A remote seat: the connection to a host and ``RemoteStore``, the store a board screen
plays on when its game is held by a host elsewhere.

``RemoteStore`` offers what the board screen reads from a ``Store`` (game, seats, view,
legal_actions, to_move, outcome, revision, dispatch, subscribe, undo and save answers),
built from the host's updates: the seat's own view and its choices (its legal actions
when it is to move, else what the rules let it do in the open, as opening an offer on
Senji's winter floor). ``dispatch`` sends the action and returns; the host's next update (or its
refusal, said through ``on_refused``) follows. The table's clock (``table_clock``) is the
host's: this screen shows it and cannot pause it. A dropped connection is joined again with
the same code, on its own, until the host says the seat is not ours.

What a host sends is data: the protocol's models check every string in it (a host's welcome
too), a host's reason or note is shown only as plain text, and anything that does not fit
ends the join with one sentence. A code that carries a table's fingerprint joins over TLS
and sends the seat's code only once the host's certificate matches it.

No Textual here.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import Callable, Mapping
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from rules.common import Game, IllegalAction, LogLine, Outcome, Rng, StateBase
from rules.common.text import plain

from ..store import Seat
from . import protocol as P
from . import tls
from .host import REMOTE, UNDO_OFF

HERE = "human"


class JoinError(Exception):
    """Joining failed; ``str()`` is one sentence for the player."""


class NotThatTable(JoinError):
    """The host's certificate is not the one the code names: nothing was sent to it."""


NOT_THAT_TABLE = ("The table at that address is not the one your code is for (its certificate differs), "
                  "so your code was not sent: check the address, or ask the host for the code again.")
NOT_ENCRYPTED = ("That address does not answer as an encrypted tabletop table, which your code asks for: "
                 "check the address and the port.")
WHOLE_CODE = ("That address does not answer as a tabletop host (a table open beyond its computer is "
              "encrypted: type all five parts of its code).")
UNFIT = "The host sent a table this tabletop cannot show (its settings or its state do not fit these rules)."


class _NoRecorder:
    """A remote seat saves nothing here: the host keeps the game."""

    def record(self, store: Any) -> bool:
        return True

    def take_notice(self) -> str | None:
        return None

    def release(self) -> None:
        return None


def _reason(exc: BaseException, encrypted: bool = False) -> str:
    """One sentence of plain text for what ended a connection (a host's reason is its data)."""
    if isinstance(exc, ConnectionClosed):
        frame = exc.rcvd
        if frame is not None and frame.reason:
            return plain(frame.reason, 200)
        return "The host closed the connection."
    if isinstance(exc, ssl.SSLError | ssl.CertificateError) or (encrypted and isinstance(exc, ConnectionResetError)):
        return NOT_ENCRYPTED  # (a plain server drops a TLS hello)
    if isinstance(exc, OSError):
        return f"Nobody answers there ({plain(exc.strerror or type(exc).__name__, 80)})."
    if isinstance(exc, InvalidHandshake):
        return NOT_ENCRYPTED if encrypted else WHOLE_CODE
    if isinstance(exc, TimeoutError | asyncio.TimeoutError):
        return "The host did not answer in time."
    return plain(str(exc) or type(exc).__name__, 200)


def _close_code(exc: BaseException) -> int | None:
    if isinstance(exc, ConnectionClosed) and exc.rcvd is not None:
        return exc.rcvd.code
    return None


ONLY_HOST_PAUSES = "Only the host of the table can pause its clock, at the host's screen."


class RemoteStore:
    """A seat's game as the host shows it, with the surface of a ``Store``."""

    hosts_clock = False  # the table's clock is kept (and paused) at the host's screen

    def __init__(self, game: Game, welcome: P.Welcome) -> None:
        self.game = game
        self.options = game.parse_options(welcome.options)
        self.seat = welcome.seat
        self.game_uid = welcome.table
        self.recorder = _NoRecorder()
        self.seat_info = list(welcome.seats)
        self.seats = self._seats()
        self._revision = 0
        self._view: StateBase | None = None
        self._log: list[LogLine] = []
        self._to_move: int | None = None
        self._actions: list[Any] = []
        self._outcome: Outcome | None = None
        self._clock: P.Clock | None = None
        self._listeners: list[Callable[[RemoteStore], None]] = []
        self.pending = False  # an action sent, its answer not yet here
        self.send: Callable[[P.Act], None] | None = None  # set by the connection
        self.on_refused: Callable[[str], None] | None = None

    # -- the host's updates -----------------------------------------------------------
    def apply_update(self, update: P.Update) -> None:
        del self._log[update.log_from:]
        self._log.extend(update.log)
        view = self.game.State.model_validate(update.view | {"log": list(self._log)})
        self._view = view
        self._revision = update.revision
        self._to_move = update.to_move
        self._actions = [self.game.parse_action(a) for a in update.actions]
        self._outcome = Outcome.model_validate(update.outcome) if update.outcome is not None else None
        self._clock = update.clock
        self.seat_info = list(update.seats)
        self.seats = self._seats()
        self.pending = False
        for listener in list(self._listeners):
            listener(self)

    def _seats(self) -> list[Seat]:
        """The seats as the board shows them: this screen's seat is its one human."""
        return [Seat(P.seat_label(s), HERE if i == self.seat else REMOTE) for i, s in enumerate(self.seat_info)]

    def refused(self, reason: str) -> None:
        self.pending = False
        if self.on_refused is not None:
            self.on_refused(reason)

    # -- reading, as a Store ------------------------------------------------------------
    @property
    def ready(self) -> bool:
        return self._view is not None

    @property
    def revision(self) -> int:
        return self._revision

    @property
    def state(self) -> StateBase:
        """The seat's own view: all this screen ever has of the game."""
        assert self._view is not None
        return self._view

    def view(self, seat: int | None) -> StateBase:
        # Only this seat sits at this screen, so its own view is the one drawn, whatever is asked.
        return self.state

    def to_move(self) -> int | None:
        return self._to_move

    def legal_actions(self) -> list[Any]:
        """This seat's choices now, as the host sent them: its legal actions on its turn,
        else its open ones (often none)."""
        return list(self._actions)

    def table_clock(self) -> P.Clock | None:
        """The table's clock as of the host's last update: the seconds it had left then and
        whether the host has paused it; None when the rules run no clock now."""
        return self._clock

    def pause_clock(self, paused: bool) -> bool:
        raise IllegalAction(ONLY_HOST_PAUSES)

    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def finished(self) -> bool:
        return self._outcome is not None

    # -- acting ---------------------------------------------------------------------------
    def dispatch(self, action: Any) -> None:
        """Send ``action`` to the host; IllegalAction when it cannot be sent now."""
        if not self._actions:
            raise IllegalAction("It is not your turn.")
        if self.pending:
            raise IllegalAction("Your last choice is on its way to the host.")
        if action not in self._actions:
            raise IllegalAction(f"“{self.game.describe(action)}” is not one of the choices now.")
        if self.send is None:
            raise IllegalAction("The connection to the host is down; it is being joined again.")
        self.pending = True
        self.send(P.Act(revision=self._revision, action=self.game.dump_action(action)))

    def undo_block(self) -> str | None:
        return UNDO_OFF

    def can_undo(self) -> bool:
        return False

    def undo(self) -> Any:
        raise IllegalAction(UNDO_OFF)

    def subscribe(self, listener: Callable[[RemoteStore], None]) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def take_save_notice(self) -> str | None:
        return None


class Connection:
    """The link to a host for one seat: join, then keep the store up to date, joining again
    after a drop. Runs in the caller's asyncio loop."""

    def __init__(
        self,
        address: tuple[str, int],
        code: str,
        games: Mapping[str, Game],
        *,
        on_note: Callable[[str], None] | None = None,
        on_raw: Callable[[str | bytes], None] | None = None,
        retry: float = 0.5,
    ) -> None:
        self.address = address
        self.code, self.fingerprint = P.split_code(code)  # the seat's code; the table's certificate, if pinned
        self.games = games
        self.on_note = on_note
        self.on_raw = on_raw  # every message received, before it is read (tests)
        self.retry = retry
        self.store: RemoteStore | None = None
        self.ws: ClientConnection | None = None
        self.closed_reason: str | None = None
        self._task: asyncio.Task | None = None
        self._stopped = False

    @property
    def url(self) -> str:
        host, port = self.address
        host = f"[{host}]" if ":" in host else host
        return f"{'wss' if self.fingerprint else 'ws'}://{host}:{port}/"

    async def _open(self) -> tuple[ClientConnection, P.Welcome, P.Update]:
        context = tls.client_context() if self.fingerprint else None
        ws = await connect(self.url, max_size=P.MAX_HOST_MESSAGE, compression=None, open_timeout=5,
                           ping_interval=10, ping_timeout=20, ssl=context)
        try:
            if self.fingerprint is not None:
                self._check_certificate(ws)  # before the seat's code leaves this computer
            await ws.send(P.encode(P.Join(code=self.code)))
            welcome = self._read(await asyncio.wait_for(ws.recv(), 10))
            update = self._read(await asyncio.wait_for(ws.recv(), 10))
            if not isinstance(welcome, P.Welcome) or not isinstance(update, P.Update):
                raise JoinError("The host did not answer as a tabletop table.")
        except BaseException:
            await ws.close()
            raise
        return ws, welcome, update

    def _check_certificate(self, ws: ClientConnection) -> None:
        secure = ws.transport.get_extra_info("ssl_object")
        der = secure.getpeercert(binary_form=True) if secure is not None else None
        if der is None or P.fingerprint(der) != self.fingerprint:
            raise NotThatTable(NOT_THAT_TABLE)

    def _read(self, raw: str | bytes) -> Any:
        if self.on_raw is not None:
            self.on_raw(raw)
        try:
            return P.parse_host(raw)
        except P.BadMessage as exc:
            raise JoinError(f"The host sent something this tabletop cannot read: {exc}") from None

    async def join(self) -> RemoteStore:
        """Join the seat; JoinError with a sentence when it cannot be."""
        try:
            ws, welcome, update = await self._open()
        except (ConnectionClosed, OSError, InvalidHandshake, InvalidURI, TimeoutError, asyncio.TimeoutError) as exc:
            raise JoinError(_reason(exc, self.fingerprint is not None)) from None
        game = self.games.get(welcome.game)
        if game is None:
            await ws.close()
            raise JoinError("This table plays a game whose rules this tabletop does not have.")
        try:
            store = RemoteStore(game, welcome)
            store.apply_update(update)
        except Exception:  # noqa: BLE001 - a host's data that the rules refuse: one sentence
            await ws.close(P.CLOSE_BAD_MESSAGE, "This screen cannot show that table.")
            raise JoinError(UNFIT) from None
        self.store = store
        self._attach(ws)
        self._task = asyncio.create_task(self._run(ws))
        return store

    def _attach(self, ws: ClientConnection | None) -> None:
        self.ws = ws
        store = self.store
        if store is None:
            return
        if ws is None:
            store.send = None
            return

        def send(message: P.Act) -> None:
            asyncio.create_task(self._send(ws, P.encode(message)))

        store.send = send

    async def _send(self, ws: ClientConnection, text: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(text)

    async def _run(self, ws: ClientConnection) -> None:
        store = self.store
        assert store is not None
        while not self._stopped:
            try:
                async for raw in ws:
                    message = self._read(raw)
                    if isinstance(message, P.Update):
                        self._apply(store, message)
                    elif isinstance(message, P.Refused):
                        store.refused(message.reason)
                    elif isinstance(message, P.Note):
                        self._note(message.text)
            except ConnectionClosed as exc:
                if _close_code(exc) in P.FINAL_CLOSES:
                    self.closed_reason = _reason(exc)
                elif _close_code(exc) == P.CLOSE_TABLE_CLOSED:
                    self._note("The host closed the table; joining again when it opens.")
                else:
                    self._note("The connection to the host was lost; joining again…")
            except JoinError as exc:
                self.closed_reason = str(exc)
                await ws.close(P.CLOSE_BAD_MESSAGE, str(exc)[:120])
            if self._stopped or self.closed_reason is not None:
                break
            self._attach(None)
            store.pending = False
            ws = await self._rejoin(store)
            if ws is None:
                break
        self._attach(None)
        if self.closed_reason is not None:
            self._note(self.closed_reason)

    @staticmethod
    def _apply(store: RemoteStore, update: P.Update) -> None:
        try:
            store.apply_update(update)
        except Exception:  # noqa: BLE001 - the rules refuse the host's view: end, in one sentence
            raise JoinError(UNFIT) from None

    async def _rejoin(self, store: RemoteStore) -> ClientConnection | None:
        delay = self.retry
        while not self._stopped:
            try:
                ws, welcome, update = await self._open()
            except ConnectionClosed as exc:
                # The host may not have seen the old connection go yet: a taken seat is tried again.
                if _close_code(exc) in (P.CLOSE_BAD_CODE, P.CLOSE_VERSION, P.CLOSE_BAD_MESSAGE):
                    self.closed_reason = _reason(exc)
                    return None
            except NotThatTable as exc:
                self.closed_reason = str(exc)
                return None
            except (OSError, InvalidHandshake, JoinError, TimeoutError, asyncio.TimeoutError):
                pass
            else:
                self.closed_reason = None
                self._attach(ws)  # first: the update's listeners may act at once
                try:
                    self._apply(store, update)
                except JoinError as exc:
                    self.closed_reason = str(exc)
                    await ws.close(P.CLOSE_BAD_MESSAGE, "This screen cannot show that table.")
                    return None
                self._note("Joined the table again.")
                return ws
            await asyncio.sleep(delay)
            delay = min(delay * 2, 5.0)
        return None

    def _note(self, text: str) -> None:
        if self.on_note is not None:
            self.on_note(text)

    async def close(self) -> None:
        self._stopped = True
        if self.ws is not None:
            await self.ws.close()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(self._task, 5)

    async def drop(self) -> None:
        """Close the socket as a network failure would (tests): the seat joins again."""
        if self.ws is not None:
            self.ws.transport.abort()


async def play_with_bot(
    address: tuple[str, int],
    code: str,
    games: Mapping[str, Game],
    bot: Callable[..., Any],
    rng: Rng,
    until: Callable[[RemoteStore], bool] | None = None,
    on_raw: Callable[[str | bytes], None] | None = None,
) -> RemoteStore:
    """A headless remote seat whose choices a bot makes from what the seat receives; returns
    when the game is over or ``until(store)`` holds."""
    conn = Connection(address, code, games, on_raw=on_raw)
    store = await conn.join()
    done = asyncio.get_running_loop().create_future()

    def changed(s: RemoteStore) -> None:
        if done.done():
            return
        if s.finished or (until is not None and until(s)):
            done.set_result(None)
            return
        # A bot answers its turns; it takes no open initiative (that is a player's).
        actions = s.legal_actions() if s.to_move() == s.seat else []
        if actions:
            s.dispatch(bot(s.game, s.state, s.seat, actions, rng))

    store.subscribe(changed)
    changed(store)
    try:
        await done
    finally:
        await conn.close()
    return store
