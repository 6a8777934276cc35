"""The counter-based RNG: reproducible, uniform enough, never the global random."""

from __future__ import annotations

import random
from collections import Counter

from rules.common import Rng, draw, draw_with_refill


def test_same_seed_same_draws_whatever_the_global_random_does():
    a, b = Rng(seed=7), Rng(seed=7)
    first = [a.roll() for _ in range(50)]
    random.seed(123)
    second = [b.roll() + 0 * random.random() for _ in range(50)]
    assert first == second


def test_the_counter_is_the_whole_state():
    rng = Rng(seed=3)
    rng.shuffled(range(10))
    copy = Rng.model_validate_json(rng.model_dump_json())
    assert [copy.below(1000) for _ in range(5)] == [rng.below(1000) for _ in range(5)]


def test_known_values_are_stable_across_versions():
    # Pinned output: a change here would break every save ever written.
    rng = Rng(seed=1)
    assert [rng.roll() for _ in range(10)] == [4, 5, 3, 4, 1, 3, 1, 2, 5, 5]
    assert Rng(seed=1).shuffled(list(range(10))) == [6, 5, 4, 8, 9, 0, 3, 2, 7, 1]


def test_dice_are_roughly_fair():
    rng = Rng(seed=99)
    counts = Counter(rng.roll(6) for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values())


def test_shuffle_is_a_permutation_and_sample_is_distinct():
    rng = Rng(seed=5)
    items = list(range(52))
    rng.shuffle(items)
    assert sorted(items) == list(range(52)) and items != list(range(52))
    picked = rng.sample("abcdefgh", 5)
    assert len(set(picked)) == 5


def test_fork_is_independent():
    rng = Rng(seed=5)
    bot = rng.fork("bot")
    bot.roll()
    assert rng.counter == 0 and bot.seed != rng.seed


def test_deck_top_is_the_end_and_refill_reshuffles():
    deck, discard = [1, 2, 3], [7, 8]
    assert draw(deck, 2) == [3, 2] and deck == [1]
    rng = Rng(seed=0)
    assert draw_with_refill(deck, discard, rng) == 1
    card = draw_with_refill(deck, discard, rng)
    assert card in (7, 8) and discard == [] and rng.counter > 0
