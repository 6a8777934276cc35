"""Hidden information (spec §8): views hide secrets; scrambled secrets give the same view."""

from rules.common import Rng
from rules.senji import GAME
from rules.senji.actions import (
    Activate, AddUnits, Dest, EndNegotiation, Go, OfferAdd, OfferSend, OfferTo, OpenOffer,
    PlaceBid, Support,
)
from rules.senji.state import SenjiOptions
from rules.senji.year import start_winter

from .helpers import G, P, R, blank, do, give_card, place, summer


def same_view_after_scramble(s, seat, seed=5):
    other = GAME.scramble_hidden(s, seat, Rng(seed=seed))
    return GAME.view(s, seat) == GAME.view(other, seat), other


def test_view_hides_hands_decks_rng_and_setup_draws():
    s = GAME.new(SenjiOptions(), 4)
    s.forced_dice = ["R"]
    v = GAME.view(s, R)
    assert v.diplo_hands[R] == s.diplo_hands[R] and v.hana_hands[R] == s.hana_hands[R]
    assert v.diplo_hands[G] == ["?"] * 12 and v.hana_hands[G] == ["?"] * 4
    assert set(v.hana_deck) == {"?"} and set(v.samurai_deck) == {"?"}
    assert v.setup_draws[G] == ["?"] * 3 and v.setup_draws[R] == s.setup_draws[R]
    assert all(set(d) == {"?"} for d in v.missing_decks.values())
    assert v.rng.seed == 0 and v.forced_dice == []
    assert "forced_dice" not in s.model_dump_json()
    text = GAME.render(v, R)
    assert all(c in text for c in s.diplo_hands[R] + s.hana_hands[R])
    assert max(len(line) for line in text.split("\n")) <= 76
    assert not any(c in text for c in s.hana_hands[G])


def test_scramble_changes_secrets_but_not_the_view():
    s = GAME.new(SenjiOptions(), 4)
    for seat in (R, G, None):
        same, other = same_view_after_scramble(s, seat)
        assert same
        assert other.model_dump_json() != s.model_dump_json()


def test_private_log_lines_stay_private():
    s = GAME.new(SenjiOptions(), 4)
    mine = [line.text for line in GAME.view(s, R).log]
    theirs = [line.text for line in GAME.view(s, G).log]
    assert any("Your hanafuda" in t for t in mine)
    assert mine != theirs
    assert not any(line.seats == (R,) for line in GAME.view(s, G).log)
    assert all(line.seats is None for line in GAME.view(s, None).log)


def test_offer_view_and_leak():
    s = blank()
    place(s, R, "aki", 1)
    start_winter(s)
    do(s, OpenOffer(by=R), OfferTo(seat=G), OfferAdd(card="R-S2a", face="down"), OfferSend())
    for seat in (R, G, P, None):
        assert same_view_after_scramble(s, seat)[0]
    assert GAME.view(s, P).offer.give == [] and GAME.view(s, P).offer.to == G


def test_bid_view_and_leak():
    s = blank()
    place(s, R, "aki", 1)
    start_winter(s)
    do(s, EndNegotiation(), PlaceBid(card="R-S3", lot=s.lots[0].card))
    for seat in (R, G, None):
        assert same_view_after_scramble(s, seat)[0]
    assert GAME.view(s, G).bids == []


def test_support_hidden_until_both_pick():
    s = blank()
    place(s, R, "nagato", 2)
    place(s, G, "izumo", 1)
    give_card(s, G, "K-S3")
    s.provinces["nagato"].order = "movement"
    summer(s)
    s.forced_dice = list("YYYYYYYYY")
    do(s, Activate(province="nagato"), Dest(province="izumo"), AddUnits(n=2), Go(),
       Support(card="K-S3"))
    assert GAME.view(s, R).combat.dfn_cards == ["?"]
    assert GAME.view(s, G).combat.dfn_cards == ["K-S3"]
    for seat in (R, G, P, None):
        assert same_view_after_scramble(s, seat)[0]
