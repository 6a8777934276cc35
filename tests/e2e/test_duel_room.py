"""The duel table uses the room it has (issue 26): at 200x50 it spreads (Life, Ki and the
rounds as tracks, the opponent's board in sentences, the cards to come as a table) and cuts
nothing with "…"; at 80x24 and 120x40 its rows break between words, never inside one."""

from __future__ import annotations

import pytest

from rules.duel import GAME
from rules.duel.data import data as duel_data
from screens.duel import DuelBoard
from screens.duel.board import Block
from screens.app import TabletopApp

from .helpers import board_of, bot_chooser, press_action, screen_text, settle

GAMES = {"duel": GAME}
GAME_DATA = duel_data()

pytestmark = pytest.mark.usefixtures("quick_pilot")


def _board_rows(app) -> list[str]:
    """The rows of the screen inside the board area (what the table draws, as seen)."""
    area = board_of(app).query_one("#board-area").region
    rows = screen_text(app).splitlines()[area.y:area.bottom]
    return [row[area.x:area.right] for row in rows]


def _cut(app, table: DuelBoard) -> list[str]:
    """Every line of the table cut short: one ending in "…" (a fact or word cut to fit)
    or wider than its region (cut by the screen)."""
    cut = [row for row in _board_rows(app) if "…" in row]
    for block in table.query(Block):
        if not block.display:
            continue
        for line in block.shown.split("\n", allow_blank=True):
            if "…" in line.plain or line.cell_len > block.content_size.width:
                cut.append(f"{block.id}: {line.plain}")
    return cut


async def _walk(pilot, app, seed: int, steps: int, check) -> int:
    """Play ``steps`` decisions by the samurai bot, checking the table before each; the
    decisions checked."""
    board = board_of(app)
    choose = bot_chooser(GAME, seed)
    seen = 0
    for _ in range(steps):
        if app.store.finished:
            break
        await pilot.pause()
        await check()
        seen += 1
        await press_action(pilot, board, choose(app.store, board.actions))
    return seen


GAMES_AT_200 = [
    (3, dict()),  # Arima Kihei, Katana, Bamboo Forest
    (7, dict(opponent="shiro", blood=True, weapon="bokken")),
    (5, dict(opponent="versus3", weapon="wakizashi")),
]


@pytest.mark.parametrize("seed, options", GAMES_AT_200, ids=["arima", "shiro", "versus3"])
async def test_at_200x50_the_table_spreads_and_cuts_nothing(data_dir, seed, options):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(**options), seed, None)
        await settle(pilot)
        table = board_of(app).query_one(DuelBoard)
        area = board_of(app).query_one("#board-area")

        async def check() -> None:
            view = app.store.view(0)
            assert table.spread, "at 200x50 the table has the room to spread"
            assert not _cut(app, table), _cut(app, table)
            assert area.max_scroll_y == 0
            foe = " ".join(table.query_one("#du-foe").shown.plain.split())
            for f in view.foes:  # each enemy's Life as a track of ♥ and ♡, his bonuses in words
                assert f"Life {'♥' * f.life}{'♡' * (f.life_start - f.life)} {f.life} of {f.life_start}" in foe
                assert f"his defence: Strength {f.defs:+d}, Technique {f.deft:+d}" in foe
            if len(view.foes) == 1:  # his ability whole, as a sentence
                assert GAME_DATA.opponents[view.foes[0].id].ability_text + "." in foe
            head = " ".join(table.query_one("#du-head").shown.plain.split())
            weapon = GAME_DATA.weapons[view.weapon]
            assert f"{weapon.name}: {weapon.advantage}" in head
            p = view.player
            gauge = " ".join(table.query_one("#du-gauge").shown.plain.split())
            assert f"Ki {'◆' * p.ki}{'◇' * (10 - p.ki)} {p.ki} of 10" in gauge
            assert f"Round {view.round} of 20 at most" in gauge

        assert await _walk(pilot, app, seed, 45, check) >= 15


def _drawn(table: DuelBoard) -> tuple[int, int]:
    """The columns and rows the table's lines take (from its left edge)."""
    right = max(block.region.x - table.region.x + max(ln.cell_len for ln in block.shown.split("\n"))
                for block in table.query(Block) if block.display)
    return right, table.region.height


async def test_the_table_grows_with_the_terminal(data_dir):
    # One position (seed 3: the defence 4/8 revealed after F1 and V9) at three sizes.
    sizes = {}
    for size in ((80, 24), (120, 40), (200, 50)):
        app = TabletopApp(games=GAMES, bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            app.start_new_game(GAME, GAME.Options(), 3, None)
            await settle(pilot)
            board = board_of(app)
            for move in ("begin", "F1", "V9"):
                index = next(i for i, a in enumerate(board.actions)
                             if getattr(a, "card", None) == move or a.kind == move)
                await press_action(pilot, board, index)
                await pilot.pause()
            await settle(pilot)
            assert app.store.state.player.played == ["F1", "V9"]
            table = board.query_one(DuelBoard)
            assert board.query_one("#board-area").max_scroll_y == 0
            sizes[size] = _drawn(table)
    (w80, h80), (w120, h120), (w200, h200) = sizes[(80, 24)], sizes[(120, 40)], sizes[(200, 50)]
    assert w80 < w120 < w200, sizes
    assert h80 < h120 < h200, sizes
    assert h200 >= 30, sizes  # most of the board area's 46 rows


@pytest.mark.parametrize("size, seed, options, steps", [
    ((80, 24), 11, dict(yoroi="player", surroundings="temple_steps"), 400),
    ((80, 24), 7, dict(opponent="shiro", blood=True, weapon="bokken"), 400),
    ((120, 40), 5, dict(opponent="versus3", weapon="wakizashi"), 60),
], ids=["80x24-arima", "80x24-shiro", "120x40-versus3"])
async def test_no_row_of_the_table_is_cut_mid_word(data_dir, size, seed, options, steps):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(**options), seed, None)
        await settle(pilot)
        table = board_of(app).query_one(DuelBoard)

        async def check() -> None:
            assert not _cut(app, table), _cut(app, table)

        assert await _walk(pilot, app, seed, steps, check) >= 15
