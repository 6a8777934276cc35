"""Autumn (spec §4.6, §5.7-5.12) and acceptance scenarios 9, 10 and 17."""

import pytest

from rules.common import IllegalAction
from rules.senji import GAME
from rules.senji.actions import (
    Call, ComboAdd, ComboAddWild, ComboStart, DiploGive, DiploStart, EndTurn, HireKeep, HirePlace,
    KamiBlue, KamiGreen, KamiTake, MercSamurai, MercUnits, OfferAdd, OfferTo, OpenOffer,
    ReturnHostage, RevealHostage, Seppuku, TradeKeep, UmekoSwap, UseTrade,
)
from rules.senji.autumn import start_autumn
from rules.senji.state import Kami
from rules.senji.year import start_winter

from .helpers import G, K, P, R, blank, do, give_card, kinds, place


def autumn_for(s, seat):
    start_autumn(s)
    if s.step == "autumn_call":
        do(s, Call(seat=seat))
    assert GAME.to_move(s) == seat and s.step == "autumn_turn"


def set_hana(s, seat, cards):
    for c in cards:
        for h in s.hana_hands:
            if c in h:
                h.remove(c)
        if c in s.hana_deck:
            s.hana_deck.remove(c)
    s.hana_deck += s.hana_hands[seat]
    s.hana_hands[seat] = sorted(cards)


def test_diplomatic_honor_scenario_9():
    for kanetsugu, expected in ((False, 40), (True, 42)):
        s = blank()
        place(s, R, "aki", 1, "E" if kanetsugu else "")
        s.honor = [30, 20, 0, 18]
        for c in ("G-T3", "P-M1", "K-S1"):
            give_card(s, R, c)
        autumn_for(s, R)
        do(s, DiploStart())
        assert [a.card for a in GAME.legal_actions(s)] == ["G-T3"]
        do(s, DiploGive(card="G-T3"), DiploGive(card="P-M1"), DiploGive(card="K-S1"))
        assert s.honor == [expected, 19, 0, 17]
        assert "G-T3" in s.diplo_hands[G] and "P-M1" in s.diplo_hands[P] and "K-S1" in s.diplo_hands[K]
        assert "diplo_start" not in kinds(s)


def test_hostage_limits_scenario_10():
    s = blank()
    place(s, R, "aki", 1)
    give_card(s, R, "G-M3")
    give_card(s, R, "G-M2")
    s.honor[R] = 10
    autumn_for(s, R)
    do(s, RevealHostage(card="G-M3"))
    assert s.honor[R] == 13 and s.hostages[R] == ["G-M3"]
    before = s.model_dump_json()
    for bad in (RevealHostage(card="G-M2"), ReturnHostage(card="G-M3")):
        with pytest.raises(IllegalAction):
            GAME.apply(s, bad)
    assert s.model_dump_json() == before
    do(s, EndTurn())
    # a winter later the revealed card cannot be offered
    start_winter(s)
    do(s, OpenOffer(by=R), OfferTo(seat=G))
    assert OfferAdd(card="G-M3", face="up") not in GAME.legal_actions(s)
    s.offer, s.step, s.actor = None, "winter_floor", s.host
    autumn_for(s, R)
    do(s, ReturnHostage(card="G-M3"))
    assert s.honor[R] == 10 and "G-M3" in s.diplo_hands[R]
    assert RevealHostage(card="G-M3") not in GAME.legal_actions(s)
    assert RevealHostage(card="G-M2") in GAME.legal_actions(s)


def test_own_family_members_are_not_hostages():
    s = blank()
    place(s, R, "aki", 1)
    autumn_for(s, R)
    assert "reveal_hostage" not in kinds(s)


def test_mercenaries_scenario_17():
    s = blank()
    s.honor[R] = 20
    s.samurai_deck.remove("G")
    s.samurai_deck.remove("D")
    s.samurai_deck.remove("M")
    s.samurai_deck += ["M", "D", "G"]  # the top is the end of the list
    autumn_for(s, R)
    do(s, MercUnits(n=4, sea="S"))
    assert s.honor[R] == 8 and s.fleets[0].units == 4 and s.fleets[0].sea == "S"
    assert not s.fleets[0].due
    assert "merc_units" not in kinds(s)
    assert MercSamurai(sea="N") not in GAME.legal_actions(s)
    do(s, MercSamurai(sea="S"))
    assert s.honor[R] == 2 and sorted(s.hire.cards) == ["D", "G", "M"]
    do(s, HireKeep(letter="G"))
    assert s.honor[R] == 2 and s.fleets[0].samurai == ["G"]  # a hire gains no honour (issue 27)
    assert sorted(s.samurai_discard) == ["D", "M"]
    assert "merc_samurai" not in kinds(s)


def test_mercenaries_not_for_a_seat_with_a_province():
    s = blank()
    place(s, R, "aki", 1)
    s.honor[R] = 20
    autumn_for(s, R)
    assert "merc_units" not in kinds(s) and "merc_samurai" not in kinds(s)


def test_combination_scores_and_nobuhide():
    s = blank()
    place(s, R, "aki", 1, "J")
    set_hana(s, R, ["01S", "02S", "03S", "04A1"])
    s.honor[R] = 0
    autumn_for(s, R)
    assert ComboStart(combo="LIGHTS3") in GAME.legal_actions(s)
    assert ComboStart(combo="LIGHTS4") not in GAME.legal_actions(s)
    do(s, ComboStart(combo="LIGHTS3"))
    assert ComboAdd(card="04A1") not in GAME.legal_actions(s)
    do(s, ComboAdd(card="01S"), ComboAdd(card="02S"), ComboAdd(card="03S"))
    assert s.honor[R] == 8 and s.hana_hands[R] == ["04A1"]
    assert {"01S", "02S", "03S"} <= set(s.hana_discard)


def test_shingen_wild_card():
    s = blank()
    place(s, R, "aki", 1, "L")
    set_hana(s, R, ["01S", "02S", "03S", "04A1"])
    s.honor[R] = 0
    autumn_for(s, R)
    assert ComboStart(combo="LIGHTS4") in GAME.legal_actions(s)
    do(s, ComboStart(combo="LIGHTS4"), ComboAddWild(card="04A1", as_kind="sun"))
    assert "combo_add_wild" not in kinds(s)
    do(s, ComboAdd(card="01S"), ComboAdd(card="02S"), ComboAdd(card="03S"))
    assert s.honor[R] == 12
    assert R in s.shingen_used


def test_full_month_and_scrolls_hire():
    s = blank()
    place(s, R, "aki", 1)
    set_hana(s, R, ["05S", "05A1", "05R1", "05P1", "01R1", "02R1", "03R1", "04R1", "06R1"])
    s.honor[R] = 0
    autumn_for(s, R)
    do(s, ComboStart(combo="MONTH4"))
    assert ComboAdd(card="01R1") not in GAME.legal_actions(s)
    do(s, ComboAdd(card="05S"), ComboAdd(card="05A1"), ComboAdd(card="05R1"), ComboAdd(card="05P1"))
    assert s.honor[R] == 6
    do(s, ComboStart(combo="SCROLLS5"))
    for c in ["01R1", "02R1", "03R1", "04R1", "06R1"]:
        do(s, ComboAdd(card=c))
    assert s.step == "hire_keep" and len(s.hire.cards) == 3
    pick = s.hire.cards[0]
    do(s, HireKeep(letter=pick))
    assert s.honor[R] == 6  # the set hires instead of scoring: no honour for the samurai
    assert GAME.legal_actions(s) == [HirePlace(location="aki")]
    do(s, HirePlace(location="aki"))
    assert s.provinces["aki"].samurai == [pick]



def test_trading_card_and_sakon():
    for sakon, shown in ((False, 3), (True, 5)):
        s = blank()
        place(s, R, "aki", 1, "K" if sakon else "")
        give_card(s, R, "G-T3")
        autumn_for(s, R)
        assert UseTrade(card="R-T3") not in GAME.legal_actions(s)
        n = len(s.hana_hands[R])
        do(s, UseTrade(card="G-T3"))
        assert len(s.trade_shown) == shown
        assert GAME.view(s, G).trade_shown == ["?"] * shown
        do(s, TradeKeep(card=s.trade_shown[1]))
        assert len(s.hana_hands[R]) == n + 1 and "G-T3" in s.diplo_hands[G]


def test_missing_family_trading_card_goes_back_to_its_deck():
    s = blank()
    place(s, R, "aki", 1)
    give_card(s, R, "B-T2")
    autumn_for(s, R)
    do(s, UseTrade(card="B-T2"))
    do(s, TradeKeep(card=s.trade_shown[0]))
    assert "B-T2" in s.missing_decks["B"]


def test_seppuku_and_kami():
    s = blank()
    place(s, R, "aki", 1, "FO")
    give_card(s, G, "K-S3")
    autumn_for(s, R)
    do(s, Seppuku(letter="F"))
    assert s.provinces["aki"].samurai == ["O"] and [k.letter for k in s.kami] == ["F"]
    do(s, Seppuku(letter="O"))
    do(s, KamiGreen(letter="F"))
    t = s.hana_deck[0][:3]
    do(s, KamiTake(card_type=t))
    assert any(c.startswith(t) for c in s.hana_hands[R]) and "F" in s.spent
    n = len(s.diplo_hands[R])
    do(s, KamiBlue(letter="O", seat=G))
    assert len(s.diplo_hands[R]) == n + 1 and "G-D0" in s.diplo_hands[G]
    assert not s.kami and "kami_blue" not in kinds(s)
    assert any(line.seats == (R, G) for line in s.log)


def test_umeko_swap():
    s = blank()
    place(s, R, "aki", 1, "P")
    autumn_for(s, R)
    do(s, UmekoSwap(seat=G, card="R-M4"))
    assert "R-M4" in s.diplo_hands[G] and len(s.diplo_hands[R]) == 12
    assert sum(1 for c in s.diplo_hands[R] if c.startswith("G-")) == 1
    assert "umeko_swap" not in kinds(s)


def test_host_calls_then_last_is_automatic():
    s = blank()
    start_autumn(s)
    assert s.step == "autumn_call" and GAME.to_move(s) == R
    do(s, Call(seat=P), EndTurn(), Call(seat=R), EndTurn(), Call(seat=K), EndTurn())
    assert s.called == [P, R, K, G]


def test_honor_order_variant():
    s = blank(autumn_order="honour")
    s.honor = [5, 30, 30, 1]
    start_autumn(s)
    assert GAME.to_move(s) == G
    do(s, EndTurn())
    assert GAME.to_move(s) == P
    do(s, EndTurn(), EndTurn())
    assert GAME.to_move(s) == K


def test_kami_red_not_offered_in_autumn():
    s = blank()
    place(s, R, "aki", 1)
    s.kami.append(Kami(letter="N", seat=R))
    s.samurai_deck.remove("N")
    autumn_for(s, R)
    assert all("N" not in str(a) for a in GAME.legal_actions(s) if a.kind.startswith("kami"))


def test_a_scored_combination_is_shown_to_all_so_undo_stops_there():
    """Spec §4.6 / §8: the cards of a scored combination are laid face up for the table. Adding
    cards while it is formed can be taken back; the card that completes it cannot."""
    from tabletop.store import Seat, Store

    s = blank()
    place(s, R, "aki", 1)
    set_hana(s, R, ["01S", "02S", "03S", "04A1"])
    autumn_for(s, R)
    store = Store(GAME, s.options, 1, [Seat(n) for n in s.names], s)
    store.dispatch(ComboStart(combo="LIGHTS3"))
    store.dispatch(ComboAdd(card="01S"))
    store.dispatch(ComboAdd(card="02S"))
    assert store.can_undo(), "a combination being formed is still the player's own"
    store.dispatch(ComboAdd(card="03S"))
    assert store.state.combo is None and {"01S", "02S", "03S"} <= set(store.state.hana_discard)
    assert store.log[-1].checkpoint, "scoring the combination reveals its cards"
    assert store.undo_block() == "The last action drew, rolled or revealed something, so it cannot be undone."


def test_a_save_written_when_the_variant_was_spelt_honor_still_loads(tmp_path):
    """The autumn-order variant is now spelt "honour" like everywhere else; a save an older
    tabletop wrote says "honor" in its setup and in the position its digest covers, and it
    loads as the same game."""
    import hashlib
    import json

    from tabletop import saves
    from tabletop.store import Store

    store = Store.new(GAME, GAME.Options(players=3, autumn_order="honour"), seed=4)
    for _ in range(5):
        store.dispatch(store.legal_actions()[0])
    old = saves.envelope(store)
    old["options"]["autumn_order"] = "honor"
    position = json.loads(store.state.model_dump_json())  # as the older tabletop digested it
    position.pop("log")
    position.pop("end_reason", None)
    position["options"]["autumn_order"] = "honor"
    text = json.dumps(position, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    old["digest"] = hashlib.sha256(text.encode()).hexdigest()
    path = tmp_path / "older.json"
    path.write_text(json.dumps(old))
    loaded = saves.load(path, {"senji": GAME})
    assert loaded.options.autumn_order == "honour"
    assert len(loaded.log) == 5
    tampered = dict(old, digest=hashlib.sha256(b"other").hexdigest())
    path.write_text(json.dumps(tampered))
    with pytest.raises(saves.SaveError, match="changed after it was written"):
        saves.load(path, {"senji": GAME})
