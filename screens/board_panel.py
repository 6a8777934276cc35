"""The decision panel's side of the board screen: which rows are listed and the key each
keeps, the detail line under them and the status line."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text

from tabletop.store import Store

from .common.decisions import DecisionPanel
from .common.keys import ACTION_KEYS, ENTER, KeyChart, KeyStep, pressed_paths, sound_paths, step_entries
from .common.parts import Part, show

GROUP_MARK = "\u00a0›"  # how a group row ends: a no-break space and ›, so wrapping never parts them


class DecisionRows:
    """The rows, their keys, the detail and the status (mixed into BoardScreen)."""

    # The decision's keys (set anew at each decision, ``_assign_keys``).
    order: list[int] = []  # the actions in the order they are listed (the routine first)
    paths: list = []  # paths[i]: action i's path of KeyStep, or None (the screen's key)
    own: list[str | None] = []  # own[i]: the key of an action without a path (ENTER: the routine)
    pressed: list[tuple[str, ...]] = []  # pressed[i]: the keys that play action i from the first step
    entries: list = []  # the rows of the step on screen (keys.Entry)
    prefix: tuple[str, ...] = ()  # the keys that opened the step on screen (): the first step
    _opened: list[tuple[str, ...]] = []  # the steps opened before it (Escape goes back)
    _flat_from: int | None = None  # rows from here: every action, listed while a filter is typed

    def _listed(self, legal: list) -> list:
        """The rows of a decision: actions the board dispatches itself (a clock running
        out) are not listed, and an action the rules list twice (two Rice Balls) is one."""
        return [a for a in dict.fromkeys(legal) if a.kind not in self.board.HIDDEN_KINDS]

    def _keys_for(self, actions: list, public=None) -> tuple[list[str | None], list[int], list, list[str | None]]:
        """The keys of ``actions``: each one's own key (ENTER on the routine choice; the
        last key of its path where the board gives one), the order of the rows, the
        paths (``BoardBase.key_paths``, None where the screen keys the action itself)
        and the keys of the actions without a path."""
        game = self.store.game
        board = self.board
        routine = board.routine(actions)
        others = [i for i in range(len(actions)) if i != routine]
        # A spend, a swap or a retarget is never the first row.
        others.sort(key=lambda i: actions[i].kind in board.LAST_KINDS)
        given = board.key_paths(public, actions) if public is not None else None
        if given is None:
            given = [(KeyStep(k),) if (k := board.action_key(a)) else None for a in actions]
        if routine is not None:
            given = list(given)
            given[routine] = None
        paths = sound_paths(given)
        dumps = [game.dump_action(actions[i]) for i in others]
        pinned = [paths[i][0].key if paths[i] else None for i in others]
        own: list[str | None] = [None] * len(actions)
        for i, key in zip(others, self.chart.assign(dumps, pinned)):
            if paths[i] is None:
                own[i] = key
        keys = [p[-1].key if p else own[i] for i, p in enumerate(paths)]
        order = others if routine is None else [routine] + others
        if routine is not None:
            keys[routine] = own[routine] = ENTER
        return keys, order, paths, own

    def _assign_keys(self) -> None:
        """The routine choice first and on Enter; every other action its own key.

        The chart learns once per decision of the game's record (a redraw of the same
        decision teaches it nothing), so its keys follow from the record alone: a game
        resumed from a save, or after an undo, is taught its record again from the start
        and shows every choice under the key it had (``_teach_chart``). A new decision
        starts at its first step."""
        store = self.store
        if store.revision < self._taught:  # an undo: the chart forgets what was taken back
            self._teach_chart()
        if not self.actions:
            self.keys, self.rows, self.order, self.paths, self.own = [], [], [], [], []
            self.pressed, self.entries, self.prefix, self._opened = [], [], (), []
            return
        if self._taught_now == (store.revision, tuple(self.actions)):
            return  # the same decision drawn again
        self.keys, self.order, self.paths, self.own = self._keys_for(list(self.actions), store.view(None))
        self.pressed = pressed_paths(self.paths, self.order, self.own)
        self.prefix, self._opened = (), []
        self._step()
        self._taught, self._taught_now = store.revision, (store.revision, tuple(self.actions))

    # -- the steps of a choice (two-step choices: a group, then its members) ----------
    def _step(self) -> None:
        """The rows of the step the player is in: ``entries`` (an action or a group each)
        and ``rows`` (the panel's rows: the action each plays, None for a group; then,
        in the first step, every action once more, listed while a filter is typed)."""
        self.entries, self.prefix = step_entries(self.paths, self.order, self.prefix, self.own)
        self.rows = [e.action for e in self.entries]
        self._flat_from = None
        if not self.prefix and any(e.action is None for e in self.entries):
            self._flat_from = len(self.rows)
            self.rows = self.rows + list(self.order)

    def _step_header(self) -> str | None:
        """The second step's header: what is being chosen, and that Escape goes back."""
        if not self.prefix:
            return None
        depth = len(self.prefix) - 1
        member = next((e.action for e in self.entries if e.action is not None), None)
        if member is None:  # a step of groups: any of them holds the way here
            first = self.entries[0].opens if self.entries else ()
            member = next((i for i in self.order if self.paths[i] and
                           tuple(s.key for s in self.paths[i][:len(first)]) == first), None)
        path = self.paths[member] if member is not None and self.paths[member] else None
        said = (path[depth].question or path[depth].label) if path is not None else ""
        if path is not None and depth and path[0].label:  # a third step: what the first chose, too
            said = path[0].label.rstrip(GROUP_MARK) + f" › {said}"
        return f"{said} · Esc: back" if said else "Esc: back"

    def _show_step(self, panel: DecisionPanel) -> None:
        """Put the step's rows on the panel (a group's row says what it opens)."""
        game = self.store.game
        labels, keys = [], []
        for r, index in enumerate(self.rows):
            if self._flat_from is not None and r >= self._flat_from:
                labels.append(game.describe(self.actions[index]))
                keys.append("".join(self.pressed[index]) or None)
                continue
            entry = self.entries[r]
            labels.append(game.describe(self.actions[index]) if index is not None else entry.label)
            keys.append(entry.key)
        panel.show(labels, keys=keys, header=self._step_header(), flat_from=self._flat_from)

    def _step_keys(self) -> tuple[str | None, ...]:
        """Each action's key in the step on screen; None for an action not listed in it
        (the map shows a key beside a province only when that key picks it now)."""
        out: list[str | None] = [None] * len(self.actions)
        for e in self.entries:
            if e.action is not None:
                out[e.action] = e.key
        return tuple(out)

    def _restep(self, prefix: tuple[str, ...], row: int | None = None) -> None:
        """Go to the step at ``prefix`` and redraw the list and the board's keys."""
        self.prefix = prefix
        self._step()
        panel = self.query_one(DecisionPanel)
        self._show_step(panel)
        if row is not None:
            panel.show_row(row)
        frame = self.frame
        if frame is not None:
            self.frame = replace(frame, highlight=self._highlighted_action(), keys=self._step_keys())
        self._put_detail()

    def _press_key(self, key: str) -> bool:
        """A key of the step on screen: play its action or open its group. In a second
        step any other key is refused with a word on how to go back."""
        entry = next((e for e in self.entries if e.key == key), None)
        if entry is None:
            if self.prefix and key in self.chart.keys:
                self.notify(f"No choice is on “{key}” in this step: press a key beside the rows, or Escape to go back.",
                            severity="warning", timeout=3, markup=False)
                return True
            return False
        if entry.action is not None:
            self.action_pick(entry.action)
        else:
            self._opened.append(self.prefix)
            self._restep(entry.opens)
            self.query_one(DecisionPanel).focus()
        return True

    def _step_back(self) -> bool:
        """Escape or Backspace in a second step: back to the step before."""
        if not self.prefix:
            return False
        self._restep(self._opened.pop() if self._opened else ())
        return True

    def _reveal(self, index: int) -> int:
        """Open the step where action ``index`` is a row of its own; its row there."""
        pressed = self.pressed[index] if index < len(self.pressed) else ()
        prefix: tuple[str, ...] = ()
        opened: list[tuple[str, ...]] = []
        for key in pressed[:-1]:
            entries, prefix = step_entries(self.paths, self.order, prefix, self.own)
            entry = next(e for e in entries if e.key == key)
            opened.append(prefix)
            prefix = entry.opens
        if prefix != self.prefix:
            self._opened = opened
            self.prefix = prefix
            self._step()
            self._show_step(self.query_one(DecisionPanel))
            frame = self.frame
            if frame is not None:
                self.frame = replace(frame, keys=self._step_keys())
        return self.rows.index(index)

    def _enter_row(self, row: int, moved: bool) -> bool:
        """Enter on a group's row the player moved to opens it (it plays nothing);
        False for an action's row (the screen's Enter rules decide)."""
        if row >= len(self.rows) or self.rows[row] is not None:
            return False
        if moved:
            entry = self.entries[row]
            self._opened.append(self.prefix)
            self._restep(entry.opens)
        else:
            self.notify("Enter picks only the ⏎ row or a row you moved to (this one opens a group): press the "
                        "key beside it, or ↑↓ then Enter.", severity="warning", timeout=4, markup=False)
        return True

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
                    self._keys_for(self._listed(game.legal_actions(state)), game.view(state, None))
                    board.keys_drawn(game.view(state, None if game.is_public(state) else seat))
            game.apply(state, game.parse_action(entry.action))

    def _highlighted_action(self):
        row = self.query_one(DecisionPanel).row
        if row is None or row >= len(self.rows) or self.rows[row] is None:
            return None  # no row, or a group's row
        return self.actions[self.rows[row]]

    def _highlighted_group(self):
        """The group (keys.Entry) whose row is highlighted, or None."""
        row = self.query_one(DecisionPanel).row
        if row is None or row >= len(self.entries) or self.rows[row] is not None:
            return None
        return self.entries[row]

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
            else:
                group = self._highlighted_group()
                if group is not None:
                    lines.append(f"{group.key} lists these {group.size} choices, each under its own key "
                                 "(Escape comes back here).")
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
