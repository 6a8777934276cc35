"""Spec §5.4, §5.6 and acceptance scenarios 11 and 17: enemy lines, priority, resistors."""

from rules.harakiri import GAME
from rules.harakiri.flow import advance
from rules.harakiri.model import EnemyCtx, QCard, Resistor, Tie, pos

from .helpers import ch, en, forced, texts, tiny


def test_minion_falls_back_to_a_resolvable_line_and_asks_the_tie():
    s = tiny(["....."] * 5, chars={"tomoe": (3, 1), "hikaru": (3, 3)}, enemies=[("kachi", (0, 1))], oracle="g2")
    k = en(s, "kachi-R")
    k.uid, k.base = "kachi-B", "B"
    ch(s, "tomoe").hp = 8
    ch(s, "hikaru").hp = 9
    s.queue = [QCard(ref="e:kachi-B"), QCard(ref="c:tomoe"), QCard(ref="c:hikaru")]
    s.active = None
    rng = forced(s, 6)
    advance(s)
    log = texts(s)
    assert "rolls 6 (normal behaviour)" in log
    assert "Line a) cannot be resolved: no target in reach for Kenjutsu (uses Kenjutsu)" in log
    assert "Line b) cannot be resolved: no target in reach for Kenjutsu (uses Support, then uses Kenjutsu)" in log
    assert "Line c) is resolved: moves next to its target, then uses Slice Them (target: the least health first)" in log
    assert s.pending.kind == "tie" and s.pending.seat == 0
    assert s.pending.options == [f"p:{pos(2, 0)}", f"p:{pos(2, 1)}", f"p:{pos(2, 2)}"]
    rng.push(4, 4)  # G G: 2 + 2 hits
    GAME.apply(s, Tie(choice=f"p:{pos(2, 2)}"))
    assert en(s, "kachi-B").p == pos(2, 2)
    assert "Slice Them on Tomoe" in texts(s)
    assert "Tomoe: 4 hits - 2 defence = 2 damage (HP 8 -> 6)" in texts(s)
    assert "Tomoe gains Bleeding" in texts(s)
    assert ch(s, "tomoe").hp == 5  # then she bleeds 1 at the start of her activation
    assert ch(s, "hikaru").hp == 9


def test_resistor_is_the_priority_target_and_loses_tokens():
    s = tiny(["....."] * 3, chars={"tomoe": (2, 0)}, enemies=[("ashigaru", (0, 0))])
    s.resistors = [Resistor(id="F", name="Old Fisherman", p=pos(0, 2), zone="Z1", tokens=2,
                            living=True, interactable=True)]
    s.queue = [QCard(ref="e:ashigaru-R"), QCard(ref="c:tomoe")]
    s.active = "e:ashigaru-R"
    s.ectx = EnemyCtx(uid="ashigaru-R", line=["A"], prio="-HP")
    before = s.rng.counter
    advance(s)
    assert s.resistors[0].tokens == 1
    assert s.rng.counter == before  # no dice rolled
    assert ch(s, "tomoe").hp == 10
    s.queue = [QCard(ref="e:ashigaru-R"), QCard(ref="c:tomoe")]
    s.active = "e:ashigaru-R"
    s.ectx = EnemyCtx(uid="ashigaru-R", line=["A"], prio="-HP")
    advance(s)
    assert s.resistors == []
    assert s.step == "OVER" and s.result == "failure"
    assert GAME.outcome(s).results == ("loss",)


def test_no_resolvable_line_does_nothing():
    s = tiny(["....."], chars={"tomoe": (4, 0)}, enemies=[("jikininki", (0, 0))], oracle="g2")
    s.queue = [QCard(ref="e:jikininki-R"), QCard(ref="c:tomoe")]
    s.active = None
    forced(s, 2)  # a) A adj b) M adj, A c) M to (MOV 2 cannot reach)
    advance(s)
    log = texts(s)
    assert "Line a) cannot be resolved: no target in reach for an adjacent attack (attacks an adjacent target)" in log
    assert "Line c) is resolved: moves toward its target (target: the least health first)" in log
    assert en(s, "jikininki-R").p == pos(2, 0)
