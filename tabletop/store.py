"""The store: one game in play, its action log, undo, its recorder and subscribers.

No Textual here. Screens read ``view(seat)`` and call ``dispatch``; they never touch
the state. ``dispatch`` applies the action to a copy and commits only on success,
so a refused action changes nothing. After each change the recorder (the game journal,
``tabletop.journal``) writes what changed; it never raises, and what it could not write
it says once through ``take_save_notice`` and writes after the next action.
"""

from __future__ import annotations

import copy
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from rules.common import ActionBase, Game, IllegalAction, OptionsBase, Outcome, StateBase
from rules.common.text import is_plain, plain


def _working_copy(state: StateBase) -> StateBase:
    """A deep copy to apply an action to. The game log's lines are frozen and the log only
    grows, so the copy shares them (a new list of the same lines): the copy then costs
    the same at move 2,000 as at move 10."""
    return copy.deepcopy(state, {id(state.log): list(state.log)})


@dataclass(frozen=True)
class LogEntry:
    revision: int
    seat: int | None
    action: dict[str, Any]
    summary: str
    checkpoint: bool


@dataclass(frozen=True)
class Seat:
    name: str
    controller: str = "human"  # "human" or a bot name

    def __post_init__(self) -> None:
        # Names are checked where they enter (the setup form, options, saves, the journal,
        # the network); this is the last line: a seat's name never holds a control character.
        if not is_plain(self.name):
            object.__setattr__(self, "name", plain(self.name))

    @property
    def is_human(self) -> bool:
        return self.controller == "human"


Listener = Callable[["Store"], None]


class Recorder(Protocol):
    def record(self, store: Store) -> bool: ...

    def take_notice(self) -> str | None: ...

    def release(self) -> None: ...


@dataclass
class Store:
    game: Game
    options: OptionsBase
    seed: int
    seats: list[Seat]
    state: StateBase
    log: list[LogEntry] = field(default_factory=list)
    game_uid: str = field(default_factory=lambda: secrets.token_hex(8))
    created: float = field(default_factory=time.time)
    recorder: Recorder | None = None
    # State right after the newest checkpoint, and the log length there: undo replays from
    # it. A committed state is never changed again (dispatch works on a copy), so keeping a
    # reference costs nothing per action; undo copies it before replaying.
    _anchor: tuple[int, StateBase] | None = None
    _listeners: list[Listener] = field(default_factory=list)

    @classmethod
    def new(
        cls,
        game: Game,
        options: OptionsBase | None = None,
        seed: int | None = None,
        seats: list[Seat] | None = None,
    ) -> Store:
        options = options if options is not None else game.Options()
        seed = seed if seed is not None else secrets.randbelow(1 << 31)
        labels = game.seat_labels(options)
        if seats is None:
            seats = [Seat(name) for name in labels]
        state = game.new(options, seed)
        named = game.seat_names(state)
        if named:  # a seat left with its placeholder takes the name the game gave it
            seats = [Seat(named[i], s.controller) if i < len(labels) and s.name == labels[i] else s
                     for i, s in enumerate(seats)]
        return cls(game, options, seed, seats, state)

    # -- reading -----------------------------------------------------------
    @property
    def revision(self) -> int:
        return len(self.log)

    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def legal_actions(self) -> list[ActionBase]:
        return self.game.legal_actions(self.state)

    def view(self, seat: int | None) -> StateBase:
        return self.game.view(self.state, seat)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def finished(self) -> bool:
        return self.outcome() is not None

    # -- acting ------------------------------------------------------------
    def dispatch(self, action: ActionBase) -> LogEntry:
        """Apply ``action``; raise IllegalAction (and change nothing) if it is refused."""
        entry = self._apply(action)
        self._record()
        self._notify()
        return entry

    def _apply(self, action: ActionBase, replay: bool = False) -> LogEntry:
        """Apply to a copy and commit. ``replay`` (loading a save, whose store is thrown
        away on any error) applies in place and leaves undo to replay from the start."""
        game = self.game
        if game.to_move(self.state) is None:
            raise IllegalAction("The game is over.")
        legal = game.legal_actions(self.state)
        work = self.state if replay else _working_copy(self.state)
        before = work.marks()
        seat = game.actor(work, action)
        game.apply(work, action)  # raises IllegalAction with the rules' own reason
        if action not in legal:
            # The rules accepted it, but it was not offered now: refuse it all the same.
            raise IllegalAction(f"“{game.describe(action)}” is not one of the choices now.")
        checkpoint = work.marks() != before
        self.state = work
        entry = LogEntry(
            revision=len(self.log) + 1,
            seat=seat,
            action=game.dump_action(action),
            summary=game.describe(action),
            checkpoint=checkpoint,
        )
        self.log.append(entry)
        if checkpoint and not replay:
            self._anchor = (len(self.log), work)
        return entry

    # -- undo --------------------------------------------------------------
    def undo_block(self) -> str | None:
        """Why undo is not possible now, or None when it is."""
        if not self.log:
            return "Nothing to undo yet."
        if self.log[-1].checkpoint:
            return "The last action drew, rolled or revealed something, so it cannot be undone."
        return None

    def can_undo(self) -> bool:
        return self.undo_block() is None

    def undo(self) -> LogEntry:
        """Take back the last action (never across a checkpoint) and return it."""
        reason = self.undo_block()
        if reason is not None:
            raise IllegalAction(reason)
        last = self.log.pop()
        start, state = self._replay_base()
        for entry in self.log[start:]:
            self.game.apply(state, self.game.parse_action(entry.action))
        self.state = state
        self._record()
        self._notify()
        return last

    def _replay_base(self) -> tuple[int, StateBase]:
        if self._anchor is not None and self._anchor[0] <= len(self.log):
            return self._anchor[0], self._anchor[1].model_copy(deep=True)
        return 0, self.game.new(self.options, self.seed)

    # -- subscribers -------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _notify(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    # -- saving ------------------------------------------------------------
    def _record(self) -> None:
        if self.recorder is not None:
            self.recorder.record(self)

    def take_save_notice(self) -> str | None:
        """A sentence about saving (it failed, or works again) not yet shown, once."""
        return self.recorder.take_notice() if self.recorder is not None else None
