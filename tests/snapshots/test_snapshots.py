"""SVG snapshots of the menu and the setup screen (update with --snapshot-update)."""

from __future__ import annotations

from tabletop.app import TabletopApp
from tabletop.engine import games
from tests.games.nim import NIM


def test_menu(snap_compare):
    assert snap_compare(TabletopApp(games=games()), terminal_size=(80, 24))


def test_menu_too_small(snap_compare):
    assert snap_compare(TabletopApp(games=games()), terminal_size=(60, 20))


def test_setup_screen(snap_compare):
    async def fill(pilot):
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause(0.1)
        pilot.app.screen.query_one("#seed").value = "4242"
        await pilot.pause()

    assert snap_compare(TabletopApp(games={"nim": NIM}), terminal_size=(100, 34), run_before=fill)


def _nim_app():
    from tabletop.store import Seat

    app = TabletopApp(games={"nim": NIM}, bot_delay=0)

    async def start(pilot):
        await pilot.pause()
        app.start_new_game(NIM, NIM.Options(), 2024, [Seat("Aiko"), Seat("Benkei")])
        await pilot.pause(0.1)

    return app, start


def test_curtain(snap_compare):
    app, start = _nim_app()
    assert snap_compare(app, terminal_size=(80, 24), run_before=start)


def test_generic_board(snap_compare):
    app, start = _nim_app()

    async def play(pilot):
        await start(pilot)
        await pilot.press("enter")  # Aiko is ready
        await pilot.pause(0.1)
        await pilot.press("1")  # select a card
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=play)
