"""A bot's view is built before every choice, so the view copies the state with a copier of
its own (``game._clone``, issue 28's speed) instead of ``copy.deepcopy``: the view must be
the one ``deepcopy`` gives, and as much its own."""

from __future__ import annotations

from copy import deepcopy

from pydantic import BaseModel

from rules.common import Rng
from rules.harakiri import GAME, game
from rules.harakiri.model import HarakiriState

OPTION_SETS = ({}, {"players": 2, "scenario": "ossuary_bell", "level": 2},
               {"players": 4, "adventure_result": "failure", "level": 3, "kami_affinity": 6})


def _deep_view(state: HarakiriState, seat):
    """The view as it was built before: every field but the board, log and dice deep-copied."""
    v = state.model_copy()
    for name in type(state).model_fields:
        if name not in ("squares", "log", "rng"):
            setattr(v, name, deepcopy(getattr(state, name)))
    v.squares = dict(state.squares)
    v.rng = Rng(seed=0)
    v.oracle.deck_count, v.oracle.deck = len(state.oracle.deck), []
    v.ai.deck_count, v.ai.deck = len(state.ai.deck), []
    v.log = [ln for ln in state.log if ln.visible_to(seat)]
    return v


def _same_models(a, b, path="state"):
    """Equal, with the same fields set, all the way down."""
    assert type(a) is type(b), path
    if isinstance(a, list):
        assert len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b)):
            _same_models(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), path
        for k in a:
            _same_models(a[k], b[k], f"{path}[{k!r}]")
    elif isinstance(a, BaseModel):
        assert a.model_fields_set == b.model_fields_set, path
        for k in type(a).model_fields:
            _same_models(getattr(a, k), getattr(b, k), f"{path}.{k}")
    else:
        assert a == b, path


def _no_shared_mutables(a, b, path="state"):
    """Nothing mutable of the view is an object of the state (frozen squares and options
    and log lines may be shared)."""
    mutable_model = isinstance(a, BaseModel) and not type(a).model_config.get("frozen")
    if isinstance(a, (list, dict)) or mutable_model:
        assert a is not b, path
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            _no_shared_mutables(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        for k in a.keys() & b.keys():
            _no_shared_mutables(a[k], b[k], f"{path}[{k!r}]")
    elif mutable_model:
        for k in type(a).model_fields:
            if k not in ("squares", "log"):
                _no_shared_mutables(getattr(a, k), getattr(b, k), f"{path}.{k}")


def test_the_view_is_the_deep_copied_one_and_its_own_over_random_play():
    views = 0
    for opts in OPTION_SETS:
        options = GAME.parse_options(opts) if opts else GAME.Options()
        for seed in range(1, 5):
            state, rng = GAME.new(options, seed), Rng(seed=seed)
            for i in range(3000):
                if GAME.outcome(state) is not None:
                    break
                if i % 3 == 0:
                    seat = GAME.to_move(state)
                    view = GAME.view(state, seat)
                    want = _deep_view(state, seat)
                    _same_models(view, want)
                    assert view.model_dump_json() == want.model_dump_json()
                    _no_shared_mutables(view, state)
                    views += 1
                acts = GAME.legal_actions(state)
                GAME.apply(state, acts[rng.below(len(acts))])
    assert views > 500


def test_changing_the_view_leaves_the_state_alone():
    state = GAME.new(GAME.Options(), 3)
    before = state.model_dump_json()
    view = GAME.view(state, 0)
    view.characters[0].ki[0].value = 9
    view.characters[0].items.clear()
    view.characters[0].attrs["POW"] = 9
    view.enemies[0].conds["downed"] = 1
    view.zones[0].revealed = not view.zones[0].revealed
    view.oracle.supply.append("x")
    assert state.model_dump_json() == before


def test_a_copied_model_keeps_the_fields_it_had_set():
    state = GAME.new(GAME.Options(), 2)
    c = state.characters[0]
    object.__setattr__(c, "__pydantic_fields_set__", {"id", "hp"})
    assert game._clone(c).model_fields_set == {"id", "hp"}
