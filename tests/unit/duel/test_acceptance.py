"""The acceptance scenarios of the duel spec (section 8), one test each, numbered as there."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.duel import GAME
from rules.duel import effects, flow
from rules.duel.models import (
    Activate,
    ActivateDie,
    BokkenKi,
    BushidoAdvance,
    Continue,
    DuelOptions,
    Exploit,
    Face,
    Gisei,
    Meiyo,
    Penalty,
    Redraw,
    Reward,
    SpecialKeep,
    Strike,
    Target,
)

from .builders import (
    at_attack,
    at_counter,
    begin,
    force_die,
    hand,
    kinds,
    log_text,
    new,
    played,
    push,
    top,
)


def apply(st, action):
    GAME.apply(st, action)


def test_01_base_wound_1_without_die_decision():
    st = new(opponent="arima")
    begin(st)
    at_attack(st, (6, 3, 2), "D07")
    st.player.die = 1
    top(st.injury_deck, "I01")
    apply(st, Strike())
    assert st.attack_result == "W1"  # S 6 >= 6, T 3 < 7
    assert "activate the Injury die" not in log_text(st)
    assert st.foes[0].life == 6
    assert st.queue == [0] and st.step == "counter_prepare"


def test_02_katana_wound_2_costs_one_more():
    st = new(opponent="arima", weapon="katana")
    begin(st)
    at_attack(st, (9, 9, 5), "D09", exchange=2)  # 6/6 becomes 9/9 in exchange 2
    top(st.injury_deck, "I01")
    apply(st, Strike())
    assert st.attack_result == "W2"
    assert st.foes[0].life == 7 - 2 - 1


@pytest.mark.parametrize("guard, wounded", [(7, True), (9, False)])
def test_03_gonnosuke_ki_surge(guard, wounded):
    st = new(opponent="gonnosuke")
    begin(st)
    at_counter(st, guard, "C05")
    top(st.injury_deck, "I01")
    apply(st, Face())
    assert "Power 9" in log_text(st)  # 5 + 1 Atk + 3 long-reach surge
    assert st.foes[0].ki == 3
    if wounded:
        assert st.player.life == 7 and st.last_injury == "I01"
    else:
        assert st.player.life == 8 and st.last_injury is None
        assert "blocked" in log_text(st)


def test_04_combo_reward_offers_ki_special_bushido():
    st = new(opponent="arima", bushido=True)
    begin(st)
    st.player.ki = 2
    hand(st, ["F1", "F3", "F6", "W1", "E1", "V1"])
    apply(st, Activate(card="F1"))
    apply(st, Activate(card="F3"))
    assert st.defence is not None  # revealed after the second card
    apply(st, Activate(card="F6"))
    choices = [a.choice for a in GAME.legal_actions(st)]
    assert choices == ["ki", "special", "bushido"]
    apply(st, Reward(choice="bushido"))
    assert st.player.bushido_pos == 1
    assert st.step == "attack" and not st.pending


def test_05_bushido_advance_wins_makoto():
    st = new(bushido=True)
    begin(st)
    at_attack(st, (2, 2, 2), "D01")
    p = st.player
    p.bushido_pos, p.ki = 2, 3
    top(st.bushido_deck, "K5")
    apply(st, BushidoAdvance())
    assert p.ki == 1 and p.bushido_card == "K5" and p.credit == 5
    assert st.bushido_deck == [] and len(st.bushido_out) == 6
    push(st, "combo_reward")
    assert [a.choice for a in GAME.legal_actions(st)] == ["ki", "special"]


def test_06_yu_raises_die_by_two_capped_at_six():
    st = new(bushido=True)
    begin(st)
    st.player.die = 5
    st.player.bushido_card = "K2"
    hand(st, ["V1", "V2", "V3", "F1"])
    for c in ("V1", "V2", "V3"):
        apply(st, Activate(card=c))
    assert st.player.die == 6
    assert not st.pending  # a Void combo offers no reward


def test_07_injury_die_activation():
    st = new(opponent="arima")
    begin(st)
    at_attack(st, (6, 3, 2), "D07")
    st.player.die = 4
    top(st.injury_deck, "I05")
    apply(st, Strike())
    assert st.step == "injury_die"
    apply(st, ActivateDie())
    assert st.foes[0].life == 7 - 4 - 2
    assert st.player.die == 1


def test_08_broken_rib_removes_die_and_void_combos():
    st = new(blood=True)
    begin(st)
    at_counter(st, 0, "C09")  # 5, Wound 2
    top(st.blood_deck, "B1")
    apply(st, Face())
    p = st.player
    assert p.die is None and p.blood_kept == ["B1"] and p.no_combos
    # exchange 2: a Void combo changes nothing, and a hit offers no die
    assert st.step == "exchange_open" and st.exchange == 2
    hand(st, ["V1", "V2", "V3"])
    for c in ("V1", "V2", "V3"):
        apply(st, Activate(card=c))
    assert p.die is None and not st.pending
    p.s, p.t = 10, 10
    apply(st, Strike())
    assert st.attack_result == "W2" and "injury_die" not in kinds(st)
    # a later Fire combo still offers its reward
    st.exchange_cards = ["F1", "F2", "F3"]
    flow.combo_check(st)
    assert [x.kind for x in st.pending] == ["combo_reward"]
    assert [a.choice for a in GAME.legal_actions(st)] == ["ki", "special", "bushido"]


def test_09_blood_deck_exhausted_loses():
    st = new(blood=True)
    begin(st)
    st.player.blood_kept = ["B1", "B2", "B3", "B4"]
    st.blood_deck = ["B5"]
    st.player.life = 6
    at_counter(st, 0, "C01")
    apply(st, Face())
    assert st.player.life == 6  # Lucky dodge
    assert GAME.outcome(st).results == ("loss",)
    assert "Blood deck exhausted" in GAME.outcome(st).explanation


def test_10_beheaded_loses():
    st = new(blood=True)
    begin(st)
    at_counter(st, 0, "C09")
    top(st.blood_deck, "B5")
    apply(st, Face())
    assert st.result == "loss" and "Beheaded" in st.explanation


@pytest.mark.parametrize("roll, armour", [(3, 3), (6, None)])
def test_11_thigh_injury_without_die_hits_armour(roll, armour):
    st = new(blood=True, yoroi="player")
    begin(st)
    st.player.die = None
    at_counter(st, 0, "C01")
    top(st.blood_deck, "B4")
    force_die(st, roll)
    apply(st, Face())
    assert st.player.armour == armour  # X = 1 went to the armour, then the roll
    assert st.player.life == 8
    assert f"Blue die for Your armour: {roll}" in log_text(st)


def test_12_gisei_harmful_card():
    st = new(gisei=True)
    begin(st)
    at_counter(st, 4, "C01")
    st.player.life = 6
    top(st.gisei_deck, "G5")
    apply(st, Gisei())
    assert st.player.life == 5 and st.player.g == 1
    assert sorted(st.gisei_deck) == ["G1", "G2", "G3", "G4", "G5"]
    assert "gisei" not in kinds(st)


@pytest.mark.parametrize("roll, armour", [(2, 2), (6, None)])
def test_13_yoroi_on_the_opponent(roll, armour):
    st = new(opponent="arima", yoroi="opponent")
    begin(st)
    at_attack(st, (6, 3, 2), "D07")
    top(st.injury_deck, "I05")
    force_die(st, roll)
    apply(st, Strike())
    assert st.foes[0].armour == armour
    assert st.foes[0].life == 7
    assert f"Blue die for Arima Kihei's armour: {roll}" in log_text(st)


def test_14_shiro_flips_on_a_wound_without_life_loss():
    st = new(opponent="shiro")
    begin(st)
    at_attack(st, (7, 3, 2), "D07")  # Shiro's DefS +1: needs 7
    st.player.ki = 0
    st.player.die = 1
    top(st.injury_deck, "I12")
    apply(st, Strike())
    shiro = st.foes[0]
    assert shiro.life == 8 and shiro.side == "B"
    acts = GAME.legal_actions(st)
    options = [a.option for a in acts]
    assert "ki" not in options and "die" not in options and "life" in options
    cards = sorted(a.card for a in acts if a.option == "card")
    assert cards == sorted(st.player.played + st.player.hand)
    apply(st, Penalty(option="life"))
    assert st.player.life == 7 and not st.pending
    top(st.injury_deck, "I12")
    effects.injure_foe(st, 0, 1, 0, "Your attack")
    assert shiro.side == "A" and not st.pending


def test_15_shiro_card_penalty_takes_back_levels():
    st = new(opponent="shiro")
    begin(st)
    played(st, ["F8"], this_exchange=False)
    p = st.player
    p.s, p.t, p.g = 9, 4, 3
    st.foes[0].side = "B"
    push(st, "shiro_penalty")
    apply(st, Penalty(option="card", card="F8"))
    assert (p.s, p.t, p.g) == (5, 4, 3)
    assert "F8" in st.removed and "F8" not in p.played


def test_16_versus3_queue_skips_the_dead():
    st = new(opponent="versus3")
    begin(st)
    apply(st, Target(n=1))
    st.foes[1].life, st.foes[1].dead = 0, True
    st.attack_result = "miss"
    st.step = "E12"
    force_die(st, 4)
    flow.run(st)
    assert st.queue == [2] and st.step == "counter_prepare"


def test_17_versus3_last_kill_wins_without_roll():
    st = new(opponent="versus3")
    begin(st)
    for f in st.foes[:2]:
        f.life, f.dead = 0, True
    st.foes[2].life = 1
    st.target = 2
    at_attack(st, (7, 3, 2), "D07")  # the chief's DefS +1
    top(st.injury_deck, "I01")
    apply(st, Strike())
    assert st.result == "win"
    assert st.last_blue is None and "Blue die" not in log_text(st)


def test_18_versus3_die_hits_only_the_target():
    st = new(opponent="versus3")
    begin(st)
    st.target = 1
    st.player.die = 3
    at_attack(st, (6, 3, 2), "D07")
    top(st.injury_deck, "I12")
    apply(st, Strike())
    apply(st, ActivateDie())
    assert [f.life for f in st.foes] == [3, 1, 5]


@pytest.mark.parametrize("roll", [2, 5])
def test_19_cliff(roll):
    st = new(surroundings="cliff")
    begin(st)
    top(st.injury_deck, "I01")
    force_die(st, roll)
    apply(st, Exploit(place="cliff"))
    if roll <= 3:
        assert st.foes[0].life == 6
        assert Exploit(place="cliff") not in GAME.legal_actions(st)
        assert "cliff" in st.used_duel
    else:
        assert st.result == "loss" and "fell from the cliff" in st.explanation


@pytest.mark.parametrize("roll", [6, 3])
def test_20_bamboo_forest(roll):
    st = new(surroundings="bamboo_forest")
    begin(st)
    at_counter(st, 5, "C01")
    top(st.injury_deck, "I01")
    force_die(st, roll)
    apply(st, Exploit(place="bamboo_forest"))
    if roll == 6:
        assert st.player.life == 6 and st.last_injury == "I01"  # Graze, Wound 2
    else:
        assert st.player.g == 8 and st.player.life == 8
    assert Exploit(place="bamboo_forest") not in GAME.legal_actions(st)


def test_21_yari_setup_and_redraws():
    st = new(weapon="yari")
    p = st.player
    assert (p.life, p.life_max, p.ki) == (7, 7, 4)
    assert Redraw(source="yari") in GAME.legal_actions(st)
    before = [c for c in p.hand]
    apply(st, Redraw(source="yari"))
    assert p.yari_left == 2 and not set(before) & set(p.hand)
    assert Redraw(source="yari") not in GAME.legal_actions(st)
    camp = new(mode="campaign", weapon="yari", clan="yagyu")
    acts = GAME.legal_actions(camp)
    assert Redraw(source="yari") in acts and Redraw(source="campaign") in acts
    assert camp.player.yari_left + camp.player.campaign_redraw_left == 4


def test_22_wakizashi_keep_one_and_round_ten_wound():
    st = new(weapon="wakizashi")
    begin(st)
    at_attack(st, (2, 2, 2), "D01")
    push(st, "combo_reward")
    apply(st, Reward(choice="special"))
    assert st.pending[-1].kind == "special_keep"
    first, second = st.pending[-1].cards
    apply(st, SpecialKeep(card=first))
    assert first in st.player.hand and second in st.sa_deck and len(st.sa_deck) == 7
    # end of round 10: Wound 1 on you; not at the end of round 11
    st.round = 10
    st.step = "N1"
    top(st.injury_deck, "I01")
    flow.run(st)
    assert st.player.life == 7 and "Wakizashi: at the end of round 10" in log_text(st)
    st.step = "N1"
    flow.run(st)
    assert st.round == 12 and st.player.life == 7


def test_23_kusarigama_blocks_after_technique_plus_five():
    st = new(weapon="kusarigama")
    begin(st)
    p = st.player
    p.t = st.t_open = 2
    hand(st, ["W5", "W2", "E1", "F1"])
    apply(st, Activate(card="W5"))
    apply(st, Activate(card="W2"))
    apply(st, Activate(card="E1"))
    assert p.g == 0
    apply(st, Strike())
    assert st.step == "counter_prepare"
    assert "ki_guard" not in kinds(st) and "gisei" not in kinds(st)
    top(st.counter_deck, "C12")
    life = p.life
    apply(st, Face())
    assert p.life == life and "Kusarigama" in log_text(st)


def test_24_eye_injury_blocks_ki_gains():
    st = new(blood=True, bushido=True)
    begin(st)
    p = st.player
    p.no_ki_gain = True
    p.ki = 2
    hand(st, ["F1", "F3", "SA2", "W1"])
    for c in ("F1", "F3", "SA2"):
        apply(st, Activate(card=c))
    assert p.ki == 2  # Kiai gives nothing
    assert [a.choice for a in GAME.legal_actions(st)] == ["special", "bushido"]


def test_25_arima_hot_headed_after_a_miss():
    st = new(opponent="arima")
    begin(st)
    at_counter(st, 5, "C04", result="miss")
    top(st.injury_deck, "I01")
    apply(st, Face())
    assert "Power 6" in log_text(st)
    assert st.player.life == 7


def test_26_blood_is_refused_in_campaign():
    with pytest.raises(ValidationError, match="Blood cannot be played in campaign mode"):
        DuelOptions(mode="campaign", blood=True)


@pytest.mark.parametrize("bandits_win", [True, False])
def test_27_campaign_bandits_event(bandits_win):
    st = new(mode="campaign", bandits_event=True)
    camp = st.campaign
    camp.index, camp.score = 1, 1  # fighting Yoshioka
    top(camp.event_deck, "EV7")
    effects.win_duel(st, "Yoshioka Seijūrō falls.")
    assert camp.score == 2 and camp.events_drawn == ["EV7"]
    assert GAME.legal_actions(st) == [Continue()]
    apply(st, Continue())
    assert st.opponent == "versus3" and len(st.foes) == 3
    if bandits_win:
        effects.win_duel(st, "All three enemies fall.")
        assert camp.score == 3 and camp.events_drawn == ["EV7"]
        apply(st, Continue())
        assert st.opponent == "shishido"
    else:
        effects.lose(st, "You fall.")
        outcome = GAME.outcome(st)
        assert outcome.results == ("loss",) and outcome.scores == (2,)


def test_28_meiyo_fourth_ki_discards_the_card():
    st = new(bushido=True)
    p = st.player
    p.bushido_card, p.meiyo_ki, p.ki, p.life = "K6", 3, 2, 5
    assert Meiyo() in GAME.legal_actions(st)
    apply(st, Meiyo())
    assert (p.ki, p.life, p.meiyo_ki) == (1, 6, 4) and p.bushido_spent
    assert Meiyo() not in GAME.legal_actions(st)


def test_29_ganryu_cancel_is_not_a_riposte_block():
    st = new(surroundings="ganryu_shore")
    begin(st)
    at_counter(st, 0, "C12")
    played(st, ["SA8"])
    apply(st, Face())
    assert st.step == "counter_revealed" and st.counter.id == "C12"
    apply(st, Exploit(place="ganryu_shore"))
    assert st.player.life == 8 and st.foes[0].life == 7
    # the next counterattack resolves without the shore being offered
    at_counter(st, 0, "C01", exchange=2)
    apply(st, Face())
    assert st.step != "counter_revealed" and st.player.life < 8


def test_30_rice_paddies_reveals_another_defence():
    st = new(opponent="arima", surroundings="rice_paddies")
    begin(st)
    hand(st, ["F1", "W1", "E1", "V1"])
    top(st.defence_deck, "D01")
    apply(st, Activate(card="F1"))
    apply(st, Activate(card="W1"))
    assert st.defence.id == "D01"
    st.player.ki = 2
    top(st.defence_deck, "D05")  # 5/8 with a Ki mark
    apply(st, Exploit(place="rice_paddies"))
    assert st.player.ki == 1 and "D01" in st.defence_discard
    assert st.defence.id == "D05" and st.defence.bonus == 1 and st.foes[0].ki == 2
    assert Exploit(place="rice_paddies") not in GAME.legal_actions(st)


def test_31_bokken_life_for_ki_and_wooden_blade():
    st = new(weapon="bokken", yoroi="player")
    begin(st)
    at_attack(st, (9, 9, 5), "D09", exchange=2)
    p = st.player
    p.life, p.ki = 5, 0
    apply(st, BokkenKi())
    assert (p.life, p.ki, p.armour) == (4, 1, 4)
    apply(st, Strike())
    assert st.attack_result == "W1"
