"""The replay and the history on the real app, driven by keys with Pilot."""

from __future__ import annotations

from functools import cache

import pytest

from rules.common import Rng
from screens.board import BoardScreen
from screens.history import HistoryScreen
from screens.replay import GoToDialog, PlayOnDialog, ReplayScreen
from screens.app import TabletopApp
from tabletop.catalog import games
from tabletop.engine import get_game
from tabletop.journal import Journal, attach
from tabletop.paths import journal_path
from tabletop.replay import EVERYTHING, PUBLIC, Replay
from tabletop.store import Store
from tests.e2e.helpers import screen_text, settle

GAME_IDS = ("spirit", "senji", "duel", "harakiri")

pytestmark = pytest.mark.usefixtures("quick_pilot")


@cache
def played(game_id: str, seed: int, limit: int = 5000, bot: bool = False) -> Store:
    """A game played by random choices (or the game's first bot), seeded."""
    game = get_game(game_id)
    store = Store.new(game, None, seed)
    rng = Rng(seed=seed)
    chooser = next(iter(game.bots().values())) if bot else None
    while store.to_move() is not None and store.revision < limit:
        legal = store.legal_actions()
        if chooser is None:
            action = rng.choice(legal)
        else:
            seat = store.to_move()
            action = chooser(game, game.view(store.state, seat), seat, legal, rng)
        store._apply(action, replay=True)
    return store


def straight_views(store: Store, seat=None) -> list[str]:
    """The public view after each move, from a replay from the start (no snapshots)."""
    game = store.game
    state = game.new(store.options, store.seed)
    out = [game.view(state, seat).model_dump_json()]
    for entry in store.log:
        game.apply(state, game.parse_action(entry.action))
        out.append(game.view(state, seat).model_dump_json())
    return out


def replay_app(replay: Replay, at: int | None = None):
    app = TabletopApp(games=games(), bot_delay=0)

    async def start(pilot):
        await pilot.pause()
        app.push_screen(ReplayScreen(replay, at=at))
        await settle(pilot)

    return app, start


def drawn(screen: ReplayScreen) -> str:
    frame = screen.board.frame
    assert frame is not None and frame.view is not None and frame.actions == ()
    return frame.view.model_dump_json()


async def test_stepping_a_senji_game_back_and_forth_draws_the_view_of_each_move():
    store = played("senji", 5)
    truth = straight_views(store)
    replay = Replay.from_store(store)
    app, start = replay_app(replay)
    async with app.run_test(size=(100, 34)) as pilot:
        await start(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.at == replay.length and drawn(screen) == truth[-1]
        await pilot.press("home")
        assert screen.at == 0 and drawn(screen) == truth[0]
        for n in range(1, 130):
            await pilot.press("right")
            assert screen.at == n and drawn(screen) == truth[n], f"move {n}"
        for n in range(128, 60, -1):
            await pilot.press("left")
            assert screen.at == n and drawn(screen) == truth[n], f"back to move {n}"
        await pilot.press("pagedown")
        year_start = replay.next_round(61)
        assert screen.at == year_start and drawn(screen) == truth[year_start]
        await pilot.press("pageup")
        assert screen.at == replay.previous_round(year_start)
        await pilot.press("end")
        await pilot.press("left")
        assert screen.at == replay.length - 1 and drawn(screen) == truth[-2]
        await pilot.press("colon")
        await settle(pilot, 1)
        assert isinstance(app.screen, GoToDialog)
        await pilot.press(*"345", "enter")
        await settle(pilot, 1)
        assert app.screen is screen and screen.at == 345 and drawn(screen) == truth[345]
        text = screen_text(app)
        assert f"Move 345 of {replay.length}" in text and f"345/{replay.length}" in text


async def test_the_log_marks_the_lines_of_the_move_on_show():
    store = played("senji", 5)
    replay = Replay.from_store(store)
    app, start = replay_app(replay, at=200)
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        log = app.screen.query_one("#log")
        current = [text for text, on in log.shown if on]
        state = replay.state_at(200)
        written = [ln.text for ln in state.log[len(replay.state_at(199).log):] if ln.seats is None]
        assert current == written and written
        assert [text for text, _ in log.shown][-len(written):] == written


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_the_public_replay_of_an_unfinished_game_shows_no_private_fact(game_id):
    """The screen is the same, to the character, when every hidden card is scrambled."""
    store = played(game_id, 11, limit=24, bot=True)
    replay = Replay.from_store(store)
    assert not replay.finished
    game = store.game
    app, start = replay_app(replay, at=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        screen = app.screen
        scrambled_somewhere = False
        for n in range(0, replay.length + 1, 3):
            screen.go(n)
            await settle(pilot, 1)
            honest = screen_text(app)
            state = replay.state_at(n)
            other = game.scramble_hidden(state, None, Rng(seed=n + 1))
            scrambled_somewhere |= other.model_dump_json() != state.model_dump_json()
            real_state_at = replay.state_at
            replay.state_at = lambda m, _other=other, _n=n: _other if m == _n else real_state_at(m)
            try:
                screen.draw()
                await settle(pilot, 1)
                assert screen_text(app) == honest, f"move {n} shows something hidden"
            finally:
                del replay.state_at
            await pilot.press("w")  # whose eyes: an unfinished game stays public
            await settle(pilot, 1)
            assert screen.eyes is PUBLIC
        assert scrambled_somewhere, "the scramble changed nothing: the test would prove nothing"


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_every_board_draws_a_finished_game_through_every_pair_of_eyes(game_id):
    store = played(game_id, 5)
    replay = Replay.from_store(store)
    assert replay.finished
    app, start = replay_app(replay, at=replay.length // 2)
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        screen = app.screen
        for n in (0, replay.length // 2, replay.length):
            screen.go(n)
            for eyes in replay.eyes_choices():
                assert screen.eyes == eyes
                assert drawn(screen) == replay.view_at(n, eyes).model_dump_json()
                frame = screen.board.frame
                assert frame.seat == (eyes if isinstance(eyes, int) else None)
                text = screen_text(app)
                if eyes == EVERYTHING:
                    assert "Hidden from the table" in text
                await pilot.press("w")
                await settle(pilot, 1)
            assert screen.eyes is PUBLIC, "w comes round to the public view"


async def test_play_on_from_a_move_starts_a_new_game_and_leaves_the_original(data_dir):
    store = played("senji", 5)
    journal = Journal(journal_path())
    original = Replay.from_store(store).play_on(store.revision - 1, list(store.seats))
    attach(journal, original)
    original.recorder.release()
    app = TabletopApp(games=games(), bot_delay=0)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        app.open_replay(original.game_uid)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        screen.go(120)
        await pilot.press("n")
        await settle(pilot, 1)
        dialog = app.screen
        assert isinstance(dialog, PlayOnDialog)
        await pilot.press("enter")  # seat 1: a person -> the random bot
        await settle(pilot, 1)
        assert dialog.seats[0].controller == "random"
        await pilot.press("end", "enter")  # start the new game
        await settle(pilot)
        assert any(isinstance(s, BoardScreen) for s in app.screen_stack)
        new = app.store
        assert new.game_uid != original.game_uid
        assert new.revision >= 120  # the bot at seat 1 may have moved on already
        assert [e.action for e in new.log[:120]] == [e.action for e in original.log[:120]]
        assert Replay.from_store(new).state_at(120).model_dump_json() == \
            screen.replay.state_at(120).model_dump_json()
        assert new.seats[0].controller == "random"
    assert len(journal.actions(original.game_uid)) == original.revision, "the original is untouched"
    assert len(journal.actions(new.game_uid)) >= 120
    assert journal.game(new.game_uid).source == "replay"


def _journal_with_games() -> tuple[Journal, list[Store]]:
    journal = Journal(journal_path())
    stores = []
    for game_id, limit in (("duel", 5000), ("senji", 30)):
        store = played(game_id, 5, limit)
        copy = Replay.from_store(store).play_on(store.revision, list(store.seats)) if limit < 5000 else None
        if copy is None:
            copy = Replay.from_store(store).play_on(store.revision - 1, list(store.seats))
            copy.dispatch(copy.game.parse_action(store.log[-1].action))
        attach(journal, copy)
        copy.recorder.release()
        stores.append(copy)
    return journal, stores


async def test_the_history_opens_renames_and_deletes_only_after_asking(data_dir):
    journal, (duel, senji) = _journal_with_games()
    app = TabletopApp(games=games(), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu")
        index = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "history")
        menu.highlighted = index
        await pilot.press("enter")
        await settle(pilot)
        history = app.screen
        assert isinstance(history, HistoryScreen)
        assert [r.id for r in history.rows] == [senji.game_uid, duel.game_uid]
        text = screen_text(app)
        assert "Senji" in text and "not finished" in text and "Way of the Samurai" in text
        await pilot.press("r")
        await settle(pilot, 1)
        await pilot.press(*"Kyoto falls", "enter")
        await settle(pilot, 1)
        assert journal.game(senji.game_uid).name == "Kyoto falls"
        assert "“Kyoto falls”" in screen_text(app)
        await pilot.press("d")
        await settle(pilot, 1)
        await pilot.press("escape")  # asked, and kept
        await settle(pilot, 1)
        assert journal.game(senji.game_uid) is not None
        await pilot.press("d")
        await settle(pilot, 1)
        await pilot.press("tab", "enter")  # "Delete it"
        await settle(pilot, 1)
        assert journal.game(senji.game_uid) is None
        assert [r.id for r in history.rows] == [duel.game_uid]
        await pilot.press("enter")
        await settle(pilot)
        replay_screen = app.screen
        assert isinstance(replay_screen, ReplayScreen)
        assert replay_screen.replay.length == duel.revision and replay_screen.replay.finished
        await pilot.press("q")
        await settle(pilot)
        assert app.screen is history


async def test_a_game_that_no_longer_replays_is_refused_in_one_sentence(data_dir):
    journal, (duel, _senji) = _journal_with_games()
    journal.connect().execute("UPDATE actions SET action = ? WHERE game_id = ? AND n = 2",
                              ('{"kind": "no such move"}', duel.game_uid))
    app = TabletopApp(games=games(), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_replay(duel.game_uid)
        await settle(pilot)
        assert not isinstance(app.screen, ReplayScreen)
        text = screen_text(app)
        assert "This game cannot be replayed" in text and "Action 2 of the saved game" in text


async def test_space_plays_the_game_on_by_itself_and_stops_on_a_key():
    store = played("harakiri", 5)
    replay = Replay.from_store(store)
    app, start = replay_app(replay, at=0)
    async with app.run_test(size=(100, 34)) as pilot:
        await start(pilot)
        screen = app.screen
        # A step every 0.2 s: the game (74 moves) cannot run out while the test waits for
        # the third move, even on a loaded machine.
        screen.PLAY_SECONDS = 0.2
        await pilot.press("space")
        assert screen.playing
        for _ in range(400):
            await pilot.pause(0.05)
            if screen.at >= 3:
                break
        await pilot.press("space")
        stopped_at = screen.at
        assert 3 <= stopped_at < replay.length and not screen.playing
        await pilot.pause(0.1)
        assert screen.at == stopped_at, "it stopped"
        assert drawn(screen) == replay.view_at(stopped_at).model_dump_json()
        screen.PLAY_SECONDS = 0.5
        await pilot.press("end", "space")  # from the end it starts again at the setup
        assert screen.playing and screen.at <= 1
        await pilot.press("left")
        assert not screen.playing


async def test_playing_by_itself_holds_up_a_battles_result_as_the_table_does():
    from screens.senji.results import ResultScreen

    store = played("senji", 5)
    replay = Replay.from_store(store)
    battle = next(ln.move for ln in replay.lines_at(replay.length) if ln.text.startswith("Combat in"))
    app, start = replay_app(replay, at=battle - 3)
    async with app.run_test(size=(100, 34)) as pilot:
        await start(pilot)
        screen = app.screen
        screen.board.show_results = True  # a headless board shows none by default
        screen.PLAY_SECONDS = 0.01
        await pilot.press("space")
        for _ in range(300):
            await pilot.pause(0.02)
            if isinstance(app.screen, ResultScreen):
                break
        assert isinstance(app.screen, ResultScreen), "the battle's result was not shown"
        held = screen.at
        assert held >= battle
        await pilot.pause(0.2)
        assert screen.at == held, "the replay waits while the table reads the result"
        await pilot.press("enter")
        for _ in range(100):
            await pilot.pause(0.02)
            if screen.at > held:
                break
        assert screen.at > held, "and goes on after a key"
        await pilot.press("space")


async def test_a_narrow_terminal_puts_the_side_under_a_wide_board_as_the_live_board_does():
    replay = Replay.from_store(played("senji", 5))
    app, start = replay_app(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot)
        screen = app.screen
        assert screen.has_class("-stacked") and screen.board.narrow, "the Senji map needs the whole width"
        assert "tabs:" in screen_text(app)
        await pilot.press("s")  # the board's honour tab; the keys stay the replay's
        await settle(pilot, 1)
        assert "Honour (60 wins)" in screen_text(app)
        await pilot.press("left")
        assert screen.at == replay.length - 1
        await pilot.resize_terminal(200, 50)
        await settle(pilot)
        assert not screen.has_class("-stacked")
        assert screen.query_one("#side").size.width == 46


async def test_the_history_writes_a_game_to_a_file_that_replays_the_same(data_dir, tmp_path):
    from tabletop.saves import load

    journal, (duel, _senji) = _journal_with_games()
    app = TabletopApp(games=games(), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_history()
        await settle(pilot)
        await pilot.press("down", "w")
        await settle(pilot, 1)
        target = tmp_path / "shared.json"
        app.screen.query_one("#save-name").value = str(target)
        await pilot.press("enter")
        await settle(pilot, 1)
    shared = load(target, games())
    assert [e.action for e in shared.log] == [e.action for e in duel.log]
    assert Replay.from_store(shared).finished
    assert len(journal.actions(duel.game_uid)) == duel.revision


async def test_a_replay_on_a_winter_move_shows_the_clock_frozen_and_never_runs_it_out(monkeypatch):
    # A replay is read-only: the winter clock shows the position's time and stands
    # still; it never ticks down nor sends the rules' time_up at 0:00.
    from screens.senji.board import WINTER_STEPS, SenjiBoard

    # Each tick of a live clock would take 10000 s off it: 0:00 at its first tick, after 1 s.
    monkeypatch.setattr(SenjiBoard, "CLOCK_TICK", 10_000.0)
    store = played("senji", 5)
    assert store.options.winter_timer_s > 0
    replay = Replay.from_store(store)
    winter = next(n for n in range(replay.length) if replay.state_at(n).step in WINTER_STEPS)
    app, start = replay_app(replay, at=winter)
    async with app.run_test(size=(200, 50)) as pilot:
        await start(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.at == winter
        before = [ln for ln in screen_text(app).splitlines() if "⏱" in ln]
        assert before, "the winter clock is on the map"
        await pilot.pause(2.0)
        await settle(pilot)
        assert app.screen is screen and screen.at == winter and screen.replay.length == replay.length
        assert [ln for ln in screen_text(app).splitlines() if "⏱" in ln] == before
        assert "host pauses" not in screen_text(app)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_the_everything_revealed_panel_names_cards_as_the_rulebook_does(game_id):
    # Issue 16 on the replay's screen: "Hidden from the table" holds no code of the state.
    from textual.widgets import Static

    from tests.e2e.test_readable import id_tokens

    store = played(game_id, 3)
    replay = Replay.from_store(store)
    assert replay.finished
    app, start = replay_app(replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot)
        screen = app.screen
        while screen.eyes != EVERYTHING:
            await pilot.press("w")
            await settle(pilot, 1)
        read = []
        for n in sorted({0, replay.length // 3, replay.length // 2, replay.length}):
            screen.go(n)
            await settle(pilot, 1)
            read += str(screen.query_one("#replay-revealed", Static).content).splitlines()
        assert any(line != "Nothing is hidden now." for line in read)
        assert not [line for line in read if id_tokens(line, game_id)]
