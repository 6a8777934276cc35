"""A region of a board drawn from one Text, redrawn only when the Text changes.

``Static.update`` always asks for a new layout of the whole screen. A part whose height
is fixed by the stylesheet (``fixed=True``) only repaints itself, which keeps a redraw
after an action well inside one frame.
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widget import Widget


class Part(Widget):
    DEFAULT_CSS = "Part { height: auto; }"

    def __init__(self, *, fixed: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.fixed = fixed
        self.shown = Text("")

    def put(self, text: Text) -> None:
        if text != self.shown:
            self.shown = text
            self.refresh(layout=not self.fixed)

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
