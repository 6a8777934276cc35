"""The smart bot answers offers by its own valuation: a gift or a good trade is accepted,
a request that brings nothing is refused. In autumn it values a hire without honour."""

from rules.common import Rng
from rules.senji import GAME
from rules.senji.actions import (
    Accept, Call, ComboStart, HireKeep, MercSamurai, OfferAdd, OfferSend, OfferTo, OpenOffer, Refuse,
    ReplyAdd,
)
from rules.senji.autumn import start_autumn
from rules.senji.bots import hint, smart
from rules.senji.year import start_winter

from .helpers import G, R, blank, do, place


def winter():
    s = blank(4)
    place(s, R, "aki", 1)
    start_winter(s)
    return s


def bot_answer(s):
    seat = GAME.to_move(s)
    return smart(GAME, GAME.view(s, seat), seat, GAME.legal_actions(s), Rng(seed=3))


def test_a_good_offer_is_answered_with_a_cheaper_card_and_accepted():
    s = winter()
    do(s, OpenOffer(by=R), OfferTo(seat=G), OfferAdd(card="R-T3", face="up"), OfferSend())
    # Green gets a card worth 3: it gives back one of its cheapest cards (worth 1) that is no
    # hostage: its own Levy, of no use in its own fights (its own Cousin would be a hostage).
    assert bot_answer(s) == ReplyAdd(card="G-S1", face="up")
    do(s, ReplyAdd(card="G-S1", face="up"))
    assert bot_answer(s) == Accept()


def test_a_gift_face_down_is_accepted():
    s = winter()
    do(s, OpenOffer(by=R), OfferTo(seat=G), OfferAdd(card="R-S1", face="down"), OfferSend())
    assert bot_answer(s) == Accept()


def test_a_request_for_nothing_is_refused():
    s = winter()
    do(s, OpenOffer(by=R), OfferTo(seat=G), OfferSend())
    assert bot_answer(s) == Refuse()


# -- autumn: a hire gains no honour (issue 27) -----------------------------------------
RIBBONS = ["01R1", "02R1", "03R1", "04R1", "06R1"]


def autumn_for_red(s):
    start_autumn(s)
    if s.step == "autumn_call":
        do(s, Call(seat=R))
    return s


def autumn_with(hand, honour):
    s = blank(4)
    place(s, R, "aki", 1)
    s.honor[R] = honour
    for c in hand:
        for h in s.hana_hands:
            if c in h:
                h.remove(c)
        if c in s.hana_deck:
            s.hana_deck.remove(c)
    s.hana_deck += s.hana_hands[R]
    s.hana_hands[R] = sorted(hand)
    return autumn_for_red(s)


def bot_choice(s):
    seat = GAME.to_move(s)
    return hint(GAME.view(s, seat), seat, GAME.legal_actions(s))


def test_five_ribbons_hire_when_a_samurai_is_worth_more_than_the_poems_they_would_score():
    s = autumn_with(RIBBONS, 20)
    assert ComboStart(combo="POEMS3") in GAME.legal_actions(s)
    a, why = bot_choice(s)
    assert a == ComboStart(combo="SCROLLS5")
    assert "6 honour" in why and "4 honour" in why


def test_five_ribbons_score_the_poems_that_reach_sixty_honour():
    s = autumn_with(RIBBONS, 57)  # Poems: 57 + 4 = 61, the winning mark
    a, why = bot_choice(s)
    assert a == ComboStart(combo="POEMS3")
    assert "scores more than a hire is worth" in why


def test_a_set_worth_more_than_a_samurai_is_scored_first():
    s = autumn_with(["01S", "02S", "03S", "04S", *RIBBONS], 20)  # Four Lights: 12 honour
    assert bot_choice(s)[0] == ComboStart(combo="LIGHTS4")


def test_a_hire_is_chosen_by_its_ability_not_its_printed_honour():
    s = blank(4)
    s.honor[R] = 20
    for x in "GDM":
        s.samurai_deck.remove(x)
    s.samurai_deck += ["M", "D", "G"]  # Kojiro, Ginchiyo, Tadakatsu drawn
    autumn_for_red(s)
    do(s, MercSamurai(sea="S"))
    a, why = bot_choice(s)
    assert a == HireKeep(letter="M")  # Tadakatsu (red, 5), not Kojiro (no ability, 8)
    assert "gains no honour" in why
