"""A remote seat's footer says what its keys do there: ``q`` leaves the table (the host
keeps the seat; the same code joins it again), it opens no menu of this computer."""

from __future__ import annotations

import asyncio

from screens.board import BoardScreen
from screens.app import seat_app
from tabletop.net.client import Connection
from tests.e2e.helpers import screen_text

from .helpers import GAMES, hosting, senji_store


async def test_the_footer_of_a_remote_seat_says_q_leaves_the_table(capsys):
    store = senji_store(3, 5, ["smart", "remote", "smart"])
    async with hosting(store, bot_delay=0.05) as host:
        conn = Connection(host.address, host.codes[1], GAMES)
        remote = await conn.join()
        app = seat_app(("store", remote))
        async with app.run_test(size=(200, 50)) as pilot:
            await pilot.pause()
            for _ in range(500):
                if isinstance(app.screen, BoardScreen) and app.screen.actions:
                    break
                await asyncio.sleep(0.005)
            await pilot.pause()
            footer = screen_text(app).splitlines()[-1]
            assert "Leave the table" in footer and "Menu" not in footer, footer
            await pilot.press("q")
            await pilot.pause()
        assert app.return_code == 0  # q left the table, as the footer said
        await conn.close()
