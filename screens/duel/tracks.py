"""The gauge of the duel table: the tracks of your samurai against the revealed defence."""

from __future__ import annotations

from rich.text import Text

from rules.duel import preview

from ..common.fit import clip
from .spread import rounds_track
from .texts import C, D, flow, wrap

KANJI = ("義", "勇", "誠")
TRACK_WIDTH = 27  # the widest track line ("S " + 11 cells + " 10→10 cap 3") and a space
WIDE_TRACK = 58  # the same at scale 3, with "  needs 10 ✓"


def track(name: str, value: int, base: int, cap: int | None, lock: bool, after: int | None,
          scale: int = 1, need: int | None = None) -> Text:
    """A gauge track 0..10: `●` your level, `┆` weapon base, `▌` cap wall, `○` preview; at
    ``scale`` 3 each step is three cells wide, and ``need`` (a revealed defence's
    threshold) is written after the value with ✓ or ✗."""
    lo, hi = C.track_min, C.track_max
    out = Text(f"{name} ", style="bold")
    for i in range(lo, hi + 1):
        if i == value:
            glyph = ("●", "bold white")
        elif after is not None and i == after:
            glyph = ("○", "bold cyan")
        elif cap is not None and i == cap + 1:
            glyph = ("▌", "bold red")
        elif i == base:
            glyph = ("┆", "yellow")
        elif i < value:
            glyph = ("━", "green")
        else:
            glyph = ("·", "dim")
        if scale == 1:
            out.append(*glyph)
            continue
        left = "━" if lo < i <= value else " "
        right = "━" if i < value else " "
        out.append(left, style="green")
        out.append(*glyph)
        out.append(right, style="green")
    out.append(f" {value:2d}", style="bold")
    if after is not None and after != value:
        out.append(f"→{after}", style="bold cyan")
    if lock:
        out.append(" locked", style="red")
    if cap is not None:
        out.append(f" cap {cap}", style="red")
    if need is not None:
        out.append(f"  needs {need} ")
        out.append("✓" if value >= need else "✗", style="bold green" if value >= need else "bold red")
    return out


def scale_line(scale: int) -> Text:
    """The numbers over a wide track's steps."""
    return Text("  " + "".join(f"{i:^{scale}}" for i in range(C.track_min, C.track_max + 1)), style="dim")


class Gauge:
    """The gauge's lines (mixed into DuelBoard)."""

    def _gauge(self, view, lit: str | None, width: int) -> list[Text]:
        """The three tracks, with You, Ki and the Injury die beside them where there is
        room (else above and below), then the Bushido slider or card."""
        p = view.player
        w = D.weapons[view.weapon]
        after = preview.gauge_after(view, lit) if lit else None
        big = self.wide and width >= WIDE_TRACK  # the Injury die goes under it if not beside
        scale, room = (3, WIDE_TRACK) if big else (1, TRACK_WIDTH)
        need = preview.thresholds(view) if big else None
        tracks = [
            track("S", p.s, w.s, 3 if p.cap_s else None, False, after[0] if after else None,
                  scale, need[0] if need else None),
            track("T", p.t, w.t, 3 if p.cap_t else None, False, after[1] if after else None,
                  scale, need[1] if need else None),
            track("G", p.g, w.g, None, view.weapon == "kusarigama", after[2] if after else None, scale),
        ]
        die = Text.assemble("Injury die ", ("✕ removed" if p.die is None else f"[{p.die}]", "bold"))
        beside = width - room
        you = self._you(view)
        head: list[Text] = []
        if self.spread:  # Life, Ki and the rounds as tracks over the gauge
            head = [ln for t in self._you_tracks(view) + [rounds_track(view)] for ln in wrap(t, width, 5)]
            you = you[2:]
        if beside >= 16:
            facts = flow(you + [die], beside, sep="  ")
            lines = [scale_line(scale)] if big else []
            for i, tr in enumerate(tracks):
                line = tr.copy()
                if i < len(facts):
                    line.pad_right(room - line.cell_len)
                    line.append_text(facts[i])
                lines.append(line)
            lines += [Text(" " * room) + f for f in facts[3:]]
        elif self.spread:
            lines = ([scale_line(scale)] if big else []) + tracks + flow(you + [die], width, sep="  ")
        else:
            lines = flow(you, width, sep="  ") + ([scale_line(scale)] if big else []) + tracks + [die]
        lines = head + lines
        if view.options.bushido:
            bushido = Text("Bushido ")
            if p.bushido_card:
                card = D.bushido[p.bushido_card]
                bushido.append(card.virtue, style="bold magenta")
                if p.credit:
                    bushido.append(f" credit {p.credit}")
                if p.meiyo_ki:
                    bushido.append(f" Meiyo ◆{p.meiyo_ki}")
                if p.bushido_spent:
                    bushido.append(" (used)", style="dim")
            else:
                for k in range(C.bushido_kanji):
                    bushido.append(f"[{KANJI[k]}{'●' if p.bushido_pos > k else ' '}]",
                                   style="bold magenta" if p.bushido_pos > k else "dim")
            lines.append(clip(bushido, width))
            if (self.wide or self.spread) and p.bushido_card:
                card = D.bushido[p.bushido_card]
                lines += wrap(Text(f"{card.virtue} ({card.meaning}): {card.text}", style="dim"), width, 2)
        return [clip(ln, width) for ln in lines]
