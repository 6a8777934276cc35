"""The store: refused actions change nothing, undo stops at checkpoints, autosave."""

from __future__ import annotations

import json

import pytest

from rules.common import IllegalAction
from tabletop import saves
from tabletop.store import Store
from tests.games.nim import NIM, Confirm, NimOptions, Roll, Select


def new_store(tmp_path=None, **opts) -> Store:
    store = Store.new(NIM, NimOptions(**opts), seed=42)
    if tmp_path is not None:
        store.autosave_path = tmp_path / "auto.json"
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


def test_autosave_after_every_action(tmp_path):
    store = new_store(tmp_path)
    store.dispatch(Select(index=0))
    data = json.loads((tmp_path / "auto.json").read_text())
    assert data["actions"] == [{"kind": "select", "index": 0}]
    store.dispatch(Confirm())
    data = json.loads((tmp_path / "auto.json").read_text())
    assert len(data["actions"]) == 2
    assert not list(tmp_path.glob(".*.tmp")), "no temporary file is left behind"


def test_save_then_load_gives_the_same_state(tmp_path):
    store = new_store(players=3)
    rng_moves = 0
    while store.to_move() is not None and rng_moves < 30:
        store.dispatch(store.legal_actions()[rng_moves % len(store.legal_actions())])
        rng_moves += 1
    path = store.save_to(tmp_path / "game.json")
    loaded = saves.load(path, {"nim": NIM})
    assert loaded.state == store.state
    assert [e.action for e in loaded.log] == [e.action for e in store.log]
    assert [e.checkpoint for e in loaded.log] == [e.checkpoint for e in store.log]
    assert loaded.seats == store.seats and loaded.game_uid == store.game_uid


def test_undo_works_after_loading(tmp_path):
    store = new_store()
    store.dispatch(Roll())
    store.dispatch(Select(index=0))
    loaded = saves.load(store.save_to(tmp_path / "g.json"), {"nim": NIM})
    loaded.undo()
    assert loaded.state.selected == []
    assert not loaded.can_undo()


def test_finished_games_are_not_offered_for_resume(tmp_path):
    folder = tmp_path / "auto"
    store = new_store(stones=5)
    store.autosave_path = folder / "a.json"
    store.dispatch(Roll())
    assert saves.latest_unfinished(folder, {"nim": NIM}).path == folder / "a.json"
    while store.to_move() is not None:
        store.dispatch(Roll())
    assert saves.latest_unfinished(folder, {"nim": NIM}) is None


def test_an_interrupted_autosave_keeps_the_previous_one(tmp_path, monkeypatch):
    """Killing the process in the middle of a write loses nothing already saved."""
    import os

    store = new_store(tmp_path)
    store.dispatch(Select(index=0))
    saved = (tmp_path / "auto.json").read_bytes()

    def killed(fd):
        raise KeyboardInterrupt  # as if the process died before the rename

    monkeypatch.setattr(os, "fsync", killed)
    with pytest.raises(KeyboardInterrupt):
        store.dispatch(Select(index=1))
    assert (tmp_path / "auto.json").read_bytes() == saved
    assert not list(tmp_path.glob(".*.tmp"))
    assert saves.load(tmp_path / "auto.json", {"nim": NIM}).revision == 1
