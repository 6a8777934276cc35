"""Senji's hooks for the search bot (rules/common/search.py).

The view masks ("?") the other seats' hands and setup draws, the decks, the face-down
orders and cards, another seat's trade or combination in the making. A determinization
deals every mask again from the cards the view leaves unseen, of the same sort
(hanafuda, diplomacy, samurai), and draws each hidden order; the other seats' face-down
bids, which the view drops and counts among their hands, come back as cards in hand.
It reads the view alone.
"""

from __future__ import annotations

import math

from rules.common import Game, Rng
from rules.common.search import SearchHooks, strings_in

from .board import D, nseats
from .bots import smart
from .state import SenjiState
from .view import HIDDEN

ORDERS = ("production", "recruitment", "movement")


class _Pool:
    def __init__(self, every: list[str], seen: set[str], rng: Rng) -> None:
        self.cards = rng.shuffled([c for c in every if c not in seen])
        self.every, self.rng = every, rng

    def fill(self, cards: list[str]) -> None:
        for i, c in enumerate(cards):
            if c == HIDDEN:
                cards[i] = self.cards.pop() if self.cards else self.rng.choice(self.every)


def determinize(game, view: SenjiState, seat: int, rng: Rng) -> SenjiState:
    world = Game.scramble_hidden(game, view, seat, rng)  # a copy, with fresh dice
    seen: set[str] = set()
    strings_in(view.model_dump(exclude={"log", "rng"}), seen)
    hana = _Pool(D.hana_cards, seen, rng)
    diplo = _Pool(D.diplo_cards, seen, rng)
    samurai = _Pool(D.samurai_letters, seen, rng)
    for f, deck in world.missing_decks.items():
        diplo.fill(deck)
    hana.fill(world.hana_deck)
    samurai.fill(world.samurai_deck)
    samurai.fill(world.samurai_discard)
    for s in range(nseats(world)):
        hana.fill(world.hana_hands[s])
        diplo.fill(world.diplo_hands[s])
        samurai.fill(world.setup_draws[s])
    kept = [k if k is not None else None for k in world.kept]
    for i, k in enumerate(kept):
        if k == HIDDEN:
            world.kept[i] = samurai.cards.pop() if samurai.cards else rng.choice(D.samurai_letters)
    for pr in world.provinces.values():
        if pr.order == HIDDEN:
            pr.order = rng.choice(ORDERS)
    o = world.offer
    if o is not None:
        for lst in (o.give, o.reply):
            for c in lst:
                if c.card == HIDDEN:
                    c.card = diplo.cards.pop() if diplo.cards else rng.choice(D.diplo_cards)
    c = world.combat
    if c is not None:
        diplo.fill(c.att_cards)
        diplo.fill(c.dfn_cards)
    if world.hire is not None:
        samurai.fill(world.hire.cards)
    hana.fill(world.trade_shown)
    if world.combo is not None:
        hana.fill(world.combo.cards)
        world.combo.kinds = [D.hana_kind[x] if k == HIDDEN else k
                             for x, k in zip(world.combo.cards, world.combo.kinds)]
        if world.combo.id == HIDDEN:
            world.combo.id = next(iter(D.combo))
    return world


def evaluate(game, state: SenjiState) -> list[float]:
    """A game cut short: each seat by its honour against the best of the others."""
    h = state.honor
    out = []
    for s in range(len(h)):
        best = max((h[o] for o in range(len(h)) if o != s), default=0)
        out.append(1.0 / (1.0 + math.exp(-(h[s] - best) / 3.0)))
    return out


# A whole game is some 800 actions: rollouts stop after 40 and weigh the honour.
HOOKS = SearchHooks(determinize=determinize, rollout=smart, max_depth=40, evaluate=evaluate)
