"""The top of the Harakiri board: the round, the oracle card, the malice track, the
initiative queue, and the part that shows the enemy turn or the last roll."""

from __future__ import annotations

from rich.text import Text

from rules.harakiri import data
from rules.harakiri.core import char_name, enemy_label, open_doors, oracle_now, ref_label
from rules.harakiri.effects import events_left
from rules.harakiri.grid import distance, los
from rules.harakiri.model import fmt
from rules.harakiri.narration import ROLLS, opens_enemy_turn, roll_lines, roller
from rules.harakiri.words import PRIO_SHORT, line_short, skill_name

from .grid import HarakiriGrid
from .parts import TopPart
from .squares import active_character, blocker_words, los_blockers

QUEUE_WIDTH = 66  # the queue is cut into lines itself so the top part's height is known
TURN_LINES = 3  # lines of the enemy turn kept on show
ORACLE_STYLE = {"green": "bold #ffffff on dark_green", "red": "bold #ffffff on dark_red"}


class TopLines:
    """The top part's text (mixed into HarakiriBoard)."""

    def _redraw_top(self) -> None:
        # Called after a refresh, when the board may already be leaving the screen (back to
        # the menu): then its parts are gone and there is nothing to redraw.
        frame = self.frame
        grids = self.query(HarakiriGrid)
        tops = self.query("#hk-top")
        if self.is_mounted and grids and tops and frame is not None and frame.view is not None:
            view = frame.view
            self._put("#hk-top", self._top(view, active_character(view), grids.first().cursor))

    def _turn_text(self, view) -> Text:
        """Four lines (the part's fixed height): a header and the last lines shown."""
        sub = view.sub
        if sub is not None and sub.kind == "attack" and sub.draft is not None:
            d = sub.draft
            return Text.assemble((f"{d.mode.capitalize()} attack", "bold"),
                                 f" on {', '.join(ref_label(view, t) for t in d.targets)}"
                                 f"\n focus die {'added' if d.focus else 'not added'}"
                                 f" · skill: {skill_name(d.skill) if d.skill else 'none'}")
        if not self.playing:
            # Once nothing plays back: the last roll, a character's or an enemy's, with
            # its dice, hits and damage (an attack after the enemy turn replaces it).
            lines = [ln.text for ln in view.log if ln.seats is None][-60:]
            roll = roll_lines(lines)
            opened = next((i for i in range(len(lines) - 1, -1, -1) if opens_enemy_turn(view, lines[i])), -1)
            if roll is not None and roll[0] > opened:
                ours = roller(view, roll[1][0]) is not None
                what, _, dice = roll[1][0].partition(ROLLS)
                how, _, whom = what.rpartition(" on ")  # "<who> uses <attack>", "<target>"
                out = Text.assemble(("Last roll", "bold"), (" (yours)" if ours else " (the enemy's)", "dim"),
                                    f": {how or what}")
                for line in [f"On {whom}: rolls {dice}" if how else f"Rolls {dice}"] + roll[1][1:TURN_LINES]:
                    out.append("\n ")
                    out.append(line, style="" if ours else "italic")
                return out
        if not self.turn:
            return Text("Enemy turn: none yet", style="dim")
        shown = self.turn[:max(self.turn_at, 1)]
        out = Text("Enemy turn", style="bold")
        out.append(f" ▶ line {len(shown)} of {len(self.turn)}" if self.playing else " (last)", style="dim")
        for i, line in enumerate(shown[-TURN_LINES:]):
            now = self.playing and i == len(shown[-TURN_LINES:]) - 1
            out.append("\n")
            out.append(f"{'▶' if now else ' '}{line}", style="bold yellow" if now else "italic")
        return out

    # -- the top: status and queue -----------------------------------------------------
    def _top(self, view, me, cursor) -> Text:
        colour, card = oracle_now(view)
        out = Text.assemble((f"Round {view.round}", "bold"), "  Oracle ")  # the step: in the header
        if colour:
            out.append(colour.capitalize(), style=ORACLE_STYLE.get(colour, "bold"))
            out.append(f" {card}  Malice ")
        else:
            out.append("not drawn yet  Malice ")
        out.append("■" * view.malice, style="bold red")
        out.append("□" * (6 - view.malice), style="dim")
        out.append(f" {view.malice}/6")
        left = events_left(view)
        if left:
            names = {z.id: z.name for z in data.scenario(view.options.scenario).zones}
            out.append("  Events " + "; ".join(
                (f"{names.get(z, z)} " if len(left) > 1 else "")
                + (" ".join(f"{n} {c}" for c, n in cols.items() if n) or "none") for z, cols in left.items()),
                style="dim")
        out.append("\nQueue ")
        used, line, cards = 6, 1, []
        chosen = {"e:" + e.uid for e in view.enemies if e.kind == "chosen"}
        for q in view.queue:
            label = ref_label(view, q.ref) + ("★" if q.ref in chosen else "")
            if used + len(label) + 2 > QUEUE_WIDTH:
                out.append("\n      ")
                used, line = 6, line + 1
            cards.append((line, used, used + len(label) + 1, q.ref))
            used += len(label) + 2
            if q.ref == view.active:
                out.append(f"▶{label}", style="bold reverse")
            elif q.rotated:
                out.append(f"✓{label}", style="dim strike")
            else:
                out.append(f" {label}", style="bold" if q.ref.startswith("c:") else "")
            out.append(" ")
        out.append("\n")
        if self.playing and self.turn_at:
            out.append(f"▶ {self.turn[self.turn_at - 1]}", style="bold yellow")
        elif view.step == "OVER":
            out.append(f"Result: {view.result} — {view.reason}", style="bold")
        elif view.ectx is not None:
            etype = next((e.type for e in view.enemies if e.uid == view.ectx.uid), None)
            line = ' › '.join(line_short(etype, ln) for ln in view.ectx.line) or '-'
            out.append(f"Enemy {ref_label(view, 'e:' + view.ectx.uid)}: line {line}"
                       f"{' (targets ' + PRIO_SHORT.get(view.ectx.prio, view.ectx.prio) + ')' if view.ectx.prio else ''}")
        elif cursor is not None:
            # Where the arrow keys go, first: the grid (its left edge barred) or the list.
            if self.screen.focused is self.query_one(HarakiriGrid):
                out.append("arrows: grid", style="bold reverse")
                out.append(" ")
            elif not self.narrow or self.tab == "hk-grid":
                out.append("g: grid", style="dim")
                out.append(" ")
            out.append(f"Cursor {fmt(cursor)}", style="dim")
            out.append(f" {self._square_words(view, cursor)}", style="dim")
            if self.los_on and me is not None and me.p is not None and cursor != me.p:
                seen = los(view, "ally", me.p, cursor)
                out.append(f"  LOS {char_name(me.id)}→{fmt(cursor)}: ")
                if seen:
                    out.append("clear", style="bold cyan")
                else:
                    blockers = los_blockers(view, me.p, cursor)
                    out.append("blocked", style="bold red")
                    if blockers:
                        out.append(" by " + " and ".join(f"{blocker_words(view, b)} on {fmt(b)}" for b in blockers))
                out.append(f", range {distance(me.p, cursor)} (v hides)")
            elif view.sub is not None and view.sub.kind == "move":
                grid = self.query_one(HarakiriGrid)
                cost = grid.costs.get(cursor)
                out.append(f"  Moving: {view.sub.mp} MP left")
                # The path a pick here takes, on a line of its own while the move lasts.
                if cost and len(grid.path) > 1:
                    out.append(f"\nPath {'→'.join(fmt(p) for p in grid.path[1:])}: {cost} MP", style="bold")
                    out.append(" · Enter or a click goes there", style="dim")
                else:
                    out.append("\nPath: put the cursor on a square with a cost (₁₂₃…)", style="dim")
            else:
                out.append("  v line of sight · c/e next character/enemy", style="dim")
        if self.narrow:
            out.append("  tabs: g grid · c characters · e enemies", style="dim")
        self.query_one(TopPart).cards = cards
        return out

    @staticmethod
    def _square_words(view, p: int) -> str:
        """What stands on a square, in words: terrain, height, and who or what is there."""
        sq = view.squares.get(p)
        if sq is None:
            return ""
        terrain = {"door": "closed door"}.get(sq.terrain, sq.terrain)
        if sq.terrain == "plain" and p in open_doors(view):
            terrain = "open door"
        words = [terrain + (" (grave)" if sq.grave else "")]
        if sq.h:
            words.append(f"height {sq.h}")
        words += [char_name(c.id) for c in view.characters if c.p == p and not c.defeated]
        words += [enemy_label(e) + (" (ally)" if e.side == "ally" else "") for e in view.enemies if e.p == p]
        words += [f"{r.name} ({r.tokens} tokens)" for r in view.resistors if r.p == p]
        words += [pt.name for pt in view.points if pt.p == p]
        words += [f"spawn {k}" for k, v in view.spawns.items() if v == p]
        heads = view.heads_on_board.get(p, 0) + view.boss_heads_on_board.get(p, 0)
        if heads:
            words.append(f"{heads} head{'s' if heads > 1 else ''}")
        return ", ".join(words)
