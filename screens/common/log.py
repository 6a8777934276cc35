"""The game log panel: the lines the seat at the screen may read, newest at the bottom.

Append-only while the lines only grow (each new line is wrapped once); redrawn from
scratch when the reader changes or an undo shortens the log. Lines are wrapped between
words to the panel's width less a scroll bar's, whether or not one shows, so the scroll
bar appearing never cuts the end of a line already written; a new width wraps them again.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

from .parts import NoLayoutOnGrowth

SHOWN = 200  # the panel keeps the newest lines; the whole log stays in the game


class LogPanel(NoLayoutOnGrowth, RichLog):
    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=SHOWN, min_width=1, **kwargs)
        self.border_title = "Log"
        self.lines_shown: list[str] = []
        self._pending: list[str] | None = None
        self._wrapped_at = 0  # the width the lines on show were wrapped to

    def show(self, lines: list[str]) -> None:
        if lines == self.lines_shown:
            return
        if self._pending is not None:
            # A rewrap is on its way: it wraps these (never lines of an earlier reader);
            # they are drawn now all the same, so nothing stale stays on screen meanwhile.
            self._pending = list(lines)
        if not self.size.width:
            # Not laid out yet: wrap once the width is known.
            self._pending = list(lines)
            self.call_after_refresh(self._flush)
            return
        old = self.lines_shown
        if old and lines[: len(old)] == old:
            new = lines[len(old):]
        else:
            self.clear()
            new = lines[-SHOWN:]
        width = self._wrapped_at = self._wrap_width()
        for line in new:
            self.write(Text(line), width=width)
        self.lines_shown = list(lines)

    def _wrap_width(self) -> int:
        return max(1, self.content_region.width - self.styles.scrollbar_size_vertical)

    def _flush(self) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            self.lines_shown = []
            self.clear()
            self.show(pending)

    def on_resize(self, event) -> None:
        # Lines are wrapped once when written: a new width rewraps them all.
        if self.lines_shown and self._wrap_width() != self._wrapped_at:
            self._wrapped_at = self._wrap_width()
            self._pending = self.lines_shown
            self.call_after_refresh(self._flush)
        elif self.lines_shown:  # shorter or taller: the newest line stays in sight, as after a write
            self.call_after_refresh(self.scroll_end, animate=False)
