"""Further rules: Baba's limits, Ekes against Baba, fleet landings, hires, hostages of
missing families, the auction carry-over and the honor floor."""

from rules.senji import GAME
from rules.senji.actions import (
    ActivateFleet, AddUnits, BidDone, Call, Dest, EndNegotiation, FleetLand, Go, HireKeep,
    MercSamurai, PlaceBid, RevealHostage, Support, UseTrade,
)
from rules.senji.autumn import start_autumn
from rules.senji.state import Fleet, Lot
from rules.senji.year import start_winter

from .helpers import G, P, R, blank, do, give_card, kinds, place, summer
from .test_combat import attack


def test_baba_with_only_his_dummy_plays_one_card():
    s = blank()
    place(s, R, "nagato", 1, "A")
    place(s, G, "izumo", 1)
    attack(s, "nagato", "izumo", 1, "A", rolled="YYYYYYYY")
    do(s, Support(card="G-D0"))
    assert [a.card for a in GAME.legal_actions(s)] == ["R-D0"]
    do(s, Support(card="R-D0"))
    assert any("Support revealed: Green plays Green Empty banner (0); Red plays Red Empty banner (0)." == x.text for x in s.log)


def test_ekes_cancels_babas_second_card():
    s = blank()
    place(s, R, "nagato", 1, "A")
    place(s, G, "izumo", 1, "C")
    give_card(s, R, "P-S2a")
    attack(s, "nagato", "izumo", 1, "A", rolled="YYYYYYYY")
    do(s, Support(card="G-D0"))
    assert "Support" in str(GAME.legal_actions(s)) and Support(card="R-D0") in GAME.legal_actions(s)
    do(s, Support(card="P-S2a"))
    assert any("Support revealed: Green plays Green Empty banner (0); Red plays Purple Banner (2)." == x.text for x in s.log)


def test_fleet_landing_into_enemy_fights_without_roll():
    s = blank()
    place(s, R, "aki", 0)
    place(s, G, "kii", 1)
    s.fleets.append(Fleet(sea="S", seat=R, units=3))
    s.supply[R] -= 3
    summer(s)
    s.forced_dice = list("GGGGGGGGG")
    do(s, ActivateFleet(sea="S", family="R"), FleetLand(), Dest(province="kii"), AddUnits(n=3), Go())
    assert s.step == "combat_support_D" and s.combat.att_units == 3  # nothing drowned
    assert s.forced_dice == list("GGGGGGGGG")


def test_missing_family_member_can_be_a_hostage():
    s = blank()
    place(s, R, "aki", 1)
    give_card(s, R, "B-M2")
    start_autumn(s)
    do(s, Call(seat=R))
    assert RevealHostage(card="B-M2") in GAME.legal_actions(s)


def test_trading_card_not_offered_when_piles_empty():
    s = blank()
    place(s, R, "aki", 1)
    give_card(s, R, "G-T2")
    for h in s.hana_hands:
        h.extend(s.hana_deck)
        s.hana_deck = []
        break
    start_autumn(s)
    do(s, Call(seat=R))
    assert UseTrade(card="G-T2") not in GAME.legal_actions(s)


def test_hire_reshuffles_the_samurai_discard_when_short():
    s = blank()
    s.honor[R] = 10
    s.samurai_discard = s.samurai_deck[:-1]
    s.samurai_deck = s.samurai_deck[-1:]
    start_autumn(s)
    do(s, Call(seat=R), MercSamurai(sea="N"))
    assert len(s.hire.cards) == 3 and any("shuffled into the samurai deck" in x.text for x in s.log)
    do(s, HireKeep(letter=s.hire.cards[0]))
    assert s.fleets[0].sea == "N" and len(s.fleets[0].samurai) == 1 and s.fleets[0].units == 0


def test_tied_lot_can_be_raised_next_winter():
    s = blank()
    place(s, R, "aki", 1)
    card = s.missing_decks["B"].pop()
    s.lots = [Lot(card=card, deck="B")]
    start_winter(s)
    do(s, EndNegotiation(), PlaceBid(card="R-M2", lot=card), BidDone(),
       PlaceBid(card="G-M2", lot=card), BidDone(), BidDone(), BidDone())
    assert card in [lot.card for lot in s.lots] and len(s.bids) == 2
    s.step, s.actor = "winter_floor", s.host
    for pr in s.provinces.values():
        pr.order = None
    start_winter(s)
    do(s, EndNegotiation(), PlaceBid(card="R-M1", lot=card), BidDone(), BidDone(),
       PlaceBid(card="P-M4", lot=card), BidDone(), BidDone())
    assert card in s.diplo_hands[P]
    assert "R-M2" in s.diplo_hands[R] and "R-M1" in s.diplo_hands[R] and "G-M2" in s.diplo_hands[G]


def test_winter_floor_lists_offers_for_every_seat():
    s = blank()
    place(s, R, "aki", 1)
    start_winter(s)
    assert kinds(s).count("open_offer") == 4 and "end_negotiation" in kinds(s)
