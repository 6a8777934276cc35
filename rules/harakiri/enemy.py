"""Enemy and wanderer activations (rulebook "Enemy activation"; spec §4.5, §5.4, §5.6).

Lines are strings of steps (see ``assets/harakiri/minions.json``): ``M[+k] adj|to|away|rN|hide``
with an optional target type ``adj(kachi)`` / ``to(grave)``, ``A`` / ``A adj``, ``S:skill``,
``H n``, ``X effect`` (technique effects), ``?hp<=N`` guards; a ``+F`` suffix adds the focus die.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from . import data
from .combat import AttackSpec, resolve
from .core import (
    attack_passives, end_activation_card,
    char, char_arm, char_name, enemy, enemy_arm, enemy_hp_left, enemy_label, enemy_stats, stats_of,
    mover_of_enemy, on_terrain, queue_cond_char, queue_index, ref_label,
    oracle_colour_now, resistor, damage_enemy, heal_enemy, place_enemy,
)
from .grid import (
    _DISTANCES, Squares, adjacent, distance, geometry, in_range, los, occupancy, path_to, reachable, resistor_squares,
    sights,
)
from .model import EnemyCtx, HarakiriState, Pending, fmt
from .narration import BLEEDS, DRAWS, ENEMY_ACTIVATES, resolved_line, unresolved_line
from .words import no_target, step_words

LETTERS = "abcdefgh"


class Stp(NamedTuple):
    op: str  # M A H X G
    cond: str = ""
    n: int = 0
    bonus: int = 0
    typ: str | None = None
    skill: str | None = None
    focus: bool = False
    adj_only: bool = False
    tech: bool = False
    text: str = ""


@cache
def parse_step(s: str, tech: bool = False) -> Stp:
    s = s.strip()
    focus = s.endswith("+F")
    if focus:
        s = s[:-2]
    if s.startswith("?hp<="):
        return Stp("G", n=int(s[5:]), text=s)
    if s.startswith("M"):
        head, _, rest = s.partition(" ")
        bonus = int(head[2:]) if head.startswith("M+") else 0
        typ = None
        if "(" in rest:
            rest, _, t = rest.partition("(")
            typ = t.rstrip(")")
        if rest.startswith("r") and rest[1:].isdigit():
            return Stp("M", cond="r", n=int(rest[1:]), bonus=bonus, typ=typ, tech=tech, text=s)
        return Stp("M", cond=rest, bonus=bonus, typ=typ, tech=tech, text=s)
    if s.startswith("A"):
        return Stp("A", adj_only=s.startswith("A adj"), focus=focus, tech=tech, text=s + ("◉" if focus else ""))
    if s.startswith("S:"):
        return Stp("A", skill=s[2:], focus=focus, tech=tech, text=s + ("◉" if focus else ""))
    if s.startswith("H"):
        return Stp("H", n=int(s[2:]), tech=tech, text=s)
    if s.startswith("X"):
        return Stp("X", cond=s[2:], tech=tech, text=s)
    raise ValueError(f"unknown enemy step {s!r}")


@cache
def expand(etype: str, line: str) -> tuple[Stp, ...]:
    d = data.enemy_def(etype)
    out: list[Stp] = []
    for raw in line.split(","):
        raw = raw.strip()
        if raw.startswith("S:"):
            sid = raw[2:].removesuffix("+F")
            sk = d.skills[sid]
            if sk.type == "technique":
                out.extend(parse_step(x, True) for x in sk.steps)
                continue
            out.append(parse_step(raw))
            if sk.adjacent_only:
                out[-1] = out[-1]._replace(adj_only=True)
        else:
            out.append(parse_step(raw))
    return tuple(out)


# -- targets and priority ----------------------------------------------------------

def ref_pos(state: HarakiriState, ref: str) -> int | None:
    kind, _, rid = ref.partition(":")
    if kind == "c":
        return char(state, rid).p
    if kind == "e":
        e = enemy(state, rid)
        return e.p if e else None
    if kind == "r":
        r = resistor(state, rid)
        return r.p if r else None
    return int(rid)


def potential_targets(state: HarakiriState, e, pos: int) -> list[str]:
    return [t for t, _ in _targets_at(state, e, pos)]


def _targets_at(state: HarakiriState, e, pos: int) -> list[tuple[str, int | None]]:
    """``potential_targets`` with each target's square (``ref_pos``), found as it is named."""
    if on_terrain(state, pos):
        return []
    out: list[tuple[str, int | None]] = []
    if e.side == "foe":
        for c in state.characters:
            if c.p is None or c.defeated:
                continue
            if c.kami_mode and c.id == "hattori":
                continue
            out.append(("c:" + c.id, c.p))
        out += [("e:" + o.uid, o.p) for o in state.enemies if o.side == "ally" and not on_terrain(state, o.p)]
        out += [("r:" + r.id, r.p) for r in state.resistors if r.tokens > 0]
    else:
        out += [("e:" + o.uid, o.p) for o in state.enemies if o.side == "foe" and not on_terrain(state, o.p)]
    return out


def resistor_like(state: HarakiriState, e, ref: str) -> bool:
    if e.side != "foe":
        return False
    if ref.startswith("r:"):
        return True
    if ref.startswith("e:"):
        o = enemy(state, ref[2:])
        return o is not None and o.side == "ally"
    return False


def _hp(state: HarakiriState, ref: str) -> int:
    kind, _, rid = ref.partition(":")
    if kind == "c":
        return char(state, rid).hp
    if kind == "e":
        o = enemy(state, rid)
        return enemy_hp_left(o) if o else 0
    return 0


def _arm(state: HarakiriState, ref: str) -> int:
    kind, _, rid = ref.partition(":")
    if kind == "c":
        return char_arm(char(state, rid))
    if kind == "e":
        o = enemy(state, rid)
        return enemy_arm(o) if o else 0
    return 0


def prioritise(state: HarakiriState, e, cands: list[str], prio: str, pos: int) -> list[str]:
    if not cands:
        return []
    r = [c for c in cands if resistor_like(state, e, c)]
    if r:
        return r
    if prio in ("-HP", "+HP"):
        vals = {c: _hp(state, c) for c in cands}
    elif prio in ("-ARM", "+ARM"):
        vals = {c: _arm(state, c) for c in cands}
    elif prio == "-SPI":
        vals = {c: (char(state, c[2:]).attrs["SPI"] if c.startswith("c:") else 0) for c in cands}
    elif prio == "NEAR":
        vals = {c: distance(pos, ref_pos(state, c) or pos) for c in cands}
    elif prio in ("FIRST", "NEXT"):
        big = len(state.queue) + 1
        idx = {c: (queue_index(state, c) if queue_index(state, c) is not None else big) for c in cands}
        if prio == "NEXT":
            me = queue_index(state, "e:" + e.uid) or 0
            right = [c for c in cands if idx[c] < big and idx[c] > me]
            if right:
                best = min(idx[c] for c in right)
                return [c for c in right if idx[c] == best]
        vals = idx
        prio = "-FIRST"
    else:
        return list(cands)
    best = (max if prio.startswith("+") else min)(vals.values())
    return [c for c in cands if vals[c] == best]


# -- simulation (§5.6) ---------------------------------------------------------------

class Sim:
    """Caches shared by one resolvability search."""

    def __init__(self, state: HarakiriState, e) -> None:
        self.state = state
        self.e = e
        self.occ = occupancy(state, exclude="e:" + e.uid)
        self.res = resistor_squares(state)
        self.mover = mover_of_enemy(e)
        self.downed = bool(e.conds.get("downed"))
        self._reach: dict[tuple[int, int], tuple[dict[int, int], dict[int, int]]] = {}
        self.geo = geometry(state)
        self._los = sights(state, e.side, self.occ, self.res, self.geo)
        self._moves: dict[tuple, list[tuple[str, list[int]]]] = {}
        self._targets: dict[tuple, list[str]] = {}

    placed: frozenset[int] = frozenset()  # squares filled by simulated placements (Exhume)

    def reach(self, pos: int, budget: int) -> tuple[dict[int, int], dict[int, int]]:
        key = (pos, budget, self.placed)
        if key not in self._reach:
            occ = self.occ
            if self.placed:
                occ = dict(occ)
                occ.update({p: ("foe", "sim") for p in self.placed})
            self._reach[key] = reachable(self.state, self.mover, pos, budget, occ, self.res, g=self.geo)
        return self._reach[key]

    def steps(self, line: list[str] | tuple[Stp, ...]) -> list[Stp]:
        if line and isinstance(line[0], Stp):
            st = list(line)
        else:
            st = list(expand(self.e.type, ", ".join(line)))  # type: ignore[arg-type]
        if self.downed:
            st = [s for s in st if not s.tech]
            st = [s._replace(adj_only=True, skill=None) if s.op == "A" else s for s in st]
        return st

    def los_from(self, a: int, b: int) -> bool:
        k = a << 16 | b
        got = self._los.get(k)
        if got is None:
            got = self._los[k] = los(self.state, self.e.side, a, b, self.occ, self.res, self.geo)
        return got

    def move_options(self, stp: Stp, pos: int, prio: str) -> list[tuple[str, list[int]]]:
        """Where a move step may go, per target; remembered by this search (read only)."""
        key = (stp, pos, prio, self.placed)
        got = self._moves.get(key)
        if got is None:
            got = self._moves[key] = self._move_options(stp, pos, prio)
        return got

    def _move_options(self, stp: Stp, pos: int, prio: str) -> list[tuple[str, list[int]]]:
        state, e = self.state, self.e
        budget = stats_of(e.type, bool(e.plus)).mov + stp.bonus
        reach, _ = self.reach(pos, budget)
        if stp.typ == "grave":
            graves = [p for p, sq in state.squares.items() if sq.grave]
            if not graves:
                return []
            best = min(distance(pos, g) for g in graves)
            cands = [(t, ref_pos(state, t)) for t in (f"g:{g}" for g in sorted(graves) if distance(pos, g) == best)]
        elif stp.typ:
            mates = [o for o in state.enemies if o.type == stp.typ and o.uid != e.uid]
            near = min((distance(pos, o.p) for o in mates), default=0)
            cands = [(t, ref_pos(state, t)) for t in ("e:" + o.uid for o in mates if distance(pos, o.p) == near)]
        else:
            cands = _targets_at(state, e, pos)
        opts: dict[str, list[int]] = {}
        for t, tp in cands:
            if tp is None:
                continue
            if stp.cond == "adj":  # the squares around the target, not the whole reach
                ok = [s for s in self.geo.around(tp) if s in reach and adjacent(state, s, tp)]
            elif stp.cond == "to":
                ok = _extreme(reach, tp, -1)
            elif stp.cond == "away":
                ok = _extreme(reach, tp, 1)
            elif stp.cond == "r":
                # only the squares both reached and near are tried (``ok`` is read unordered):
                # ``in_range(state, s, tp, n) and self.los_from(s, tp)``, with the range and
                # sight memos read in place
                n = stp.n
                cand = self.geo.within(tp, n).intersection(reach)  # in range, save the height rule
                if n <= 2:  # the height rule of the short ranges
                    sqs = state.squares
                    sq = sqs.get(tp)
                    h = sq.h if sq is not None else 0
                    cand = [s for s in cand if (sqs[s].h if s in sqs else 0) == h]
                seen = self._los
                ok = []
                for s in cand:
                    v = seen.get(s << 16 | tp)
                    if v is None:
                        v = self.los_from(s, tp)
                    if v:
                        ok.append(s)
            elif stp.cond == "hide":
                squares = state.squares
                ok = _extreme([s for s in reach if squares[s].terrain == "obstacle"], tp, -1)
            else:
                ok = []
            if ok:
                fewest = min(map(reach.__getitem__, ok))
                best = [s for s in ok if reach[s] == fewest]
                best.sort()
                opts[t] = best
        if not opts:
            return []
        if stp.typ == "grave" or stp.typ:
            keep = list(opts)
        else:
            keep = prioritise(state, e, list(opts), prio, pos)
        return [(t, opts[t]) for t in keep]

    def attack_range(self, stp: Stp) -> int:
        r = stats_of(self.e.type, bool(self.e.plus)).range
        if stp.skill:
            sk = data.enemy_def(self.e.type).skills[stp.skill]
            if sk.range:
                r = sk.range
        return r + self.e.range_bonus_round

    def attack_targets(self, stp: Stp, pos: int, prio: str) -> list[str]:
        """Whom an attack step may hit from ``pos``; remembered by this search (read only)."""
        key = (stp, pos, prio)
        got = self._targets.get(key)
        if got is None:
            got = self._targets[key] = self._attack_targets(stp, pos, prio)
        return got

    def _attack_targets(self, stp: Stp, pos: int, prio: str) -> list[str]:
        state = self.state
        out = []
        r = self.attack_range(stp)
        for t, tp in _targets_at(state, self.e, pos):
            if tp is None:
                continue
            if stp.adj_only:
                if adjacent(state, pos, tp):
                    out.append(t)
            elif in_range(state, pos, tp, r) and self.los_from(pos, tp):
                out.append(t)
        return prioritise(state, self.e, out, prio, pos)

    def resolvable(self, steps: list[Stp], pos: int, prio: str) -> tuple[bool, str]:
        """DFS over tie choices; attacks are assumed not to kill (spec §6 #23)."""
        if not steps:
            return True, ""
        stp, rest = steps[0], steps[1:]
        if stp.op == "G":
            if enemy_hp_left(self.e) > stp.n:
                return False, f"remaining health {enemy_hp_left(self.e)} is above {stp.n}"
            return self.resolvable(rest, pos, prio)
        if stp.op == "M":
            opts = self.move_options(stp, pos, prio)
            if not opts:
                return self.resolvable(rest, pos, prio)
            reason = ""
            for _, dests in opts:
                for d in dests:
                    ok, why = self.resolvable(rest, d, prio)
                    if ok:
                        return True, ""
                    reason = why
            return False, reason
        if stp.op == "A":
            if not self.attack_targets(stp, pos, prio):
                return False, no_target(self.e.type, stp.text)
            return self.resolvable(rest, pos, prio)
        if stp.op == "X" and stp.cond == "exhume":
            graves = exhume_graves(self.state, pos, set(self.occ) | self.placed, self.res)
            before = self.placed
            ok, why = False, ""
            for g in graves or [None]:
                self.placed = before | {g} if g is not None else before
                ok, why = self.resolvable(rest, pos, prio)
                if ok:
                    break
            self.placed = before
            return ok, why
        return self.resolvable(rest, pos, prio)


def _extreme(squares, tp: int, way: int) -> list[int]:
    """The squares of ``squares`` (in their order) nearest ``tp`` (``way`` -1) or farthest
    from it (``way`` 1), in range: one pass, one range look-up per square."""
    ok: list[int] = []
    best = None
    memo = _DISTANCES.get
    for s in squares:
        d = memo(s << 16 | tp)
        if d is None:
            d = distance(s, tp)
        if best is None or (d - best) * way > 0:
            best, ok = d, [s]
        elif d == best:
            ok.append(s)
    return ok


def exhume_graves(state: HarakiriState, at: int, taken: set[int], res: set[int]) -> list[int]:
    """The empty graves nearest ``at`` (none if no Jikininki miniature is left)."""
    from .core import free_base
    if free_base(state, "jikininki") is None:
        return []
    graves = [p for p, sq in state.squares.items() if sq.grave and p not in taken and p not in res]
    if not graves:
        return []
    best = min(distance(at, g) for g in graves)
    return sorted(g for g in graves if distance(at, g) == best)


# -- activation --------------------------------------------------------------------

def behaviour_column(state: HarakiriState) -> str:
    """The minions' behaviour column the oracle card picks: green (or no card yet) is
    normal behaviour, red aggressive."""
    return "aggressive" if oracle_colour_now(state) == "red" else "normal"


def lines_for(state: HarakiriState, e) -> tuple[list[tuple[str | None, str]], str]:
    """The lines to try (priority override, text) and a description of how they were chosen."""
    d = data.enemy_def(e.type)
    if isinstance(d, data.MinionDef):
        roll = state.rng.roll(6)
        col = behaviour_column(state)
        row = next(r for r in d.behaviour if roll in r.rolls)
        lines = row.normal if col == "normal" else row.aggressive
        return [(None, ln) for ln in lines], f"rolls {roll} ({col} behaviour)"
    if d.kind == "chosen":
        if not state.ai.deck:
            state.ai.deck = list(state.ai.discard)
            state.ai.discard = []
            state.rng.shuffle(state.ai.deck)
            state.say("The AI discard is shuffled into a new deck.")
        card_id = state.ai.deck.pop()
        state.ai.current = card_id
        state.ai.deck_count = len(state.ai.deck)
        state.reveal()
        card = next(c for c in d.ai_deck if c.id == card_id)
        emp = card.hate and bool(state.ai.beside) and card.empowered is not None
        if state.ectx is not None:
            state.ectx.card = card_id
            state.ectx.empowered = emp
        lines = card.empowered if emp and card.empowered else card.lines
        return [(card.prio, ln) for ln in lines], f"{DRAWS}{card.name}" + (" (empowered)" if emp else "")
    roll = state.rng.roll(6)
    row = next(r for r in d.behaviour if roll in r.rolls)
    return [(row.prio, ln) for ln in row.lines], f"rolls {roll} ({row.name})"


def start(state: HarakiriState, uid: str) -> None:
    e = enemy(state, uid)
    if e is None:
        return
    state.ectx = EnemyCtx.made(uid=uid)
    e.bulwark = False
    e.moved_this_activation = False
    label = enemy_label(e)
    if e.kind == "minion" and e.conds.get("bleeding"):
        n = e.conds["bleeding"]
        state.say(f"{label}{BLEEDS}{n}.")
        if damage_enemy(state, e, n, None):
            finish_enemy(state)
            return
    lines, how = lines_for(state, e)
    state.say(f"{label}{ENEMY_ACTIVATES}{how}.")
    d = data.enemy_def(e.type)
    sim = Sim(state, e)
    for i, (prio, text) in enumerate(lines):
        p = prio or d.prio
        steps = sim.steps([text])
        ok, why = sim.resolvable(steps, e.p, p)
        if ok:
            state.say(resolved_line(LETTERS[i], e.type, text, p))
            state.ectx.line = [text]
            state.ectx.prio = p
            _HANDOFF[0] = (state, state.ectx, sim)
            return
        state.say(unresolved_line(LETTERS[i], e.type, text, why))
    state.say(f"{label} does nothing.")
    finish_enemy(state)


# The search that chose a line, handed to ``run`` when the round machine plays the line at
# once (nothing changed in between: ``flow.advance`` drops it whenever it is entered anew).
_HANDOFF: list[tuple[HarakiriState, EnemyCtx, Sim] | None] = [None]


def drop_handoff() -> None:
    _HANDOFF[0] = None


# The search of a line paused on the players' choice (a tie), with a sign of everything the
# search read: answering the tie changes none of it, so the line goes on with the same search
# (its remembered moves and targets) when the sign still holds; anything else starts anew.
_PAUSED: list[tuple[HarakiriState, EnemyCtx, Sim, list] | None] = [None]


def _sign(state: HarakiriState) -> list:
    """What a ``Sim`` reads of the state (the board, every miniature's place, health, armour
    and conditions, the resistors, the initiative), and the marks of any roll or reveal."""
    sqs = state.squares
    # a Squares' version is never given twice: an unchanged one is the same board
    board = ("v", sqs.version) if isinstance(sqs, Squares) else tuple(sqs.values())
    chars, enemies, resistors = state.characters, state.enemies, state.resistors
    # one list grown in place, the counts first (cheaper than a tuple of generated tuples)
    out = [state.rng.counter, state.reveals, board, len(chars), len(enemies), len(resistors)]
    for c in chars:
        out += (c.p, c.defeated, c.hp, c.arm, c.kami_mode, tuple(c.attrs.values()), tuple(c.conds.items()))
    for e in enemies:
        out += (e.uid, e.type, e.kind, e.side, e.plus, e.p, e.damage, e.arm_tokens, e.bulwark,
                e.range_bonus_round, tuple(e.conds.items()))
    for r in resistors:
        out += (r.id, r.p, r.tokens)
    for q in state.queue:
        out.append(q.ref)
    return out


def _pause(state: HarakiriState, ctx: EnemyCtx, sim: Sim) -> None:
    _PAUSED[0] = (state, ctx, sim, _sign(state))


def run(state: HarakiriState) -> None:
    """Execute the chosen line step by step until a decision is needed or it is done."""
    ctx = state.ectx
    assert ctx is not None
    handed, _HANDOFF[0] = _HANDOFF[0], None
    paused, _PAUSED[0] = _PAUSED[0], None
    e = enemy(state, ctx.uid)
    if e is None:
        finish_enemy(state)
        return
    sim: Sim | None = None
    if handed is not None and handed[0] is state and handed[1] is ctx and handed[2].e is e \
            and ctx.idx == 0 and not state.jobs and state.pending is None:
        sim = handed[2]
    elif paused is not None and paused[0] is state and paused[1] is ctx and paused[2].e is e \
            and paused[3] == _sign(state):
        sim = paused[2]
    sim = sim or Sim(state, e)
    steps = sim.steps(ctx.line) if ctx.line else []
    prio = ctx.prio or data.enemy_def(e.type).prio
    while ctx.idx < len(steps):
        if state.pending is not None or state.result is not None or state.jobs:
            return
        e = enemy(state, ctx.uid)
        if e is None:
            finish_enemy(state)
            return
        if sim is None or sim.e is not e:
            sim = Sim(state, e)  # anew after every step that changed the board
        stp, rest = steps[ctx.idx], steps[ctx.idx + 1:]
        if stp.op == "M":
            opts = sim.move_options(stp, e.p, prio)
            if not opts:
                ctx.idx += 1
                continue
            good = [(t, [d for d in ds if sim.resolvable(rest, d, prio)[0]]) for t, ds in opts]
            good = [(t, ds) for t, ds in good if ds] or opts
            if ctx.move_target is None:
                targets = [t for t, _ in good]
                pick = _choose(state, targets, "enemy_target")
                if pick is None:
                    _pause(state, ctx, sim)
                    return
                ctx.move_target = pick
            dests = next((ds for t, ds in good if t == ctx.move_target), None)
            if dests is None:
                ctx.move_target = None
                continue
            sq = _choose(state, [f"p:{d}" for d in dests], "enemy_square")
            if sq is None:
                _pause(state, ctx, sim)
                return
            dest = int(sq[2:])
            _, parent = sim.reach(e.p, stats_of(e.type, bool(e.plus)).mov + stp.bonus)
            path = path_to(parent, e.p, dest)
            if dest != e.p:
                state.say(f"{enemy_label(e)} {step_words(e.type, stp.text, ref_label(state, ctx.move_target))}: "
                          + " -> ".join(fmt(p) for p in path) + f" ({len(path) - 1} steps).")
                e.p = dest
                e.moved_this_activation = True
            else:
                state.say(f"{enemy_label(e)} stays on {fmt(dest)} ({step_words(e.type, stp.text)}).")
            ctx.move_target = None
            ctx.idx += 1
            # The search stays good: it leaves this enemy out of the board it reads (its
            # own square is never in its way) and is told the square to look from.
        elif stp.op == "A":
            cands = sim.attack_targets(stp, e.p, prio)
            ctx.idx += 1
            if not cands:
                state.say(f"{enemy_label(e)} finds {no_target(e.type, stp.text)}: the step is skipped.")
                continue
            pick = _choose(state, cands, "enemy_attack")
            if pick is None:
                ctx.idx -= 1
                _pause(state, ctx, sim)
                return
            enemy_attack(state, e, stp, pick)
            sim = None
        elif stp.op == "H":
            n = heal_enemy(e, stp.n)
            if n:
                state.say(f"{enemy_label(e)} heals {n}.")
            ctx.idx += 1
            sim = None
        elif stp.op == "X" and stp.cond == "exhume":
            graves = exhume_graves(state, e.p, set(occupancy(state)), resistor_squares(state))
            if not graves:
                state.say(f"{enemy_label(e)} finds no empty grave to exhume (or no Jikininki is left).")
            else:
                g = _choose(state, [f"p:{g}" for g in graves], "enemy_square")
                if g is None:
                    return
                state.say(f"{enemy_label(e)} exhumes a corpse at {fmt(int(g[2:]))}.")
                place_enemy(state, "jikininki", int(g[2:]), state.squares[int(g[2:])].zone)
            ctx.idx += 1
            sim = None
        elif stp.op == "X":
            special(state, e, stp.cond)
            ctx.idx += 1
            sim = None
        else:
            ctx.idx += 1
    if state.pending is None and not state.jobs and state.result is None:
        finish_enemy(state)


def _choose(state: HarakiriState, options: list[str], purpose: str) -> str | None:
    """One option: take it. Several: the players choose (seat 0); None while pending."""
    ctx = state.ectx
    assert ctx is not None
    if len(options) == 1:
        return options[0]
    if ctx.choice is not None and ctx.choice in options:
        c = ctx.choice
        ctx.choice = None
        return c
    # made, not validated (issue 28's speed): a list of its own, the rest the rules' own
    state.pending = Pending.made(kind="tie", seat=0, options=list(options), purpose=purpose)
    return None


def enemy_attack(state: HarakiriState, e, stp: Stp, target: str, counter: bool = False) -> None:
    d = data.enemy_def(e.type)
    dice = stats_of(e.type, bool(e.plus)).dice  # a tuple already
    # A boss names its attack; a minion's is "its attack" (``hasattr`` on a minion's
    # definition would raise and catch an AttributeError inside pydantic each time).
    label = d.attack_name if isinstance(d, data.BossDef) else "its attack"
    bonus, cond, area, heal_dealt, per = 0, None, None, False, None
    if stp.skill and not e.conds.get("downed"):
        sk = d.skills[stp.skill]
        label = sk.name
        if sk.dice:
            dice = tuple(sk.dice)
        bonus += sk.hits
        cond = sk.cond
        if sk.cond_vs_chars_only and not target.startswith("c:"):
            cond = None
        area = sk.area
        heal_dealt = sk.heal_dealt
        if sk.bonus == "pike":
            if any(o.type == "ashigaru" and o.uid != e.uid and adjacent(state, o.p, e.p) for o in state.enemies):
                bonus += 1
        elif sk.bonus == "kenjutsu":
            per = "kenjutsu"
    if getattr(d, "passive", None) == "steady_aim" and not e.moved_this_activation:
        bonus += 1
    targets = [target]
    tp = ref_pos(state, target)
    if area and tp is not None and not target.startswith("r:"):
        if area == "splash":
            targets += [t for t in potential_targets(state, e, e.p) if t != target and not t.startswith("r:")
                        and adjacent(state, ref_pos(state, t) or -99, tp)]
        elif area == "splash_enemies":
            targets += ["e:" + o.uid for o in state.enemies if o.side != e.side and "e:" + o.uid != target
                        and adjacent(state, o.p, tp)]
        elif area == "sweep":
            targets += [t for t in potential_targets(state, e, e.p) if t != target and not t.startswith("r:")
                        and adjacent(state, ref_pos(state, t) or -99, e.p)]
    ctx = state.ectx
    hated = bool(ctx and ctx.empowered)
    spec = AttackSpec(dice=dice, focus=stp.focus and not counter, bonus=bonus, cond=cond,
                      heal_dealt=heal_dealt, per_target=per, hated=hated, counter=counter, label=label)
    res = resolve(state, "e:" + e.uid, targets, spec)
    if res.outcome == "backlash" and not counter and target.startswith("c:") and e.side == "foe":
        c = char(state, target[2:])
        w = data.weapons()[c.weapons[0]]
        if c.p is not None and not c.defeated and in_range(state, c.p, e.p, w.range):
            state.pending = Pending(kind="counterattack", seat=c.seat, options=["yes", "no"],
                                    data={"char": c.id, "enemy": e.uid})


def special(state: HarakiriState, e, what: str) -> None:
    if what == "range4":
        e.range_bonus_round += 4
        state.say(f"{enemy_label(e)} gains +4 range this round.")
    elif what == "bulwark":
        e.bulwark = True
        state.say(f"{enemy_label(e)} raises Bulwark: +2 armour until his next activation.")
    elif what == "roar":
        state.say(f"{enemy_label(e)} roars.")
        occ, res = occupancy(state), resistor_squares(state)
        for c in state.characters:
            if c.kami_mode and c.id == "hattori":
                continue  # Tsukuyomi: no enemy skill may target him
            if c.p is not None and not c.defeated and distance(e.p, c.p) <= 3 and los(state, e.side, e.p, c.p, occ, res):
                queue_cond_char(state, c, "downed")


def finish_enemy(state: HarakiriState) -> None:
    ctx = state.ectx
    state.ectx = None
    e = enemy(state, ctx.uid) if ctx else None
    if e is not None:
        e.conds.pop("downed", None)
    if ctx and ctx.card:
        d = data.bosses().bosses["blood_oni"]
        card = next((c for c in d.ai_deck if c.id == ctx.card), None)
        if card and card.hate:
            state.ai.beside.append(ctx.card)
        else:
            state.ai.discard.append(ctx.card)
        state.ai.current = None
    end_activation_card(state)


def counterattack_char(state: HarakiriState, cid: str, uid: str) -> None:
    """A character answers an enemy's Backlash (§4.6)."""
    c = char(state, cid)
    e = enemy(state, uid)
    if e is None or c.defeated:
        return
    w = data.weapons()[c.weapons[0]]
    dice = tuple(w.fast or w.strong or [])
    extra_dice, bonus, ign_arm = attack_passives(c)
    spec = AttackSpec(dice=dice + extra_dice, bonus=bonus, ignore_arm=ign_arm, yy=w.yy, counter=True,
                      label=f"a counterattack with the {w.name}")
    res = resolve(state, "c:" + cid, ["e:" + uid], spec)
    if res.defeated and state.ectx and state.ectx.uid == uid:
        state.ectx.idx = 10 ** 6


def counterattack_enemy(state: HarakiriState, uid: str, cid: str) -> None:
    """An enemy answers a character's Backlash (§4.6): board dice, passives only."""
    e = enemy(state, uid)
    c = char(state, cid)
    if e is None or c.p is None or e.side != "foe":
        return
    st = enemy_stats(e)
    d = data.enemy_def(e.type)
    rng = max([st["range"]] + [s.range or 0 for s in d.skills.values() if s.type == "attack"]) + e.range_bonus_round
    if e.conds.get("downed"):  # "Downed enemies can only attack adjacent targets"
        reach = adjacent(state, e.p, c.p)
    else:
        reach = in_range(state, e.p, c.p, rng)
    if not reach:
        state.say(f"{enemy_label(e)} cannot reach {char_name(cid)} to counterattack.")
        return
    enemy_attack(state, e, Stp("A"), "c:" + cid, counter=True)

