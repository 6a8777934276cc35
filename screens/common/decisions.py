"""The decision panel: the legal actions of the seat at the screen, each with its key.

The routine choice (if any) comes first and is on Enter (shown ``⏎``); every other row
shows its own key. A row without a key, or rows out of sight, are reached with the arrows
and Enter, and the panel's lower border says so. The highlighted row is drawn only while
the panel has the focus (the keys), so a highlight never lies about where Enter goes.

``moved`` says whether the player put the highlight where it is (an arrow, Home/End, a
click, the hint): where a decision has no routine choice, Enter takes the highlighted row
only then, so a second Enter never picks whatever happened to be listed first. PgUp and
PgDn scroll the log (which takes no focus of its own), not this list.

Each row is wrapped here, between words, to the panel's width (less a scroll bar's when
the rows overflow it, so a scroll bar never cuts a word): the key stays alone on the
row's first line and the continuation lines are indented under its words (``row_text``).
A new size wraps the rows again, the highlight where it was.

``/`` opens a one-line filter above the list (``FilterLine``): typing narrows the rows to
those whose label holds every typed word (case-insensitive); the rows keep their keys;
Enter or Down gives the keys back to the list (a filter leaving one row highlights it as
the player's choice), Escape clears it. The typed text is drawn as typed, never markup.
Rows are numbered in the full list: ``row`` is the highlighted row, ``show_row`` puts
the highlight on one (clearing a filter that hides it).

A two-step choice (keys.py, ``BoardBase.key_paths``) is drawn by the screen: its second
step has a ``header`` line over the rows (what is chosen; Escape goes back); its first
step lists every choice once more after its own rows (``flat_from``), shown only while a
filter is typed, so the filter looks through the members of every group.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from .keys import ACTION_KEYS, ENTER
from .parts import NoLayoutOnGrowth


_SPACES = re.compile(r"[ \t\r\n]+")  # where a line may break: not at a no-break space


def wrap_words(words: str, width: int) -> list[str]:
    """``words`` in lines of at most ``width`` cells, broken between words; a word longer
    than a whole line is folded. A no-break space (U+00A0) joins what must stay on one
    line (a group row's closing "›" to its last word)."""
    lines: list[str] = []
    line = ""
    for word in _SPACES.split(words.strip(" \t\r\n")):
        if not word:
            continue
        while cell_len(word) > width:  # folded: no line could hold it whole
            if line:
                lines.append(line)
                line = ""
            cut = width
            while cut > 1 and cell_len(word[:cut]) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        if not line:
            line = word
        elif cell_len(line) + 1 + cell_len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line or not lines:
        lines.append(line)
    return lines


def row_text(shown: str | None, label: str, width: int = 0) -> Text:
    """A decision row: its key (or "·" for none) then its words, wrapped to ``width`` cells
    (0: not yet known) with the continuation lines indented under the words."""
    head = f"{shown} " if shown else "· "
    if width <= len(head) + 1:
        return Text.assemble((head, "bold"), label)
    lines = wrap_words(label, width - len(head))
    indent = " " * len(head)
    return Text.assemble((head, "bold"), lines[0], *(f"\n{indent}{line}" for line in lines[1:]))


class DecisionPanel(NoLayoutOnGrowth, OptionList):
    """Lists action descriptions; Enter, a click or the shown key chooses one."""

    # The focused panel's heavy border is in the app's stylesheet (#decisions:focus).
    DEFAULT_CSS = """
    DecisionPanel:blur > .option-list--option-highlighted { background: transparent; text-style: none; }
    DecisionPanel:focus { border-title-style: bold reverse; }
    """

    BINDINGS = [
        Binding("enter", "select", "Choose", key_display="⏎"),
        Binding("pageup", "scroll_log(-1)", "Log up", show=False),
        Binding("pagedown", "scroll_log(1)", "Log down", show=False),
        Binding("escape", "clear_filter", "Clear the filter", show=False),
    ]

    class Chosen(Message):
        def __init__(self, index: int, moved: bool = True) -> None:
            super().__init__()
            self.index = index
            self.moved = moved  # the player put the highlight on this row

    class Highlighted(Message):
        def __init__(self, index: int | None) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = "Decisions"
        self._count = 0
        self._unkeyed = 0
        self.moved = False  # the player moved the highlight since the rows were listed
        self._labels: list[str] = []
        self._keys: list[str | None] = []
        self.filter_words = ""  # what the player typed after "/" (plain text, never markup)
        self._header: str | None = None  # a second step's line over its rows
        self._flat_from: int | None = None
        self._waiting: str | None = None
        self._wrapped_at = 0  # the width the rows were wrapped to (0: not laid out yet)

    def show(self, labels: list[str], waiting: str | None = None, keys: list[str | None] | None = None,
             header: str | None = None, flat_from: int | None = None) -> None:
        """``keys[i]`` is row i's key: a character, ``ENTER`` or None (arrows only).
        ``header``: a line over the rows saying what the step chooses (a second step).
        ``flat_from``: the rows from there are listed only while a filter is typed, and
        the rows before it only while none is (a first step of groups: the filter looks
        through every choice, each under the keys that reach it)."""
        keys = list(ACTION_KEYS[: len(labels)]) if keys is None else list(keys)
        if (labels, waiting, keys, header, flat_from) == getattr(self, "_shown", None):
            return
        self._shown = (list(labels), waiting, keys, header, flat_from)
        self.moved = False
        self._labels, self._keys = list(labels), keys
        self._header, self._flat_from = header, flat_from
        self.filter_words = ""
        self._close_filter()
        self._draw_rows(waiting)

    def _row_width(self, labels: list[str] | None = None) -> int:
        """The cells a row's words may take: the panel's inside less the rows' padding, and
        less a scroll bar's width when the rows (``labels``) do not all fit its height;
        0 before the panel is laid out."""
        inside = self.content_region.width
        if not inside:
            return 0
        padding = self.get_component_styles("option-list--option").padding.width
        width = max(1, inside - padding - self._get_left_gutter_width())
        if labels is None:
            labels = self._visible_labels()
        lines = sum(len(wrap_words(label, max(1, width - 2))) for label in labels)
        if lines > self.content_region.height:  # a scroll bar will show
            width = max(1, width - self.styles.scrollbar_size_vertical)
        return width

    def _visible_labels(self) -> list[str]:
        words = self.filter_words.casefold().split()
        return [label for label in self._labels if all(w in label.casefold() for w in words)]

    def _draw_rows(self, waiting: str | None = None) -> None:
        labels, keys = self._labels, self._keys
        self._waiting = waiting
        width = self._wrapped_at = self._row_width()
        self.clear_options()
        if waiting is not None:
            self._count = self._unkeyed = 0
            self._hint()
            self.add_option(Option(Text(waiting, style="italic"), disabled=True))
            return
        options = []
        words = self.filter_words.casefold().split()
        flat = self._flat_from
        for i, label in enumerate(labels):
            if flat is not None and (i >= flat) != bool(words):
                continue  # the step's rows, or (filtering) every choice
            if words and not all(w in label.casefold() for w in words):
                continue
            key = keys[i] if i < len(keys) else None
            shown = "⏎" if key == ENTER else key
            options.append(Option(row_text(shown, label, width), id=f"act-{i}"))
        if self._header:
            self.add_option(Option(Text(self._header, style="bold italic"), disabled=True))
        self.add_options(options)
        self._count = len(options)
        self._unkeyed = sum(1 for o in options if (keys[int(o.id[4:])] if int(o.id[4:]) < len(keys) else None) is None)
        self._hint()
        if options:
            self.highlighted = 1 if self._header else 0
        elif words:
            self.add_option(Option(Text("No choice holds these words: Escape clears the filter.", style="italic"),
                                   disabled=True))

    # -- rows, in the full list's numbering --------------------------------
    @property
    def row(self) -> int | None:
        """The row (of the full list) under the highlight, or None."""
        if self.highlighted is None or not self._count:
            return None
        oid = self.get_option_at_index(self.highlighted).id or ""
        return int(oid[4:]) if oid.startswith("act-") else None

    def show_row(self, row: int) -> None:
        """Highlight row ``row``; a filter hiding it is cleared first."""
        try:
            index = self.get_option_index(f"act-{row}")
        except Exception:  # hidden by the filter
            self.clear_filter()
            index = self.get_option_index(f"act-{row}")
        self.highlighted = index

    # -- the filter ----------------------------------------------------------
    def _line(self) -> FilterLine | None:
        return next(iter(self.screen.query(FilterLine)), None) if self.is_attached else None

    def _close_filter(self) -> None:
        line = self._line()
        if line is not None and line.display:
            line.display = False
            if line.value:
                line.value = ""

    def open_filter(self) -> None:
        """``/``: the filter line opens (with what was typed so far) and takes the keys."""
        line = self._line()
        if line is None or not self._labels:
            return
        line.display = True
        line.focus()

    def set_filter(self, words: str) -> None:
        if words == self.filter_words:
            return
        self.filter_words = words
        self._draw_rows()
        if self._count == 1:
            self.moved = True  # one row left: the player's choice of highlight
        elif self._count and self.moved:
            self.moved = False  # the highlight went back to the first row left
        self.post_message(self.Highlighted(self.row))  # the detail line follows (none left: nothing)

    def clear_filter(self) -> None:
        """Escape: every row again, the keys back on the list."""
        line = self._line()
        had_focus = line is not None and line.has_focus
        self._close_filter()
        self.set_filter("")
        if had_focus:
            self.focus()

    def end_filter(self) -> None:
        """Enter or Down in the filter: the rows left keep showing; the list has the keys."""
        line = self._line()
        if line is not None and not self.filter_words:
            self._close_filter()
        self.focus()

    def _hint(self, focused: bool | None = None) -> None:
        """The lower border: how to reach rows without a key or out of sight. ``focused``
        says whether the list has the keys when the caller knows better than ``has_focus``
        (still True while the blur is handled)."""
        height = self.scrollable_content_region.height if self.size.height else 0
        hidden = bool(height) and self.virtual_size.height > height
        focused = self.has_focus if focused is None else focused
        hint = ""
        # The longest wording that fits the border (a narrow panel gets the short one).
        for reach, total in ((("↑↓ Enter" if focused else "Tab here, ↑↓ Enter"), " in all"),
                             (("↑↓ Enter" if focused else "Tab, ↑↓ Enter"), "")):
            if self._unkeyed:
                hint = f"· rows: {reach} ({self._count}{total})"
            elif hidden:
                hint = f"more: {reach} ({self._count}{total})"
            if len(hint) + 4 <= self.size.width or not self.size.width:
                break
        if self.border_subtitle != hint:
            self.border_subtitle = hint

    def on_resize(self, event) -> None:
        self.call_after_refresh(self._rewrap)
        self.call_after_refresh(self._hint)

    def _rewrap(self) -> None:
        """A new width: the rows wrapped again, the highlight (and whether the player put
        it there) where it was."""
        if self._row_width() == self._wrapped_at or (not self._labels and self._waiting is None):
            return
        row, moved = self.row, self.moved
        self._draw_rows(self._waiting)
        if row is not None:
            try:
                self.highlighted = self.get_option_index(f"act-{row}")
            except Exception:  # filtered away meanwhile
                pass
        self.moved = moved

    def on_focus(self, event) -> None:
        self._hint(True)

    def on_blur(self, event) -> None:
        self._hint(False)

    def watch_virtual_size(self, size) -> None:
        super().watch_virtual_size(size)
        self._hint()

    # The player's own moves of the highlight (a program setting ``highlighted`` is not one).
    def action_cursor_up(self) -> None:
        self.moved = True
        super().action_cursor_up()

    def action_cursor_down(self) -> None:
        self.moved = True
        super().action_cursor_down()

    def action_first(self) -> None:
        self.moved = True
        super().action_first()

    def action_last(self) -> None:
        self.moved = True
        super().action_last()

    async def _on_click(self, event) -> None:
        # Textual calls each class's handler in turn: OptionList's selects after this.
        self.moved = True

    def action_clear_filter(self) -> None:
        if self.filter_words:
            self.clear_filter()

    def action_scroll_log(self, pages: int) -> None:
        """PgUp/PgDn: the log scrolls (it is not a Tab stop, so it never has the keys)."""
        log = next(iter(self.screen.query("#log")), None)
        if log is not None:
            (log.scroll_page_down if pages > 0 else log.scroll_page_up)(animate=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id and event.option.id.startswith("act-"):
            self.post_message(self.Chosen(int(event.option.id[4:]), self.moved))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        oid = event.option.id or ""
        self.post_message(self.Highlighted(int(oid[4:]) if oid.startswith("act-") else None))


class FilterLine(Input):
    """The one-line filter above the decisions (``/``): what is typed is shown as typed."""

    DEFAULT_CSS = """
    FilterLine { display: none; height: 1; border: none; padding: 0 1; }
    FilterLine:focus { border: none; }
    """

    BINDINGS = [
        Binding("escape", "clear", "Clear the filter"),
        Binding("down", "done", "To the rows", show=False),
    ]

    def __init__(self, **kwargs) -> None:
        # No blinking cursor: a still screen between keys (and tests that wait for one).
        super().__init__(placeholder="type words of a choice · Enter: to the rows · Esc: clear", **kwargs)
        self.cursor_blink = False

    def _panel(self) -> DecisionPanel:
        return self.screen.query_one(DecisionPanel)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._panel().set_filter(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._panel().end_filter()

    def action_clear(self) -> None:
        self._panel().clear_filter()

    def action_done(self) -> None:
        self._panel().end_filter()
