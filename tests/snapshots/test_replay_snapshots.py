"""SVG snapshots of the history list and of a replay at 80x24 (update with
--snapshot-update for this file only)."""

from __future__ import annotations

import time

from rules.common import Rng
from screens.replay import ReplayScreen
from screens.app import TabletopApp
from tabletop.catalog import games
from tabletop.engine import get_game
from tabletop.journal import Journal, attach
from tabletop.paths import journal_path
from tabletop.replay import Replay
from tabletop.store import Seat, Store
from tests.e2e.helpers import settle

# The rows' times are set, and read in UTC, so the list is the same on every machine.
WHEN = 1_790_000_000.0  # 2026-09-21 14:13 UTC


def played(game_id: str, seed: int, limit: int, seats: list[Seat] | None = None) -> Store:
    game = get_game(game_id)
    store = Store.new(game, None, seed, seats)
    rng = Rng(seed=seed)
    while store.to_move() is not None and store.revision < limit:
        store._apply(rng.choice(store.legal_actions()), replay=True)
    return store


def test_history_list(snap_compare, monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    journal = Journal(journal_path())
    senji = played("senji", 5, 40, [Seat("Aiko"), Seat("Benkei", "random"), Seat("Chiyo"), Seat("Daigo")])
    for i, store in enumerate((played("duel", 5, 5000), played("harakiri", 5, 5000), senji)):
        attach(journal, store)
        store.recorder.release()
        journal.connect().execute("UPDATE games SET created = ?, updated = ? WHERE id = ?",
                                  (WHEN + 3600 * i - 1800, WHEN + 3600 * i, store.game_uid))
    journal.rename(senji.game_uid, "Friday night")
    journal.close()
    app = TabletopApp(games=games())

    async def open_history(pilot):
        await pilot.pause()
        app.open_history()
        await settle(pilot)

    try:
        assert snap_compare(app, terminal_size=(80, 24), run_before=open_history)
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_replay_of_a_finished_senji_game(snap_compare):
    replay = Replay.from_store(played("senji", 5, 5000))
    app = TabletopApp(games=games())

    async def open_replay(pilot):
        await pilot.pause()
        app.push_screen(ReplayScreen(replay, at=200))
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_replay)


def test_replay_of_a_duel_with_everything_revealed(snap_compare):
    replay = Replay.from_store(played("duel", 5, 5000))
    app = TabletopApp(games=games())

    async def open_replay(pilot):
        await pilot.pause()
        app.push_screen(ReplayScreen(replay, at=10))
        await settle(pilot)
        for _ in range(2):  # public -> the samurai's view -> everything revealed
            await pilot.press("w")
        await settle(pilot)
        app.clear_notifications()
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_replay)
