"""The decision list's lower border says how to reach its rows, and whether it has the
keys: "↑↓ Enter" while it has them, "Tab here, ↑↓ Enter" (or "Tab, ↑↓ Enter" where the
border is short) once another panel took them."""

from __future__ import annotations

from screens.common.decisions import DecisionPanel
from screens.app import TabletopApp
from tests.e2e.helpers import board_of, settle
from tests.e2e.test_wide import SENJI, senji_in_winter


async def test_the_hint_follows_the_focus_both_ways(data_dir):
    app = TabletopApp(games={"senji": SENJI}, bot_delay=3600, start=("store", senji_in_winter()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if not hasattr(app.screen, "board"):
            await pilot.press("enter")  # the hand-off curtain
            await settle(pilot)
        panel = board_of(app).query_one(DecisionPanel)
        panel.focus()
        await settle(pilot)
        assert "↑↓ Enter" in panel.border_subtitle and "Tab" not in panel.border_subtitle
        board_of(app).query_one("#sj-map").focus()  # the map takes the keys (the log takes none)
        await settle(pilot)
        assert "Tab" in panel.border_subtitle and "↑↓ Enter" in panel.border_subtitle
        assert len(panel.border_subtitle) + 4 <= panel.size.width  # the short wording fits
        panel.focus()
        await settle(pilot)
        assert "Tab" not in panel.border_subtitle
