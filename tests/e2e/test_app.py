"""The real app driven with Textual's Pilot; assertions are on the store."""

from __future__ import annotations

import pytest

from screens.board import BoardScreen
from screens.common.curtain import CurtainScreen
from screens.common.dialogs import MessageScreen
from screens.common.outcome import OutcomeScreen
from screens.common.too_small import TooSmallScreen
from screens.menu import MenuScreen
from screens.setup import SetupScreen
from screens.app import TabletopApp
from tests.e2e.helpers import awaits_a_person, painted, press_action, wait_until
from tests.games.nim import NIM, Confirm, Roll

GAMES = {"nim": NIM}

pytestmark = pytest.mark.usefixtures("quick_pilot")


async def settle(pilot, n: int = 2) -> None:
    for _ in range(n):
        await pilot.pause()
    await wait_until(pilot, lambda: painted(pilot.app), "the screen to be painted")


async def open_board(pilot, app, seed: str = "1234") -> BoardScreen:
    await settle(pilot)
    assert isinstance(app.screen, MenuScreen)
    await pilot.press("enter")  # the first available game: Nim
    await settle(pilot)
    assert isinstance(app.screen, SetupScreen)
    app.screen.query_one("#seed").value = seed
    await pilot.press("ctrl+s")
    await settle(pilot)
    board = next(s for s in app.screen_stack if isinstance(s, BoardScreen))
    return board


async def test_menu_setup_board_play_to_the_end_with_keys(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        board = await open_board(pilot, app)
        store = app.store
        assert store.seed == 1234 and store.revision == 0
        curtains = 0
        for _ in range(400):
            if store.finished:
                break
            if isinstance(app.screen, CurtainScreen):
                curtains += 1
                # Nothing of any seat's view is drawn while the curtain is up.
                assert board.frame.view is None
                assert "(you)" not in app.export_screenshot() and "Pile" not in app.export_screenshot()
                await pilot.press("enter")
                await pilot.pause()
                seat = store.to_move()
                shown = str(board.query_one("#board").content)
                assert shown == NIM.render(store.view(seat), seat), "exactly the seat's own view"
            else:
                assert app.screen is board
                assert board.frame.seat == store.to_move()
                # Prefer finishing a selection, then rolling, then selecting.
                keys = [i for i, a in enumerate(board.actions) if isinstance(a, (Confirm, Roll))]
                await press_action(pilot, board, keys[0] if keys else 0)
            await pilot.pause()
        assert store.finished, "the game reached its end through the keys"
        assert curtains >= 2, "the screen was handed over between the two players"
        await settle(pilot)
        assert isinstance(app.screen, OutcomeScreen)
        saved = app.journal.game(store.game_uid)
        assert saved.finished and saved.moves == store.revision == len(app.journal.actions(saved.id))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_undo_key_and_illegal_choice_message(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        board = await open_board(pilot, app)
        await pilot.press("enter")  # lift the first curtain
        await settle(pilot)
        store = app.store
        await pilot.press("1")  # select a card
        await settle(pilot, 1)
        assert store.revision == 1 and store.state.selected
        await pilot.press("u")
        await settle(pilot, 1)
        assert store.revision == 0 and not store.state.selected
        await pilot.press("z")  # no such choice: nothing happens, and the table says why
        await settle(pilot, 1)
        assert store.revision == 0
        assert app.screen is board
        assert any("No choice is on “z”" in n.message for n in app._notifications)


async def test_curtain_only_between_humans_and_bots_play_themselves(data_dir):
    from tabletop.store import Seat

    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.start_new_game(NIM, NIM.Options(), 77, [Seat("Ana"), Seat("Bot", "greedy")])
        await settle(pilot)
        board = app.screen
        assert isinstance(board, BoardScreen), "one human: no curtain"
        store = app.store
        for _ in range(200):
            if store.finished:
                break
            assert not isinstance(app.screen, CurtainScreen)
            if store.to_move() == 0 and app.screen is board:
                await press_action(pilot, board, len(board.actions) - 1)  # the last: roll or confirm
            await wait_until(pilot, lambda: awaits_a_person(app, board), "the bot to move")
        assert store.finished
        assert any(e.seat == 1 for e in store.log), "the bot moved"


async def test_resize_below_80x24_and_back_keeps_the_game(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        board = await open_board(pilot, app)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 1)
        await pilot.resize_terminal(70, 20)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert "enlarge" in str(app.screen.query_one("#too-small").content)
        await pilot.press("2")  # keys do not reach the hidden board
        await settle(pilot, 1)
        assert app.store.revision == 1
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert app.screen is board
        await press_action(pilot, board, len(board.actions) - 1)
        await settle(pilot, 1)
        assert app.store.revision == 2


async def test_a_bad_save_is_refused_on_screen(data_dir, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tabletop-save", "version": 7}')
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.load_path(bad)
        await wait_until(pilot, lambda: isinstance(app.screen, MessageScreen), "the refusal")
        assert "newer tabletop" in app.screen.message
        assert app.store is None
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_resume_offers_the_unfinished_game(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_board(pilot, app, seed="55")
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 1)
        first = app.store
    assert app.journal.latest_unfinished(GAMES).id == first.game_uid
    app2 = TabletopApp(games=GAMES, bot_delay=0)
    async with app2.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        menu = app2.screen
        assert menu.query_one("#menu").get_option_at_index(0).id == "resume-0"
        await pilot.press("enter")
        await settle(pilot)
        assert app2.store is not None
        assert app2.store.state == first.state and app2.store.game_uid == first.game_uid


async def test_help_and_save_dialogs(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        board = await open_board(pilot, app)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        app.screen.query_one("#save-name").value = "mine"
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is board
        assert (data_dir / "saves" / "mine.json").exists()


async def test_play_command_opens_the_board_directly(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0, start=("play", "nim", NIM.Options(players=3), 5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.store is not None and app.store.seed == 5 and len(app.store.seats) == 3
        assert isinstance(app.screen, CurtainScreen), "three humans with secret hands: curtain first"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, BoardScreen)
        assert app.screen.frame.seat == 0
        assert "Seat 1 (you)" in str(app.screen.query_one("#board").content)


async def test_the_palette_names_the_themes_as_the_menu_does(data_dir):
    """The menu's theme row and the palette's Theme list speak of the same three themes
    by the same names; picking "Colour-blind safe" in the palette is what the menu shows."""
    from textual.command import CommandPalette
    from textual.widgets import OptionList

    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu", OptionList)

        def theme_row() -> str:
            return str(menu.get_option("theme").prompt)

        in_menu = set()
        for _ in range(3):  # Enter on the theme row goes round the menu's themes
            in_menu.add(theme_row().removeprefix("Theme: ").split(" (")[0])
            menu.highlighted = menu.get_option_index("theme")
            await pilot.press("enter")
            await settle(pilot)
        assert in_menu == {"Dark", "Light", "Colour-blind safe"}

        app.action_change_theme()  # the palette's "Theme" command
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette) and app.screen.query(OptionList),
                         "the theme palette")
        listed = app.screen.query_one(OptionList)
        await wait_until(pilot, lambda: listed.option_count >= 3, "the themes to be listed")
        names = {str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)}
        assert names == in_menu
        await pilot.press(*"colour")
        await wait_until(pilot, lambda: listed.option_count == 1, "the search to keep one theme")
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu again")
        await settle(pilot)
        assert app.theme == "okabe-ito" and app.settings["theme"] == "okabe-ito"
        assert theme_row().startswith("Theme: Colour-blind safe")
