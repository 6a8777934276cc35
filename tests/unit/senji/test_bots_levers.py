"""The smart bots pull every lever of the rulebook where it pays (issue 28): they open offers
and say what they want, answer and confirm them, keep or break their word by temperament,
execute hostages, save ribbons to hire, buy mercenaries, order seppuku for a kami.

Temperaments: ``smart`` is honest, ``smart-cunning`` and ``smart-treacherous`` the others."""

import pytest

from rules.common import Rng
from rules.senji import GAME
from rules.senji.actions import (
    Accept, Activate, Confirm, Dest, EndNegotiation, EndTurn, Execute, KamiBlue, MercSamurai,
    MercUnits, MoveDone, OfferAdd, OfferCancel, OfferSend, OfferTo, OpenOffer, Refuse, ReplyAdd,
    Seppuku, Withdraw,
)
from rules.senji.autumn import start_autumn
from rules.senji.bots import decide
from rules.senji.state import Kami, SenjiOptions
from rules.senji.view import HIDDEN
from rules.senji.year import start_winter

from .helpers import G, K, P, R, blank, do, give_card, place, summer

HONEST, CUNNING, TREACHEROUS = "smart", "smart-cunning", "smart-treacherous"


def choose(s, bot=HONEST):
    seat = GAME.to_move(s)
    return GAME.bots()[bot](GAME, GAME.view(s, seat), seat, GAME.legal_actions(s), Rng(seed=3))


def reason(s, temper="honest"):
    seat = GAME.to_move(s)
    return decide(GAME.view(s, seat), seat, GAME.legal_actions(s), Rng(seed=3), temper)[1]


def play(s, bot, n):
    """Let ``bot`` take the next ``n`` choices; returns them."""
    out = []
    for _ in range(n):
        a = choose(s, bot)
        out.append(a)
        GAME.apply(s, a)
    return out


def winter(**cards):
    s = blank(4)
    place(s, R, "aki", 1)
    for seat, held in cards.items():
        for c in held:
            give_card(s, {"R": R, "G": G, "P": P, "K": K}[seat], c)
    start_winter(s)
    return s


# -- the winter floor: each player has the floor in turn ------------------------------------
def test_a_bot_host_gives_each_player_the_floor_then_closes_it():
    s = winter()
    assert choose(s) == OpenOffer(by=R)
    do(s, OpenOffer(by=R), OfferCancel())
    # Red had nothing to offer: the floor goes to the next player, never to Red again.
    assert choose(s) == OpenOffer(by=G)
    do(s, OpenOffer(by=G), OfferCancel(), OpenOffer(by=P), OfferCancel(), OpenOffer(by=K), OfferCancel())
    assert choose(s) == EndNegotiation()


def test_a_bot_host_closes_the_floor_once_a_player_has_used_the_tables_limit():
    # Without a clock each player opens at most offers_per_winter offers; at a table with
    # humans a bot host is asked to act only once they have none left (spec 4.3).
    s = winter()
    s.offers_left[G] = 0
    assert choose(s) == EndNegotiation()


# -- opening an offer: cards, the ask, and the line said with it ----------------------------
HOSTAGE_LINE = ("Red offers Red Levy (1) for your Green Cousin (1) and leaves you in peace this year: "
                "Red needs a Green hostage to reveal.")


def test_an_honest_bot_offers_a_card_face_up_for_a_hostage_and_says_so():
    s = winter()
    do(s, OpenOffer(by=R))
    sent = play(s, HONEST, 3)
    # Red holds no Green family member: it asks Green's Cousin, the cheapest, for its own Levy
    # (no use in its own fights), face up.
    assert sent[:2] == [OfferTo(seat=G), OfferAdd(card="R-S1", face="up")]
    assert sent[2] == OfferSend() and sent[2].word == HOSTAGE_LINE
    said = [ln for ln in s.log if ln.text == f"Red says: {HOSTAGE_LINE}"]
    assert len(said) == 1 and said[0].seats == (R, G)
    # Only the two parties read it: the table sees that an offer is being made.
    for seat in (None, P, K):
        assert not any(" says: " in ln.text for ln in GAME.view(s, seat).log)
    assert any(ln.text == "Red is making an offer to Green." for ln in GAME.view(s, P).log)


def test_a_cunning_bot_offers_face_down_and_never_names_the_hidden_card():
    s = winter()
    do(s, OpenOffer(by=R))
    sent = play(s, CUNNING, 3)
    assert sent[1] == OfferAdd(card="R-S1", face="down")
    assert sent[2].word == ("Red offers 1 hidden card (worth 1, Red says) for your Green Cousin (1) and "
                            "leaves you in peace this year: Red needs a Green hostage to reveal.")
    assert "Levy" not in sent[2].word
    assert GAME.view(s, G).offer.give[0].card == HIDDEN


def diplo_short_of_green():
    """Red shows a Green hostage and holds Purple and Black cards: one Green card short of
    diplomatic honour."""
    s = winter(R=("P-M1", "K-M1"))
    s.diplo_hands[G].remove("G-M2")
    s.hostages[R].append("G-M2")
    return s


def test_a_treacherous_bot_says_its_hidden_card_is_worth_more_than_it_is():
    s = diplo_short_of_green()
    do(s, OpenOffer(by=R))
    sent = play(s, TREACHEROUS, 3)
    assert sent[:2] == [OfferTo(seat=G), OfferAdd(card="R-S1", face="down")]  # a Levy, worth 1
    assert sent[2].word == ("Red offers 1 hidden card (worth 2, Red says) for your Green Harbour pass (2) "
                            "and leaves you in peace this year: Red needs a Green card for diplomatic honour.")


def test_an_honest_bot_gives_what_it_asks_for_in_value():
    s = diplo_short_of_green()
    do(s, OpenOffer(by=R))
    sent = play(s, HONEST, 3)
    assert sent[1] == OfferAdd(card="R-S2a", face="up")  # a Banner, worth the Harbour pass asked
    assert sent[2].word.startswith("Red offers Red Banner (2) for your Green Harbour pass (2)")


# -- answering: the asked card, a refusal, a bluff -------------------------------------------
def offer_to_green(give, word, face="up"):
    s = winter()
    do(s, OpenOffer(by=R), OfferTo(seat=G), OfferAdd(card=give, face=face), OfferSend(word=word))
    return s


FAIR = ("Red offers Red Banner (2) for your Green Harbour pass (2) and leaves you in peace this year: "
        "Red needs a Green card for diplomatic honour.")
GREEDY = ("Red offers Red Levy (1) for your Green Great market (4) and leaves you in peace this year: "
          "Red needs a ribbon.")


def test_an_honest_bot_gives_the_card_asked_for_a_fair_offer_then_accepts():
    s = offer_to_green("R-S2a", FAIR)
    assert choose(s, HONEST) == ReplyAdd(card="G-T2", face="up")
    do(s, ReplyAdd(card="G-T2", face="up"))
    assert choose(s, HONEST) == Accept()


def test_an_honest_bot_refuses_to_give_more_than_it_is_offered():
    s = offer_to_green("R-S1", GREEDY)
    assert choose(s, HONEST) == Refuse()
    assert "Green Great market (4)" in reason(s)


def test_a_cunning_bot_bargains_and_a_treacherous_one_hands_over_a_cheap_card_face_down():
    s = offer_to_green("R-S1", GREEDY)
    assert choose(s, CUNNING) == Accept()  # nothing back: a Levy for nothing is a gain
    assert choose(s, TREACHEROUS) == ReplyAdd(card="G-M1", face="down")


def test_a_gift_face_down_is_believed_by_an_honest_bot_at_the_value_said():
    said = ("Red offers 1 hidden card (worth 2, Red says) for your Green Harbour pass (2) and leaves you in "
            "peace this year: Red needs a Green card for diplomatic honour.")
    s = offer_to_green("R-S1", said, face="down")
    assert choose(s, HONEST) == ReplyAdd(card="G-T2", face="up")  # it believes "worth 2"
    assert choose(s, TREACHEROUS) == ReplyAdd(card="G-M1", face="down")  # it does not


def test_an_offer_from_a_player_close_to_sixty_is_refused():
    s = offer_to_green("R-S2a", FAIR)
    s.honor[R] = 50
    assert choose(s, HONEST) == Refuse()


# -- confirming ------------------------------------------------------------------------------
def test_an_honest_bot_confirms_a_hidden_reply_a_cunning_one_withdraws_for_nothing():
    s = diplo_short_of_green()
    do(s, OpenOffer(by=R), OfferTo(seat=G), OfferAdd(card="R-S2a", face="up"), OfferSend(word=FAIR),
       ReplyAdd(card="G-M1", face="down"), Accept())
    assert choose(s, HONEST) == Confirm()  # a hidden card for the Harbour pass it asked: trusted
    s = diplo_short_of_green()
    do(s, OpenOffer(by=R), OfferTo(seat=G), OfferAdd(card="R-S2a", face="down"), OfferSend(word=FAIR),
       Accept())
    assert choose(s, CUNNING) == Withdraw()  # nothing came back for its Banner


# -- the word of peace in summer ---------------------------------------------------------------
def after_a_trade(r_units, g_units, trade=True):
    """Red (``r_units`` in Nagato, a movement order) next to Green (``g_units`` in Izumo);
    this winter Red offered Green its Levy for Green's Cousin, and peace, and Green took it."""
    s = blank(4)
    place(s, R, "nagato", r_units)
    place(s, G, "izumo", g_units)
    place(s, P, "aki", 6)  # Nagato's other neighbour: too strong to attack
    start_winter(s)
    if trade:
        do(s, OpenOffer(by=R), OfferTo(seat=G), OfferAdd(card="R-S1", face="up"),
           OfferSend(word=HOSTAGE_LINE), ReplyAdd(card="G-M1", face="up"), Accept(), Confirm())
    s.provinces["nagato"].order = "movement"
    summer(s)
    do(s, Activate(province="nagato"))
    return s


def test_an_honest_bot_keeps_its_word_a_treacherous_one_breaks_it_when_the_attack_pays():
    assert choose(after_a_trade(3, 1, trade=False), HONEST) == Dest(province="izumo")  # no word given
    s = after_a_trade(3, 1)
    assert choose(s, HONEST) == MoveDone()
    assert "your word of peace" in reason(s)
    assert choose(s, TREACHEROUS) == Dest(province="izumo")
    assert "broken" in reason(s, "treacherous")


def test_a_bot_attacks_a_province_it_outnumbers():
    assert choose(after_a_trade(3, 2, trade=False)) == Dest(province="izumo")  # 3 units against 2
    assert choose(after_a_trade(3, 3, trade=False)) == MoveDone()  # no more than it: stay


def test_a_cunning_bot_breaks_its_word_only_for_a_big_gain():
    assert choose(after_a_trade(3, 1), CUNNING) == MoveDone()  # 4 honour: not worth the word
    assert choose(after_a_trade(6, 3), CUNNING) == Dest(province="izumo")  # 12 honour: it is


# -- executions ------------------------------------------------------------------------------
def test_the_defender_executes_the_attackers_hostage():
    from .test_combat import _execution_position

    s = _execution_position()
    assert choose(s) == Execute(card="R-M4")
    assert "loses 8 honour" in reason(s)


# -- autumn levers -----------------------------------------------------------------------------
def autumn(hand=(), samurai="", provinces=True, honour=10, cards=()):
    s = blank(4)
    if provinces:
        place(s, R, "aki", 1, samurai)
    s.honor[R] = honour
    for c in hand:
        for h in s.hana_hands:
            if c in h:
                h.remove(c)
        if c in s.hana_deck:
            s.hana_deck.remove(c)
    s.hana_deck += s.hana_hands[R]
    s.hana_hands[R] = sorted(hand)
    for c in cards:
        give_card(s, R, c)
    start_autumn(s)
    if s.step == "autumn_call":
        from rules.senji.actions import Call
        do(s, Call(seat=R))
    return s


FOUR_RIBBONS = ("01R1", "02R1", "03R1", "04R1")


def test_four_ribbons_are_kept_for_a_hire_by_a_bot_with_few_samurai():
    s = autumn(FOUR_RIBBONS, samurai="")
    assert choose(s) == EndTurn()  # the Poems (4 honour) would spend the ribbons of a hire
    s = autumn(FOUR_RIBBONS, samurai="AB")
    assert choose(s).kind == "combo_start" and choose(s).combo == "POEMS3"
    s = autumn(FOUR_RIBBONS, samurai="", honour=56)
    assert choose(s).combo == "POEMS3"  # the Poems reach 60


def test_a_bot_without_province_or_fleet_buys_a_samurai_then_units():
    s = autumn(provinces=False, honour=20)
    first = choose(s)
    assert first == MercSamurai(sea="N")
    do(s, first)
    do(s, choose(s))  # keeps one of the samurai drawn
    assert s.honor[R] == 14
    assert choose(s) == MercUnits(n=4, sea="N")  # 14 honour: 4 units at 3 each
    s = autumn(provinces=False, honour=10)
    assert choose(s) == MercUnits(n=3, sea="N")  # too poor for a samurai as well


def test_seppuku_for_a_green_kami_that_completes_a_set():
    # Two suns: a third makes Three Lights (7 honour). Kojiro (green, no ability) is the one to go.
    s = autumn(("01S", "03S"), samurai="GN")
    assert choose(s) == Seppuku(letter="G")
    do(s, Seppuku(letter="G"))
    assert choose(s).kind == "kami_green"
    do(s, choose(s))
    take = choose(s)
    assert take.card_type[2] == "S"  # a sun
    # Not the last samurai on the board, and not when no set is one card away.
    assert choose(autumn(("01S", "03S"), samurai="G")).kind != "seppuku"
    assert choose(autumn(("01S", "03A1"), samurai="GN")).kind != "seppuku"


def test_a_blue_kami_takes_from_the_family_missing_for_diplomatic_honour():
    s = autumn(cards=("G-T2", "P-T2"))
    s.kami.append(Kami(letter="O", seat=R))
    assert choose(s) == KamiBlue(letter="O", seat=K)


def test_umeko_swaps_a_useless_card_for_one_of_the_family_missing_for_diplomatic_honour():
    s = autumn(samurai="P", cards=("G-T2", "P-T2"))
    for card in ("K-M1", "K-M2", "K-M3"):
        give_card(s, G, card)  # Green now holds the most cards, Black the fewest
    a = choose(s)
    assert (a.kind, a.seat, a.card) == ("umeko_swap", K, "R-S1")  # its own Levy, for a Black card


# -- a bot reads only its own view -------------------------------------------------------------
@pytest.mark.parametrize("temper", ["honest", "cunning", "treacherous"])
def test_the_choice_is_the_same_with_every_hidden_card_scrambled(temper):
    """At every decision of whole years of four bots of one temperament, the choice and its
    reason are unchanged when every card hidden from the deciding seat is scrambled. The
    years walked pull the new levers (offers made, answered and confirmed)."""
    seen = set()
    for seed in (11,):
        st = GAME.new(SenjiOptions(players=4), seed)
        rng = Rng(seed=seed).fork("scramble")
        for i in range(1000):
            seat = GAME.to_move(st)
            if seat is None:
                break
            actions = GAME.legal_actions(st)
            mine = decide(GAME.view(st, seat), seat, actions, Rng(seed=i), temper)
            other = GAME.scramble_hidden(st, seat, rng)
            theirs = decide(GAME.view(other, seat), seat, actions, Rng(seed=i), temper)
            assert theirs == mine and theirs[0].kind == mine[0].kind
            if mine[0].kind == "offer_send":
                assert theirs[0].word == mine[0].word
            seen.add(mine[0].kind)
            GAME.apply(st, mine[0])
    assert {"open_offer", "offer_send", "accept", "confirm", "reveal_hostage"} <= seen
