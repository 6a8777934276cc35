"""Driving the real app with Pilot: helpers shared by the end-to-end tests."""

from __future__ import annotations

from time import monotonic

from screens.board import BoardScreen
from screens.common.curtain import CurtainScreen
from screens.common.outcome import OutcomeScreen
from screens.senji.results import ResultScreen
from screens.spirit.summary import RoundSummaryScreen

# Public facts held up for the whole table until a key (``BoardBase.public_pause``):
# the end of a Spirit round, a Senji battle's or auction's result.
PUBLIC_PAUSES = (RoundSummaryScreen, ResultScreen)


def painted(app) -> bool:
    """Nothing waits to be handled, laid out or painted: the screen shows what the app
    holds (no held-back update, no message waiting for the app or the screen, no widget
    marked for a layout, a scroll or a repaint)."""
    screen = app.screen
    if app._batch_count or not app._message_queue.empty() or not screen._message_queue.empty():
        return False
    if screen._callbacks or app._next_callbacks or screen._next_callbacks:
        return False
    if (screen._layout_required or screen._scroll_required or screen._repaint_required
            or screen._recompose_required or screen._dirty_widgets):
        return False
    return not any(w._layout_required or w._repaint_required or w._scroll_required or w._recompose_required
                   or w._next_callbacks or not w._message_queue.empty() for w in screen.walk_children())


async def settle(pilot, n: int = 2) -> None:
    """Let the app handle what is pending (``n`` rounds of its messages), then wait until
    the screen is painted: a condition, not a fixed time, so a loaded machine only waits
    longer."""
    for _ in range(n):
        await pilot.pause()
    for _ in range(2):  # painted, and still so after one more round of the app's messages
        await wait_until(pilot, lambda: painted(pilot.app), "the screen to be painted")
        await pilot.pause()


async def ask_hint(pilot) -> None:
    """Press the hint key and wait until its search (a worker thread) has answered."""
    await pilot.press("H")
    await wait_until(pilot, lambda: not [w for w in pilot.app.workers if w.group == "hint" and not w.is_finished],
                     "the hint to be found")
    await settle(pilot, 1)


async def wait_until(pilot, ready, what: str, timeout: float = 10.0) -> None:
    """Let the app run, a few milliseconds at a time, until ``ready()``; fail after
    ``timeout`` seconds. Returns at once when it already is."""
    give_up = monotonic() + timeout
    while not ready():
        assert monotonic() < give_up, f"waited {timeout:g} s for {what}"
        await pilot.pause(0.005)


def awaits_a_person(app, board: BoardScreen) -> bool:
    """The table waits on someone at the screen: a decision on the board, or another
    screen over it (a curtain, a public pause, the end). Not while a bot is to move."""
    return app.store.finished or app.screen is not board or bool(board.actions)


def board_of(app) -> BoardScreen:
    return next(s for s in app.screen_stack if isinstance(s, BoardScreen))


async def press_action(pilot, board: BoardScreen, index: int) -> None:
    """Choose the index-th legal action with keys only: its key, or arrows and Enter
    (the routine choice, listed first, and any row without a key)."""
    pressed = board.pressed[index] if index < len(board.pressed) else ()
    if pressed and pressed[-1] != "enter":  # its keys: one, or a group's and then its own
        for key in pressed:
            await pilot.press(key)
        return
    while board.prefix:  # back to the first step, where the routine row and unkeyed rows are
        await pilot.press("escape")
    panel = board.query_one("#decisions")
    panel.focus()
    await pilot.press("home")
    await pilot.press(*(["down"] * board.rows.index(index)))
    await pilot.press("enter")


async def play_to_end(pilot, app, choose, max_steps: int = 5000) -> int:
    """Play by keys until the outcome screen: ``choose(store, actions) -> index``."""
    store = app.store
    board = board_of(app)
    steps = 0
    while not store.finished:
        assert steps < max_steps, "the game did not end"
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
        else:
            assert app.screen is board, f"unexpected screen {app.screen}"
            assert list(board.actions) == store.legal_actions()
            before = store.revision
            await press_action(pilot, board, choose(store, board.actions))
            await pilot.pause()
            assert store.revision == before + 1, "the key did not play the action"
        steps += 1
    await settle(pilot)
    assert isinstance(app.screen, OutcomeScreen)
    return steps


async def click_action(pilot, board: BoardScreen, index: int) -> None:
    """Choose the index-th legal action with the mouse: a click on its line in the panel."""
    panel = board.query_one("#decisions")
    row = board._reveal(index)  # a member of a group: its group's step opened first
    option = panel.get_option_index(f"act-{row}")  # (a step's header is a line of the list)
    panel.highlighted = option
    panel.scroll_to_highlight()
    await pilot.pause()
    line = panel._index_to_line[option]  # the option's first line in the list
    y = line - int(panel.scroll_offset.y) + 1  # +1: the panel's top border
    await pilot.click(panel, offset=(4, y))


def bot_chooser(game, seed: int, name: str | None = None):
    """An index chooser that asks the game's rules-aware bot (or its first bot)."""
    from rules.common import Rng

    bots = game.bots()
    bot = bots[name] if name else next(iter(bots.values()))
    rng = Rng(seed=seed)

    def choose(store, actions):
        seat = store.to_move()
        action = bot(game, store.view(seat), seat, list(actions), rng)
        return list(actions).index(action)

    return choose


async def start_seeded(pilot, app, game, options: dict, seed: int, bots=()):
    """A new game of ``game`` on the app, the seats in ``bots`` played by the game's first
    bot and the others by people ("Player 1", ...); returns its board, its store and a
    chooser that asks that bot for the people's choices too."""
    from tabletop.store import Seat

    opts = game.Options(**options)
    bot = next(iter(game.bots()))
    seats = [Seat(f"Player {i + 1}", bot if i in bots else "human") for i in range(game.seat_count(opts))]
    app.start_new_game(game, opts, seed, seats)
    await settle(pilot)
    return board_of(app), app.store, bot_chooser(game, seed)


def screen_text(app) -> str:
    """Everything on the screen as plain text (what a player could read)."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()
