"""The combinations a player may start, and the cards that may be added to one, are worked out
on counts and kept by the hand and by its counts (issue 28's speed). They must be exactly the
choices the rulebook's reading gives: a combination is open when the hand can still finish it
(every card of a kind it needs, or all of one flower; with Shingen one missing card may be any
kind). The reading below is written out here, card by card, and compared over random play and
over random hands with Shingen on the board."""

from __future__ import annotations

import pytest

from rules.common import Rng
from rules.senji import GAME
from rules.senji import autumn
from rules.senji.actions import ComboAdd, ComboAddWild
from rules.senji.board import D
from rules.senji.state import ComboWork, SenjiOptions

KINDS = ("sun", "animal", "ribbon", "plain")


def can_finish(c, put_kinds: list[str], put_flowers: set[int], n_put: int, hand: list[str], wild: bool) -> bool:
    """Whether combination ``c`` can be finished from ``hand``, given the kinds and flowers
    of the cards already put in."""
    if c.same_flower:
        if len(put_flowers) > 1:
            return False
        left = c.same_flower - n_put
        flowers = [D.hana_flower(x) for x in hand]
        if put_flowers:
            return flowers.count(next(iter(put_flowers))) >= left
        return any(flowers.count(f) >= left for f in set(flowers))
    if any(k not in c.need for k in put_kinds):
        return False
    kinds = [D.hana_kind[x] for x in hand]
    missing = used = 0
    for k, n in c.need.items():
        want = n - put_kinds.count(k)
        if want < 0:
            return False
        used += min(want, kinds.count(k))
        missing += max(0, want - kinds.count(k))
    return missing <= (1 if wild else 0) and len(hand) - used >= missing


def choices_by_reading(state, seat: int) -> list[str]:
    hand = state.hana_hands[seat]
    wild = autumn.has_samurai(state, seat, "L") and seat not in state.shingen_used
    hire_ok = autumn.samurai_available(state) > 0 and (
        autumn.owns_any(state, seat) or bool(autumn.fleets_of(state, seat)))
    return [c.id for c in D.combos
            if can_finish(c, [], set(), 0, hand, wild) and (hire_ok or not c.hire)]


def additions_by_reading(state) -> list:
    seat, w = state.actor, state.combo
    hand = state.hana_hands[seat]
    wild = autumn.has_samurai(state, seat, "L") and seat not in state.shingen_used
    c = D.combo[w.id]
    flowers = {D.hana_flower(x) for x in w.cards}
    out = []
    for i, card in enumerate(hand):
        rest = hand[:i] + hand[i + 1:]
        if can_finish(c, w.kinds + [D.hana_kind[card]], flowers | {D.hana_flower(card)}, len(w.cards) + 1,
                      rest, wild):
            out.append(ComboAdd(card=card))
    if wild and not c.same_flower:
        open_kinds = [k for k, n in c.need.items() if n - w.kinds.count(k) > 0]
        seen = set()
        for i, card in enumerate(hand):
            real = D.hana_kind[card]
            if real in open_kinds or real in seen:
                continue
            seen.add(real)
            rest = hand[:i] + hand[i + 1:]
            for k in open_kinds:
                if can_finish(c, w.kinds + [k], flowers | {D.hana_flower(card)}, len(w.cards) + 1, rest, False):
                    out.append(ComboAddWild(card=card, as_kind=k))
    return out


def test_over_random_play_the_choices_are_the_readings():
    """Every autumn turn and every step of a combination, over random games."""
    turns = adds = 0
    for seed in range(1, 9):
        state = GAME.new(SenjiOptions(players=3 + seed % 4), seed)
        rng = Rng(seed=seed).fork("bot:random")
        while GAME.to_move(state) is not None:
            if state.step == "autumn_turn":
                assert autumn.combo_choices(state, state.actor) == choices_by_reading(state, state.actor)
                turns += 1
            if state.step == "combo":
                assert autumn.legal_combo(state) == additions_by_reading(state)
                adds += 1
            actions = GAME.legal_actions(state)
            GAME.apply(state, actions[rng.below(len(actions))])
    assert turns > 300 and adds > 150


@pytest.mark.parametrize("seed", range(1, 7))
def test_random_hands_with_shingen_give_the_readings(seed):
    """Random hands, half of them with Shingen (a wild card) on the board, and random
    combinations under way: the same choices and additions as the reading."""
    rng = Rng(seed=seed)
    state = GAME.new(SenjiOptions(), seed)
    seat = 0
    home = next(p for p in D.province_order if not state.provinces[p].neutral)
    state.provinces[home].owner = seat
    checked = wilds = 0
    for _ in range(300):
        state.provinces[home].samurai = ["L"] if rng.below(2) else []
        state.shingen_used = []
        hand = sorted(rng.sample(D.hana_cards, rng.below(14)))
        state.hana_hands[seat] = hand
        assert autumn.combo_choices(state, seat) == choices_by_reading(state, seat)
        # A combination under way: some cards of the hand put in (counted as their kinds).
        c = D.combos[rng.below(len(D.combos))]
        put = rng.sample(hand, rng.below(min(len(hand), 4) + 1)) if hand else []
        state.hana_hands[seat] = [x for x in hand if x not in put]
        state.combo = ComboWork(id=c.id, cards=put, kinds=[D.hana_kind[x] for x in put])
        state.actor, state.step = seat, "combo"
        got = autumn.legal_combo(state)
        assert got == additions_by_reading(state)
        checked += 1
        wilds += any(isinstance(a, ComboAddWild) for a in got)
    assert checked == 300 and wilds > 0
