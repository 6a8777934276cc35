"""A game watched move by move on its own board, read-only, and played on from any move.

The board is the game's own (``board_widget``), given frames with no actions, so nothing
on it can be chosen; the log panel shows the game log up to the move on show, the lines
that move wrote marked ``▶`` and highlighted. Every state comes from ``tabletop.replay``
(snapshots, so a step is instant at move 1,000 as at move 1).

Keys: ←/→ one move, Home/End the start and the end, PageUp/PageDown one round or year,
``:`` a move by its number, space plays on by itself (a bot's or an enemy's turn as the
live board plays it), ``w`` whose eyes (a finished game only), ``n`` a new game from
this move, ``?`` these keys, ``q``/Escape back.

Whose eyes: the public view by default. A game not yet over is only ever drawn in the
public view, so a replay cannot be used to peek at a game still being played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from tabletop.bots import bot_names
from tabletop.replay import EVERYTHING, PUBLIC, Eyes, Replay, ReplayError, hidden_facts
from tabletop.store import Seat

from .boards import board_widget
from .common.frame import ChooseAction, Frame, HighlightAction

if TYPE_CHECKING:
    from .common.board_base import BoardBase

SHOWN = 200  # log lines kept in the panel (the newest)

KEYS_HELP = (
    "←/→ one move · Home/End start, end · PgUp/PgDn one round or year · : go to a move · "
    "space play/pause · w whose eyes · n play on from here · q back"
)


class ReplayLog(RichLog):
    """The game log up to the move on show; that move's lines marked and highlighted."""

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=SHOWN, min_width=1, **kwargs)
        self.border_title = "Log"
        self.shown: list[tuple[str, bool]] = []

    def show(self, lines: list[tuple[str, bool]]) -> None:
        lines = lines[-SHOWN:]
        if lines == self.shown and self.size.width:
            return
        self.shown = lines
        self.clear()
        for text, current in lines:
            if current:
                self.write(Text("▶ " + text, style="bold reverse"))
            else:
                self.write(Text("  " + text))
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_resize(self, event) -> None:
        if self.shown:
            shown, self.shown = self.shown, []
            self.call_after_refresh(self.show, shown)


def progress_bar(n: int, length: int, width: int) -> str:
    """A line as wide as ``width`` with a mark where move ``n`` of ``length`` lies."""
    width = max(3, width)
    at = 0 if length <= 0 else round(n * (width - 1) / length)
    return "━" * at + "●" + "─" * (width - 1 - at)


class ReplayScreen(Screen[None]):
    BINDINGS = [
        Binding("left", "step(-1)", "Prev", key_display="←", priority=True),
        Binding("right", "step(1)", "Next", key_display="→", priority=True),
        Binding("home", "go_start", "Start", show=False, priority=True),
        Binding("end", "go_end", "End", show=False, priority=True),
        Binding("pageup", "round(-1)", "Round", key_display="PgUp/Dn", priority=True),
        Binding("pagedown", "round(1)", "Round", show=False, priority=True),
        Binding("colon", "goto", "Move", key_display=":"),
        Binding("space", "autoplay", "Play", key_display="␣"),
        Binding("w", "eyes", "Eyes"),
        Binding("n", "play_on", "Play on"),
        Binding("question_mark", "keys", "Keys", show=False),
        Binding("q,escape", "back", "Back"),
    ]

    PLAY_SECONDS = 0.7  # a move's time on screen while the replay plays by itself

    DEFAULT_CSS = """
    ReplayScreen #replay-info { height: auto; max-height: 8; border: round $accent; padding: 0 1; }
    ReplayScreen #log { height: 1fr; }
    ReplayScreen #replay-revealed-box { height: 1fr; border: round $warning; display: none; }
    ReplayScreen.-revealed #replay-revealed-box { display: block; }
    ReplayScreen #replay-progress { height: 1; padding: 0 1; }
    """

    def __init__(self, replay: Replay, title: str = "", at: int | None = None) -> None:
        super().__init__(classes=f"replay game-{replay.game.id}")
        self.replay = replay
        self.title_text = title or replay.title or replay.game.title
        self.at = replay.length if at is None else max(0, min(at, replay.length))
        self.eyes: Eyes = PUBLIC
        self._timer = None
        self._play_round = 0  # which run of "play by itself" a waiting step belongs to
        self._pause = None  # a screen of public results the last move drew, if any
        self._quiet = False  # the move on show wrote no line these eyes may read

    @property
    def board(self) -> BoardBase:
        from .common.board_base import BoardBase

        return self.query_one("#board", BoardBase)

    def compose(self) -> ComposeResult:
        yield Static("", id="status", markup=False)
        with Horizontal(id="main"):
            with VerticalScroll(id="board-area"):
                yield board_widget(self.replay.game)
            with Vertical(id="side"):
                yield Static("", id="replay-info", markup=False)
                with VerticalScroll(id="replay-revealed-box"):
                    yield Static("", id="replay-revealed", markup=False)
                yield ReplayLog(id="log")
        yield Static("", id="replay-progress", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.draw()
        # The keys are the replay's: the board's own keys for choosing stay out of the footer.
        self.query_one(ReplayLog).focus()

    def on_resize(self, event) -> None:
        # As on the live board: from 120 columns the side panel is wider, and below the
        # board's STACK_BELOW it sits under the board (the screen has the ``-stacked``
        # class, which the board reads for its tabs). Set as styles here: the app's
        # stylesheet gives #side its width and outranks a screen's default CSS.
        width = event.size.width
        stacked = width < self.board.STACK_BELOW
        main, side = self.query_one("#main"), self.query_one("#side")
        if stacked:
            side.styles.width, side.styles.height, side.styles.min_height = "100%", "35%", 8
            main.styles.layout, side.styles.layout = "vertical", "horizontal"
        else:
            side.styles.width, side.styles.height, side.styles.min_height = (46 if width >= 120 else 30), "1fr", None
            main.styles.layout, side.styles.layout = "horizontal", "vertical"
        for part in ("#replay-info", "#replay-revealed-box", "#log"):
            self.query_one(part).styles.width = "1fr" if stacked else "100%"
        self.query_one("#replay-info").styles.max_height = None if stacked else 8
        if self.has_class("-stacked") != stacked:
            self.set_class(stacked, "-stacked")
            self.call_after_refresh(self.board.stacked_changed, stacked)
        self._put_progress()

    # -- drawing ---------------------------------------------------------------
    def draw(self) -> None:
        replay, n, eyes = self.replay, self.at, self.eyes
        view = replay.view_at(n, eyes)
        seat = eyes if isinstance(eyes, int) else None
        self.board.frame = Frame(view, seat, (), None)
        # The board follows the public log for results it holds up for the table (a
        # battle's); they are shown while the replay plays by itself, as at the table.
        self._pause = self.board.public_pause(replay.view_at(n, PUBLIC) if eyes is not PUBLIC else view)
        lines = [(ln.text, ln.current) for ln in replay.lines_at(n, eyes)]
        self.query_one(ReplayLog).show(lines)
        self._quiet = n > 0 and not any(current for _, current in lines)
        phase = replay.game.phase(view)
        status = f"Replay · {self.title_text} · {phase}" if phase else f"Replay · {self.title_text}"
        self.query_one("#status", Static).update(Text(status, no_wrap=True, overflow="ellipsis"))
        self.query_one("#replay-info", Static).update(self._info())
        revealed = eyes == EVERYTHING
        self.set_class(revealed, "-revealed")
        if revealed:
            facts = hidden_facts(view, replay.game.view(replay.state_at(n), None), [s.name for s in replay.seats],
                                 name_of=replay.game.name_of)
            box = self.query_one("#replay-revealed-box")
            box.border_title = "Hidden from the table"
            self.query_one("#replay-revealed", Static).update(Text("\n".join(facts) or "Nothing is hidden now."))
        self._put_progress()

    def _info(self) -> Text:
        replay, n = self.replay, self.at
        text = Text()
        text.append(f"Move {n} of {replay.length}", style="bold")
        words = replay.round_text(n)
        if words:
            text.append(f" · {words}")
        mover = replay.mover(n)
        if n == 0:
            text.append("\nThe game as it was set up.")
        elif mover is not None:
            text.append(f"\nChosen by {replay.seats[mover].name}")
            what = replay.describe_move(n, self.eyes)
            if what is not None:
                text.append(f": {what}")
        else:
            text.append("\nThe rules' own step.")
        if self._quiet:
            text.append("\nNothing new in the log.", style="dim")
        text.append("\n" + self._eyes_sentence("Watched"))
        if n == replay.length:
            text.append("\n" + (f"Over: {replay.result_words()}" if replay.finished else "Not finished yet"))
        return text

    def _put_progress(self) -> None:
        if not self.is_mounted:
            return
        label = f" {self.at}/{self.replay.length}"
        if self.playing:
            label += " ▶"
        width = max(3, self.size.width - 2 - len(label))
        bar = progress_bar(self.at, self.replay.length, width)
        self.query_one("#replay-progress", Static).update(Text(bar + label, no_wrap=True))

    def go(self, n: int) -> None:
        n = max(0, min(int(n), self.replay.length))
        if n != self.at:
            self.at = n
            self.draw()

    # -- keys --------------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        self._stop()
        self.go(self.at + delta)

    def action_go_start(self) -> None:
        self._stop()
        self.go(0)

    def action_go_end(self) -> None:
        self._stop()
        self.go(self.replay.length)

    def action_round(self, delta: int) -> None:
        self._stop()
        target = self.replay.next_round(self.at) if delta > 0 else self.replay.previous_round(self.at)
        self.go(target)

    def action_goto(self) -> None:
        self._stop()

        def chosen(n: int | None) -> None:
            if n is not None:
                self.go(n)

        self.app.push_screen(GoToDialog(self.replay.length, self.at), chosen)

    @property
    def playing(self) -> bool:
        return self._timer is not None

    def action_autoplay(self) -> None:
        """Play on by itself, a move every ``PLAY_SECONDS`` once the board has played the last
        one out (an enemy turn line by line, as on the live board); space again stops."""
        if self.playing:
            self._stop()
            return
        if self.at >= self.replay.length:
            self.go(0)
        self._play_round += 1
        self._schedule(self._play_round)
        self._put_progress()

    def _schedule(self, round_: int) -> None:
        if round_ == self._play_round:
            self._timer = self.set_timer(self.PLAY_SECONDS, lambda: self._tick(round_))

    def _tick(self, round_: int) -> None:
        if round_ != self._play_round:
            return
        if self.at >= self.replay.length or not self.is_current:
            self._stop()
            return
        self.go(self.at + 1)
        pause, self._pause = self._pause, None
        if pause is not None:
            self.app.push_screen(pause, lambda _: self.board.when_settled(lambda: self._schedule(round_)))
        else:
            self.board.when_settled(lambda: self._schedule(round_))

    def _stop(self) -> None:
        self._play_round += 1  # a wait for the board to settle no longer plays on
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self._put_progress()

    def action_eyes(self) -> None:
        choices = self.replay.eyes_choices()
        if len(choices) == 1:
            block = self.replay.eyes_block(EVERYTHING)
            self.notify(block or "This game is watched in the public view.", markup=False)
            return
        i = choices.index(self.eyes) if self.eyes in choices else 0
        self.eyes = choices[(i + 1) % len(choices)]
        self.draw()
        self.notify(self._eyes_sentence("Watching") + ".", timeout=3, markup=False)

    def _eyes_sentence(self, verb: str) -> str:
        if self.eyes is PUBLIC:
            return f"{verb} in the public view"
        if self.eyes == EVERYTHING:
            return f"{verb} with everything revealed"
        return f"{verb} through {self.replay.eyes_words(self.eyes)}"

    def action_play_on(self) -> None:
        self._stop()
        replay, n = self.replay, self.at
        if replay.game.to_move(replay.state_at(n)) is None:
            self.notify("The game is over at this move: go back to an earlier one to play on from it.",
                        severity="warning", markup=False)
            return

        def chosen(seats: list[Seat] | None) -> None:
            if seats is None:
                return
            try:
                store = replay.play_on(n, seats)
            except ReplayError as exc:
                self.notify(str(exc), severity="error", markup=False)
                return
            from tabletop.journal import attach

            # A new game of the journal (the replayed one is untouched), then its board.
            attach(self.app.journal, store, source="replay")
            self.app.start_store(store)

        self.app.push_screen(PlayOnDialog(replay, n), chosen)

    def action_keys(self) -> None:
        self.notify(KEYS_HELP, timeout=8, markup=False)

    def action_back(self) -> None:
        self._stop()
        self.app.pop_screen()

    def on_key(self, event) -> None:
        # A board's own keys (tabs, a list to show) reach it; nothing can be chosen.
        if event.character and event.is_printable and event.key not in self.active_bindings:
            if self.board.board_key(event.character):
                event.stop()
                # A tab may focus a part of the board: the keys stay the replay's.
                self.call_after_refresh(self.query_one(ReplayLog).focus)

    def on_choose_action(self, message: ChooseAction) -> None:
        message.stop()  # a replay is read-only: a click on the board chooses nothing

    def on_highlight_action(self, message: HighlightAction) -> None:
        message.stop()

    def on_unmount(self) -> None:
        self._play_round += 1
        if self._timer is not None:
            self._timer.stop()
            self._timer = None


class GoToDialog(ModalScreen[int | None]):
    """Ask for a move number, 0 to the game's length."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, length: int, at: int) -> None:
        super().__init__(classes="dialog")
        self.length = length
        self.at = at

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box"):
            yield Static(f"Go to which move? (0 to {self.length}; 0 is the setup)", markup=False)
            yield Input(placeholder=f"now {self.at}", id="goto-move", type="integer")
            yield Static("", id="goto-error", classes="error", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        try:
            n = int(text)
        except ValueError:
            n = -1
        if not 0 <= n <= self.length:
            self.query_one("#goto-error", Static).update(f"A move is a number from 0 to {self.length}.")
            return
        self.dismiss(n)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PlayOnDialog(ModalScreen[list[Seat] | None]):
    """Who plays each seat of the new game: Enter on a seat changes it (a person or one of
    the game's bots); the last row starts the game."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, replay: Replay, at: int) -> None:
        super().__init__(classes="dialog")
        self.replay = replay
        self.at = at
        self.choices = ["human", *bot_names(replay.game)]
        self.seats = list(replay.seats)

    @staticmethod
    def who(controller: str) -> str:
        return "a person" if controller == "human" else f"the {controller} bot"

    def _options(self) -> list[Option]:
        rows = []
        for i, seat in enumerate(self.seats):
            text = Text(f"Seat {i + 1}: ")
            text.append(seat.name)
            text.append(f" · played by {self.who(seat.controller)}")
            rows.append(Option(text, id=f"seat-{i}"))
        rows.append(Option(Text(f"Start the new game from move {self.at}", style="bold"), id="start"))
        return rows

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box"):
            yield Static(f"Play on from move {self.at}: a new game; the replayed one stays as it was.",
                         markup=False)
            yield Static("Enter on a seat changes who plays it.", classes="hint", markup=False)
            yield OptionList(*self._options(), id="play-on-seats")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id or ""
        if oid == "start":
            self.dismiss(list(self.seats))
            return
        i = int(oid.partition("-")[2])
        seat = self.seats[i]
        nxt = self.choices[(self.choices.index(seat.controller) + 1) % len(self.choices)] \
            if seat.controller in self.choices else "human"
        self.seats[i] = Seat(seat.name, nxt)
        menu = self.query_one(OptionList)
        at = menu.highlighted
        menu.clear_options()
        menu.add_options(self._options())
        menu.highlighted = at

    def action_cancel(self) -> None:
        self.dismiss(None)
