"""Harakiri's hooks for the search bot (rules/common/search.py).

The view empties the oracle deck and the chosen's AI deck and keeps their sizes. Every
oracle card is in the supply, the deck, the discard or showing, and every card of the
chosen's AI deck is in its deck, its discard, beside it or showing: so a deck's contents
are what the view leaves unaccounted for, and a determinization shuffles them (and the
dice) from the view alone.
"""

from __future__ import annotations

from collections import Counter

from rules.common import Rng
from rules.common.search import SearchHooks

from . import data
from .bots import samurai
from .model import HarakiriState


def _rest(every: list[str], *seen: list[str]) -> list[str]:
    left = Counter(every)
    for zone in seen:
        left.subtract(zone)
    return sorted(left.elements())


def determinize(game, view: HarakiriState, seat: int, rng: Rng) -> HarakiriState:
    world = game.scramble_hidden(view, seat, rng)  # a copy, with fresh dice
    o = world.oracle
    if o.deck_count:
        o.deck = _rest([c.id for c in data.oracle().cards], o.supply, o.discard,
                       [o.current] if o.current else [])
        rng.shuffle(o.deck)
        del o.deck[o.deck_count:]
    ai = world.ai
    if ai.deck_count:
        chosen = next((e.type for e in world.enemies if e.kind == "chosen"), None)
        every = [c.id for c in data.enemy_def(chosen).ai_deck] if chosen else []
        ai.deck = _rest(every, ai.discard, ai.beside, [ai.current] if ai.current else [])
        rng.shuffle(ai.deck)
        del ai.deck[ai.deck_count:]
    return world


# The samurai bot reads neither deck, so it may read the sampled world itself.
HOOKS = SearchHooks(determinize=determinize, rollout=samurai, rollout_view=False)
