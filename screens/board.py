"""The board screen every game plays on.

It watches the app's ``revision``, reads ``store.view(seat)`` once per change and sets
its ``frame`` reactive; the board widget (generic text or a game's own, a ``BoardBase``)
is bound to it. Input becomes actions dispatched to the store; a refusal becomes a
notification.

Hot-seat secrecy: a seat's private view is drawn only after that seat lifted the
curtain, and only while nothing else (a public screen, another seat's view) has been on
screen since. Undo messages name only the viewer's own actions.

Keys: the routine choice of a decision (``BoardBase.routine``: the harmless way on) is
listed first and is on Enter; every other action keeps one key for as long as it is offered
(``KeyChart``), whatever else is listed, and spends come last (``LAST_KINDS``). Enter is
always safe: without a routine choice it takes the highlighted row only when the player
moved the highlight there (or the decision has one row); else it says which keys choose.
A board may make a long choice two steps (``BoardBase.key_paths``: Senji's bid, the card
then the lot): a group's key opens its step, Escape or Backspace goes back.
The log takes no focus (the mouse and PgUp/PgDn scroll it). One toast at a time.

While a bot (or a networked seat) moves at a table with two or more humans at this
screen, the screen shows the public view: the whole table is watching.
Two capitals no game uses: ``L`` opens the legend (every glyph the board draws), ``H``
asks the game's bot for a hint (it highlights a row and says why; it chooses nothing).

Under the decisions, the detail line says what the highlighted choice does
(``Game.explain``) and, when the routine choice is missing, why (``Game.why_not``).
"""

from __future__ import annotations

from dataclasses import replace
import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen

from rules.common import IllegalAction
from rules.common.text import plain
from tabletop.store import Store

from .board_panel import DecisionRows
from .boards import board_class, board_widget
from .common.board_base import BoardBase, side_columns
from .common.curtain import CurtainScreen
from .common.decisions import DecisionPanel, FilterLine
from .common.dialogs import SaveDialog
from .common.footer import QuietFooter
from .common.frame import ChooseAction, Frame, HighlightAction
from .common.help import HelpScreen
from .common.keys import ACTION_KEYS, ENTER, HINT_KEY, LEGEND_KEY, KeyChart
from .common.legend import LegendScreen, panel_legend
from .common.log import LogPanel
from .common.outcome import OutcomeScreen
from .common.parts import Part

_PUBLIC = object()  # "nobody's private view is on screen"


_SCREENS: dict[type, type] = {}  # board class -> its BoardScreen subclass


class BoardScreen(DecisionRows, Screen[None]):
    BINDINGS = [
        Binding("enter", "choose", "Choose", key_display="⏎"),
        Binding("u", "undo", "Undo"),
        Binding("w", "save", "Save"),
        Binding("question_mark", "help", "Help"),
        Binding(LEGEND_KEY, "legend", "Legend", key_display=LEGEND_KEY),
        Binding(HINT_KEY, "hint", "Hint", key_display=HINT_KEY),
        Binding("q", "menu", "Menu"),
    ]

    frame: reactive[Frame | None] = reactive(None, always_update=True, repaint=False)

    @classmethod
    def for_store(cls, store: Store) -> BoardScreen:
        """The board screen for ``store``'s game. The board's own footer keys (a Senji
        host's pause, Spirit's graveyard) are bindings of a screen class made once for
        that board, after the common ones."""
        board = board_class(store.game)
        screen_cls = _SCREENS.get(board)
        if screen_cls is None:
            keys = [Binding(key, f"board_key({key!r})", words) for key, words in board.FOOTER_KEYS]
            screen_cls = _SCREENS[board] = type(f"{board.__name__}Screen", (cls,), {"BINDINGS": keys})
        return screen_cls(store)

    def __init__(self, store: Store) -> None:
        super().__init__(classes=f"board game-{store.game.id}")
        self.store = store
        # Whose private view may be on screen: a seat that lifted the curtain and has
        # had the screen since, or _PUBLIC once anything else was drawn.
        self.viewer: object = _PUBLIC
        self.actions: list = []
        self.keys: list[str | None] = []  # keys[i]: the key of actions[i] (ENTER, a letter, None)
        self.rows: list[int | None] = []  # rows[r]: the action shown on the panel's row r (None: a group)
        self.curtain_up = False
        self.outcome_shown = False
        self._bot_pending = False
        self._stale = False
        self._undo_shown: tuple[bool, bool] | None = None
        self._status_parts: tuple[str, ...] = ()
        # The hint asked for: (revision, the seat at the screen, action, reason).
        self._hint: tuple[int, int | None, object, str] | None = None

    @property
    def board(self) -> BoardBase:
        return self.query_one("#board", BoardBase)

    def compose(self) -> ComposeResult:
        board = board_widget(self.store.game)
        # The keys that pick actions: the common list less what this board uses itself.
        self.chart = KeyChart([k for k in ACTION_KEYS if k not in board.RESERVED_KEYS])
        self._taught = 0  # the revision whose decision the chart learnt last
        self._taught_now: tuple | None = None  # (revision, its actions) last given keys
        yield Part(id="status", fixed=True)
        with Horizontal(id="main"):
            with VerticalScroll(id="board-area"):
                yield board.data_bind(BoardScreen.frame)
            with Vertical(id="side"):
                with Vertical(id="choices"):  # the "/" filter line over the decisions
                    yield FilterLine(id="filter")
                    yield DecisionPanel(id="decisions")
                with VerticalScroll(id="detail-box", can_focus=False):
                    yield Part(id="detail", fixed=True)
                log = LogPanel(id="log")
                log.can_focus = False  # not a Tab stop: a stray Enter or arrow never lands there
                yield log
        yield QuietFooter(compact=True)  # every key and the palette fit at 80 columns

    def on_mount(self) -> None:
        self.watch(self.app, "revision", self._on_revision, init=False)
        # A resumed game: its keys are those it was played with (a remote seat holds no
        # record to learn them from: the host keeps it).
        if self.store.revision:
            self._teach_chart()
        self.sync()

    def on_resize(self, event) -> None:
        # The side panels widen with the terminal; the board says how much of the width its
        # drawing needs (BoardBase.board_columns). A board that needs the whole width
        # below some size (a map) has the decisions and the log stacked under it there.
        width, height = event.size
        stacked = width < self.board.STACK_BELOW
        side = self.query_one("#side")
        # Set as a style here (a rule no stylesheet outranks): stacked, the whole width.
        side.styles.width = "100%" if stacked else side_columns(self.board, width, height)
        if self.has_class("-stacked") != stacked:
            self.set_class(stacked, "-stacked")
            # The board lays its tabs out again once the new layout is in place.
            self.call_after_refresh(self.board.stacked_changed, stacked)
        self._put_status()

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

    def _shown_to(self, seat: int | None) -> tuple:
        """What drawing ``seat``'s view puts on screen: the view and the log it may read."""
        view = self.store.view(seat)
        return view, tuple(ln.text for ln in view.log if ln.visible_to(seat))

    def _needs_curtain(self, seat: int) -> bool:
        """Whether drawing this seat's view needs the curtain first: more than one human
        at the table, the screen not already this seat's, and something on it private."""
        if self.viewer == seat or len(self.humans) <= 1:
            return False
        return self._shown_to(seat) != self._shown_to(None)

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
                self.board.when_settled(self._show_outcome)
            return
        pause = self.board.public_pause(store.view(None))
        if pause is not None:  # public facts for the whole table, until a key
            self.viewer = _PUBLIC
            self.app.push_screen(pause, lambda _: self.sync())
            return
        seat = store.to_move()
        if game.is_public(store.state):
            humans_run = not store.seats[seat].is_human and self.board.humans_run(store.view(None), self.humans)
            self._draw(None, interactive=store.seats[seat].is_human or humans_run)
            if not humans_run:
                self._maybe_bot(seat)
            return
        if store.seats[seat].is_human:
            if self._needs_curtain(seat):
                self._raise_curtain(seat)
                return
            self._draw(seat, interactive=True)
        else:
            # Two humans or more at this screen all watch the bot play: the public view.
            shown = None if self.viewer is _PUBLIC or len(self.humans) > 1 else self.viewer
            self._draw(shown, interactive=False, waiting=f"{store.seats[seat].name} is thinking…")
            self._maybe_bot(seat)

    def _raise_curtain(self, seat: int) -> None:
        self.viewer = _PUBLIC
        self.frame = Frame(None, None)
        self._hint = None
        self._put_detail()
        self.query_one(DecisionPanel).show([], waiting="Waiting for the next player")
        self.query_one(LogPanel).show([])
        self._set_status(f"Hand-off to {self.store.seats[seat].name}")
        self.curtain_up = True

        def lifted(_: object) -> None:
            self.curtain_up = False
            self.viewer = seat
            self.sync()

        # Only public words: the board may add the round and a clock (never a view).
        note = self.board.curtain_note(self.store.view(None))
        self.app.push_screen(CurtainScreen(self.store.seats[seat].name, note), lifted)

    def _draw(self, seat: int | None, interactive: bool, waiting: str | None = None) -> None:
        store = self.store
        game = store.game
        board = self.board
        if seat is None or seat != self.viewer:
            # Anything but the viewer's own view (a public screen, another seat's view
            # with nothing private) ends the viewer's turn at the screen.
            self.viewer = _PUBLIC if seat is None or self._shown_to(seat) == self._shown_to(None) else seat
        view = store.view(seat)
        legal = store.legal_actions() if interactive else []
        self.actions = self._listed(legal)
        self._assign_keys()
        panel = self.query_one(DecisionPanel)
        if interactive:
            self._show_step(panel)
            if self.focused is None or self.focused.id == "board-area":
                panel.focus()
        else:
            panel.show([], waiting=waiting or "Game over")
        # The board gets the cursor's action at once, so a preview costs no second frame.
        highlight = self._highlighted_action()
        self.frame = Frame(view, seat, tuple(self.actions), highlight, self._step_keys())
        self._put_detail()
        self.query_one(LogPanel).show([ln.text for ln in view.log if ln.visible_to(seat)])
        mover = store.to_move()
        phase = game.phase(view)
        if mover is not None:
            who = f"To move: {store.seats[mover].name}"
            # The phase need not name the mover a second time (a Spirit seat is its samurai).
            phase = " · ".join(p for p in phase.split(" · ") if p != store.seats[mover].name)
        else:  # said once, whether or not the game's phase says it already
            who = "" if "game over" in phase.lower() else "Game over"
        self._status_parts = (who, phase, game.title, f"move {store.revision}")
        self._put_status()
        undo = (store.can_undo(), self.curtain_up)
        if undo != self._undo_shown:  # the footer is rebuilt only when Undo changes
            self._undo_shown = undo
            self.refresh_bindings()

    # -- bots --------------------------------------------------------------
    def _maybe_bot(self, seat: int) -> None:
        # A "remote" seat is played at another screen of a networked table (tabletop.net).
        if self.store.seats[seat].controller in ("human", "remote") or self._bot_pending:
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
        from screens.common.thinking import think, thinks  # the search bot thinks off the UI loop
        if thinks(store, seat):
            think(self, store, seat)
            return
        action = self.app.bot_action(store, seat)
        try:
            store.dispatch(action)
        except IllegalAction:  # a bot bug: say so (never what it tried: that may be secret)
            self.notify(f"{store.seats[seat].name} (a bot) tried a move the rules refuse.", severity="error",
                        markup=False)

    # -- input -------------------------------------------------------------
    def on_key(self, event) -> None:
        if self.curtain_up:
            return
        if event.key == "u" and not self.store.can_undo():
            event.stop()
            self.notify(self.store.undo_block() or "Nothing to undo.", severity="warning")
            return
        if event.key in ("escape", "backspace") and not self.query_one(DecisionPanel).filter_words:
            if not self.query_one(FilterLine).has_focus and self._step_back():  # a second step: back
                event.stop()
                return
        if not event.character or not event.is_printable:
            return
        if self.actions and self._press_key(event.character):  # a row's key, or a group's
            event.stop()
            return
        # The board's own keys (tabs, lists, a clock) reach it wherever the focus is.
        if self.board.board_key(event.character):
            event.stop()
            return
        if event.character == "/" and self.actions:  # the decisions filter as you type
            event.stop()
            self.query_one(DecisionPanel).open_filter()
            return
        if event.key in self.active_bindings:
            return  # undo, save, help, menu
        event.stop()
        if self.actions:
            self.notify(f"No choice is on “{event.character}” now: the keys are shown beside the decisions.",
                        severity="warning", timeout=3, markup=False)
        else:
            self.notify(f"“{event.character}” does nothing now: it is not your decision.", timeout=3, markup=False)

    def on_highlight_action(self, message: HighlightAction) -> None:
        """A board asks to put the decision cursor on an action (several match a click)."""
        message.stop()
        if message.action in self.actions:
            row = self._reveal(self.actions.index(message.action))
            panel = self.query_one(DecisionPanel)
            panel.show_row(row)
            panel.moved = True  # a click on the board put it there
            panel.focus()

    def action_pick(self, index: int) -> None:
        """Play ``self.actions[index]``."""
        if index < len(self.actions):
            self._dispatch(self.actions[index])

    def action_choose(self) -> None:
        """Enter outside the panel: the highlighted row (the routine choice at first)."""
        row = self.query_one(DecisionPanel).row
        if row is not None and row < len(self.rows):
            self._enter(row, self.query_one(DecisionPanel).moved)

    def on_decision_panel_chosen(self, message: DecisionPanel.Chosen) -> None:
        if message.index < len(self.rows):
            self._enter(message.index, message.moved)

    def _enter(self, row: int, moved: bool) -> None:
        """Enter (or a click) on row ``row``: the routine choice, a row the player moved
        to, or the only choice there is; else nothing is played and the keys are named."""
        if self._enter_row(row, moved):  # a group's row: opened (or a word on how), nothing played
            return
        index = self.rows[row]
        if self.keys[index] == ENTER or moved or len(self.actions) == 1:
            self.action_pick(index)
            return
        back = " Escape goes back a step." if self.prefix else ""
        self.notify("Enter picks only the ⏎ row or a row you moved to: press a row's key "
                    f"(beside it), or ↑↓ then Enter.{back}", severity="warning", timeout=4, markup=False)

    def on_decision_panel_highlighted(self, message: DecisionPanel.Highlighted) -> None:
        frame = self.frame
        if frame is None or frame.view is None or not self.board.PREVIEWS:
            self._put_detail()
            return
        # The panel's cursor now, not the message's: a list rebuilt and moved to its
        # default sends two messages, and only where the cursor ended up matters.
        action = self._highlighted_action()
        if action != frame.highlight:
            self.frame = replace(frame, highlight=action)
        self._put_detail()

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
            self.notify(exc.reason, severity="warning", markup=False)

    def action_board_key(self, key: str) -> None:
        self.board.board_key(key)

    def notify(self, *args, **kwargs):
        """One toast at a time: a new one replaces the one still on show."""
        self.app.clear_notifications()
        return super().notify(*args, **kwargs)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "undo":
            return True if self.store.can_undo() and not self.curtain_up else None
        if action == "choose":
            return True if self.actions and not self.curtain_up else None
        return True

    def action_undo(self) -> None:
        store = self.store
        try:
            entry = store.undo()
            # Take back bot moves too, back to the last human decision.
            while entry.seat is not None and not store.seats[entry.seat].is_human and store.can_undo():
                entry = store.undo()
        except IllegalAction as exc:
            self.notify(exc.reason, severity="warning", markup=False)
            return
        self.notify(self.undo_message(entry), markup=False)

    def undo_message(self, entry) -> str:
        """Name the undone action only to the seat that chose it, at its own screen;
        anyone else hears whose move was taken back, never what it was."""
        seats = self.store.seats
        mine = entry.seat is not None and (
            self.viewer == entry.seat or (len(self.humans) <= 1 and seats[entry.seat].is_human))
        if mine:
            return f"Undone: {entry.summary}"
        if entry.seat is None:
            return "Undone."
        return f"Undone: a move by {seats[entry.seat].name}."

    def action_save(self) -> None:
        from tabletop import saves
        from tabletop.paths import saves_dir
        from tabletop.saves import file_name_for

        # The name History's export offers: the game's own name (rename), else game and time.
        row = None
        if isinstance(self.store, Store) and getattr(self.app, "journal", None) is not None:
            row = self.app._read_journal(lambda j: j.game(self.store.game_uid), None)
        default = file_name_for(self.store.game.id, row.name if row is not None else "", time.time())

        def chosen(path) -> None:
            if path is None:
                return
            try:
                if not isinstance(self.store, Store):  # a remote seat: the host keeps the game
                    raise OSError(0, "the host keeps this game; ask the host for a save file")
                saves.write_save(self.store, path)
            except OSError as exc:
                self.notify(f"Could not save to {plain(path, 120, tail=True)}: {plain(exc.strerror or exc, 80)}",
                            severity="error", markup=False)
                return
            self.notify(f"Saved to {path}", markup=False)

        self.app.push_screen(SaveDialog(saves_dir(), default), chosen)

    def action_help(self) -> None:
        """The game's help, opened at the section of the current phase."""
        frame = self.frame
        view = frame.view if frame is not None and frame.view is not None else self.store.view(None)
        self.app.push_screen(HelpScreen(self.store.game.id, topic=self.store.game.help_topic(view)))

    def action_legend(self) -> None:
        """What every glyph on this board means, and the table's own marks."""
        self.app.push_screen(LegendScreen(self.store.game.title, self.board.legend(), panel_legend()))

    def action_hint(self) -> None:
        """The game's bot suggests a choice for the seat at the screen, from that seat's
        own view: its row is highlighted and the reason shown; nothing is chosen."""
        frame = self.frame
        if not self.actions or frame is None or frame.view is None or self.curtain_up:
            self.notify("No hint now: it is not your decision.", timeout=3)
            return
        mover = self.store.to_move()
        from screens.common.thinking import strong_hint  # the search bot checks the game's hint
        store, revision, seat = self.store, self.store.revision, frame.seat
        game, view, actions = store.game, frame.view, list(self.actions)
        who = mover if seat is None else seat
        # The search behind the hint may take up to a second: it runs in a worker thread so
        # the keys, the clock and the repaints go on; its answer is shown only if the table
        # is still where it was asked.
        self.notify("Looking for a hint…", timeout=1.5)

        def work() -> None:
            hint = strong_hint(game, view, who, actions)
            self.app.call_from_thread(self._show_hint, store, revision, seat, hint)

        self.run_worker(work, thread=True, exclusive=True, group="hint")

    def _show_hint(self, store: Store, revision: int, seat: int | None, hint: tuple[object, str] | None) -> None:
        if store is not self.store or store.revision != revision or not self.is_current:
            return  # the table moved on while the hint was sought: it would point elsewhere
        if hint is None or hint[0] not in self.actions:
            self.notify(f"{self.store.game.title} has no hint to give here.", timeout=3, markup=False)
            return
        action, reason = hint
        self._hint = (self.store.revision, seat, action, reason or "the bot's choice")
        row = self._reveal(self.actions.index(action))  # its group opened, if it is in one
        panel = self.query_one(DecisionPanel)
        if panel.row == row:
            self._put_detail()
        else:
            panel.show_row(row)  # the highlight message puts the detail line
        panel.moved = True  # the player asked for it: Enter now takes the hinted row
        panel.focus()
        self.app.clear_notifications()  # the "looking" toast has its answer

    def action_menu(self) -> None:
        self.app.to_menu()

    def _show_outcome(self) -> None:
        store = self.store
        outcome = store.outcome()
        if outcome is None:  # undone while the board was still playing the end out
            self.outcome_shown = False
            return
        names = [s.name for s in store.seats]
        self.app.push_screen(OutcomeScreen(store.game.title, outcome, names, store.view(None)), self._after_outcome)

    def _after_outcome(self, choice: str | None) -> None:
        if choice == "menu":
            self.app.to_menu()
