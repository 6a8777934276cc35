"""History is a shelf of games (issue 26): every unfinished game continues in place, from
the menu's Resume list or from History; a game's own name names its file. The real app,
driven by keys with Pilot; assertions are on the journal and the files."""

from __future__ import annotations

import time

import pytest

from rules.common import Rng
from screens.app import TabletopApp
from screens.board import BoardScreen
from screens.history import HistoryScreen
from screens.menu import MenuScreen
from tabletop.journal import Journal, attach
from tabletop.paths import journal_path, saves_dir
from tabletop.saves import file_name_for, load
from tabletop.store import Seat, Store
from tests.e2e.helpers import screen_text, settle, wait_until
from tests.games.nim import NIM, NimOptions

GAMES = {"nim": NIM}

pytestmark = pytest.mark.usefixtures("quick_pilot")


def nim_games(journal: Journal, moves: list[int | None]) -> list[Store]:
    """Nim games written to ``journal``, one after another (the last is the newest), each
    played ``moves`` moves by seeded random choices, or to its end for None."""
    stores = []
    for seed, count in enumerate(moves, start=1):
        store = Store.new(NIM, NimOptions(stones=15), seed=seed, seats=[Seat("Aiko"), Seat("Benkei")])
        attach(journal, store)
        rng = Rng(seed=seed)
        while store.to_move() is not None and (count is None or store.revision < count):
            store.dispatch(rng.choice(store.legal_actions()))
        store.recorder.release()
        stores.append(store)
        moment = journal.game(store.game_uid).updated
        while time.time() <= moment:  # the next game is written later
            time.sleep(0.001)
    return stores


async def open_history(pilot, app) -> HistoryScreen:
    await settle(pilot)
    app.open_history()
    await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen), "the history")
    await settle(pilot)
    return app.screen


async def test_the_export_is_named_after_the_games_own_name(data_dir):
    journal = Journal(journal_path())
    (store,) = nim_games(journal, [None])
    journal.rename(store.game_uid, "Kojiro's revenge / round 2")
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot, app)
        await pilot.press("w")
        await wait_until(pilot, lambda: app.screen.query("#save-name"), "the save dialog")
        assert app.screen.query_one("#save-name").value == "Kojiros-revenge-round-2.json"
        await pilot.press("enter")
        await settle(pilot, 1)
    saved = saves_dir() / "Kojiros-revenge-round-2.json"
    assert [e.action for e in load(saved, GAMES).log] == [e.action for e in store.log]


def test_a_games_name_never_makes_a_path_a_dot_file_or_an_empty_name():
    when = time.mktime((2026, 11, 29, 3, 40, 0, 0, 0, -1))
    assert file_name_for("duel", "Kyoto  falls", when) == "Kyoto-falls.json"
    assert file_name_for("duel", "../../.ssh/id", when) == "ssh-id.json"
    assert file_name_for("duel", "..", when) == "duel-20261129-0340.json"
    assert file_name_for("duel", "", when) == "duel-20261129-0340.json"
    assert file_name_for("duel", "雪の 決闘", when) == "雪の-決闘.json"
    assert file_name_for("duel", "a\x1b[31mb", when) == "a-31mb.json"
