"""The widgets the Harakiri board is built of: parts that never scroll and keep the lines
they drew, and the top part whose queue cards can be clicked."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import _RenderCache

from ..common.parts import Part


class _Fixed:
    """Mixin for the board's parts and columns, which never scroll: their virtual size
    follows their size, and Textual asks for a second layout of the whole screen each time
    a virtual size changes. The size change itself has been laid out already."""

    virtual_size = Reactive(Size(0, 0), layout=False)


class BoardPart(_Fixed, Part):
    """A part of the board that keeps the lines it drew. Textual draws a widget's whole
    Text again when any line of it is to be repainted (an action changes the AP on one line
    of a character's board; a layout repaints the part as it is): this draws only the
    lines whose text is new, each exactly as the whole Text would draw it. (It replaces
    Textual's ``Widget._render_content``, of the pinned Textual version.)"""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._drawn: dict[tuple, Strip] = {}  # (line number, its text) -> the line drawn
        self._drawn_for: tuple | None = None  # the size and style they were drawn at

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn_for = None

    def _render_content(self) -> None:
        width, height = self.size
        style = self.visual_style
        if self.text_selection is not None or not width:  # a selection is drawn over the text
            self._drawn_for = None
            super()._render_content()
            return
        if self._drawn_for != (width, height, style):
            self._drawn_for, self._drawn = (width, height, style), {}
        lines = self.shown.split("\n", allow_blank=True)[:height]
        keys = [(y, line.plain, tuple(line.spans), line.style) for y, line in enumerate(lines)]
        new = [y for y, key in enumerate(keys) if key not in self._drawn]
        if new:
            # The new lines among blank ones: each line is drawn on its own (no wrapping),
            # at its own line number, so it comes out as in the whole Text.
            fresh = set(new)
            masked = Text("\n").join(line if y in fresh else Text() for y, line in enumerate(lines))
            drawn = Visual.to_strips(self, visualize(self, masked), width, height, style)
            if len(drawn) != len(keys):  # not one strip a line: draw it all, as Textual does
                self._drawn_for = None
                super()._render_content()
                return
            for y in new:
                self._drawn[keys[y]] = drawn[y]
        if len(self._drawn) > 4 * max(height, 1):  # forget lines long gone
            self._drawn = {key: self._drawn[key] for key in keys}
        self._render_cache = _RenderCache(self.size, [self._drawn[key] for key in keys])
        self._dirty_regions.clear()


class Column(_Fixed, Vertical):
    pass


class Row(_Fixed, Horizontal):
    pass


class TopPart(BoardPart):
    """The status lines and the queue. A click on a queue card puts the grid cursor on
    that creature (and so its board in full under the grid)."""

    class CardClicked(Message):
        def __init__(self, ref: str) -> None:
            super().__init__()
            self.ref = ref

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cards: list[tuple[int, int, int, str]] = []  # line, first and last column, ref

    def on_click(self, event: events.Click) -> None:
        for line, x0, x1, ref in self.cards:
            if event.y == line and x0 <= event.x < x1:
                event.stop()
                self.post_message(self.CardClicked(ref))
                return
