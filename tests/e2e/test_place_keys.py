"""A place a decision row targets shows that row's key beside it on the board (issue 25):
the Senji map beside the province, the same key as in the decision list, and the key
plays that row."""

from __future__ import annotations

from rules.common import Rng
from rules.senji import GAME
from screens.app import TabletopApp
from rules.senji.data import data
from screens.senji.map import SenjiMap
from tabletop.store import Seat, Store

from .helpers import board_of, bot_chooser, settle

GAMES = {"senji": GAME}
D = data()


def _places(actions) -> list[str]:
    return [p for a in actions if (p := getattr(a, "province", None) or getattr(a, "sea", None))]


def _at_a_choice_of_provinces(seed: int = 7) -> Store:
    """Three players at one screen (the smart bot played for each) until a decision
    that offers several provinces, each chosen by one row."""
    store = Store.new(GAME, GAME.Options(players=3), seed=seed, seats=[Seat(n) for n in ("Ai", "Bo", "Cy")])
    bot = GAME.bots()["smart"]
    rng = Rng(seed=seed)
    while not store.finished:
        places = _places(store.legal_actions())
        if len(places) >= 3 and len(set(places)) == len(places):
            return store
        seat = store.to_move()
        store.dispatch(bot(GAME, store.view(seat), seat, store.legal_actions(), rng))
    raise AssertionError("no choice of provinces in the game")


def _key_beside(mp: SenjiMap, province: str) -> str:
    """What the map draws on the province's name row, from the column before its box to
    the one after, besides its name and the lines and marks of the art."""
    region = mp.map_layout.box(province)  # on the layout the map draws now
    row = "".join(ch for ch, _ in mp._rows[region.y][max(0, region.x - 1): region.x + region.width + 1])
    return "".join(ch for ch in row.replace(D.province[province].name, "", 1) if ch.isalnum())


async def test_the_key_beside_a_province_is_its_rows_key_and_plays_it(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        app.start_store(_at_a_choice_of_provinces())
        await settle(pilot, 3)
        while app.screen is not board_of(app):  # the hand-off curtain
            await pilot.press("enter")
            await settle(pilot)
        board = board_of(app)
        store = app.store
        mp = board.query_one(SenjiMap)
        keyed = [(i, a.province) for i, a in enumerate(board.actions)
                 if getattr(a, "province", None) and board.keys[i] not in (None, "enter")]
        assert len(keyed) >= 2
        for i, province in keyed:
            assert _key_beside(mp, province) == board.keys[i], f"{province}: the key of its row"
        i, province = keyed[-1]
        meant = board.actions[i]
        revision = store.revision
        await pilot.press(_key_beside(mp, province))
        await settle(pilot)
        assert store.revision == revision + 1
        assert store.game.parse_action(store.log[-1].action) == meant, "the row that targets the province"


async def test_the_key_beside_a_harakiri_square_is_its_rows_key_and_plays_it(data_dir):
    from rules.harakiri import GAME as HARAKIRI
    from screens.harakiri.board import action_square
    from screens.harakiri.grid import HarakiriGrid

    app = TabletopApp(games={"harakiri": HARAKIRI}, bot_delay=0)
    async with app.run_test(size=(130, 44)) as pilot:
        await settle(pilot)
        app.start_new_game(HARAKIRI, HARAKIRI.Options(scenario="drowned_shrine"), 3, None)
        await settle(pilot, 3)
        while app.screen is not board_of(app):  # the hand-off curtain
            await pilot.press("enter")
            await settle(pilot)
        board = board_of(app)
        store = app.store
        grid = board.query_one(HarakiriGrid)
        choose = bot_chooser(HARAKIRI, 3)
        for _ in range(100):  # the game's bot plays on until several squares are offered
            while app.screen is not board:
                await pilot.press("enter")
                await settle(pilot)
            view = board.frame.view
            squares = [action_square(view, a) for a in board.actions]
            keyed = [(i, p) for i, p in enumerate(squares)
                     if p is not None and squares.count(p) == 1 and board.keys[i] not in (None, "enter")]
            if len(keyed) >= 2:
                break
            store.dispatch(board.actions[choose(store, list(board.actions))])
            await settle(pilot)
        assert len(keyed) >= 2, "several squares, each one row's"

        def mark(p: int) -> str:  # the column after the square's three-character cell
            x, y = grid.corner(p)
            return grid._rows[y].text[x + 3]

        for i, p in keyed:
            assert mark(p) == board.keys[i], "the square shows the key of its row"
        i, p = keyed[-1]
        meant = board.actions[i]
        revision = store.revision
        await pilot.press(mark(p))
        await settle(pilot)
        assert store.revision == revision + 1
        assert store.game.parse_action(store.log[-1].action) == meant, "the row on that square"
