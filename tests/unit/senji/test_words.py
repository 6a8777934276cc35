"""Cards, samurai and seats read by their printed names, never by the codes the saves keep."""

from rules.senji import GAME
from rules.senji.actions import (
    Call, ChooseHost, ComboAdd, KamiTake, KeepSamurai, OfferAdd, OfferTo, PlaceBid, TradeKeep,
)
from rules.senji.words import card_name, samurai_label

from .helpers import G, R, blank, do, give_card


def test_a_diplomacy_card_reads_as_family_name_and_value():
    assert card_name("R-M1") == "Red Cousin (1)"
    assert card_name("K-D0") == "Black Empty banner (0)"


def test_a_hanafuda_reads_as_its_flower_and_kind():
    assert card_name("03R1") == "Cherry ribbon"
    assert card_name("10S") == "Maple sun"
    assert card_name("03A") == "Cherry animal"  # a type, as the green kami takes it


def test_a_hidden_card_and_a_samurai():
    assert card_name("?") == "a hidden card"
    assert card_name("G") == "Kojiro"
    assert samurai_label("G") == "Kojiro (honour 8)"


def test_choices_name_cards_and_players_not_codes():
    s = blank()
    GAME.legal_actions(s)  # the table is known: seats read as their players' names
    assert GAME.describe(TradeKeep(card="10S")) == "Keep Maple sun"
    assert GAME.describe(ComboAdd(card="01R1")) == "Add Pine ribbon"
    assert GAME.describe(ChooseHost(seat=G)) == "Host: Green"
    assert GAME.describe(Call(seat=R)) == "Call Red"
    assert GAME.describe(OfferTo(seat=G)) == "Offer to Green"
    assert GAME.describe(OfferAdd(card="R-S2a", face="up")) == "Add Red Banner (2) face up"
    assert GAME.describe(PlaceBid(card="R-M1", lot="K-M2")) == "Bid Red Cousin (1) on the lot Black Daughter (2)"
    assert GAME.describe(KamiTake(card_type="03A")) == "Take a Cherry animal"
    assert GAME.describe(KeepSamurai(letter="G")) == "Keep Kojiro (honour 8)"


def test_the_log_names_the_cards_seen():
    s = blank()
    give_card(s, R, "G-T2")
    s.diplo_hands[R].remove("G-T2")  # in play as the trading card
    for pile in [s.hana_deck, *s.hana_hands]:
        for c in ("10S", "03R1"):
            if c in pile:
                pile.remove(c)
    s.step, s.actor = "trade_keep", R
    s.trade_card, s.trade_shown = "G-T2", ["10S", "03R1"]
    do(s, TradeKeep(card="10S"))
    texts = [x.text for x in s.log]
    assert "You keep Maple sun." in texts
    assert "Red keeps one hanafuda; Green Harbour pass (2) goes back to its owner." in texts


def test_the_setup_form_reads_the_options_in_words():
    from tabletop.forms import choice_titles
    from rules.senji.state import SenjiOptions

    fields = SenjiOptions.model_fields
    assert choice_titles(fields["autumn_order"], ("host", "honour")) == (
        "The host calls each player", "Highest honour first (variant)")
    assert choice_titles(fields["winter_timer_s"], (0, 240)) == ("No clock: the host ends winter", "4 minutes")
