"""The duel's hooks for the search bot (rules/duel/search.py): what a played-out duel is
worth to it."""

from __future__ import annotations

from rules.duel import GAME
from rules.duel.search import shaped_reward
from tests.unit.duel.builders import new


def test_a_lost_duel_is_worth_a_little_for_the_life_taken():
    # Kojirō starts with Life 8; the duel is lost with him at Life 2: 6/8 of his Life
    # was taken, worth 0.2 x 6/8 = 0.15.
    st = new(opponent="kojiro")
    st.foes[0].life = 2
    st.result = "loss"
    assert shaped_reward(GAME, st) == [0.2 * 6 / 8]


def test_against_three_the_life_taken_is_averaged_over_them():
    # Three enemies: one dead (all of his Life, 1), one at Life 2 of 4 (1/2), one untouched
    # (0): 0.2 x (1 + 1/2 + 0) / 3 = 0.1.
    st = new(opponent="versus3")
    a, b, c = st.foes
    a.life, a.dead = 0, True
    b.life = b.life_start - b.life_start // 2
    st.result = "loss"
    assert b.life_start == 4
    assert abs(shaped_reward(GAME, st)[0] - 0.1) < 1e-12


def test_a_won_duel_is_worth_more_with_more_life_kept():
    # Won at Life 5 of 8: 0.9 + 0.1 x 5/8 = 0.9625, above any lost duel (at most 0.2).
    st = new(opponent="kojiro")
    st.player.life = 5
    st.foes[0].life = 0
    st.result = "win"
    assert shaped_reward(GAME, st) == [0.9 + 0.1 * 5 / 8]
