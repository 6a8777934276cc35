"""The acceptance scenarios of spec section 9, one test each, written like the rulebook examples."""

from __future__ import annotations

import pytest

from rules.spirit import GAME
from rules.spirit.builder import (
    act, begin, defended, end_round_now, farmsteads, line, options, pile, stack, table,
)
from rules.spirit.village import wound


def logtext(state) -> str:
    return "\n".join(line.text for line in state.log)


# 1 ---------------------------------------------------------------------------------
def test_01_kiai_exact_hit_builds_and_discards_the_oldest():
    t = table(("Kanbei", "Heihachi", "Kyuzo"))
    line(t, 0, "P4-01", "P4-03")
    t.barricades = 4
    stack(t, "P4-13")
    begin(t, 0)
    act(t, "fight")
    assert options(t) == ["confront"]
    act(t, "confront")
    assert t.samurai[0].total == 12
    assert options(t) == ["kiai_activate", "kiai_decline"]
    act(t, "kiai_activate")
    assert t.barricades == 5
    assert t.discard[-1] == "P4-01"
    assert t.samurai[0].line == ["P4-03", "P4-13"] and t.samurai[0].total == 8
    assert t.active == 1


def test_01_kiai_with_nothing_to_build_is_skipped():
    t = table(("Kanbei", "Heihachi", "Kyuzo"))
    line(t, 0, "P4-01", "P4-03")
    stack(t, "P4-13")
    begin(t, 0)
    act(t, "fight")
    act(t, "confront")
    assert t.pending.kind != "KIAI"
    assert t.discard[-1] == "P4-01" and t.active == 1


# 2 ---------------------------------------------------------------------------------
@pytest.mark.parametrize("barricades", [3, 0])
def test_02_over_kiai_destroys_and_forces_a_pass(barricades):
    t = table(("Kanbei", "Heihachi", "Kyuzo"))
    line(t, 1, "P4-04", "P3-04", "P2-10")
    t.barricades = barricades
    stack(t, "P3-13")
    begin(t, 1)
    act(t, "fight")
    assert options(t) == ["confront"]
    act(t, "confront")
    assert t.samurai[1].total == 12
    if barricades:
        assert t.barricades == 2 and len(t.farms) == 6
    else:
        assert t.barricades == 0 and len(t.farms) == 5
    begin(t, 1)
    assert options(t) == ["pass_round"]


# 3 ---------------------------------------------------------------------------------
def test_03_transformation_lifts_the_forced_pass():
    t = table(("Kanbei", "Heihachi", "Kyuzo"))
    t.samurai[1].wounds = 1
    line(t, 1, "P4-04", "P3-04", "P2-10", "P3-10")
    begin(t, 1)
    s = t.samurai[1]
    assert s.wounds == 2 and s.animal and s.kiai == 14
    assert options(t) == ["fight", "support{0}", "support{2}", "pass_round"]
    assert "Kiai exactly" not in logtext(t)


# 4 ---------------------------------------------------------------------------------
def test_04_defend_rules():
    t = table(("Kyuzo", "Gorobei", "Heihachi"))
    defended(t, 0, "P1-01")
    # (a) an icon whose slot is taken: only confront
    stack(t, "P3-02")
    begin(t, 0)
    act(t, "fight")
    assert options(t) == ["confront"]
    # (b) a free farm slot
    t = table(("Kyuzo", "Gorobei", "Heihachi"))
    defended(t, 0, "P1-01")
    stack(t, "P3-04")
    begin(t, 0)
    act(t, "fight")
    assert options(t) == ["confront", "defend"]
    act(t, "defend")
    assert t.samurai[0].slots["farm"] == "P3-04" and t.samurai[0].total == 0
    # (c) NO_DEFEND on the top card blocks defending this turn
    t = table(("Kyuzo", "Gorobei", "Heihachi"))
    defended(t, 0, "P1-01")
    line(t, 0, "P1-08")
    stack(t, "P3-07")
    begin(t, 0)
    assert t.flags.no_defend
    act(t, "fight")
    assert options(t) == ["confront"]
    act(t, "confront")
    assert t.samurai[0].line == ["P1-08", "P3-07"]
    # (d) forced to draw in S2's turn: the flag has expired, and the 3 matches P3-07
    line(t, 2, "P1-05")
    stack(t, "P3-09")
    begin(t, 2)
    assert t.pending.kind == "PLACE_DRAWN" and GAME.to_move(t) == 0
    assert options(t) == ["confront", "defend", "discard_duplicate"]


# 5 ---------------------------------------------------------------------------------
def test_05_heihachi_gives_even_and_the_receiver_hits_kiai_out_of_turn():
    t = table(("Kanbei", "Heihachi", "Kyuzo"))
    line(t, 0, "P4-01", "P4-03")
    t.samurai[2].passed = True
    t.barricades = 4
    stack(t, "P4-13")
    begin(t, 1)
    act(t, "fight")
    assert options(t) == ["confront", "give_card{0}"]
    act(t, "give_card{0}")
    assert t.pending.kind == "PLACE_GIVEN" and GAME.to_move(t) == 0
    assert options(t) == ["confront"]
    act(t, "confront")
    assert t.pending.kind == "KIAI" and GAME.to_move(t) == 0 and t.active == 1
    act(t, "kiai_decline")
    assert t.discard[-1] == "P4-01"
    assert t.active == 0 and GAME.to_move(t) == 0


# 6 ---------------------------------------------------------------------------------
def test_06_daisuke_gives_odd_and_the_receiver_defends():
    t = table(("Daisuke", "Kyuzo", "Gorobei", "Kanbei"))
    t.samurai[3].passed = True
    stack(t, "P3-08")
    begin(t, 0)
    act(t, "fight")
    assert options(t) == ["confront", "defend", "give_card{1}"]
    act(t, "give_card{1}")
    assert GAME.to_move(t) == 1 and options(t) == ["confront", "defend"]
    act(t, "defend")
    assert t.samurai[1].slots["family"] == "P3-08"
    # S1's turn: nothing on the combat line, so DRAW_LEFT never applies
    assert t.active == 1 and t.samurai[1].line == []
    assert "forced to draw" not in logtext(t)


def test_06_even_card_is_not_given_by_daisuke():
    t = table(("Daisuke", "Kyuzo", "Gorobei", "Kanbei"))
    t.samurai[3].passed = True
    stack(t, "P2-01")
    begin(t, 0)
    act(t, "fight")
    assert options(t) == ["confront", "defend"]


# 7 ---------------------------------------------------------------------------------
def test_07a_gorobei_ignores_an_even_wound():
    t = table(("Gorobei", "Kyuzo", "Heihachi"))
    line(t, 0, "P4-02")
    begin(t, 0)
    assert t.samurai[0].wounds == 0
    assert "is ignored (Gorobei's own talent)" in logtext(t)


def test_07b_gorobei_takes_an_odd_wound():
    t = table(("Gorobei", "Kyuzo", "Heihachi"))
    line(t, 0, "P3-10")
    begin(t, 0)
    assert t.samurai[0].wounds == 1


def test_07c_kanbei_ignores_odd_but_not_a_boss_must_pass():
    t = table(("Gorobei", "Kanbei", "Heihachi"))
    line(t, 1, "P3-10")
    begin(t, 1)
    assert t.samurai[1].wounds == 0 and "ignored" in logtext(t)
    line(t, 1, "B-1")
    begin(t, 1)
    assert options(t) == ["pass_round"]


def test_07d_animal_gorobei_protects_only_his_neighbours():
    t = table(("Gorobei", "Kyuzo", "Heihachi", "Kanbei"))
    t.samurai[0].wounds = 2
    line(t, 1, "P4-02")
    begin(t, 1)
    assert t.samurai[1].wounds == 0
    assert "the bear Gorobei next to them" in logtext(t)
    line(t, 1)
    line(t, 2, "P4-02")
    begin(t, 2)
    assert t.samurai[2].wounds == 1


def test_07e_a_support_token_ignores_no_talent():
    t = table(("Gorobei", "Kyuzo", "Heihachi"), round=3)
    t.samurai[0].token_with = 1
    line(t, 1, "P2-10", "B-3")
    stack(t, "P2-12")
    begin(t, 1)
    assert not t.flags.no_talent
    assert "Gorobei's support token" in logtext(t)
    act(t, "fight")
    assert "discard_duplicate" in options(t)


# 8 ---------------------------------------------------------------------------------
def test_08a_kikuchiyo_fights_twice():
    t = table(("Kikuchiyo", "Kyuzo", "Heihachi"))
    line(t, 0, "P2-10")
    stack(t, "P3-13", "P4-12", "P1-10")
    begin(t, 0)
    act(t, "fight")
    act(t, "confront")
    assert t.samurai[0].total == 5
    assert options(t) == ["fight_again", "end_turn"]
    act(t, "fight_again")
    act(t, "confront")
    assert t.samurai[0].total == 9
    assert t.active == 1


def test_08b_kiai_cut_self_then_more_fight():
    t = table(("Kikuchiyo", "Kyuzo", "Heihachi"))
    line(t, 0, "P4-10", "P2-12")
    stack(t, "P4-13")
    begin(t, 0)
    act(t, "fight")
    act(t, "confront")
    assert options(t) == ["kiai_activate", "kiai_decline"]
    act(t, "kiai_activate")
    assert t.discard[-2:] == ["P4-13", "P4-10"]
    assert t.samurai[0].line == ["P2-12"]
    assert options(t) == ["fight_again", "end_turn"]


def test_08c_over_kiai_ends_the_extra_fights():
    t = table(("Kikuchiyo", "Kyuzo", "Heihachi"))
    line(t, 0, "P4-10", "P3-11")
    stack(t, "P4-13")
    begin(t, 0)
    act(t, "fight")
    act(t, "confront")
    assert t.barricades == 4 and t.active == 1


# 9 ---------------------------------------------------------------------------------
def _kyuzo(draw: str, wounds: int = 0):
    t = table(("Kyuzo", "Gorobei", "Heihachi"))
    t.samurai[0].wounds = wounds
    line(t, 0, "P3-01", "P2-04")
    defended(t, 0, "P4-04")
    stack(t, draw)
    begin(t, 0)
    act(t, "fight")
    return t


def test_09_kyuzo_discards_a_duplicate():
    t = _kyuzo("P2-10")
    assert options(t) == ["confront", "discard_duplicate"]
    act(t, "discard_duplicate")
    assert t.discard[-1] == "P2-10" and t.samurai[0].total == 5 and t.active == 1
    assert options(_kyuzo("P4-13")) == ["confront"]
    assert options(_kyuzo("P4-13", wounds=2)) == ["confront", "discard_duplicate"]


# 10 --------------------------------------------------------------------------------
def _katsushiro(wounds: int = 0, size: int = 3):
    t = table(("Katsushiro", "Gorobei", "Heihachi"))
    t.samurai[0].wounds = wounds
    stack(t, "P4-11", "P1-10", "P2-12", size=size)
    begin(t, 0)
    act(t, "fight")
    return t


def test_10_katsushiro_replaces_once_as_human():
    t = _katsushiro()
    assert options(t) == ["confront", "replace_card"]
    act(t, "replace_card")
    assert t.transit.card == "P1-10"
    assert list(reversed(t.raiders)) == ["P2-12", "P4-11"]
    assert options(t) == ["confront"]


def test_10_katsushiro_replaces_twice_as_animal():
    t = _katsushiro(wounds=2)
    act(t, "replace_card")
    assert options(t) == ["confront", "replace_card"]
    act(t, "replace_card")
    assert t.transit.card == "P2-12"
    assert list(reversed(t.raiders)) == ["P4-11", "P1-10"]
    assert options(t) == ["confront"]


def test_10_no_replace_from_a_one_card_stack():
    t = _katsushiro(size=1)
    assert options(t) == ["confront"]


# 11 --------------------------------------------------------------------------------
def _boss(*defence: str):
    t = table(("Kyuzo", "Kanbei", "Heihachi"), round=3)
    line(t, 0, "P2-10", "B-5")
    defended(t, 0, *defence)
    pile(t, "discard")
    begin(t, 0)
    return t


def test_11a_discard_defended_first_feeds_the_reshuffle():
    t = _boss("P1-01")
    assert options(t) == ["order_penalties{DISCARD_DEF}", "order_penalties{RESHUFFLE}"]
    size = len(t.raiders)
    act(t, "order_penalties{DISCARD_DEF}")
    assert t.samurai[0].slots["hat"] is None
    assert len(t.raiders) == size + 1 and "P1-01" in t.raiders
    assert t.samurai[0].wounds == 0


def test_11b_reshuffle_first_is_unable():
    t = _boss("P1-01")
    size = len(t.raiders)
    act(t, "order_penalties{RESHUFFLE}")
    assert t.samurai[0].wounds == 1
    assert t.discard == ["P1-01"] and len(t.raiders) == size


def test_11c_two_defended_cards_ask_which():
    t = _boss("P1-01", "P4-04")
    act(t, "order_penalties{DISCARD_DEF}")
    assert options(t) == ["discard_defended{hat}", "discard_defended{farm}"]
    act(t, "discard_defended{farm}")
    assert t.samurai[0].slots == {"hat": "P1-01", "farm": None, "family": None}
    assert "P4-04" in t.raiders  # reshuffled in


# 12 --------------------------------------------------------------------------------
def _forced(*passed: int):
    t = table(("Gorobei", "Kyuzo", "Katsushiro", "Heihachi"))
    line(t, 0, "P1-05")
    line(t, 2, "P4-01", "P3-01")
    t.samurai[3].wounds = 1
    for p in passed:
        t.samurai[p].passed = True
    stack(t, "P4-13")
    return begin(t, 0)


def test_12_forced_draw_out_of_turn_with_kiai():
    t = _forced(1)
    assert GAME.to_move(t) == 2 and t.active == 0
    assert options(t) == ["confront", "replace_card"]
    act(t, "confront")
    assert options(t) == ["kiai_target{3}", "kiai_decline"]
    act(t, "kiai_target{3}")
    assert t.samurai[3].wounds == 0
    assert t.discard[-1] == "P4-01"
    assert t.pending.kind == "ACTION" and GAME.to_move(t) == 0


def test_12_forced_draw_with_everyone_passed_is_unable():
    t = _forced(1, 2, 3)
    assert t.samurai[0].wounds == 1
    assert t.pending.kind == "ACTION"


# 13 --------------------------------------------------------------------------------
def test_13_support():
    t = table(("Kikuchiyo", "Kyuzo", "Gorobei"))
    stack(t, "P1-10", size=10)
    begin(t, 0)
    assert options(t) == ["fight", "support{1}", "support{2}", "pass_round"]
    act(t, "support{1}")
    assert len(t.raiders) == 9 and len(t.intruders) == 1
    assert t.samurai[0].token_with == 1 and t.active == 1
    act(t, "fight")
    act(t, "confront")
    assert options(t) == ["fight_again", "end_turn"]
    act(t, "end_turn")
    assert t.samurai[0].token_with is None and t.active == 2


def test_13_no_support_when_blocked_or_token_away():
    t = table(("Kikuchiyo", "Kyuzo", "Gorobei"))
    line(t, 0, "P2-05")
    begin(t, 0)
    assert options(t) == ["fight", "pass_round"]
    t = table(("Kikuchiyo", "Kyuzo", "Gorobei"))
    t.samurai[0].token_with = 2
    begin(t, 0)
    assert options(t) == ["fight", "pass_round"]


# 14 --------------------------------------------------------------------------------
@pytest.mark.parametrize("boss", ["B-4", "B-2"])
def test_14_unable_becomes_a_wound(boss):
    t = table(("Kyuzo", "Kanbei", "Heihachi"), round=3)
    line(t, 0, boss)
    pile(t, "discard")
    begin(t, 0)
    assert t.samurai[0].wounds == 1
    assert "unable to apply" in logtext(t)


# 15 --------------------------------------------------------------------------------
def test_15_end_of_round_in_order():
    t = table(("Kanbei", "Gorobei", "Kyuzo"))
    t.barricades = 3
    defended(t, 0, "P1-01", "P1-04", "P1-07")
    defended(t, 1, "P2-01", "P2-04", "P2-07")
    defended(t, 2, "P3-07")
    pile(t, "intruders", "P4-12", "P1-10", "P2-03")
    first = t.first_seat
    end_round_now(t)
    text = logtext(t)
    assert "Kyuzo takes a wound (undefended hat): 1 wound now." in text
    assert len(t.farms) == 5 and len(t.families) == 3
    assert "Kyuzo's wound marker is removed (the Elder): 0 wounds now." in text
    assert "Child: the top intruder card, the 4 (no icon, flame)," in text
    assert ("Step 5, the intruder stack is revealed (top first): the 1 (no icon),"
            " the 2 (hat, flame).") in text
    assert "1 flame among the intruders." in text
    assert t.barricades == 3
    assert t.round == 2 and len(t.raiders) == 24
    assert not t.intruders and not t.discard
    assert all(not s.line and not any(s.slots.values()) for s in t.samurai)
    assert t.first_seat == (first + 1) % 3 and t.active == t.first_seat
    GAME.check_invariants(t)


# 16 --------------------------------------------------------------------------------
@pytest.mark.parametrize("difficulty, after", [("hard", 2), ("normal", 3)])
def test_16_hard_farm_backs(difficulty, after):
    t = table(("Kanbei", "Gorobei", "Kyuzo"), difficulty=difficulty)
    farmsteads(t, "F1", "F5")
    t.barricades = 2
    defended(t, 0, "P1-01", "P1-07")
    defended(t, 1, "P2-01", "P2-04", "P2-07")
    defended(t, 2, "P3-01", "P3-04", "P3-07")
    pile(t, "intruders")
    end_round_now(t)
    text = logtext(t)
    assert len(t.farms) == 1
    if difficulty == "hard":
        assert "Its back shows Burn." in text
        assert "Burn: a barricade falls: 1/4." in text
    else:
        assert "back" not in text
    assert t.barricades == after


# 17 --------------------------------------------------------------------------------
def _final(difficulty: str, farms: int, families: list[str], wounds: tuple[int, ...]):
    t = table(("Kanbei", "Gorobei", "Kyuzo"), difficulty=difficulty, round=3)
    farmsteads(t, *["F1", "F2", "F3", "F4", "F5", "F6"][:farms])
    t.lost_families = [f for f in t.families if f not in families]
    t.families = families
    for s, w in zip(t.samurai, wounds):
        s.wounds = w
    for seat, ids in enumerate((("P1-01", "P1-04", "P1-07"), ("P2-01", "P2-04", "P2-07"),
                                ("P3-01", "P3-04", "P3-07"))):
        defended(t, seat, *ids)
    pile(t, "intruders")
    return end_round_now(t)


def test_17_victory_and_score():
    t = _final("hard", 4, ["CRAFTSMAN", "CHILD"], (0, 0, 0))
    out = GAME.outcome(t)
    assert out.results == ("win",) * 3 and out.scores == (9,) * 3
    assert out.explanation == "Victory: 4 farmsteads + 2 families + unhurt 1 + Hard 2 = 9"
    assert _final("hard", 4, ["CRAFTSMAN", "CHILD"], (0, 2, 0)).score == 8
    t = _final("easy", 1, ["CHILD"], (1, 0, 0))
    assert t.won and t.score == 2
    assert GAME.to_move(t) is None and GAME.legal_actions(t) == []


# 18 --------------------------------------------------------------------------------
def test_18_fourth_wound_loses_at_once():
    t = table(("Kanbei", "Kyuzo", "Gorobei"))
    t.samurai[1].wounds = 3
    defended(t, 0, "P1-01")
    end_round_now(t)
    assert t.over and not t.won
    assert t.samurai[1].wounds == 4
    assert len(t.farms) == 6 and len(t.families) == 3  # steps 2-5 never ran
    assert GAME.to_move(t) is None and GAME.legal_actions(t) == []
    out = GAME.outcome(t)
    assert out.results == ("loss",) * 3 and out.scores == (0,) * 3
    assert "Kyuzo took a fourth wound" in out.explanation


# 19 --------------------------------------------------------------------------------
def test_19_two_player_pool():
    t = table(("Kyuzo", "Heihachi"))
    assert t.pool == ["Kanbei", "Gorobei", "Daisuke", "Katsushiro", "Kikuchiyo"]
    line(t, 0, "P4-02")
    begin(t, 0)
    assert options(t) == [f"use_pool_token{{{x}}}" for x in t.pool] + ["begin_turn"]
    act(t, "use_pool_token{Gorobei}")
    assert len(t.pool) == 4 and "Gorobei" not in t.pool
    assert t.pending.kind == "ACTION"
    assert t.samurai[0].wounds == 0 and "Gorobei's pool token" in logtext(t)
    begin(t, 0)
    assert "use_pool_token{Gorobei}" not in options(t)


# 20 --------------------------------------------------------------------------------
def test_20_everyone_passes_with_cards_left():
    t = table(("Kanbei", "Gorobei", "Kyuzo"))
    t.samurai[0].passed = t.samurai[1].passed = True
    stack(t, size=5)
    pile(t, "intruders")
    begin(t, 2)
    act(t, "pass_round")
    assert "the 5 raider cards left join the intruder stack (5)" in logtext(t)
    assert "End of round 1." in logtext(t)


# 21 --------------------------------------------------------------------------------
def test_21_animal_heihachi_gives_the_top_card():
    t = table(("Heihachi", "Kyuzo", "Kanbei"))
    t.samurai[0].wounds = 2
    line(t, 0, "P3-13", "P4-02")
    t.samurai[2].passed = True
    begin(t, 0)
    assert options(t) == ["give_top{1}", "begin_turn"]
    act(t, "give_top{1}")
    assert GAME.to_move(t) == 1 and options(t) == ["confront", "defend"]
    act(t, "defend")
    assert t.samurai[1].slots["hat"] == "P4-02"
    assert t.samurai[0].wounds == 2 and t.samurai[0].total == 3
    assert t.pending.kind == "ACTION" and t.active == 0


def test_21_give_top_to_either_standing_neighbour():
    t = table(("Heihachi", "Kyuzo", "Kanbei"))
    t.samurai[0].wounds = 2
    line(t, 0, "P3-13", "P4-02")
    begin(t, 0)
    assert options(t) == ["give_top{1}", "give_top{2}", "begin_turn"]


# 22 --------------------------------------------------------------------------------
def test_22_heal_targets_only_wound_markers():
    t = table(("Katsushiro", "Kyuzo", "Kanbei"))
    t.samurai[1].wounds = 2
    t.samurai[2].wounds = 3
    line(t, 0, "P4-01", "P3-01")
    stack(t, "P4-13")
    begin(t, 0)
    act(t, "fight")
    act(t, "confront")
    assert options(t) == ["kiai_target{2}", "kiai_decline"]
    act(t, "kiai_target{2}")
    assert t.samurai[2].wounds == 2 and t.samurai[2].animal


def test_22_second_wound_flips_to_the_animal():
    t = table(("Katsushiro", "Kyuzo", "Kanbei"))
    t.samurai[0].wounds = 1
    assert t.samurai[0].kiai == 11
    wound(t, 0, "test")
    assert t.samurai[0].wounds == 2 and t.samurai[0].kiai == 14
    assert "transforms into the fox" in logtext(t)


# 23 --------------------------------------------------------------------------------
def test_23_stack_runs_out_mid_turn():
    t = table(("Kikuchiyo", "Kyuzo", "Kanbei"))
    for seat, ids in enumerate((("P1-01", "P1-04", "P1-07"), ("P2-01", "P2-04", "P2-07"),
                                ("P3-01", "P3-04", "P3-07"))):
        defended(t, seat, *ids)
    pile(t, "intruders")
    stack(t, "P1-10", size=1)
    begin(t, 0)
    act(t, "fight")
    act(t, "confront")
    text = logtext(t)
    assert "fights again" not in text
    assert "End of round 1." in text
    assert t.round == 2
