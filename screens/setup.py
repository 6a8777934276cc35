"""The setup screen, generated from a game's Options model: numbers, choices, toggles,
seats (name and who plays them) and the random seed.

The first field has the focus when it opens; a switch says On or Off in words; Enter in
a text field starts the game; every row fits in 80 columns."""

from __future__ import annotations

import secrets

from pydantic import ValidationError
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static, Switch

from rules.common.text import MAX_LINE, MAX_NAME, is_plain, plain
from tabletop.bots import bot_names
from tabletop.engine import Game
from tabletop.forms import FieldSpec, option_fields
from tabletop.store import Seat


def on_off(value: bool) -> str:
    return "On" if value else "Off"


class SetupScreen(Screen[None]):
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "start", "Start")]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.fields = option_fields(game.Options)

    def compose(self) -> ComposeResult:
        g = self.game
        yield Static(f"New game: {g.title}", id="setup-title")
        with VerticalScroll(id="setup-form"):
            for f in self.fields:
                with Horizontal(classes="field"):
                    yield Label(f.title, classes="field-label")
                    yield self._widget(f)
                    if f.kind == "bool":  # a switch says what it is set to in words
                        yield Label(on_off(bool(f.default)), id=f"opt-{f.name}-word", classes="switch-word")
                if f.description:
                    yield Static(f.description, classes="hint")
            with Horizontal(classes="field"):
                yield Label("Random seed", classes="field-label")
                yield Input(str(secrets.randbelow(1_000_000)), id="seed", type="integer")
            yield Static("Seats", classes="section")
            bots = bot_names(g)
            for i in range(g.max_seats):
                with Horizontal(classes="field seat-row", id=f"seat-row-{i}"):
                    yield Label(f"Seat {i + 1}", classes="field-label")
                    yield Input(placeholder=f"Seat {i + 1}", id=f"seat-name-{i}", classes="seat-name",
                                max_length=MAX_NAME)
                    yield Select(
                        [("Human", "human")] + [(f"Bot: {b}", b) for b in bots],
                        value="human", allow_blank=False, id=f"seat-who-{i}", classes="seat-who",
                    )
            yield Static("", id="setup-error", classes="error", markup=False)  # quotes what was typed
            with Horizontal(id="setup-buttons"):
                yield Button("Start (ctrl+s)", id="start", variant="primary")
                yield Button("Back (Esc)", id="back")
        yield Footer()

    def _widget(self, f: FieldSpec):
        wid = f"opt-{f.name}"
        if f.kind == "bool":
            return Switch(value=bool(f.default), id=wid)
        if f.kind == "choice":
            return Select(list(zip(f.choice_titles, f.choices)), value=f.default, allow_blank=False, id=wid)
        if f.kind == "int" and f.low is not None and f.high is not None and f.high - f.low <= 20:
            return Select([(str(n), n) for n in range(f.low, f.high + 1)], value=f.default,
                          allow_blank=False, id=wid)
        if f.kind == "int":
            return Input(str(f.default), type="integer", id=wid)
        if f.kind == "list":
            return Input(", ".join(map(str, f.default)), placeholder="comma separated", id=wid)
        return Input(str(f.default), id=wid)

    def on_mount(self) -> None:
        self._refresh_seats()
        # The first field has the focus, so the keyboard works at once.
        first = next((w for w in self.query_one("#setup-form").query("*") if w.focusable), None)
        if first is not None:
            first.focus()

    # -- reading the form -------------------------------------------------
    def _raw_options(self) -> dict:
        data = {}
        for f in self.fields:
            w = self.query_one(f"#opt-{f.name}")
            if isinstance(w, Switch):
                data[f.name] = w.value
            elif isinstance(w, Select):
                data[f.name] = w.value
            elif f.kind == "list":
                data[f.name] = [x.strip() for x in w.value.split(",") if x.strip()]
            else:
                data[f.name] = w.value.strip()
        return data

    def _options(self):
        return self.game.Options.model_validate(self._raw_options())

    def _refresh_seats(self) -> None:
        try:
            options = self._options()
        except ValidationError:
            return
        count = self.game.seat_count(options)
        labels = self.game.seat_labels(options)
        for i in range(self.game.max_seats):
            row = self.query_one(f"#seat-row-{i}")
            row.display = i < count
            if i < count:
                self.query_one(f"#seat-name-{i}", Input).placeholder = labels[i]

    def on_select_changed(self, event: Select.Changed) -> None:
        self._refresh_seats()

    def on_switch_changed(self, event: Switch.Changed) -> None:
        if event.switch.id:
            self.query_one(f"#{event.switch.id}-word", Label).update(on_off(event.value))
        self._refresh_seats()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a text field starts the game, as the Start button would."""
        event.stop()
        self.action_start()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id and event.input.id.startswith("opt-"):
            self._refresh_seats()

    def _error(self, text: str) -> None:
        """The error line: plain text (it may quote what a player typed), one line."""
        line = self.query_one("#setup-error", Static)
        line.update(Text(plain(text, MAX_LINE)))
        self.call_after_refresh(line.scroll_visible)  # below the fold at 80x24

    def action_start(self) -> None:
        try:
            options = self._options()
        except ValidationError as exc:
            self._error(self._refusal(exc))
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        if not seed_text.isdigit():
            self._error("The random seed must be a whole number (0 or more).")
            return
        count = self.game.seat_count(options)
        labels = self.game.seat_labels(options)
        seats = []
        for i in range(count):
            name = self.query_one(f"#seat-name-{i}", Input).value.strip() or labels[i]
            if not is_plain(name) or len(name) > MAX_NAME:
                self._error(f"Seat {i + 1}'s name may hold only printable characters, at most {MAX_NAME}.")
                return
            who = self.query_one(f"#seat-who-{i}", Select).value
            seats.append(Seat(name=name, controller=str(who)))
        self.app.start_new_game(self.game, options, int(seed_text), seats)

    def _refusal(self, exc: ValidationError) -> str:
        """The first problem of the options in words: the field's title, then why."""
        err = exc.errors()[0]
        why = str(err.get("msg", "invalid")).removeprefix("Value error, ").removeprefix("Assertion failed, ")
        field = str(err["loc"][0]) if err.get("loc") else ""
        title = next((f.title for f in self.fields if f.name == field), "")
        return f"{title}: {why}" if title else why[:1].upper() + why[1:]

    def action_back(self) -> None:
        self.app.pop_screen()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()
