"""The host of a networked table: the one authoritative store, served over WebSockets.

The host owns the ``Store`` (and through it the journal, so every action is saved as in
hot-seat play). Each seat is played from this terminal (``here``), by a bot, or from
another screen (``remote``, with its own join code). A remote client gets only its seat's
updates (``protocol.build_update``) and may only send actions for its own seat while it is
to move; anything it sends that cannot be read closes its connection with a reason and
leaves the table as it was.

A remote seat whose player drops keeps the seat: the same code joins it again and sees
the table as it stands. With ``away_after`` set, a seat whose player has been away that
long when it is to move is played by a stand-in bot until the player is back.

When the rules run a clock over a step (``Game.clock``: Senji's winter), the host keeps
it: it ends the step at 0:00 in the mover's name, and only the host pauses it
(``pause_clock``: the seconds left are kept, and the clock starts again from them). Every
update carries where the clock stands, so every screen shows the same time, and every
screen hears that the host paused it or started it again.

Guarded: anything a client sends that cannot be read closes that connection with a 4xxx
code and a one-line reason and prints nothing on the host's console; a web page cannot
connect (a request with an ``Origin`` is refused: the table is for ``tabletop join``).
A seat joins at most ``JOIN_BURST`` times at once and then once every ``JOIN_EVERY``
seconds; the other screens hear of a seat's comings and goings at most once every
``NOTE_GAP`` seconds (what happened meanwhile is told once, as it stands then); refused
choices are counted per seat, across its joins; and an address that typed ``FREE_GUESSES``
wrong codes waits longer before each further try (1 s, 2 s, 4 s ... up to
``LONGEST_WAIT``), which the host's screen is told once. A table exposed beyond this
computer speaks TLS (``tls``): its codes carry its certificate's fingerprint.

No Textual here: the host's own screen shows the table through ``HostSeats`` (the board
screen's view of a store: this terminal's seats are its humans, every other seat is
played elsewhere).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from rules.common import IllegalAction, Rng
from rules.common.text import MAX_NAME, plain

from ..bots import bot_names, get_bot, is_slow
from ..paths import data_dir
from ..store import Seat, Store
from . import protocol as P
from . import tls

# A seat's controller on the board screens of a networked table (tabletop.net): "human" at
# this screen, "remote" at another. In the store (and so in the journal) a remote seat is a
# "human" one: the table's join codes say which seats are played remotely.
HERE, REMOTE = "human", "remote"
JOIN_TIMEOUT = 10.0  # seconds a new connection has to say which seat it joins
REFUSALS_ALLOWED = 30  # refused choices of one seat within REFUSAL_WINDOW seconds before its screen is closed
REFUSAL_WINDOW = 10.0
JOIN_BURST = 4  # joins of one seat at once (a dropped screen comes back at once)...
JOIN_EVERY = 2.0  # ...then one more every this many seconds
NOTE_GAP = 5.0  # the other screens hear of one seat's comings and goings at most this often
FREE_GUESSES = 5  # wrong join codes from one address before its tries slow down
LONGEST_WAIT = 60.0  # the longest an address waits between two wrong codes
MAX_GUESSERS = 4096  # addresses remembered for their wrong codes (the oldest are forgotten)
MAX_QUEUED = 256  # messages waiting for a screen that does not read them: then it is closed
UNREADABLE = "The table could not read that message; this screen is closed."
UNDO_OFF = "Undo is off at a table played over the network: every screen has seen the move."
ANOTHERS = "That choice is another player's: only they can make it, at their own screen."
CLOCK_KEPT = "The host's clock says when time is up: it has not run out."




@dataclass
class _Client:
    ws: ServerConnection
    seat: int
    sent_log: int = 0  # how many of the seat's log lines it has
    writer: asyncio.Task | None = None
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)
    dropped: bool = False  # closed for not reading what it is sent


@dataclass
class _Guesser:
    """Wrong join codes from one address."""

    wrong: int = 0
    until: float = 0.0  # its next try is not read before then (time.monotonic)
    last: float = 0.0
    told: bool = False  # the host's screen heard of it


class TableHost:
    """Serves ``store`` to remote seats. Create, ``await start()``, and the table runs in
    the event loop until ``await close()``."""

    def __init__(
        self,
        store: Store,
        codes: dict[int, str],
        listen: tuple[str, int] = ("127.0.0.1", P.DEFAULT_PORT),
        *,
        away_after: float | None = None,
        stand_in: str | None = None,
        bot_delay: float = 0.4,
        clock_speed: float = 1.0,
        on_note: Callable[[str], None] | None = None,
        tls_folder: Any = None,
    ) -> None:
        self.store = store
        self.game = store.game
        self.codes = dict(codes)  # a seat with a code is played remotely
        self.listen = listen
        self.away_after = away_after
        names = bot_names(store.game)
        self.stand_in_bot = stand_in or (names[1] if len(names) > 1 else names[0])
        self.bot_delay = bot_delay
        self.clock_speed = clock_speed  # seconds of a game's clock per real second (tests speed it up)
        self.on_note = on_note
        self.clients: dict[int, _Client] = {}
        self.away_since: dict[int, float] = {seat: time.monotonic() for seat in self.codes}
        self.stood_in: set[int] = set()  # remote seats a bot is playing meanwhile
        self.address: tuple[str, int] | None = None
        self._server: Server | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._clock: asyncio.TimerHandle | None = None  # the call at 0:00, while the clock runs
        self._clock_key: Any = None  # which of the rules' clocks runs (Game.clock)
        self._clock_ends: float | None = None  # the loop's time at 0:00, while the clock runs
        self._clock_left: float | None = None  # the game's seconds left, while the host has paused it
        self._rngs: dict[int, Rng] = {}
        self._writers: set[asyncio.Task] = set()
        self._refusals: dict[int, list[float]] = {}  # seat -> when its recent choices were refused
        self._joins: dict[int, tuple[float, float]] = {}  # seat -> (joins it has left, when counted)
        self._guessers: dict[str, _Guesser] = {}  # address -> its wrong codes
        self._presence_told: dict[int, tuple[float, str]] = {}  # seat -> (when, what) the screens last heard
        self._presence_wanted: dict[int, str] = {}  # seat -> what to tell them next
        self._presence_timers: dict[int, asyncio.TimerHandle] = {}
        # TLS when the table is exposed: its certificate lives in ``tls_folder`` (the data folder).
        self.tls_folder = tls_folder
        self.fingerprint: str | None = None  # the certificate's, while the table speaks TLS
        self._unsubscribe = store.subscribe(self._changed)

    # -- running ------------------------------------------------------------------
    async def start(self) -> tuple[str, int]:
        """Listen; OSError when the address cannot be had, tls.CertificateError when an
        exposed table's certificate cannot be made or read."""
        host, port = self.listen
        context = None
        if tls.exposed(host):
            folder = self.tls_folder if self.tls_folder is not None else data_dir()
            cert, key = tls.table_certificate(folder)
            context = tls.server_context(cert, key)
            self.fingerprint = tls.certificate_print(cert)
        self._server = await serve(
            self._serve, host, port, max_size=P.MAX_CLIENT_MESSAGE, compression=None,
            ping_interval=10, ping_timeout=20, server_header=None,
            # A closed screen's reply may sit behind its unread flood: do not wait long for it.
            close_timeout=2,
            # A web page may not connect (a browser always says its page's origin): the table is
            # for tabletop join, which says none. tabletop serve's tabs join as that command.
            origins=[None],
            ssl=context,
        )
        sock = next(iter(self._server.sockets))
        self.address = (host, sock.getsockname()[1])
        self._follow_clock()
        self._schedule()
        return self.address

    async def close(self) -> None:
        self._unsubscribe()
        if self._timer is not None:
            self._timer.cancel()
        for timer in self._presence_timers.values():
            timer.cancel()
        self._presence_timers.clear()
        self._stop_clock()
        if self._server is not None:
            self._server.close(close_connections=False)
            for client in list(self.clients.values()):
                await client.ws.close(P.CLOSE_TABLE_CLOSED, "The host closed the table.")
            await self._server.wait_closed()

    # -- seats ----------------------------------------------------------------------
    def seat_infos(self, for_seat: int | None) -> list[P.SeatInfo]:
        out = []
        for i, seat in enumerate(self.store.seats):
            kind = self.seat_kind(i)
            out.append(P.SeatInfo(
                name=plain(seat.name, MAX_NAME),
                kind="here" if i == for_seat else ("host" if kind == "here" else kind),  # type: ignore[arg-type]
                present=kind != "remote" or i in self.clients,
                stand_in=i in self.stood_in,
            ))
        return out

    def seat_kind(self, seat: int) -> str:
        """here (this terminal), remote (a join code) or bot."""
        if seat in self.codes:
            return "remote"
        return "here" if self.store.seats[seat].is_human else "bot"

    def join_code(self, seat: int) -> str:
        """The code the host gives the player of ``seat``: with the table's fingerprint when
        it speaks TLS."""
        return P.show_code(self.codes[seat], self.fingerprint)

    def seat_for_code(self, code: str) -> int | None:
        wanted = P.split_code(code)[0]  # the seat's part (a joiner may send its table's fingerprint too)
        found = None
        for seat, mine in self.codes.items():
            if hmac.compare_digest(P.normal_code(mine).encode(), wanted.encode()):
                found = seat
        return found

    def note(self, text: str, skip: int | None = None) -> None:
        """Table news for every screen (never a secret: names and who is where)."""
        text = plain(text, 200)
        self.tell_host(text)
        message = P.encode(P.Note(text=text))
        for seat, client in self.clients.items():
            if seat != skip:
                self._send(client, message)

    def tell_host(self, text: str) -> None:
        """News for the host's screen only."""
        if self.on_note is not None:
            self.on_note(plain(text, 200))

    def _presence(self, seat: int, text: str) -> None:
        """Tell the other screens that ``seat``'s player came or went: at once, unless they
        heard of that seat less than ``NOTE_GAP`` seconds ago; then once the gap is over,
        as the seat stands then (nothing, when it stands as they last heard)."""
        self._presence_wanted[seat] = text
        told = self._presence_told.get(seat)
        now = time.monotonic()
        if told is None or now - told[0] >= NOTE_GAP:
            self._tell_presence(seat)
        elif seat not in self._presence_timers:
            self._presence_timers[seat] = asyncio.get_running_loop().call_later(
                told[0] + NOTE_GAP - now, self._tell_presence, seat)

    def _tell_presence(self, seat: int) -> None:
        self._presence_timers.pop(seat, None)
        text = self._presence_wanted.pop(seat, None)
        told = self._presence_told.get(seat)
        if text is None or (told is not None and told[1] == text):
            return
        self._presence_told[seat] = (time.monotonic(), text)
        self.note(text, skip=seat)

    # -- guards ---------------------------------------------------------------------------
    def _may_join(self, seat: int) -> bool:
        """A join of ``seat`` now is within its rate (``JOIN_BURST``, ``JOIN_EVERY``)."""
        now = time.monotonic()
        left, then = self._joins.get(seat, (float(JOIN_BURST), now))
        left = min(float(JOIN_BURST), left + (now - then) / JOIN_EVERY)
        if left < 1:
            self._joins[seat] = (left, now)
            return False
        self._joins[seat] = (left - 1, now)
        return True

    def _wait_for(self, address: str) -> float:
        """Seconds ``address`` must still wait before its next code is read."""
        guesser = self._guessers.get(address)
        return 0.0 if guesser is None else max(0.0, guesser.until - time.monotonic())

    def _wrong_code(self, address: str) -> None:
        """``address`` typed a wrong code: past ``FREE_GUESSES`` its next try waits twice as
        long as its last (from 1 s up to ``LONGEST_WAIT``); the host hears of it once."""
        now = time.monotonic()
        guesser = self._guessers.get(address)
        if guesser is None:
            if len(self._guessers) >= MAX_GUESSERS:
                for old in sorted(self._guessers, key=lambda a: self._guessers[a].last)[:MAX_GUESSERS // 2]:
                    del self._guessers[old]
            guesser = self._guessers[address] = _Guesser()
        guesser.wrong += 1
        guesser.last = now
        if guesser.wrong > FREE_GUESSES:
            guesser.until = now + min(LONGEST_WAIT, 2.0 ** min(guesser.wrong - FREE_GUESSES - 1, 16))
            if not guesser.told:
                guesser.told = True
                self.tell_host(f"Someone at {plain(address, 60)} typed {guesser.wrong} wrong join codes: "
                               "each further try from there now waits longer.")

    # -- connections ------------------------------------------------------------------
    async def _serve(self, ws: ServerConnection) -> None:
        client: _Client | None = None
        address = str((ws.remote_address or ("somewhere",))[0])
        try:
            if await self._slowed(ws, address):
                return
            raw = await asyncio.wait_for(ws.recv(), JOIN_TIMEOUT)
            message = P.parse_client(raw)
            if not isinstance(message, P.Join):
                raise P.BadMessage("The first message must say which seat joins.")
            if await self._slowed(ws, address):  # asked again: its other connections may have guessed meanwhile
                return
            seat = self.seat_for_code(message.code)
            if seat is None:
                self._wrong_code(address)
                await ws.close(P.CLOSE_BAD_CODE, "That join code does not match a seat at this table.")
                return
            if seat in self.clients:  # (a screen whose line dropped asks again until the host sees it go)
                await ws.close(P.CLOSE_SEAT_TAKEN, f"{plain(self.store.seats[seat].name, MAX_NAME)} is already "
                               "played from another screen.")
                return
            if not self._may_join(seat):  # only a join the other screens would hear of is counted
                await ws.close(P.CLOSE_TOO_SOON, "This seat joined too often just now: "
                               "it can join again in a few seconds.")
                return
            client = _Client(ws, seat)
            self.clients[seat] = client
            writer = client.writer = asyncio.create_task(self._writer(client))
            self._writers.add(writer)
            writer.add_done_callback(self._writers.discard)
            self.away_since.pop(seat, None)
            back = seat in self.stood_in
            self.stood_in.discard(seat)
            self._send(client, P.encode(P.Welcome(
                game=self.game.id, options=self.store.options.model_dump(mode="json"), seat=seat,
                seats=self.seat_infos(seat), table=self.store.game_uid)))
            self._send_update(client)
            name = plain(self.store.seats[seat].name, MAX_NAME)
            self._presence(seat, f"{name} is back; the bot that stood in has stopped." if back
                           else f"{name} joined the table.")
            self._changed_seats(skip=seat)
            self._schedule()
            async for raw in ws:
                self._received(client, P.parse_client(raw))
                await asyncio.sleep(0)  # its writer sends between messages read in a burst
        except P.BadMessage as exc:
            await self._close_unread(ws, client, str(exc))
        except (ConnectionClosed, asyncio.TimeoutError):
            pass
        except Exception:  # noqa: BLE001 - whatever a message set off: close that screen, print nothing
            await self._close_unread(ws, client, UNREADABLE)
        finally:
            if client is not None and self.clients.get(client.seat) is client:
                del self.clients[client.seat]
                client.queue.put_nowait(None)
                self.away_since[client.seat] = time.monotonic()
                self._presence(client.seat, f"{plain(self.store.seats[client.seat].name, MAX_NAME)} left the "
                               "table; the seat is kept for them.")
                self._changed_seats()
                self._schedule()

    async def _slowed(self, ws: ServerConnection, address: str) -> bool:
        """Close ``ws`` when its address must wait before its next code is read."""
        wait = self._wait_for(address)
        if wait > 0:
            await ws.close(P.CLOSE_SLOW_DOWN, "Too many wrong join codes from this address: "
                           f"try again in {math.ceil(wait)} s.")
        return wait > 0

    async def _close_unread(self, ws: ServerConnection, client: _Client | None, reason: str) -> None:
        if client is not None and client.writer is not None:
            client.writer.cancel()  # what was queued for it is dropped: the close goes out now
        with contextlib.suppress(Exception):
            await ws.close(P.CLOSE_BAD_MESSAGE, plain(reason, 120))

    def _received(self, client: _Client, message: P.Join | P.Act) -> None:
        if isinstance(message, P.Join):
            raise P.BadMessage("This screen has already joined.")
        store = self.store
        seat = client.seat
        # Its choices: its legal actions on its turn, else what it may do in the open.
        choices = P.seat_actions(self.game, store.state, self.seat_infos(seat), [seat])
        if not choices:
            self._refuse(client, "It is not your turn.")
            return
        if message.revision != store.revision:
            self._refuse(client, "The table moved on before your choice arrived: choose again.")
            return
        try:
            action = self.game.parse_action(message.action)
        except ValueError:
            raise P.BadMessage("The action is not one of this game's.") from None
        if self.before_time(action):
            self._refuse(client, CLOCK_KEPT)
            return
        if action not in choices:
            if action in store.legal_actions():
                self._refuse(client, ANOTHERS)
                return
            if store.to_move() != seat:
                self._refuse(client, "It is not your turn.")
                return
        try:
            store.dispatch(action)
        except IllegalAction as exc:
            self._refuse(client, exc.reason)
        except Exception:  # noqa: BLE001 - a rules bug: the store changed nothing
            self._refuse(client, "The rules could not apply that choice; the table is unchanged.")

    def _refuse(self, client: _Client, reason: str) -> None:
        """Refuse a choice; a seat refused more than ``REFUSALS_ALLOWED`` times within
        ``REFUSAL_WINDOW`` has its screen closed (counted per seat: joining again does not
        start the count over)."""
        now = time.monotonic()
        recent = [t for t in self._refusals.get(client.seat, ()) if now - t < REFUSAL_WINDOW] + [now]
        self._refusals[client.seat] = recent[-(REFUSALS_ALLOWED + 1):]
        if len(recent) > REFUSALS_ALLOWED:
            raise P.BadMessage("Too many refused choices in a row: this screen is closed; join again.")
        self._send(client, P.encode(P.Refused(reason=plain(reason, 200))))

    # -- sending ------------------------------------------------------------------------
    def _send(self, client: _Client, text: str) -> None:
        if client.dropped:
            return
        if client.queue.qsize() >= MAX_QUEUED:  # it reads nothing: close it; it joins again
            client.dropped = True
            if client.writer is not None:
                client.writer.cancel()
            task = asyncio.create_task(client.ws.close(P.CLOSE_BEHIND, "This screen fell behind the table; "
                                                                          "it joins again."))
            self._writers.add(task)
            task.add_done_callback(self._writers.discard)
            return
        client.queue.put_nowait(text)

    def _send_update(self, client: _Client) -> None:
        store = self.store
        update = P.build_update(self.game, store.state, client.seat, store.revision, client.sent_log,
                                self.seat_infos(client.seat), self.clock())
        client.sent_log += len(update.log)
        self._send(client, P.encode(update))

    def _changed_seats(self, skip: int | None = None) -> None:
        for seat, client in self.clients.items():
            if seat != skip:
                self._send_update(client)

    async def _writer(self, client: _Client) -> None:
        while True:
            text = await client.queue.get()
            if text is None:
                return
            try:
                await client.ws.send(text)
            except ConnectionClosed:
                return

    def _changed(self, store: Store) -> None:
        self._follow_clock()  # first: the update that opens a step carries its clock
        self._changed_seats()
        self._schedule()

    # -- the rules' clock (Senji's winter) ----------------------------------------------
    def _follow_clock(self) -> None:
        """Start a clock the rules run over this step (``Game.clock``) when it begins; the
        host keeps it, since no client may act in the mover's name."""
        clock = self.game.clock(self.store.state)
        key = clock[0] if clock is not None else None
        if key == self._clock_key:
            return
        self._stop_clock()
        self._clock_key = key
        self._clock_ends = self._clock_left = None
        if clock is not None:
            self._run_clock(clock[1])

    def _run_clock(self, seconds: float) -> None:
        """Run the clock from ``seconds`` of the game's time left to 0:00."""
        loop = asyncio.get_running_loop()
        wait = seconds / self.clock_speed
        self._clock_ends = loop.time() + wait
        self._clock = loop.call_later(wait, self._clock_out, self._clock_key)

    def _stop_clock(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None

    def clock(self) -> P.Clock | None:
        """Where the table's clock stands: the game's seconds left and whether the host has
        paused it; None when the rules run no clock now."""
        if self._clock_key is None:
            return None
        if self._clock_left is not None:
            return P.Clock(left=self._clock_left, paused=True)
        if self._clock_ends is None:
            return None
        left = (self._clock_ends - asyncio.get_running_loop().time()) * self.clock_speed
        return P.Clock(left=max(0.0, left))

    def pause_clock(self, paused: bool = True) -> bool:
        """The host pauses the clock (the seconds left are kept) or starts it again from
        them. Every screen's clock shows it and every screen hears it. False when no clock
        runs, it has run out, or it already is as asked."""
        now = self.clock()
        if now is None or now.paused == paused or now.left <= 0:
            return False
        if paused:
            self._stop_clock()
            self._clock_ends, self._clock_left = None, now.left
            text = f"The host of the table paused the clock at {P.clock_words(now.left)}."
        else:
            self._clock_left = None
            self._run_clock(now.left)
            text = f"The host of the table started the clock again: {P.clock_words(now.left)} left."
        self._changed_seats()  # the screens' clocks first, then the news
        self.note(text)
        return True

    def before_time(self, action: Any) -> bool:
        """``action`` is the one the host takes itself at 0:00 of a clock that has not run out."""
        clock = self.game.clock(self.store.state)
        now = self.clock()
        return clock is not None and action == clock[2] and now is not None and now.left > 0

    def _clock_out(self, key: Any) -> None:
        """0:00: the rules' action for it (time is up) in the mover's name."""
        self._clock = None
        clock = self.game.clock(self.store.state)
        if clock is None or clock[0] != key:
            return
        try:
            self.store.dispatch(clock[2])
        except IllegalAction:
            pass  # the step moved on between the clock and now: nothing to end

    def humans(self) -> list[int]:
        """The seats whose players are at the table now: this terminal's, and the remote
        ones whose screens are connected (a seat a bot stands in for is not)."""
        return P.table_humans(self.seat_infos(None))

    # -- bots and stand-ins -------------------------------------------------------------
    def _schedule(self) -> None:
        """Arrange for the seat to move to be played when no screen plays it."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        store = self.store
        seat = store.to_move()
        if seat is None:
            return
        loop = asyncio.get_running_loop()
        kind = self.seat_kind(seat)
        revision = store.revision
        by_bot = kind == "bot" or (kind == "remote" and seat not in self.clients and self.away_after is not None)
        if by_bot and self.game.humans_may_act(store.state, self.humans()):
            return  # the players run this open step (Senji's floor): a bot does not close it under them
        if kind == "bot":
            self._timer = loop.call_later(self.bot_delay, self._bot_move, seat, revision, store.seats[seat].controller)
        elif kind == "remote" and seat not in self.clients and self.away_after is not None:
            wait = self.away_since.get(seat, time.monotonic()) + self.away_after - time.monotonic()
            if seat in self.stood_in or wait <= 0:
                self._timer = loop.call_later(self.bot_delay, self._stand_in_move, seat, revision)
            else:
                self._timer = loop.call_later(wait, self._schedule)

    def _stand_in_move(self, seat: int, revision: int) -> None:
        if seat in self.clients:
            return
        if seat not in self.stood_in:
            self.stood_in.add(seat)
            self.note(f"{self.store.seats[seat].name} is away: a bot plays for them until they are back.")
            self._changed_seats()
        self._bot_move(seat, revision, self.stand_in_bot)

    def _bot_move(self, seat: int, revision: int, name: str) -> None:
        self._timer = None
        store = self.store
        if store.to_move() != seat or store.revision != revision:
            return
        rng = self._rngs.setdefault(seat, Rng(seed=store.seed).fork(f"net-bot:{seat}:{revision}"))
        if is_slow(store.game, name):  # the search bot thinks off the table's loop (issue 28)
            bot = get_bot(store.game, name)
            thought = asyncio.get_running_loop().run_in_executor(
                None, bot, store.game, store.view(seat), seat, store.legal_actions(), rng)
            thought.add_done_callback(lambda f: self._thought(seat, revision, f))
            return
        try:
            bot = get_bot(store.game, name)
            store.dispatch(bot(store.game, store.view(seat), seat, store.legal_actions(), rng))
        except IllegalAction:
            self.note(f"The bot playing {store.seats[seat].name} tried a move the rules refuse.")
        except Exception:  # noqa: BLE001 - a bot's bug must not stop the table: say it once
            self.note(f"The bot playing {store.seats[seat].name} failed; a player must take the seat.")

    def _thought(self, seat: int, revision: int, thought: Any) -> None:
        """The search bot's move, played only on the position it was thought for."""
        store = self.store
        if thought.cancelled() or store.to_move() != seat or store.revision != revision:
            return
        try:
            store.dispatch(thought.result())
        except IllegalAction:
            self.note(f"The bot playing {store.seats[seat].name} tried a move the rules refuse.")
        except Exception:  # noqa: BLE001 - a bot's bug must not stop the table: say it once
            self.note(f"The bot playing {store.seats[seat].name} failed; a player must take the seat.")


class HostSeats:
    """The host's own screen's view of the store: the seats played at this terminal are
    its humans; every other seat is played elsewhere (``controller == "remote"``), and
    only this terminal's seats may act from here. Undo is off. The table's clock is the
    host's (``table_clock``, ``pause_clock``): the board shows it and pauses it here."""

    hosts_clock = True  # this screen keeps the table's clock: its pause key pauses it

    def __init__(self, host: TableHost) -> None:
        self._host = host
        self._store = host.store

    @property
    def seats(self) -> list[Seat]:
        """The seats as this screen shows them, with where each remote player is."""
        return [Seat(P.seat_label(info), HERE if self._host.seat_kind(i) == "here" else REMOTE)
                for i, info in enumerate(self._host.seat_infos(None))]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def _here(self) -> bool:
        seat = self._store.to_move()
        return seat is not None and self.seats[seat].controller == HERE

    def legal_actions(self) -> list:
        """This terminal's choices: the mover's when it sits here (less what only a remote
        player may choose), else what its players may do in the open (open an offer; under
        a bot host, end the negotiation too)."""
        store = self._store
        here = [i for i in range(len(store.seats)) if self._host.seat_kind(i) == "here"]
        if not here:
            return []
        return P.seat_actions(store.game, store.state, self._host.seat_infos(None), here)

    def table_clock(self) -> P.Clock | None:
        """The table's clock as the host keeps it (None when the rules run none now)."""
        return self._host.clock()

    def pause_clock(self, paused: bool) -> bool:
        """Pause the table's clock, or start it again: every screen shows it."""
        return self._host.pause_clock(paused)

    def dispatch(self, action: Any) -> Any:
        if self._host.before_time(action):
            raise IllegalAction(CLOCK_KEPT)
        if action not in self.legal_actions():
            if not self._here():
                raise IllegalAction("That choice is made at another screen.")
            if action in self._store.legal_actions():
                raise IllegalAction(ANOTHERS)
        return self._store.dispatch(action)

    def undo_block(self) -> str | None:
        return UNDO_OFF

    def can_undo(self) -> bool:
        return False

    def undo(self) -> Any:
        raise IllegalAction(UNDO_OFF)


# -- tables remembered for --resume -----------------------------------------------------
def tables_path():
    return data_dir() / "tables.json"


def remember_table(store: Store, codes: dict[int, str], listen: str, away_after: float | None) -> None:
    """Keep a table's codes beside the journal, so ``host --resume`` reopens it with them
    (0600 in a 0700 folder: the codes are the seats' keys)."""
    path = tables_path()
    try:
        tables = json.loads(path.read_text()) if path.is_file() else {}
        if not isinstance(tables, dict):
            tables = {}
    except (OSError, ValueError):
        tables = {}
    tables[store.game_uid] = {"codes": {str(k): v for k, v in codes.items()}, "listen": listen,
                              "away": away_after, "updated": time.time()}
    tls.write_private(path, json.dumps(tables, indent=1).encode())


def remembered_tables() -> dict[str, dict[str, Any]]:
    """The tables this machine hosted, newest first (game id -> codes, listen, away)."""
    try:
        tables = json.loads(tables_path().read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(tables, dict):
        return {}
    good = {k: v for k, v in tables.items() if isinstance(v, dict) and isinstance(v.get("codes"), dict)}
    return dict(sorted(good.items(), key=lambda kv: -float(kv[1].get("updated", 0))))
