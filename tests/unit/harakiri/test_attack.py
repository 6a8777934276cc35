"""Spec §5.5, §4.6 and acceptance scenarios 6-10: attacks, focus die, counterattacks."""

import pytest

from rules.common import IllegalAction
from rules.harakiri import GAME
from rules.harakiri.flow import advance
from rules.harakiri.model import (
    Counterattack, DeclareAttack, EnemyCtx, QCard, Roll, SetFocus,
)

from .helpers import ch, en, forced, texts, tiny


def _tomoe_high(rows, weapon="yumi"):
    s = tiny(rows, heights=["1000", "0000"], chars={"tomoe": (0, 0)}, enemies=[("ashigaru", (3, 0))],
             active="c:tomoe")
    t = ch(s, "tomoe")
    t.ap = 3
    if weapon == "yumi":
        t.weapons = ["yumi", "naginata"]
    return s


def test_height_ignores_obstacles_and_adds_a_hit():
    s = _tomoe_high([".o..", "...."])
    assert DeclareAttack(target="e:ashigaru-R", mode="strong") in GAME.legal_actions(s)
    GAME.apply(s, DeclareAttack(target="e:ashigaru-R", mode="strong"))
    forced(s, 3, 2, 1)  # P=2, G=1, O=0
    GAME.apply(s, Roll())
    assert en(s, "ashigaru-R").damage == 3  # 3 + POW 1 + height 1 - ARM 1 - EVA 1
    assert "= 3 damage" in texts(s)


def test_inaccessible_blocks_across_heights():
    s = _tomoe_high([".o#.", "...."])
    assert not any(a.kind == "declare_attack" for a in GAME.legal_actions(s))


def test_short_range_fails_across_heights():
    s = tiny(["....", "...."], heights=["1000", "0000"], chars={"tomoe": (0, 0)},
             enemies=[("ashigaru", (1, 0))], active="c:tomoe")
    ch(s, "tomoe").ap = 3
    assert not any(a.kind == "declare_attack" for a in GAME.legal_actions(s))


def _akira(**kw):
    s = tiny(["....", "...."], chars={"akira": (0, 0)}, enemies=[("ashigaru", (1, 0))], active="c:akira", **kw)
    ch(s, "akira").ap = 3
    return s


@pytest.mark.parametrize("mode, left", [("fast", 2), ("strong", 1)])
def test_fast_and_strong_cost(mode, left):
    s = _akira()
    GAME.apply(s, DeclareAttack(target="e:ashigaru-R", mode=mode))
    assert ch(s, "akira").ap == left
    assert not any(a.kind == "declare_attack" for a in GAME.legal_actions(s))
    forced(s, 1, 1, 1)
    GAME.apply(s, Roll())
    assert not any(a.kind == "declare_attack" for a in GAME.legal_actions(s))
    with pytest.raises(IllegalAction):
        GAME.apply(s, DeclareAttack(target="e:ashigaru-R", mode="fast"))


def test_yumi_offers_only_strong():
    s = tiny(["......"], chars={"tomoe": (0, 0)}, enemies=[("ashigaru", (4, 0))], active="c:tomoe")
    t = ch(s, "tomoe")
    t.ap = 3
    t.weapons = ["yumi", "naginata"]
    modes = {a.mode for a in GAME.legal_actions(s) if a.kind == "declare_attack"}
    assert modes == {"strong"}


def _focus_attack(*faces, focus=True):
    s = _akira()
    GAME.apply(s, DeclareAttack(target="e:ashigaru-R", mode="fast"))
    if focus:
        GAME.apply(s, SetFocus(on=True))
    forced(s, *faces)
    GAME.apply(s, Roll())
    return s


def test_focus_blank_fails():
    s = _focus_attack(4, 2, 1)
    assert en(s, "ashigaru-R").damage == 0 and ch(s, "akira").attacked


def test_focus_yin_yang_ignores_defence_and_breaks():
    s = _focus_attack(4, 2, 6)
    e = en(s, "ashigaru-R")
    assert e.damage == 4 and e.arm_tokens == 1


def test_focus_break_gives_no_hit_and_breaks_after_damage():
    # The Break face shows only "-1": no hit of its own; ARM -1 after the damage.
    s = _focus_attack(4, 2, 3)
    e = en(s, "ashigaru-R")
    assert e.damage == 2 and e.arm_tokens == 1
    assert "break" not in texts(s).split("Hits:")[1].split("\n")[0]


def test_weapon_yin_yang_effect():
    s = _focus_attack(5, 6, focus=False)
    assert en(s, "ashigaru-R").damage == 4


def test_enemy_counterattacks_on_backlash():
    s = _focus_attack(4, 2, 5, 4, 3)
    a = ch(s, "akira")
    assert en(s, "ashigaru-R").damage == 0
    assert a.hp == 8 and a.ap == 2
    assert s.active == "c:akira" and any(x.kind == "end_activation" for x in GAME.legal_actions(s))


def test_character_counterattack_after_enemy_backlash():
    s = tiny(["....", "...."], chars={"hattori": (0, 0)}, enemies=[("kappa", (1, 0))])
    s.queue = [QCard(ref="e:kappa-R"), QCard(ref="c:hattori")]
    s.active = "e:kappa-R"
    s.ectx = EnemyCtx(uid="kappa-R", line=["A adj+F, A adj"], prio="+HP")
    rng = forced(s, 1, 1, 5)
    advance(s)
    assert s.pending.kind == "counterattack" and s.pending.seat == 0
    rng.push(4, 3, 1, 1)
    GAME.apply(s, Counterattack(use=True))
    assert en(s, "kappa-R").damage == 2
    assert ch(s, "hattori").hp == 10
    assert texts(s).count("Kappa R uses") == 2  # the line continued
    assert s.active == "c:hattori"
    assert rng.left == []
