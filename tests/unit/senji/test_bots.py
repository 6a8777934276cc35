"""The smart bot answers offers by its own valuation: a gift or a good trade is accepted,
a request that brings nothing is refused."""

from rules.common import Rng
from rules.senji import GAME
from rules.senji.actions import Accept, OfferAdd, OfferSend, OfferTo, OpenOffer, Refuse, ReplyAdd
from rules.senji.bots import smart
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
    # Green gets a card worth 3: it gives back one of its cheapest cards (worth 1), then accepts.
    assert bot_answer(s) == ReplyAdd(card="G-M1", face="up")
    do(s, ReplyAdd(card="G-M1", face="up"))
    assert bot_answer(s) == Accept()


def test_a_gift_face_down_is_accepted():
    s = winter()
    do(s, OpenOffer(by=R), OfferTo(seat=G), OfferAdd(card="R-S1", face="down"), OfferSend())
    assert bot_answer(s) == Accept()


def test_a_request_for_nothing_is_refused():
    s = winter()
    do(s, OpenOffer(by=R), OfferTo(seat=G), OfferSend())
    assert bot_answer(s) == Refuse()
