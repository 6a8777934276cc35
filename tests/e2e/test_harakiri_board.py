"""Harakiri at the table: the Drowned Shrine to its end by keys, the Ossuary Bell by clicks."""

from __future__ import annotations

from contextlib import asynccontextmanager

import pytest

from rules.harakiri import GAME
from rules.harakiri.model import fmt, xy
from screens.common.curtain import CurtainScreen
from screens.common.outcome import OutcomeScreen
from screens.harakiri import HarakiriBoard
from screens.harakiri.board import action_square
from screens.harakiri.grid import HarakiriGrid
from screens.app import TabletopApp

from .helpers import board_of, bot_chooser, click_action, press_action, screen_text, settle

GAMES = {"harakiri": GAME}

pytestmark = pytest.mark.usefixtures("quick_pilot")


def _words(text) -> str:
    """A part's words (or a line's) whatever the width it wrapped them at."""
    return " ".join((text if isinstance(text, str) else text.shown.plain).split())


@asynccontextmanager
async def _table(start, size=(130, 44)):
    """The real app at the Harakiri table: a store, or (options, seed) for a new game."""
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if isinstance(start, tuple):
            app.start_new_game(GAME, start[0], start[1], None)
        else:
            app.start_store(start)
        await settle(pilot)
        yield pilot, app, board_of(app)


def _grid_pick(view, actions, action):
    """The square to pick on the grid for this action, when it is the only one there."""
    p = action_square(view, action)
    if p is None or [a for a in actions if action_square(view, a) == p] != [action]:
        return None
    return p


async def test_drowned_shrine_to_its_end_by_keys(data_dir):
    async with _table((GAME.Options(scenario="drowned_shrine"), 3), (80, 24)) as (pilot, app, board):
        store = app.store
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
    async with _table((GAME.Options(scenario="ossuary_bell"), 5)) as (pilot, app, board):
        store = app.store
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
                cx, cy = grid.corner(p)
                offset = (cx + 2 - int(grid.scroll_offset.x), cy - int(grid.scroll_offset.y))
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
    async with _table((GAME.Options(scenario="drowned_shrine"), 3)) as (pilot, app, board):
        store = app.store
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


async def test_a_far_square_shows_its_cheapest_path_then_a_second_click_goes_there(data_dir):
    from rules.harakiri.core import CHAR_MOVER
    from rules.harakiri.grid import cheapest, occupancy, path_to, reachable, resistor_squares
    from tests.snapshots.test_harakiri_snapshots import _mid_game, _store

    store = _store("ossuary_bell", 5, _mid_game)
    async with _table(store) as (pilot, app, board):
        grid = board.query_one(HarakiriGrid)
        view = store.view(0)
        me = next(c for c in view.characters if "c:" + c.id == view.active)
        occ, res = occupancy(view), resistor_squares(view)
        steps, _ = reachable(view, CHAR_MOVER, me.p, view.sub.mp, occ, res)
        cost, parent = cheapest(view, CHAR_MOVER, me.p, view.sub.mp, occ, res)
        assert set(grid.costs) == set(steps) - {me.p}  # every square the move may end on
        assert all(grid.costs[p] == cost[p] for p in grid.costs)  # at its least MP
        far = max(grid.costs, key=lambda p: (grid.costs[p], p))
        assert grid.costs[far] >= 2
        path = path_to(parent, me.p, far)
        cx, cy = grid.corner(far)
        grid.scroll_to_region_if_needed(cx, cy)  # a grid taller than its room scrolls
        await settle(pilot, 1)
        offset = (cx + 2 - int(grid.scroll_offset.x), cy - int(grid.scroll_offset.y))
        before = store.revision
        await pilot.click(grid, offset=offset)
        await settle(pilot, 1)
        # The first click shows the path, in words too, and moves nothing.
        assert store.revision == before and grid.path == path
        assert "→".join(fmt(p) for p in path[1:]) in screen_text(app)
        await pilot.click(grid, offset=offset)
        await settle(pilot, 3)
        # The second goes there along it: one step action per square, nothing else.
        assert store.revision == before + len(path) - 1
        assert [e.action["kind"] for e in store.log[before:]] == ["step"] * (len(path) - 1)
        assert next(c for c in store.state.characters if c.id == me.id).p == far


async def test_during_a_move_the_arrows_move_the_grid_cursor_and_enter_goes_there(data_dir):
    from tests.snapshots.test_harakiri_snapshots import _mid_game, _store

    store = _store("ossuary_bell", 5, _mid_game)
    async with _table(store, (80, 24)) as (pilot, app, board):
        grid = board.query_one(HarakiriGrid)
        me = next(c for c in store.state.characters if "c:" + c.id == store.state.active)
        assert app.focused is board.query_one("#decisions"), "the list has the arrows until the player moves"
        assert "g: grid" in screen_text(app), "and the top says how to go to the grid"
        await pilot.press("g")
        await settle(pilot, 1)
        assert app.focused is grid, "g: the grid has the arrows"
        assert "arrows: grid" in screen_text(app), "and says so"
        # The cursor previews the list's highlighted step, next to the character who moves.
        assert grid.cursor in grid.costs or grid.cursor == me.p
        far = max(grid.costs, key=lambda p: (grid.costs[p], p))
        tx, ty = xy(far)
        while grid.cursor != far:
            cx, cy = xy(grid.cursor)
            await pilot.press("right" if tx > cx else "left" if tx < cx else "down" if ty > cy else "up")
        await settle(pilot, 1)
        path = list(grid.path)
        assert path[0] == me.p and path[-1] == far and len(path) > 2
        before = store.revision
        await pilot.press("enter")
        await settle(pilot, 3)
        assert next(c for c in store.state.characters if c.id == me.id).p == far
        assert store.revision == before + len(path) - 1


def test_items_of_one_kind_are_listed_once():
    from rules.harakiri.model import ItemState
    from screens.harakiri import sheets
    from tabletop.store import Seat, Store

    store = Store.new(GAME, GAME.Options(scenario="drowned_shrine"), 3, [Seat("Solo")])
    state = store.state.model_copy(deep=True)
    c = state.characters[0]
    c.items = [ItemState(id="rice_ball", uses=1), ItemState(id="bandages", uses=2), ItemState(id="rice_ball", uses=1)]
    text = sheets.character(state, c).plain
    assert "Rice Ball ×2 · Bandages ×2" in text and text.count("Rice Ball") == 1


async def test_a_new_activation_puts_the_grid_cursor_and_the_full_board_on_the_active_character(data_dir):
    async with _table((GAME.Options(scenario="drowned_shrine", players=2), 4)) as (pilot, app, board):
        store = app.store
        widget = board.query_one(HarakiriBoard)
        grid = widget.query_one(HarakiriGrid)
        choose = bot_chooser(GAME, 4)
        seen = set()
        for _ in range(300):
            if len(seen) >= 3 or store.finished:
                break
            active = store.state.active
            if active and active.startswith("c:"):
                me = next(c for c in store.state.characters if c.id == active[2:])
                if me.p is not None and active not in seen:
                    seen.add(active)
                    assert grid.cursor == me.p and widget._char_focus == me.id, f"{me.id} is the one shown"
                    # Looking at another character with c, then the next activation...
                    await pilot.press("c")
                    await pilot.pause()
            board._dispatch(board.actions[choose(store, list(board.actions))])
            await pilot.pause()
        assert len(seen) >= 3


async def test_line_of_sight_names_what_blocks_it_and_hides_the_costs(data_dir):
    from screens.harakiri.board import los_blockers
    from tests.snapshots.test_harakiri_snapshots import _mid_game, _store

    store = _store("ossuary_bell", 5, _mid_game)
    async with _table(store) as (pilot, app, board):
        grid = board.query_one(HarakiriGrid)
        view = store.view(0)
        me = next(c for c in view.characters if "c:" + c.id == view.active)
        from rules.harakiri.grid import los
        blocked = next(p for p in sorted(view.squares) if p != me.p and not los(view, "ally", me.p, p))
        assert los_blockers(view, me.p, blocked)
        grid.set_cursor(blocked)
        await pilot.press("v")
        await settle(pilot, 1)
        text = screen_text(app)
        assert "blocked by " in text
        blocker = los_blockers(view, me.p, blocked)[0]
        assert f"on {fmt(blocker)}" in text
        rows = "\n".join(strip.text for strip in grid._rows)
        assert "×" in rows and not any(ch in rows for ch in "₁₂₃₄₅₆₇₈₉"), "the costs give way to the line"
        await pilot.press("v")
        await settle(pilot, 1)
        rows = "\n".join(strip.text for strip in grid._rows)
        assert any(ch in rows for ch in "₁₂₃₄₅₆₇₈₉") and "×" not in rows


async def test_boards_are_tabs_at_80x24_and_beside_the_grid_from_120(data_dir):
    async with _table((GAME.Options(scenario="drowned_shrine"), 3), (80, 24)) as (pilot, app, board):
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


def _play_until_an_enemy_turn_is_next(store, seed):
    """Play the bot's choices until the next one sets off an enemy activation; return it."""
    from rules.harakiri.narration import opens_enemy_turn

    choose = bot_chooser(GAME, seed)
    for _ in range(500):
        actions = store.legal_actions()
        action = actions[choose(store, actions)]
        after = store.state.model_copy(deep=True)
        after = GAME.apply(after, action) or after  # the engine may apply in place
        new = after.log[len(store.state.log):]
        if any(opens_enemy_turn(after, ln.text) for ln in new) and len(new) >= 3:
            return action
        store.dispatch(action)
    raise AssertionError("no enemy turn in 500 actions")


async def test_an_enemy_turn_plays_out_a_line_at_a_time_without_holding_up_input(data_dir):
    from screens.common.parts import Part
    from tabletop.store import Seat, Store

    store = Store.new(GAME, GAME.Options(scenario="drowned_shrine"), 11, [Seat("Solo")])
    async with _table(store) as (pilot, app, board):
        widget = board.query_one(HarakiriBoard)
        grid = widget.query_one(HarakiriGrid)
        assert widget.delay == 0  # headless: no waiting under tests
        trigger = _play_until_an_enemy_turn_is_next(store, 11)
        await settle(pilot, 1)
        widget.play_delay = 30  # no line moves on by itself during these checks
        store.dispatch(trigger)
        await settle(pilot, 1)
        assert widget.playing and widget.turn_at == 1 and len(widget.turn) >= 3
        first = widget.turn[0]
        turn_text = _words(widget.query_one("#hk-turn", Part))  # lines wrap at the part's width
        assert _words(f"▶{first}") in turn_text and _words(widget.turn[1]) not in turn_text
        assert _words(f"▶ {first}") in _words(widget.query_one("#hk-top", Part))
        # The line it is about (the enemy activating) is marked on the grid.
        assert grid.trail and grid.trail <= set(store.state.squares)
        # Looking around (the line of sight, the decision cursor) does not cut it short.
        await pilot.press("v")
        await pilot.press("v")
        await settle(pilot, 1)
        assert widget.playing and widget.turn_at == 1
        widget._next_line()  # what the timer does
        await settle(pilot, 1)
        assert widget.turn_at == 2 and _words(f"▶{widget.turn[1]}") in _words(widget.query_one("#hk-turn", Part))
        # The decision panel is live meanwhile: the next action is taken at once.
        before = store.revision
        await press_action(pilot, board, 0)
        await settle(pilot, 1)
        assert store.revision == before + 1
        # Left alone, the turn plays to its end and the marks go.
        widget.play_delay = 0.05
        store.dispatch(_play_until_an_enemy_turn_is_next(store, 12))
        for _ in range(200):
            if not widget.playing:
                break
            await pilot.pause(0.05)
        assert not widget.playing and widget.turn_at == len(widget.turn)
        assert not grid.trail
        assert "Enemy turn (last)" in widget.query_one("#hk-turn", Part).shown.plain


async def test_two_players_share_the_table_without_a_curtain(data_dir):
    # Everything in Harakiri is face up, so a hand-off needs no curtain: the header says
    # whose characters act, and the decisions belong to that seat.
    from tabletop.store import Seat, Store

    store = Store.new(GAME, GAME.Options(scenario="drowned_shrine", players=2), 4, [Seat("Aiko"), Seat("Ben")])
    async with _table(store) as (pilot, app, board):
        choose = bot_chooser(GAME, 4)
        seats = set()
        for _ in range(120):
            if len(seats) == 2 and store.to_move() == 0:
                break  # the table went from the first seat to the second and back
            assert not isinstance(app.screen, CurtainScreen)
            seat = store.to_move()
            seats.add(seat)
            assert list(board.actions) == store.legal_actions()
            header = screen_text(app).splitlines()[0]
            assert f"To move: {store.seats[seat].name}" in header
            await press_action(pilot, board, choose(store, list(board.actions)))
            await pilot.pause()
        assert seats == {0, 1}


async def test_a_click_on_a_queue_card_finds_that_creature_on_the_grid(data_dir):
    from screens.harakiri.board import TopPart
    from tests.snapshots.test_harakiri_snapshots import _mid_game, _store

    store = _store("ossuary_bell", 5, _mid_game)
    async with _table(store) as (pilot, app, board):
        top = board.query_one(TopPart)
        grid = board.query_one(HarakiriGrid)
        view = store.view(0)
        line, x0, _, ref = next(c for c in top.cards if c[3].startswith("e:"))
        enemy = next(e for e in view.enemies if "e:" + e.uid == ref)
        assert grid.cursor != enemy.p
        await pilot.click(top, offset=(x0 + 1, line))
        await settle(pilot, 1)
        assert grid.cursor == enemy.p and app.focused is grid
        # The enemy under the cursor has its full board under the grid.
        assert board.query_one("#board")._focus == enemy.uid


async def test_c_and_e_go_round_the_boards(data_dir):
    from tests.snapshots.test_harakiri_snapshots import _mid_game, _store

    store = _store("ossuary_bell", 5, _mid_game)
    async with _table(store) as (pilot, app, board):
        widget = board.query_one("#board")
        grid = board.query_one(HarakiriGrid)
        view = store.view(0)
        foes = [e for e in view.enemies]
        seen = []
        for _ in range(len(foes)):
            await pilot.press("e")
            await settle(pilot, 1)
            seen.append(widget._focus)
        assert seen == [e.uid for e in foes]  # each enemy once, in turn, in full
        await pilot.press("e")
        await settle(pilot, 1)
        assert widget._focus == foes[0].uid  # and round again
        placed = [c for c in view.characters if c.p is not None and not c.defeated]
        await pilot.press("c")
        await settle(pilot, 1)
        assert grid.cursor == placed[0].p and widget._char_focus == placed[0].id
        await pilot.press("c")
        await settle(pilot, 1)
        assert widget._char_focus == placed[1].id
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await pilot.press("c")  # narrow: the first press opens the tab, the next goes on
        await settle(pilot, 1)
        assert widget.tab == "hk-chars" and widget._char_focus == placed[1].id
        await pilot.press("c")
        await settle(pilot, 1)
        assert widget._char_focus == placed[2].id


async def test_the_end_is_shown_after_the_enemy_turn_that_caused_it_has_played_out(data_dir):
    from rules.common import Rng
    from tabletop.bots import random_bot
    from tabletop.store import Seat, Store

    # Seed 1, random play: the game is lost in the enemy turn after action 105.
    store = Store.new(GAME, GAME.Options(scenario="drowned_shrine"), 1, [Seat("Solo")])
    rng = Rng(seed=1)
    pending = []
    while not store.finished:
        action = random_bot(GAME, store.view(0), store.to_move(), store.legal_actions(), rng)
        trial = store.state.model_copy(deep=True)
        trial = GAME.apply(trial, action) or trial
        if GAME.outcome(trial) is not None:
            pending.append(action)
            break
        store.dispatch(action)
    assert pending, "the game did not end"
    async with _table(store) as (pilot, app, board):
        widget = board.query_one(HarakiriBoard)
        widget.play_delay = 30  # the turn moves on only when the test says so
        store.dispatch(pending[0])
        await settle(pilot, 1)
        assert store.finished and widget.playing
        assert not isinstance(app.screen, OutcomeScreen)  # the turn is being shown first
        while widget.playing:
            widget._next_line()
        await settle(pilot)
        assert isinstance(app.screen, OutcomeScreen)


async def test_enter_on_the_movers_own_square_keeps_a_move_with_steps_left(data_dir):
    """Enter never throws away unspent MP: on the grid, on the mover's own square, it
    ends the move only once no step is left; from the list, "End the move" is no routine."""
    from tests.snapshots.test_harakiri_snapshots import _mid_game, _store

    store = _store("ossuary_bell", 5, _mid_game)
    async with _table(store, (80, 24)) as (pilot, app, board):
        grid = board.query_one(HarakiriGrid)
        me = next(c for c in store.state.characters if "c:" + c.id == store.state.active)
        assert any(a.kind == "step" for a in store.legal_actions())
        before = store.revision
        await pilot.press("enter")  # the list: no routine while steps are left
        await settle(pilot, 1)
        assert store.revision == before
        await pilot.press("g")
        await settle(pilot, 1)
        assert app.focused is grid
        grid.set_cursor(me.p)
        await settle(pilot, 1)
        await pilot.press("enter")
        await settle(pilot, 1)
        assert store.revision == before and store.state.sub is not None and store.state.sub.kind == "move"


async def test_a_walk_stops_where_something_happens_on_the_way(data_dir, monkeypatch):
    from rules.harakiri.core import CHAR_MOVER
    from rules.harakiri.grid import cheapest, occupancy, path_to, resistor_squares
    from tests.snapshots.test_harakiri_snapshots import _mid_game, _store

    store = _store("ossuary_bell", 5, _mid_game)
    real_apply = type(GAME).apply

    def apply(self, state, action):  # the first step of the walk sets something off
        out = real_apply(self, state, action)
        if action.kind == "step" and not any("creaks" in ln.text for ln in state.log):
            state.say("The floor creaks.")
        return out

    monkeypatch.setattr(type(GAME), "apply", apply)
    async with _table(store, (80, 24)) as (pilot, app, board):
        grid = board.query_one(HarakiriGrid)
        view = store.view(0)
        me = next(c for c in view.characters if "c:" + c.id == view.active)
        _, parent = cheapest(view, CHAR_MOVER, me.p, view.sub.mp, occupancy(view), resistor_squares(view))
        far = max(grid.costs, key=lambda p: (grid.costs[p], p))
        path = path_to(parent, me.p, far)
        assert len(path) > 2
        grid.focus()  # the player goes to the grid
        grid.set_cursor(far)
        await settle(pilot, 1)
        before = store.revision
        await pilot.press("enter")
        await settle(pilot, 3)
        assert store.revision == before + 1, "one step, then the walk stopped"
        assert next(c for c in store.state.characters if c.id == me.id).p == path[1]


async def test_an_action_the_rules_list_twice_is_one_row(data_dir):
    # Two Rice Balls carried apart: the rules offer "Use the Rice Ball" once per item.
    from rules.harakiri.model import ItemState
    from tabletop.store import Seat, Store

    store = Store.new(GAME, GAME.Options(scenario="drowned_shrine"), 3, [Seat("Solo")])
    choose = bot_chooser(GAME, 3)
    while not (store.state.active and store.state.active.startswith("c:") and store.state.sub is None):
        store.dispatch(store.legal_actions()[choose(store, store.legal_actions())])
    me = next(c for c in store.state.characters if "c:" + c.id == store.state.active)
    me.items = [ItemState(id="rice_ball", uses=1), ItemState(id="rice_ball", uses=1)]
    async with _table(store) as (pilot, app, board):
        rows = [GAME.describe(a) for a in board.actions]
        uses = [r for r in rows if "Rice Ball" in r]
        assert len(uses) == 1 and len(rows) == len(set(rows))
        assert "Rice Ball ×2" in screen_text(app)


# -- reading the table (issue 16) ------------------------------------------------------


def _detail(board) -> str:
    box = board.query_one("#detail-box")
    return str(board.query_one("#detail").shown) if box.display else ""


async def test_the_detail_line_shows_the_pool_an_attack_rolls_and_the_hint_its_reason(data_dir):
    from rules.common import Rng
    from screens.common.keys import HINT_KEY, LEGEND_KEY
    from screens.common.legend import LegendScreen

    async with _table((GAME.Options(scenario="drowned_shrine"), 3), (100, 30)) as (pilot, app, board):
        store = app.store
        bot, rng = GAME.bots()["samurai"], Rng(seed=3)
        for _ in range(400):  # the bot plays until an attack can be declared
            if any(a.kind == "declare_attack" for a in store.legal_actions()):
                break
            seat = store.to_move()
            store.dispatch(bot(GAME, store.view(seat), seat, store.legal_actions(), rng))
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await settle(pilot)
        actions = list(board.actions)
        i = next(i for i, a in enumerate(actions) if a.kind == "declare_attack")
        panel = board.query_one("#decisions")
        panel.highlighted = board.rows.index(i)
        await settle(pilot, 1)
        said = _detail(board)
        assert "attack with the" in said and "you roll" in said and "Costs" in said, said
        # The hint: the bot's choice highlighted, its reason said; nothing is played.
        before = store.revision
        await pilot.press(HINT_KEY)
        await settle(pilot, 1)
        assert store.revision == before
        assert _detail(board).startswith("Hint: ")
        # The legend key: the grid's glyphs in words.
        await pilot.press(LEGEND_KEY)
        await settle(pilot)
        assert isinstance(app.screen, LegendScreen)
        text = screen_text(app)
        assert "▲▲" in text and "an obstacle" in text
