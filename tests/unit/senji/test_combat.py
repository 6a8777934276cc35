"""Combat as spec §5.6 and acceptance scenarios 1-4 and 11-14."""

import pytest

from rules.common import IllegalAction
from rules.senji import GAME
from rules.senji.actions import (
    Activate, AddSamurai, AddUnits, Dest, Execute, Go, MoveDone, ReactDie, ReactRoll, ReactUse,
    Support,
)
from rules.senji.state import Kami

from .helpers import G, K, P, R, blank, do, give_card, kinds, place, summer


def attack(s, frm, to, units, samurai="", rolled="", set_samurai=None):
    """R's movement order in ``frm`` sends the group to ``to``; combat starts."""
    s.provinces[frm].order = "movement"
    summer(s)
    s.forced_dice = list(rolled)
    do(s, Activate(province=frm), Dest(province=to))
    if units:
        do(s, AddUnits(n=units))
    for x in samurai:
        do(s, AddSamurai(letter=x))
    do(s, Go())


def test_basic_combat_scenario_1():
    s = blank()
    place(s, R, "nagato", 3, "O")
    place(s, G, "izumo", 2)
    s.provinces["izumo"].order = "production"
    give_card(s, R, "P-S2a")
    s.honor = [10, 10, 10, 10]
    attack(s, "nagato", "izumo", 3, "O", rolled="RRPPPGKY")
    assert s.step == "combat_support_D" and GAME.to_move(s) == G
    do(s, Support(card="G-D0"))
    assert s.step == "combat_support_A" and GAME.to_move(s) == R
    do(s, Support(card="P-S2a"))
    assert s.combat is None
    iz = s.provinces["izumo"]
    assert iz.owner == R and iz.units == 1 and iz.samurai == ["O"]
    assert iz.order is None  # G's unresolved order is discarded
    assert s.honor[R] == 18 and s.honor[G] == 10
    assert "P-S2a" in s.diplo_hands[P]
    assert s.supply[G] == 12 and s.supply[R] == 12 - 1
    assert any("Red 8 against Green 3" in line.text for line in s.log)
    assert any("set R | rolled R R P P P G K Y" in line.text for line in s.log)
    assert s.step == "autumn_call"  # Nagato is empty and Izumo's order was discarded


def _plain_fight(s, r_card, g_card, rolled, r_units=2, g_units=2):
    place(s, R, "nagato", r_units)
    place(s, G, "izumo", g_units)
    give_card(s, R, r_card)
    give_card(s, G, g_card)
    attack(s, "nagato", "izumo", r_units, rolled=rolled)
    do(s, Support(card=g_card), Support(card=r_card))


def test_support_conflict_higher_card_wins_scenario_2():
    s = blank()
    _plain_fight(s, "K-S3", "K-S1", "KKRGPPYBB")
    assert any("Red 5 against Green 3" in line.text for line in s.log)
    assert s.provinces["izumo"].owner == R


def test_support_conflict_equal_cards_cancel_scenario_2():
    s = blank()
    _plain_fight(s, "K-S2a", "K-S2b", "KKRGPPYBB")
    assert any("Red 3 against Green 3" in line.text for line in s.log)
    assert s.combat is not None and s.combat.round == 2
    assert "K-S2a" in s.diplo_hands[K] and "K-S2b" in s.diplo_hands[K]


def _execution_position(**kw):
    s = blank()
    place(s, R, "nagato", 1, kw.get("r_sam", ""))
    place(s, G, "izumo", 1, kw.get("g_sam", ""))
    give_card(s, G, "R-M4")
    s.honor[R], s.honor[G] = kw.get("r_honor", 20), 15
    attack(s, "nagato", "izumo", 1, kw.get("r_sam", ""), rolled="YYYYYYYYY")
    return s


def test_execution_scenario_3():
    s = _execution_position()
    assert Execute(card="R-M4") in GAME.legal_actions(s)
    do(s, Execute(card="R-M4"))
    assert (s.honor[R], s.honor[G]) == (12, 19)
    assert "R-M4" in s.executed and s.step == "combat_support_D"
    assert "execute" not in kinds(s)  # the card is gone
    do(s, Support(card="G-D0"))
    assert "execute" not in kinds(s)


def test_execution_blocked_by_ginchiyo():
    s = _execution_position(r_sam="D")
    assert "execute" not in kinds(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, Execute(card="R-M4"))


def test_execution_with_motonari_and_floor():
    s = blank()
    place(s, R, "nagato", 1)
    place(s, G, "izumo", 1)
    place(s, G, "tango", 0, "I")
    give_card(s, G, "R-M4")
    s.honor[R], s.honor[G] = 5, 15
    attack(s, "nagato", "izumo", 1, rolled="YYYYYYYYY")
    do(s, Execute(card="R-M4"))
    assert (s.honor[R], s.honor[G]) == (0, 23)


def test_motonari_fighting_against_ekes_gains_only_the_value():
    """"Samurai fighting against Ekes have no ability" (spec §2.8): Motonari defends Izumo
    against Ekes, so the execution gives Green the card's value, not twice it."""
    s = blank()
    place(s, R, "nagato", 1, "C")
    place(s, G, "izumo", 1, "I")
    give_card(s, G, "R-M4")
    s.honor[R], s.honor[G] = 15, 15
    attack(s, "nagato", "izumo", 1, "C", rolled="YYYYYYYY")
    do(s, Execute(card="R-M4"))
    assert (s.honor[R], s.honor[G]) == (7, 19)


def test_motonari_away_from_the_fight_still_doubles_against_ekes():
    s = blank()
    place(s, R, "nagato", 1, "C")
    place(s, G, "izumo", 1)
    place(s, G, "tango", 0, "I")
    give_card(s, G, "R-M4")
    s.honor[R], s.honor[G] = 15, 15
    attack(s, "nagato", "izumo", 1, "C", rolled="YYYYYYYY")
    do(s, Execute(card="R-M4"))
    assert (s.honor[R], s.honor[G]) == (7, 23)


def test_tie_round_scenario_4():
    s = blank()
    place(s, R, "nagato", 2)
    place(s, G, "izumo", 3)
    give_card(s, R, "P-S2a")
    give_card(s, R, "K-S1")
    s.honor = [0, 0, 0, 0]
    attack(s, "nagato", "izumo", 2, rolled="RPYYBBKKG")
    do(s, Support(card="G-D0"), Support(card="P-S2a"))
    assert any("Red 4 against Green 4" in line.text for line in s.log)
    assert "P-S2a" in s.diplo_hands[P]
    assert s.combat.round == 2 and s.step == "combat_support_D"
    assert "execute" not in kinds(s)
    s.forced_dice = list("RRRYYBBKG")
    do(s, Support(card="G-D0"), Support(card="K-S1"))
    assert any("Red 6 against Green 4" in line.text for line in s.log)
    iz = s.provinces["izumo"]
    assert iz.owner == R and iz.units == 0
    assert s.honor[R] == 10 and s.supply[G] == 12 and s.supply[R] == 12


def test_chosogabe_voids_ekes_scenario_11():
    s = blank()
    place(s, R, "echizen", 2, "BN")
    place(s, G, "shinano", 2, "C")
    s.honor = [0, 0, 0, 0]
    attack(s, "echizen", "shinano", 2, "BN", rolled="GYYBP")
    do(s, Support(card="G-D0"), Support(card="R-D0"))
    assert any("set G R R R | rolled G Y Y B P" in line.text for line in s.log)
    assert any("Red 6 against Green 4" in line.text for line in s.log)
    assert s.provinces["shinano"].owner == R and s.provinces["shinano"].samurai == ["B", "N"]
    assert [(k.letter, k.seat) for k in s.kami] == [("C", G)]
    assert s.honor[R] == 8


def test_ekes_voids_tomoe_scenario_11():
    s = blank()
    place(s, R, "echizen", 2, "N")
    place(s, G, "shinano", 2, "C")
    s.honor = [0, 0, 0, 0]
    attack(s, "echizen", "shinano", 2, "N", rolled="RGYYBPKK")
    do(s, Support(card="G-D0"), Support(card="R-D0"))
    assert any("set G | rolled R G Y Y B P K K" in line.text for line in s.log)
    assert any("Red 3 against Green 4" in line.text for line in s.log)
    sh = s.provinces["shinano"]
    assert sh.owner == G and sh.units == 0 and sh.samurai == ["C"]
    assert [(k.letter, k.seat) for k in s.kami] == [("N", R)]
    assert s.honor[G] == 4


def test_wakizaka_vs_baba_scenario_12():
    s = blank()
    place(s, R, "nagato", 3, "A")
    place(s, G, "izumo", 2, "Q")
    for c in ("P-S2a", "K-S1"):
        give_card(s, R, c)
    give_card(s, G, "K-S3")
    s.honor = [0, 0, 0, 0]
    attack(s, "nagato", "izumo", 3, "A", rolled="PPKKRYB")
    assert s.step == "combat_support_A" and GAME.to_move(s) == R
    do(s, Support(card="P-S2a"))
    assert s.step == "combat_support_A"  # Baba plays a second card of another family
    assert Support(card="R-D0") in GAME.legal_actions(s)
    do(s, Support(card="K-S1"))
    assert s.step == "combat_support_D" and GAME.to_move(s) == G
    seen = GAME.view(s, G).combat.att_cards
    assert seen == ["P-S2a", "K-S1"]
    do(s, Support(card="K-S3"))
    assert any("set G R | rolled P P K K R Y B" in line.text for line in s.log)
    assert any("Red 7 against Green 5" in line.text for line in s.log)
    assert s.provinces["izumo"].owner == R and s.honor[R] == 8
    assert ("Q", G) in [(k.letter, k.seat) for k in s.kami]


def test_defender_with_no_units_scenario_13():
    s = blank()
    place(s, R, "harima", 1)
    place(s, G, "kii", 0)
    give_card(s, G, "K-S3")
    s.honor = [0, 0, 0, 0]
    attack(s, "harima", "kii", 1, rolled="KKKGGYBPP")
    do(s, Support(card="K-S3"), Support(card="R-D0"))
    assert any("Red 1 against Green 5" in line.text for line in s.log)
    assert s.provinces["kii"].owner == G and s.supply[R] == 12
    assert s.honor[G] == 1 and "K-S3" in s.diplo_hands[K]


def test_tadakatsu_reroll_scenario_14():
    s = blank()
    place(s, R, "nagato", 3, "M")
    place(s, G, "izumo", 3)
    s.honor = [0, 0, 0, 0]
    attack(s, "nagato", "izumo", 3, "M", rolled="GGYYBBPK")
    do(s, Support(card="G-D0"), Support(card="R-D0"))
    assert s.step == "combat_react_A" and GAME.to_move(s) == R  # D had nothing: skipped
    do(s, ReactUse(source="M"), ReactDie(die=8), ReactDie(die=9))
    assert "react_die" not in kinds(s)
    s.forced_dice = ["R", "R"]
    do(s, ReactRoll())
    assert any("Red 6 against Green 5" in line.text for line in s.log)
    iz = s.provinces["izumo"]
    assert iz.owner == R and iz.units == 0 and iz.samurai == ["M"]
    assert s.honor[R] == 12


def test_set_dice_cannot_be_rerolled_and_red_kami():
    s = blank()
    place(s, R, "nagato", 1, "O")
    place(s, G, "izumo", 3)
    s.kami.append(Kami(letter="N", seat=R))
    s.samurai_deck.remove("N")
    attack(s, "nagato", "izumo", 1, "O", rolled="GGGGGGGG")
    do(s, Support(card="G-D0"), Support(card="R-D0"))
    assert s.step == "combat_react_A"
    do(s, ReactUse(source="N"))
    assert ReactDie(die=1) not in GAME.legal_actions(s)  # die 1 is set by Ujiyasu
    do(s, ReactDie(die=2), ReactDie(die=3), ReactDie(die=4))
    s.forced_dice = ["R", "R", "R"]
    do(s, ReactRoll())
    assert "N" in s.spent and [k.letter for k in s.kami] == ["O"]  # Ujiyasu fell
    assert any("Red 5 against Green 8" in line.text for line in s.log)


def test_own_support_cards_cannot_be_played():
    s = blank()
    place(s, R, "nagato", 1)
    place(s, G, "izumo", 1)
    give_card(s, G, "R-S3")
    attack(s, "nagato", "izumo", 1, rolled="YYYYYYYYY")
    assert Support(card="R-S3") not in GAME.legal_actions(s)
    assert Support(card="G-S3") not in GAME.legal_actions(s)
    before = s.model_dump_json()
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Support(card="G-S3"))
    assert "support" in str(e.value)
    assert s.model_dump_json() == before


def test_move_done_ends_activation():
    s = blank()
    place(s, R, "nagato", 2)
    s.provinces["nagato"].order = "movement"
    summer(s)
    do(s, Activate(province="nagato"), MoveDone())
    assert s.provinces["nagato"].units == 2


def _offered_rerolls(s):
    return [a for a in GAME.legal_actions(s) if a.kind == "react_use"]


def test_tadakatsus_military_kami_rerolls_once_then_is_gone():
    """"Kami power may be used once ... Military Kami (Red): Reroll any dice in a combat
    (once per combat)": Tadakatsu fell earlier, so Red holds his red kami, not the samurai."""
    s = blank()
    place(s, R, "nagato", 1)
    place(s, G, "izumo", 3)
    s.kami.append(Kami(letter="M", seat=R))
    s.samurai_deck.remove("M")
    attack(s, "nagato", "izumo", 1, rolled="GGGGGGGGG")
    do(s, Support(card="G-D0"), Support(card="R-D0"))
    assert s.step == "combat_react_A"
    [kami] = _offered_rerolls(s)
    do(s, kami, ReactDie(die=1), ReactDie(die=2), ReactDie(die=3), ReactDie(die=4))
    s.forced_dice = ["R", "R", "R", "R"]
    do(s, ReactRoll())
    assert "M" in s.spent and s.kami == []
    # Red 1 + 4 dice against Green 3 + 5 dice: Green wins; no second reroll was offered.
    assert any("Red 5 against Green 8" in line.text for line in s.log)
    assert s.combat is None and s.provinces["izumo"].owner == G
    assert GAME.describe(kami) == "Call the red kami of Tadakatsu to reroll"


def test_living_tadakatsu_and_a_red_kami_are_two_rerolls_each_used_once():
    """Tadakatsu rerolls up to 2 dice once per round; the red kami rerolls any dice once per combat."""
    s = blank()
    place(s, R, "nagato", 1, "M")
    place(s, G, "izumo", 3)
    s.kami.append(Kami(letter="N", seat=R))
    s.samurai_deck.remove("N")
    attack(s, "nagato", "izumo", 1, "M", rolled="GGGGGGGG")
    do(s, Support(card="G-D0"), Support(card="R-D0"))
    assert _offered_rerolls(s) == [ReactUse(source="M"), ReactUse(source="N", kami=True)]
    s.forced_dice = ["G", "G"]
    do(s, ReactUse(source="M"), ReactDie(die=2), ReactDie(die=3), ReactRoll())
    assert _offered_rerolls(s) == [ReactUse(source="N", kami=True)]
    s.forced_dice = ["G"]
    do(s, ReactUse(source="N", kami=True), ReactDie(die=4), ReactRoll())
    assert "N" in s.spent and s.combat is None  # nothing left to use: the round was valued
