"""An enemy's line search (``enemy.Sim``) is kept while nothing it reads changes (issue 28's
speed): after the enemy's own move (the search leaves the enemy off the board it reads and is
told the square to look from) and across the players' answer to a tie. Every answer the kept
search gives must be the one a search built anew for the table as it stands would give."""

from __future__ import annotations

import pytest

from rules.common import Rng
from rules.harakiri import GAME, enemy as enemy_mod

from .helpers import random_game

GAMES = [({}, range(1, 13)), ({"players": 2, "scenario": "ossuary_bell", "level": 2}, range(1, 9))]


@pytest.fixture
def checked(monkeypatch):
    """Every remembered move and target answer compared with a fresh search's."""
    seen = {"moves": 0, "targets": 0, "resumed": 0}
    move_options, attack_targets, run = (enemy_mod.Sim.move_options, enemy_mod.Sim.attack_targets,
                                         enemy_mod.run)

    def fresh(sim):
        return enemy_mod.Sim(sim.state, enemy_mod.enemy(sim.state, sim.e.uid))

    def checked_moves(self, stp, pos, prio):
        got = move_options(self, stp, pos, prio)
        if not self.placed:
            assert got == fresh(self)._move_options(stp, pos, prio)
            seen["moves"] += 1
        return got

    def checked_targets(self, stp, pos, prio):
        got = attack_targets(self, stp, pos, prio)
        assert got == fresh(self)._attack_targets(stp, pos, prio)
        seen["targets"] += 1
        return got

    def counted_run(state):
        p = enemy_mod._PAUSED[0]
        if p is not None and p[0] is state and p[3] == enemy_mod._sign(state):
            seen["resumed"] += 1
        run(state)

    monkeypatch.setattr(enemy_mod.Sim, "move_options", checked_moves)
    monkeypatch.setattr(enemy_mod.Sim, "attack_targets", checked_targets)
    monkeypatch.setattr(enemy_mod, "run", counted_run)
    return seen


def test_a_kept_search_answers_as_a_fresh_one_over_random_play(checked):
    for opts, seeds in GAMES:
        options = GAME.parse_options(opts) if opts else GAME.Options()
        for seed in seeds:
            random_game(options, seed)
    # the kept searches were really used: ties answered mid-line, moves then attacks
    assert checked["resumed"] > 20 and checked["moves"] > 500 and checked["targets"] > 500


def _at_enemy_ties(seeds, change) -> int:
    """Random games in which ``change(state)`` may alter the table whenever an enemy's tie
    waits for its answer; how many times it did."""
    changed = 0
    for seed in seeds:
        state, rng = GAME.new(GAME.Options(), seed), Rng(seed=seed)
        for _ in range(3000):
            if GAME.outcome(state) is not None:
                break
            pd = state.pending
            if pd is not None and pd.kind == "tie" and pd.purpose.startswith("enemy"):
                changed += change(state)
            acts = GAME.legal_actions(state)
            GAME.apply(state, acts[rng.below(len(acts))])
    return changed


def test_a_table_changed_before_the_tie_is_answered_gets_a_fresh_search(checked):
    """A character hurt between an enemy's tie and its answer (a test's hand, an editor):
    the paused search read the old health (a "-HP" priority), so the line goes on with a new
    one, and every answer is again a fresh search's."""
    def hurt(state):
        c = max(state.characters, key=lambda c: (not c.defeated, c.hp))
        if not c.defeated and c.hp > 1:
            c.hp -= 2 if c.hp > 2 else 1  # the healthiest character, now perhaps the weakest
            return True
        return False

    assert _at_enemy_ties(range(1, 21), hurt) > 20


def test_a_character_moved_before_the_tie_is_answered_gets_a_fresh_search(checked):
    """A character carried to another free square between an enemy's tie and its answer (a
    test's hand, an editor): the paused search read the old square (its reach, its targets),
    so the line goes on with a new one, and every answer is again a fresh search's."""
    from rules.harakiri.core import CHAR_MOVER
    from rules.harakiri.grid import can_end, geometry, occupancy, resistor_squares

    def carry(state):
        occ, res = occupancy(state), resistor_squares(state)
        for c in state.characters:
            if c.defeated or c.p is None:
                continue
            free = [p for p in sorted(geometry(state).around(c.p))
                    if p not in occ and can_end(state, CHAR_MOVER, p, occ, res)]
            if free:
                c.p = free[0]
                return True
        return False

    assert _at_enemy_ties(range(1, 31), carry) > 20
