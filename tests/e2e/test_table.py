"""The table every game shares: stable keys, Enter on the routine choice, feedback for a
refused key or undo, headers that are never cut, layouts that follow a resize, and the
end screen's full result."""

from __future__ import annotations

import random

import pytest

from screens.common.board_base import BoardBase
from screens.common.curtain import CurtainScreen
from screens.common.decisions import DecisionPanel
from screens.common.keys import ENTER
from screens.common.outcome import OutcomeScreen
from screens.app import TabletopApp
from tabletop.engine import get_game
from tabletop.store import Seat, Store
from tests.e2e.helpers import (PUBLIC_PAUSES, ask_hint, awaits_a_person, board_of, press_action, screen_text, settle,
                               wait_until)
from tests.games.nim import NIM

from .test_keys_stable import thing

pytestmark = pytest.mark.usefixtures("quick_pilot")

# game, options, the seats played by bots (the walk plays the others by keys)
WALKS = {
    "nim": (NIM, {"players": 2}, ()),
    "spirit": ("spirit", {"players": 2}, ()),
    "senji": ("senji", {"players": 3}, (1, 2)),
    "duel": ("duel", {}, ()),
    "harakiri": ("harakiri", {"players": 1}, ()),
}


def game_of(name):
    game = WALKS[name][0]
    return get_game(game) if isinstance(game, str) else game


async def start(pilot, app, game, options, bots=(), seed=3):
    opts = game.Options(**options)
    bot = next(iter(game.bots()), None)
    seats = [Seat(f"Player {i + 1}", bot if i in bots else "human") for i in range(game.seat_count(opts))]
    app.start_new_game(game, opts, seed, seats)
    await settle(pilot)
    return board_of(app)


@pytest.mark.parametrize("name", sorted(WALKS))
async def test_an_action_keeps_its_key_in_the_same_kind_of_decision(data_dir, name):
    game = game_of(name)
    _, options, bots = WALKS[name]
    rng = random.Random(5)
    decisions = 0
    app = TabletopApp(games={game.id: game}, bot_delay=0)
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        for seed in range(3, 13):  # short games on one board screen each, 40 decisions in all
            board = await start(pilot, app, game, options, bots, seed=seed)
            store = app.store
            keys_seen: dict[tuple, str | None] = {}  # one game: one board screen's keys
            for _ in range(200):
                await wait_until(pilot, lambda: awaits_a_person(app, board), "the next decision")
                if store.finished or decisions >= 40:
                    break
                if isinstance(app.screen, (CurtainScreen, *PUBLIC_PAUSES)):
                    # The next seat lifts the curtain; the table reads the end of a round
                    # or a battle's result and goes on, as players do.
                    await pilot.press("enter")
                    continue
                assert app.screen is board, f"unexpected screen {app.screen}"
                decisions += 1
                check_keys(game, board, keys_seen)
                await press_action(pilot, board, rng.randrange(len(board.actions)))
            if decisions >= 40:
                break
            app.to_menu()
            await settle(pilot)
    assert decisions >= 40


def check_keys(game, board, keys_seen: dict) -> None:
    """The routine choice first and on Enter; one key per action; and an action offered
    in the same kind of decision (the same kinds offered) under the same key as before."""
    actions = board.actions
    kind = tuple(sorted({a.kind for a in actions}))
    found = board.board.routine(list(actions))
    routine = [] if found is None else [found]
    if routine:
        assert board.rows[0] == routine[0] and board.keys[routine[0]] == ENTER
        assert board.query_one(DecisionPanel).highlighted == 0
    assert [k for k in board.keys if k == ENTER] == ([ENTER] if routine else [])
    chars = [k for k in board.keys if k not in (None, ENTER)]
    # One key, one action: in a choice made in two steps (a Senji order's kind, then its
    # province) the keys that reach each action differ, its own key being the last.
    paths = [p for p in board.pressed if p and p[-1] != ENTER]
    assert len(paths) == len(set(paths)), "one key, one action"
    for i, action in enumerate(actions):
        ident = (kind, thing(game, board, action))  # a Harakiri step: its direction
        key = board.keys[i]
        if keys_seen.get(ident) is not None:
            assert keys_seen[ident] == key, f"{game.describe(action)} moved from {keys_seen[ident]} to {key}"
        if key is None:  # no key only when every key is spoken for, and the panel says so
            assert set(board.chart.keys) <= set(board.chart._held.values()) | set(chars)
            assert "↑↓" in str(board.query_one(DecisionPanel).border_subtitle)
        keys_seen[ident] = key


async def test_the_routine_choice_stays_on_enter_while_one_shot_spends_go(data_dir):
    """Spirit with 2 players: pool tokens come and go; Begin turn never changes key."""
    game = get_game("spirit")
    app = TabletopApp(games={"spirit": game}, bot_delay=0)
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        board = await start(pilot, app, game, {"players": 2})
        store = app.store
        seen_keys: dict[str, str | None] = {}
        decisions = routine_on_enter = kept = spent = 0
        for _ in range(30):
            if store.finished or not board.actions:
                break
            decisions += 1
            for i, a in enumerate(board.actions):
                ident = repr(game.dump_action(a))
                if a.kind in board.board.DEFAULT_KINDS:
                    assert board.keys[i] == ENTER
                    routine_on_enter += 1
                else:
                    kept += ident in seen_keys
                    seen_keys.setdefault(ident, board.keys[i])
                    assert seen_keys[ident] == board.keys[i]
            # Spend one-shots first when offered: the routine one must never shift.
            spends = [i for i, a in enumerate(board.actions) if a.kind not in board.board.DEFAULT_KINDS]
            spent += bool(spends)
            await press_action(pilot, board, spends[0] if spends else 0)
            await wait_until(pilot, lambda: awaits_a_person(app, board), "the next decision")
        assert decisions >= 10, f"only {decisions} decisions were looked at"
        assert routine_on_enter >= 3 and spent >= 3, (routine_on_enter, spent)
        assert kept >= 3, "no choice was offered twice, so no key was seen to stay"


async def test_a_refused_undo_and_an_unknown_key_say_why(data_dir):
    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await start(pilot, app, NIM, {"players": 2}, bots=(1,))
        await pilot.press("u")
        await settle(pilot, 1)
        said = [n.message for n in app._notifications]
        assert "Nothing to undo yet." in said
        await pilot.press("y")
        await settle(pilot, 1)
        said = [n.message for n in app._notifications]
        assert any("No choice is on “y”" in m for m in said)
        assert app.store.revision == 0


async def test_enter_picks_the_highlighted_row_and_the_footer_says_so(data_dir):
    """Nim has no routine choice: Enter takes a row only once the player moved there."""
    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        board = await start(pilot, app, NIM, {"players": 2}, bots=(1,))
        assert "⏎ Choose" in screen_text(app)
        panel = board.query_one(DecisionPanel)
        assert panel.has_focus
        await pilot.press("enter")  # nobody moved the highlight: nothing is played
        await settle(pilot, 1)
        assert app.store.revision == 0
        assert any("Enter picks only" in n.message for n in app._notifications)
        await pilot.press("down")
        await settle(pilot, 1)
        chosen = board.actions[board.rows[1]]
        await pilot.press("enter")
        await settle(pilot, 1)
        assert app.store.log[0].summary == NIM.describe(chosen)


async def test_one_toast_at_a_time_and_the_log_is_no_tab_stop(data_dir):
    """Four mistyped keys leave one toast; Tab never lands on the log; PgUp scrolls it."""
    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        board = await start(pilot, app, NIM, {"players": 2}, bots=(1,))
        for key in "yyyy":
            await pilot.press(key)
        await settle(pilot, 1)
        assert len(app._notifications) == 1
        for _ in range(4):
            await pilot.press("tab")
            await settle(pilot, 1)
            assert app.focused is None or app.focused.id != "log"
        log = board.query_one("#log")
        log.show([f"line {i}" for i in range(80)])
        await settle(pilot)
        bottom = log.scroll_offset.y
        board.query_one(DecisionPanel).focus()
        await pilot.press("pageup")
        await settle(pilot, 1)
        assert log.scroll_offset.y < bottom and app.store.revision == 0


async def test_the_header_keeps_who_moves_and_the_phase_whole_at_80_columns(data_dir):
    game = get_game("senji")
    app = TabletopApp(games={"senji": game}, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = await start(pilot, app, game, {"players": 3}, bots=(1, 2))
        store = app.store
        status = board.query_one("#status").shown.plain
        mover = store.seats[store.to_move()].name
        assert f"To move: {mover}" in status
        assert game.phase(store.view(None)) in status
        assert len(status.split("\n")[0]) <= 78


async def test_a_finished_game_says_game_over_once(data_dir):
    game = get_game("duel")
    store = Store.new(game, game.Options(), 3, [Seat("Ronin")])
    bot = next(iter(game.bots().values()))
    from rules.common import Rng

    rng = Rng(seed=1)
    while not store.finished:
        seat = store.to_move()
        store.dispatch(bot(game, store.view(seat), seat, store.legal_actions(), rng))
    app = TabletopApp(games={"duel": game}, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_store(store)
        await settle(pilot)
        board = board_of(app)
        status = board.query_one("#status").shown.plain
        assert status.lower().count("game over") <= 1, status
        assert isinstance(app.screen, OutcomeScreen)
        body = str(app.screen.query_one("#outcome-body").content)
        assert "What decided it" in body and store.outcome().explanation in body
        for line in store.outcome().breakdown:
            assert line in body


async def test_senji_tabs_follow_a_resize_both_ways(data_dir):
    """80x24 with the b panel open, widened to 130x40: every panel is back; narrowed
    again: tabs, and m s c b switch them."""
    game = get_game("senji")
    app = TabletopApp(games={"senji": game}, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = await start(pilot, app, game, {"players": 3}, bots=(1, 2))
        senji = board.query_one("#board", BoardBase)
        await pilot.press("b")
        await settle(pilot)
        assert [w.display for w in (senji.query_one("#sj-map"), senji.query_one("#sj-panel"))] == [False, True]
        await pilot.resize_terminal(130, 40)
        await settle(pilot, 3)
        assert not board.has_class("-stacked")
        assert all(senji.query_one(f"#{w}").display for w in ("sj-map", "sj-score", "sj-hand", "sj-panel"))
        await pilot.resize_terminal(80, 24)
        await settle(pilot, 3)
        assert board.has_class("-stacked")
        shown = [w for w in ("sj-map", "sj-score", "sj-hand", "sj-panel") if senji.query_one(f"#{w}").display]
        assert len(shown) == 1
        for key, wid in (("m", "sj-map"), ("s", "sj-score"), ("c", "sj-hand"), ("b", "sj-panel")):
            await pilot.press(key)
            await settle(pilot, 1)
            assert senji.query_one(f"#{wid}").display, key


async def test_the_log_and_decisions_grow_with_a_tall_terminal(data_dir):
    game = get_game("senji")
    app = TabletopApp(games={"senji": game}, bot_delay=0)
    async with app.run_test(size=(120, 70)) as pilot:
        await settle(pilot)
        board = await start(pilot, app, game, {"players": 3}, bots=(1, 2))
        await settle(pilot, 2)
        assert board.has_class("-stacked")
        assert board.query_one("#log").size.height > 12
        assert board.query_one("#decisions").size.height > 12


# -- the setup form -----------------------------------------------------------------
async def open_setup(pilot, app, title: str):
    from screens.menu import MenuScreen
    from screens.setup import SetupScreen

    await settle(pilot)
    assert isinstance(app.screen, MenuScreen)
    menu = app.screen.query_one("#menu")
    index = next(i for i in range(menu.option_count) if title in str(menu.get_option_at_index(i).prompt))
    menu.highlighted = index
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def test_setup_opens_with_the_first_field_focused_and_enter_works(data_dir):
    from textual.widgets import Select

    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, app, NIM.title)
        first = setup.query_one("#opt-players", Select)
        assert app.focused is first
        await pilot.press("enter")  # opens the list of player counts
        await settle(pilot, 1)
        assert first.expanded


async def test_setup_switches_say_on_or_off_in_words(data_dir):
    from textual.widgets import Label, Switch

    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, app, NIM.title)
        word = setup.query_one("#opt-hand-word", Label)
        assert str(word.content) == "On"
        setup.query_one("#opt-hand", Switch).toggle()
        await settle(pilot, 1)
        assert str(word.content) == "Off"


async def test_setup_seat_rows_fit_80_columns_and_the_list_opens_on_screen(data_dir):
    from textual.widgets import Select

    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, app, NIM.title)
        who = setup.query_one("#seat-who-1", Select)
        for widget in (who, setup.query_one("#seat-name-1")):
            assert widget.region.right <= 78, f"{widget.id} ends at column {widget.region.right}"
        who.focus()
        await settle(pilot, 1)
        await pilot.press("enter")
        await settle(pilot, 1)
        assert who.expanded
        overlay = who.query_one("SelectOverlay")
        assert overlay.region.right <= 80 and overlay.region.bottom <= 24


async def test_the_end_screen_tells_round_by_round_how_it_went(data_dir):
    """Samurai Spirit played out by its bot: the end screen gives what decided it and,
    per round, the log's end-of-round lines (from the rules' own log)."""
    from rules.common import Rng

    game = get_game("spirit")
    store = Store.new(game, game.Options(players=3), 3, [Seat(f"Samurai {i + 1}") for i in range(3)])
    bot = next(iter(game.bots().values()))
    rng = Rng(seed=1)
    while not store.finished:
        seat = store.to_move()
        store.dispatch(bot(game, store.view(seat), seat, store.legal_actions(), rng))
    ends = [ln.text for ln in store.view(None).log if ln.text.startswith("End of round")]
    assert ends, "the game's log closes its rounds"
    app = TabletopApp(games={"spirit": game}, bot_delay=0)
    async with app.run_test(size=(100, 50)) as pilot:
        await settle(pilot)
        app.start_store(store)
        await settle(pilot)
        assert isinstance(app.screen, OutcomeScreen)
        body = str(app.screen.query_one("#outcome-body").content)
        assert "What decided it" in body and store.outcome().explanation in body
        assert "Round by round" in body
        for line in ends:
            assert line in body
        # Each round's summary goes on past its closing line (the end-of-round steps).
        assert body.count("Step 1") >= len(ends)


# -- parts: nothing cut silently ----------------------------------------------------
def _parts_app(css: str):
    from textual.app import App

    from screens.common.parts import Part

    class PartsApp(App):
        CSS = css

        def compose(self):
            yield Part(id="grows", fixed=True)
            yield Part(id="boxed", fixed=True)

    return PartsApp()


async def test_a_fixed_part_of_auto_height_is_laid_out_again_when_it_grows():
    from rich.text import Text

    app = _parts_app("#grows { height: auto; } #boxed { height: 2; }")
    async with app.run_test(size=(40, 12)) as pilot:
        part = app.query_one("#grows")
        part.put(Text("Defence D03"))
        await pilot.pause()
        assert part.size.height == 1
        part.put(Text("Defence D03\nneeds S 4 T 8\nStrike now: miss"))
        await pilot.pause()
        assert part.size.height == 3, "the new lines are on screen, not cut to the old height"
        assert "Strike now: miss" in screen_text(app)


async def test_a_header_too_long_for_one_line_wraps_instead_of_cutting(data_dir):
    name = "Lord Tokugawa Ieyasu of Mikawa, Keeper of the Eastern Provinces"
    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_new_game(NIM, NIM.Options(), 3, [Seat(name), Seat("Bot", "greedy")])
        await settle(pilot)
        board = board_of(app)
        status = board.query_one("#status")
        assert status.size.height == 2
        top = " ".join(screen_text(app).splitlines()[:2])
        assert f"To move: {name}" in " ".join(top.split()) and "stones left" in top


async def test_the_decision_highlight_shows_only_while_the_panel_has_the_keys(data_dir):
    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        board = await start(pilot, app, NIM, {"players": 2}, bots=(1,))
        panel = board.query_one(DecisionPanel)
        assert panel.highlighted == 0

        def backgrounds():
            rows = [panel.render_line(y) for y in (0, 1)]  # the highlighted row and the next
            return [next(s.style.bgcolor for s in row if any(c.isalpha() for c in s.text)) for row in rows]

        panel.focus()
        await settle(pilot, 1)
        lit, plain = backgrounds()
        assert lit != plain, "the highlighted row stands out while the panel has the keys"
        board.query_one("#board-area").focus()
        await settle(pilot, 1)
        lit, plain = backgrounds()
        assert lit == plain, "no highlight while the keys are elsewhere"


# -- reading the table (issue 16): the detail line, the hint, the help, the palette, themes --

from tests.games.nim import Nim  # noqa: E402

LONG = ("Takes the card into your selection; once confirmed its stones leave the pile, and "
        "whoever takes the last stone wins the game outright at the very end")


class ExplainedNim(Nim):
    """Nim whose rules explain a choice, say why rolling is missing, and hint."""

    id = "nim"

    def __init__(self) -> None:
        super().__init__()
        self.hint_views: list = []

    def explain(self, view, seat, action):
        if action.kind == "select":
            return f"Card {action.index + 1}: {LONG}."
        return "Ends your turn."

    def why_not(self, view, seat):
        return "No roll: a card is selected." if view.selected else ""

    def hint(self, view, seat, actions):
        self.hint_views.append((view, seat))
        picks = [a for a in actions if a.kind == "select"]
        return (picks[-1], "the last card brings the pile nearest a win") if picks else None


def detail_text(board) -> str:
    """The detail line's words; it is hidden exactly when it has none."""
    box = board.query_one("#detail-box")
    words = str(board.query_one("#detail").shown)
    assert box.display == bool(words)
    return words


async def test_the_detail_line_explains_the_highlighted_choice_and_follows_the_cursor(data_dir):
    game = ExplainedNim()
    app = TabletopApp(games={"nim": game}, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = await start(pilot, app, game, {"players": 2}, bots=(1,))
        first = board.actions[board.rows[0]]
        assert detail_text(board).startswith(f"Card {first.index + 1}: ")
        await pilot.press("down")
        await settle(pilot, 1)
        second = board.actions[board.rows[1]]
        assert detail_text(board).startswith(f"Card {second.index + 1}: ")
        # It wraps in the side panel: every word of the long sentence is on screen.
        box = board.query_one("#detail-box")
        r = box.region
        shown = [line[r.x: r.right] for line in screen_text(app).split("\n")[r.y: r.bottom]]
        flat = " ".join(" ".join(shown).split())
        assert f"Card {second.index + 1}: {LONG}." in flat


async def test_the_detail_line_says_why_a_routine_choice_is_missing(data_dir):
    game = ExplainedNim()
    app = TabletopApp(games={"nim": game}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        board = await start(pilot, app, game, {"players": 2}, bots=(1,))
        assert "No roll" not in detail_text(board)
        await press_action(pilot, board, next(i for i, a in enumerate(board.actions) if a.kind == "select"))
        await settle(pilot, 1)
        assert "No roll: a card is selected." in detail_text(board)


async def test_the_hint_highlights_the_bots_choice_from_the_seats_own_view_and_picks_nothing(data_dir):
    game = ExplainedNim()
    app = TabletopApp(games={"nim": game}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        board = await start(pilot, app, game, {"players": 2}, bots=(1,))
        before = app.store.revision
        await ask_hint(pilot)
        suggested = [a for a in board.actions if a.kind == "select"][-1]
        assert board.query_one(DecisionPanel).highlighted == board.rows.index(board.actions.index(suggested))
        assert detail_text(board).startswith("Hint: the last card brings the pile nearest a win")
        assert app.store.revision == before  # nothing chosen
        view, seat = game.hint_views[-1]
        assert seat == 0 and view == app.store.view(0)  # the seat's own view, never the state
        await pilot.press("up")  # the reason stays with its row
        await settle(pilot, 1)
        assert "Hint:" not in detail_text(board)


async def test_a_game_without_hints_says_so(data_dir):
    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await start(pilot, app, NIM, {"players": 2}, bots=(1,))
        await ask_hint(pilot)
        assert "Nim with a die has no hint to give here." in [n.message for n in app._notifications]


async def test_help_opens_at_the_section_of_the_current_phase(data_dir):
    from screens.common.help import HelpScreen

    game = get_game("spirit")
    app = TabletopApp(games={"spirit": game}, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await start(pilot, app, game, {"players": 2})
        topic = game.help_topic(app.store.view(app.store.to_move()))
        assert topic, "Spirit names the help section of its steps"
        await pilot.press("question_mark")
        await settle(pilot, 4)
        assert isinstance(app.screen, HelpScreen)
        body = app.screen.query_one("#help-body")
        assert body.scroll_y > 0
        top = screen_text(app).split("\n")[1:4]
        assert any(topic in line for line in top), top


def test_a_wide_table_in_the_help_becomes_a_list_and_a_narrow_one_stays():
    from screens.common.help import readable_tables

    wide = ("| Card | What it does | When |\n|---|---|---|\n"
            "| **Hat** | " + "protects the village from one raider of that icon " * 2 + "| Defend step |\n")
    assert readable_tables(wide, 70).strip() == (
        "- **Hat** — What it does: " + ("protects the village from one raider of that icon " * 2).strip()
        + "; When: Defend step")
    narrow = "| a | b |\n|---|---|\n| 1 | 2 |"
    assert readable_tables(narrow, 70) == narrow


async def test_the_palette_lists_the_boards_commands_and_the_theme(data_dir):
    game = get_game("spirit")
    app = TabletopApp(games={"spirit": game}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        board = await start(pilot, app, game, {"players": 2})
        titles = [c.title for c in app.get_system_commands(board)]
        for wanted in ("Save", "Help", "Legend", "Hint", "Menu", "Graveyard", "Theme"):
            assert wanted in titles
        assert titles.count("Choose") == 1  # the panel's Enter and the screen's are one command
        help_command = next(c for c in app.get_system_commands(board) if c.title == "Legend")
        help_command.callback()
        await settle(pilot)
        from screens.common.legend import LegendScreen

        assert isinstance(app.screen, LegendScreen)


async def test_the_theme_is_remembered_between_runs(data_dir):
    from tabletop.settings import load_settings, settings_path

    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.theme == "textual-dark"
        assert app.next_theme() == "Light"
        assert app.next_theme() == "Colour-blind safe"
        await settle(pilot)
    assert load_settings()["theme"] == "okabe-ito"
    assert settings_path().is_file() and not list(settings_path().parent.glob(".settings-*"))
    again = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert again.theme == "okabe-ito"


async def test_a_theme_that_cannot_be_saved_is_said_once(data_dir, monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(blocker / "data"))
    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.next_theme()
        await settle(pilot)
        app.next_theme()
        await settle(pilot)
        said = [n.message for n in app._notifications if "theme cannot be remembered" in n.message]
        assert len(said) == 1
        assert app.theme == "okabe-ito"  # the theme still changed


async def test_a_board_draws_good_and_bad_in_the_themes_colours(data_dir):
    """``BoardBase.tone``: the colour-blind theme's Okabe-Ito vermillion and bluish green."""
    from screens.common.text_board import TextBoard

    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        board = TextBoard(NIM)
        dark = board.tone("error")
        app.theme = "okabe-ito"
        await pilot.pause()
        assert board.tone("error") != dark
        assert board.tone("success").upper() == "#009E73"


async def test_the_menu_goes_round_the_themes(data_dir):
    from textual.widgets import OptionList

    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu", OptionList)
        menu.highlighted = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "theme")
        await pilot.press("enter")
        await settle(pilot, 1)
        assert app.theme == "textual-light"
        assert "Theme: Light" in screen_text(app)


async def test_the_detail_line_and_the_hint_stay_with_the_seat_that_asked(data_dir):
    """Hot-seat: under the hand-off curtain nothing is explained, and the next seat
    never reads the reason of a hint the previous seat asked for."""
    game = ExplainedNim()
    app = TabletopApp(games={"nim": game}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        board = await start(pilot, app, game, {"players": 2})
        await pilot.press("enter")  # Player 1 lifts the curtain
        await settle(pilot)
        await ask_hint(pilot)
        assert detail_text(board).startswith("Hint: ")
        roll = next(i for i, a in enumerate(board.actions) if a.kind == "roll")
        await press_action(pilot, board, roll)
        await settle(pilot)
        assert app.store.to_move() == 1 and isinstance(app.screen, CurtainScreen)
        assert detail_text(board) == ""  # nothing of the last seat's stays behind
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is board and "Hint:" not in detail_text(board)


async def test_the_boards_named_colours_follow_the_theme(data_dir):
    """Boards draw in Rich's named colours: on the light theme 'white' stays readable
    (dark), and the colour-blind theme turns red and green into Okabe-Ito vermillion
    and bluish green."""
    from rich.color import Color

    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)

        def rgb(name: str) -> tuple[int, int, int]:
            return tuple(Color.parse(name).get_truecolor(app.ansi_theme))

        dark_red = rgb("red")
        app.theme = "textual-light"
        await pilot.pause()
        assert sum(rgb("white")) < 3 * 128 and sum(rgb("bright_white")) < 3 * 128
        app.theme = "okabe-ito"
        await pilot.pause()
        assert rgb("red") == (213, 94, 0) != dark_red
        assert rgb("green") == (0, 158, 115)
