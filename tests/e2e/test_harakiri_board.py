"""Harakiri at the table: the Drowned Shrine to its end by keys, the Ossuary Bell by clicks."""

from __future__ import annotations

from rules.harakiri import GAME
from rules.harakiri.model import xy
from screens.common.curtain import CurtainScreen
from screens.common.outcome import OutcomeScreen
from screens.harakiri import HarakiriBoard
from screens.harakiri.board import action_square
from screens.harakiri.grid import CELL, LEFT, HarakiriGrid
from tabletop.app import TabletopApp

from .helpers import board_of, bot_chooser, click_action, press_action, screen_text, settle

GAMES = {"harakiri": GAME}


def _grid_pick(view, actions, action):
    """The square to pick on the grid for this action, when it is the only one there."""
    p = action_square(view, action)
    if p is None or [a for a in actions if action_square(view, a) == p] != [action]:
        return None
    return p


async def test_drowned_shrine_to_its_end_by_keys(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(scenario="drowned_shrine"), 3, None)
        await settle(pilot)
        store = app.store
        board = board_of(app)
        widget = board.query_one("#board")
        assert isinstance(widget, HarakiriBoard)
        grid = widget.query_one(HarakiriGrid)
        choose = bot_chooser(GAME, 3)
        grid_picks = 0
        for _ in range(2000):
            if store.finished:
                break
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
                await settle(pilot, 1)
                continue
            assert list(board.actions) == store.legal_actions()
            actions = list(board.actions)
            action = actions[choose(store, actions)]
            before = store.revision
            p = _grid_pick(store.view(board.frame.seat), actions, action)
            if p is not None:
                await pilot.press("g")  # the grid tab, focused
                tx, ty = xy(p)
                while grid.cursor != p:
                    cx, cy = xy(grid.cursor)
                    key = "l" if tx > cx else "h" if tx < cx else "j" if ty > cy else "k"
                    await pilot.press(key)
                await pilot.press("enter")
                grid_picks += 1
            else:
                await press_action(pilot, board, actions.index(action))
            await pilot.pause()
            assert store.revision == before + 1, f"the keys did not play {action}"
        await settle(pilot)
        assert store.finished
        assert isinstance(app.screen, OutcomeScreen)
        assert grid_picks > 5
        assert store.state.result in ("victory", "failure")


async def test_ossuary_bell_a_few_rounds_by_clicks(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(scenario="ossuary_bell"), 5, None)
        await settle(pilot)
        store = app.store
        board = board_of(app)
        grid = board.query_one(HarakiriGrid)
        choose = bot_chooser(GAME, 5)
        square_clicks = 0
        while not store.finished and store.state.round < 4:
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
                await settle(pilot, 1)
                continue
            actions = list(board.actions)
            action = actions[choose(store, actions)]
            before = store.revision
            p = _grid_pick(store.view(board.frame.seat), actions, action)
            if p is not None:
                x, y = xy(p)
                x0, _, y0, _ = grid.box
                offset = (LEFT + CELL * (x - x0) + 2 - int(grid.scroll_offset.x), y - y0 + 1 - int(grid.scroll_offset.y))
                await pilot.click(grid, offset=offset)
                square_clicks += 1
            else:
                await click_action(pilot, board, actions.index(action))
            await pilot.pause()
            assert store.revision == before + 1, f"the click did not play {action}"
        assert store.state.round >= 4 or store.finished
        assert square_clicks > 5
        text = screen_text(app)
        assert "Queue" in text and "Malice" in text and "Oracle" in text


async def test_line_of_sight_on_request(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(scenario="drowned_shrine"), 3, None)
        await settle(pilot)
        store = app.store
        board = board_of(app)
        choose = bot_chooser(GAME, 3)
        while store.state.active is None or not store.state.active.startswith("c:") or store.state.sub is not None:
            board._dispatch(board.actions[choose(store, board.actions)])
            await settle(pilot, 1)
        grid = board.query_one(HarakiriGrid)
        enemy = store.state.enemies[0].p
        grid.focus()
        grid.set_cursor(enemy)
        await pilot.press("v")
        await settle(pilot, 1)
        text = screen_text(app)
        assert "LOS " in text and ("clear" in text or "blocked" in text)
        assert grid.line is not None
        await pilot.press("v")
        await settle(pilot, 1)
        assert grid.line is None


async def test_reachable_squares_show_their_cost_and_a_far_click_steps_towards_it(data_dir):
    from rules.harakiri.core import CHAR_MOVER
    from rules.harakiri.grid import occupancy, path_to, reachable, resistor_squares
    from tests.snapshots.test_harakiri_snapshots import _mid_game, _store

    store = _store("ossuary_bell", 5, _mid_game)
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(pilot)
        app.start_store(store)
        await settle(pilot)
        board = board_of(app)
        grid = board.query_one(HarakiriGrid)
        view = store.view(0)
        me = next(c for c in view.characters if "c:" + c.id == view.active)
        steps, parent = reachable(view, CHAR_MOVER, me.p, view.sub.mp, occupancy(view), resistor_squares(view))
        assert set(grid.costs) == set(steps) - {me.p}
        far = max(grid.costs, key=lambda p: (grid.costs[p], p))
        assert grid.costs[far] >= 2
        first = path_to(parent, me.p, far)[1]
        x, y = xy(far)
        x0, _, y0, _ = grid.box
        before = store.revision
        await pilot.click(grid, offset=(LEFT + CELL * (x - x0) + 2 - int(grid.scroll_offset.x),
                                        y - y0 + 1 - int(grid.scroll_offset.y)))
        await settle(pilot, 1)
        assert store.revision == before + 1
        assert store.state.characters[[c.id for c in store.state.characters].index(me.id)].p == first


async def test_boards_are_tabs_at_80x24_and_beside_the_grid_from_120(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(scenario="drowned_shrine"), 3, None)
        await settle(pilot)
        board = board_of(app)
        grid = board.query_one(HarakiriGrid)
        assert grid.display and "Characters" not in screen_text(app)
        await pilot.press("c")
        await settle(pilot, 1)
        assert not grid.display and "Characters" in screen_text(app)
        await pilot.press("e")
        await settle(pilot, 1)
        text = screen_text(app)
        assert "Enemies" in text and "red base" in text and "Characters" not in text
        await pilot.press("g")
        await settle(pilot, 1)
        assert grid.display and app.focused is grid
        await pilot.resize_terminal(130, 44)
        await settle(pilot)
        text = screen_text(app)
        assert grid.display and "Characters" in text and "Enemies" in text
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert grid.display and "Characters" not in screen_text(app)
