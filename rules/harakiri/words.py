"""The rulebook's words for what the data writes as codes: an enemy line's steps, a
priority icon, attack dice, attributes, the things characters trade.

The data keeps its compact notation (``M+1 adj, S:filthy_tongue+F``, ``-ARM``, ``G O``);
whatever a player reads goes through these functions first.
"""

from __future__ import annotations

from functools import cache

from . import data

ATTR_NAMES = {"POW": "Power", "KNO": "Knowledge", "DEX": "Dexterity", "SPI": "Spirit"}

PRIO_WORDS = {
    "-HP": "the least health first",
    "+HP": "the most health first",
    "-ARM": "the least armour first",
    "+ARM": "the most armour first",
    "-SPI": "the lowest Spirit first",
    "FIRST": "the first in the initiative first",
    "NEXT": "the next in the initiative first",
    "NEAR": "the nearest first",
}

# Board glyphs for a priority icon, short enough for an enemy board's header.
PRIO_SHORT = {"-HP": "−HP", "+HP": "+HP", "-ARM": "−ARM", "+ARM": "+ARM", "-SPI": "−SPI",
              "FIRST": "first", "NEXT": "next", "NEAR": "near"}

# The steps of the round (spec §4) as the header names them.
STEP_WORDS = {"PLACE": "placing", "ORACLE": "oracle", "EVENTS": "events", "INIT": "initiative",
              "ACTIVATE": "activations", "REDUCE_KI": "Ki dice drop", "ROUND_END": "end of the round",
              "AFTERMATH": "aftermath", "OVER": "over"}


def step_name(step: str) -> str:
    return STEP_WORDS.get(step, step.lower().replace("_", " "))


# An attack skill's area, as a board names it.
AREA_WORDS = {"splash": "splash", "splash_enemies": "splash on enemies", "sweep": "sweep"}

_TECHNIQUE_STEPS = {
    "bulwark": "raises Bulwark (+2 ARM until its next activation)",
    "exhume": "exhumes a Jikininki on the nearest empty grave",
    "range4": "gains +4 range this round",
    "roar": "lets out a Terrible Roar",
}


def prio_words(prio: str) -> str:
    return PRIO_WORDS.get(prio, prio.lower())


def attr_name(attr: str) -> str:
    return ATTR_NAMES.get(attr, attr.capitalize())


@cache
def dice_names() -> dict[str, str]:
    return {k: d.name for k, d in data.dice().attack.items()}


def dice_words(dice: list[str] | tuple[str, ...] | None) -> str:
    """``["R", "G", "O"]`` as "Red, Green, Orange" ("no dice" for none)."""
    if not dice:
        return "no dice"
    names = dice_names()
    return ", ".join(names.get(d, d) for d in dice)


def _mate_name(typ: str) -> str:
    if typ == "grave":
        return "the nearest grave"
    try:
        return "another " + data.enemy_def(typ).name
    except KeyError:
        return "another of its kind"


def _skill_name(etype: str | None, sid: str) -> str:
    if etype is not None:
        try:
            sk = data.enemy_def(etype).skills.get(sid)
        except KeyError:
            sk = None
        if sk is not None:
            return sk.name
    for d in list(data.minions().minions.values()) + list(data.bosses().bosses.values()):
        if sid in d.skills:
            return d.skills[sid].name
    return sid.replace("_", " ").title()


# The clauses said so far, by (enemy type, step, target): the words depend on these and on the
# printed data alone, and an enemy's move says one every time (issue 28's speed).
_STEP_WORDS: dict[tuple[str | None, str, str], str] = {}


def step_words(etype: str | None, step: str, target: str = "its target") -> str:
    """One step of an enemy line, as a clause: ``M+1 adj`` -> "moves with 1 extra MP
    next to its target" (``target``: the target's name once it is known)."""
    key = (etype, step, target)
    got = _STEP_WORDS.get(key)
    if got is None:
        if len(_STEP_WORDS) >= 4096:
            _STEP_WORDS.clear()
        got = _STEP_WORDS[key] = _step_words(etype, step, target)
    return got


def _step_words(etype: str | None, step: str, target: str) -> str:
    """``step_words`` worked out."""
    s = step.strip()
    focus = s.endswith("+F") or s.endswith("◉")
    s = s.removesuffix("+F").removesuffix("◉")
    with_focus = " with the focus die" if focus else ""
    if s.startswith("?hp<="):
        return f"only if its health left is {s[5:]} or less"
    if s.startswith("M"):
        head, _, rest = s.partition(" ")
        extra = f" with {head[2:]} extra MP" if head.startswith("M+") else ""
        typ = None
        if "(" in rest:
            rest, _, t = rest.partition("(")
            typ = t.rstrip(")")
        whom = target if target != "its target" or not typ else _mate_name(typ)
        if rest == "adj":
            return f"moves{extra} next to {whom}"
        if rest == "to":
            return f"moves{extra} toward {whom}"
        if rest == "away":
            return f"moves{extra} away from {whom}"
        if rest == "hide":
            return f"moves{extra} to hide on the obstacle nearest its target"
        if rest.startswith("r") and rest[1:].isdigit():
            return f"moves{extra} within range {rest[1:]} and line of sight of {whom}"
        return f"moves{extra}"
    if s.startswith("A"):
        return ("attacks an adjacent target" if s.startswith("A adj") else "attacks") + with_focus
    if s.startswith("S:"):
        return f"uses {_skill_name(etype, s[2:])}{with_focus}"
    if s.startswith("H"):
        return f"heals {s[2:]}"
    if s.startswith("X"):
        return _TECHNIQUE_STEPS.get(s[2:], "uses its technique")
    return s


def no_target(etype: str | None, step: str) -> str:
    """Why an attack step cannot be made: "no target in reach for Filthy Tongue"."""
    s = step.strip().removesuffix("+F").removesuffix("◉")
    if s.startswith("S:"):
        return f"no target in reach for {_skill_name(etype, s[2:])}"
    return "no target in reach for an adjacent attack" if s.startswith("A adj") else "no target in reach to attack"


_LINE_WORDS: dict[tuple[str | None, str], str] = {}  # kept as the clauses are, by (type, line)


def line_words(etype: str | None, line: str) -> str:
    """A whole enemy line (steps joined by commas) as one sentence part."""
    key = (etype, line)
    got = _LINE_WORDS.get(key)
    if got is None:
        if len(_LINE_WORDS) >= 4096:
            _LINE_WORDS.clear()
        got = _LINE_WORDS[key] = _line_words(etype, line)
    return got


def _line_words(etype: str | None, line: str) -> str:
    """``line_words`` worked out."""
    parts = [step_words(etype, st) for st in line.split(",") if st.strip()]
    return ", then ".join(parts)


_TECHNIQUE_SHORT = {"bulwark": "Bulwark", "exhume": "exhumes a Jikininki", "range4": "+4 range",
                    "roar": "Terrible Roar"}


def step_short(etype: str | None, step: str) -> str:
    """A step as the enemy board writes it, in short words: ``M r2`` -> "moves to range 2",
    ``M+1 adj`` -> "moves +1 MP next to target", ``A+F`` -> "attacks ◉",
    ``S:filthy_tongue+F`` -> "Filthy Tongue ◉" (◉: with the focus die)."""
    s = step.strip()
    focus = s.endswith("+F") or s.endswith("◉")
    s = s.removesuffix("+F").removesuffix("◉")
    mark = " ◉" if focus else ""
    if s.startswith("S:"):
        return _skill_name(etype, s[2:]) + mark
    if s.startswith("?hp<="):
        return f"if health ≤ {s[5:]}"
    if s.startswith("M"):
        head, _, rest = s.partition(" ")
        extra = f" +{head[2:]} MP" if head.startswith("M+") else ""
        whom = "target"
        if "(" in rest:
            rest, _, typ = rest.partition("(")
            typ = typ.rstrip(")")
            if typ == "grave":
                whom = "grave"
            else:
                try:
                    whom = data.enemy_def(typ).name
                except KeyError:
                    whom = "its kind"
        where = {"adj": f" next to {whom}", "to": f" toward {whom}", "away": f" away from {whom}",
                 "hide": " to hide"}.get(rest, "")
        if rest.startswith("r") and rest[1:].isdigit():
            where = f" to range {rest[1:]}"
        return f"moves{extra}{where}"
    if s.startswith("A"):
        return ("attacks adjacent" if s.startswith("A adj") else "attacks") + mark
    if s.startswith("H"):
        return f"heals {s[2:]}"
    if s.startswith("X"):
        return _TECHNIQUE_SHORT.get(s[2:], "technique")
    return s + mark


def line_short(etype: str | None, line: str) -> str:
    return ", ".join(step_short(etype, st) for st in line.split(",") if st.strip())


def thing_name(thing: str) -> str:
    """What a trade passes: ``item:rice_ball`` -> "Rice Ball", ``boss_head`` -> "a boss head"."""
    kind, _, what = thing.partition(":")
    if kind == "item":
        what, _, used = what.partition(":")
        it = data.items().get(what)
        named = it.name if it is not None else what.replace("_", " ")
        return named + (" (used this round)" if used else "")
    if kind == "weapon":
        w = data.weapons().get(what)
        return w.name if w is not None else what.replace("_", " ")
    if kind == "head":
        return "a head"
    if kind == "boss_head":
        return "a boss head"
    return kind.replace("_", " ")


def name_of(code: str) -> str:
    """Any card or thing of the state by its printed name (the replay's everything-revealed
    panel): an oracle card with its colour, an AI card of a boss, an item or a weapon;
    anything else reads as itself."""
    for card in data.oracle().cards:
        if card.id == code:
            return f"{card.name} ({card.colour})"
    for boss in data.bosses().bosses.values():
        for ai in boss.ai_deck:
            if ai.id == code:
                return f"{ai.name} ({boss.name})"
    if code in data.items() or code in data.weapons():
        return thing_name(f"{'item' if code in data.items() else 'weapon'}:{code}")
    return code


def zone_words(zid: str) -> str:
    """A zone as the players say it: ``Z1`` -> "Zone 1"."""
    return f"Zone {zid[1:]}" if zid[:1] == "Z" and zid[1:].isdigit() else f"Zone {zid}"


def ordinal(n: int) -> str:
    """1 -> "first", 2 -> "second" … (a card's place in its stack)."""
    return ("first", "second", "third", "fourth", "fifth", "sixth")[n - 1] if 1 <= n <= 6 else f"number {n}"


def skill_name(sid: str) -> str:
    """A character's or a kami's skill by its printed name."""
    if sid in data.skills():
        return data.skills()[sid].name
    if sid in data.kami_skills():
        return data.kami_skills()[sid][1].name
    return sid.replace("_", " ")
