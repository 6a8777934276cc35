"""A public log line said before is the very line said then (``model._LINES``, issue 28's
speed): lines are frozen, so sharing them must leave every log as it would be with every
line made afresh."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.harakiri import GAME, model

from .helpers import random_game

OPTION_SETS = ({}, {"players": 2, "scenario": "ossuary_bell", "level": 2})


class _Forgetful(dict):
    def __setitem__(self, key, value) -> None:
        pass


def _play(options, seed):
    return random_game(options, seed)


def test_logs_of_shared_lines_are_the_logs_of_fresh_ones_over_random_play(monkeypatch):
    lines = shared = 0
    for opts in OPTION_SETS:
        options = GAME.parse_options(opts) if opts else GAME.Options()
        for seed in range(1, 7):
            kept = _play(options, seed)
            with monkeypatch.context() as m:
                m.setattr(model, "_LINES", _Forgetful())
                fresh = _play(options, seed)
            assert [ln.text for ln in kept.log] == [ln.text for ln in fresh.log]
            assert kept.log == fresh.log
            assert kept.model_dump_json() == fresh.model_dump_json()
            lines += len(kept.log)
            shared += len(kept.log) - len({id(ln) for ln in kept.log})
    assert lines > 2000 and shared > 500  # lines were really shared


def test_a_line_for_some_seats_stays_theirs():
    state = GAME.new(GAME.Options(), 1)
    state.say("Akira draws a card.")
    state.say("Akira draws a card.", seats=(0,))
    state.say("Akira draws a card.")
    a, b, c = state.log[-3:]
    assert a.seats is None and b.seats == (0,) and c.seats is None
    assert a is c and b is not a


def test_a_shared_line_cannot_be_changed():
    state = GAME.new(GAME.Options(), 1)
    state.say("The oracle shows red.")
    with pytest.raises(ValidationError):
        state.log[-1].text = "The oracle shows green."
