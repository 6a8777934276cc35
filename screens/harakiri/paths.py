"""A move along the cheapest path, taken step by step as one decision, and the line of
sight to the grid cursor (part of the Harakiri board)."""

from __future__ import annotations

from rules.harakiri.core import CHAR_MOVER
from rules.harakiri.grid import can_end, cheapest, occupancy, path_to, resistor_squares, trace
from rules.harakiri.model import fmt

from ..common.frame import ChooseAction
from .squares import action_square, active_character, los_blockers


class GridPaths:
    """The board's moves along a path and its line of sight (mixed into HarakiriBoard)."""

    # -- a move along the cheapest path, as one decision ----------------------------------
    def _path_for(self, p: int | None, costs: dict[int, int]) -> list[int]:
        """The cheapest path of this move to ``p`` (start first), or [] when p is not reachable."""
        if p is None or p not in costs or self._paths is None:
            return []
        start, parent = self._paths
        return path_to(parent, start, p)

    def _walk_to(self, view, actions, path: list[int]) -> bool:
        """Take the first step of ``path``; the board takes the next ones as the frames come."""
        first = next((a for a in actions if a.kind == "step" and action_square(view, a) == path[1]), None)
        if first is None:
            return False
        self._walk, self._walk_from = path[2:], path[1]
        self._walk_log, self._walk_view = len(view.log), view
        self.post_message(ChooseAction(first))
        return True

    def _walk_on(self, view, actions) -> None:
        """The next step of a move along a path, once the last one is in: each step is a
        legal action of its own, and anything else happening on the way (a line in the
        log: an event, a reaction; a choice to make) stops the walk where it is."""
        if not self._walk or view is self._walk_view:
            return
        self._walk_view = view
        me = active_character(view)
        nxt = self._walk[0]
        step = next((a for a in actions if a.kind == "step" and action_square(view, a) == nxt), None)
        if (me is None or me.p != self._walk_from or step is None or len(view.log) != self._walk_log
                or view.pending is not None or view.sub is None or view.sub.kind != "move"):
            self._walk = []
            if me is not None and me.p is not None:
                self.notify(f"The move stopped on {fmt(me.p)}: something happened on the way.", timeout=4)
            return
        self._walk, self._walk_from = self._walk[1:], nxt
        self.post_message(ChooseAction(step))

    def _costs(self, view, me) -> dict[int, int]:
        """Squares the active character can end this move on, with the least MP each costs."""
        if me is None or me.p is None or view.sub is None or view.sub.kind != "move":
            self._paths = None
            return {}
        occ, res = occupancy(view), resistor_squares(view)
        cost, parent = cheapest(view, CHAR_MOVER, me.p, view.sub.mp, occ, res)
        self._paths = (me.p, parent)
        return {s: c for s, c in cost.items() if s != me.p and can_end(view, CHAR_MOVER, s, occ, res, me.p)}

    def _line(self, view, me, cursor):
        """The line of sight to the cursor: the squares it enters and what blocks it."""
        if not self.los_on or me is None or me.p is None or cursor is None or cursor == me.p:
            return None
        entered, _ = trace(me.p, cursor)
        return entered, los_blockers(view, me.p, cursor)
