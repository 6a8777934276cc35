"""Harakiri keys that come from what a choice is (issue 25): a character is placed with
its keyboard row (Akira 1 2 3 4, Hattori Q W E R, Hikaru A S D F, Tomoe Z X C V) and the
start square's column, the key shown on the grid beside the square; a step is its
direction on a number pad (7 8 9 / 4 6 / 1 2 3), shown beside the square with its cost."""

from __future__ import annotations

import pytest

from rules.harakiri import GAME
from rules.harakiri.core import CHAR_MOVER
from rules.harakiri.grid import can_end, cheapest, occupancy, resistor_squares
from rules.harakiri.model import pos, xy
from screens.harakiri.grid import HarakiriGrid
from tests.snapshots.test_harakiri_snapshots import _store

from .helpers import settle
from .test_harakiri_board import _table

pytestmark = pytest.mark.usefixtures("quick_pilot")

NUMPAD = {(-1, -1): "7", (0, -1): "8", (1, -1): "9", (-1, 0): "4", (1, 0): "6", (-1, 1): "1", (0, 1): "2", (1, 1): "3"}
SUB = "₀₁₂₃₄₅₆₇₈₉"


def beside(grid: HarakiriGrid, p: int) -> str:
    """The key and the cost drawn after a square's three-character cell."""
    x, y = grid.corner(p)
    return grid._rows[y].text[x + 3: x + 5]


async def test_a_character_is_placed_by_its_row_of_keys_and_the_squares_column(data_dir):
    # The Drowned Shrine starts on (2,4) (3,4) (2,5) (3,5), in reading order.
    starts = [pos(2, 4), pos(3, 4), pos(2, 5), pos(3, 5)]
    async with _table((GAME.Options(scenario="drowned_shrine"), 3), (120, 40)) as (pilot, app, screen):
        grid = screen.query_one(HarakiriGrid)
        assert [beside(grid, p)[0] for p in starts] == ["1", "2", "3", "4"], "Akira's keys beside the squares"
        await pilot.press("3")
        await settle(pilot)
        akira = next(c for c in app.store.state.characters if c.id == "akira")
        assert akira.p == pos(2, 5)
        # Hattori is listed first now: his row beside the squares still free.
        assert [beside(grid, p)[0] for p in starts] == ["Q", "W", " ", "R"]
        await pilot.press("W")
        await settle(pilot)
        hattori = next(c for c in app.store.state.characters if c.id == "hattori")
        assert hattori.p == pos(3, 4)
        # Hikaru's keys (A S D F) and Tomoe's (Z X C V) stay theirs while both are listed.
        keys = {(a.char, (a.x, a.y)): screen.keys[i] for i, a in enumerate(screen.actions)}
        assert keys == {("hikaru", (2, 4)): "A", ("hikaru", (3, 5)): "F",
                        ("tomoe", (2, 4)): "Z", ("tomoe", (3, 5)): "V"}


async def test_a_step_is_its_direction_on_a_number_pad_with_its_cost_beside_it(data_dir):
    store = _store("drowned_shrine", 3, lambda s: s.sub is not None and s.sub.kind == "move")
    async with _table(store, (120, 40)) as (pilot, app, screen):
        grid = screen.query_one(HarakiriGrid)
        view = screen.frame.view
        me = next(c for c in view.characters if "c:" + c.id == view.active)
        x0, y0 = xy(me.p)
        occ, res = occupancy(view), resistor_squares(view)
        costs, _ = cheapest(view, CHAR_MOVER, me.p, view.sub.mp, occ, res)
        steps = [(i, a) for i, a in enumerate(screen.actions) if a.kind == "step"]
        assert len(steps) >= 2
        for i, a in steps:
            key = NUMPAD[a.x - x0, a.y - y0]
            assert screen.keys[i] == key, f"the step to ({a.x},{a.y})"
            p = pos(a.x, a.y)  # a square passed through (an ally's) costs nothing to end on: no cost
            cost = SUB[costs[p]] if can_end(view, CHAR_MOVER, p, occ, res, me.p) else " "
            assert beside(grid, p) == key + cost, "the key, then the cost"
        i, a = steps[-1]
        await pilot.press(screen.keys[i])
        await settle(pilot)
        moved = next(c for c in app.store.state.characters if c.id == me.id)
        assert xy(moved.p) == (a.x, a.y)


def _can_trade(s) -> bool:
    return any(a.kind == "interact_character" for a in GAME.legal_actions(s))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_square_with_a_figure_keeps_a_space_before_its_key(data_dir, size):
    # "Hii" read as one word (and "R2F" as a code): the figure, a space, then the key.
    store = _store("drowned_shrine", 3, _can_trade)
    async with _table(store, size) as (pilot, app, screen):
        grid = screen.query_one(HarakiriGrid)
        view = screen.frame.view
        trades = [(i, a) for i, a in enumerate(screen.actions) if a.kind == "interact_character"]
        assert trades
        for i, a in trades:
            other = next(c for c in view.characters if c.id == a.other)
            x, y = grid.corner(other.p)
            drawn = grid._rows[y].text[x: x + 4]
            assert drawn[3] == screen.keys[i], f"the trade's key beside {other.id}'s square"
            assert drawn[2] == " " and drawn[:2] == other.id[:2].capitalize(), drawn


def _skilled_attack(s) -> bool:
    return s.sub is not None and s.sub.kind == "attack" and s.sub.draft is not None and bool(s.sub.draft.skill)


async def test_an_attack_being_readied_names_its_skill_as_printed(data_dir):
    # Seed 1: Akira readies a strong attack with Moonlit Cut (the skill's printed name).
    store = _store("drowned_shrine", 1, _skilled_attack)
    assert store.state.sub.draft.skill == "moonlit_cut"
    async with _table(store, (120, 40)) as (pilot, app, screen):
        text = str(screen.query_one("#hk-turn").render())
        assert "Strong attack on" in text
        assert "skill: Moonlit Cut" in text and "moonlit_cut" not in text
