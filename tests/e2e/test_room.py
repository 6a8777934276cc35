"""Every size used (issue 26): words are never cut, and the room is shared.

Seeded games of the four games are played at the real table (every seat a person, the
moves chosen by the game's bot through the store) and the screen is read at a number of
decisions:

- at 80x24 and 120x40 every line drawn in the decisions and the log is compared with the
  text it comes from (a row's key and words, a log line): a drawn line must begin and end
  at a word boundary of its text (a word longer than the whole line may fold), and a row's
  continuation lines are indented under its words, its key alone on its first line;
- at 200x50 nothing on screen is cut with "…": the terminal has the room;
- the side panels are wider at 200x50 than at 120x40;
- Samurai Spirit at 80x24 keeps its one-line village status on screen at every decision.
"""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from screens.app import TabletopApp
from screens.common.decisions import DecisionPanel
from screens.common.keys import ENTER
from screens.common.log import LogPanel
from tabletop.engine import get_game
from tabletop.store import Seat
from tests.e2e.helpers import board_of, bot_chooser, screen_text, settle

pytestmark = pytest.mark.usefixtures("quick_pilot")

GAMES = {
    "spirit": {"players": 3},
    "senji": {"players": 3},
    "duel": {},
    "harakiri": {"players": 2},
}
STOPS = (0, 6, 20, 45, 80)  # the numbers of moves at which the screen is read


def _drawn(app, widget) -> list[str]:
    """The lines of ``widget``'s text area as drawn on screen (border and scroll bar off)."""
    region = widget.scrollable_content_region
    lines = screen_text(app).split("\n")
    return [_cells(lines[y], region.x, region.right) if y < len(lines) else "" for y in range(region.y, region.bottom)]


def _cells(line: str, start: int, end: int) -> str:
    """The characters of ``line`` drawn in screen columns ``start`` to ``end`` (a wide
    character, such as 義, takes two columns)."""
    out, x = [], 0
    for ch in line:
        if start <= x < end:
            out.append(ch)
        x += cell_len(ch)
    return "".join(out)


def _at_word_boundary(text: str, piece: str, width: int) -> bool:
    """Whether ``piece`` is a run of ``text`` that starts and ends between words (a word
    longer than ``width`` may be folded anywhere)."""
    start = text.find(piece)
    while start >= 0:
        end = start + len(piece)
        starts = start == 0 or text[start - 1] == " " or _long_word(text, start, width)
        ends = end == len(text) or text[end] == " " or _long_word(text, end - 1, width)
        if starts and ends:
            return True
        start = text.find(piece, start + 1)
    return False


def _long_word(text: str, at: int, width: int) -> bool:
    left = text.rfind(" ", 0, at) + 1
    right = text.find(" ", at)
    return (len(text) if right < 0 else right) - left > width


def word_cuts(app, board) -> list[str]:
    """Lines of the decisions and the log that do not begin and end between words of their
    text, and continuation lines of a row that are not indented."""
    problems = []
    panel = board.query_one(DecisionPanel)
    rows = []
    for label, key in zip(panel._labels, panel._keys):
        shown = "⏎" if key == ENTER else key
        rows.append(" ".join(f"{shown or '·'} {label}".split()))
    waiting = panel._shown[1] if getattr(panel, "_shown", None) else None
    if waiting:
        rows.append(" ".join(waiting.split()))
    log = board.query_one(LogPanel)
    logs = [" ".join(line.split()) for line in log.lines_shown]
    for name, widget, texts in (("decisions", panel, rows), ("log", log, logs)):
        width = widget.scrollable_content_region.width
        for drawn in _drawn(app, widget):
            piece = " ".join(drawn.split())
            if not piece:
                continue
            if not any(_at_word_boundary(t, piece, width) for t in texts):
                problems.append(f"{name}: {drawn.rstrip()!r}")
            elif name == "decisions" and not any(t.startswith(piece) for t in rows) and not drawn.startswith("  "):
                problems.append(f"decisions, a continuation line not indented: {drawn.rstrip()!r}")
    return problems


async def walk(pilot, app, name: str, seed: int, look) -> int:
    """A seeded game of ``name`` at the table; ``look(board)`` at each of STOPS (the screen
    is the board then). Returns how many times it looked."""
    game = get_game(name)
    opts = game.Options(**GAMES[name])
    seats = [Seat(f"Player {i + 1}", "human") for i in range(game.seat_count(opts))]
    app.start_new_game(game, opts, seed, seats)
    await settle(pilot)
    board = board_of(app)
    store = app.store
    choose = bot_chooser(game, seed)
    moves = looked = 0
    for stop in STOPS:
        while moves < stop and not store.finished:
            actions = store.legal_actions()
            store.dispatch(actions[choose(store, actions)])
            moves += 1
        await settle(pilot)
        for _ in range(6):  # a hand-off curtain or a results screen: the table looks on
            if app.screen is board or store.finished:
                break
            await pilot.press("enter")
            await settle(pilot)
        if app.screen is board:
            look(board)
            looked += 1
        if store.finished:
            break
    return looked


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("name", sorted(GAMES))
async def test_decisions_and_log_wrap_between_words(data_dir, name, size):
    app = TabletopApp(games={name: get_game(name)}, bot_delay=0)
    found: dict[str, None] = {}
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        looked = await walk(pilot, app, name, 3, lambda board: found.update(dict.fromkeys(word_cuts(app, board))))
    assert looked >= 3
    assert not found, "words cut at a line's end:\n" + "\n".join(found)


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_nothing_is_cut_at_200x50(data_dir, name):
    app = TabletopApp(games={name: get_game(name)}, bot_delay=0)
    found: dict[str, None] = {}

    def look(board) -> None:
        for line in screen_text(app).split("\n"):
            if "…" in line:
                found[line.strip()[:200]] = None

    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        looked = await walk(pilot, app, name, 3, look)
    assert looked >= 3
    assert not found, "cut with … at 200x50:\n" + "\n".join(found)


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_the_side_panels_are_wider_at_200x50_than_at_120x40(data_dir, name):
    app = TabletopApp(games={name: get_game(name)}, bot_delay=0)
    widths = []
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await walk(pilot, app, name, 3, lambda board: None)
        for size in ((120, 40), (200, 50)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            board = board_of(app)
            assert not board.has_class("-stacked") or size == (120, 40)
            widths.append(board.query_one("#side").size.width if not board.has_class("-stacked") else 0)
    assert widths[1] > max(widths[0], 46), widths


async def test_spirit_at_80x24_keeps_the_village_in_sight_with_the_samurai_to_move(data_dir):
    """At every decision of a seeded game the screen shows, in one line, the barricades
    (standing of the cap), the farmsteads and the families as the store has them, and the
    whole panel of the samurai who decides."""
    from rules.spirit.words import family

    name = "spirit"
    game = get_game(name)
    app = TabletopApp(games={name: game}, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        opts = game.Options(**GAMES[name])
        app.start_new_game(game, opts, 5, [Seat(f"Player {i + 1}") for i in range(game.seat_count(opts))])
        await settle(pilot)
        board = board_of(app)
        store = app.store
        choose = bot_chooser(game, 5)
        area = board.query_one("#board-area")
        decisions = 0
        while decisions < 40 and not store.finished:
            if app.screen is not board:  # the end of a round, held up until a key
                await pilot.press("enter")
                await settle(pilot)
                continue
            state = store.state
            families = [family(f) for f in state.families]
            lines = [ln for ln in screen_text(app).split("\n") if f"Barricades {state.barricades}/" in ln]
            assert lines, f"no village line at decision {decisions}"
            line = lines[0]
            farms = len(state.farms)
            assert f"{farms} farmstead" in line or "Farmsteads " + " ".join(map(str, sorted(state.farms))) in line, line
            assert f"{len(families)} famil" in line or ", ".join(families) in line, line
            seat = store.to_move()
            pending = state.pending.seat if state.pending else seat
            panel = board.query_one(f"#samurai-{pending}")
            assert area.region.contains_region(panel.region), f"seat {pending} is off screen"
            actions = store.legal_actions()
            store.dispatch(actions[choose(store, actions)])
            decisions += 1
            await settle(pilot)
    assert decisions == 40
