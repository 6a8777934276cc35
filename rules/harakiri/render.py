"""Plain-text rendering of a view (board, status, initiative, characters, enemies)."""

from __future__ import annotations

import textwrap

from . import data
from .core import cond_label, enemy_arm, enemy_hp_left, enemy_label, open_doors, oracle_now, ref_label
from .model import HarakiriState, pos, xy
from .words import skill_name, step_name

WIDTH = 76
GLYPH = {"plain": "· ", "inaccessible": "##", "obstacle": "▲▲", "difficult": "~~", "special": "**",
         "ladder": "H=", "door": "[]"}


def _skill(sid: str) -> str:
    return skill_name(sid)


def cell(view: HarakiriState, p: int, doors: set[int] | None = None) -> str:
    """Three characters for a square; ``doors`` (``open_doors(view)``) may be passed in
    when many squares are drawn."""
    sq = view.squares.get(p)
    if sq is None:
        return "   "
    h = str(sq.h) if sq.h else " "
    for c in view.characters:
        if c.p == p:
            return h + data.characters().characters[c.id].short
    for e in view.enemies:
        if e.p == p:
            d = data.enemy_def(e.type)
            code = (d.code + (e.base or "")) if e.kind == "minion" else d.code
            return h + code[:2]
    for r in view.resistors:
        if r.p == p:
            return h + "R" + str(min(r.tokens, 9))
    for pt in view.points:
        if pt.p == p:
            return h + "!" + pt.id[0]
    n = view.heads_on_board.get(p, 0) + view.boss_heads_on_board.get(p, 0)
    if n:
        return h + "h" + str(min(n, 9))
    for sid, sp in view.spawns.items():
        if sp == p and sq.terrain == "plain":
            return h + "S" + sid[-1]
    if sq.terrain == "plain" and p in (open_doors(view) if doors is None else doors):
        return h + "''"
    return h + GLYPH[sq.terrain]


def render(view: HarakiriState, seat: int | None) -> str:
    lines: list[str] = []
    colour, card = oracle_now(view)
    lines.append(f"Round {view.round}  {step_name(view.step)}  oracle {colour or '-'} ({card})  "
                 f"malice {'■' * view.malice}{'□' * (6 - view.malice)} {view.malice}/6")
    if view.squares:
        xs = [xy(p)[0] for p in view.squares]
        ys = [xy(p)[1] for p in view.squares]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        lines.append("    " + "".join(f"{x:>3}" for x in range(x0, x1 + 1)))
        doors = open_doors(view)
        for y in range(y0, y1 + 1):
            lines.append(f"{y:>3} " + "".join(cell(view, pos(x, y), doors) for x in range(x0, x1 + 1)))
    q = []
    for c in view.queue:
        mark = "▶" if c.ref == view.active else ("✓" if c.rotated else " ")
        q.append(mark + ref_label(view, c.ref))
    lines.append("Initiative: " + " ".join(q))
    for c in view.characters:
        d = data.characters().characters[c.id]
        where = "defeated" if c.defeated else (f"({xy(c.p)[0]},{xy(c.p)[1]})" if c.p is not None else "unplaced")
        ki = " ".join(f"{k.value} on {_skill(k.place[5:])}" if k.place.startswith("slot:") else f"{k.value} {k.place}"
                      for k in c.ki)
        conds = " ".join(f"{cond_label(k)} {v}" for k, v in c.conds.items())
        lines.append(f"{d.name:<8} HP {c.hp:>2}/{c.max_hp} ARM {c.arm}/{c.arm_max} AP {'●' * c.ap}{'○' * (4 - c.ap)} "
                     f"{where} POW {c.attrs['POW']} KNO {c.attrs['KNO']} DEX {c.attrs['DEX']} SPI {c.attrs['SPI']}"
                     f"{' KAMI MODE' if c.kami_mode else ''}{' hated' if c.hated else ''}")
        lines.append(f"  weapons {'/'.join(data.weapons()[w].name for w in c.weapons)}; Ki [{ki}]"
                     f"{'; ' + conds if conds else ''}")
        lines.append(f"  items {', '.join(f'{data.items()[i.id].name} ×{i.uses}' for i in c.items) or '-'}; "
                     f"heads {c.heads}+{c.boss_heads}")
    for e in view.enemies:
        conds = " ".join(f"{cond_label(k)} {v}" for k, v in e.conds.items())
        side = " (ally)" if e.side == "ally" else ""
        lines.append(f"{enemy_label(e):<14}{side} HP {enemy_hp_left(e)} ARM {enemy_arm(e)} "
                     f"({xy(e.p)[0]},{xy(e.p)[1]}) {conds}")
    for r in view.resistors:
        lines.append(f"{r.name}: {r.tokens} resistance tokens")
    if view.sub is not None and view.sub.kind == "move":
        lines.append(f"Moving: {view.sub.mp} MP left")
    if view.sub is not None and view.sub.kind == "attack":
        d = view.sub.draft
        lines.append(f"Attack: {d.mode} on {', '.join(ref_label(view, t) for t in d.targets)}"
                     f" focus {'on' if d.focus else 'off'} skill {_skill(d.skill) if d.skill else '-'}")
    if view.step == "OVER":
        lines.append(f"Result: {view.result} — {view.reason}")
    out: list[str] = []
    for line in lines:
        out += textwrap.wrap(line, WIDTH, subsequent_indent="    ", break_on_hyphens=False) if len(line) > WIDTH else [line]
    return "\n".join(out)
