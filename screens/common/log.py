"""The game log panel: the lines the seat at the screen may read, newest at the bottom.

Append-only while the lines only grow (each new line is wrapped once); redrawn from
scratch when the reader changes or an undo shortens the log.
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

    def show(self, lines: list[str]) -> None:
        if lines == self.lines_shown:
            return
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
        for line in new:
            self.write(Text(line))
        self.lines_shown = list(lines)

    def _flush(self) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            self.lines_shown = []
            self.clear()
            self.show(pending)

    def on_resize(self, event) -> None:
        # Lines are wrapped once when written: a new width rewraps them all.
        if self.lines_shown and event.size.width != getattr(self, "_wrapped_at", None):
            self._wrapped_at = event.size.width
            self._pending = self.lines_shown
            self.call_after_refresh(self._flush)
