"""A revealed zone's squares are shared objects: squares are frozen, so equal ones are one
object in every game (issue 28's speed). Shared or freshly built, every game must play the
same: the same board, square by square, and the same end."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.harakiri import GAME, core

from .helpers import random_game

RUNS = (({}, range(1, 9)), ({"players": 2, "scenario": "ossuary_bell"}, range(1, 9)),
        ({"players": 4, "level": 3}, range(1, 5)))


class _Forgetful(dict):
    """A memo that keeps nothing: every square is built anew."""

    def get(self, key, default=None):
        return default

    def __setitem__(self, key, value) -> None:
        pass


def _play(options, seed: int):
    """A random game: its final state and every board seen after a zone was revealed or
    removed."""
    boards = []

    def note(state):
        if not boards or state.squares.keys() != boards[-1].keys():
            boards.append(dict(state.squares))

    state = random_game(options, seed, before=note)
    note(state)
    return state, boards


def test_shared_squares_play_as_freshly_built_ones_over_random_play(monkeypatch):
    squares = revealed = 0
    for opts, seeds in RUNS:
        options = GAME.parse_options(opts) if opts else GAME.Options()
        for seed in seeds:
            monkeypatch.setattr(core, "_SQUARES", {})
            _play(options, seed + 100)  # another game first: its squares are shared with this one
            shared_state, shared = _play(options, seed)
            monkeypatch.setattr(core, "_SQUARES", _Forgetful())
            fresh_state, fresh = _play(options, seed)
            assert len(shared) == len(fresh)
            for a, b in zip(shared, fresh):
                assert list(a) == list(b)
                for p in a:  # the same square: same fields, same fields set, same dump
                    assert a[p] == b[p], p
                    assert a[p].model_fields_set == b[p].model_fields_set
                    assert a[p].model_dump_json() == b[p].model_dump_json()
            assert shared_state.model_dump_json() == fresh_state.model_dump_json()
            squares += sum(map(len, shared))
            revealed += len(shared) - 1
    assert squares > 1000 and revealed >= 1  # the start zones, and a zone revealed in play


def test_a_shared_square_is_one_object_across_games_and_is_frozen():
    a, b = GAME.new(GAME.Options(), 1), GAME.new(GAME.Options(), 2)
    common = a.squares.keys() & b.squares.keys()
    assert common and all(a.squares[p] is b.squares[p] for p in common)
    with pytest.raises(ValidationError):  # a shared square can never be changed in place
        a.squares[min(common)].h = 5
