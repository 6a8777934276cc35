"""SVG snapshots of the menu and the setup screen (update with --snapshot-update)."""

from __future__ import annotations

from screens.app import TabletopApp
from tabletop.engine import games
from tests.games.nim import NIM
from tests.e2e.helpers import settle


def test_menu(snap_compare):
    assert snap_compare(TabletopApp(games=games()), terminal_size=(80, 24))


def test_menu_too_small(snap_compare):
    assert snap_compare(TabletopApp(games=games()), terminal_size=(60, 20))


def test_setup_screen(snap_compare):
    async def fill(pilot):
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        pilot.app.screen.query_one("#seed").value = "4242"
        await pilot.pause()

    assert snap_compare(TabletopApp(games={"nim": NIM}), terminal_size=(100, 34), run_before=fill)


def _nim_app():
    from tabletop.store import Seat

    app = TabletopApp(games={"nim": NIM}, bot_delay=0)

    async def start(pilot):
        await pilot.pause()
        app.start_new_game(NIM, NIM.Options(), 2024, [Seat("Aiko"), Seat("Benkei")])
        await settle(pilot)

    return app, start


def test_curtain(snap_compare):
    app, start = _nim_app()
    assert snap_compare(app, terminal_size=(80, 24), run_before=start)


def test_generic_board(snap_compare):
    app, start = _nim_app()

    async def play(pilot):
        await start(pilot)
        await pilot.press("enter")  # Aiko is ready
        await settle(pilot)
        await pilot.press("1")  # select a card
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=play)


def _spirit_app(press: tuple[str, ...]):
    from tabletop.engine import get_game
    from tabletop.store import Seat, Store
    from tests.snapshots.helpers import app_with

    game = get_game("spirit")
    store = Store.new(game, game.Options(players=2), 2024, [Seat("Aiko"), Seat("Benkei")])
    return app_with(store, press)


def test_legend_screen(snap_compare):
    """L on a board: the board's glyphs, then the table's own marks, at 80x24."""
    app, start = _spirit_app(("L",))
    assert snap_compare(app, terminal_size=(80, 24), run_before=start)


def test_hint_and_detail_line(snap_compare):
    """H on a board: the suggested row highlighted, its reason and explanation below."""
    app, start = _spirit_app(("H",))
    assert snap_compare(app, terminal_size=(80, 24), run_before=start)


def test_help_at_the_current_step(snap_compare):
    """? on a board opens the game's help at the section of the current step."""
    app, start = _spirit_app(("question_mark",))

    async def open_help(pilot):
        await start(pilot)
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_help)
