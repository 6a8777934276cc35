"""Contract details: illegal actions, views, describe, render, outcome."""

from __future__ import annotations

import pytest

from rules.common import IllegalAction, Rng
from rules.spirit import GAME
from rules.spirit.builder import act, begin, defended, line, stack, table
from rules.spirit.model import Confront, Defend, Fight, GiveCard, KiaiTarget, Support


def test_illegal_actions_change_nothing():
    t = table(("Kanbei", "Heihachi", "Kyuzo"))
    line(t, 0, "P4-01", "P4-03", "P4-13", "P1-10")  # 13, above Kanbei's 12
    begin(t, 0)
    before = t.model_dump_json()
    with pytest.raises(IllegalAction, match="above Kiai"):
        GAME.apply(t, Fight(seat=0))
    assert t.model_dump_json() == before


def test_illegal_refusals_have_reasons():
    t = table(("Kanbei", "Heihachi", "Kyuzo"))
    line(t, 0, "P4-01", "P4-03", "P4-13", "P1-10")
    begin(t, 0)
    before = t.model_dump_json()
    with pytest.raises(IllegalAction, match="only passing"):
        GAME.apply(t, Fight(seat=0))
    with pytest.raises(IllegalAction, match="Kanbei's decision"):
        GAME.apply(t, Fight(seat=1))
    assert t.model_dump_json() == before
    t = table(("Kanbei", "Heihachi", "Kyuzo"))
    defended(t, 0, "P1-01")
    stack(t, "P3-02")
    begin(t, 0)
    act(t, "fight")
    with pytest.raises(IllegalAction, match="hat slot is already defended"):
        GAME.apply(t, Defend(seat=0, card="P3-02"))
    with pytest.raises(IllegalAction):
        GAME.apply(t, Confront(seat=0, card="P4-13"))


def test_game_over_refuses_everything():
    t = table(("Kanbei", "Heihachi", "Kyuzo"))
    t.over = True
    t.pending = None
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(t, Fight(seat=0))


def test_describe_reads_naturally():
    assert GAME.describe(Confront(seat=0, card="P4-04")) == "Confront the 4 (farm)"
    assert GAME.describe(GiveCard(seat=0, to=1, name="Gorobei", card="P2-01")) == "Give the 2 to Gorobei"
    assert GAME.describe(Defend(seat=0, card="P1-03")) == "Defend with the 1 (hat, flame, top raider to the intruders)"
    assert GAME.describe(Support(seat=0, to=1, name="Kyuzo")).startswith("Support Kyuzo")
    assert GAME.describe(KiaiTarget(seat=0, power="HEAL", target=2, name="Kyuzo")) == "Kiai: heal Kyuzo"


def test_every_legal_action_is_described_in_random_play():
    rng = Rng(seed=3)
    for seed in range(5):
        t = GAME.new(GAME.Options(players=1 + seed), seed)
        while not t.over:
            acts = GAME.legal_actions(t)
            for a in acts:
                text = GAME.describe(a)
                assert text and text != a.kind
            GAME.apply(t, rng.choice(acts))


def test_view_hides_stack_order_and_reserve():
    t = GAME.new(GAME.Options(), 5)
    v = GAME.view(t, 0)
    assert v.raiders == ["?"] * len(t.raiders) and v.reserve == ["?"] * len(t.reserve)
    assert v.rng.seed == 0
    assert GAME.view(t, 0) == GAME.view(t, 2) == GAME.view(t, None)
    other = GAME.scramble_hidden(t, 0, Rng(seed=9))
    assert other.raiders != t.raiders
    assert GAME.view(other, 0) == v
    GAME.check_invariants(other)


def test_render_and_phase():
    t = table(("Kanbei", "Heihachi", "Kyuzo"))
    line(t, 0, "P4-01", "P2-08")
    defended(t, 1, "P2-01")
    t.samurai[2].wounds = 3
    begin(t, 0)
    text = GAME.render(GAME.view(t, 0), 0)
    assert "▶S1 Kanbei" in text and "Barricades ▮▮▮▮▮ 5/5" in text
    assert "2, family: right neighbour draws ◀top" in text and "hat 2" in text
    assert "Kyuzo, wolf, 3 wounds ●" in text
    assert all(len(x) <= 76 for x in text.splitlines()), max(text.splitlines(), key=len)
    assert GAME.phase(GAME.view(t, 0)).startswith("Round 1/3 · Kanbei")
    assert GAME.phase(GAME.view(t, 1)).endswith("Kyuzo decides (forced draw)")
    assert GAME.is_public(t)
