"""Every penalty code, Kiai power, talent and farm back, each in a small position."""

from __future__ import annotations

import pytest

from rules.spirit import GAME
from rules.spirit.builder import (
    act, begin, defended, end_round_now, farmsteads, line, options, pile, stack, table,
)
from rules.spirit.village import destroy


def logtext(state) -> str:
    return "\n".join(x.text for x in state.log)


def penalty(card: str, *, round: int = 3, names=("Kyuzo", "Katsushiro", "Heihachi", "Daisuke")):
    t = table(names, round=round)
    line(t, 0, card)
    return t


# -- penalty codes -------------------------------------------------------------------

def test_raze_destroys_a_barricade():
    t = penalty("P4-05")
    begin(t, 0)
    assert t.barricades == t.cap - 1


def test_wound_code():
    t = penalty("P3-10")
    begin(t, 0)
    assert t.samurai[0].wounds == 1


def test_intrude_moves_the_top_raider_unseen():
    t = penalty("P3-02")
    size = len(t.raiders)
    begin(t, 0)
    assert len(t.raiders) == size - 1 and len(t.intruders) == 1


def test_intrude_with_an_empty_stack_is_unable():
    t = penalty("P3-02")
    stack(t, size=0)
    begin(t, 0)
    assert "Kyuzo takes a wound (unable to apply \"top raider to the intruders\"): 1 wound now." in logtext(t)
    assert "End of round 3." in logtext(t)  # no action: the round ends at once


def test_no_support_and_no_defend_last_the_turn():
    t = penalty("P3-12")
    begin(t, 0)
    assert options(t) == ["fight", "pass_round"]
    t = penalty("P4-11")
    stack(t, "P3-01")
    begin(t, 0)
    act(t, "fight")
    assert options(t) == ["confront"]


@pytest.mark.parametrize("card, drawer", [("P3-08", 1), ("P2-08", 3)])
def test_draw_left_and_right(card, drawer):
    t = penalty(card)
    begin(t, 0)
    assert t.pending.kind == "PLACE_DRAWN" and GAME.to_move(t) == drawer


def test_draw_skips_passed_samurai():
    t = penalty("P3-08")
    t.samurai[1].passed = True
    begin(t, 0)
    assert GAME.to_move(t) == 2


def test_must_pass_blocks_more_fights_and_support():
    t = penalty("B-1")
    begin(t, 0)
    assert options(t) == ["pass_round"]


def test_reshuffle_puts_the_discard_into_the_stack():
    t = penalty("B-2", names=("Kyuzo", "Kanbei", "Heihachi", "Daisuke"))
    pile(t, "discard", "P1-01", "P1-02")
    size = len(t.raiders)
    begin(t, 0)
    assert len(t.raiders) == size + 2 and not t.discard


def test_no_talent_blocks_own_talent_token_and_support():
    t = penalty("B-3", names=("Katsushiro", "Kyuzo", "Heihachi", "Daisuke"))
    stack(t, "P4-13")
    begin(t, 0)
    assert t.flags.no_talent
    assert options(t) == ["fight", "pass_round"]
    act(t, "fight")
    assert options(t) == ["confront"]  # no replace_card


def test_discard_defended_single_card_is_automatic():
    t = penalty("B-4")
    defended(t, 0, "P2-07")
    begin(t, 0)
    assert t.samurai[0].slots["family"] is None and t.discard[-1] == "P2-07"
    assert t.samurai[0].wounds == 0


def test_two_code_boss_no_talent_and_must_pass():
    t = penalty("B-7")
    begin(t, 0)
    assert options(t) == ["order_penalties{NO_TALENT}", "order_penalties{MUST_PASS}"]
    act(t, "order_penalties{MUST_PASS}")
    assert t.flags.no_talent and t.flags.must_pass
    assert options(t) == ["pass_round"]


def test_destroy_chain_barricade_then_farm():
    t = table(("Kyuzo", "Kanbei", "Heihachi"))
    t.barricades = 1
    destroy(t, "test")
    assert t.barricades == 0 and len(t.farms) == 6
    destroy(t, "test")
    assert len(t.farms) == 5 and len(t.burnt) == 1


# -- farm backs (Hard) ------------------------------------------------------------------

def _hard_farm(farm: str):
    """Hard, no barricade, two farmsteads left: ``farm`` on slot 1, F6 (or F1) on slot 2."""
    t = table(("Kyuzo", "Kanbei", "Heihachi"), difficulty="hard")
    t.barricades = 0
    farmsteads(t, farm, "F6" if farm != "F6" else "F1")
    return t


def test_hurt_wounds_a_random_samurai():
    t = _hard_farm("F2")
    # the farm is picked at random: try RNG positions until slot 1 (F2's) is the one destroyed
    for c in range(50):
        t2 = t.model_copy(deep=True)
        t2.rng.counter = c
        destroy(t2, "test")
        if 1 in t2.burnt and 2 in t2.farms:
            assert sum(s.wounds for s in t2.samurai) == 1
            assert "Farmstead 1 is destroyed" in logtext(t2)
            assert "Farmstead 1's Hurt" in logtext(t2)
            return
    raise AssertionError("F2 never picked")


@pytest.mark.parametrize("farm, check", [
    ("F3", lambda t, r, i: len(t.raiders) == r - 1 and len(t.intruders) == i + 1),
    ("F4", lambda t, r, i: len(t.intruders) == i + 1 and not t.discard),
    ("F6", lambda t, r, i: len(t.raiders) == r and len(t.intruders) == i),
])
def test_alarm_loot_quiet(farm, check):
    base = _hard_farm(farm)
    pile(base, "discard", "P1-01")
    for c in range(50):
        t = base.model_copy(deep=True)
        t.rng.counter = c
        r, i = len(t.raiders), len(t.intruders)
        destroy(t, "test")
        if 1 in t.burnt:
            assert check(t, r, i)
            return
    raise AssertionError("farm never picked")


def test_farm_backs_are_off_in_normal():
    """Normal: a destroyed farmstead's back does nothing, and the log does not mention it."""
    t = table(("Kyuzo", "Kanbei", "Heihachi"))
    t.barricades = 0
    farmsteads(t, "F2", "F6")
    for c in range(50):
        t2 = t.model_copy(deep=True)
        t2.rng.counter = c
        destroy(t2, "test")
        if 1 in t2.burnt:
            text = logtext(t2)
            assert "Farmstead 1 is destroyed (test), chosen at random; 1 farmstead left." in text
            assert "back" not in text and "Hurt" not in text
            assert all(s.wounds == 0 for s in t2.samurai)
            return
    raise AssertionError("F2 never picked")


# -- Kiai powers ------------------------------------------------------------------------

def kiai(name: str, wounds: int, total_line: tuple[str, ...], draw: str, names=None):
    names = names or (name, "Kyuzo" if name != "Kyuzo" else "Kanbei", "Heihachi" if name != "Heihachi" else "Gorobei")
    t = table(names, round=1)
    t.samurai[0].wounds = wounds
    line(t, 0, *total_line)
    stack(t, draw)
    return t


def _hit(t):
    begin(t, 0)
    act(t, "fight")
    act(t, "confront")
    assert t.pending is not None and t.pending.kind == "KIAI", logtext(t)
    return t


def test_build_x2_animal_kanbei():
    t = kiai("Kanbei", 2, ("P4-01", "P4-03", "P3-13"), "P4-13")  # 15
    t.barricades = 2
    _hit(t)
    assert options(t) == ["kiai_activate", "kiai_decline"]
    act(t, "kiai_activate")
    assert t.barricades == 4


def test_cut_other_x2_picks_two_samurai():
    t = kiai("Gorobei", 2, ("P4-01", "P4-03", "P4-10"), "P4-13")  # 16
    line(t, 1, "P1-10")
    line(t, 2, "P2-10", "P2-12")
    _hit(t)
    assert options(t) == ["kiai_target{1}", "kiai_target{2}", "kiai_decline"]
    act(t, "kiai_target{2}")
    assert t.samurai[2].line == ["P2-10"]
    assert options(t) == ["kiai_target{1}", "kiai_done"]
    act(t, "kiai_target{1}")
    assert t.samurai[1].line == []
    assert t.discard[-1] == "P4-01"


def test_skim_x1():
    t = _hit(kiai("Kyuzo", 0, ("P4-01", "P4-03", "P1-10"), "P4-13"))  # 13
    top = t.raiders[-1]
    act(t, "kiai_activate")
    assert t.discard[-2:] == [top, "P4-01"]


def test_calm_x2():
    t = kiai("Heihachi", 2, ("P4-01", "P4-03", "P1-10", "P1-12"), "P4-13")  # 14
    pile(t, "intruders", "P2-10", "P2-12", "P3-13")
    _hit(t)
    act(t, "kiai_activate")
    assert t.intruders == ["P3-13"]
    assert t.discard[-3:] == ["P2-10", "P2-12", "P4-01"]


def test_relocate_pairs():
    t = kiai("Daisuke", 0, ("P4-01", "P1-10", "P2-10"), "P4-13")  # 11
    line(t, 1, "P2-01")  # top card has the hat icon
    defended(t, 2, "P3-01")
    _hit(t)
    # Kyuzo's hat card may go to Daisuke's or Kyuzo's own hat slot, not Heihachi's (filled)
    assert options(t) == ["kiai_target{1,0}", "kiai_target{1,1}", "kiai_decline"]
    act(t, "kiai_target{1,0}")
    assert t.samurai[0].slots["hat"] == "P2-01" and t.samurai[1].line == []


def test_heal_x2_two_different_samurai():
    t = kiai("Katsushiro", 2, ("P4-01", "P4-03", "P2-10"), "P4-13")  # 14
    t.samurai[0].wounds = 3
    t.samurai[1].wounds = 1
    _hit(t)
    assert options(t) == ["kiai_target{0}", "kiai_target{1}", "kiai_decline"]
    act(t, "kiai_target{0}")
    assert options(t) == ["kiai_target{1}", "kiai_done"]
    act(t, "kiai_target{1}")
    assert [s.wounds for s in t.samurai] == [2, 0, 0]


def test_cut_self_x2_animal_kikuchiyo():
    t = _hit(kiai("Kikuchiyo", 2, ("P4-01", "P4-03", "P1-10"), "P4-13"))  # 13
    act(t, "kiai_activate")
    assert t.samurai[0].line == ["P4-03"]


def test_kiai_decline_still_discards_the_oldest():
    t = _hit(kiai("Kyuzo", 0, ("P4-01", "P4-03", "P1-10"), "P4-13"))
    act(t, "kiai_decline")
    assert t.discard[-1] == "P4-01" and t.samurai[0].line == ["P4-03", "P1-10", "P4-13"]


# -- talents through tokens and the pool ---------------------------------------------------

def test_pool_token_gives_a_human_talent_for_the_turn():
    t = table(("Kyuzo", "Heihachi"))
    stack(t, "P4-13", "P1-10", "P2-12")
    begin(t, 0)
    act(t, "use_pool_token{Kikuchiyo}")
    act(t, "fight")
    act(t, "confront")
    assert options(t) == ["fight_again", "end_turn"]


def test_support_token_replace_talent():
    t = table(("Katsushiro", "Kyuzo", "Gorobei"))
    t.samurai[0].token_with = 1
    stack(t, "P4-13", "P1-10")
    begin(t, 1)
    act(t, "fight")
    assert "replace_card" in options(t)


def test_out_of_turn_drawer_has_only_own_talent():
    t = table(("Gorobei", "Kyuzo", "Heihachi"))
    t.samurai[2].token_with = 1  # Heihachi's token with Kyuzo: not usable out of turn
    line(t, 0, "P1-05")  # DRAW_LEFT, odd: Gorobei does not ignore it
    stack(t, "P4-13")
    begin(t, 0)
    assert GAME.to_move(t) == 1
    assert options(t) == ["confront"]


def test_animal_kanbei_protects_neighbours_even_when_passed():
    t = table(("Kanbei", "Kyuzo", "Heihachi"))
    t.samurai[0].wounds = 2
    t.samurai[0].passed = True
    line(t, 1, "P3-10")
    begin(t, 1)
    assert t.samurai[1].wounds == 0 and "tiger" in logtext(t)


def test_no_second_pool_token_in_a_turn_and_pool_empty_without_variant():
    t = table(("Kyuzo", "Heihachi"), two_player_variant=False)
    assert t.pool == []
    t = table(("Kyuzo", "Heihachi", "Kanbei"), players=1)
    assert len(t.pool) == 4


def test_round_end_with_every_slot_empty_loses_the_village():
    t = table(("Kanbei", "Gorobei", "Kyuzo"), difficulty="heroic")
    end_round_now(t)
    assert t.over and not t.won


# -- over Kiai is tested live (spec 5.5) ---------------------------------------------------

def test_cut_other_lifts_a_forced_pass():
    t = table(("Gorobei", "Kyuzo", "Heihachi"))
    line(t, 0, "P4-01", "P4-03")
    line(t, 1, "P4-04", "P4-06", "P4-07", "P2-10")  # 14 > 13: must pass
    stack(t, "P4-13")
    begin(t, 0)
    act(t, "fight")
    act(t, "confront")
    act(t, "kiai_target{1}")
    assert t.samurai[1].total == 12
    assert t.active == 1 and options(t)[0] == "fight"


def test_give_top_lifts_a_forced_pass():
    t = table(("Heihachi", "Kyuzo", "Kanbei"))
    t.samurai[0].wounds = 2  # tanuki, Kiai 14
    line(t, 0, "P4-01", "P4-03", "P4-04", "P1-10", "P2-10")  # 15 > 14
    begin(t, 0)
    assert "give_top{1}" in options(t)
    act(t, "give_top{1}")
    act(t, "confront")
    assert t.samurai[0].total == 13
    assert options(t)[0] == "fight"


def test_relocate_twice_as_animal_daisuke():
    t = kiai("Daisuke", 2, ("P4-01", "P4-03", "P1-10", "P2-10"), "P4-13",
             names=("Daisuke", "Kyuzo", "Kanbei"))  # 15
    line(t, 1, "P2-01")  # hat on top
    line(t, 2, "P3-04")  # farm on top
    defended(t, 0, "P1-01", "P1-04")
    defended(t, 1, "P1-02", "P1-05")
    _hit(t)
    assert options(t) == ["kiai_target{1,2}", "kiai_target{2,2}", "kiai_decline"]
    act(t, "kiai_target{1,2}")
    assert t.samurai[2].slots["hat"] == "P2-01"
    assert options(t) == ["kiai_target{2,2}", "kiai_done"]
    act(t, "kiai_target{2,2}")
    assert t.samurai[2].slots["farm"] == "P3-04" and t.samurai[2].line == []


# -- animal talents -------------------------------------------------------------------------

def test_animal_kikuchiyo_fights_three_times():
    t = table(("Kikuchiyo", "Kyuzo", "Heihachi"))
    t.samurai[0].wounds = 2
    stack(t, "P1-10", "P1-12", "P2-10", "P2-12")
    begin(t, 0)
    act(t, "fight")
    act(t, "confront")
    act(t, "fight_again")
    act(t, "confront")
    assert options(t) == ["fight_again", "end_turn"]
    act(t, "fight_again")
    act(t, "confront")
    assert t.samurai[0].total == 4 and t.active == 1


def test_animal_daisuke_gives_an_odd_top_card_at_start():
    t = table(("Daisuke", "Kyuzo", "Heihachi"))
    t.samurai[0].wounds = 2
    line(t, 0, "P2-10", "P3-13")
    begin(t, 0)
    assert options(t) == ["give_top{1}", "give_top{2}", "begin_turn"]
    act(t, "give_top{2}")
    assert GAME.to_move(t) == 2 and options(t) == ["confront"]
    act(t, "confront")
    assert t.samurai[2].line == ["P3-13"]
    assert t.pending.kind == "ACTION" and t.active == 0  # give_top is once per turn


def test_skim_x2_takes_only_what_exists():
    t = kiai("Kyuzo", 2, ("P4-01", "P4-03", "P4-04"), "P4-13", names=("Kyuzo", "Kanbei", "Heihachi"))
    stack(t, "P4-13", "P1-10", size=2)
    _hit(t)
    act(t, "kiai_activate")
    text = logtext(t)
    assert text.count("The top raider card,") == 1
    assert "The top raider card, the 1 (no icon), goes to the discard pile." in text
    assert "End of round 1." in text  # the stack is empty: the round ends
