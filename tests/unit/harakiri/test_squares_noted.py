"""The board's squares note every change (``grid.Squares``), so that the movement tables of an
unchanged board are found without comparing every square (issue 28's speed). The tables found
that way must always be the ones a square-by-square look-up finds."""

from __future__ import annotations

import copy

from rules.common import Rng
from rules.harakiri import GAME, grid
from rules.harakiri.model import Square


def test_the_noted_tables_are_the_compared_ones_over_random_play():
    changes = 0
    for opts, seeds in (({}, range(1, 17)), ({"players": 2, "scenario": "ossuary_bell"}, range(1, 17))):
        options = GAME.parse_options(opts) if opts else GAME.Options()
        for seed in seeds:
            state, rng = GAME.new(options, seed), Rng(seed=seed)
            assert isinstance(state.squares, grid.Squares)
            noted = state.squares.version
            for i in range(3000):
                if GAME.outcome(state) is not None:
                    break
                acts = GAME.legal_actions(state)
                GAME.apply(state, acts[rng.below(len(acts))])
                if i % 20 == 19:  # a square changes as a door opening changes it (replaced)
                    p = sorted(state.squares)[rng.below(len(state.squares))]
                    sq = state.squares[p]
                    if sq.terrain in ("plain", "difficult"):
                        terrain = "difficult" if sq.terrain == "plain" else "plain"
                        state.squares[p] = sq.model_copy(update={"terrain": terrain})
                if state.squares.version != noted:  # a zone revealed or removed, a square changed
                    changes += 1
                    noted = state.squares.version
                assert grid.geometry(state) is grid._compared(dict(state.squares))
    assert changes > 50


def test_every_change_gets_a_new_number():
    sq = grid.Squares({1: Square(terrain="plain", zone="z1")})
    seen = {sq.version}
    door = Square(terrain="door", zone="z1")
    for change in (lambda: sq.__setitem__(2, door), lambda: sq.__delitem__(2),
                   lambda: sq.update({3: door}), lambda: sq.setdefault(4, door), lambda: sq.pop(4),
                   lambda: sq.__ior__({5: door}), lambda: sq.popitem(), lambda: sq.clear()):
        change()
        assert sq.version not in seen
        seen.add(sq.version)


def test_a_copied_board_is_its_own_and_dumps_as_a_plain_one():
    state = GAME.new(GAME.Options(), 1)
    other = copy.deepcopy(state)
    assert type(other.squares) is grid.Squares and other.squares == state.squares
    assert other.squares.version != state.squares.version
    plain = state.model_copy(update={"squares": dict(state.squares)})
    assert plain.model_dump_json() == state.model_dump_json()
    assert GAME.State.model_validate_json(state.model_dump_json()) == state
