"""The legal lists read their actions from tables of shared actions (``actions.Shared``) and
the summer's destinations from routes worked out once per province (issue 28's speed). Each
shared action must be the one ``make`` gives, equal to a freshly validated action; and the
destinations over random play must be the ones the rules give, destination by destination."""

from __future__ import annotations

from rules.common import Rng
from rules.senji import GAME, summer
from rules.senji.actions import Dest, OfferAdd, Order, PlaceBid, Shared, Shared2, Support, make
from rules.senji.board import D, fleet, owned_count
from rules.senji.state import SenjiOptions


def test_a_shared_action_is_made_once_and_is_the_validated_one():
    supports = Shared(Support, "card")
    for card in D.diplo_cards[:12]:
        got = supports[card]
        assert got == Support(card=card) and got is make(Support, card=card)
        assert supports[card] is got


def test_a_shared_action_of_two_fields_puts_each_value_in_its_field():
    bids = Shared2(PlaceBid, "card", "lot")
    got = bids["R-M1"]["G-S2"]
    assert got == PlaceBid(card="R-M1", lot="G-S2") and got is make(PlaceBid, card="R-M1", lot="G-S2")
    assert Shared2(OfferAdd, "card", "face")["K-M2"]["down"] == OfferAdd(card="K-M2", face="down")
    assert Shared2(Order, "province", "order")["owari"]["movement"] == Order(province="owari", order="movement")


def destinations_by_the_rules(state) -> list[tuple[Dest, int]]:
    """Where the active pieces may go, with how many units may go there (spec 5.2-5.4): a
    province by land, the fleet on a sea the province borders, or a province across that sea
    (a raid); a fleet that lands, the provinces on its sea. Never a neutral province; a
    province of another owner only while the mover owns fewer than 6; at most 6 units in a
    province of one's own or a fleet. A destination is offered when at least one unit may go
    there or a samurai moves."""
    act = state.active
    seat = act.seat
    if act.province is not None:
        units, samurai = state.provinces[act.province].units, state.provinces[act.province].samurai
    else:
        f = fleet(state, act.sea, seat)
        units, samurai = (f.units, f.samurai) if f else (0, [])
    full = owned_count(state, seat) >= 6

    def to_province(p):
        pr = state.provinces[p]
        if pr.neutral or (pr.owner != seat and full):
            return None
        return min(units, 6 - pr.units) if pr.owner == seat else units

    found = []
    if act.province is None:
        found += [(make(Dest, province=p), to_province(p)) for p in D.sea_provinces[act.sea]]
    else:
        seas = D.province[act.province].seas
        found += [(make(Dest, province=p), to_province(p)) for p in D.neighbours[act.province]]
        for s in seas:
            f = fleet(state, s, seat)
            found.append((make(Dest, sea=s), min(units, 6 - (f.units if f else 0))))
        found += [(make(Dest, province=p, sea=s), to_province(p))
                  for s in seas for p in D.sea_provinces[s] if p != act.province]
    return [(d, cap) for d, cap in found if cap is not None and (cap >= 1 or samurai)]


def test_over_random_play_the_destinations_are_the_rules():
    checked = landings = 0
    for seed in range(1, 9):
        state = GAME.new(SenjiOptions(players=3 + seed % 4), seed)
        rng = Rng(seed=seed).fork("bot:random")
        while GAME.to_move(state) is not None:
            if state.step == "move_dest":
                assert summer._targets(state) == destinations_by_the_rules(state)
                checked += 1
                landings += state.active.province is None
            actions = GAME.legal_actions(state)
            GAME.apply(state, actions[rng.below(len(actions))])
    assert checked > 300 and landings > 5
