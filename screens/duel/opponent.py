"""The enemies of the duel table: each one's life, defence and state, and the target."""

from __future__ import annotations

from rich.text import Text

from .texts import D, flow, wrap

TARGET_KEY = {1: "e", 2: "f", 3: "i"}


class Foes:
    """The enemies' lines (mixed into DuelBoard)."""

    def _foes(self, view, width: int) -> list[Text]:
        lines: list[Text] = []
        many = len(view.foes) > 1
        for i, f in enumerate(view.foes):
            mark = Text("▶" if many and view.target == i else ("✗" if f.dead else " "))
            if f.no in self._targets:  # the key that targets this enemy
                mark = Text(TARGET_KEY[f.no], style="bold reverse")
            style = "dim strike" if f.dead else "bold"
            name = mark + Text(f"{f.no or ''} {f.name}", style=style)
            if self.spread:  # his Life and Ki as tracks, his bonuses in words
                facts = [name, self._foe_tracks(f)]
            else:
                facts = [name, Text(f"♥{f.life}/{f.life_start} ◆{f.ki}", style="dim" if f.dead else ""),
                         Text(f"S{f.defs:+d} T{f.deft:+d} A{f.atk:+d}", style="dim")]
            if f.armour is not None:
                facts.append(Text(f"armour {f.armour}"))
            if f.side:
                facts.append(Text(f"SIDE {f.side}", style="bold reverse"))
            if f.bleed:
                facts.append(Text(f"bleed {f.bleed}", style="red"))
            if self.spread:
                lines += flow(facts, width, sep="  ", indent=3)
                bonuses = self._foe_bonuses(f)
                lines += flow([Text("   ") + bonuses[0]] + bonuses[1:], width, sep="; ", indent=3)
            else:
                lines += flow(facts, width, sep=" ", indent=3)
            if not many:
                ability = D.opponents[f.id].ability_text if f.id in D.opponents else f.ability
                if self.spread:  # a sentence, under his name with his other lines
                    lines += wrap(Text("   " + ability + ".", style="dim"), width, 3)
                else:
                    lines += wrap(Text(ability, style="dim"), width)
        if many:
            facts = [Text(f"{k} → {','.join(map(str, v))}") for k, v in D.versus3.counter_table.items()]
            facts[0] = Text("blue die: ") + facts[0]
            table = flow(facts, width, sep=" · ", indent=2)
            for ln in table:
                ln.stylize("dim")
            lines += table
            if view.last_blue:
                lines += wrap(Text(f"last roll {view.last_blue}"), width, 2)
        return lines
