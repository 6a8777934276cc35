"""Rules of the duel beyond the spec's scenario table: refusals, abilities, cards, modules."""

from __future__ import annotations

import pytest

from rules.common import IllegalAction
from rules.duel import GAME, effects, flow
from rules.duel.models import (
    Activate,
    Begin,
    BuyCard,
    Choose,
    Exploit,
    Face,
    FordBottom,
    JinConfirm,
    JinPick,
    KiGuard,
    Peek,
    Penalty,
    Reward,
    SpecialLimit,
    SpendCredit,
    Strike,
    Target,
)

from .builders import at_attack, at_counter, begin, force_die, hand, kinds, log_text, new, played, push, top


def apply(st, action):
    GAME.apply(st, action)


# -- refusals ------------------------------------------------------------------------------

@pytest.mark.parametrize("action, words", [
    (Exploit(place="cliff"), "not fought at"),
    (Strike(), "not allowed"),
])
def test_refused_actions_change_nothing(action, words):
    st = new()
    before = st.model_dump_json()
    with pytest.raises(IllegalAction) as err:
        apply(st, action)
    assert words in str(err.value)
    assert st.model_dump_json() == before


def test_cards_wait_for_the_exchange():
    st = new()
    before = st.model_dump_json()
    with pytest.raises(IllegalAction, match="only during an exchange"):
        apply(st, Activate(card=st.player.hand[0]))
    assert st.model_dump_json() == before


def test_cliff_twice_is_refused_with_its_reason():
    st = new(surroundings="cliff")
    begin(st)
    force_die(st, 1)
    apply(st, Exploit(place="cliff"))
    before = st.model_dump_json()
    with pytest.raises(IllegalAction, match="only once per duel"):
        apply(st, Exploit(place="cliff"))
    assert st.model_dump_json() == before


def test_no_ki_means_no_peek_and_no_bought_card():
    st = new()
    st.player.ki = 0
    assert "buy_card" not in kinds(st)
    with pytest.raises(IllegalAction, match="no Ki"):
        apply(st, BuyCard())
    begin(st)
    with pytest.raises(IllegalAction, match="no Ki"):
        apply(st, Peek())


def test_nodachi_cannot_peek():
    st = new(weapon="nodachi")
    begin(st)
    assert "peek" not in kinds(st)
    with pytest.raises(IllegalAction, match="Nodachi"):
        apply(st, Peek())


def test_pending_choice_blocks_everything_else():
    st = new()
    begin(st)
    push(st, "combo_reward")
    with pytest.raises(IllegalAction, match="pending"):
        apply(st, Activate(card=st.player.hand[0]))


# -- the round ------------------------------------------------------------------------------

def test_round_start_fills_the_hand_and_buying_a_card():
    st = new()
    assert st.round == 1 and len(st.player.hand) == 6 and st.step == "round_start"
    apply(st, BuyCard())
    assert len(st.player.hand) == 7 and st.player.ki == 4
    assert "buy_card" not in kinds(st)


def test_peek_reveals_then_three_cards_in_a_row():
    st = new()
    begin(st)
    apply(st, Peek())
    assert st.defence is not None and st.player.ki == 4
    for c in list(st.player.hand[:3]):
        apply(st, Activate(card=c))
    assert st.step == "attack" or st.pending


def test_defence_ki_mark_yoshioka_old_school():
    st = new(opponent="yoshioka")
    begin(st)
    top(st.defence_deck, "D10")  # 7/7 with a Ki mark
    apply(st, Peek())
    assert st.defence.bonus == 2 and st.foes[0].ki == 2
    assert flow.thresholds(st) == (9, 9)


def test_shishido_chain_snare():
    st = new(opponent="shishido")
    begin(st)
    at_counter(st, 0, "C01")
    st.player.t = 5
    top(st.injury_deck, "I01")
    apply(st, Face())
    assert st.player.t == 3


def test_kojiro_swallow_cut_after_a_miss():
    st = new(opponent="kojiro")
    begin(st)
    at_counter(st, 0, "C01", result="miss")
    top(st.injury_deck, "I05")
    apply(st, Face())
    assert st.player.life == 8 - 3  # Deep Cut, Wound 2


def test_nodachi_and_void_cut_and_iai_giri():
    st = new(weapon="nodachi")
    begin(st)
    at_attack(st, (10, 1, 0), "D07")
    apply(st, Strike())
    assert st.attack_result == "W2"
    st = new()
    begin(st)
    at_attack(st, (0, 0, 0), "D07", cards=("F1", "F2", "SA7"))
    apply(st, Strike())
    assert st.attack_result == "W1"
    st = new()
    begin(st)
    hand(st, ["F1", "W1", "SA4"])
    for c in ("F1", "W1", "SA4"):
        apply(st, Activate(card=c))
    assert st.player.s == 1 + 3 + 0 + 1 + 3  # base, F1, W1, Iai-giri and its bonus


def test_riposte_costs_a_blocked_attacker_one_life_and_flips_shiro():
    st = new(opponent="shiro")
    begin(st)
    at_counter(st, 10, "C01")
    played(st, ["SA8"])
    apply(st, Face())
    assert st.foes[0].life == 7 and st.foes[0].side == "B"
    assert [a.kind for a in GAME.legal_actions(st)][0] == "penalty"


def test_bleeding_ticks_at_the_round_end():
    st = new()
    begin(st)
    st.foes[0].bleed = 1
    st.player.bleed = 1
    st.player.gash = True
    st.step = "N1"
    flow.run(st)
    assert st.foes[0].life == 6 and st.player.life == 6 and st.round == 2


def test_round_cap_loses():
    st = new()
    st.round = 20
    st.step = "N1"
    flow.run(st)
    assert st.result == "loss" and "exhausted" in st.explanation


def test_ki_guard_and_yagyu():
    st = new()
    begin(st)
    at_counter(st, 3, "C01")
    apply(st, KiGuard())
    assert st.player.g == 5 and "ki_guard" not in kinds(st)
    camp = new(mode="campaign", clan="yagyu")
    begin(camp)
    at_counter(camp, 3, "C01")
    apply(camp, KiGuard())
    assert camp.player.g == 6


def test_river_ford_sends_the_card_to_the_bottom():
    st = new(surroundings="river_ford")
    begin(st)
    at_counter(st, 0, "C12")
    apply(st, Exploit(place="river_ford"))
    assert st.pending[-1].kind == "ford" and st.pending[-1].cards == ["C12"]
    apply(st, FordBottom())
    assert st.counter_deck[0] == "C12" and st.player.ki == 4


def test_temple_steps_strength():
    st = new(surroundings="temple_steps")
    begin(st)
    at_attack(st, (4, 0, 0), "D07")
    apply(st, Exploit(place="temple_steps"))
    assert st.player.s == 6 and st.player.ki == 4
    assert Exploit(place="temple_steps") not in GAME.legal_actions(st)


# -- Special Action cards -----------------------------------------------------------------

def test_a_fourth_special_card_must_go_back():
    st = new()
    begin(st)
    at_attack(st, (2, 2, 2), "D01")
    hand(st, ["SA1", "SA2", "SA3"])
    top(st.sa_deck, "SA4")
    push(st, "combo_reward")
    apply(st, Reward(choice="special"))
    assert st.pending[-1].kind == "special_limit"
    assert sorted(a.card for a in GAME.legal_actions(st)) == ["SA1", "SA2", "SA3", "SA4"]
    apply(st, SpecialLimit(card="SA2"))
    assert sorted(st.player.hand) == ["SA1", "SA3", "SA4"] and "SA2" in st.sa_deck


def test_gi_takes_two_special_cards():
    st = new(bushido=True)
    begin(st)
    at_attack(st, (2, 2, 2), "D01")
    st.player.bushido_card = "K1"
    hand(st, [])
    push(st, "combo_reward")
    apply(st, Reward(choice="special"))
    assert len([c for c in st.player.hand if c.startswith("SA")]) == 2


def test_shiro_special_card_from_hand_is_replaced():
    st = new(opponent="shiro")
    hand(st, ["SA5", "F1"])
    st.foes[0].side = "B"
    push(st, "shiro_penalty")
    apply(st, Penalty(option="card", card="SA5"))
    assert "SA5" in st.removed and len(st.player.hand) == 2
    assert not st.player.hand[1].startswith("SA")


# -- Bushido ------------------------------------------------------------------------------

def test_chugi_chooses_from_the_rest():
    st = new(bushido=True)
    st.player.bushido_pos = 2
    top(st.bushido_deck, "K7")
    effects.bushido_step(st)
    assert st.pending[-1].kind == "bushido_choose" and len(st.bushido_deck) == 6
    apply(st, Choose(card="K4"))
    assert st.player.bushido_card == "K4" and st.player.credit == 5
    assert sorted(st.bushido_out) == ["K1", "K2", "K3", "K5", "K6", "K7"]


def test_rei_credit_is_spent_point_by_point():
    st = new(bushido=True)
    begin(st)
    at_attack(st, (2, 2, 2), "D01")
    st.player.bushido_card, st.player.credit = "K4", 1
    assert SpendCredit(track="s") not in GAME.legal_actions(st)
    apply(st, SpendCredit(track="t"))
    assert st.player.t == 3 and st.player.bushido_spent
    assert "spend_credit" not in kinds(st)


def test_makoto_credit_respects_the_arm_injury_cap():
    st = new(bushido=True, blood=True)
    begin(st)
    at_attack(st, (3, 2, 2), "D01")
    st.player.bushido_card, st.player.credit, st.player.cap_s = "K5", 5, True
    assert "spend_credit" not in kinds(st)


def test_jin_swaps_up_to_two_cards():
    st = new(bushido=True)
    st.player.bushido_card = "K3"
    a, b = st.player.hand[:2]
    apply(st, JinPick(card=a))
    assert set(kinds(st)) == {"jin_pick", "jin_confirm"}
    with pytest.raises(IllegalAction):  # the picks are settled before the exchange begins
        apply(st, Begin())
    apply(st, JinPick(card=b))
    assert kinds(st) == ["jin_confirm"]
    apply(st, JinConfirm())
    assert a not in st.player.hand and b not in st.player.hand and len(st.player.hand) == 6
    assert "jin_pick" not in kinds(st) and "begin" in kinds(st)


# -- Blood --------------------------------------------------------------------------------

def test_arm_injury_caps_strength_and_broken_shoulder_floor():
    st = new(blood=True)
    begin(st)
    st.player.s, st.player.die = 7, 3
    at_counter(st, 0, "C01")
    top(st.blood_deck, "B1")
    apply(st, Face())
    assert st.player.s == 3 and st.player.cap_s
    at_counter(st, 0, "C01", exchange=2)
    top(st.blood_deck, "B3")
    apply(st, Face())
    assert st.player.die == 1  # max(1, 3 - 3)


# -- 1 Versus 3 ---------------------------------------------------------------------------

def test_versus3_needs_a_target_first():
    st = new(opponent="versus3")
    begin(st)
    assert set(kinds(st)) <= {"target", "bushido_advance", "meiyo", "bokken_ki"}
    apply(st, Target(n=3))
    assert "activate" in kinds(st)
    apply(st, Target(n=2))
    apply(st, Activate(card=st.player.hand[0]))
    assert st.step == "second_card" and st.target == 1


def test_versus3_yoroi_goes_on_the_chief():
    st = new(opponent="versus3", yoroi="opponent")
    assert [f.armour for f in st.foes] == [None, None, 4]


# -- campaign -----------------------------------------------------------------------------

def test_campaign_restores_and_carries_over():
    st = new(mode="campaign", clan="hosokawa", yoroi="player", bandits_event=False)
    sa = [c for c in st.player.hand if c.startswith("SA")]
    assert len(sa) == 1
    st.player.life, st.player.ki, st.player.armour = 3, 0, 2
    top(st.campaign.event_deck, "EV6")
    effects.win_duel(st, "Arima Kihei falls.")
    assert st.step == "between_duels" and st.campaign.effects == ["EV6"]
    apply(st, GAME.legal_actions(st)[0])
    assert st.opponent == "yoshioka" and st.foes[0].life == 9
    assert st.player.life == 8 and st.player.ki == 5 and st.player.armour == 2
    assert sa[0] in st.player.hand


def test_campaign_final_win():
    st = new(mode="campaign")
    st.campaign.index = 4
    st.campaign.score = 4
    effects.win_duel(st, "Sasaki Kojirō falls.")
    out = GAME.outcome(st)
    assert out.results == ("win",) and out.scores == (5,)


def test_spy_report_reveals_the_first_defence():
    st = new(mode="campaign", bandits_event=False)
    top(st.campaign.event_deck, "EV5")
    effects.win_duel(st, "Arima Kihei falls.")
    apply(st, GAME.legal_actions(st)[0])
    apply(st, Begin())
    assert st.defence is not None and "Spy's report" in log_text(st)


def test_ambush_damage_goes_to_the_armour_first():
    st = new(mode="campaign", yoroi="player", bandits_event=False)
    top(st.campaign.event_deck, "EV1")
    effects.win_duel(st, "Arima Kihei falls.")
    force_die(st, 1)
    st.step = "between_duels"
    apply(st, GAME.legal_actions(st)[0])
    assert st.player.life == 8 and st.player.armour in (2, None)


# -- Injury card lines ----------------------------------------------------------------------

def test_winded_takes_ki_or_life_and_staggered_moves_the_die():
    st = new()
    begin(st)
    foe = st.foes[0]
    top(st.injury_deck, "I06")
    effects.injure_foe(st, 0, 1, 0, "Your attack")
    assert (foe.life, foe.ki) == (7, 2)
    foe.ki = 0
    top(st.injury_deck, "I06")
    effects.injure_foe(st, 0, 1, 0, "Your attack")
    assert (foe.life, foe.ki) == (6, 0)
    st.player.die = 2
    top(st.injury_deck, "I08")
    effects.injure_foe(st, 0, 2, 0, "Your attack")
    assert st.player.die == 3 and foe.life == 6 - 2 - 1  # Katana's extra Life on Wound 2
    top(st.injury_deck, "I08")
    effects.wound_player(st, 2, "test")
    assert st.player.die == 2 and st.player.life == 6


def test_bleeding_cut_on_shiro_flips_him_at_the_round_end():
    st = new(opponent="shiro")
    begin(st)
    shiro = st.foes[0]
    top(st.injury_deck, "I07")
    effects.injure_foe(st, 0, 2, 0, "Your attack")  # 1 Life + 1 Katana, bleed 1: side B
    assert shiro.bleed == 1 and shiro.side == "B"
    apply(st, Penalty(option="life"))
    st.step = "N1"
    flow.run(st)
    assert shiro.life == 8 - 2 - 1 and shiro.side == "A" and st.step == "round_start"
    shiro.bleed = 1
    st.step = "N1"
    flow.run(st)
    assert shiro.side == "B" and st.pending[-1].kind == "shiro_penalty" and st.step == "N3"
    apply(st, Penalty(option="ki"))
    assert st.step == "round_start" and st.round == 3


def test_broken_finger_deep_gash_and_loss_of_balance():
    st = new(blood=True)
    begin(st)
    p = st.player
    p.t, p.die, p.ki = 6, 4, 5
    for card, level in (("B2", 1), ("B4", 2)):
        top(st.blood_deck, card)
        effects.wound_player(st, level, "test")
    assert p.t == 3 and p.cap_t and p.ki == 1  # Loss of balance: Ki 5 - die level 4
    other = new(blood=True)
    top(other.blood_deck, "B2")
    effects.wound_player(other, 2, "test")
    assert other.player.gash and other.player.blood_kept == ["B2"]


def test_eye_injury_removes_ki_only_options():
    st = new(weapon="bokken", blood=True)
    st.player.ki = 3
    assert "bokken_ki" in kinds(st)
    st.player.no_ki_gain = True
    assert "bokken_ki" not in kinds(st)


# -- presentation ---------------------------------------------------------------------------

def test_describe_phase_and_render():
    st = new(opponent="versus3", surroundings="cliff", yoroi="opponent")
    begin(st)
    assert GAME.describe(Target(n=2)) == "Target enemy 2, the Rōnin swordsman"
    assert GAME.describe(Exploit(place="cliff")).startswith("Exploit the Cliff")
    assert GAME.phase(GAME.view(st, 0)) == "Round 1 · exchange 1 · Play your 1st card"
    text = GAME.render(GAME.view(st, 0), 0)
    assert "Bandit chief" in text and "armour 4/4" in text
    assert all(len(line) <= 76 for line in text.splitlines())
    assert GAME.seat_labels(GAME.Options()) == ["Samurai"] and GAME.is_public(st)


def test_hosokawa_with_wakizashi_keeps_one_of_two_at_the_start():
    st = new(mode="campaign", clan="hosokawa", weapon="wakizashi")
    assert st.pending[-1].kind == "special_keep" and len(st.pending[-1].cards) == 2
    GAME.apply(st, GAME.legal_actions(st)[0])
    assert len([c for c in st.player.hand if c.startswith("SA")]) == 1
    assert st.step == "round_start" and len(st.player.hand) == 6
