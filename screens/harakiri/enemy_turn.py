"""The enemy turn on the Harakiri board, played back a line at a time."""

from __future__ import annotations

from rules.harakiri.narration import enemy_turn, opens_enemy_turn

from ..common.parts import Part
from .grid import HarakiriGrid
from .squares import active_character, named_squares


class EnemyTurn:
    """Playing back an enemy turn (mixed into HarakiriBoard)."""

    # -- the enemy turn, played back a line at a time ----------------------------------
    def _follow_log(self, view) -> None:
        """Start showing the enemy turn that the last action set off, if it did.

        The engine resolves a whole enemy activation inside one action; the board replays
        its log lines one by one (the line chosen and why, the path, the roll), marking
        on the grid the squares each line is about. It never holds up the decision panel,
        and a headless app (the tests) shows the whole turn at once.
        """
        lines = [ln.text for ln in view.log if ln.seats is None]  # enemy turns are public
        seen, self._seen = self._seen, len(lines)
        continuing, self._in_activation = self._in_activation, view.ectx is not None
        if seen is None or len(lines) < seen:
            # A resumed game or an undo: show the last turn, still.
            self._stop_turn()
            self.turn = self._last_enemy_turn(view, lines)
            self.turn_at = len(self.turn)
            return
        new = lines[seen:]
        start = next((i for i, ln in enumerate(new) if opens_enemy_turn(view, ln)), None)
        if start is None and not (continuing and new):
            if new and self.playing:  # the players have moved on: show the turn whole
                self._stop_turn()
                self.turn_at = len(self.turn)
            return  # a redraw with nothing new (a highlight, `v`) lets the turn play on
        if start is None:  # the activation goes on after a choice the players made
            self.turn = self.turn + enemy_turn(view, new)
        else:
            self._stop_turn()
            self.turn, self.turn_at = enemy_turn(view, new[start:]), 0
        delay = self.delay
        if delay <= 0 or not self.turn:
            self._stop_turn()
            self.turn_at = len(self.turn)
            return
        if self._timer is None:  # show the first new line at once, the others in turn
            self.turn_at = min(self.turn_at + 1, len(self.turn))
            self._timer = self.set_timer(delay, self._next_line)

    @property
    def delay(self) -> float:
        if self.play_delay is not None:
            return self.play_delay
        return 0.0 if self.app.is_headless else self.STEP_SECONDS

    def _next_line(self) -> None:
        self._stop_turn()
        self.turn_at = min(self.turn_at + 1, len(self.turn))
        if self.playing:
            self._timer = self.set_timer(self.delay, self._next_line)
        else:
            self.call_after_refresh(self._settle)
        frame = self.frame
        if frame is None or frame.view is None:
            return
        view = frame.view
        grid = self.query_one(HarakiriGrid)
        grid.trail = self._trail(view)
        grid.redraw()
        self._put("#hk-turn", self._turn_text(view), floor=4)
        self._put("#hk-top", self._top(view, active_character(view), grid.cursor))

    def _stop_turn(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def when_settled(self, callback) -> None:
        """Call back once the enemy turn on show has played out (at once if none is):
        the board screen waits so before it shows how the game ended."""
        self._settled.append(callback)
        self._settle()

    def _settle(self) -> None:
        if not self.playing:
            waiting, self._settled = self._settled, []
            for callback in waiting:
                callback()

    def _trail(self, view) -> set[int]:
        if not self.playing or self.turn_at == 0:
            return set()
        return named_squares(view, self.turn[self.turn_at - 1])

    def _last_enemy_turn(self, view, lines: list[str]) -> list[str]:
        """The log of the latest enemy activation, from its roll and the line it chose."""
        for i in range(len(lines) - 1, max(-1, len(lines) - 40), -1):
            if opens_enemy_turn(view, lines[i]):
                return enemy_turn(view, lines[i:i + 12])
        return []
