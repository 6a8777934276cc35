"""Plain-text rendering of a view (spec 10), about 76 columns wide."""

from __future__ import annotations

from . import data
from .describe import POWER_SHORT, TALENT_SHORT
from .model import SpiritState
from .village import BACK_WORD, short

STEP = {"START": "START", "PENALTY_ORDER": "PENALTY", "DEFENCE_LOSS": "PENALTY",
        "ACTION": "ACTION", "PLACE_DRAWN": "PLACE", "PLACE_GIVEN": "PLACE", "KIAI": "KIAI",
        "KIAI_MORE": "KIAI", "MORE_FIGHT": "MORE FIGHT"}
WHY = {"PLACE_DRAWN": "forced draw", "PLACE_GIVEN": "given card", "KIAI": "Kiai",
       "KIAI_MORE": "Kiai"}
FAMILY_SHORT = {"ELDER": "heal 1", "CRAFTSMAN": "+1 barricade", "CHILD": "calm 1"}


def farm_burnt(view: SpiritState, slot: int) -> str:
    """A destroyed farmstead: its slot, and its back where backs do something (Hard, Heroic)."""
    if not data.difficulty(view.options.difficulty).farm_backs:
        return str(slot)
    back = view.backs[slot - 1]
    return f"{slot}:{BACK_WORD[data.farm_back(back)]}" if back != "?" else str(slot)


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
    """The active samurai's turn flags in force, in short form (empty once the game is over)."""
    if view.over:
        return []
    fl = view.flags
    on = [n for n, v in (("NO_DEFEND", fl.no_defend), ("NO_SUPPORT", fl.no_support),
                         ("NO_TALENT", fl.no_talent), ("MUST_PASS", fl.must_pass)) if v]
    if fl.pool_talent:
        on.append(f"pool {fl.pool_talent}")
    return on


def _wounds(w: int) -> str:
    if w >= 4:
        return "†"
    if w >= 2:
        return f"w{w}" + ("●" if w == 3 else "○")
    return "w" + ("●" if w == 1 else "○")


def _track(total: int, kiai: int) -> str:
    width = kiai + 6
    cells = ["·"] * (width + 1)
    cells[kiai] = "|"
    cells[min(total, width)] = "◆"
    mark = "=" if total == kiai else "!" if total > kiai else ""
    return f"[{''.join(cells)}] {total}{mark}/{kiai}"


def render(view: SpiritState, seat: int | None) -> str:
    out: list[str] = []
    level = view.options.difficulty.capitalize()
    out.append(f"SAMURAI SPIRIT · {level} · {phase(view)}")
    bars = "▮" * view.barricades + "▯" * (view.cap - view.barricades)
    farms = " ".join(map(str, sorted(view.farms))) or "none"
    burnt = " ".join(farm_burnt(view, f) for f in sorted(view.burnt))
    out.append(f"Barricades {bars} {view.barricades}/{view.cap}   Farms {farms}"
               + (f" (burnt {burnt})" if burnt else ""))
    fams = " ".join(f"{f}({FAMILY_SHORT[f]})" for f in view.families) or "none"
    lost = " ".join(view.lost_families)
    out.append(f"Families {fams}" + (f" (lost {lost})" if lost else ""))
    added = {1: "", 2: " (L added)", 3: " (L+B added)"}[view.round]
    top = short(view.discard[-1]) if view.discard else "-"
    out.append(f"Raiders {len(view.raiders)}{added}   Intruders {len(view.intruders)}"
               f"   Discard {len(view.discard)} (top {top})   Reserve {len(view.reserve)}")
    if view.options.two_player_rules:
        tokens = ", ".join(f"{x}({TALENT_SHORT[data.roster()[x].human.talent]})"
                           for x in view.pool) or "empty"
        out.append(f"Pool: {tokens}")
    if view.transit is not None:
        t = view.transit
        how = "given to" if t.given else "drawn by"
        c = data.card(t.card)
        extra = ", flame" if c.flame else ""
        pen = f", {'+'.join(c.penalties)}" if c.penalties else ""
        out.append(f"In hand: the {c.value} ({c.icon or 'no icon'}{extra}{pen}) [{t.card}]"
                   f" {how} {view.samurai[t.holder].name}")
    out.append("")
    for i, s in enumerate(view.samurai):
        card = data.roster()[s.name]
        other = card.human.kiai if s.animal else card.animal_face.kiai
        face = f"A {card.animal}" if s.animal else "H"
        mark = "▶" if i == view.active and not view.over else " "
        state = "passed _" if s.passed else "standing"
        out.append(f"{mark}S{i + 1} {s.name} [{face}] {_wounds(s.wounds)} Kiai {s.kiai} ({other})"
                   f"  {state}")
        out.append(f"   track {_track(s.total, s.kiai)}")
        line = " ".join(short(c) for c in s.line)
        out.append(f"   line: {line + ' <top' if line else '(empty)'}")
        slots = " ".join(f"[{k[0].upper() if k != 'family' else 'D'}:{short(v) if v else '-'}]"
                         for k, v in s.slots.items())
        holds = [o.name for o in view.samurai if o.token_with == i]
        token = "home" if s.token_with is None else f"with {view.samurai[s.token_with].name}"
        held = f", holds {', '.join(holds)}" if holds else ""
        out.append(f"   def {slots}  token {token}{held}")
        f = s.face
        talent = TALENT_SHORT[f.talent] + (" +" if s.animal else "")
        power = POWER_SHORT[f.power].format(n=f.count)
        on = turn_flags(view) if i == view.active else []
        flags = ("  " + " ".join(on)) if on else ""
        out.append(f"   talent: {talent}; Kiai: {power}{flags}")
    if view.over:
        out.append("")
        out.append(view.end_reason)
        out.extend("  " + b for b in view.breakdown)
    return "\n".join(out)
