"""Bot turns are public (issue 25): at a table with two humans at the screen, every frame
drawn while a bot is to move is the public view (no human's hand, bids, orders or private
log lines), whatever tab was open; alone against bots, a human keeps their own view.

Every call of the board screen's drawing is recorded with who was to move; the frames of
a bot's turns are compared with the rules' public view and its public log lines.
"""

from __future__ import annotations

import pytest

from screens.board import BoardScreen
from screens.common.curtain import CurtainScreen
from screens.app import TabletopApp
from tabletop.engine import get_game
from tests.e2e.helpers import (PUBLIC_PAUSES, awaits_a_person, press_action, settle,
                               start_seeded, wait_until)

pytestmark = pytest.mark.usefixtures("quick_pilot")

# game, options, the bot seats, the key that opens the hand tab at 80x24 ("" for none).
# Senji is the game with secrets at a bot's turn (hands, bids, orders); Spirit, the duel
# and Harakiri show every seat the same table.
TABLES = {
    "senji": ("senji", {"players": 3}, (2,), "c"),
    "senji-bot-first": ("senji", {"players": 3}, (0,), "c"),
}


async def walk(app, pilot, game, options, bots, tab_key, decisions: int, seed: int = 4):
    """Play ``decisions`` human decisions (bots on their own), recording every frame drawn."""
    frames: list[tuple] = []  # (the seat to move, the frame, the log shown, the public log, the public view)
    real_draw = BoardScreen._draw

    def draw(self, seat, interactive, waiting=None):
        store = self.store
        mover, public = store.to_move(), store.view(None)  # as the drawing starts
        public_log = tuple(ln.text for ln in public.log if ln.visible_to(None))
        real_draw(self, seat, interactive, waiting)
        frame = self.frame
        panel = self.query_one("#log")  # what it shows, or will once it is laid out
        log = tuple(panel.lines_shown if panel.size.width else panel._pending or ())
        frames.append((mover, frame, log, public_log, public))

    BoardScreen._draw = draw
    try:
        board, store, choose = await start_seeded(pilot, app, game, options, seed, bots)
        done = 0
        while done < decisions and not store.finished:
            await wait_until(pilot, lambda: awaits_a_person(app, board), "the next decision")
            if isinstance(app.screen, (CurtainScreen, *PUBLIC_PAUSES)):
                await pilot.press("enter")
                await settle(pilot, 1)
                continue
            if tab_key:
                await pilot.press(tab_key)  # the hand tab open when the bot's turn comes
            await press_action(pilot, board, choose(store, board.actions))
            await settle(pilot, 1)
            done += 1
    finally:
        BoardScreen._draw = real_draw
    return app.store, frames


@pytest.mark.parametrize("name", sorted(TABLES))
async def test_every_frame_of_a_bots_turn_at_a_two_human_table_is_public(data_dir, name):
    game_id, options, bots, tab_key = TABLES[name]
    game = get_game(game_id)
    app = TabletopApp(games={game_id: game}, bot_delay=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        store, frames = await walk(app, pilot, game, options, bots, tab_key, 40)
        bot_frames = [f for f in frames if f[0] is not None and f[0] in bots]
        assert len(bot_frames) >= 5, f"only {len(bot_frames)} frames of a bot's turn were seen"
        private_before = sum(1 for f in frames if f[1] is not None and f[1].seat is not None)
        assert private_before > 0, "no human's own view was ever drawn: nothing was at stake"
        for mover, frame, log, public_log, public in bot_frames:
            assert frame.seat is None, f"a bot's turn drawn with seat {frame.seat}'s view"
            assert frame.view == public, "a bot's turn drawn from a view that is not the public one"
            assert log == public_log, "a bot's turn shows log lines that are not public"


async def test_alone_against_bots_the_human_keeps_their_view(data_dir):
    game = get_game("senji")
    app = TabletopApp(games={"senji": game}, bot_delay=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _, frames = await walk(app, pilot, game, {"players": 3}, (1, 2), "c", 12)
        bot_frames = [f for f in frames if f[0] in (1, 2)]
        assert bot_frames and any(f[1].seat == 0 for f in bot_frames), "the solo player's view went away"
