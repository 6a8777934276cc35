"""The legend: what every glyph, abbreviation and colour of the board means.

One key opens it in every game (``LEGEND_KEY``); it lists the board's ``legend()``
entries, then the table's own marks (the decision panel's keys, the focus border). The
glyph column keeps its width and the meanings wrap beside it, so it reads at 80 columns;
a long legend scrolls.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from .keys import HINT_KEY, LEGEND_KEY


def panel_legend() -> list[tuple[str, str]]:
    """The marks every board's table draws around the game (the same in all games)."""
    return [
        ("⏎", "Enter: the routine choice, listed first, or the highlighted row"),
        ("1-9 0 a-z", "the key beside a choice: press it to choose"),
        ("·", "a choice without a key: reach it with ↑↓ and Enter"),
        ("heavy border", "the panel that has the keys (Tab moves them)"),
        ("reversed row", "the highlighted choice; the line under the decisions explains it"),
        ("Hint:", f"the bot's suggestion ({HINT_KEY}): its row is highlighted, nothing is chosen"),
        (LEGEND_KEY, "this legend"),
    ]


def legend_table(entries: list[tuple[str, str]]) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="bold", max_width=22)
    table.add_column(ratio=1)
    for glyph, meaning in entries:
        table.add_row(Text(glyph), Text(meaning))  # data, never markup
    return table


class LegendScreen(ModalScreen[None]):
    BINDINGS = [
        Binding(f"escape,q,{LEGEND_KEY}", "close", "Close"),
        Binding("up", "scroll('up')", "Scroll", show=False),
        Binding("down", "scroll('down')", "Scroll", show=False),
    ]

    def __init__(self, title: str, board: list[tuple[str, str]], table: list[tuple[str, str]]) -> None:
        super().__init__(classes="legend")
        self.title_text = title
        self.board_entries = list(board)
        self.table_entries = list(table)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="legend-body"):
            yield Static(Text(f"Legend: {self.title_text}"), classes="legend-title")
            if self.board_entries:
                yield Static(legend_table(self.board_entries), id="legend-board")
            else:
                yield Static(Text("This board draws words only: nothing to decode."), id="legend-board")
            yield Static(Text("Around the board"), classes="legend-title")
            yield Static(legend_table(self.table_entries), id="legend-table")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#legend-body").focus()

    def action_scroll(self, way: str) -> None:
        body = self.query_one("#legend-body", VerticalScroll)
        body.scroll_up() if way == "up" else body.scroll_down()

    def action_close(self) -> None:
        self.dismiss(None)
