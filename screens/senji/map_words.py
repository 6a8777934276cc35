"""A province's and a sea's status in words, for the larger map layouts (map_layout.py).

Where the compact map writes ``G 3 Ko →?``, a larger box reads, under the province's name:
"Green 3 units", the samurai by their full names, the order ("→ movement?" your own
face-down order, "▪ hidden order" another player's, "→ movement ◀" the one carried out
now). Lines break between words only. When the box has too few rows, the order moves onto
the name row in its glyph ("→?"), then the last samurai line says how many more there are.
"""

from __future__ import annotations

from rules.senji.data import data
from rules.senji.view import HIDDEN
from rules.senji.words import ORDER_GLYPH, units

D = data()


def wrap(items: list[str], width: int, sep: str = ", ") -> list[str]:
    """``items`` joined by ``sep`` in lines of ``width`` columns, broken between words
    (a word longer than a line, which no name is, is split)."""
    words = sep.join(items).split(" ")
    lines: list[str] = []
    line = ""
    for word in words:
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def family_name(state, seat: int) -> str:
    return D.family[state.families[seat]].name


def order_words(state, p: str) -> tuple[str, str]:
    """(the order in words, the same in glyphs) for the province's order; ("", "") for none."""
    pr = state.provinces[p]
    if pr.order is None:
        return "", ""
    if pr.resolved:
        active = state.active is not None and state.active.province == p
        glyph = ORDER_GLYPH.get(pr.order, "?")
        return (f"{glyph} {pr.order} ◀", f"{glyph}◀") if active else ("", "")
    if pr.order == HIDDEN:
        return "▪ hidden order", "▪"
    return f"{ORDER_GLYPH[pr.order]} {pr.order}?", f"{ORDER_GLYPH[pr.order]}?"


def province_box(state, p: str, width: int, rows: int, combat: bool = False) -> list[str]:
    """The province's box: its name row, then its status in words, ``rows`` lines at most
    of ``width`` columns each."""
    pr = state.provinces[p]
    name = D.province[p].name
    if combat:
        name += " ⚔"
    if pr.neutral:
        return [name, "neutral"]
    if pr.owner is None and not pr.units and not pr.samurai and pr.order is None:
        return [name, "free"]
    head = wrap([f"{family_name(state, pr.owner)} {units(pr.units)}" if pr.owner is not None else units(pr.units)],
                width)
    names = [D.samurai[x].name for x in pr.samurai]
    order, glyph = order_words(state, p)
    room = rows - 1 - len(head) - (1 if order else 0)  # rows for the samurai
    if len(wrap(names, width)) > room and glyph and len(name) + 1 + len(glyph) <= width:
        name, order, room = f"{name} {glyph}", "", room + 1  # the order in its glyph on the name row
    samurai = wrap(names, width)
    for shown in range(len(names) - 1, -1, -1):  # too many: the last row counts the rest
        if len(samurai) <= room:
            break
        samurai = wrap([*names[:shown], f"and {len(names) - shown} more"] if shown else [f"{len(names)} samurai"],
                       width)
    return [name, *head, *samurai, *([order] if order else [])][:rows]


def fleet_words(state, sea: str) -> list[str]:
    """Each fleet in the sea: "Red 4 units with Baba (still to act)"."""
    out = []
    for f in state.fleets:
        if f.sea == sea:
            names = [D.samurai[x].name for x in f.samurai]
            text = f"{family_name(state, f.seat)} {units(f.units)}"
            if names:
                text += " with " + (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0])
            if f.due:
                text += " (still to act)"
            out.append(text)
    return out


def sea_box(state, sea: str, width: int, rows: int) -> list[str]:
    """The sea's fleet rows under its name: the fleets in words, one after another."""
    fleets = fleet_words(state, sea) or ["no fleet"]
    lines = wrap(fleets, width, sep="; ")
    if len(lines) > rows:
        for shown in range(len(fleets) - 1, -1, -1):
            lines = wrap([*fleets[:shown], f"{len(fleets) - shown} more"], width, sep="; ")
            if len(lines) <= rows:
                break
    return lines[:rows]
