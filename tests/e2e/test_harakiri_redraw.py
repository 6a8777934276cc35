"""Harakiri redraws: what an action changes is drawn once, and drawn as it would be afresh."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets._footer import FooterKey

from rules.common import Rng
from rules.harakiri import GAME
from screens.common.parts import Part
from screens.harakiri import sheets
from screens.harakiri.board import BoardPart
from screens.harakiri.grid import HarakiriGrid
from tabletop.store import Seat, Store

from .helpers import screen_text, settle
from .test_harakiri_board import _table

pytestmark = pytest.mark.usefixtures("quick_pilot")


async def test_the_arrows_leave_the_grid_and_the_footer_stays_as_it_was(data_dir):
    from tests.snapshots.test_harakiri_snapshots import _mid_game, _store

    store = _store("ossuary_bell", 5, _mid_game)
    async with _table(store, (130, 44)) as (pilot, app, board):
        grid = board.query_one(HarakiriGrid)
        # The list holds the arrows until the player goes to the grid (issue 25): `g`.
        assert app.focused is board.query_one("#decisions"), "the list has the arrows at first"
        await pilot.press("g")
        await settle(pilot, 2)
        assert app.focused is grid, "a move, after g: the grid has the arrows"
        keys = list(app.screen.query(FooterKey))
        assert "⏎ Choose" in screen_text(app)
        end = next(a for a in board.actions if a.kind == "end_move")
        board._dispatch(end)  # the move ends: the next choices are not squares
        await settle(pilot, 3)
        assert app.focused is board.query_one("#decisions"), "the decision list has the arrows now"
        # The grid's Enter is the list's (same action, same words): the footer keeps its
        # keys instead of being built again, which would lay out the whole screen.
        assert list(app.screen.query(FooterKey)) == keys
        assert "⏎ Choose" in screen_text(app)


class _Twins(App):
    """A plain part and a board part side by side, the way the board styles its parts."""

    CSS = """
    Part { width: 34; height: 24; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def compose(self) -> ComposeResult:
        yield Part(id="plain", fixed=True)
        yield BoardPart(id="kept", fixed=True)


def _boards_through_a_game(seed: int, count: int) -> list[Text]:
    """Character and enemy boards as a game goes on: most change a line or two a turn."""
    store = Store.new(GAME, GAME.Options(), seed, [Seat("Solo")])
    bot = GAME.bots()["samurai"]
    rng = Rng(seed=seed)
    characters: list[Text] = []
    enemies: list[Text] = []
    while len(characters) < count and not store.finished:
        seat = store.to_move()
        store.dispatch(bot(GAME, store.view(seat), seat, store.legal_actions(), rng))
        view = store.view(0)
        characters.append(sheets.character(view, view.characters[0]))
        enemies.append(sheets.enemies(view, view.enemies[0].uid if view.enemies else None))
    return characters + enemies


async def test_a_board_redrawn_line_by_line_looks_as_drawn_afresh():
    app = _Twins()
    async with app.run_test(size=(70, 26)) as pilot:
        plain, kept = app.query_one("#plain", Part), app.query_one("#kept", BoardPart)
        texts = _boards_through_a_game(4, 40)
        # The same text drawn again, and a wider line cut with an ellipsis, are seen too.
        texts += [texts[0], Text("x" * 50 + "\ny", style="bold"), texts[1]]
        for text in texts:
            plain.put(text)
            kept.put(text)
            await pilot.pause()
            region = plain.size.region
            assert [list(s) for s in kept.render_lines(region)] == [list(s) for s in plain.render_lines(region)]
