"""Rulebook corrections of issue 17: each test is a rulebook sentence, a small position, the
action and what the rulebook says must follow."""

from __future__ import annotations

import pytest

from rules.duel import GAME, effects
from rules.duel.models import (
    Activate,
    BuyCard,
    Continue,
    Face,
    Redraw,
    Reward,
    Strike,
)

from .builders import at_attack, at_counter, begin, hand, log_text, new, top


def apply(st, action):
    GAME.apply(st, action)


def _broken_rib(st) -> None:
    """You suffer Wound 2 in exchange 1 and the Blood deck's top card is B1."""
    begin(st)
    at_counter(st, 0, "C09")  # Power 5, Wound 2, against Guard 0
    top(st.blood_deck, "B1")
    apply(st, Face())
    assert st.player.blood_kept == ["B1"] and st.player.die is None
    assert st.step == "exchange_open" and st.exchange == 2


# -- Broken rib (B1, Wound 2) ----------------------------------------------------------------

@pytest.mark.parametrize("combo", [["F1", "F3", "F6"], ["W1", "W3", "W4"], ["E1", "E3", "E5"]],
                         ids=["Fire", "Water", "Earth"])
def test_broken_rib_leaves_classic_combos_their_reward(combo):
    """Broken rib: the Injury die leaves the game, and Void combos do nothing; Fire, Water
    and Earth combos still give their reward."""
    st = new(blood=True, bushido=True)
    _broken_rib(st)
    hand(st, combo + ["V1", "V2", "V3"])
    for c in combo:
        apply(st, Activate(card=c))
    assert [a.choice for a in GAME.legal_actions(st)] == ["ki", "special", "bushido"]
    ki = st.player.ki
    apply(st, Reward(choice="ki"))
    assert st.player.ki == ki + 1


def test_broken_rib_void_combo_does_nothing():
    """Broken rib: a Void combo (whose only effect is the Injury die) does nothing."""
    st = new(blood=True, bushido=True)
    _broken_rib(st)
    hand(st, ["V1", "V2", "V3", "F1", "F3", "F6"])
    for c in ("V1", "V2", "V3"):
        apply(st, Activate(card=c))
    assert st.player.die is None and not st.pending
    assert "Void combo" in log_text(st) and "Broken rib" in log_text(st)


# -- Yari ---------------------------------------------------------------------------------

def test_yari_redraw_discards_the_whole_hand_special_cards_too():
    """Yari: you can discard all cards in your hand and draw 6 new ones (Action cards)."""
    st = new(weapon="yari")
    hand(st, ["SA3", "SA5", "F1", "F2", "W1", "E1"])
    apply(st, Redraw(source="yari"))
    p = st.player
    assert len(p.hand) == 6
    assert not any(c.startswith("SA") for c in p.hand)
    assert {"SA3", "SA5"} <= set(st.sa_discard)
    assert {"F1", "F2", "W1", "E1"} <= set(st.action_discard)
    assert not {"SA3", "SA5", "F1", "F2", "W1", "E1"} & set(p.hand)


def test_yari_redraw_after_a_bought_card_still_draws_six():
    """A 7th card bought for Ki is discarded with the rest; the Yari draws 6."""
    st = new(weapon="yari")
    apply(st, BuyCard())
    assert len(st.player.hand) == 7
    apply(st, Redraw(source="yari"))
    assert len(st.player.hand) == 6 and len(st.action_discard) == 7


def test_campaign_redraw_still_keeps_special_cards():
    """The campaign redraw replaces only Action cards (spec R1)."""
    st = new(mode="campaign", weapon="katana")
    hand(st, ["SA3", "F1", "F2", "W1", "E1", "V1"])
    apply(st, Redraw(source="campaign"))
    assert "SA3" in st.player.hand and len(st.player.hand) == 6


# -- campaign and outcome --------------------------------------------------------------------

def test_campaign_breakdown_counts_the_bandits_duel():
    """Five duels won (the bandits among them) and the last one lost: 5 of 6, not 5 of 5."""
    st = new(mode="campaign", bandits_event=True)
    camp = st.campaign
    top(camp.event_deck, "EV7")
    effects.win_duel(st, "Arima Kihei falls in round 2.")
    apply(st, Continue())
    assert st.opponent == "versus3"
    for text in ("All three enemies fall in round 4.", "Yoshioka Seijūrō falls in round 3.",
                 "Shishido Baikin falls in round 5.", "Musō Gonnosuke falls in round 4."):
        effects.win_duel(st, text)
        apply(st, Continue())
    assert st.opponent == "kojiro" and camp.score == 5
    effects.lose(st, "You fall in round 3.")
    out = GAME.outcome(st)
    assert out.results == ("loss",) and out.scores == (5,)
    assert out.breakdown == ("Duels won: 5 of 6",)


def test_campaign_breakdown_without_the_bandits():
    st = new(mode="campaign", bandits_event=False)
    effects.win_duel(st, "Arima Kihei falls in round 2.")
    apply(st, Continue())
    effects.lose(st, "You fall in round 3.")
    assert GAME.outcome(st).breakdown == ("Duels won: 1 of 5",)


def test_a_fall_in_the_campaign_is_logged_once():
    """Arima falls: the log says so once, then gives the score."""
    st = new(mode="campaign", opponent="arima")
    begin(st)
    at_attack(st, (10, 10, 2), "D09")
    st.foes[0].life = 1
    top(st.injury_deck, "I01")
    apply(st, Strike())
    assert st.step == "between_duels"
    assert log_text(st).count("Arima Kihei falls in round 1.") == 1
    assert "Score 1." in log_text(st)


def test_the_last_fall_of_the_ladder_is_logged_once():
    st = new(mode="campaign")
    st.campaign.index, st.campaign.score = 4, 4
    effects.win_duel(st, "Sasaki Kojirō falls in round 3.")
    assert st.result == "win"
    assert log_text(st).count("Sasaki Kojirō falls in round 3.") == 1
    assert GAME.outcome(st).breakdown == ("Duels won: 5 of 5",)


def test_a_combo_with_no_reward_left_does_not_ask_for_one():
    """Eye injury (no Ki), no Special Action card left and no Bushido: nothing to choose."""
    st = new(bushido=False)
    begin(st)
    st.player.no_ki_gain = True
    st.removed.extend(st.sa_deck)
    st.sa_deck.clear()
    hand(st, ["F1", "F3", "F6", "W1"])
    for c in ("F1", "F3", "F6"):
        apply(st, Activate(card=c))
    assert not st.pending and st.step == "attack"
    assert "choose a reward" not in log_text(st)
    assert "Fire combo" in log_text(st)


def test_a_lost_single_duel_has_no_score():
    """The counterattack takes your last Life: a loss, with no score (the rulebook gives none)."""
    st = new(opponent="arima")
    begin(st)
    at_counter(st, 0, "C12")  # Power 8, Wound 2: every Wound 2 line costs Life
    st.player.life = 1
    apply(st, Face())
    out = GAME.outcome(st)
    assert out.results == ("loss",)
    assert out.scores is None and out.breakdown == ()


def test_a_won_single_duel_scores_the_life_left():
    st = new(opponent="arima")
    begin(st)
    at_attack(st, (10, 10, 2), "D09")
    st.foes[0].life = 1
    st.player.life = 6
    apply(st, Strike())
    out = GAME.outcome(st)
    assert out.results == ("win",) and out.scores == (6,)
    assert out.breakdown == ("Life left: 6",)
