"""Interactions, items, skills, Ki, Blessed, travel, victory and the aftermath."""

import pytest

from rules.common import IllegalAction
from rules.harakiri import GAME
from rules.harakiri.flow import advance
from rules.harakiri.model import (
    Blessed, EndActivation, InteractPoint, Job, KiDie, LoseAttribute, PlaceKi, Point, QCard,
    Technique, UseItem, WithdrawKi, pos,
)

from .helpers import ch, forced, texts, tiny


def shrine(seed=2):
    s = GAME.new(GAME.Options(), seed)
    while s.step == "PLACE":
        GAME.apply(s, GAME.legal_actions(s)[0])
    return s


def activate(s, cid, at):
    """Make ``cid`` the active character on square ``at`` with 3 AP."""
    for c in s.characters:
        if c.p == pos(*at) and c.id != cid:
            c.p = pos(6, 4) if c.id != "hikaru" else pos(7, 4)
    ch(s, cid).p = pos(*at)
    s.pending, s.jobs, s.ectx, s.sub = None, [], None, None
    s.step = "ACTIVATE"
    s.queue = [QCard(ref="c:" + cid)] + [QCard(ref=q.ref) for q in s.queue if q.ref != "c:" + cid]
    s.active = "c:" + cid
    ch(s, cid).ap = 3
    return ch(s, cid)


def test_illegal_actions_are_refused_and_change_nothing():
    s = tiny(["....."], chars={"akira": (0, 0)}, enemies=[("ashigaru", (4, 0))], active="c:akira")
    ch(s, "akira").ap = 3
    before = s.model_dump_json()
    for action in (InteractPoint(point="A"), UseItem(item="herbs"), WithdrawKi(slot="iaijutsu"),
                   Technique(skill="shadow_step", target="p:1"), PlaceKi(die=0, slot="ward_seal"),
                   Blessed(use=True), LoseAttribute(attr="POW")):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, action)
        assert err.value.reason[0].isupper()
        assert s.model_dump_json() == before


def test_net_shed_gives_bandages_and_disappears():
    s = shrine()
    a = activate(s, "akira", (1, 2))
    GAME.apply(s, InteractPoint(point="A"))
    assert any(i.id == "bandages" for i in a.items) and a.ap == 2
    assert all(p.id != "A" for p in s.points)


def test_fisherman_can_be_led_away():
    s = shrine()
    a = activate(s, "akira", (1, 4))
    GAME.apply(s, InteractPoint(point="r:F"))
    assert s.resistors == [] and any(i.id == "rice_ball" for i in a.items)


def test_ferry_post_travel_and_drowned_stone_victory():
    s = shrine()
    akira = activate(s, "akira", (6, 4))
    forced(s, 2)  # 2 + POW 1 = 3: success
    GAME.apply(s, InteractPoint(point="B"))
    assert s.step == "PLACE" and all(c.p is None for c in s.characters)
    assert all(sq.zone == "Z2" for sq in s.squares.values())
    assert {e.type for e in s.enemies} == {"kappa"}
    assert akira.ap <= 1
    round_before = s.round
    while s.step == "PLACE":
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert s.round == round_before + 1
    t = activate(s, "tomoe", (12, 1))
    forced(s, 3)  # 3 + SPI 1 = 4: success
    GAME.apply(s, InteractPoint(point="C"))
    assert s.step == "OVER" and s.result == "victory"
    out = GAME.outcome(s)
    assert out.results == ("win",) and "Drowned Stone is cleansed" in out.explanation
    assert t.conds == {}


def test_failed_stone_raises_malice_and_its_trigger_spawns():
    s = shrine()
    activate(s, "akira", (6, 4))
    forced(s, 6)
    GAME.apply(s, InteractPoint(point="B"))
    while s.step == "PLACE":
        GAME.apply(s, GAME.legal_actions(s)[0])
    activate(s, "tomoe", (12, 1))
    s.malice = 2
    forced(s, 1)
    GAME.apply(s, InteractPoint(point="C"))
    assert s.malice == 3 and any(e.type == "akaname" for e in s.enemies)
    assert "Akaname R appears on (16,2)" in texts(s)
    assert any(p.id == "C" for p in s.points)


def test_items_once_per_round_and_consumed():
    s = tiny(["....."], chars={"hattori": (0, 0)}, enemies=[("ashigaru", (2, 0))], active="c:hattori")
    h = ch(s, "hattori")
    h.ap = 4
    GAME.apply(s, UseItem(item="flash_powder", target="e:ashigaru-R"))
    assert s.enemies[0].conds == {"blinded": 1}
    assert not any(a.kind == "use_item" for a in GAME.legal_actions(s))
    s2 = tiny(["....."], chars={"akira": (0, 0)}, active="c:akira")
    a = ch(s2, "akira")
    a.ap, a.hp = 2, 5
    GAME.apply(s2, UseItem(item="rice_ball"))
    assert a.hp == 8 and a.items == []


def test_healing_sutra_is_aggregate_and_once_per_activation():
    s = tiny(["....."], chars={"hikaru": (0, 0), "tomoe": (2, 0)}, active="c:hikaru")
    h = ch(s, "hikaru")
    h.ap = 3
    h.ki = [KiDie(value=6, place="slot:healing_sutra")]
    ch(s, "tomoe").hp = 4
    GAME.apply(s, Technique(skill="healing_sutra", target="c:tomoe"))
    assert ch(s, "tomoe").hp == 7
    assert not any(a.kind == "technique" and a.skill == "healing_sutra" for a in GAME.legal_actions(s))


def test_place_and_withdraw_ki_limits():
    s = tiny(["....."], chars={"tomoe": (0, 0)}, active="c:tomoe", level=3)
    t = ch(s, "tomoe")
    t.ki = [KiDie(value=2), KiDie(value=5), KiDie(value=1, place="exhausted")]
    legal = GAME.legal_actions(s)
    assert PlaceKi(die=0, slot="sweeping_arc") not in legal
    assert PlaceKi(die=1, slot="rallying_cry") in legal
    GAME.apply(s, PlaceKi(die=1, slot="rallying_cry"))
    GAME.apply(s, PlaceKi(die=0, slot="steadfast"))
    GAME.apply(s, WithdrawKi(slot="steadfast"))  # SPI 1: one withdrawal only
    assert WithdrawKi(slot="rallying_cry") not in GAME.legal_actions(s)
    forced(s, 3, 4, 5)
    GAME.apply(s, EndActivation())


def test_all_exhausted_dice_are_rerolled_after_withdraw():
    s = tiny(["....."], chars={"tomoe": (0, 0)}, active="c:tomoe")
    t = ch(s, "tomoe")
    t.ki = [KiDie(value=4, place="slot:sweeping_arc")]
    forced(s, 2)
    GAME.apply(s, WithdrawKi(slot="sweeping_arc"))
    assert [(d.value, d.place) for d in t.ki] == [(2, "supply")]


def test_blessed_may_cancel_a_condition():
    s = tiny(["....."], chars={"tomoe": (0, 0)}, active="c:tomoe")
    t = ch(s, "tomoe")
    t.conds = {"blessed": 1}
    s.jobs.append(Job(kind="cond", text="bleeding", target="tomoe"))
    advance(s)
    assert s.pending.kind == "blessed" and s.pending.seat == t.seat
    GAME.apply(s, Blessed(use=True))
    assert t.conds == {}


def test_resurrection_test_and_attribute_loss():
    s = tiny(["....."], chars={"tomoe": (0, 0), "akira": (2, 0)}, active="c:tomoe", players=2, level=2)
    a = ch(s, "akira")
    a.hp = 1
    a.conds = {"bleeding": 1}
    s.queue = [QCard(ref="c:tomoe"), QCard(ref="c:akira")]
    s.points = [Point(id="C", name="Drowned Stone", p=pos(1, 1), zone="Z1")]
    forced(s, 1)
    GAME.apply(s, EndActivation())  # Akira bleeds to death at the start of his activation
    assert a.defeated
    s.result = "victory"
    s.reason = "test"
    forced(s, 1)  # resurrection: 1 + SPI 0 < level 2
    advance(s)
    assert s.pending.kind == "lose_attribute" and s.pending.seat == a.seat == 0
    assert s.pending.options == ["POW", "DEX"]  # never the class's first POW point
    GAME.apply(s, LoseAttribute(attr="DEX"))
    assert a.attrs["DEX"] == 0 and s.step == "OVER"


def test_view_hides_deck_order_and_rng():
    s = shrine()
    v = GAME.view(s, 0)
    assert v.oracle.deck == [] and v.oracle.deck_count == len(s.oracle.deck) and v.rng.seed == 0
    assert "Initiative" in GAME.render(v, 0)


def test_item_limit_makes_the_owner_return_one():
    from rules.harakiri.model import ItemState, Tie
    s = shrine()
    a = activate(s, "akira", (1, 2))
    a.items = [ItemState(id=i, uses=2) for i in ("flash_powder", "prayer_beads", "bandages")]
    GAME.apply(s, InteractPoint(point="A"))  # the Net Shed gives Bandages: a 4th permanent item
    assert s.pending.kind == "tie" and s.pending.seat == a.seat
    assert s.pending.options == ["item:bandages", "item:flash_powder", "item:prayer_beads"]
    GAME.apply(s, Tie(choice="item:flash_powder"))
    assert sorted(i.id for i in a.items) == ["bandages", "bandages", "prayer_beads"]
    assert all(p.id != "A" for p in s.points)


def test_two_items_alike_are_one_choice_to_use_and_to_give():
    # Akira carries two Rice Balls: "use the Rice Ball" is offered once, and so is giving one.
    from rules.harakiri.model import InteractCharacter, ItemState, Transfer
    s = tiny(["....."], chars={"akira": (0, 0), "tomoe": (1, 0)}, active="c:akira")
    a = ch(s, "akira")
    a.ap, a.hp = 3, 5
    a.items = [ItemState(id="rice_ball", uses=1), ItemState(id="rice_ball", uses=1)]
    actions = GAME.legal_actions(s)
    assert actions.count(UseItem(item="rice_ball")) == 1
    assert len(actions) == len(set(actions))
    GAME.apply(s, InteractCharacter(other="tomoe"))
    give = Transfer(thing="item:rice_ball", frm="akira", to="tomoe")
    assert GAME.legal_actions(s).count(give) == 1
    GAME.apply(s, give)
    assert [i.id for i in a.items] == ["rice_ball"]
