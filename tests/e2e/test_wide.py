"""A wide terminal (200x50) is used, not wasted: long choices and each family's honour
line stay on one line."""

from __future__ import annotations

import random

from rules.senji import GAME as SENJI
from rules.senji.state import SenjiOptions
from screens.app import TabletopApp
from tabletop.store import Seat, Store
from tests.e2e.helpers import board_of, screen_text, settle


def senji_in_winter() -> Store:
    options = SenjiOptions(players=4)
    store = Store.new(SENJI, options, 3, [Seat(n) for n in SENJI.seat_labels(options)])
    rng = random.Random(1)
    for _ in range(40):
        store.dispatch(rng.choice(store.legal_actions()))
    return store


async def test_at_200_columns_choices_and_honour_lines_fit_on_one_line(data_dir):
    store = senji_in_winter()
    app = TabletopApp(games={"senji": SENJI}, bot_delay=3600, start=("store", store))
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        if not isinstance(app.screen, type(board_of(app))):
            await pilot.press("enter")  # the hand-off curtain
            await settle(pilot)
        board = board_of(app)
        assert board.query_one("#side").size.width >= 68, "long choices get at least 68 columns"
        group = next((e for e in board.entries if e.action is None), None)
        if group is not None:  # the bids come in two steps: a card's, listing it on each lot
            await pilot.press(group.key)
            await settle(pilot)
        shown = [SENJI.describe(board.actions[i]) for i in board.rows if i is not None][:20]  # the rows on screen
        assert max(len(d) for d in shown) > 46  # long ones: they wrapped at 46 columns
        text = screen_text(app)
        for words in shown:
            assert any(words in line for line in text.splitlines()), f"{words!r} is not on one line"
        for name in store.state.names:  # "R Red ███… 3  dip 6 hana 4 units 9" on one line
            line = next(ln for ln in text.splitlines() if f" {name} " in ln and "dip " in ln)
            assert "units" in line, line


async def test_the_side_panels_widen_with_the_terminal(data_dir):
    """A board that claims no columns of its own (a generic text board): the default split."""
    from tests.games.nim import NIM, NimOptions

    store = Store.new(NIM, NimOptions(stones=15), 1, [Seat("Aiko"), Seat("Benkei")])
    app = TabletopApp(games={"nim": NIM}, bot_delay=3600, start=("store", store))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        side = board_of(app).query_one("#side")
        widths = [side.size.width]
        for size in ((200, 50), (250, 60)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            widths.append(side.size.width)
        assert 46 <= widths[0] < widths[1] < widths[2] <= 90, widths
