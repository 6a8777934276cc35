"""Hostile games built the way a hostile friend would: through the rules, with every check
of this version skipped, so their digest is right and only the text check can refuse them.

``senji_with_a_hostile_seat`` is issue 23's case: a Senji game whose first seat's name (in
the options, where older versions did not look) is ``HOSTILE_NAME``: OSC title, CSI clear,
BEL, NUL and bidirectional overrides.
"""

from __future__ import annotations

import json
from pathlib import Path

from rules.senji.state import SeatSpec
from tabletop import saves
from tabletop.catalog import games
from tabletop.journal import GameRecorder, Journal
from tabletop.store import Seat, Store
from tests.security.pty_app import HOSTILE_NAME

SENJI = games()["senji"]


def senji_with_a_hostile_seat(moves: int = 3, name: str = HOSTILE_NAME) -> Store:
    """A Senji game of three whose first seat is called ``name``, built without the checks
    (``model_construct``), ``moves`` moves in."""
    specs = (SeatSpec.model_construct(name=name, family="R", bot=None),
             SeatSpec.model_construct(name="Bob", family="G", bot=None),
             SeatSpec.model_construct(name="Cy", family="P", bot=None))
    options = SENJI.Options.model_construct(players=3, seats=specs)
    store = Store.new(SENJI, options, 7)
    for _ in range(moves):
        store.dispatch(store.legal_actions()[0])
    return store


def write_hostile_save(path: Path, store: Store, seat_names: list[str] | None = None) -> Path:
    """The store's save file, its digest that of the position reached (so it is right),
    the envelope's seat names as given (by default plain ones, as the issue's file had)."""
    data = saves.envelope(store)
    names = seat_names or ["Ann (R)", "Bob (G)", "Cy (P)"]
    for seat, name in zip(data["seats"], names):
        seat["name"] = name
    assert data["digest"] == saves.state_digest(store)
    path.write_text(json.dumps(data))
    return path


def record_as_an_older_version_did(db: Path, store: Store, name: str = HOSTILE_NAME) -> str:
    """Write ``store`` into the journal at ``db`` as a version without the text checks did
    (options and seat names as they are), and let it go. Returns the game's id."""
    journal = Journal(db)
    hostile = Seat("Ann")
    object.__setattr__(hostile, "name", name + " (R)")  # past Seat's own last-line check
    store.seats = [hostile, *store.seats[1:]]
    recorder = GameRecorder(journal)
    store.recorder = recorder
    assert recorder.record(store)
    recorder.release()
    journal.close()
    return store.game_uid
