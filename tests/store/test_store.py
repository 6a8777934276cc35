"""The store: refused actions change nothing, undo stops at checkpoints, the journal."""

from __future__ import annotations

import pytest

from rules.common import IllegalAction
from tabletop import saves
from tabletop.journal import GameRecorder, Journal
from tabletop.store import Store
from tests.games.nim import NIM, Confirm, NimOptions, Roll, Select


def new_store(tmp_path=None, **opts) -> Store:
    store = Store.new(NIM, NimOptions(**opts), seed=42)
    if tmp_path is not None:
        store.recorder = GameRecorder(Journal(tmp_path / "games.sqlite3"))
        store.recorder.record(store)
    return store


def test_rejected_action_changes_nothing():
    store = new_store(stones=5)
    store.dispatch(Select(index=0))
    before = (store.state.model_dump_json(), list(store.log), store.revision)
    with pytest.raises(IllegalAction, match="already selected"):
        store.dispatch(Select(index=0))
    with pytest.raises(IllegalAction):
        store.dispatch(Roll())  # not offered while cards are selected
    assert (store.state.model_dump_json(), list(store.log), store.revision) == before


def test_an_action_the_rules_accept_but_do_not_offer_is_refused():
    class RollOnly(type(NIM)):
        def legal_actions(self, state):
            return [Roll()] if state.winner is None else []

    store = Store.new(RollOnly(), NimOptions(), seed=1)
    before = store.state.model_dump_json()
    with pytest.raises(IllegalAction, match="not one of the choices"):
        store.dispatch(Select(index=0))
    assert store.state.model_dump_json() == before and store.log == []


def test_undo_takes_back_selections_but_not_a_draw():
    store = new_store()
    store.dispatch(Select(index=0))
    store.dispatch(Select(index=1))
    assert store.log[-1].checkpoint is False
    undone = store.undo()
    assert undone.summary == "Select card 2"
    assert store.state.selected == [0]
    store.dispatch(Confirm())  # draws replacement cards: a checkpoint
    assert store.log[-1].checkpoint is True
    assert not store.can_undo()
    with pytest.raises(IllegalAction, match="cannot be undone"):
        store.undo()


def test_undo_after_a_checkpoint_replays_from_it():
    store = new_store()
    store.dispatch(Roll())
    assert store.log[-1].checkpoint  # the die was rolled
    store.dispatch(Select(index=0))
    snapshot = store.state.model_dump_json()
    store.dispatch(Select(index=1))
    store.undo()
    assert store.state.model_dump_json() == snapshot
    store.undo()
    assert not store.can_undo()


def test_undo_with_nothing_done():
    store = new_store()
    assert store.undo_block() == "Nothing to undo yet."


def test_subscribers_hear_every_change():
    store = new_store()
    heard = []
    unsubscribe = store.subscribe(lambda s: heard.append(s.revision))
    store.dispatch(Select(index=0))
    store.undo()
    unsubscribe()
    store.dispatch(Roll())
    assert heard == [1, 0]


def test_every_action_is_in_the_journal_as_soon_as_it_is_played(tmp_path):
    store = new_store(tmp_path)
    store.dispatch(Select(index=0))
    other = Journal(tmp_path / "games.sqlite3")  # another reader sees it at once
    assert other.actions(store.game_uid) == [{"kind": "select", "index": 0}]
    store.dispatch(Confirm())
    assert len(other.actions(store.game_uid)) == 2
    assert other.game(store.game_uid).moves == 2


def test_undo_takes_the_rows_back_and_the_next_action_replaces_them(tmp_path):
    store = new_store(tmp_path)
    store.dispatch(Select(index=0))
    store.dispatch(Select(index=1))
    store.undo()
    other = Journal(tmp_path / "games.sqlite3")
    assert other.actions(store.game_uid) == [{"kind": "select", "index": 0}]
    store.dispatch(Select(index=2))
    assert other.actions(store.game_uid) == [{"kind": "select", "index": 0}, {"kind": "select", "index": 2}]


def test_save_then_load_gives_the_same_state(tmp_path):
    store = new_store(players=3)
    rng_moves = 0
    while store.to_move() is not None and rng_moves < 30:
        store.dispatch(store.legal_actions()[rng_moves % len(store.legal_actions())])
        rng_moves += 1
    path = saves.write_save(store, tmp_path / "game.json")
    loaded = saves.load(path, {"nim": NIM})
    assert loaded.state == store.state
    assert [e.action for e in loaded.log] == [e.action for e in store.log]
    assert [e.checkpoint for e in loaded.log] == [e.checkpoint for e in store.log]
    assert loaded.seats == store.seats
    assert loaded.game_uid != store.game_uid, "a loaded file always makes a new game"


def test_undo_works_after_loading(tmp_path):
    store = new_store()
    store.dispatch(Roll())
    store.dispatch(Select(index=0))
    loaded = saves.load(saves.write_save(store, tmp_path / "g.json"), {"nim": NIM})
    loaded.undo()
    assert loaded.state.selected == []
    assert not loaded.can_undo()


def test_finished_games_are_not_offered_for_resume(tmp_path):
    store = new_store(tmp_path, stones=5)
    store.dispatch(Roll())
    journal = Journal(tmp_path / "games.sqlite3")
    assert journal.latest_unfinished(["nim"]).id == store.game_uid
    while store.to_move() is not None:
        store.dispatch(Roll())
    assert journal.latest_unfinished(["nim"]) is None
    row = journal.game(store.game_uid)
    assert row.finished and row.result["results"] == list(store.outcome().results)


def test_an_interrupted_export_keeps_the_previous_file(tmp_path, monkeypatch):
    """Killing the process in the middle of an export loses nothing already saved."""
    import os

    store = new_store()
    store.dispatch(Select(index=0))
    path = saves.write_save(store, tmp_path / "g.json")
    saved = path.read_bytes()
    store.dispatch(Select(index=1))

    def killed(fd):
        raise KeyboardInterrupt  # as if the process died before the rename

    monkeypatch.setattr(os, "fsync", killed)
    with pytest.raises(KeyboardInterrupt):
        saves.write_save(store, path)
    assert path.read_bytes() == saved
    assert not list(tmp_path.glob(".*.tmp"))
    monkeypatch.undo()
    assert saves.load(path, {"nim": NIM}).revision == 1


def test_an_export_syncs_the_folder_after_the_rename(tmp_path, monkeypatch):
    import os
    import stat

    synced = []
    real = os.fsync

    def spy(fd):
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    saves.write_save(new_store(), tmp_path / "g.json")
    assert synced == [False, True], "the file, then its folder"


def test_a_refused_action_leaves_no_log_line_behind():
    class Chatty(type(NIM)):
        def apply(self, state, action):
            state.say("I was about to do something.")
            raise IllegalAction("Not today.")

    store = Store.new(Chatty(), NimOptions(), seed=1)
    before = list(store.state.log)
    with pytest.raises(IllegalAction, match="Not today"):
        store.dispatch(Roll())
    assert store.state.log == before


def test_the_working_copy_shares_the_log_lines_but_not_the_log():
    from tabletop.store import _working_copy

    store = new_store()
    store.dispatch(Roll())
    work = _working_copy(store.state)
    assert work == store.state and work.log is not store.state.log
    assert all(a is b for a, b in zip(work.log, store.state.log)), "the frozen lines are shared"
    work.say("only in the copy")
    assert len(work.log) == len(store.state.log) + 1
