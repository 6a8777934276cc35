"""A networked table in the app: the join screen of a remote seat (screens/app.py runs a
host's or a seat's app in the loop that also carries the table's connections).

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
    from textual.app import App

    from tabletop.net.client import RemoteStore


def wire_remote(app: App, conn: Connection, store: RemoteStore) -> None:
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
        app = self.app
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
