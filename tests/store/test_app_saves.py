"""The app around the journal: resume, Load, a game held elsewhere, old autosaves, a
failing disk said once, and names from players and files shown as plain words."""

from __future__ import annotations

import hashlib
import json
import sqlite3

from screens.board import BoardScreen
from screens.common.curtain import CurtainScreen
from screens.common.dialogs import ChoiceScreen, LoadScreen, MessageScreen
from screens.menu import MenuScreen
from tabletop import journal as journal_mod
from tabletop import saves
from screens.app import TabletopApp
from tabletop.journal import Journal, attach, clip_path
from tabletop.paths import autosave_dir, journal_path, saves_dir
from tabletop.store import Seat, Store
from tests.e2e.helpers import settle, wait_until
from tests.games.nim import NIM, NimOptions

GAMES = {"nim": NIM}
SIZE = (100, 30)


def played(n: int, seats: list[Seat] | None = None) -> Store:
    store = Store.new(NIM, NimOptions(stones=60), seed=3, seats=seats)
    for _ in range(n):
        store.dispatch(store.legal_actions()[-1])
    return store


def text_of(widget) -> str:
    return str(widget.render())


async def test_the_menu_resumes_the_latest_game_from_the_journal(data_dir):
    store = played(0)
    attach(Journal(journal_path()), store)
    for _ in range(3):
        store.dispatch(store.legal_actions()[-1])
    store.recorder.release()
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        option = app.screen.query_one("#menu").get_option_at_index(0)
        assert option.id == "resume-0" and "3 actions" in str(option.prompt)
        await pilot.press("enter")
        await settle(pilot)
        assert app.store.game_uid == store.game_uid and app.store.state == store.state


async def test_a_game_held_by_another_tabletop_offers_a_copy(data_dir):
    other = Journal(journal_path())  # another process, as far as the journal can tell
    store = played(0)
    attach(other, store)
    store.dispatch(store.legal_actions()[-1])
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.resume_game(store.game_uid)
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        assert "open in another tabletop (process" in app.screen.message
        await pilot.click("#choice-copy")
        await settle(pilot)
        assert isinstance(app.screen, BoardScreen) or isinstance(app.screen, CurtainScreen)
        assert app.store.game_uid != store.game_uid and app.store.state == store.state
        app.store.dispatch(app.store.legal_actions()[-1])
    assert len(other.actions(store.game_uid)) == 1, "the held game is untouched"


async def test_load_lists_journal_games_and_files_with_names_as_plain_words(data_dir):
    store = played(2, [Seat("[@click=app.quit]Mallory[/]"), Seat("Bob [/]")])
    attach(Journal(journal_path()), store)
    saves_dir().mkdir(parents=True)
    exported = saves.write_save(store, saves_dir() / "game [v2].json")
    before = hashlib.sha256(exported.read_bytes()).hexdigest()
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.open_load()
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        options = app.screen.query_one("#load-list")
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any("[@click=app.quit]Mallory[/], Bob [/]" in p for p in prompts)
        assert any("game [v2].json" in p for p in prompts)
        file_row = next(i for i, p in enumerate(prompts) if "game [v2].json" in p)
        options.highlighted = file_row
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.store is not None, "the file read in its thread")
        await settle(pilot)
        assert app.store is not None and app.store.state == store.state
        assert app.store.game_uid != store.game_uid, "a file read in is a new game"
    assert hashlib.sha256(exported.read_bytes()).hexdigest() == before
    assert len(Journal(journal_path()).games(["nim"])) == 2


async def test_seat_names_with_markup_reach_the_curtain_as_written(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.start_new_game(NIM, NimOptions(), 5, [Seat("Bob [/]"), Seat("[b]Eve[/b] [@click=app.quit]x")])
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert text_of(app.screen.query_one("#curtain-title")) == "Pass the screen to Bob [/]"
        assert "Bob [/]: show my game" in str(app.screen.query_one("#curtain-ready").label)


async def test_a_refusal_with_markup_in_it_is_shown_as_written(data_dir, tmp_path):
    bad = tmp_path / "[bold]x [v2].json"
    bad.write_text("{")
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.load_path(bad)
        await wait_until(pilot, lambda: isinstance(app.screen, MessageScreen), "the refusal")
        assert "“[bold]x [v2].json” is cut off" in text_of(app.screen.query_one("#message-body"))


async def test_a_failing_disk_is_said_once_and_play_goes_on(data_dir, monkeypatch):
    from tests.store.test_faults import FullDisk

    def connect(path, timeout):
        return sqlite3.connect(str(path), timeout=timeout, isolation_level=None, factory=FullDisk)

    monkeypatch.setattr(journal_mod, "CONNECT", connect)
    FullDisk.full = True
    try:
        app = TabletopApp(games=GAMES, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            app.start_new_game(NIM, NimOptions(), 5, [Seat("Ana"), Seat("Bot", "greedy")])
            await settle(pilot)
            store = app.store
            for _ in range(4):
                if store.to_move() == 0:
                    store.dispatch(store.legal_actions()[-1])
                await settle(pilot, 1)
            said = [n.message for n in app._notifications if "Could not save" in n.message]
            assert len(said) == 1 and clip_path(journal_path()) in said[0]
            assert said[0].split(" (")[0].endswith("games.sqlite3")
            assert store.revision >= 4
            FullDisk.full = False
            store.dispatch(store.legal_actions()[-1]) if store.to_move() == 0 else None
            await settle(pilot, 1)
            assert any("Saving works again" in n.message for n in app._notifications)
            assert len(Journal(journal_path()).actions(store.game_uid)) == store.revision
    finally:
        FullDisk.full = False


async def test_old_autosave_files_are_imported_once_and_moved_aside(data_dir):
    folder = autosave_dir()
    folder.mkdir(parents=True)
    old = played(4)
    (folder / "abc123.json").write_text(json.dumps(saves.envelope(old)))
    (folder / "broken.json").write_text("{")
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        rows = app.journal.games(["nim"])
        assert [r.moves for r in rows] == [4] and rows[0].source == "import"
        assert app.screen.query_one("#menu").get_option_at_index(0).id == "resume-0"
    assert not folder.exists()
    aside = folder.with_name("autosave.imported")
    assert sorted(p.name for p in aside.iterdir()) == ["abc123.json", "broken.json"], "moved, not deleted"
    folder.mkdir()
    (folder / "later.json").write_text(json.dumps(saves.envelope(old)))
    app2 = TabletopApp(games=GAMES, bot_delay=0)
    async with app2.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert len(app2.journal.games(["nim"])) == 1, "imported once only"


async def test_a_damaged_game_in_the_journal_is_refused_in_a_sentence_and_stays_listed(data_dir):
    store = played(0)
    attach(Journal(journal_path()), store)
    store.dispatch(store.legal_actions()[-1])
    store.recorder.release()
    conn = sqlite3.connect(str(journal_path()))
    conn.execute("UPDATE actions SET action = ? WHERE game_id = ?", ('{"kind": "select", "index": 9}', store.game_uid))
    conn.commit()
    conn.close()
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.resume_last()
        await settle(pilot)
        assert isinstance(app.screen, MessageScreen)
        assert "Action 1 of the saved game" in app.screen.message
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert app.resume_candidate().id == store.game_uid
