"""Issue 17: the places where the engine did not follow the rulebook, each read from its sentence."""

from rules.harakiri import GAME
from rules.harakiri.core import enemy, place_enemy
from rules.harakiri.effects import effect, ring_bell, travel
from rules.harakiri.flow import advance, apply_init_effect, draw_oracle, round_end
from rules.harakiri.model import DeclareAttack, EnemyCtx, Job, QCard, Roll, SetFocus, pos

from .helpers import ch, en, forced, texts, tiny

# -- "If the oracle deck is ever empty, immediately shuffle all previously drawn oracle cards
#     to form a new oracle deck."


def test_drawing_the_last_oracle_card_reshuffles_the_drawn_cards_at_once():
    s = GAME.new(GAME.Options(), 1)
    o = s.oracle
    o.deck, o.discard, o.current = ["r1"], ["g2", "g3"], "g1"
    draw_oracle(s)
    assert o.current == "r1"  # the last card is drawn and shows this round
    assert sorted(o.deck) == ["g1", "g2", "g3"] and o.discard == []  # the deck is never empty
    assert "shuffled into a new deck" in texts(s)


def test_travel_after_the_deck_ran_out_mixes_the_new_zone_cards_with_the_drawn_ones():
    # The Drowned Shrine starts with 4 oracle cards: rounds 1-4 draw them all, then the party
    # travels. The new zone's cards join a full deck, not an empty one.
    s = GAME.new(GAME.Options(), 1)
    start = sorted(s.oracle.deck)
    assert len(start) == 4
    for _ in range(4):
        draw_oracle(s)
    s.step, s.active = "ACTIVATE", None
    travel(s, "Z2")
    deck = s.oracle.deck
    assert len(deck) == 3 + 3  # 3 drawn earlier (the 4th shows) + Z2's 1 green and 2 red
    assert set(start) - {s.oracle.current} <= set(deck)


# -- The focus die: "-1" (Break) has no hit of its own; see test_attack for the roll.

# -- "Downed enemies can only attack adjacent targets."


def _tomoe_backlash(downed: bool):
    s = tiny(["....."], chars={"tomoe": (0, 0)}, enemies=[("ashigaru", (2, 0))], active="c:tomoe")
    t = ch(s, "tomoe")
    t.ap = 3
    t.weapons = ["yumi", "naginata"]
    if downed:
        en(s, "ashigaru-R").conds["downed"] = 1
    GAME.apply(s, DeclareAttack(target="e:ashigaru-R", mode="strong"))
    GAME.apply(s, SetFocus(on=True))
    forced(s, 4, 4, 4, 5, 6, 6)  # P G O, focus Backlash; then the counterattack's G O
    GAME.apply(s, Roll())
    return s


def test_a_downed_enemy_does_not_counterattack_at_range():
    s = _tomoe_backlash(downed=True)
    assert ch(s, "tomoe").hp == ch(s, "tomoe").max_hp
    assert "Ashigaru R cannot reach Tomoe to counterattack." in texts(s)


def test_a_standing_enemy_counterattacks_at_its_range():
    s = _tomoe_backlash(downed=False)
    assert "cannot reach" not in texts(s)
    assert "Ashigaru R uses its attack on Tomoe" in texts(s)


# -- "5 +1/-1 ARMOR TOKENS": never more than five ARM -1 tokens in play.


def test_no_arm_token_is_placed_once_the_five_are_in_play():
    s = tiny(["....", "...."], chars={"akira": (0, 0)}, enemies=[("ashigaru", (1, 0))], active="c:akira")
    for x in range(5):  # five more Ashigaru elsewhere, each carrying one token
        e = place_enemy(s, "ashigaru", pos(x if x < 4 else 3, 1 if x < 4 else 0), "Z1")
        e.arm_tokens = 1
    ch(s, "akira").ap = 3
    GAME.apply(s, DeclareAttack(target="e:ashigaru-R", mode="fast"))
    GAME.apply(s, SetFocus(on=True))
    forced(s, 4, 4, 3)  # G G, focus Break
    GAME.apply(s, Roll())
    assert en(s, "ashigaru-R").arm_tokens == 0
    assert sum(e.arm_tokens for e in s.enemies) == 5
    assert "No ARM -1 token is left in the supply" in texts(s)


def test_the_bell_gives_no_sixth_arm_token():
    s = tiny(["......", "......"], enemies=[("ashigaru", (x, 1)) for x in range(5)] + [("blood_oni", (0, 0))],
             scenario="ossuary_bell")
    for e in s.enemies:
        if e.kind == "minion":
            e.arm_tokens = 1
    ring_bell(s)
    assert en(s, "blood_oni").arm_tokens == 0
    assert sum(e.arm_tokens for e in s.enemies) == 5


# -- Log lines.


def _jikininki_devours(damage: int):
    s = tiny(["....", "...."], chars={"akira": (0, 0)}, enemies=[("jikininki", (1, 0))])
    en(s, "jikininki-R").damage = damage
    s.queue = [QCard(ref="e:jikininki-R"), QCard(ref="c:akira")]
    s.active = "e:jikininki-R"
    s.ectx = EnemyCtx(uid="jikininki-R", line=["S:devour"], prio="-HP")
    forced(s, 6, 6)  # P 3 + G 2 = 5 hits against Akira's ARM 1
    advance(s)
    return s


def test_devour_heals_nothing_when_the_jikininki_is_unhurt():
    s = _jikininki_devours(0)
    assert ch(s, "akira").hp == ch(s, "akira").max_hp - 4
    assert "heals" not in texts(s)


def test_devour_heals_only_the_damage_it_had():
    s = _jikininki_devours(1)
    assert en(s, "jikininki-R").damage == 0
    assert "Jikininki R heals 1." in texts(s)


def test_travel_prints_no_initiative_before_the_queue_is_rebuilt():
    s = GAME.new(GAME.Options(), 1)
    s.step, s.active = "ACTIVATE", None
    s.log = []
    travel(s, "Z2")
    assert "Kappa R appears" in texts(s)
    assert "Initiative updated" not in texts(s)
    assert s.queue == []


def _landolfo_event():
    s = tiny(["......"], chars={"akira": (0, 0)}, enemies=[("landolfo", (4, 0)), ("ashigaru", (2, 0))])
    s.step = "EVENTS"
    effect(s, Job(kind="effect", text="advance landolfo 2"))
    s.step = "INIT"
    s.queue = [QCard(ref="c:akira"), QCard(ref="e:ashigaru-R"), QCard(ref="e:landolfo")]
    return s


def test_an_initiative_effect_names_the_creature():
    s = _landolfo_event()
    apply_init_effect(s, 0)
    assert [q.ref for q in s.queue][0] == "e:landolfo"
    assert "Initiative effect: Landolfo advances 2." in texts(s)


def test_an_initiative_effect_skips_a_defeated_creature():
    s = _landolfo_event()
    s.enemies.remove(enemy(s, "landolfo"))
    s.queue = [q for q in s.queue if q.ref != "e:landolfo"]
    s.log = []
    apply_init_effect(s, 0)
    assert "landolfo" not in texts(s).lower()
    assert s.init_effects == []


def test_the_round_limit_outcome_names_its_round_once():
    s = GAME.new(GAME.Options(scenario="ossuary_bell"), 1)
    s.round = 10
    round_end(s)
    advance(s)
    text = GAME.outcome(s).explanation
    assert text == "Failure: the objective was not achieved by the end of round 10."
    assert texts(s).count("round 10") == 1
