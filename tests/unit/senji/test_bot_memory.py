"""The smart bot's memory is the winter's log lines its seat may read (issue 28): each line
the engine writes when a player opens, addresses, cancels, speaks with and confirms an offer
must read back as the same fact. A line reworded on one side only would silently change what
the bots do; here it fails instead."""

from rules.senji import GAME
from rules.senji import bot_talk
from rules.senji.actions import (
    Accept, Confirm, OfferAdd, OfferCancel, OfferSend, OfferTo, OpenOffer,
)
from rules.senji.year import start_year

from .helpers import G, K, P, R, blank, do, give_card, place

WORD = ("Red offers Red Levy (1) for your Green Cousin (1) and leaves you in peace this year: "
        "Red needs a Green hostage to reveal.")


def a_winter_of_talk():
    """Red opens an offer to Green, says WORD, gives its Levy; Green accepts and Red confirms.
    Purple opens an offer and cancels it. Then Red opens a second one, to Green again."""
    s = blank(4)
    place(s, R, "aki", 1)
    give_card(s, R, "R-S1")
    give_card(s, G, "G-M1")
    s.year, s.honor = 2, [12, 9, 7, 5]  # the year's line opens the winter (Red leads: no tie)
    start_year(s)
    do(s, OpenOffer(by=R), OfferTo(seat=G), OfferAdd(card="R-S1", face="up"), OfferSend(word=WORD),
       Accept(), Confirm(),
       OpenOffer(by=P), OfferCancel(),
       OpenOffer(by=R), OfferTo(seat=G), OfferSend(word=WORD))
    return s


def test_who_had_the_floor_who_cancelled_and_to_whom_reads_back_for_every_seat():
    s = a_winter_of_talk()
    for seat in (R, G, P, K):
        view = GAME.view(s, seat)
        assert bot_talk.floor_turns(view) == {R: 2, G: 0, P: 1, K: 0}
        assert bot_talk.cancelled(view) == {P}
        assert bot_talk.offered_to(view, R) == {G}
        assert bot_talk.offered_to(view, P) == set()


def test_the_trade_gives_the_offerer_its_partner_of_the_year_and_the_line_reaches_the_receiver():
    s = a_winter_of_talk()
    assert bot_talk.partners(GAME.view(s, R), R) == {G}
    assert bot_talk.partners(GAME.view(s, K), R) == {G}  # the trade line is public
    assert bot_talk.partners(GAME.view(s, G), G) == set()  # Green answered: it gave no word
    assert bot_talk.word_heard(GAME.view(s, G), R) == WORD
    assert bot_talk.word_heard(GAME.view(s, P), R) == ""  # the line is for the two parties


def test_a_new_year_forgets_the_word_given_and_a_new_winter_the_floor():
    s = a_winter_of_talk()
    s.offer, s.step, s.actor = None, "winter_floor", s.host
    start_year(s)
    view = GAME.view(s, R)
    assert bot_talk.partners(view, R) == set()
    assert bot_talk.floor_turns(view) == {R: 0, G: 0, P: 0, K: 0}
