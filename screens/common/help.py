"""The rules reference of a game, from assets/help/<game>.md.

It opens at the section whose heading the board asks for (``Game.help_topic``: the
current phase) and reads at 80 columns: a markdown table wider than the page is
reflowed into a list (one item per row, each cell named by its column), since a squeezed
table would show one word per line.
"""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from tabletop.help import help_text

_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_MARKS = re.compile(r"\*\*|__|`")


def _cells(line: str) -> list[str]:
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    return [c.strip() for c in re.split(r"(?<!\\)\|", line)]


def _shown_width(cell: str) -> int:
    return len(_MARKS.sub("", cell))


def _reflow(header: list[str], rows: list[list[str]]) -> list[str]:
    """A table as a list: the first cell leads each item, the others follow named by
    their column's heading."""
    out = []
    for row in rows:
        row = row + [""] * (len(header) - len(row))
        lead = row[0]
        rest = []
        for head, cell in zip(header[1:], row[1:]):
            if not cell:
                continue
            rest.append(f"{head}: {cell}" if head else cell)
        item = f"- **{_MARKS.sub('', lead)}**" if lead else "-"
        if rest:
            item += (" — " if lead else " ") + "; ".join(rest)
        out.append(item)
    return out


def readable_tables(text: str, width: int) -> str:
    """``text`` with every table wider than ``width`` columns turned into a list."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if "|" in line and i + 1 < len(lines) and _SEPARATOR.match(lines[i + 1]) and "-" in lines[i + 1]:
            header = _cells(line)
            j = i + 2
            rows = []
            while j < len(lines) and "|" in lines[j] and lines[j].strip():
                rows.append(_cells(lines[j]))
                j += 1
            columns = [header] + rows
            widths = [max((_shown_width(r[c]) for r in columns if c < len(r)), default=0) for c in range(len(header))]
            natural = sum(widths) + 3 * len(widths) + 1
            if natural <= width:
                out.extend(lines[i:j])
            else:
                out.extend(_reflow(header, rows))
            i = j
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close")]

    def __init__(self, game_id: str, topic: str = "") -> None:
        super().__init__(classes="help")
        self.game_id = game_id
        self.topic = topic

    def compose(self) -> ComposeResult:
        # The page's text width: the help box less its border, padding and scrollbar.
        width = max(40, min(100, int(self.app.size.width * 0.96)) - 6)
        with VerticalScroll(id="help-body"):
            yield Markdown(readable_tables(help_text(self.game_id), width), open_links=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def on_markdown_table_of_contents_updated(self, event: Markdown.TableOfContentsUpdated) -> None:
        if self.topic:
            self.call_after_refresh(self.go_to_topic)

    def go_to_topic(self) -> bool:
        """Scroll the help to the heading ``topic`` (exactly, else ignoring case)."""
        markdown = self.query_one(Markdown)
        contents = markdown.table_of_contents
        wanted = self.topic.strip()
        found = next((hid for _, title, hid in contents if title.strip() == wanted), None)
        if found is None:
            found = next((hid for _, title, hid in contents if title.strip().casefold() == wanted.casefold()), None)
        if found is None:
            return False
        header = markdown.query_one(f"#{found}")
        self.query_one("#help-body", VerticalScroll).scroll_to_widget(header, top=True, animate=False)
        return True

    def action_close(self) -> None:
        self.dismiss(None)
