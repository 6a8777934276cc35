"""Samurai Spirit on its own board, driven by keys and clicks; assertions on the store."""

from __future__ import annotations


from rules.common import Rng
from rules.spirit import GAME
from screens.spirit import SpiritBoard
from tabletop.app import TabletopApp
from tabletop.store import Seat, Store

from .helpers import board_of, bot_chooser, play_to_end, settle

GAMES = {"spirit": GAME}


async def test_a_whole_two_player_game_by_keys(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(players=2), 2026, [Seat("Ana"), Seat("Ben")])
        await settle(pilot)
        board = board_of(app)
        assert isinstance(board.query_one("#board"), SpiritBoard)
        steps = await play_to_end(pilot, app, bot_chooser(GAME, 1))
        store = app.store
        outcome = store.outcome()
        assert outcome is not None and steps >= store.revision
        assert set(outcome.results) <= {"win", "loss"} and len(set(outcome.results)) == 1
        # The end screen shows the outcome line and the score breakdown.
        body = str(app.screen.query_one("#outcome-body").content)
        assert outcome.explanation in body
        for line in outcome.breakdown:
            assert line in body


async def test_clicking_a_samurai_picks_the_matching_action(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(players=2, two_player_variant=False), 9, None)
        await settle(pilot)
        store = app.store
        assert board_of(app).query_one("#board") is not None
        # Begin the turn and reach the ACTION step, where Support targets the other samurai.
        for _ in range(10):
            kinds = [a.kind for a in store.legal_actions()]
            if "support" in kinds:
                break
            store.dispatch(store.legal_actions()[0])
            await settle(pilot, 1)
        support = next(a for a in store.legal_actions() if a.kind == "support")
        await pilot.click(f"#samurai-{support.to}")
        await settle(pilot, 1)
        assert store.log[-1].action == GAME.dump_action(support)
        assert store.state.samurai[support.seat].token_with == support.to


def test_every_view_draws_without_error():
    """The board draws every view of a random game (a smoke test of the drawing code)."""
    store = Store.new(GAME, GAME.Options(players=4), seed=3)
    board = SpiritBoard(GAME)
    rng = Rng(seed=3)
    steps = 0
    while not store.finished and steps < 3000:
        view = store.view(store.to_move())
        board._head(view), board._village(view), board._stacks(view)
        if view.transit is not None:
            board._transit(view)
        for i in range(len(view.samurai)):
            board._samurai(view, i, view.pending.seat if view.pending else None)
        actions = store.legal_actions()
        store._apply(actions[rng.below(len(actions))], replay=True)
        steps += 1
    assert store.finished


async def test_g_lists_the_graveyard(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(players=2), 12, None)
        await settle(pilot)
        store = app.store
        choose = bot_chooser(GAME, 1)
        while len(store.state.discard) < 2:
            store.dispatch(store.legal_actions()[choose(store, store.legal_actions())])
            await settle(pilot, 1)
        board = board_of(app).query_one(SpiritBoard)
        graveyard = board.query_one("#sp-graveyard")
        assert not graveyard.display
        await pilot.press("g")
        await settle(pilot, 1)
        assert graveyard.display
        text = graveyard.shown.plain
        assert f"({len(store.state.discard)}," in text
        await pilot.press("g")
        await settle(pilot, 1)
        assert not graveyard.display
