"""A thing keeps its key (issue 25): from one decision to the next, and across a save
and a resume, every choice offered again is shown under the key it had.

Each game is played by its bot with keys on the real app. Between consecutive decisions
a choice offered in both (the same action, as the rules dump it) keeps its key; at a few
points the game is saved, the table left for the menu and the save loaded into a new
board screen, whose keys for the decision on screen must be those shown before.
"""

from __future__ import annotations

import pytest

from screens.common.curtain import CurtainScreen
from tabletop import saves
from screens.app import TabletopApp
from tabletop.engine import get_game
from tabletop.store import Seat
from tests.e2e.helpers import PUBLIC_PAUSES, awaits_a_person, board_of, bot_chooser, press_action, settle, wait_until

pytestmark = pytest.mark.usefixtures("quick_pilot")

# game, options, bot seats, decisions walked, decisions at which to save and resume
GAMES = {
    "spirit": ({"players": 2}, (), 90, (30, 60)),
    "senji": ({"players": 3}, (1, 2), 120, (40, 90)),
    "duel": ({}, (), 60, (12, 28)),
    "harakiri": ({"players": 1}, (), 120, (40, 90)),
}


def shown_keys(game, board) -> dict[str, str | None]:
    """The key on screen for each listed choice, by what the choice is."""
    return {thing(game, board, a): board.keys[i] for i, a in enumerate(board.actions)}


def thing(game, board, action) -> str:
    """What a choice is: as the rules dump it; a Harakiri step (or Shadow Step) is where
    it goes from the character acting."""
    view = board.frame.view if board.frame is not None else None
    to = (action.x, action.y) if action.kind == "step" else None
    if action.kind == "technique" and (action.target or "").startswith("p:"):
        to = (int(action.target[2:]) % 32, int(action.target[2:]) // 32)
    if to is not None and view is not None and (view.active or "").startswith("c:"):
        me = next(c for c in view.characters if c.id == view.active[2:])
        return f"{action.kind} {to[0] - me.p % 32},{to[1] - me.p // 32}"
    return repr(game.dump_action(action))


async def next_decision(pilot, app, board) -> bool:
    """Lift curtains and public pauses until the board waits on a decision; False at the end."""
    while True:
        await wait_until(pilot, lambda: awaits_a_person(app, board), "the next decision")
        if app.store.finished:
            return False
        if isinstance(app.screen, (CurtainScreen, *PUBLIC_PAUSES)):
            await pilot.press("enter")
            await settle(pilot, 1)
            continue
        await settle(pilot, 1)
        return True


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_choice_keeps_its_key_between_decisions_and_across_save_and_resume(data_dir, tmp_path, game_id):
    options, bots, walk, resume_at = GAMES[game_id]
    game = get_game(game_id)
    app = TabletopApp(games={game_id: game}, bot_delay=0)
    kept = resumed = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        opts = game.Options(**options)
        bot = next(iter(game.bots()))
        seats = [Seat(f"Player {i + 1}", bot if i in bots else "human") for i in range(game.seat_count(opts))]
        app.start_new_game(game, opts, 5, seats)
        await settle(pilot)
        board = board_of(app)
        choose = bot_chooser(game, 5)
        before: dict[str, str | None] = {}
        # (the kinds offered, the thing) -> its key then. Harakiri offers more squares over
        # a game than there are keys; a key shared with a choice of another kind moves when
        # the two are first offered together, so it may move a few keys in 100 decisions
        # of one kind; the others none; none moves between consecutive decisions or across
        # a resume. Senji keys each thing by what it is (assets/senji/keys.json): its key
        # is the same in every decision of the game, whatever else is offered with it.
        seen: dict[tuple, str | None] = {}
        again, moved = 0, []
        for step in range(walk):
            if not await next_decision(pilot, app, board):
                break
            now = shown_keys(game, board)
            kinds = () if game_id == "senji" else tuple(sorted({a.kind for a in board.actions}))
            for thing, key in now.items():
                if before.get(thing) is not None and key is not None:  # the decision just before
                    assert key == before[thing], f"{thing} moved from {before[thing]} to {key}"
                    kept += 1
                if seen.get((kinds, thing)) is not None and key is not None:  # the same kind of decision, earlier
                    again += 1
                    if key != seen[kinds, thing]:
                        moved.append(f"{thing}: {seen[kinds, thing]} -> {key}")
                seen[kinds, thing] = key
            paths = {repr(game.dump_action(x)): board.pressed[i] for i, x in enumerate(board.actions)}
            if step in resume_at:
                path = tmp_path / f"{game_id}-{step}.json"
                saves.write_save(app.store, path)
                app.to_menu()
                await settle(pilot)
                app.start_store(saves.load(path, {game_id: game}))
                await settle(pilot)
                board = board_of(app)
                assert await next_decision(pilot, app, board)
                assert shown_keys(game, board) == now, "the keys changed across a save and a resume"
                assert {repr(game.dump_action(x)): board.pressed[i] for i, x in enumerate(board.actions)} == paths, \
                    "the keys that reach a choice (a group's, then its own) changed across a resume"
                resumed += 1
            before = now
            await press_action(pilot, board, choose(app.store, board.actions))
    assert resumed == len(resume_at), "the game ended before every resume point"
    assert kept + again >= 20, f"only {kept + again} choices were seen twice"
    # Every thing has its fixed key in every game (Senji and Harakiri from their key
    # tables; 21 of 1030 moved in Senji and 19 of 311 in Harakiri before): none moves.
    allowed = 0
    assert len(moved) <= again * allowed, f"{len(moved)} of {again} moved: {moved[:5]}"
