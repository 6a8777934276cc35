"""Issue 27, from the rulebook: a hire gains no honour, and the winter hourglass alone limits offers.

Seed, autumn: "Discard Hanafuda Sets: Score honor **or** hire samurai"; "Hire Mercenaries ...
Samurai: pay 6 honor, draw 3, choose 1". Setup: only the samurai kept sets the starting honour.
Winter: "4-minute negotiation period (hourglass monitored by host)", no other limit.
"""

import pytest

from rules.common import IllegalAction
from rules.senji import GAME
from rules.senji.actions import (
    Call, ComboAdd, ComboStart, EndNegotiation, HireKeep, HirePlace, KeepSamurai, MercSamurai,
    OfferCancel, OfferTo, OpenOffer,
)
from rules.senji.autumn import start_autumn
from rules.senji.data import data
from rules.senji.state import SenjiOptions
from rules.senji.year import start_winter

from .helpers import G, P, R, blank, do, kinds, place

D = data()
RIBBONS = ["01R1", "02R1", "03R1", "04R1", "06R1"]


def autumn_for(s, seat):
    start_autumn(s)
    if s.step == "autumn_call":
        do(s, Call(seat=seat))
    assert GAME.to_move(s) == seat and s.step == "autumn_turn"


def deal_hana(s, seat, cards):
    for c in cards:
        for h in s.hana_hands:
            if c in h:
                h.remove(c)
        if c in s.hana_deck:
            s.hana_deck.remove(c)
    s.hana_deck += s.hana_hands[seat]
    s.hana_hands[seat] = sorted(cards)


def kojiro_on_top(s):
    """Kojiro (printed honour 8), Ginchiyo and Tadakatsu are the three samurai drawn next."""
    for x in "GDM":
        s.samurai_deck.remove(x)
    s.samurai_deck += ["M", "D", "G"]  # the top is the end of the list


def gained(s, seat):
    return [line.text for line in s.log if "gains" in line.text and s.names[seat] in line.text]


# -- a hire gains no honour ------------------------------------------------------------
def test_kojiro_hired_by_a_mercenary_hire_leaves_20_honour_at_14():
    s = blank()
    s.honor[R] = 20  # no province and no fleet: the mercenaries are offered
    kojiro_on_top(s)
    autumn_for(s, R)
    do(s, MercSamurai(sea="S"))
    assert s.honor[R] == 14 and sorted(s.hire.cards) == ["D", "G", "M"]
    do(s, HireKeep(letter="G"))
    assert s.honor[R] == 14  # 20 - 6: Kojiro's printed 8 counts only if kept at setup
    assert s.fleets[0].sea == "S" and s.fleets[0].samurai == ["G"]
    assert not gained(s, R)


def test_the_five_ribbon_set_hires_and_scores_no_honour_even_with_nobuhide():
    s = blank()
    place(s, R, "aki", 1, "J")  # Nobuhide: +1 for each combination you *score*
    s.honor[R] = 20
    deal_hana(s, R, RIBBONS)
    kojiro_on_top(s)
    autumn_for(s, R)
    do(s, ComboStart(combo="SCROLLS5"), *[ComboAdd(card=c) for c in RIBBONS])
    assert s.step == "hire_keep" and s.honor[R] == 20
    do(s, HireKeep(letter="G"), HirePlace(location="aki"))
    assert s.honor[R] == 20 and s.provinces["aki"].samurai == ["J", "G"]
    assert not gained(s, R)


def test_five_ribbons_score_honour_or_hire_a_samurai_never_both():
    # Scoring Poems (3 ribbons, 4 honour) leaves two ribbons: no hire.
    s = blank()
    place(s, R, "aki", 1)
    s.honor[R] = 20
    deal_hana(s, R, RIBBONS)
    autumn_for(s, R)
    assert {ComboStart(combo="POEMS3"), ComboStart(combo="SCROLLS5")} <= set(GAME.legal_actions(s))
    do(s, ComboStart(combo="POEMS3"), *[ComboAdd(card=c) for c in RIBBONS[:3]])
    assert s.honor[R] == 24 and s.step == "autumn_turn"
    assert "combo_start" not in kinds(s)
    # Hiring with all five leaves nothing to score, and the hire adds nothing.
    s = blank()
    place(s, R, "aki", 1)
    s.honor[R] = 20
    deal_hana(s, R, RIBBONS)
    kojiro_on_top(s)
    autumn_for(s, R)
    do(s, ComboStart(combo="SCROLLS5"), *[ComboAdd(card=c) for c in RIBBONS], HireKeep(letter="G"),
       HirePlace(location="aki"))
    assert s.honor[R] == 20 and s.hana_hands[R] == [] and "combo_start" not in kinds(s)


def test_only_the_samurai_kept_at_setup_sets_the_starting_honour():
    s = GAME.new(SenjiOptions(players=3, winter_timer_s=0), 4)
    while s.step == "setup_pick":
        seat = GAME.to_move(s)
        letter = s.setup_draws[seat][0]
        do(s, KeepSamurai(letter=letter))
    assert s.honor == [D.samurai[k].honor for k in s.kept]


def test_the_choice_and_its_explanation_promise_no_honour():
    s = blank()
    s.honor[R] = 20
    kojiro_on_top(s)
    autumn_for(s, R)
    do(s, MercSamurai(sea="S"))
    assert GAME.describe(HireKeep(letter="G")) == "Hire Kojiro"
    words = GAME.explain(GAME.view(s, R), R, HireKeep(letter="G"))
    assert "gains no honour" in words and "gain 8" not in words
    drawn = [line.text for line in s.log if line.seats == (R,) and line.text.startswith("You may hire")]
    assert drawn == ["You may hire: Kojiro, Ginchiyo, Tadakatsu."]


def test_a_game_begun_under_the_earlier_rules_keeps_them():
    s = blank()
    s.options = s.options.with_edition(1)
    s.honor[R] = 20
    kojiro_on_top(s)
    autumn_for(s, R)
    do(s, MercSamurai(sea="S"), HireKeep(letter="G"))
    assert s.honor[R] == 22  # 20 - 6 + 8: what the game was recorded under


# -- winter offers: the clock is the limit ----------------------------------------------
def floor(timer, edition=2, **opts):
    s = blank(**opts)
    s.options = s.options.model_copy(update={"winter_timer_s": timer})
    if edition != 2:
        s.options = s.options.with_edition(edition)
    place(s, R, "aki", 1)
    start_winter(s)
    assert s.step == "winter_floor"
    return s


def open_and_cancel(s, seat):
    do(s, OpenOffer(by=seat), OfferTo(seat=G), OfferCancel())


def test_with_the_clock_running_a_fourth_and_a_tenth_offer_open():
    s = floor(240)
    for n in range(1, 11):
        assert OpenOffer(by=R) in GAME.legal_actions(s), f"offer {n}"
        assert GAME.open_actions(s, R) == [OpenOffer(by=R)]
        open_and_cancel(s, R)
    assert s.step == "winter_floor" and s.offers_left == []
    assert GAME.why_not(GAME.view(s, R), R) == ""
    do(s, EndNegotiation())


def test_without_a_clock_the_fourth_offer_is_refused_with_a_reason():
    s = floor(0)
    for _ in range(3):
        open_and_cancel(s, R)
    assert s.offers_left[R] == 0 and s.offers_left[P] == 3
    assert OpenOffer(by=R) not in GAME.legal_actions(s) and GAME.open_actions(s, R) == []
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, OpenOffer(by=R))
    assert str(refused.value) == ("Red has opened the 3 offers a player may open this winter: "
                                  "with no winter clock, that is the table's limit.")
    assert "all 3 of your offers" in GAME.why_not(GAME.view(s, R), R)
    open_and_cancel(s, P)  # the others keep theirs


def test_the_table_limit_without_a_clock_is_an_option():
    s = floor(0, offers_per_winter=5)
    for _ in range(5):
        open_and_cancel(s, R)
    assert OpenOffer(by=R) not in GAME.legal_actions(s)


def test_a_game_begun_under_the_earlier_rules_keeps_the_limit_with_the_clock():
    s = floor(240, edition=1)
    for _ in range(3):
        open_and_cancel(s, R)
    with pytest.raises(IllegalAction, match="earlier rules"):
        GAME.apply(s, OpenOffer(by=R))


def test_the_option_says_when_it_applies():
    field = SenjiOptions.model_fields["offers_per_winter"]
    assert field.title == "Offers per winter without a clock"
    assert "with one, only time limits them" in field.description
    assert SenjiOptions().offers_per_winter == 3
