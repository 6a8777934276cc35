"""Fitting a board's facts to the width it has, so nothing is cut silently.

``flow`` puts facts (short Texts) end to end and starts a new line where the next one
would not fit; a fact is never split, and one wider than a whole line ends in "…"
(``clip``). Boards that draw regions of facts (Spirit, the duel) share these two.
"""

from __future__ import annotations

from rich.text import Text


def clip(line: Text, width: int) -> Text:
    """The line as it is when it fits, else cut to ``width`` and ending in "…"."""
    if line.cell_len <= width:
        return line
    out = line.copy()
    out.truncate(max(1, width), overflow="ellipsis")
    return out


def flow(facts: list[Text], width: int, sep: str = " · ", indent: int = 0) -> list[Text]:
    """Facts end to end, a new line (indented by ``indent``) where the next would not fit.
    A fact is never split; one wider than a whole line is cut with "…"."""
    lines: list[Text] = []
    line: Text | None = None
    for fact in facts:
        if not fact.plain:
            continue
        if line is None:
            line = fact.copy()
        elif line.cell_len + len(sep) + fact.cell_len <= width:
            line.append(sep, style="dim")
            line.append_text(fact)
        else:
            lines.append(line)
            line = Text(" " * indent) + fact
    if line is not None:
        lines.append(line)
    return [clip(x, width) for x in lines]
