"""The Harakiri board lays out for the room it has (issue 26): its squares grow with the
terminal, and no part of it cuts a line (words wrap at spaces; no "…" at 200x50)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from screens.common.parts import Part
from screens.harakiri.grid import HarakiriGrid
from tests.snapshots.test_harakiri_snapshots import _mid_game, _store

from .helpers import screen_text, settle
from .test_harakiri_board import _table

pytestmark = pytest.mark.usefixtures("quick_pilot")


async def _look(size):
    """The grid's square size and each shown part's lines with its width, mid-game."""
    store = _store("ossuary_bell", 5, _mid_game)
    async with _table(store, size) as (pilot, app, screen):
        await settle(pilot, 3)
        board = screen.query_one("#board")
        grid = board.query_one(HarakiriGrid)
        parts = [(p.id, p.content_region.width, p.shown.plain.split("\n"))
                 for p in board.query(Part) if p.display and p.content_region.width]
        return (grid.cw, grid.ch), parts, screen_text(app)


async def test_the_squares_grow_with_the_terminal_and_no_line_is_cut(data_dir):
    small, parts_small, _ = await _look((80, 24))
    middle, parts_middle, _ = await _look((120, 40))
    large, parts_large, text = await _look((200, 50))
    assert small == (5, 1), "80x24: the cell, a key and a cost on one line"
    assert middle[0] >= small[0] and middle[1] > small[1], "120x40: taller squares"
    assert large[0] > middle[0] and large[1] > middle[1], "200x50: wider and taller still"
    for parts in (parts_small, parts_middle, parts_large):
        for pid, width, lines in parts:
            long = [ln for ln in lines if cell_len(ln) > width]
            assert not long, f"{pid} ({width} columns) would cut: {long[:2]}"
    assert "…" not in text, "nothing is cut at 200x50"
