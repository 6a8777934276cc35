"""Servants, wanderers and the chosen: Growing Hate, the Great Bell, allies, Exhume, Downed."""

from rules.harakiri import GAME
from rules.harakiri.flow import advance
from rules.harakiri.model import (
    AddTarget, DeclareAttack, EnemyCtx, InteractPoint, KiDie, Point, QCard, Roll, SetSkill, pos,
)

from .helpers import ch, en, forced, texts, tiny


def test_growing_hate_empowers_and_makes_hated():
    s = tiny(["....."], chars={"akira": (3, 0)}, enemies=[("blood_oni", (0, 0))], scenario="ossuary_bell")
    s.ai.deck = [c for c in s.ai.deck if c not in ("hate1", "hate2")] + ["hate1"]
    s.ai.beside = ["hate2"]
    s.queue = [QCard(ref="e:blood_oni"), QCard(ref="c:akira")]
    s.active = None
    forced(s, 1, 1, 3, 2)  # R0 R0 O1, focus Break
    advance(s)
    log = texts(s)
    assert "draws Hate (empowered)" in log
    assert "break" not in log.split("Hits:")[1].split("\n")[0] and "+1 hate" in log  # Break: no hit
    a = ch(s, "akira")
    assert a.hp == 9 and a.hated and a.arm == 0
    assert s.ai.beside == ["hate2", "hate1"] and len(s.ai.deck) == 8


def test_great_bell_clears_hate_and_dispels_onryo():
    s = tiny(["....."] * 3, chars={"akira": (1, 1)}, enemies=[("blood_oni", (4, 2)), ("onryo", (4, 0))],
             active="c:akira", scenario="ossuary_bell")
    s.points = [Point(id="X", name="Great Bell", p=pos(0, 0), zone="Z1")]
    s.ai.deck.remove("hate1")
    s.ai.beside = ["hate1"]
    ch(s, "akira").ap = 3
    forced(s, 2)
    GAME.apply(s, InteractPoint(point="X"))
    assert s.ai.beside == [] and "hate1" in s.ai.discard
    assert en(s, "blood_oni").arm_tokens == 1
    assert not any(e.type == "onryo" for e in s.enemies)
    assert InteractPoint(point="X") not in GAME.legal_actions(s)  # once per round


def test_allied_wanderer_is_a_priority_target_and_his_fall_raises_malice():
    s = tiny(["....."] * 3, chars={"tomoe": (1, 0)}, enemies=[("jikininki", (0, 0)), ("landolfo", (0, 1))],
             scenario="ossuary_bell")
    lan = en(s, "landolfo")
    lan.side = "ally"
    lan.damage = 13
    s.queue = [QCard(ref="e:jikininki-R"), QCard(ref="c:tomoe"), QCard(ref="e:landolfo")]
    s.active = "e:jikininki-R"
    s.ectx = EnemyCtx(uid="jikininki-R", line=["A adj"], prio="-HP")
    forced(s, 4, 4)
    advance(s)
    assert "Landolfo is defeated" in texts(s)
    assert s.malice == 2 and ch(s, "tomoe").hp == 10
    assert "e:landolfo" not in [q.ref for q in s.queue]


def test_exhume_raises_a_jikininki_on_the_nearest_grave():
    s = tiny(["*...*", "....."], chars={"tomoe": (2, 1)}, enemies=[("undertaker", (1, 1))], scenario="ossuary_bell")
    for x in (0, 4):
        s.squares[pos(x, 0)] = s.squares[pos(x, 0)].model_copy(update={"grave": True})
    s.queue = [QCard(ref="e:undertaker"), QCard(ref="c:tomoe")]
    s.active = "e:undertaker"
    s.ectx = EnemyCtx(uid="undertaker", line=["S:exhume, M to"], prio="NEAR")
    advance(s)
    log = texts(s)
    assert "Undertaker exhumes a corpse at (0,0).\nJikininki R appears on (0,0)." in log
    refs = [q.ref for q in s.queue]
    assert refs[0] == "e:undertaker" and set(refs[1:]) == {"c:tomoe", "e:jikininki-R"}
    assert "Jikininki R activates" in log  # its card was shuffled in after the Undertaker


def test_downed_enemy_skips_techniques_and_skill_effects():
    s = tiny(["....."] * 3, chars={"tomoe": (2, 1)}, enemies=[("ashigaru", (1, 1)), ("ashigaru", (4, 2))])
    r = en(s, "ashigaru-R")
    r.conds = {"downed": 1}
    s.queue = [QCard(ref="e:ashigaru-R"), QCard(ref="c:tomoe"), QCard(ref="e:ashigaru-B")]
    s.active = "e:ashigaru-R"
    s.ectx = EnemyCtx(uid="ashigaru-R", line=["S:formation, S:pike_thrust"], prio="-HP")
    forced(s, 1, 1)
    advance(s)
    log = texts(s)
    assert "Ashigaru R uses its attack on Tomoe" in log and "Pike Thrust" not in log
    assert r.p == pos(1, 1) and r.conds == {}


def test_sweeping_arc_hits_two_targets_with_one_roll():
    s = tiny(["....."] * 3, chars={"tomoe": (1, 1)}, enemies=[("ashigaru", (2, 1)), ("ashigaru", (0, 0))],
             active="c:tomoe")
    t = ch(s, "tomoe")
    t.ap = 3
    t.ki = [KiDie(value=3, place="slot:sweeping_arc")]
    GAME.apply(s, DeclareAttack(target="e:ashigaru-R", mode="fast"))
    GAME.apply(s, SetSkill(skill="sweeping_arc"))
    GAME.apply(s, AddTarget(target="e:ashigaru-B"))
    forced(s, 4, 4)  # G2 + O2 + POW 1 = 5
    GAME.apply(s, Roll())
    assert en(s, "ashigaru-R").damage == 3 and en(s, "ashigaru-B").damage == 3
    assert texts(s).count("Sweeping Arc") == 1


def test_nue_thunder_cry_hits_the_target_and_its_neighbours():
    s = tiny(["......"] * 3, chars={"tomoe": (3, 1), "akira": (4, 1), "hikaru": (0, 2)},
             enemies=[("nue", (0, 0))])
    s.queue = [QCard(ref="e:nue"), QCard(ref="c:tomoe"), QCard(ref="c:akira"), QCard(ref="c:hikaru")]
    s.active = "e:nue"
    s.ectx = EnemyCtx(uid="nue", line=["S:thunder_cry"], prio="-ARM")
    ch(s, "tomoe").arm = 0
    forced(s, 6, 4)  # P3 + O2 = 5
    advance(s)
    assert ch(s, "tomoe").hp == 5 and ch(s, "akira").hp == 6 and ch(s, "hikaru").hp == 10
    assert texts(s).count("Thunder Cry on Tomoe, Akira") == 1


def test_sedrik_bulwark_lasts_until_his_next_activation():
    s = tiny(["....."], chars={"akira": (2, 0)}, enemies=[("sedrik", (0, 0))])
    sed = en(s, "sedrik")
    s.queue = [QCard(ref="e:sedrik"), QCard(ref="c:akira")]
    s.active = "e:sedrik"
    s.ectx = EnemyCtx(uid="sedrik", line=["S:bulwark, M adj, A"], prio="FIRST")
    forced(s, 1, 1)
    advance(s)
    from rules.harakiri.core import enemy_arm
    assert sed.bulwark and enemy_arm(sed) == 4 and sed.p == pos(1, 0)


def test_exhume_tie_between_graves_is_asked():
    from rules.harakiri.model import Tie
    s = tiny(["*...*", "....."], chars={"tomoe": (2, 0)}, enemies=[("undertaker", (2, 1))], scenario="ossuary_bell")
    for x in (0, 4):
        s.squares[pos(x, 0)] = s.squares[pos(x, 0)].model_copy(update={"grave": True})
    s.queue = [QCard(ref="e:undertaker"), QCard(ref="c:tomoe")]
    s.active = "e:undertaker"
    s.ectx = EnemyCtx(uid="undertaker", line=["S:exhume, M adj, A"], prio="NEAR")
    advance(s)
    assert s.pending.kind == "tie" and s.pending.options == [f"p:{pos(0, 0)}", f"p:{pos(4, 0)}"]
    forced(s, 1, 1)
    GAME.apply(s, Tie(choice=f"p:{pos(4, 0)}"))
    assert "Undertaker exhumes a corpse at (4,0).\nJikininki R appears on (4,0)." in texts(s)
