"""Shared helpers: lookups, zones, miniatures, the initiative queue, defeat and the ending.

Rulebook sections: zone setup, minions/servants/chosen setup, spawn points, defeated
characters, ending the exploration phase.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from . import data
from .grid import Mover, adjacent, can_end, distance, occupancy, resistor_squares
from .model import (
    Character, Enemy, HarakiriState, Job, KiDie, Point, QCard, Resistor, Square, Zone, fmt, pos,
)

TERRAIN = {"#": "inaccessible", "o": "obstacle", "~": "difficult", "*": "special",
           "L": "ladder", "D": "door", ".": "plain", "@": "plain", "S": "plain"}
ATTR_INDEX = {"POW": 0, "KNO": 1, "DEX": 2, "SPI": 3}


# -- lookups -----------------------------------------------------------------

def char(state: HarakiriState, cid: str) -> Character:
    for c in state.characters:
        if c.id == cid:
            return c
    raise KeyError(cid)


def enemy(state: HarakiriState, uid: str) -> Enemy | None:
    for e in state.enemies:
        if e.uid == uid:
            return e
    return None


def resistor(state: HarakiriState, rid: str) -> Resistor | None:
    for r in state.resistors:
        if r.id == rid:
            return r
    return None


def point(state: HarakiriState, pid: str) -> Point | None:
    for p in state.points:
        if p.id == pid:
            return p
    return None


def oracle_colour_now(state: HarakiriState) -> str:
    """``oracle_now(state)[0]``: the colour of the oracle card showing ("" before the first
    draw), without looking up its name."""
    current = state.oracle.current
    return "" if current is None else data.oracle_colour().get(current, "")


def oracle_now(state: HarakiriState) -> tuple[str, str]:
    """The oracle card showing: its colour ("" before the first draw) and its name ("-")."""
    current = state.oracle.current
    if current is None:
        return "", "-"
    name = next((c.name for c in data.oracle().cards if c.id == current), "-")
    return data.oracle_colour().get(current, ""), name


def cond_label(kind: str) -> str:
    """A condition's name as its token reads (the kind itself when it has no token)."""
    token = data.tokens().conditions.get(kind)
    return token.name if token is not None else kind


_CHAR_NAMES: dict[str, str] = {}


def char_name(cid: str) -> str:
    """A character's name as its sheet prints it (read once per character: said in most log
    lines)."""
    got = _CHAR_NAMES.get(cid)
    if got is None:
        got = _CHAR_NAMES[cid] = data.characters().characters[cid].name
    return got


def enemy_label(e: Enemy) -> str:
    d = data.enemy_def(e.type)
    name = d.name + ("+" if e.plus else "")
    return f"{name} {e.base}" if e.base else name


# The labels of characters and enemies ("c:akira", "e:ashigaru-B"), by reference: they depend on
# the printed data alone (a resistor's label reads the state, and is never kept).
_REF_LABELS: dict[str, str] = {}


def ref_label(state: HarakiriState | None, ref: str) -> str:
    """A reference in the rulebook's words; one naming nothing known reads as itself."""
    got = _REF_LABELS.get(ref)
    if got is not None:
        return got
    kind = ref[:2]
    if kind not in ("c:", "e:"):
        return _ref_label(state, ref)
    if len(_REF_LABELS) >= 4096:
        _REF_LABELS.clear()
    got = _REF_LABELS[ref] = _ref_label(None, ref)
    return got


def _ref_label(state: HarakiriState | None, ref: str) -> str:
    """``ref_label`` worked out."""
    kind, _, rest = ref.partition(":")
    if kind == "c":
        d = data.characters().characters.get(rest)
        return d.name if d is not None else ref
    if kind == "e":
        t, _, base = rest.partition("-")
        d = data.minions().minions.get(t) or data.bosses().bosses.get(t)
        if d is None:
            return ref
        return f"{d.name} {base}" if base else d.name
    if kind == "r":
        r = resistor(state, rest) if state is not None else None
        return r.name if r else f"resistor {rest}"
    if kind in ("p", "g") and rest.isdecimal():
        return ("grave " if kind == "g" else "") + fmt(int(rest))
    if kind == "item" and rest in data.items():
        return "return the " + data.items()[rest].name
    return ref


def seat_of_char(state: HarakiriState, cid: str) -> int:
    return char(state, cid).seat


def collective_seat(state: HarakiriState) -> int:
    """The owner of the active character; otherwise seat 0."""
    if state.active and state.active.startswith("c:"):
        return char(state, state.active[2:]).seat
    return 0


def attr(c: Character, a: str) -> int:
    return c.attrs[a]


def slot_die(c: Character, skill: str) -> int:
    """The value of the Ki die in a skill's slot (0 when empty)."""
    for d in c.ki:
        if d.place == "slot:" + skill:
            return d.value
    return 0


def skill_ready(c: Character, skill: str) -> bool:
    if skill not in c.skills:
        return False
    return slot_die(c, skill) >= data.skills()[skill].ki


def kami_ready(c: Character, sid: str) -> bool:
    kid, ks = data.kami_skills()[sid]
    return (kid == data.characters().characters[c.id].kami and c.affinity >= ks.affinity
            and sid not in c.kami_used and not c.hated)


def zone_of(state: HarakiriState, p: int) -> str | None:
    sq = state.squares.get(p)
    return sq.zone if sq else None


class Stats(NamedTuple):
    """An enemy's printed statistics (its "+" side's for a minion's "+" miniature)."""
    hp: int
    arm: int
    eva: int
    mov: int
    dice: tuple[str, ...]
    range: int


@cache
def stats_of(etype: str, plus: bool) -> Stats:
    """The statistics of an enemy type, read once from its definition (shared, immutable)."""
    d = data.enemy_def(etype)
    if plus and isinstance(d, data.MinionDef):
        return Stats(d.plus.hp, d.plus.arm, d.plus.eva, d.plus.mov, tuple(d.plus.dice), d.range)
    return Stats(d.hp, d.arm, d.eva, d.mov, tuple(d.dice), d.range)


def enemy_stats(e: Enemy) -> dict:
    st = stats_of(e.type, bool(e.plus))
    return {"hp": st.hp, "arm": st.arm, "eva": st.eva, "mov": st.mov, "dice": list(st.dice),
            "range": st.range}


def enemy_hp_left(e: Enemy) -> int:
    return stats_of(e.type, bool(e.plus)).hp - e.damage


def enemy_arm(e: Enemy) -> int:
    v = stats_of(e.type, bool(e.plus)).arm + (2 if e.bulwark else 0) - e.arm_tokens \
        - (1 if e.conds.get("downed") else 0)
    return max(0, v)


def char_arm(c: Character) -> int:
    return max(0, c.arm - (1 if c.conds.get("downed") else 0))


def mover_of_enemy(e: Enemy) -> Mover:
    return _mover(e.type, e.side)


@cache
def _mover(etype: str, side: str) -> Mover:
    d = data.enemy_def(etype)
    return Mover(side=side, moves=d.move, swims=getattr(d, "swims", False),
                 large=getattr(d, "large", False))


CHAR_MOVER = Mover(side="ally")


def on_terrain(state: HarakiriState, p: int) -> bool:
    """A (spectral) creature on a terrain-occupied square cannot target or be targeted."""
    sq = state.squares.get(p)
    return sq is not None and sq.terrain in ("obstacle", "inaccessible", "door")


# -- zones -------------------------------------------------------------------

def open_doors(state: HarakiriState) -> set[int]:
    """Squares of the revealed zones that were doors and have been opened."""
    sc = data.scenario(state.options.scenario)
    out = set()
    for z in state.zones:
        if z.revealed and not z.removed:
            for pd in sc.zone(z.id).points:
                p = pos(pd.x, pd.y)
                sq = state.squares.get(p)
                if pd.terrain == "door" and sq is not None and sq.terrain != "door":
                    out.add(p)
    return out


_SQUARES: dict[tuple[str, int, str, bool], Square] = {}


_LAYOUTS: dict[tuple[str, str], tuple[data.Scenario, tuple, tuple]] = {}


def _layout(scenario: str, sc: data.Scenario, zid: str) -> tuple[tuple, tuple]:
    """A zone's squares as its card prints them, row by row: (square, (terrain, height,
    zone, grave)) each, and its start squares. Read once per zone of a scenario."""
    key = (scenario, zid)
    got = _LAYOUTS.get(key)
    if got is None or got[0] is not sc:  # the very scenario read, held with its layouts
        zd = sc.zone(zid)
        ox, oy = zd.origin
        pts = {(p.x, p.y): p for p in zd.points}
        squares, starts = [], []
        for j, row in enumerate(zd.rows):
            for i, ch in enumerate(row):
                x, y = ox + i, oy + j
                terrain = TERRAIN.get(ch, "plain")
                if (x, y) in pts:
                    terrain = pts[(x, y)].terrain
                h = int(zd.heights[j][i]) if zd.heights else 0
                squares.append((pos(x, y), (terrain, h, zid, ch == "*")))
                if ch == "@":
                    starts.append(pos(x, y))
        got = _LAYOUTS[key] = (sc, tuple(squares), tuple(starts))
    return got[1], got[2]


def build_zone(state: HarakiriState, zid: str) -> None:
    """Reveal a zone: its squares, points, resistors, spawn points, start squares, miniatures."""
    sc = data.scenario(state.options.scenario)
    zd = sc.zone(zid)
    layout, starts = _layout(state.options.scenario, sc, zid)
    revealed = {}
    for p, key in layout:
        sq = _SQUARES.get(key)
        if sq is None:  # squares are frozen: equal ones are one object, in every game
            terrain, h, _, grave = key
            sq = _SQUARES[key] = Square(terrain=terrain, h=h, zone=zid, grave=grave)
        revealed[p] = sq
    state.squares.update(revealed)  # in the rows' order, as square by square
    state.starts += starts
    for (a, b) in zd.ladders:
        pa, pb = pos(*a), pos(*b)
        state.squares[pa] = state.squares[pa].model_copy(update={"link": pb})
        state.squares[pb] = state.squares[pb].model_copy(update={"link": pa})
    for sid, (x, y) in zd.spawns.items():
        state.spawns[sid] = pos(x, y)
    for pd in zd.points:
        state.points.append(Point.made(id=pd.id, name=pd.name, p=pos(pd.x, pd.y), zone=zid))
    for rd in zd.resistors:
        state.resistors.append(Resistor.made(id=rd.id, name=rd.name, p=pos(rd.x, rd.y), zone=zid,
                                        tokens=rd.tokens, living=rd.living,
                                        interactable=rd.interactable))
    for z in state.zones:
        if z.id == zid:
            z.revealed = True
    for m in zd.minis:
        place_enemy(state, m.type, pos(m.x, m.y), zid, allegiance=m.allegiance)
    add_oracle_cards(state, zd.oracle)


def add_oracle_cards(state: HarakiriState, counts: dict[str, int]) -> None:
    colour = data.oracle_colour()
    for col in ("green", "red"):
        n = counts.get(col, 0)
        for cid in [c for c in state.oracle.supply if colour[c] == col][:n]:
            state.oracle.supply.remove(cid)
            state.oracle.deck.append(cid)
    state.rng.shuffle(state.oracle.deck)
    state.oracle.deck_count = len(state.oracle.deck)


def remove_zone(state: HarakiriState, zid: str) -> None:
    for z in state.zones:
        if z.id == zid:
            z.removed = True
    gone = {p for p, sq in state.squares.items() if sq.zone == zid}
    for e in [e for e in state.enemies if e.p in gone]:
        remove_enemy(state, e)
    state.resistors = [r for r in state.resistors if r.zone != zid]
    state.points = [p for p in state.points if p.zone != zid]
    state.heads_on_board = {p: n for p, n in state.heads_on_board.items() if p not in gone}
    state.boss_heads_on_board = {p: n for p, n in state.boss_heads_on_board.items() if p not in gone}
    state.spawns = {k: v for k, v in state.spawns.items() if v not in gone}
    state.starts = [p for p in state.starts if p not in gone]
    for p in gone:
        del state.squares[p]


# -- miniatures ----------------------------------------------------------------

def free_base(state: HarakiriState, etype: str) -> str | None:
    md = data.minions().minions[etype]
    used = {e.base for e in state.enemies if e.type == etype}
    for b in data.minions().bases[: md.minis]:
        if b not in used:
            return b
    return None


def place_enemy(state: HarakiriState, etype: str, p: int, zid: str,
                allegiance: str | None = None) -> Enemy | None:
    d = data.enemy_def(etype)
    if isinstance(d, data.MinionDef):
        base = free_base(state, etype)
        if base is None:
            state.say(f"No {d.name} miniature is left: nothing appears.")
            return None
        uid, kind = f"{etype}-{base}", "minion"
    else:
        if any(e.type == etype for e in state.enemies):
            return None
        base, uid, kind = None, etype, d.kind
    side = "ally" if allegiance == "allied" else "foe"
    # made, not validated: every value is the rules' own (issue 28's speed)
    e = Enemy.made(uid=uid, type=etype, kind=kind, side=side, base=base, p=p, zone=zid,
                   plus=etype in state.upgraded)
    state.enemies.append(e)
    if kind == "chosen" and not state.ai.deck and not state.ai.discard and not state.ai.beside:
        state.ai.deck = [c.id for c in d.ai_deck]
        state.rng.shuffle(state.ai.deck)
        state.ai.deck_count = len(state.ai.deck)
    state.say(f"{enemy_label(e)} appears on {fmt(p)}.")
    if state.step == "ACTIVATE":
        insert_cards(state, ["e:" + uid])
    return e


def remove_enemy(state: HarakiriState, e: Enemy) -> None:
    state.enemies.remove(e)
    state.queue = [q for q in state.queue if q.ref != "e:" + e.uid]


def spawn_squares(state: HarakiriState, etype: str, spawn: int) -> list[int]:
    """Where a new miniature goes: the point, else the nearest empty squares of its zone."""
    d = data.enemy_def(etype)
    m = Mover(side="foe", moves=d.move)
    occ, res = occupancy(state), resistor_squares(state)
    if can_end(state, m, spawn, occ, res):
        return [spawn]
    zid = state.squares[spawn].zone
    cands = [p for p, sq in state.squares.items()
             if sq.zone == zid and can_end(state, m, p, occ, res)]
    if not cands:
        return []
    best = min(distance(spawn, p) for p in cands)
    return sorted(p for p in cands if distance(spawn, p) == best)


# -- initiative ----------------------------------------------------------------

def queue_index(state: HarakiriState, ref: str) -> int | None:
    for i, q in enumerate(state.queue):
        if q.ref == ref:
            return i
    return None


def move_card(state: HarakiriState, ref: str, n: int) -> None:
    """Advance (n > 0) or delay (n < 0) a card."""
    i = queue_index(state, ref)
    if i is None:
        return
    card = state.queue.pop(i)
    j = max(0, i - n) if n > 0 else min(len(state.queue), i - n)
    state.queue.insert(j, card)


def insert_cards(state: HarakiriState, refs: list[str]) -> None:
    """New miniatures mid-round: shuffle with the unrotated cards after the active one."""
    ai = queue_index(state, state.active) if state.active else None
    if ai is None:
        ai = max((i for i, q in enumerate(state.queue) if q.rotated), default=-1)
    tail = [q for q in state.queue[ai + 1:] if not q.rotated]
    keep = state.queue[: ai + 1] + [q for q in state.queue[ai + 1:] if q.rotated]
    cards = tail + [QCard(ref=r) for r in refs if queue_index(state, r) is None]
    state.rng.shuffle(cards)
    state.queue = keep[: ai + 1] + cards + keep[ai + 1:]
    state.inserted = True
    state.say("Initiative updated: " + ", ".join(ref_label(state, q.ref) for q in cards) + ".")


def init_label(state: HarakiriState, op: str, refs: list[str], n: int) -> str:
    """An initiative effect in words: "Landolfo advances 2", "Kachi R and Kachi G are delayed 1"."""
    names = [ref_label(state, r) for r in refs]
    who = " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]
    if not names:
        return f"no card {'advances' if op == 'advance' else 'is delayed'}"
    if op == "advance":
        return f"{who} advance{'s' if len(names) == 1 else ''} {n}"
    return f"{who} {'is' if len(names) == 1 else 'are'} delayed {n}"


# -- defeat and the ending -------------------------------------------------------

def give_head(state: HarakiriState, e: Enemy, killer: str | None, objective: bool) -> None:
    if e.kind == "wanderer":
        return
    boss = e.kind != "minion"
    if killer and killer.startswith("c:"):
        c = char(state, killer[2:])
        if c.p is not None and (objective or adjacent(state, c.p, e.p)):
            if boss:
                c.boss_heads += 1
            else:
                c.heads += 1
            state.say(f"{char_name(c.id)} takes the {'boss ' if boss else ''}head.")
            return
    if boss:
        state.boss_heads_on_board[e.p] = state.boss_heads_on_board.get(e.p, 0) + 1
    else:
        state.heads_on_board[e.p] = state.heads_on_board.get(e.p, 0) + 1


def defeat_enemy(state: HarakiriState, e: Enemy, killer: str | None) -> None:
    sc = data.scenario(state.options.scenario)
    objective = sc.objective.defeat == e.type
    state.say(f"{enemy_label(e)} is defeated.")
    give_head(state, e, killer, objective)
    remove_enemy(state, e)
    for text in sc.on_defeat.get(e.type, []):
        state.jobs.append(Job(kind="effect", text=text))
    if objective:
        finish(state, "victory", sc.objective.text)


def defeat_character(state: HarakiriState, c: Character) -> None:
    c.hp = 0
    c.ap = 0
    c.defeated = True
    c.p = None
    c.kami_mode = False
    state.queue = [q for q in state.queue if q.ref != "c:" + c.id]
    state.say(f"{char_name(c.id)} is defeated.")
    check_all_defeated(state)


def check_all_defeated(state: HarakiriState) -> None:
    alive = [c for c in state.characters if not c.defeated]
    if not alive:
        finish(state, "failure", "every character is defeated")


def damage_character(state: HarakiriState, c: Character, n: int) -> None:
    if n <= 0 or c.defeated:
        return
    c.hp = max(0, c.hp - n)
    if c.hp == 0:
        defeat_character(state, c)


def heal_character(c: Character, n: int) -> int:
    if c.defeated:
        return 0
    before = c.hp
    c.hp = min(c.max_hp, c.hp + n)
    return c.hp - before


def damage_enemy(state: HarakiriState, e: Enemy, n: int, killer: str | None) -> bool:
    """Apply damage; True if the enemy is defeated."""
    if n <= 0:
        return False
    if n >= enemy_hp_left(e):
        e.damage = enemy_stats(e)["hp"]
        defeat_enemy(state, e, killer)
        return True
    e.damage += n
    return False


def heal_enemy(e: Enemy, n: int) -> int:
    before = e.damage
    e.damage = max(0, e.damage - n)
    return before - e.damage


def finish(state: HarakiriState, result: str, reason: str) -> None:
    if state.result is None:
        state.result = result  # type: ignore[assignment]
        state.reason = reason
        state.say(("Victory: " if result == "victory" else "Failure: ") + when(reason, state.round) + ".")


def when(reason: str, rnd: int) -> str:
    """The reason an exploration ended, with its round unless the reason already names it."""
    return reason if f"round {rnd}" in reason else f"{reason} in round {rnd}"


def add_malice(state: HarakiriState, n: int) -> None:
    sc = data.scenario(state.options.scenario)
    for _ in range(n):
        if state.malice >= data.tokens().malice_max:
            break
        state.malice += 1
        state.say(f"The Shogun's malice rises to {state.malice}/6.")
        key = str(state.malice)
        if key in sc.malice_triggers and key not in state.triggers_fired:
            state.triggers_fired.append(key)
            for text in sc.malice_triggers[key]:
                state.jobs.append(Job(kind="effect", text=text))
    if state.malice >= data.tokens().malice_max:
        finish(state, "failure", "the Shogun's malice is complete")


def place_arm_token(state: HarakiriState, e: Enemy) -> None:
    """An ARM -1 token on an enemy board: none on a creature at ARM 0 (nor past its printed
    ARM), and never more than the supply of 5 in play."""
    if enemy_arm(e) <= 0 or e.arm_tokens >= enemy_stats(e)["arm"]:
        return
    if sum(o.arm_tokens for o in state.enemies) >= data.tokens().arm_tokens:
        state.say(f"No ARM -1 token is left in the supply: {enemy_label(e)} keeps its armour.")
        return
    e.arm_tokens += 1
    state.say(f"{enemy_label(e)} takes an ARM -1 token.")


# -- conditions ------------------------------------------------------------------

def cond_in_play(state: HarakiriState, kind: str) -> int:
    n = sum(c.conds.get(kind, 0) for c in state.characters)
    return n + sum(e.conds.get(kind, 0) for e in state.enemies)


def give_cond_enemy(state: HarakiriState, e: Enemy, kind: str) -> bool:
    if e.kind != "minion":
        return False
    t = data.tokens().conditions[kind]
    if cond_in_play(state, kind) >= t.supply or e.conds.get(kind, 0) >= t.max_per_creature:
        return False
    e.conds[kind] = e.conds.get(kind, 0) + 1
    state.say(f"{enemy_label(e)} gains {t.name}.")
    return True


def give_cond_char_now(state: HarakiriState, c: Character, kind: str) -> bool:
    t = data.tokens().conditions[kind]
    if c.defeated or cond_in_play(state, kind) >= t.supply or c.conds.get(kind, 0) >= t.max_per_creature:
        return False
    c.conds[kind] = c.conds.get(kind, 0) + 1
    state.say(f"{char_name(c.id)} gains {t.name}.")
    return True


def queue_cond_char(state: HarakiriState, c: Character, kind: str) -> None:
    """Negative conditions on characters pass through the Blessed check (a job)."""
    state.jobs.append(Job.made(kind="cond", text=kind, target=c.id))


def roll_ki(state: HarakiriState, c: Character) -> None:
    c.ki = [KiDie.made(value=state.rng.roll(6)) for _ in range(c.level)]
    state.say(f"{char_name(c.id)} rolls Ki dice: {', '.join(str(d.value) for d in c.ki)}.")


def check_ki_exhausted(state: HarakiriState, c: Character) -> None:
    if c.ki and all(d.place == "exhausted" for d in c.ki):
        for d in c.ki:
            d.value = state.rng.roll(6)
            d.place = "supply"
        state.say(f"All of {char_name(c.id)}'s Ki dice were exhausted: rerolled into supply "
                  f"({', '.join(str(d.value) for d in c.ki)}).")


def new_zone_list(state: HarakiriState) -> None:
    sc = data.scenario(state.options.scenario)
    state.zones = [Zone.made(id=z.id, mode=z.events) for z in sc.zones]


# -- the end of an activation (moved from flow.py and character.py, issue 29: the phase
# modules close an activation here, so none of them imports the flow back) --------------

def close_character_activation(state: HarakiriState, c: Character) -> None:
    state.sub = None
    c.conds.pop("downed", None)
    c.ap = min(c.ap, data.characters().ap_keep)
    if c.kami_mode:
        if c.kami_mode_expires:
            state.say(f"{char_name(c.id)}'s Kami Mode ends.")
            defeat_character(state, c)
        else:
            c.kami_mode_expires = True


def finish_character(state: HarakiriState) -> None:
    c = char(state, state.active[2:])
    if not c.defeated:
        close_character_activation(state, c)
    else:
        state.sub = None
    end_activation_card(state)


def end_activation_card(state: HarakiriState) -> None:
    if state.active:
        for q in state.queue:
            if q.ref == state.active:
                q.rotated = True
    state.active = None


def attack_passives(c: Character) -> tuple[tuple[str, ...], int, int]:
    """Kami Mode bonuses: extra dice, extra hits, armour ignored."""
    if not c.kami_mode:
        return (), 0, 0
    k = data.characters().characters[c.id].kami
    if k == "hachiman":
        return ("R",), 0, 0
    if k == "susanoo":
        return (), 2, 0
    if k == "amaterasu":
        return (), 0, 99
    return (), 0, 0


def amaterasu_heal(state: HarakiriState, c: Character) -> None:
    for o in state.characters:
        if o.id != c.id and not o.defeated:
            n = heal_character(o, 3)
            if n:
                state.say(f"{char_name(o.id)} heals {n} (Amaterasu).")
