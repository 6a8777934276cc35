"""A networked table in the app: the join screen of a remote seat, and running a host's
or a seat's app in the loop that also carries the table's connections.

A remote seat plays on the usual board screen, given a ``RemoteStore``; the host's own
screen plays on it given ``HostSeats`` (this terminal's seats, with the curtain between
them as in hot-seat play, or none: a public display). Table news and refused choices are
notifications, always plain text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from tabletop.net.client import Connection, JoinError

if TYPE_CHECKING:
    from tabletop.app import TabletopApp
    from tabletop.net.client import RemoteStore
    from tabletop.net.host import TableHost


def wire_remote(app: TabletopApp, conn: Connection, store: RemoteStore) -> None:
    """Say the table's news and the host's refusals on ``app``'s screen."""
    conn.on_note = lambda text: app.notify(text, timeout=6, markup=False)
    store.on_refused = lambda reason: app.notify(reason, severity="warning", markup=False)


class JoinScreen(Screen[None]):
    """Asks for a seat's join code and joins the table at ``address``."""

    BINDINGS = [Binding("escape", "leave", "Leave")]

    def __init__(self, address: tuple[str, int], code: str | None = None, reason: str | None = None) -> None:
        super().__init__(classes="dialog")
        self.address = address
        self.code = code
        self.reason = reason
        self.conn: Connection | None = None

    def compose(self) -> ComposeResult:
        host, port = self.address
        with Vertical(id="dialog-box"):
            yield Static("Join a table", id="message-title")
            yield Static(f"The table at {host}:{port}. Type the join code the host gave you "
                         "for your seat, then Enter.", markup=False)
            yield Input(value=self.code or "", placeholder="ABCD-EFGH", id="join-code", max_length=32)
            yield Static(self.reason or "", id="join-reason", markup=False)
            yield Button("Join", id="join-ok", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#join-code", Input).focus()
        if self.code:
            self._join(self.code)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._join(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self._join(self.query_one("#join-code", Input).value)

    def _join(self, code: str) -> None:
        if not code.strip():
            self._say("Type the join code first.")
            return
        self._say("Joining…")
        self.run_worker(self._connect(code.strip()), exclusive=True)

    def _say(self, text: str) -> None:
        self.query_one("#join-reason", Static).update(text)

    async def _connect(self, code: str) -> None:
        app: TabletopApp = self.app  # type: ignore[assignment]
        conn = Connection(self.address, code, app.games)
        try:
            store = await conn.join()
        except JoinError as exc:
            self._say(str(exc))
            return
        self.conn = conn
        app.connection = conn  # type: ignore[attr-defined]
        wire_remote(app, conn, store)
        app.start_store(store)  # type: ignore[arg-type]

    def action_leave(self) -> None:
        self.app.exit()


LEAVE_WORDS = "Leave the table"  # what q says in a remote seat's footer


def seat_app(start: tuple):
    """The app of a remote seat: its menu key leaves the table (the host keeps the seat;
    the same code joins it again), since the seat's game is not in this computer's menu,
    and the keys only the table's host has (a board's ``HOST_KEYS``: Senji's winter clock
    pause) are not offered here.

    Both are the app's own priority bindings over the board screen's (Textual shows and
    runs a priority binding in place of the screen's for the same key); ``check_action``
    turns them on only while the board is on top, so a dialog or the join screen gets q
    and p as typed letters."""
    from screens.board import BoardScreen
    from tabletop.app import TabletopApp

    class SeatApp(TabletopApp):
        BINDINGS = [
            Binding("q", "leave_table", LEAVE_WORDS, priority=True),
            # Not in the footer; pressed, the board says whose key it is.
            Binding("p", "host_key('p')", show=False, priority=True),
        ]

        def start_store(self, store) -> None:
            super().start_store(store)
            # Only this seat's player sits at this screen: its own view is drawn from the
            # start, not only from its first turn (the board's hot-seat default).
            board = next((s for s in self.screen_stack if isinstance(s, BoardScreen)), None)
            if board is not None and getattr(store, "seat", None) is not None:
                board.viewer = store.seat

        def _board_on_top(self) -> BoardScreen | None:
            screen = self.screen_stack[-1] if self.screen_stack else None
            return screen if isinstance(screen, BoardScreen) else None

        def check_action(self, action: str, parameters: tuple) -> bool | None:
            if action == "leave_table":
                return self._board_on_top() is not None
            if action == "host_key":
                screen = self._board_on_top()
                return screen is not None and parameters[0] in getattr(screen.board, "HOST_KEYS", ())
            return super().check_action(action, parameters)

        def action_leave_table(self) -> None:
            self.exit(0)  # the host keeps the seat: the same code joins it again

        def action_host_key(self, key: str) -> None:
            screen = self._board_on_top()
            if screen is not None:
                screen.board.board_key(key)

        def to_menu(self) -> None:
            self.exit(0)

    return SeatApp(start=start)


async def run_seat(conn: Connection, store: RemoteStore) -> int:
    """Play a joined seat in the app, in this loop (the connection's)."""
    app = seat_app(("store", store))
    app.connection = conn  # type: ignore[attr-defined]
    wire_remote(app, conn, store)
    try:
        await app.run_async()
    finally:
        await conn.close()
    return app.return_code or 0


async def run_join_screen(address: tuple[str, int], code: str | None) -> int:
    """The join screen first (a browser tab's seat), then the board."""
    app = seat_app(("screen", JoinScreen(address, code)))
    try:
        await app.run_async()
    finally:
        conn = getattr(app, "connection", None)
        if conn is not None:
            await conn.close()
    return app.return_code or 0


async def run_host_screen(host: TableHost, codes_text: str) -> int:
    """The host's own screen: this terminal's seats, or the table for all to see."""
    from tabletop.app import TabletopApp
    from tabletop.net.host import HostSeats

    app = TabletopApp(start=("store", HostSeats(host)), bot_delay=host.bot_delay)
    host.on_note = lambda text: app.notify(text, timeout=6, markup=False)
    app.call_later(lambda: app.notify(codes_text, title="The table is open", timeout=30, markup=False))
    try:
        await app.run_async()
    finally:
        app.release_game()
    return app.return_code or 0
