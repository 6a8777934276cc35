"""Plain-text rendering of a view (spec 10), about 76 columns wide."""

from __future__ import annotations

import textwrap

from . import data
from .describe import TALENT_SHORT
from .model import SpiritState
from .village import BACK_WORD
from .words import card_plain, family, penalties, power_short, words

STEP = dict(words().steps)
WHY = {"PLACE_DRAWN": "forced draw", "PLACE_GIVEN": "given card", "KIAI": "Kiai",
       "KIAI_MORE": "Kiai"}
FAMILY_SHORT = {fam: w.short for fam, w in words().families.items()}
# The active samurai's turn flags, in words (the penalties that set them).
FLAG_WORDS = (("no_defend", "cannot defend"), ("no_support", "cannot support"),
              ("no_talent", "no talent or support"), ("must_pass", "must pass"))


def farm_burnt(view: SpiritState, slot: int) -> str:
    """A destroyed farmstead: its slot, and its back where backs do something (Hard, Heroic)."""
    if not data.difficulty(view.options.difficulty).farm_backs:
        return str(slot)
    back = view.backs[slot - 1]
    return f"{slot} ({BACK_WORD[data.farm_back(back)]} back)" if back != "?" else str(slot)


def phase(view: SpiritState) -> str:
    if view.over:
        return "Victory" if view.won else "Defeat"
    p = view.pending
    head = f"Round {view.round}/3 · {view.samurai[view.active].name}"
    if p is None:
        return head
    step = STEP[p.kind]
    if p.seat != view.active:
        return f"{head} · {view.samurai[p.seat].name} decides ({WHY.get(p.kind, step)})"
    return f"{head} · {step}"


def turn_flags(view: SpiritState) -> list[str]:
    """The active samurai's turn flags in force, in words (empty once the game is over)."""
    if view.over:
        return []
    fl = view.flags
    on = [text for field, text in FLAG_WORDS if getattr(fl, field)]
    if fl.pool_talent:
        on.append(f"{fl.pool_talent}'s pool token")
    return on


def wound_words(w: int) -> str:
    """A samurai's wounds in words; ``●`` is a wound marker (one that healing can remove)."""
    if w >= 4:
        return "dead †"
    return {0: "unhurt", 1: "1 wound ●", 2: "2 wounds", 3: "3 wounds ●"}[w]


def _track(total: int, kiai: int) -> str:
    width = kiai + 6
    cells = ["·"] * (width + 1)
    cells[kiai] = "|"
    cells[min(total, width)] = "◆"
    mark = " Kiai fires" if total == kiai else " overwhelmed" if total > kiai else ""
    return f"[{''.join(cells)}] {total} of {kiai}{mark}"


def render(view: SpiritState, seat: int | None) -> str:
    out: list[str] = []
    level = view.options.difficulty.capitalize()
    out.append(f"SAMURAI SPIRIT · {level} · {phase(view)}")
    bars = "▮" * view.barricades + "▯" * (view.cap - view.barricades)
    farms = " ".join(map(str, sorted(view.farms))) or "none"
    burnt = " ".join(farm_burnt(view, f) for f in sorted(view.burnt))
    out.append(f"Barricades {bars} {view.barricades}/{view.cap}   Farms {farms}"
               + (f" (burnt {burnt})" if burnt else ""))
    lost = ", ".join(map(family, view.lost_families))
    out.append("Families " + (", ".join(map(family, view.families)) or "none")
               + (f" (lost {lost})" if lost else ""))
    out.extend(f"  {family(f)}: {FAMILY_SHORT[f]} at the end of each round" for f in view.families)
    added = {1: "", 2: " (lieutenants added)", 3: " (lieutenants and bosses added)"}[view.round]
    top = card_plain(view.discard[-1]) if view.discard else "-"
    out.append(f"Raiders {len(view.raiders)}{added}   Intruders {len(view.intruders)}"
               f"   Discard {len(view.discard)} (top {top})   Reserve {len(view.reserve)}")
    if view.options.two_player_rules:
        tokens = ", ".join(f"{x} ({TALENT_SHORT[data.roster()[x].human.talent]})"
                           for x in view.pool) or "empty"
        out.append(f"Pool: {tokens}")
    if view.transit is not None:
        t = view.transit
        how = "given to" if t.given else "drawn by"
        c = data.card(t.card)
        extra = ", flame" if c.flame else ""
        pen = f", {penalties(t.card)}" if c.penalties else ""
        out.append(f"In hand: the {c.value} ({c.icon or 'no icon'}{extra}{pen})"
                   f" {how} {view.samurai[t.holder].name}")
    out.append("")
    for i, s in enumerate(view.samurai):
        card = data.roster()[s.name]
        other = f"human {card.human.kiai}" if s.animal else f"{card.animal} {card.animal_face.kiai}"
        face = card.animal if s.animal else "human"
        mark = "▶" if i == view.active and not view.over else " "
        state = "passed _" if s.passed else "standing"
        out.append(f"{mark}S{i + 1} {s.name}, {face}, {wound_words(s.wounds)}, Kiai {s.kiai}"
                   f" ({other}), {state}")
        out.append(f"   track {_track(s.total, s.kiai)}")
        line = " · ".join(card_plain(c) for c in s.line)
        out.extend(textwrap.wrap(f"line: {line + ' ◀top' if line else 'empty'}", 73,
                                 initial_indent="   ", subsequent_indent="         ",
                                 break_on_hyphens=False))
        slots = ", ".join(f"{k} {data.card(v).value if v else '–'}" for k, v in s.slots.items())
        holds = [o.name for o in view.samurai if o.token_with == i]
        token = "home" if s.token_with is None else f"with {view.samurai[s.token_with].name}"
        held = f", holds {', '.join(h + chr(39) + 's' for h in holds)}" if holds else ""
        out.append(f"   defence: {slots}  token {token}{held}")
        f = s.face
        talent = TALENT_SHORT[f.talent] + (" (animal: more)" if s.animal else "")
        power = power_short(f.power, f.count)
        on = turn_flags(view) if i == view.active else []
        out.append(f"   talent: {talent}")
        out.append(f"   Kiai power: {power}")
        if on:
            out.append(f"   this turn: {', '.join(on)}")
    if view.over:
        out.append("")
        out.append(view.end_reason)
        out.extend("  " + b for b in view.breakdown)
    return "\n".join(out)
