"""Spec §4 and acceptance scenarios 12-16, 18, 19: initiative, reveal, Ki, AP, Kami Mode, events."""

import pytest

from rules.common import IllegalAction
from rules.harakiri import GAME
from rules.harakiri.flow import advance, close_character_activation, reduce_ki, start_character
from rules.harakiri.model import (
    BattleInstinct, EndActivation, InteractPoint, Job, KamiMode, KiDie, PlaceCharacter, QCard,
    SwapInitiative, Tie, pos,
)

from .helpers import ch, forced, texts, tiny


def refs(s):
    return [q.ref for q in s.queue]


def test_initiative_build_with_skills_servants_and_chosen():
    s = tiny(["........"] * 3, chars={"hattori": (0, 0), "akira": (1, 0), "hikaru": (2, 0), "tomoe": (3, 0)},
             enemies=[("ashigaru", (5, 0)), ("nue", (7, 2)), ("blood_oni", (7, 0))], level=2)
    s.step, s.init_sub = "INIT", "b"
    s.queue = [QCard(ref=r) for r in ("c:hattori", "c:akira", "e:ashigaru-R", "c:hikaru", "c:tomoe", "e:nue")]
    ch(s, "akira").ki[0] = KiDie(value=4, place="slot:battle_instinct")
    s.active = None
    advance(s)
    assert s.pending.kind == "battle_instinct"
    GAME.apply(s, BattleInstinct(use=True))
    assert s.pending.kind == "swap"
    assert refs(s) == ["e:blood_oni", "c:akira", "c:hattori", "e:nue", "e:ashigaru-R", "c:hikaru", "c:tomoe"]
    GAME.apply(s, SwapInitiative(a="akira", b="tomoe"))
    assert [r for r in refs(s)][:2] == ["e:blood_oni", "c:tomoe"]
    assert refs(s)[-1] == "c:akira"


def test_mid_round_reveal_shuffles_new_cards_after_the_active_one():
    s = GAME.new(GAME.Options(scenario="ossuary_bell"), 3)
    for cid, xy in {"akira": (2, 11), "hikaru": (3, 11), "tomoe": (5, 11), "hattori": (4, 7)}.items():
        ch(s, cid).p = pos(*xy)
    s.step = "ACTIVATE"
    order = ["c:akira", "c:hattori", "e:jikininki-R", "c:hikaru", "e:undertaker", "c:tomoe",
             "e:jikininki-B", "e:landolfo"]
    s.queue = [QCard(ref=r, rotated=(r == "c:akira")) for r in order]
    s.active = "c:hattori"
    s.oracle.current = s.oracle.deck.pop()
    ch(s, "hattori").ap = 3
    forced(s, 6)
    GAME.apply(s, InteractPoint(point="D"))
    assert "success" in texts(s)
    assert refs(s)[:2] == ["c:akira", "c:hattori"]
    assert sorted(refs(s)[2:]) == sorted(order[2:] + ["e:blood_oni", "e:onryo-R", "e:kachi-R"])
    assert not any(q.rotated for q in s.queue[2:])
    assert s.active == "c:hattori" and s.squares[pos(4, 6)].terrain == "plain"
    assert pos(2, 1) in s.squares and s.ai.deck_count == 10


def test_ki_reduction_exhausts_and_rerolls():
    s = tiny(["...."], chars={"hikaru": (0, 0), "akira": (1, 0)}, level=3)
    h = ch(s, "hikaru")
    h.ki = [KiDie(value=3, place="slot:ward_seal"), KiDie(value=1, place="slot:healing_sutra"), KiDie(value=4)]
    a = ch(s, "akira")
    a.level = 1
    a.ki = [KiDie(value=1, place="slot:iaijutsu")]
    forced(s, 5)
    reduce_ki(s)
    assert [(d.value, d.place) for d in h.ki] == [(2, "slot:ward_seal"), (0, "exhausted"), (4, "supply")]
    assert [(d.value, d.place) for d in a.ki] == [(5, "supply")]


def test_action_points_carry_over_and_cap():
    s = tiny(["...."], chars={"akira": (0, 0)}, active="c:akira")
    a = ch(s, "akira")
    a.ap = 3
    close_character_activation(s, a)
    assert a.ap == 1
    start_character(s, a)
    assert a.ap == 4
    a.ap = 1
    a.conds["downed"] = 1
    start_character(s, a)
    assert a.ap == 3
    a.ap = 4
    start_character(s, a)
    assert a.ap == 4


def test_kami_mode_availability_and_expiry():
    s = tiny(["....."], chars={"hikaru": (0, 0), "tomoe": (4, 0)}, active="c:hikaru", kami_affinity=6)
    h = ch(s, "hikaru")
    h.hp = 5
    assert KamiMode() not in GAME.legal_actions(s)
    h.hp = 4
    assert KamiMode() in GAME.legal_actions(s)
    ch(s, "tomoe").kami_mode = True
    assert KamiMode() not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, KamiMode())
    ch(s, "tomoe").kami_mode = False
    s.queue = [QCard(ref="c:hikaru"), QCard(ref="c:tomoe")]
    GAME.apply(s, KamiMode())
    assert h.kami_mode and ch(s, "tomoe").hp == 10
    GAME.apply(s, EndActivation())
    assert not h.defeated and s.active == "c:tomoe"
    GAME.apply(s, EndActivation())
    for _ in range(20):
        if s.active == "c:hikaru":
            break
        GAME.apply(s, GAME.legal_actions(s)[-1])
    assert s.active == "c:hikaru" and h.kami_mode
    GAME.apply(s, EndActivation())
    assert h.defeated and "c:hikaru" not in refs(s)


def test_event_exhaustion_raises_malice_to_failure():
    s = GAME.new(GAME.Options(), 5)
    z1 = next(z for z in s.zones if z.id == "Z1")
    z1.next["green"] = 3
    s.malice = 5
    green = next(c for c in s.oracle.deck if c.startswith("g"))
    s.oracle.deck.remove(green)
    s.oracle.deck.append(green)
    for cid in ("akira", "hattori", "hikaru", "tomoe"):
        a = next(x for x in GAME.legal_actions(s) if x.char == cid)
        GAME.apply(s, a)
    assert s.malice == 6 and s.step == "OVER" and s.result == "failure"
    assert "no green event is left" in texts(s)


def test_spawn_tie_and_empty_supply():
    rows = ["#.#", "#.#", "#.#"]
    s = tiny(rows, chars={"hikaru": (1, 1)}, active="c:hikaru")
    s.spawns = {"s1": pos(1, 1)}
    s.jobs.append(Job(kind="effect", text="spawn akaname @s1"))
    advance(s)
    assert s.pending.kind == "tie" and s.pending.seat == 0
    assert s.pending.options == [f"p:{pos(1, 0)}", f"p:{pos(1, 2)}"]
    GAME.apply(s, Tie(choice=f"p:{pos(1, 2)}"))
    assert any(e.type == "akaname" and e.p == pos(1, 2) for e in s.enemies)
    s2 = tiny(["......", "......"], chars={"hikaru": (0, 0)}, active="c:hikaru",
              enemies=[("akaname", (i, 1)) for i in range(6)])
    s2.spawns = {"s1": pos(5, 0)}
    s2.jobs.append(Job(kind="effect", text="spawn akaname @s1"))
    advance(s2)
    assert s2.pending is None and len(s2.enemies) == 6


def test_placement_then_first_round():
    s = GAME.new(GAME.Options(), 11)
    assert s.step == "PLACE" and GAME.to_move(s) == 0
    with pytest.raises(IllegalAction):
        GAME.apply(s, PlaceCharacter(char="akira", x=0, y=0))
    while s.step == "PLACE":
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert s.oracle.current is not None and "Round 1: the oracle shows" in texts(s)
    assert s.step in ("ACTIVATE", "INIT")
