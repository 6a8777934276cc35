"""Winter: offers (three-step protocol), time_up, auctions; scenarios 15 and 16."""

import pytest

from rules.common import IllegalAction
from rules.senji import GAME
from rules.senji.actions import (
    Accept, BidDone, Confirm, EndNegotiation, OfferAdd, OfferCancel, OfferSend, OfferTo, OpenOffer,
    PlaceBid, Refuse, ReplyAdd, TimeUp, Withdraw,
)
from rules.senji.state import Lot
from rules.senji.year import start_winter

from .helpers import G, P, R, blank, do, give_card, kinds, place


def winter(players=4, **opts):
    s = blank(players, **opts)
    place(s, R, "aki", 1)
    start_winter(s)
    return s


def test_trade_protocol_scenario_16():
    s = winter()
    give_card(s, R, "K-T3")
    assert GAME.is_public(s)
    do(s, OpenOffer(by=R), OfferTo(seat=G), OfferAdd(card="R-S2a", face="up"),
       OfferAdd(card="K-T3", face="down"), OfferSend())
    assert GAME.to_move(s) == G and not GAME.is_public(s)
    seen = GAME.view(s, G).offer.give
    assert [(c.card, c.up) for c in seen] == [("R-S2a", True), ("?", False)]
    assert GAME.view(s, P).offer.give == []
    do(s, ReplyAdd(card="G-M1", face="down"), Accept())
    assert GAME.to_move(s) == R
    assert [(c.card, c.up) for c in GAME.view(s, R).offer.reply] == [("?", False)]
    do(s, Confirm())
    assert "R-S2a" in s.diplo_hands[G] and "K-T3" in s.diplo_hands[G]
    assert "G-M1" in s.diplo_hands[R]
    public = [line.text for line in s.log if line.seats is None]
    assert "Trade Red→Green: Red Banner (2) + 1 hidden; Green→Red: 1 hidden." in public
    assert not any("K-T3" in t or "G-M1" in t for t in public)
    assert s.step == "winter_floor" and s.offers_left[R] == 2


def test_refuse_withdraw_cancel_move_nothing():
    s = winter()
    hands = [list(h) for h in s.diplo_hands]
    do(s, OpenOffer(by=R), OfferTo(seat=G), OfferAdd(card="R-S1", face="up"), OfferSend(), Refuse())
    do(s, OpenOffer(by=G), OfferTo(seat=P), OfferSend(), Accept(), Withdraw())
    do(s, OpenOffer(by=P), OfferCancel())
    assert s.diplo_hands == hands and s.step == "winter_floor"


def test_offer_limits_d0_and_count():
    s = winter(offers_per_winter=1)
    do(s, OpenOffer(by=R), OfferTo(seat=G))
    assert OfferAdd(card="R-D0", face="up") not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, OfferAdd(card="R-D0", face="down"))
    do(s, OfferCancel())
    assert OpenOffer(by=R) not in GAME.legal_actions(s)


def test_time_up_closes_floor_and_lapses_offer():
    s = blank(4, seed=1)
    s.options = s.options.model_copy(update={"winter_timer_s": 240})
    start_winter(s)
    do(s, OpenOffer(by=G), OfferTo(seat=P), OfferAdd(card="G-S1", face="up"), OfferSend())
    assert "time_up" in kinds(s)
    do(s, TimeUp())
    assert s.offer is None and "G-S1" in s.diplo_hands[G]
    assert s.step == "winter_bid"  # the 4p game shows lots of B and Y


def test_no_time_up_without_timer():
    s = winter()
    assert "time_up" not in kinds(s)


def test_lots_turned_up_per_missing_family():
    s = winter(3)
    assert sorted(lot.deck for lot in s.lots) == ["B", "B", "K", "K", "Y", "Y"]
    s = winter(6)
    assert s.lots == []
    do(s, EndNegotiation())
    assert s.step == "spring_orders"


def test_auction_scenario_15():
    s = blank()
    place(s, R, "aki", 1)
    for card in ("B-S3", "B-T4", "Y-M2", "Y-S1"):
        for d in s.missing_decks.values():
            if card in d:
                d.remove(card)
    s.lots = [Lot(card="B-S3", deck="B"), Lot(card="B-T4", deck="B"),
              Lot(card="Y-M2", deck="Y"), Lot(card="Y-S1", deck="Y")]
    start_winter(s)  # both decks already show two lots: nothing is added
    assert len(s.lots) == 4
    do(s, EndNegotiation())
    assert s.step == "winter_bid" and GAME.to_move(s) == R
    assert PlaceBid(card="R-D0", lot="B-S3") not in GAME.legal_actions(s)
    do(s, PlaceBid(card="R-T4", lot="B-S3"), PlaceBid(card="R-M1", lot="B-S3"), BidDone())
    v = GAME.view(s, G)
    assert v.bids == [] and len(v.diplo_hands[R]) == 12  # bids and their count stay hidden
    do(s, PlaceBid(card="G-S3", lot="B-S3"), PlaceBid(card="G-M2", lot="B-S3"), BidDone())
    do(s, PlaceBid(card="P-T2", lot="B-T4"), BidDone(), BidDone())
    assert s.step == "spring_orders"
    assert [lot.card for lot in s.lots] == ["B-S3", "Y-M2", "Y-S1"]
    assert sorted((b.seat, b.card, b.up) for b in s.bids) == [
        (R, "R-M1", True), (R, "R-T4", True), (G, "G-M2", True), (G, "G-S3", True)]
    assert "B-T4" in s.diplo_hands[P] and "P-T2" in s.missing_decks["B"]
    assert any("Tied: the lot and the tied bids stay" in line.text for line in s.log)
    b_before, y_before = len(s.missing_decks["B"]), len(s.missing_decks["Y"])
    start_winter(s)
    assert len(s.missing_decks["B"]) == b_before - 1 and len(s.missing_decks["Y"]) == y_before
    assert sum(1 for lot in s.lots if lot.deck == "B") == 2


def test_yoshiteru_wins_ties():
    s = blank()
    place(s, G, "aki", 1, "R")
    s.lots = [Lot(card=s.missing_decks["B"].pop(), deck="B")]
    lot = s.lots[0].card
    start_winter(s)
    do(s, EndNegotiation())
    do(s, PlaceBid(card="R-T4", lot=lot), PlaceBid(card="R-M1", lot=lot), BidDone())
    do(s, PlaceBid(card="G-S3", lot=lot), BidDone(), BidDone(), BidDone())
    assert lot in s.diplo_hands[G]  # 3 + 2 = 5 ties 5: Yoshiteru wins the tie


def test_bidding_only_own_family_cards():
    s = winter()
    give_card(s, R, "K-S3")
    do(s, EndNegotiation())
    lots = {a.lot for a in GAME.legal_actions(s) if a.kind == "bid"}
    assert all(a.card.startswith("R-") for a in GAME.legal_actions(s) if a.kind == "bid")
    assert lots == {lot.card for lot in s.lots}
