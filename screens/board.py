"""The board screen every game plays on.

It watches the app's ``revision``, reads ``store.view(seat)`` once per change and sets
its ``frame`` reactive; the board widget (generic text or a game's own) is bound to it.
Input becomes actions dispatched to the store; a refusal becomes a notification.
Hot-seat secrecy: when the seat to move passes to another human whose view differs,
everything is blanked and a curtain covers the screen until that player is ready.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from rich.text import Text

from rules.common import IllegalAction
from tabletop.store import Store

from .boards import board_widget
from .common.curtain import CurtainScreen
from .common.decisions import DecisionPanel
from .common.dialogs import SaveDialog
from .common.footer import QuietFooter
from .common.frame import ChooseAction, Frame, HighlightAction
from .common.help import HelpScreen
from .common.keys import ACTION_KEYS
from .common.log import LogPanel
from .common.outcome import OutcomeScreen
from .common.parts import Part

_PUBLIC = object()  # "nobody's view is on screen yet"


class BoardScreen(Screen[None]):
    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("w", "save", "Save"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "menu", "Menu"),
    ]

    frame: reactive[Frame | None] = reactive(None, always_update=True, repaint=False)

    def __init__(self, store: Store) -> None:
        super().__init__(classes=f"board game-{store.game.id}")
        self.store = store
        self.viewer: object = _PUBLIC  # seat whose view is drawn (None: the public view)
        self.actions: list = []
        self.curtain_up = False
        self.outcome_shown = False
        self._bot_pending = False
        self._stale = False
        self._undo_shown: tuple[bool, bool] | None = None

    def compose(self) -> ComposeResult:
        board = board_widget(self.store.game)
        reserved = set(getattr(board, "RESERVED_KEYS", ""))
        # The keys that pick actions: the common list less what this board uses itself.
        self.keys = [k for k in ACTION_KEYS if k not in reserved]
        yield Part(id="status", fixed=True)
        with Horizontal(id="main"):
            with VerticalScroll(id="board-area"):
                yield board.data_bind(BoardScreen.frame)
            with Vertical(id="side"):
                yield DecisionPanel(id="decisions")
                yield LogPanel(id="log")
        yield QuietFooter()

    def on_mount(self) -> None:
        self.watch(self.app, "revision", self._on_revision, init=False)
        self.sync()

    def on_resize(self, event) -> None:
        # From 120 columns the side panel gets wider. A board that needs the whole width
        # below some size (a map) has the decisions and the log stacked under it there.
        width = event.size.width
        stack_below = getattr(self.query_one("#board"), "STACK_BELOW", 0)
        for cls, on in (("-wide", width >= 120), ("-stacked", width < stack_below)):
            if self.has_class(cls) != on:
                self.set_class(on, cls)

    def on_screen_resume(self) -> None:
        if self._stale and not self.curtain_up:
            self._stale = False
            self.sync()

    def _on_revision(self, _revision: int) -> None:
        self.sync()

    # -- deciding what to draw ---------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.store.seats) if s.is_human]

    def _views_differ(self, a: object, b: int | None) -> bool:
        first = None if a is _PUBLIC else a
        return self.store.view(first) != self.store.view(b)

    def sync(self) -> None:
        if self.curtain_up:
            return  # the curtain's dismissal syncs
        if not self.is_current:
            self._stale = True  # a dialog or the curtain is on top: catch up when it closes
            return
        store = self.store
        game = store.game
        outcome = store.outcome()
        if outcome is not None:
            self._draw(None, interactive=False)
            if not self.outcome_shown:
                self.outcome_shown = True
                # A board still playing the last turn out (an enemy's) finishes it first.
                when_settled = getattr(self.query_one("#board"), "when_settled", None)
                if when_settled is None:
                    self._show_outcome()
                else:
                    when_settled(self._show_outcome)
            return
        seat = store.to_move()
        if game.is_public(store.state):
            self._draw(None, interactive=store.seats[seat].is_human)
            self._maybe_bot(seat)
            return
        if store.seats[seat].is_human:
            if self.viewer != seat and len(self.humans) > 1 and self._views_differ(self.viewer, seat):
                self._raise_curtain(seat)
                return
            self._draw(seat, interactive=True)
        else:
            shown = None if self.viewer is _PUBLIC else self.viewer
            self._draw(shown, interactive=False, waiting=f"{store.seats[seat].name} is thinking…")
            self._maybe_bot(seat)

    def _raise_curtain(self, seat: int) -> None:
        self.frame = Frame(None, None)
        self.query_one(DecisionPanel).show([], waiting="Waiting for the next player")
        self.query_one(LogPanel).show([])
        self._set_status(f"Hand-off to {self.store.seats[seat].name}")
        self.curtain_up = True

        def lifted(_: object) -> None:
            self.curtain_up = False
            self.viewer = seat
            self.sync()

        # Only public words: the board may add the round and a clock (never a view).
        note = getattr(self.query_one("#board"), "curtain_note", lambda state: "")(self.store.view(None))
        self.app.push_screen(CurtainScreen(self.store.seats[seat].name, note), lifted)

    def _draw(self, seat: int | None, interactive: bool, waiting: str | None = None) -> None:
        store = self.store
        game = store.game
        view = store.view(seat)
        hidden = getattr(self.query_one("#board"), "HIDDEN_KINDS", ())
        # Actions the board dispatches itself (a clock running out) are not listed.
        self.actions = [a for a in store.legal_actions() if a.kind not in hidden] if interactive else []
        panel = self.query_one(DecisionPanel)
        if interactive:
            panel.show([game.describe(a) for a in self.actions], keys=self.keys)
            # Enter takes the board's default move-on action ("begin", "strike", ...).
            defaults = getattr(self.query_one("#board"), "DEFAULT_KINDS", ())
            first = next((i for i, a in enumerate(self.actions) if a.kind in defaults), None)
            if first is not None and panel.highlighted != first:
                panel.highlighted = first
            if self.focused is None or self.focused.id == "board-area":
                panel.focus()
        else:
            panel.show([], waiting=waiting or "Game over")
        # The board gets the cursor's action at once, so a preview costs no second frame.
        cursor = panel.highlighted
        highlight = self.actions[cursor] if cursor is not None and cursor < len(self.actions) else None
        self.frame = Frame(view, seat, tuple(self.actions), highlight)
        self.query_one(LogPanel).show([ln.text for ln in view.log if ln.visible_to(seat)])
        mover = store.to_move()
        who = f"To move: {store.seats[mover].name}" if mover is not None else "Game over"
        phase = game.phase(view)
        self._set_status(" · ".join(p for p in (game.title, phase, who, f"move {store.revision}") if p))
        undo = (store.can_undo(), self.curtain_up)
        if undo != self._undo_shown:  # the footer is rebuilt only when Undo changes
            self._undo_shown = undo
            self.refresh_bindings()

    def _set_status(self, text: str) -> None:
        self.query_one("#status", Part).put(Text(text))

    # -- bots --------------------------------------------------------------
    def _maybe_bot(self, seat: int) -> None:
        if self.store.seats[seat].is_human or self._bot_pending:
            return
        self._bot_pending = True
        delay = self.app.bot_delay
        if delay <= 0:
            self.call_later(self._bot_move)
        else:
            self.set_timer(delay, self._bot_move)

    def _bot_move(self) -> None:
        self._bot_pending = False
        if not self.is_current:
            self._stale = True
            return
        store = self.store
        seat = store.to_move()
        if seat is None or store.seats[seat].is_human:
            return
        action = self.app.bot_action(store, seat)
        try:
            store.dispatch(action)
        except IllegalAction as exc:  # a bot bug: say so, never crash the table
            self.notify(f"{store.seats[seat].name} tried an illegal move: {exc.reason}", severity="error")

    # -- input -------------------------------------------------------------
    def on_key(self, event) -> None:
        if not event.character or self.curtain_up:
            return
        if event.character in self.keys:
            event.stop()
            self.action_pick(self.keys.index(event.character))
            return
        # The board's own keys (tabs, lists, a clock) reach it wherever the focus is.
        handle = getattr(self.query_one("#board"), "board_key", None)
        if handle is not None and handle(event.character):
            event.stop()

    def on_highlight_action(self, message: HighlightAction) -> None:
        """A board asks to put the decision cursor on an action (several match a click)."""
        message.stop()
        if message.action in self.actions:
            panel = self.query_one(DecisionPanel)
            panel.highlighted = self.actions.index(message.action)
            panel.focus()

    def action_pick(self, index: int) -> None:
        if index < len(self.actions):
            self._dispatch(self.actions[index])

    def on_decision_panel_chosen(self, message: DecisionPanel.Chosen) -> None:
        self.action_pick(message.index)

    def on_decision_panel_highlighted(self, message: DecisionPanel.Highlighted) -> None:
        frame = self.frame
        if frame is None or frame.view is None or not getattr(self.query_one("#board"), "PREVIEWS", False):
            return
        # The panel's cursor now, not the message's: a list rebuilt and moved to its
        # default sends two messages, and only where the cursor ended up matters.
        i = self.query_one(DecisionPanel).highlighted
        action = self.actions[i] if i is not None and i < len(self.actions) else None
        if action != frame.highlight:
            self.frame = replace(frame, highlight=action)

    def on_choose_action(self, message: ChooseAction) -> None:
        message.stop()
        if message.action in self.store.legal_actions():
            self._dispatch(message.action)
        else:
            self.notify("That is not one of your choices now.", severity="warning")

    def _dispatch(self, action) -> None:
        try:
            self.store.dispatch(action)
        except IllegalAction as exc:
            self.notify(exc.reason, severity="warning")

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "undo":
            return True if self.store.can_undo() and not self.curtain_up else None
        return True

    def action_undo(self) -> None:
        store = self.store
        try:
            entry = store.undo()
            # Take back bot moves too, back to the last human decision.
            while entry.seat is not None and not store.seats[entry.seat].is_human and store.can_undo():
                entry = store.undo()
        except IllegalAction as exc:
            self.notify(exc.reason, severity="warning")
            return
        self.notify(f"Undone: {entry.summary}" if self.viewer == entry.seat or len(self.humans) <= 1 else "Undone.")

    def action_save(self) -> None:
        from tabletop.paths import saves_dir

        default = f"{self.store.game.id}-{datetime.now():%Y%m%d-%H%M}.json"

        def chosen(path) -> None:
            if path is None:
                return
            try:
                self.store.save_to(path)
            except OSError as exc:
                self.notify(f"Could not save to {path}: {exc.strerror or exc}", severity="error")
                return
            self.notify(f"Saved to {path}")

        self.app.push_screen(SaveDialog(saves_dir(), default), chosen)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.store.game.id))

    def action_menu(self) -> None:
        self.app.to_menu()

    def _show_outcome(self) -> None:
        store = self.store
        outcome = store.outcome()
        if outcome is None:  # undone while the board was still playing the end out
            self.outcome_shown = False
            return
        names = [s.name for s in store.seats]
        self.app.push_screen(OutcomeScreen(store.game.title, outcome, names), self._after_outcome)

    def _after_outcome(self, choice: str | None) -> None:
        if choice == "menu":
            self.app.to_menu()
