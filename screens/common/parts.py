"""A region of a board drawn from one Text, redrawn only when the Text changes.

``Static.update`` always asks for a new layout of the whole screen. A part whose height
is fixed by the stylesheet (``fixed=True``) only repaints itself, and a part that does not
wrap only the lines that changed, which keeps a redraw after an action inside one frame.

Nothing is cut silently: a ``fixed`` part whose stylesheet height is ``auto`` is laid out
again when its number of rows changes (new lines are never repainted into a box of the
old height).
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.widget import Widget


class Part(Widget):
    DEFAULT_CSS = "Part { height: auto; }"

    def __init__(self, *, fixed: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.fixed = fixed
        self.shown = Text("")

    def put(self, text: Text) -> None:
        if text == self.shown:
            return
        before, self.shown = self.shown, text
        if not self.fixed or self._height_follows(before, text):
            self.refresh(layout=True)
            return
        changed = self._changed_lines(before, text)
        if changed is None:
            self.refresh()
        else:  # repaint only what changed: the compositor's work follows the dirty lines
            width = self.size.width
            for y in changed:
                self.refresh(Region(0, y, width, 1))

    def _changed_lines(self, before: Text, after: Text) -> list[int] | None:
        """The lines that differ, when lines of text are lines on screen (no wrapping)
        and the count is unchanged; None means repaint it all."""
        if self.styles.text_wrap != "nowrap" or not self.size.width:
            return None
        old, new = before.split("\n", allow_blank=True), after.split("\n", allow_blank=True)
        if len(old) != len(new):
            return None
        changed = [y for y, (a, b) in enumerate(zip(old, new)) if a != b]
        return changed or None

    def _auto_height(self) -> bool:
        height = self.styles.height
        return height is None or height.is_auto

    def _rows(self, text: Text, width: int) -> list[Text]:
        """The rows ``text`` takes on screen at ``width``."""
        if self.styles.text_wrap == "nowrap" or width <= 0:
            return list(text.split("\n", allow_blank=True))
        return list(text.wrap(self.app.console, width))

    def _height_follows(self, before: Text, after: Text) -> bool:
        """A part whose height is the stylesheet's ``auto`` needs a layout when its
        number of rows changes; a part of fixed height never does."""
        if not self._auto_height():
            return False
        width = self.content_size.width
        return len(self._rows(before, width)) != len(self._rows(after, width))

    def render(self) -> Text:
        return self.shown


def show(widget: Widget, on: bool) -> None:
    """Show or hide a widget, touching it only when that changes."""
    if widget.display != on:
        widget.display = on


class NoLayoutOnGrowth:
    """Mixin for a scrolling panel of fixed size (a decision list, a log).

    Textual treats every change of a widget's virtual size as a reason to lay out the
    whole screen again; a panel whose own size is fixed by the stylesheet only needs its
    scrollbars brought up to date, which a layout is still asked for only when a
    scrollbar has to appear or disappear.
    """

    virtual_size = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        if self.is_mounted and self.container_size:
            self._scroll_update(size)
        self.refresh()
