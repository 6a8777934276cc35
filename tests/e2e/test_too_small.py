"""The "too small" notice wraps, so the size it asks for is always on screen."""

from __future__ import annotations

import html

from screens.common.too_small import TooSmallScreen
from screens.app import TabletopApp
from tests.e2e.helpers import settle, wait_until


async def test_the_notice_wraps_at_40x10(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    app = TabletopApp()
    async with app.run_test(size=(40, 10)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen), "the notice")
        await settle(pilot)
        shown = html.unescape(app.export_screenshot()).replace("\xa0", " ")
        assert "80x24" in shown and "40x10" in shown and "nothing is lost" in shown
