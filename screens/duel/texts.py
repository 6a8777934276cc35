"""What every part of the duel table draws with: the game's data, the icon colours,
lines fitted to a width, and a card's text."""

from __future__ import annotations

from rich.text import Text

from rules.duel.data import data
from rules.duel.words import card_name

from ..common.fit import clip

D = data()
C = D.c
ICON_STYLE = {"F": "bold red", "W": "bold cyan", "E": "bold green", "V": "bold yellow", "wild": "bold magenta"}


# -- fitting lines to a width -------------------------------------------------------------

def wrap(text: Text, width: int, indent: int = 0) -> list[Text]:
    """Prose broken between words, its styles kept; the lines after the first start with
    ``indent`` spaces. Only a single word wider than a whole line is cut, with "…"."""
    out: list[Text] = []
    rest = text
    while rest.cell_len > width:
        plain = rest.plain
        start = len(plain) - len(plain.lstrip(" "))  # the indent is not a break
        cut = plain.rfind(" ", start + 1, width + 1)
        if cut < 0:  # one word wider than the line: it alone is cut
            cut = plain.find(" ", start + 1)
            if cut < 0:
                break
        head, tail = rest.divide([cut])
        head.rstrip()
        out.append(head)
        skip = len(tail.plain) - len(tail.plain.lstrip(" "))
        rest = Text(" " * indent) + tail[skip:]
        if rest.cell_len <= indent:  # nothing but spaces after the break
            rest = None
            break
    if rest is not None:
        out.append(rest)
    return [clip(ln, width) for ln in out]


def flow(facts: list[Text], width: int, sep: str = " · ", indent: int = 0) -> list[Text]:
    """Facts end to end (``sep`` between them), a new line (indented) where the next would
    not fit. A fact is kept whole on a line when it fits one; a fact wider than a line is
    broken between its words (``wrap``), never cut mid-word."""
    lines: list[Text] = []
    line: Text | None = None
    for fact in facts:
        if not fact.plain:
            continue
        if line is not None and line.cell_len + len(sep) + fact.cell_len <= width:
            line.append(sep, style="dim")
            line.append_text(fact)
            continue
        if line is not None:
            lines.append(line)
        lead = Text(" " * indent) if (lines or line is not None) else Text()
        pieces = wrap(lead + fact, width, indent)
        lines += pieces[:-1]
        line = pieces[-1]
    if line is not None:
        lines.append(line)
    return [clip(x, width) for x in lines]


def card_text(cid: str, dim: bool = False, values: bool = True) -> Text:
    c = D.cards[cid]
    out = Text()
    if c.special:  # a Special Action card goes by its name
        out.append("★", style="bold magenta")
        out.append("*" if c.icon == "wild" else c.icon, style="dim" if dim else ICON_STYLE[c.icon])
        out.append(f" {card_name(cid)}", style="dim" if dim else "magenta")
    else:  # an Action card's id starts with its icon letter
        out.append(cid, style="dim" if dim else ICON_STYLE[c.icon])
    if values:
        out.append(f" {c.s:+d}/{c.t:+d}/{c.g:+d}", style="dim" if dim else "")
    return out
