"""Shared by the board snapshot tests."""

from __future__ import annotations

from screens.app import TabletopApp
from tabletop.store import Store
from tests.e2e.helpers import settle, wait_until


def app_with(store: Store, press: tuple[str, ...] = ()):
    """An app that opens ``store``'s game on its board, then presses ``press``."""
    app = TabletopApp(games={store.game.id: store.game}, bot_delay=0)

    async def start(pilot):
        await pilot.pause()
        app.start_store(store)
        await settle(pilot)
        for key in press:
            await pilot.press(key)
            # The hint is sought in a worker thread: wait for its answer before the picture.
            await wait_until(pilot, lambda: not [w for w in app.workers if w.group == "hint" and not w.is_finished],
                             "the hint to be found")
            await settle(pilot)

    return app, start
