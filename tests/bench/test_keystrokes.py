"""Keystrokes per decision, as a player meets them (issue 25).

The real app (Pilot) plays seeded games of all four at 80x24 and 120x40; at each
decision the game's bot chooses for the human seat, and the screen as drawn is read:

- the rows of the decision list in sight (the panel's scroll window), and how many of
  them show a key (a letter or digit, or ⏎ on the routine row);
- the keys the bot's choice needs: 1 for a row with its own key or the ⏎ row under the
  highlight, 2 for a choice made in two steps (a group's key, then the member's: a Senji
  order's kind, then its province); else the arrows from the highlight to it and Enter (a row reached without a
  move of the highlight takes one key to claim it: Enter alone picks only a row the
  player moved to); +1 when the list does not have the focus (a map, a grid).

The choice is then typed with keys and the game goes on. ``KEYSTROKE_TABLE`` (a path),
when set, receives the per-game table as JSON lines. The issue's goal, per game: at
least 98% of the rows in sight keyed, a mean of at most 1.2 keys per decision, max 3.
Run: ``KEYSTROKE_TABLE=/tmp/keys.jsonl pytest -q -n 0 -s tests/bench/test_keystrokes.py``.
"""

from __future__ import annotations

import json
import os

import pytest

from screens.common.curtain import CurtainScreen
from screens.common.decisions import DecisionPanel
from screens.common.keys import ENTER
from screens.app import TabletopApp
from tabletop.engine import get_game
from tests.e2e.conftest import quick_pilot  # noqa: F401 (a fixture)
from tests.e2e.helpers import (PUBLIC_PAUSES, awaits_a_person, press_action, settle,
                               start_seeded, wait_until)

pytestmark = pytest.mark.usefixtures("quick_pilot")

# game, options, bot seats (they play themselves), decisions counted per size
GAMES = {
    "spirit": ({"players": 2}, (), 100),
    "senji": ({"players": 3}, (1, 2), 250),
    "duel": ({}, (), 100),
    "harakiri": ({"players": 1}, (), 200),
}
SIZES = ((80, 24), (120, 40))
# The whole count (the table in the closing note) runs with KEYSTROKE_TABLE or KEYSTROKE_FULL
# set; the suite's own run walks a quarter of it (at least 30 decisions), goals the same.
FULL = bool(os.environ.get("KEYSTROKE_TABLE") or os.environ.get("KEYSTROKE_FULL"))
GOAL_KEYED, GOAL_MEAN, GOAL_MAX = 0.98, 1.2, 3


def visible_rows(panel: DecisionPanel) -> list[int]:
    """The rows of the list (its choices, not a step's header) whose first line is inside
    its scroll window, by their number in the screen's ``rows``."""
    height = panel.scrollable_content_region.height
    top = int(panel.scroll_offset.y)
    lines = panel._index_to_line
    out = []
    for n, option in enumerate(panel._options):
        if option.id and option.id.startswith("act-") and n < len(lines) and top <= lines[n] < top + height:
            out.append(int(option.id[4:]))
    return out


def shown_key(board, row: int) -> str | None:
    """The key drawn on the step's row ``row`` (an action's or a group's)."""
    return board.entries[row].key if row < len(board.entries) else None


def keys_needed(app, board, index: int) -> int:
    panel = board.query_one(DecisionPanel)
    pressed = board.pressed[index]
    if pressed and pressed[-1] != ENTER:
        return len(pressed)  # a row's own key works wherever the focus is; a group's key, then its own
    row = board.rows.index(index)
    key = board.keys[index]
    focus = 0 if app.focused is panel else 1
    here = panel.highlighted or 0
    if key == ENTER and row == here:
        return 1 + focus
    if len(board.actions) == 1:
        return 1 + focus
    return max(1, abs(row - here)) + 1 + focus  # arrows (Home when already there) and Enter


async def walk(game_id: str, size: tuple[int, int], seed: int = 3) -> dict:
    options, bots, decisions = GAMES[game_id]
    decisions = decisions if FULL else max(30, decisions // 4)
    game = get_game(game_id)
    app = TabletopApp(games={game_id: game}, bot_delay=0)
    rows = keyed = steps = keys = most = 0
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        while steps < decisions:
            board, store, choose = await start_seeded(pilot, app, game, options, seed, bots)
            while steps < decisions:
                await wait_until(pilot, lambda: awaits_a_person(app, board), "the next decision")
                if store.finished:
                    break
                if isinstance(app.screen, (CurtainScreen, *PUBLIC_PAUSES)):
                    await pilot.press("enter")
                    await settle(pilot, 1)
                    continue
                await settle(pilot, 1)
                panel = board.query_one(DecisionPanel)
                shown = visible_rows(panel)
                rows += len(shown)
                keyed += sum(shown_key(board, r) is not None for r in shown)
                index = choose(store, board.actions)
                need = keys_needed(app, board, index)
                keys += need
                most = max(most, need)
                steps += 1
                await press_action(pilot, board, index)
            seed += 1
            app.to_menu()
            await settle(pilot)
    return {"game": game_id, "size": f"{size[0]}x{size[1]}", "decisions": steps, "rows": rows,
            "keyed": round(keyed / rows, 3) if rows else 1.0, "mean": round(keys / steps, 2), "max": most}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_keystrokes_per_decision(data_dir, game_id, size):
    row = await walk(game_id, size)
    print(f"\n{row['game']:9} {row['size']:7} decisions {row['decisions']:4}  rows in sight {row['rows']:5}"
          f"  keyed {row['keyed']:.1%}  keys/decision {row['mean']:.2f}  max {row['max']}")
    out = os.environ.get("KEYSTROKE_TABLE")
    if out:
        with open(out, "a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")
    wanted = GAMES[game_id][2] if FULL else max(30, GAMES[game_id][2] // 4)
    assert row["decisions"] >= wanted, "the walk met too few decisions to count"
    met = row["keyed"] >= GOAL_KEYED and row["mean"] <= GOAL_MEAN and row["max"] <= GOAL_MAX
    if not met:
        pytest.xfail(f"issue 25's goal not met yet: {row}")
