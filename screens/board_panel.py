"""The decision panel's side of the board screen: which rows are listed and the key each
keeps, the detail line under them and the status line."""

from __future__ import annotations

from rich.text import Text

from tabletop.store import Store

from .common.decisions import DecisionPanel
from .common.keys import ACTION_KEYS, ENTER, KeyChart
from .common.parts import Part, show


class DecisionRows:
    """The rows, their keys, the detail and the status (mixed into BoardScreen)."""

    def _listed(self, legal: list) -> list:
        """The rows of a decision: actions the board dispatches itself (a clock running
        out) are not listed, and an action the rules list twice (two Rice Balls) is one."""
        return [a for a in dict.fromkeys(legal) if a.kind not in self.board.HIDDEN_KINDS]

    def _keys_for(self, actions: list) -> tuple[list[str | None], list[int]]:
        """The keys of ``actions`` (ENTER on the routine choice) and the order of the rows."""
        game = self.store.game
        board = self.board
        routine = board.routine(actions)
        others = [i for i in range(len(actions)) if i != routine]
        # A spend, a swap or a retarget is never the first row.
        others.sort(key=lambda i: actions[i].kind in board.LAST_KINDS)
        dumps = [game.dump_action(actions[i]) for i in others]
        pinned = [board.action_key(actions[i]) for i in others]
        keys: list[str | None] = [None] * len(actions)
        for i, key in zip(others, self.chart.assign(dumps, pinned)):
            keys[i] = key
        if routine is None:
            return keys, others
        keys[routine] = ENTER
        return keys, [routine] + others

    def _assign_keys(self) -> None:
        """The routine choice first and on Enter; every other action its own key.

        The chart learns once per decision of the game's record (a redraw of the same
        decision teaches it nothing), so its keys follow from the record alone: a game
        resumed from a save, or after an undo, is taught its record again from the start
        and shows every choice under the key it had (``_teach_chart``)."""
        store = self.store
        if store.revision < self._taught:  # an undo: the chart forgets what was taken back
            self._teach_chart()
        if not self.actions:
            self.keys, self.rows = [], []
            return
        if self._taught_now == (store.revision, tuple(self.actions)):
            return  # the same decision drawn again
        self.keys, self.rows = self._keys_for(list(self.actions))
        self._taught, self._taught_now = store.revision, (store.revision, tuple(self.actions))

    def _teach_chart(self) -> None:
        """A new chart, taught every decision of the record before the current one as
        this screen would have listed it (a human's, or a public step the humans run)."""
        store, game = self.store, self.store.game
        self.chart = KeyChart([k for k in ACTION_KEYS if k not in self.board.RESERVED_KEYS])
        self._taught, self._taught_now = 0, None
        if not isinstance(store, Store):  # a remote seat has no record to learn from
            return
        board = self.board
        board.forget_keys()
        humans = self.humans
        state = game.new(store.options, store.seed)
        for entry in store.log[: store.revision]:
            seat = game.to_move(state)
            if seat is not None:
                human = store.seats[seat].is_human
                if not human and game.is_public(state):
                    human = board.humans_run(game.view(state, None), humans)
                if human:
                    self._keys_for(self._listed(game.legal_actions(state)))
                    board.keys_drawn(game.view(state, None if game.is_public(state) else seat))
            game.apply(state, game.parse_action(entry.action))

    def _highlighted_action(self):
        row = self.query_one(DecisionPanel).row
        if row is None or row >= len(self.rows):
            return None
        return self.actions[self.rows[row]]

    def _put_detail(self) -> None:
        """The detail line: what the highlighted choice does, why the routine choice is
        missing (when it is), and the hint's reason while its row is highlighted. It
        wraps; it takes no room while there is nothing to say."""
        frame = self.frame
        detail = self.query_one("#detail", Part)
        lines: list[str] = []
        if frame is not None and frame.view is not None and self.actions and not self.curtain_up:
            game = self.store.game
            action = self._highlighted_action()
            hint = self._hint
            if hint is not None and hint[:3] == (self.store.revision, frame.seat, action):
                lines.append(f"Hint: {hint[3]}")
            if action is not None:
                said = game.explain(frame.view, frame.seat, action)
                if said:
                    lines.append(said)
            if self.board.routine(list(self.actions)) is None:
                missing = game.why_not(frame.view, frame.seat)
                if missing:
                    lines.append(missing)
        detail.put(Text("\n".join(lines)))  # emptied too: nothing of a seat's stays behind
        show(self.query_one("#detail-box"), bool(lines))

    def _set_status(self, text: str) -> None:
        self._status_parts = (text,)
        self._put_status()

    def _put_status(self) -> None:
        """The header: who moves and the phase always whole; the title and the move
        count only where they fit. When even the first two do not fit they wrap."""
        parts = [p for p in self._status_parts if p]
        width = max(1, self.size.width - 2)
        essential, extra = parts[:2], parts[2:]
        text = " · ".join(essential)
        for p in extra:
            if len(text) + 3 + len(p) <= width:
                text += " · " + p
        status = self.query_one("#status", Part)
        lines = 1 if len(text) <= width else 2
        if status.styles.height is None or status.styles.height.value != lines:
            status.styles.height = lines
        status.put(Text(text))
