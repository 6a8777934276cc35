"""The Harakiri character and enemy boards (harakiri spec section 9) as Rich Text.

Pure functions of a view: the board screen puts their Text in fixed-height parts.
Every character board has the same number of lines (``CHAR_LINES``) whatever its state,
so the part's height does not change on every action. Lines stay under ~58 columns where
they can (the widget cuts longer ones with an ellipsis). Colour never carries meaning
alone: each coloured mark also has a glyph or a word.
"""

from __future__ import annotations

from rich.text import Text

from rules.harakiri import data
from rules.harakiri.character import kami_mode_ok, used_this_round
from rules.harakiri.core import (
    char_arm, cond_label, enemy_arm, enemy_hp_left, enemy_label, enemy_stats, kami_ready, oracle_now,
    skill_ready, slot_die,
)
from rules.harakiri.enemy import behaviour_column
from rules.harakiri.model import fmt
from rules.harakiri.narration import last_draw
from rules.harakiri.words import AREA_WORDS, PRIO_SHORT, line_short

from .grid import BASE_BG

BASE_NAME = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "purple", "W": "white"}
CHAR_LINES = 9
WIDTH = 58
YY = {"hits2": "+2 hits"}
OK, NO = ("✓", "green"), ("✗", "dim")


def _mark(ok: bool) -> tuple[str, str]:
    return OK if ok else NO


def _conds(conds: dict[str, int]) -> str:
    return " ".join(f"{cond_label(k)} {v}" for k, v in conds.items())


def _low(c) -> bool:
    """Below half health: the HP figure is drawn in red (and the bar says it too)."""
    return c.hp * 2 < c.max_hp


def _prio(p: str) -> str:
    """A priority icon as the board draws it (the legend says what each means)."""
    return PRIO_SHORT.get(p, p)


def _dice(d: list[str] | None) -> str:
    return "".join(d) if d else "-"


# -- characters -----------------------------------------------------------------


def characters_head() -> Text:
    return Text.assemble(("Characters", "bold"), (" skill die/need ✓ready · ▶weapon in hand", "dim"))


def character(view, c) -> Text:
    """One character board: ``CHAR_LINES`` lines, the last without a newline."""
    cd = data.characters()
    d = cd.characters[c.id]
    out = Text()
    # 1. name, class, level, seat, square; active; Kami Mode
    out.append(f"{d.short} {d.name}", style="bold #ffffff on dark_blue")
    out.append(f" {d.cls} L{c.level} · seat {c.seat + 1} · ")
    if c.defeated:
        out.append("DEFEATED", style="bold red")
    else:
        out.append(fmt(c.p) if c.p is not None else "unplaced")
    if view.active == "c:" + c.id:
        out.append(" ▶ACTIVE", style="bold reverse")
    if c.kami_mode:
        out.append(" KAMI MODE", style="bold magenta reverse")
    # 2. HP bar, ARM now/max, AP, MP left in a move
    out.append("\nHP ")
    low = _low(c)
    out.append("█" * max(0, c.hp), style="red" if low else "green")
    out.append("░" * max(0, c.max_hp - c.hp), style="dim")
    out.append(f" {c.hp}/{c.max_hp}", style="bold red" if low else "bold")
    out.append(f" · ARM {char_arm(c)}/{c.arm_max} · AP ")
    out.append("●" * c.ap, style="bold yellow")
    out.append("○" * max(0, cd.ap_cap - c.ap), style="dim")
    if view.sub is not None and view.sub.kind == "move" and view.active == "c:" + c.id:
        out.append(f" · MP {view.sub.mp} left", style="bold cyan")
    # 3. P/K/D/S, heads, moved/attacked
    a = c.attrs
    out.append(f"\nPOW {a['POW']} KNO {a['KNO']} DEX {a['DEX']} SPI {a['SPI']} · heads {c.heads}")
    if c.boss_heads:
        out.append(f"+{c.boss_heads} boss")
    for flag, on in (("moved", c.moved), ("attacked", c.attacked)):
        out.append(" · ")
        out.append(*_mark(on))
        out.append(flag, style="" if on else "dim")
    # 4. conditions with counts, Blessed, Hated
    bad = [f"{cond_label(k)} {v}" for k, v in c.conds.items() if k != "blessed"]
    out.append("\nCond ")
    out.append(", ".join(bad) if bad else "none", style="bold magenta" if bad else "dim")
    blessed = c.conds.get("blessed", 0)
    out.append(" · ")
    out.append(f"Blessed {blessed}", style="bold cyan" if blessed else "dim")
    out.append(" · ")
    out.append("HATED" if c.hated else "not hated", style="bold red" if c.hated else "dim")
    # 5. Ki dice in supply and exhausted; Kami Mode state
    supply = " ".join(str(k.value) for k in c.ki if k.place == "supply") or "-"
    tired = " ".join(str(k.value) for k in c.ki if k.place == "exhausted") or "-"
    out.append(f"\nKi supply {supply} · exhausted {tired} · Kami Mode ")
    if c.kami_mode:
        out.append("ends now" if c.kami_mode_expires else "ACTIVE", style="bold magenta")
    elif c.kami_mode_used:
        out.append("used", style="dim")
    elif kami_mode_ok(view, c):
        out.append("✓ready", style="green")
    else:
        out.append("✗not ready", style="dim")
    # 6. skill slots: the die in the slot, the requirement, ✓ if met
    skills = data.skills()
    out.append("\n")
    for i, s in enumerate(c.skills):
        die = slot_die(c, s)
        ok = skill_ready(c, s)
        out.append(("" if i == 0 else " ") + f"{skills[s].name} {die or '·'}/{skills[s].ki}",
                   style="" if ok else "dim")
        out.append(*_mark(ok))
    # 7. kami, affinity, skills II/III with the affinity they need, used ones
    kid = d.kami
    out.append(f"\nKami {data.kami()[kid].name} affinity {c.affinity}")
    for sid, ks in data.kami()[kid].skills.items():
        out.append(f" · {ks.name} ")
        if sid in c.kami_used:
            out.append("used", style="dim")
        else:
            ok = kami_ready(c, sid)
            out.append(f"{ks.affinity}", style="" if ok else "dim")
            out.append(*_mark(ok))
    # 8. items with uses left and "used this round"
    items = data.items()
    out.append("\nItems ")
    if not c.items:
        out.append("-", style="dim")
    for i, (item, uses) in enumerate(item_uses(c).items()):
        out.append(("" if i == 0 else " · ") + f"{items[item].name} ×{uses}")
        if used_this_round(view, c, item):
            out.append(" used this round", style="dim italic")
    # 9. weapons, the equipped one first
    weapons = data.weapons()
    out.append("\n")
    for i, w in enumerate(c.weapons):
        wd = weapons[w]
        out.append("▶" if i == 0 else " · ", style="bold" if i == 0 else "")
        if i == 0:  # the weapon in hand in full; the other by name and range (swap to see it)
            out.append(f"{wd.name} r{wd.range} fast {_dice(wd.fast)} strong {_dice(wd.strong)}"
                       f" ☯{YY.get(wd.yy) or cond_label(wd.yy)}", style="bold")
        else:
            out.append(f"{wd.name} r{wd.range}")
    if not c.weapons:
        out.append("no weapon", style="dim")
    return out


def item_uses(c) -> dict[str, int]:
    """Each kind of item once, with the uses left of all the character carries of it
    (two Rice Balls gained apart are one line "Rice Ball ×2")."""
    out: dict[str, int] = {}
    for it in c.items:
        out[it.id] = out.get(it.id, 0) + it.uses
    return out


def compact(view, c) -> Text:
    """Two lines for a character whose full board is not on show: who and where, then
    HP, ARM, AP, MP in a move, what it has done this activation and its conditions."""
    d = data.characters().characters[c.id]
    out = Text()
    out.append(f"{d.short} {d.name}", style="bold #ffffff on dark_blue")
    where = "DEFEATED" if c.defeated else (fmt(c.p) if c.p is not None else "unplaced")
    out.append(f" seat {c.seat + 1} · {where}")
    if view.active == "c:" + c.id:
        out.append(" ▶ACTIVE", style="bold reverse")
    low = _low(c)
    out.append("\n HP ")
    out.append(f"{c.hp}/{c.max_hp}", style="bold red" if low else "bold")
    out.append(f" ARM {char_arm(c)}/{c.arm_max} AP ")
    out.append("●" * c.ap, style="bold yellow")
    out.append("○" * max(0, data.characters().ap_cap - c.ap), style="dim")
    if view.sub is not None and view.sub.kind == "move" and view.active == "c:" + c.id:
        out.append(f" MP {view.sub.mp}", style="bold cyan")
    for flag, on in (("moved", c.moved), ("attacked", c.attacked)):
        if on:
            out.append(f" ✓{flag}")
    if c.conds:
        out.append(" " + _conds(c.conds), style="bold magenta")
    return out


# -- enemies ----------------------------------------------------------------------


def _label(out: Text, e, prefix: str = " ") -> None:
    """The enemy's label, on its base colour with the colour's word."""
    label = enemy_label(e)
    if e.base:
        label += f" ({BASE_NAME.get(e.base, e.base)} base)"
    style = f"bold #ffffff on {BASE_BG[e.base]}" if e.base in BASE_BG else "bold"
    out.append(prefix)
    out.append(label, style=style)
    out.append(f"{' ally' if e.side == 'ally' else ''} {e.kind} {fmt(e.p)}")


def _state(out: Text, e) -> None:
    """Damage/HP, ARM now with its −1 tokens, conditions."""
    st = enemy_stats(e)
    out.append(f"dmg {e.damage}/{st['hp']} HP {enemy_hp_left(e)} ARM {enemy_arm(e)}")
    if e.arm_tokens:
        out.append(f" (−1×{e.arm_tokens})", style="yellow")
    if e.bulwark:
        out.append(" bulwark")
    if e.conds:
        out.append(" " + _conds(e.conds), style="magenta")


def _compact(out: Text, e) -> None:
    _label(out, e)
    out.append("\n   ")
    _state(out, e)
    out.append("\n")


def enemies(view, focus: str | None = None, wide: bool = False) -> Text:
    """The enemy boards. ``focus`` (an enemy uid: the one under the grid cursor, or the
    active one) gets the full board; every other enemy a compact two-line entry, or
    (``wide``) a sentence on one line."""
    out = Text.assemble(("Enemies", "bold"), "\n")
    if not view.enemies:
        out.append(" none on the board\n", style="dim")
    fe = next((e for e in view.enemies if e.uid == focus), None) if isinstance(focus, str) else None
    shown = set()
    if fe is not None:
        shown = board(out, view, fe, wide)
    for e in view.enemies:
        if e.uid not in shown:
            (enemy_line if wide else _compact)(out, e)
    for r in view.resistors:
        out.append(f" {r.name} {fmt(r.p)}: {r.tokens} resistance tokens\n")
    out.rstrip()
    return out


def board(out: Text, view, e, wide: bool = False) -> set[str]:
    """Append the full board of enemy ``e``; return the uids it covers (its type's bases).
    ``wide``: its figures and each base's state in words."""
    d = data.enemy_def(e.type)
    st = enemy_stats(e)
    minion = isinstance(d, data.MinionDef)
    _label(out, e, "▶")
    out.append("\n")
    plus = " (+)" if e.plus else ""
    if wide:
        out.append(f" {st['hp']} HP, armour {st['arm']}, evasion {st['eva']}, moves {st['mov']} ({d.move}),"
                   f" range {st['range']}, dice {_dice(st['dice'])}{plus} · targets {PRIO_SHORT.get(d.prio, d.prio)}\n")
    else:
        out.append(f" HP {st['hp']} ARM {st['arm']} EVA {st['eva']} MOV {st['mov']} {d.move}"
                   f" RNG {st['range']} dice {_dice(st['dice'])}{plus} · targets {PRIO_SHORT.get(d.prio, d.prio)}\n")
    state = enemy_state if wide else _state
    covered = {e.uid}
    if minion:
        rows = [o for o in view.enemies if o.type == e.type and o.side == e.side]
        covered = {o.uid for o in rows}
        for o in rows:
            out.append(" ▶" if o.uid == e.uid else "  ")
            bg = BASE_BG.get(o.base or "")
            out.append(o.base or "-", style=f"bold #ffffff on {bg}" if bg else "bold")
            out.append(f"{'+' if o.plus else ''} {'on ' if wide else ''}{fmt(o.p)}{': ' if wide else ' '}")
            state(out, o)
            out.append("\n")
    else:
        out.append(" ")
        state(out, e)
        out.append("\n")
    names = [d.attack_name] if not minion else []
    for sk in d.skills.values():
        bits = [sk.name]
        if sk.range is not None:
            bits.append(f"range {sk.range}")
        if sk.dice:
            bits.append(_dice(sk.dice))
        if sk.area:
            bits.append(AREA_WORDS.get(sk.area, sk.area.replace("_", " ")))
        names.append(" ".join(bits))
    if d.passive:
        names.append(f"passive {d.passive.replace('_', ' ')}")
    _flow(out, " Skills ", names or ["-"], " · ")
    ctx = view.ectx if view.ectx is not None and view.ectx.uid == e.uid else None
    if minion:
        _minion_table(out, view, d, e.type)
    elif d.kind == "chosen":
        _chosen(out, view, e, d, ctx)
    else:
        out.append(" Behaviour (d6, no oracle column)\n", style="bold")
        for row in d.behaviour:
            _flow(out, f" {_rolls(row.rolls):<3} {row.name} [{_prio(row.prio or d.prio)}] ",
                  [line_short(e.type, ln) for ln in row.lines], " › ")
    if ctx is not None and ctx.line:
        out.append(" ▶resolving ", style="bold reverse")
        out.append(f" {' › '.join(line_short(e.type, ln) for ln in ctx.line)} [{_prio(ctx.prio or d.prio)}]\n",
                   style="bold")
    return covered


def _flow(out: Text, head: str, parts: list[str], sep: str, style: str = "", used: int = 0) -> None:
    """``head`` then ``parts`` joined by ``sep``, wrapped under ``WIDTH`` columns (the
    continuation lines indented by four, or under the first part when ``used`` columns
    were already written on the first line), ending with a newline."""
    line, indent = head, " " * (used or 4)
    for i, p in enumerate(parts):
        bit = p if i == 0 else sep + p
        if i and used + len(line) + len(bit) > WIDTH:
            out.append(line + sep.rstrip() + "\n", style=style)
            line, bit, used = indent, p, 0
        line += bit
    out.append(line + "\n", style=style)


def _rolls(rolls: list[int]) -> str:
    return f"{rolls[0]}-{rolls[-1]}" if len(rolls) > 1 else str(rolls[0])


def _minion_table(out: Text, view, d, etype: str) -> None:
    colour = oracle_now(view)[0]
    now = behaviour_column(view)
    out.append(" Behaviour d6 · oracle ", style="bold")
    out.append(colour.capitalize() or "not drawn yet", style="bold reverse")
    out.append(f" ▶{now} column\n", style="bold")
    for row in d.behaviour:
        for i, (col, word) in enumerate((("normal", "green"), ("aggressive", "red"))):
            lines = row.normal if col == "normal" else row.aggressive
            cur = col == now
            out.append(f" {_rolls(row.rolls) if i == 0 else '':<3} ")
            out.append(("▶" if cur else " ") + f"{word:<5} ", style="bold reverse" if cur else "dim")
            _flow(out, "", [line_short(etype, ln) for ln in lines], " › ", style="bold" if cur else "dim",
                  used=11)


def _chosen(out: Text, view, e, d, ctx) -> None:
    ai = view.ai
    cards = {c.id: c for c in d.ai_deck}
    out.append(f" AI deck {ai.deck_count} · discard {len(ai.discard)} · Hate beside {len(ai.beside)}")
    if ai.beside:
        out.append(" " + "▮" * len(ai.beside), style="bold red")
    out.append("\n")
    cid = ai.current or (ctx.card if ctx is not None else None)
    card = cards.get(cid) if cid else None
    if card is None:
        last = last_draw(view, e)
        if last is None:
            out.append(" Drawn: no card yet\n", style="dim")
        else:
            out.append(f" Last drawn {last[0]}", style="bold")
            out.append(f" · resolved {last[1] or 'no line'}\n")
        return
    emp = ctx is not None and ctx.empowered
    lines = card.empowered if emp and card.empowered else card.lines
    out.append(" Drawn ", style="bold")
    hate = " (Hate)" if card.hate and "Hate" not in card.name else ""
    out.append(f"{card.name}{hate}{' empowered' if emp else ''} [{_prio(card.prio)}]", style="bold reverse")
    out.append("\n")
    _flow(out, "  ", [line_short(e.type, ln) for ln in lines], " › ")


def _conditions(conds: dict[str, int]) -> str:
    return ", ".join(f"{cond_label(k)} {v}" for k, v in conds.items())


def enemy_state(out: Text, e) -> None:
    """Damage, HP left and armour in words (with the armour's −1 tokens), conditions."""
    st = enemy_stats(e)
    out.append(f"{e.damage} of {st['hp']} damage, {enemy_hp_left(e)} HP left, armour {enemy_arm(e)}")
    if e.arm_tokens:
        out.append(f" (−1×{e.arm_tokens})", style="yellow")
    if e.bulwark:
        out.append(", bulwark")
    if e.conds:
        out.append(", " + _conditions(e.conds), style="magenta")


def enemy_line(out: Text, e) -> None:
    """An enemy whose board is not on show, in one line."""
    _label(out, e)
    out.append(": ")
    enemy_state(out, e)
    out.append("\n")
