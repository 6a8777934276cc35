"""The rules-aware bot: whole games finish, and its placements follow the brief."""

from __future__ import annotations

from rules.common import Rng
from rules.spirit import GAME, data
from rules.spirit.builder import act, begin, defended, line, options, stack, table
from rules.spirit.model import Confront, Defend, SpiritOptions

BOT = GAME.bots()["samurai"]


def choose(state):
    seat = GAME.to_move(state)
    return BOT(GAME, GAME.view(state, seat), seat, GAME.legal_actions(state), Rng(seed=1))


def test_bot_games_finish_and_keep_the_invariants():
    levels = ["easy", "normal", "hard", "heroic"]
    for g in range(24):
        opts = SpiritOptions(players=1 + g % 7, solo_samurai=2 + g % 2, difficulty=levels[g % 4])
        state = GAME.new(opts, 1000 + g)
        rng = Rng(seed=g)
        for _ in range(3000):
            if state.over:
                break
            seat = GAME.to_move(state)
            acts = GAME.legal_actions(state)
            action = BOT(GAME, GAME.view(state, seat), seat, acts, rng)
            assert action in acts
            if state.pending.kind in ("PLACE_DRAWN", "PLACE_GIVEN"):
                s = state.samurai[seat]
                value = data.card(state.transit.card).value
                others = [a for a in acts if not isinstance(a, Confront)]
                if isinstance(action, Confront) and s.total + value > s.kiai:
                    assert not any(isinstance(a, Defend) for a in others), "over Kiai with a slot free"
                if any(isinstance(a, Defend) for a in acts) and s.total + value != s.kiai:
                    assert isinstance(action, Defend)
            GAME.apply(state, action)
            GAME.check_invariants(state)
        assert state.over


def test_bot_defends_when_a_slot_matches():
    t = table(("Kyuzo", "Gorobei", "Heihachi"))
    stack(t, "P3-04")
    begin(t, 0)
    act(t, "fight")
    assert isinstance(choose(t), Defend)


def test_bot_confronts_when_it_stays_under_kiai():
    t = table(("Kyuzo", "Gorobei", "Heihachi"))
    defended(t, 0, "P1-04")
    stack(t, "P3-06")
    begin(t, 0)
    act(t, "fight")
    assert isinstance(choose(t), Confront)


def test_bot_gives_rather_than_going_over():
    t = table(("Heihachi", "Kyuzo", "Gorobei"))
    line(t, 0, "P4-01", "P4-03", "P3-13")  # 11 = Kiai: any card goes over
    stack(t, "P2-10")
    begin(t, 0)
    assert options(t)[0] == "fight"
    act(t, "fight")
    action = choose(t)
    assert action.kind == "give_card"


def test_bot_passes_when_over_kiai_and_takes_its_kiai_power():
    t = table(("Kanbei", "Gorobei", "Heihachi"))
    line(t, 0, "P4-01", "P4-03")
    t.barricades = 3
    stack(t, "P4-13")
    begin(t, 0)
    act(t, "fight")
    act(t, "confront")
    assert choose(t).kind == "kiai_activate"


def test_bot_supports_a_neighbour_whose_penalty_its_token_ignores():
    t = table(("Gorobei", "Kyuzo", "Heihachi"))
    line(t, 0, "P4-01", "P4-03", "P3-13")  # 11 of 12: fighting is risky
    defended(t, 0, "P1-01", "P1-04", "P1-07")  # and no slot is free
    line(t, 1, "P4-02")  # Kyuzo's top card: an even WOUND
    begin(t, 0)
    action = choose(t)
    assert action.kind == "support" and action.to == 1


def test_bot_passes_rather_than_wasting_a_support():
    t = table(("Kyuzo", "Gorobei", "Heihachi"))
    line(t, 0, "P4-01", "P4-03", "P3-13", "P1-10")  # 12 of 13
    defended(t, 0, "P1-01", "P1-04", "P1-07")
    line(t, 1, "P4-04", "P4-05", "P3-06")  # 11 of 12: no room to use a talent
    line(t, 2, "P4-06", "P4-07", "P2-09")  # 10 of 11
    begin(t, 0)
    assert choose(t).kind == "pass_round"


def test_a_lone_samurai_whose_top_card_refills_the_stack_passes_and_the_round_ends():
    """Round 3, Gorobei and Heihachi have passed. Kyuzo's top card, the boss 6 (farm), makes
    him discard a defended card and shuffle the discard back into the raider stack at the
    start of every turn; each fight draws that card again and he defends it again: the
    stack never runs out. He fights on while the round has given him no more turns than
    there were plunderers dealt (21 at three players, Hard), then passes, and the round
    (the game) ends."""
    t = table(("Kyuzo", "Gorobei", "Heihachi"), round=3, difficulty="hard")
    line(t, 0, "B-6")
    defended(t, 0, "P1-05")
    stack(t, "P1-04", size=1)
    t.discard.clear()
    t.samurai[1].passed = t.samurai[2].passed = True
    begin(t, 0)
    kinds = []
    while not t.over and len(kinds) < 1000:
        action = choose(t)
        kinds.append(action.kind)
        GAME.apply(t, action)
    assert t.over
    assert kinds.count("fight") == 21 and kinds[-1] == "pass_round"
    assert sum(1 for entry in t.log if entry.text.startswith("Round 3: Kyuzo's turn")) == 22
