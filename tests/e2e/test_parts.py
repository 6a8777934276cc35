"""A board part repaints only the lines that changed, and what is on screen is right."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from screens.common.parts import Part

from .helpers import screen_text, settle


class PartApp(App):
    CSS = "Part { height: 3; text-wrap: nowrap; } #wraps { text-wrap: wrap; }"

    def compose(self) -> ComposeResult:
        yield Part(id="flat", fixed=True)
        yield Part(id="wraps", fixed=True)


async def test_a_changed_line_is_repainted_alone_and_shows():
    app = PartApp()
    async with app.run_test(size=(40, 8)) as pilot:
        flat = app.query_one("#flat", Part)
        flat.put(Text("alpha\nbravo\ncharlie"))
        await settle(pilot)
        calls = []
        original = flat.refresh
        flat.refresh = lambda *regions, **kw: calls.append(regions) or original(*regions, **kw)
        flat.put(Text("alpha\nBRAVO\ncharlie"))
        await settle(pilot)
        assert [[r.y for r in regions] for regions in calls] == [[1]]
        lines = screen_text(app).splitlines()
        assert lines[:3] == ["alpha".ljust(40), "BRAVO".ljust(40), "charlie".ljust(40)]
        # A different number of lines repaints the whole part.
        calls.clear()
        flat.put(Text("one line"))
        await settle(pilot)
        assert calls == [()]
        assert screen_text(app).splitlines()[:2] == ["one line".ljust(40), " " * 40]


async def test_a_wrapping_part_is_always_repainted_whole():
    app = PartApp()
    async with app.run_test(size=(40, 8)) as pilot:
        wraps = app.query_one("#wraps", Part)
        wraps.put(Text("a\nb\nc"))
        await settle(pilot)
        calls = []
        original = wraps.refresh
        wraps.refresh = lambda *regions, **kw: calls.append(regions) or original(*regions, **kw)
        wraps.put(Text("a\n" + "b" * 60 + "\nc"))  # line 2 now takes two lines on screen
        await settle(pilot)
        assert calls == [()]
