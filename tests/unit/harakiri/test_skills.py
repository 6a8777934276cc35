"""Character skills, Kami skills, trading and Ki rerolls (spec §2.3, §4.3)."""

from rules.harakiri import GAME
from rules.harakiri.model import (
    DeclareAttack, EndTrade, InteractCharacter, KiDie, RerollKi, Roll, SetSkill, SwapWeapon,
    Technique, Transfer, pos,
)

from .helpers import ch, en, forced, texts, tiny


def dealt(s, name):
    """The damage the log reports for ``name`` in the last attack."""
    lines = [ln.text for ln in s.log if ln.text.startswith(name + ":") and "damage" in ln.text]
    return int(lines[-1].split("= ")[1].split(" ")[0])


def attack(who, at, enemies, skill=None, ki=None, faces=(), mode="fast", affinity=3, level=3, others=None):
    chars = {who: at, **(others or {})}
    s = tiny(["......"] * 4, chars=chars, enemies=enemies, active="c:" + who, level=level,
             kami_affinity=affinity)
    c = ch(s, who)
    c.ap = 4
    if ki:
        c.ki = [KiDie(value=v, place="slot:" + sl) for sl, v in ki.items()]
    target = "e:" + s.enemies[0].uid
    GAME.apply(s, DeclareAttack(target=target, mode=mode))
    if skill:
        GAME.apply(s, SetSkill(skill=skill))
    forced(s, *faces)
    GAME.apply(s, Roll())
    return s


def test_iaijutsu_adds_a_red_die():
    s = attack("akira", (0, 0), [("jikininki", (1, 0))], "iaijutsu", {"iaijutsu": 3}, (1, 1, 4))
    assert dealt(s, "Jikininki R") == 4 + 2  # R4 = 4, POW 2


def test_piercing_thrust_ignores_evasion_and_one_armour_with_a_five():
    s = attack("akira", (0, 0), [("ashigaru", (1, 0))], "piercing_thrust", {"piercing_thrust": 5}, (2, 2))
    assert en(s, "ashigaru-R").damage == 4  # G1 + G1 + POW 2, no ARM, no EVA


def test_venom_edge_poisons_a_damaged_minion():
    s = attack("hattori", (0, 0), [("jikininki", (1, 0))], "venom_edge", {"venom_edge": 3}, (4, 4))
    assert en(s, "jikininki-R").conds == {"poisoned": 1}


def test_backstab_needs_another_character_next_to_the_target():
    s = attack("hattori", (0, 0), [("jikininki", (1, 0))], "backstab", {"backstab": 6}, (1, 1),
               others={"tomoe": (2, 0)})
    assert dealt(s, "Jikininki R") == 1 + 3  # POW 1 + 3


def test_binding_sutra_downs_minions_and_adds_a_hit_against_bosses():
    s = attack("hikaru", (0, 0), [("jikininki", (2, 0))], "binding_sutra", {"binding_sutra": 4}, (3, 1))
    assert en(s, "jikininki-R").conds == {"downed": 1} and en(s, "jikininki-R").damage == 2
    s = attack("hikaru", (0, 0), [("undertaker", (2, 0))], "binding_sutra", {"binding_sutra": 4}, (6, 6))
    assert en(s, "undertaker").damage == 3 + 1 + 1 - 2 and en(s, "undertaker").conds == {}


def test_kami_skills_once_per_phase():
    s = attack("akira", (0, 0), [("jikininki", (1, 0))], "war_arrow", None, (1, 1))
    a = ch(s, "akira")
    assert dealt(s, "Jikininki R") == 2 + 3 and "war_arrow" in a.kami_used
    s = attack("hattori", (0, 0), [("ashigaru", (1, 0))], "moonlit_cut", None, (4, 4))
    assert dealt(s, "Ashigaru R") == 2 + 2 + 1  # G4 = 2, O4 = 2, POW 1; no armour, no evasion
    assert "Ashigaru R: 5 hits - 0 defence" in texts(s)


def test_storm_cleave_strikes_every_adjacent_enemy():
    s = attack("tomoe", (1, 1), [("jikininki", (2, 1)), ("kappa", (0, 0))], "storm_cleave", None, (1, 1, 6))
    assert dealt(s, "Jikininki R") == 3 + 2 and dealt(s, "Kappa R") == 3 + 2 - 1


def test_hated_characters_lose_kami_skills():
    s = tiny(["...."], chars={"akira": (0, 0)}, enemies=[("jikininki", (1, 0))], active="c:akira")
    a = ch(s, "akira")
    a.ap, a.hated = 3, True
    GAME.apply(s, DeclareAttack(target="e:jikininki-R", mode="fast"))
    assert SetSkill(skill="war_arrow") not in GAME.legal_actions(s)


def test_techniques():
    s = tiny(["....."] * 3, chars={"hattori": (0, 0), "hikaru": (2, 2), "tomoe": (3, 2)},
             enemies=[("jikininki", (3, 1)), ("jikininki", (1, 2))], active="c:hattori", level=3,
             kami_affinity=5)
    h = ch(s, "hattori")
    h.ap = 4
    h.ki = [KiDie(value=2, place="slot:shadow_step")]
    GAME.apply(s, Technique(skill="shadow_step", target=f"p:{pos(2, 0)}"))
    assert h.p == pos(2, 0) and h.ap == 3
    GAME.apply(s, Technique(skill="silver_path"))
    assert h.ap == 4
    t = ch(s, "tomoe")
    t.hp = 5
    s.active = "c:tomoe"
    t.ap = 4
    t.ki = [KiDie(value=5, place="slot:rallying_cry")]
    ch(s, "hikaru").hp = 6
    ch(s, "hikaru").conds = {"downed": 1}
    GAME.apply(s, Technique(skill="rallying_cry"))
    assert ch(s, "hikaru").hp == 7 and ch(s, "hikaru").conds == {}
    GAME.apply(s, Technique(skill="gale"))
    assert en(s, "jikininki-R").conds == {"downed": 1}
    s.active = "c:hikaru"
    hk = ch(s, "hikaru")
    hk.ap = 4
    GAME.apply(s, Technique(skill="sunburst"))
    assert en(s, "jikininki-R").damage == 2 and en(s, "jikininki-B").damage == 2
    GAME.apply(s, Technique(skill="dawn"))
    assert t.hp == 7 and hk.hp == 9


def test_trade_and_swap_weapon():
    s = tiny(["....."], chars={"hattori": (0, 0), "akira": (1, 0)}, active="c:hattori")
    h, a = ch(s, "hattori"), ch(s, "akira")
    h.ap = 3
    GAME.apply(s, SwapWeapon())
    assert h.weapons == ["shuriken", "ninjato"] and h.ap == 2
    GAME.apply(s, InteractCharacter(other="akira"))
    assert Transfer(thing="weapon:katana", frm="akira", to="hattori") not in GAME.legal_actions(s)
    GAME.apply(s, Transfer(thing="weapon:shuriken", frm="hattori", to="akira"))
    assert h.weapons == ["ninjato"] and a.weapons == ["katana", "shuriken"]
    GAME.apply(s, Transfer(thing="item:rice_ball", frm="akira", to="hattori"))
    assert [i.id for i in h.items] == ["flash_powder", "rice_ball"]
    GAME.apply(s, EndTrade())
    assert s.sub is None and h.ap == 1


def test_reroll_ki_costs_two_and_returns_dice_to_supply():
    s = tiny(["..."], chars={"hikaru": (0, 0)}, active="c:hikaru", level=2)
    h = ch(s, "hikaru")
    h.ap = 3
    h.ki = [KiDie(value=2, place="slot:healing_sutra"), KiDie(value=1, place="exhausted")]
    forced(s, 6, 5)
    GAME.apply(s, RerollKi(dice=(0, 1)))
    assert [(d.value, d.place) for d in h.ki] == [(6, "supply"), (5, "supply")] and h.ap == 1
    assert "rerolls Ki dice: 6, 5" in texts(s)
