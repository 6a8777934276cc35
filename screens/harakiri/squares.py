"""What the Harakiri board reads off the view about squares: the square an action is
about, the acting character, what blocks a line of sight, the squares a log line names."""

from __future__ import annotations

from rules.harakiri.core import char_name, enemy_label
from rules.harakiri.grid import height, occupancy, occupied_for, resistor_squares, trace
from rules.harakiri.model import pos, squares_named


def action_square(view, action) -> int | None:
    """The square an action is about, if any (a destination, a target, a point)."""
    if hasattr(action, "x") and hasattr(action, "y"):
        return pos(action.x, action.y)
    ref = (getattr(action, "target", None) or getattr(action, "other", None) or getattr(action, "point", None)
           or getattr(action, "choice", None))
    if action.kind == "interact_character":
        ref = "c:" + action.other
    if not isinstance(ref, str):
        return None
    kind, _, rest = ref.partition(":")
    if kind == "e":
        return next((e.p for e in view.enemies if e.uid == rest), None)
    if kind == "c":
        return next((c.p for c in view.characters if c.id == rest), None)
    if kind == "r":
        return next((r.p for r in view.resistors if r.id == rest), None)
    if kind in ("p", "g") and rest.isdigit():
        return int(rest)
    if action.kind == "interact_point":
        return next((pt.p for pt in view.points if pt.id == ref), None)
    return None


def active_character(view):
    if view.active and view.active.startswith("c:"):
        return next((c for c in view.characters if c.id == view.active[2:]), None)
    return None


def los_blockers(view, a: int, b: int) -> list[int]:
    """The squares that block the line of sight from a character on ``a`` to ``b``: the
    first square the line enters that is closed to it, else the corner squares it passes
    between when both are closed (the rules' ``los`` test, naming what it tests)."""
    occ, res = occupancy(view), resistor_squares(view)
    entered, touched = trace(a, b)
    cross = height(view, a) != height(view, b)
    for s in entered[:-1]:
        if occupied_for(view, "ally", s, cross, occ, res):
            return [s]
    corners = [s for s in touched if s not in (a, b) and occupied_for(view, "ally", s, cross, occ, res)]
    return corners if len(corners) >= 2 else []


def blocker_words(view, p: int) -> str:
    """What stands in the way on a square, in words: an enemy, a resistor or the terrain."""
    foes = [enemy_label(e) for e in view.enemies if e.p == p and e.side != "ally"]
    if foes:
        return ", ".join(foes)
    res = [r.name for r in view.resistors if r.p == p]
    if res:
        return ", ".join(res)
    sq = view.squares.get(p)
    if sq is None:
        return "the edge of the map"
    return {"door": "a closed door", "inaccessible": "an inaccessible square",
            "obstacle": "an obstacle"}.get(sq.terrain, f"{sq.terrain} ground")


def named_squares(view, line: str) -> set[int]:
    """The squares a log line is about: those it names (a path, a destination) and those
    of the creatures it names (the mover, the attacker, the target)."""
    out = {p for p in squares_named(line) if p in view.squares}
    for e in view.enemies:
        if enemy_label(e) in line:
            out.add(e.p)
    for c in view.characters:
        if c.p is not None and not c.defeated and char_name(c.id) in line:
            out.add(c.p)
    return out
