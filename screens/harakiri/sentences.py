"""The Harakiri boards in full sentences, for a column wide enough (``WIDE`` columns):
the same facts as sheets.py's short forms, the way a player would say them.

``character`` keeps ``sheets.CHAR_LINES`` lines, as the short board does; ``compact``
(another character) and ``enemy_line`` (an enemy whose board is not on show) are one line.
"""

from __future__ import annotations

from rich.text import Text

from rules.harakiri import data
from rules.harakiri.character import kami_mode_ok, used_this_round
from rules.harakiri.core import char_arm, cond_label, enemy_arm, enemy_hp_left, enemy_stats, kami_ready, skill_ready, slot_die
from rules.harakiri.model import fmt

from . import sheets
from .sheets import _conditions

WIDE = 64  # a column this wide gets the boards in sentences
ATTRS = (("POW", "Power"), ("KNO", "Knowledge"), ("DEX", "Dexterity"), ("SPI", "Spirit"))


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _where(c) -> str:
    return "defeated" if c.defeated else (f"on {fmt(c.p)}" if c.p is not None else "not placed yet")


def character(view, c) -> Text:
    """A character's board in nine lines of words."""
    cd = data.characters()
    d = cd.characters[c.id]
    out = Text()
    out.append(f"{d.short} {d.name}", style="bold #ffffff on dark_blue")
    out.append(f", {d.cls}, level {c.level} · seat {c.seat + 1} · ")
    out.append(_where(c), style="bold red" if c.defeated else "")
    if view.active == "c:" + c.id:
        out.append(" ▶ACTIVE", style="bold reverse")
    if c.kami_mode:
        out.append(" KAMI MODE", style="bold magenta reverse")
    low = sheets._low(c)
    out.append("\nHP ")
    out.append("█" * max(0, c.hp), style="red" if low else "green")
    out.append("░" * max(0, c.max_hp - c.hp), style="dim")
    out.append(f" {c.hp} of {c.max_hp}", style="bold red" if low else "bold")
    out.append(f" · armour {char_arm(c)} of {c.arm_max} · action points ")
    out.append("●" * c.ap, style="bold yellow")
    out.append("○" * max(0, cd.ap_cap - c.ap), style="dim")
    out.append(f" {c.ap} of {cd.ap_cap}")
    if view.sub is not None and view.sub.kind == "move" and view.active == "c:" + c.id:
        out.append(f" · {_count(view.sub.mp, 'movement point')} left", style="bold cyan")
    out.append("\n" + ", ".join(f"{word} {c.attrs[a]}" for a, word in ATTRS))
    out.append(f" · {_count(c.heads, 'head')}")
    if c.boss_heads:
        out.append(f" and {_count(c.boss_heads, 'boss head')}")
    for flag, on in (("moved", c.moved), ("attacked", c.attacked)):
        out.append(" · ")
        out.append(*sheets._mark(on))
        out.append(f"has {flag}" if on else f"has not {flag}", style="" if on else "dim")
    bad = {k: v for k, v in c.conds.items() if k != "blessed"}
    out.append("\nConditions: ")
    out.append(_conditions(bad) if bad else "none", style="bold magenta" if bad else "dim")
    blessed = c.conds.get("blessed", 0)
    out.append(" · ")
    out.append(f"Blessed {blessed}" if blessed else "not Blessed", style="bold cyan" if blessed else "dim")
    out.append(" · ")
    out.append("Hated" if c.hated else "not Hated", style="bold red" if c.hated else "dim")
    supply = " ".join(str(k.value) for k in c.ki if k.place == "supply") or "none"
    tired = " ".join(str(k.value) for k in c.ki if k.place == "exhausted") or "none"
    out.append(f"\nKi dice in supply: {supply} · exhausted: {tired} · Kami Mode ")
    if c.kami_mode:
        out.append("ends now" if c.kami_mode_expires else "active", style="bold magenta")
    elif c.kami_mode_used:
        out.append("used", style="dim")
    elif kami_mode_ok(view, c):
        out.append("✓ready", style="green")
    else:
        out.append("✗not ready", style="dim")
    skills = data.skills()
    out.append("\nSkills: ")
    for i, s in enumerate(c.skills):
        die, ok = slot_die(c, s), skill_ready(c, s)
        slot = f"a {die} in its slot" if die else "its slot empty"
        out.append(("" if i == 0 else " · ") + f"{skills[s].name} ({slot}, needs {skills[s].ki})",
                   style="" if ok else "dim")
        out.append(*sheets._mark(ok))
    kid = d.kami
    out.append(f"\nKami {data.kami()[kid].name}, affinity {c.affinity}")
    for sid, ks in data.kami()[kid].skills.items():
        out.append(f" · {ks.name} ")
        if sid in c.kami_used:
            out.append("used", style="dim")
        else:
            ok = kami_ready(c, sid)
            out.append(f"(needs affinity {ks.affinity})", style="" if ok else "dim")
            out.append(*sheets._mark(ok))
    items = data.items()
    out.append("\nItems: ")
    if not c.items:
        out.append("none", style="dim")
    for i, (item, uses) in enumerate(sheets.item_uses(c).items()):
        out.append(("" if i == 0 else " · ") + f"{items[item].name}, {_count(uses, 'use')} left")
        if used_this_round(view, c, item):
            out.append(" (used this round)", style="dim italic")
    weapons = data.weapons()
    out.append("\n")
    for i, w in enumerate(c.weapons):
        wd = weapons[w]
        if i == 0:
            out.append(f"▶In hand: {wd.name}, range {wd.range}, fast {sheets._dice(wd.fast)}, strong "
                       f"{sheets._dice(wd.strong)}, ☯ {sheets.YY.get(wd.yy) or cond_label(wd.yy)}", style="bold")
        else:
            out.append(f" · also {wd.name}, range {wd.range}")
    if not c.weapons:
        out.append("No weapon", style="dim")
    return out


def compact(view, c) -> Text:
    """Another character in a line: who, where, and how they stand."""
    d = data.characters().characters[c.id]
    cd = data.characters()
    out = Text()
    out.append(f"{d.short} {d.name}", style="bold #ffffff on dark_blue")
    out.append(f", seat {c.seat + 1}, {_where(c)}")
    if view.active == "c:" + c.id:
        out.append(" ▶ACTIVE", style="bold reverse")
    out.append(": HP ")
    out.append(f"{c.hp} of {c.max_hp}", style="bold red" if sheets._low(c) else "bold")
    out.append(f", armour {char_arm(c)} of {c.arm_max}, action points ")
    out.append("●" * c.ap, style="bold yellow")
    out.append("○" * max(0, cd.ap_cap - c.ap), style="dim")
    done = [f"has {flag}" for flag, on in (("moved", c.moved), ("attacked", c.attacked)) if on]
    if done:
        out.append("; " + " and ".join(done))
    if c.conds:
        out.append("; " + _conditions(c.conds), style="bold magenta")
    return out
