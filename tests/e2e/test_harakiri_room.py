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


async def _look(size, mid: bool = True):
    """The grid's square size and each shown part's lines with its width: mid-game at the
    Ossuary Bell (twelve rows of squares), or the Drowned Shrine's opening (six)."""
    store = _store("ossuary_bell", 5, _mid_game) if mid else _store("drowned_shrine", 3, lambda s: True)
    async with _table(store, size) as (pilot, app, screen):
        await settle(pilot, 3)
        board = screen.query_one("#board")
        grid = board.query_one(HarakiriGrid)
        parts = [(p.id, p.content_region.width, p.shown.plain.split("\n"))
                 for p in board.query(Part) if p.display and p.content_region.width]
        return (grid.cw, grid.ch), parts, screen_text(app)


async def test_the_squares_grow_with_the_terminal(data_dir):
    small, _, _ = await _look((80, 24), mid=False)
    middle, _, _ = await _look((120, 40), mid=False)
    large, _, _ = await _look((200, 50), mid=False)
    assert small == (5, 1), "80x24: the cell, a key and a cost on one line"
    assert middle[0] >= small[0] and middle[1] > small[1], "120x40: taller squares"
    assert large[0] > middle[0] and large[1] > middle[1], "200x50: wider and taller still"
    tall, _, _ = await _look((200, 50))
    assert tall[0] > middle[0] and tall[1] > 1, "twelve rows at 200x50: wider, still taller than one line"


async def test_no_line_of_the_board_is_cut_at_any_size(data_dir):
    _, parts_small, _ = await _look((80, 24))
    _, parts_middle, _ = await _look((120, 40))
    _, parts_large, text = await _look((200, 50))
    for parts in (parts_small, parts_middle, parts_large):
        for pid, width, lines in parts:
            long = [ln for ln in lines if cell_len(ln) > width]
            assert not long, f"{pid} ({width} columns) would cut: {long[:2]}"
    assert "…" not in text, "nothing is cut at 200x50"
