"""The key each Harakiri choice keeps, from what it is (issue 25); the table is data
(assets/harakiri/keys.json), validated at load.

- A step by its direction, as on a number pad: 7 8 9 / 4 · 6 / 1 2 3 around the mover
  (5: up or down a ladder); ``n`` ends the move, the activation or the trade.
- A character by a letter (a Akira, t Hattori, i Hikaru, o Tomoe); a technique cast on a
  character by a capital of theirs; a character placed on a start square: a row of the
  keyboard per character (1234, QWER, ASDF, ZXCV), a column per start square in reading
  order.
- An enemy by a digit fixed per scenario and zone (its fast attack); its strong attack by
  the capital on the row under that digit; a point by its capital letter.
- A skill by its letter (the technique, or the skill added to an attack); its Ki slot by
  M N S in the order of the character's skills; an item by its letter.

- A trade's transfer by what changes hands: its letter when the character acting gives
  it, the capital when they take it (a head 1 or 2 given, 3 or 4 taken).

- A tied square (the players choose where an enemy goes) by its x and y each counted in
  fives: 1-5 on the first row of a 5x5 block, 6-0, a b d f i, m n o p r, s t x y z.

A choice no table names (a reroll of several dice, an
event's initiative effect, a second technique cast on characters) takes a spare key
(``decision_keys``).
"""

from __future__ import annotations

import zlib
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict

from rules.common.data import load_asset
from rules.harakiri import data
from rules.harakiri.model import pos, xy


class KeyTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    about: str = ""
    steps: dict[str, tuple[int, int]]
    ladder: str
    kinds: dict[str, str]
    answers: dict[str, str]
    no_skill: str
    reroll_one: str
    characters: dict[str, str]
    helped: dict[str, str]
    placing: dict[str, str]
    pairs: dict[str, str]
    attributes: dict[str, str]
    skills: dict[str, str]
    slots: str
    items: dict[str, str]
    item_on: dict[str, str]
    trade: dict[str, str]
    strong: dict[str, str]
    heads: str
    leap: tuple[str, str, str, str, str]
    squares: tuple[str, str, str, str, str]
    enemies: dict[str, dict[str, list[str]]]


@cache
def table() -> KeyTable:
    raw = dict(load_asset(dict, "harakiri", "keys.json"))
    raw["about"] = raw.pop("_about", "")
    return KeyTable.model_validate(raw)


@cache
def _by_direction() -> dict[tuple[int, int], str]:
    return {tuple(d): k for k, d in table().steps.items()}


@cache
def start_squares(scenario: str, zone: str) -> list[int]:
    """A zone's start squares in reading order (the columns of the placing keys)."""
    z = data.scenario(scenario).zone(zone)
    ox, oy = z.origin
    return [pos(ox + i, oy + j) for j, row in enumerate(z.rows) for i, ch in enumerate(row) if ch == "@"]


def _mover(view) -> Any:
    a = view.active or ""
    if a.startswith("c:"):
        return next((c for c in view.characters if c.id == a[2:]), None)
    return None


def enemy_digit(view, uid: str) -> str | None:
    """An enemy's digit: its place in its zone's list; one not listed, or whose digit an
    enemy listed earlier (another zone's) holds, takes the first digit no enemy holds."""
    zones = table().enemies.get(view.options.scenario, {})
    digits = "1234567890"
    held: dict[str, str] = {}
    late: list[str] = []
    for e in sorted(view.enemies, key=lambda e: e.uid):
        listed = zones.get(e.zone, [])
        d = digits[listed.index(e.uid)] if e.uid in listed else None
        if d is None or d in held.values():
            late.append(e.uid)
        else:
            held[e.uid] = d
    for u in late:
        free = next((d for d in digits if d not in held.values()), None)
        if free is not None:
            held[u] = free
    return held.get(uid)


def _ref(view, ref: str | None) -> str | None:
    """A character's letter or an enemy's digit for a reference "c:…" / "e:…"."""
    if not ref:
        return None
    kind, _, rest = ref.partition(":")
    if kind == "c":
        return table().characters.get(rest)
    if kind == "e":
        return enemy_digit(view, rest)
    return None


def _slot(view, skill: str) -> str | None:
    me = _mover(view)
    if me is None or skill not in me.skills:
        return None
    i = me.skills.index(skill)
    return table().slots[i] if i < len(table().slots) else None


def _first_helper(skill: str) -> bool:
    """Whether ``skill`` is its owner's first skill cast on a character (the capitals of
    ``helped`` are its; a second one, Ward Seal, is left to the chart)."""
    owner = data.skills()[skill].owner
    cast = [s for s in data.characters().characters[owner].skills if data.skills()[s].target == "char_or_self"]
    return bool(cast) and cast[0] == skill


def key_for(view, action) -> str | None:
    """The key of ``action`` in ``view``, or None (the screen's chart gives one)."""
    t = table()
    kind = action.kind
    if kind in t.kinds:
        return t.kinds[kind]
    if kind == "step":
        me = _mover(view)
        if me is None or me.p is None:
            return None
        (x0, y0), (x, y) = xy(me.p), (action.x, action.y)
        d = _by_direction().get((x - x0, y - y0))
        return d if d is not None else t.ladder
    if kind in ("counterattack", "blessed", "battle_instinct"):
        return t.answers["yes" if action.use else "no"]
    if kind == "declare_attack":
        d = _ref(view, action.target)
        if d is None or not action.target.startswith("e:"):
            return None
        return d if action.mode == "fast" else t.strong.get(d)
    if kind == "add_target":
        return _ref(view, action.target) if action.target.startswith("e:") else None
    if kind == "interact_character":
        return t.characters.get(action.other)
    if kind == "interact_point":
        letter = action.point.rpartition(":")[2]
        return letter.upper() if len(letter) == 1 and letter.upper() not in "HL" else None
    if kind == "set_skill":
        return t.no_skill if action.skill is None else t.skills.get(action.skill)
    if kind == "technique":
        if action.target is None:
            return t.skills.get(action.skill)
        if action.target.startswith("c:") and _first_helper(action.skill):
            return t.helped.get(action.target[2:])
        me = _mover(view)
        if action.target.startswith("p:") and me is not None and me.p is not None:
            # Shadow Step: a square by where it lies from the caster, a 5x5 block of keys
            (x0, y0), (x, y) = xy(me.p), xy(int(action.target[2:]))
            dx, dy = x - x0 + 2, y - y0 + 2
            k = t.leap[dy][dx] if 0 <= dx < 5 and 0 <= dy < 5 else " "
            return k if k not in " ." else None
        return None
    if kind in ("place_ki", "withdraw_ki"):
        return _slot(view, action.slot)
    if kind == "use_item":
        if action.target is None:
            return t.items.get(action.item)
        on = t.item_on.get(action.item, "")
        if action.target.startswith("e:"):  # by the enemy's digit: the first enemies only
            d = enemy_digit(view, action.target[2:])
            i = "1234567890".index(d) if d else len(on)
        else:  # a Ki die by its place on the board
            i = int(action.target) if action.target.isdigit() else len(on)
        return on[i] if i < len(on) else None
    if kind == "reroll_ki":
        return t.reroll_one if tuple(action.dice) == (0,) else None
    if kind == "place_character":
        row = t.placing.get(action.char)
        starts = start_squares(view.options.scenario, view.squares[pos(action.x, action.y)].zone)
        p = pos(action.x, action.y)
        if row is None or p not in starts or starts.index(p) >= len(row):
            return None
        return row[starts.index(p)]
    if kind == "transfer":  # given by the character acting: its letter; taken: the capital
        what = action.thing.split(":")
        k = t.trade.get(what[1] if len(what) > 1 else what[0])
        if k is None:
            return None
        given = view.active == "c:" + action.frm
        return k if given else (k.upper() if k.isalpha() else str(int(k) + 2))
    if kind == "retrieve_head":  # a head by its square: four keys in turn along a row
        return t.heads[(action.x + 2 * action.y) % len(t.heads)]
    if kind == "swap_initiative":
        return t.pairs.get(f"{action.a} {action.b}") or t.pairs.get(f"{action.b} {action.a}")
    if kind == "lose_attribute":
        return t.attributes.get(action.attr)
    if kind == "tie" and action.choice[:2] in ("p:", "g:") and action.choice[2:].isdigit():
        # A tied square: by where it lies, x and y each counted in fives (any two squares
        # in a 5x5 block differ).
        x, y = xy(int(action.choice[2:]))
        return t.squares[y % 5][x % 5]
    if kind in ("tie", "init_order"):
        return _ref(view, action.choice if kind == "tie" else action.effect)
    return None


# Keys for a choice no table names, capitals first: the capitals a decision names least.
RARE = "VIOTK"  # a technique cast on a character (Hikaru's), Flash Powder, Prayer Beads
SPARE = "CDXBAFUYWQREMNSPZGJ"
FALLBACK = "1234567890abdfimnoprstxyz"


def _spare(action) -> list[str]:
    """The keys a choice no table names tries, in an order fixed by what it is (so two
    such choices seldom want the same key, and one keeps its key while the others come
    and go)."""
    at = zlib.crc32(repr(sorted(action.model_dump().items())).encode()) % len(RARE)
    return list(RARE[at:] + RARE[:at] + SPARE + FALLBACK)


def decision_keys(view, actions) -> dict[Any, str | None]:
    """Every listed choice's key: its own (``key_for``) unless a choice listed before it
    holds it; then, and for a choice no table names, the first of its spare keys (``_spare``)
    no choice of this decision names or holds, taken in the order the rules list them."""
    out: dict[Any, str | None] = {}
    taken: set[str] = set()
    later = []
    # A Shadow Step square gives its key up to any other choice that names it.
    for a in sorted(actions, key=lambda a: a.kind == "technique" and (a.target or "").startswith("p:")):
        k = key_for(view, a)
        if k is None or k in taken:
            later.append(a)
        else:
            out[a] = k
            taken.add(k)
    for a in later:
        k = next((k for k in _spare(a) if k not in taken), None)
        out[a] = k
        if k is not None:
            taken.add(k)
    return out
