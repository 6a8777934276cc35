"""Shared by the board snapshot tests."""

from __future__ import annotations

from screens.app import TabletopApp
from tabletop.store import Store
from tests.e2e.helpers import settle


def app_with(store: Store, press: tuple[str, ...] = ()):
    """An app that opens ``store``'s game on its board, then presses ``press``."""
    app = TabletopApp(games={store.game.id: store.game}, bot_delay=0)

    async def start(pilot):
        await pilot.pause()
        app.start_store(store)
        await settle(pilot)
        for key in press:
            await pilot.press(key)
            await settle(pilot)

    return app, start
