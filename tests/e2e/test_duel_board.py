"""The duel on its own table, played to the end by keys and by clicks."""

from __future__ import annotations

from rules.duel import GAME
from screens.common.curtain import CurtainScreen
from screens.common.outcome import OutcomeScreen
from screens.duel import DuelBoard
from screens.duel.board import HandView
from tabletop.app import TabletopApp

from .helpers import board_of, bot_chooser, click_action, play_to_end, settle

GAMES = {"duel": GAME}


async def test_a_duel_to_its_end_by_keys(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(), 31, None)
        await settle(pilot)
        assert isinstance(board_of(app).query_one("#board"), DuelBoard)
        await play_to_end(pilot, app, bot_chooser(GAME, 1))
        outcome = app.store.outcome()
        assert outcome.results[0] in ("win", "loss")
        assert outcome.explanation in str(app.screen.query_one("#outcome-body").content)


async def test_a_duel_to_its_end_by_clicks(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(opponent="versus3"), 8, None)
        await settle(pilot)
        store = app.store
        board = board_of(app)
        choose = bot_chooser(GAME, 2)
        card_clicks = 0
        for _ in range(3000):
            if store.finished:
                break
            assert not isinstance(app.screen, CurtainScreen), "a solo game has no curtain"
            actions = list(board.actions)
            index = choose(store, actions)
            action = actions[index]
            before = store.revision
            hand_view = board.query_one(HandView)
            if action.kind == "activate" and action.card in hand_view.cards and not any(
                a.kind in ("penalty", "jin_pick", "special_keep", "special_limit", "choose")
                and getattr(a, "card", None) == action.card for a in actions
            ):
                await pilot.click(hand_view, offset=hand_view.click_offset(action.card))
                card_clicks += 1
            else:
                await click_action(pilot, board, index)
            await pilot.pause()
            assert store.revision == before + 1, f"the click did not play {GAME.describe(action)}"
        assert store.finished
        assert card_clicks > 0
        await settle(pilot)
        assert isinstance(app.screen, OutcomeScreen)
