"""What every part of the duel table draws with: the game's data, the icon colours,
lines fitted to a width, and a card's text."""

from __future__ import annotations

from rich.text import Text

from rules.duel.data import data
from rules.duel.words import card_name

from ..common.fit import clip, flow

D = data()
C = D.c
ICON_STYLE = {"F": "bold red", "W": "bold cyan", "E": "bold green", "V": "bold yellow", "wild": "bold magenta"}


# -- fitting lines to a width -------------------------------------------------------------

def wrap(text: Text, width: int, indent: int = 0) -> list[Text]:
    """Prose broken between words; a word wider than the line is cut with "…"."""
    words = [Text(w, style=text.style) for w in text.plain.split(" ") if w]
    if not text.spans:
        return flow(words, width, sep=" ", indent=indent)
    # Styled prose: keep the spans by dividing the Text itself at the break points.
    out: list[Text] = []
    rest = text
    while rest.cell_len > width:
        cut = rest.plain.rfind(" ", 0, width + 1)
        if cut <= 0:
            break
        head, rest = rest.divide([cut])
        out.append(head)
        rest = Text(" " * indent) + rest[1:]
    out.append(rest)
    return [clip(ln, width) for ln in out]


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
