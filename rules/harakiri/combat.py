"""Attack resolution for any attacker (spec §5.5) and counterattacks (§4.6)."""

from __future__ import annotations

from typing import NamedTuple

from . import data
from .core import (
    char, char_arm, char_name, damage_character, damage_enemy, enemy, enemy_arm, enemy_label,
    enemy_stats, give_cond_enemy, heal_enemy, place_arm_token, queue_cond_char, resistor, skill_ready,
    finish,
)
from .grid import adjacent, height
from .model import Character, Enemy, HarakiriState
from .words import dice_names


class AttackSpec(NamedTuple):
    dice: tuple[str, ...]
    focus: bool = False
    bonus: int = 0
    ignore_eva: bool = False
    ignore_arm: int = 0  # 99: all
    cond: str | None = None  # imposed on a damaged target (minions and characters)
    yy: str | None = None  # the weapon's yin-yang effect (characters)
    heal_dealt: bool = False
    per_target: str | None = None  # kenjutsu | hunter | backstab2 | backstab3 | binding
    hated: bool = False
    counter: bool = False
    label: str = "attack"


class Result(NamedTuple):
    outcome: str  # hit | fail | backlash | miss | resistor
    defeated: tuple[str, ...] = ()


def _name(state: HarakiriState, ref: str) -> str:
    kind, _, rid = ref.partition(":")
    if kind == "c":
        return char_name(rid)
    if kind == "e":
        e = enemy(state, rid)
        return enemy_label(e) if e else rid
    r = resistor(state, rid)
    return r.name if r else rid


def _pos(state: HarakiriState, ref: str) -> int | None:
    kind, _, rid = ref.partition(":")
    if kind == "c":
        return char(state, rid).p
    if kind == "e":
        e = enemy(state, rid)
        return e.p if e else None
    r = resistor(state, rid)
    return r.p if r else None


def _alive(state: HarakiriState, ref: str) -> bool:
    kind, _, rid = ref.partition(":")
    if kind == "c":
        return not char(state, rid).defeated
    if kind == "e":
        return enemy(state, rid) is not None
    return resistor(state, rid) is not None


def hit_resistor(state: HarakiriState, rid: str) -> None:
    r = resistor(state, rid)
    if r is None:
        return
    r.tokens -= 1
    state.say(f"{r.name} loses a resistance token ({r.tokens} left).")
    if r.tokens <= 0:
        state.resistors.remove(r)
        state.say(f"{r.name} is defeated and removed.")
        sc = data.scenario(state.options.scenario)
        for z in sc.zones:
            for rd in z.resistors:
                if rd.id == rid and rd.fail_on_defeat:
                    finish(state, "failure", f"{r.name} has fallen")


def roll_pool(state: HarakiriState, dice: tuple[str, ...]) -> list[tuple[str, int]]:
    return [(d, state.rng.roll(6)) for d in dice]


def resolve(state: HarakiriState, attacker: str, targets: list[str], spec: AttackSpec) -> Result:
    """Roll once for all targets and apply damage, conditions and armour breaks."""
    dd = data.dice()
    a_kind, _, a_id = attacker.partition(":")
    a_char: Character | None = char(state, a_id) if a_kind == "c" else None
    a_enemy: Enemy | None = enemy(state, a_id) if a_kind == "e" else None
    a_pos = a_char.p if a_char else (a_enemy.p if a_enemy else None)
    a_conds = a_char.conds if a_char else (a_enemy.conds if a_enemy else {})
    name = _name(state, attacker)
    targets = [t for t in targets if _alive(state, t)]
    res_t = [t for t in targets if t.startswith("r:")]
    others = [t for t in targets if not t.startswith("r:")]
    for t in res_t:
        state.say(f"{name} attacks {_name(state, t)}: no roll against a resistor.")
        hit_resistor(state, t[2:])
    if not others:
        return Result("resistor")
    pool = roll_pool(state, spec.dice)
    names = dice_names()
    faces = ", ".join(f"{names.get(d, d)} {f}" for d, f in pool)
    focus = state.rng.roll(6) if spec.focus else None
    tnames = ", ".join(_name(state, t) for t in others)
    text = f"{name} uses {spec.label} on {tnames}: rolls {faces or 'no dice'}"
    effect = None
    if focus is not None:
        ff = dd.focus[str(focus)]
        effect = ff.effect
        text += f", the focus die {focus} ({ff.name})"
    state.say(text + ".")
    if effect == "fail":
        state.say("The focus die shows Blank: the attack fails.")
        return Result("fail")
    if effect == "backlash":
        state.say("The focus die shows Backlash: a critical failure.")
        return Result("backlash")
    if a_conds.get("blinded"):
        b = state.rng.roll(6)
        a_conds.pop("blinded", None)
        state.say(f"{name} is Blinded: rolls {b}" + (", the attack misses." if b <= 3 else ", it still strikes."))
        if b <= 3:
            return Result("miss")
    base = sum(dd.attack[d].faces[f - 1] for d, f in pool)
    plain = [f for _, f in pool]
    yy = dd.yin_face in plain and dd.yang_face in plain
    hits = base
    parts = [f"{base} rolled"]
    if a_char is not None and a_char.attrs["POW"]:
        hits += a_char.attrs["POW"]
        parts.append(f"+{a_char.attrs['POW']} POW")
    if spec.bonus:
        hits += spec.bonus
        parts.append(f"{spec.bonus:+d} effects")
    if yy and spec.yy == "hits2":
        hits += 2
        parts.append("+2 yin-yang")
    if a_enemy is not None:
        if a_enemy.hits_bonus_round:
            hits += a_enemy.hits_bonus_round
            parts.append(f"+{a_enemy.hits_bonus_round} event")
        d = data.enemy_def(a_enemy.type)
        if getattr(d, "passive", None) == "growing_hate" and state.ai.beside:
            hits += len(state.ai.beside)
            parts.append(f"+{len(state.ai.beside)} hate")
    poison = a_conds.get("poisoned", 0)
    if poison:
        hits -= poison
        parts.append(f"-{poison} poisoned")
    state.say(f"Hits: {' '.join(parts)} = {hits}" + (" (yin and yang)" if yy else "") + ".")
    defeated: list[str] = []
    for t in others:
        if not _alive(state, t):
            continue
        t_pos = _pos(state, t)
        extra = 1 if (a_pos is not None and t_pos is not None and height(state, a_pos) > height(state, t_pos)) else 0
        kind, _, tid = t.partition(":")
        bonus = _per_target(state, spec, t, a_enemy, attacker)
        if kind == "c":
            c = char(state, tid)
            arm = char_arm(c)
            defence = 0 if effect == "ignore" else max(0, arm - min(arm, spec.ignore_arm))
            if skill_ready(c, "steadfast"):
                defence += 1
            dmg = max(0, hits + extra + bonus - defence)
            state.say(f"{char_name(c.id)}: {_hits(hits + extra + bonus)} - {defence} defence = {dmg} damage"
                      f" (HP {c.hp} -> {max(0, c.hp - dmg)}).")
            damage_character(state, c, dmg)
            if not c.defeated:
                if dmg >= 1 and spec.cond:
                    queue_cond_char(state, c, spec.cond)
                if dmg >= 1 and yy and spec.yy in data.tokens().conditions:
                    queue_cond_char(state, c, spec.yy)
                if dmg >= 1 and spec.hated and not c.hated:
                    c.hated = True
                    state.say(f"{char_name(c.id)} is Hated: no Kami skills for the rest of the phase.")
                if effect in ("break", "ignore") and c.arm > 0 and not (c.kami_mode and c.id == "tomoe"):
                    c.arm -= 1
                    state.say(f"{char_name(c.id)}'s armour drops to {c.arm}.")
            else:
                defeated.append(t)
            if dmg and spec.heal_dealt and a_enemy is not None:
                healed = heal_enemy(a_enemy, dmg)
                if healed:
                    state.say(f"{enemy_label(a_enemy)} heals {healed}.")
        else:
            e = enemy(state, tid)
            if e is None:
                continue
            st = enemy_stats(e)
            if effect == "ignore":
                defence = 0
            else:
                arm = enemy_arm(e)
                arm -= min(arm, spec.ignore_arm)
                defence = arm + (0 if spec.ignore_eva else st["eva"])
            dmg = max(0, hits + extra + bonus - defence)
            label = enemy_label(e)
            state.say(f"{label}: {_hits(hits + extra + bonus)} - {defence} defence = {dmg} damage.")
            killed = damage_enemy(state, e, dmg, attacker)
            if killed:
                defeated.append(t)
                continue
            if dmg >= 1 and e.kind == "minion":
                if spec.cond:
                    give_cond_enemy(state, e, spec.cond)
                if yy and spec.yy in data.tokens().conditions:
                    give_cond_enemy(state, e, spec.yy)
            if effect in ("break", "ignore"):
                place_arm_token(state, e)
    return Result("hit", tuple(defeated))


def _per_target(state: HarakiriState, spec: AttackSpec, t: str, a_enemy: Enemy | None,
                attacker: str) -> int:
    kind, _, tid = t.partition(":")
    tp = _pos(state, t)
    if tp is None:
        return 0
    bonus = 0
    if a_enemy is not None and getattr(data.enemy_def(a_enemy.type), "passive", None) == "hunter" and kind == "c":
        c = char(state, tid)
        if c.conds.get("bleeding") or c.conds.get("poisoned"):
            bonus += 1
    if spec.per_target == "kenjutsu" and a_enemy is not None:
        bonus += sum(1 for e in state.enemies if e.type == "kachi" and e.uid != a_enemy.uid
                     and adjacent(state, e.p, tp))
    elif spec.per_target in ("backstab2", "backstab3"):
        helpers = [c for c in state.characters if c.p is not None and not c.defeated
                   and "c:" + c.id != attacker and adjacent(state, c.p, tp)]
        if helpers:
            bonus += 3 if spec.per_target == "backstab3" else 2
    elif spec.per_target == "binding" and kind == "e":
        e = enemy(state, tid)
        if e is not None and e.kind != "minion":
            bonus += 1
    return bonus


def _hits(n: int) -> str:
    """"1 hit", "3 hits": the count with its noun in the right number."""
    return f"{n} hit{'' if n == 1 else 's'}"
