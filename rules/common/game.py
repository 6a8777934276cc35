"""The engine contract every game implements (see docs/architecture.md).

A ``Game`` holds no per-play data: everything lives in its ``State``. ``apply``
mutates the state it is given and raises ``IllegalAction`` with a player-facing
reason; it should check before it changes anything, but the store only ever
applies to a copy, so a refusal never leaks into a committed state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import cached_property
from typing import Any, ClassVar

from pydantic import TypeAdapter

from .models import ActionBase, OptionsBase, Outcome, StateBase
from .rng import Rng

# A bot sees only its own view and the legal actions, and has its own RNG.
Bot = Callable[["Game", StateBase, int, list[Any], Rng], Any]


class Game(ABC):
    id: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type[OptionsBase]]
    State: ClassVar[type[StateBase]]
    Action: ClassVar[Any]  # an Annotated Union discriminated on ``kind``

    # -- the contract -------------------------------------------------------
    @abstractmethod
    def new(self, options: OptionsBase, seed: int) -> StateBase: ...

    @abstractmethod
    def to_move(self, state: StateBase) -> int | None: ...

    @abstractmethod
    def legal_actions(self, state: StateBase) -> list[ActionBase]: ...

    @abstractmethod
    def apply(self, state: StateBase, action: ActionBase) -> None: ...

    @abstractmethod
    def view(self, state: StateBase, seat: int | None) -> StateBase:
        """A copy of ``state`` holding only what ``seat`` may see (``None``: the public)."""

    @abstractmethod
    def outcome(self, state: StateBase) -> Outcome | None: ...

    @abstractmethod
    def describe(self, action: ActionBase) -> str: ...

    @abstractmethod
    def render(self, view: StateBase, seat: int | None) -> str:
        """Plain text of a view, for the generic board and for ``tabletop`` tools."""

    # -- seats and presentation --------------------------------------------
    def seat_count(self, options: OptionsBase) -> int:
        players = getattr(options, "players", None)
        return int(players) if players is not None else self.min_seats

    def seat_labels(self, options: OptionsBase) -> list[str]:
        return [f"Seat {i + 1}" for i in range(self.seat_count(options))]

    def phase(self, view: StateBase) -> str:
        """A few words for the header: round, phase, step."""
        return ""

    def is_public(self, state: StateBase) -> bool:
        """True when the current decision is taken in the open (no curtain, public view)."""
        return False

    # -- choices taken in the open, by a seat that is not the mover ---------------
    def open_actions(self, state: StateBase, seat: int) -> list[ActionBase]:
        """The actions ``seat`` may take now on its own initiative, in the open, though it
        is not the mover (Senji's winter floor: a player opens an offer). Each is one of
        the mover's legal actions, applied exactly as the mover's; the default is none.
        Reads only what is public, so ``state`` may be any seat's view."""
        return []

    def actor(self, state: StateBase, action: ActionBase) -> int | None:
        """The seat that takes ``action`` now: the seat to move, or for an open action the
        seat that took it in the open (the log, undo and a replay's eyes name it)."""
        return self.to_move(state)

    def humans_may_act(self, state: StateBase, humans: list[int]) -> bool:
        """The one rule for a bot that moves on an open step: while a human seat in
        ``humans`` may still take an open action, the bot waits (it does not close the step
        under them); a clock running out (``clock``) ends the wait by its own action."""
        return any(self.open_actions(state, seat) for seat in humans)

    def clock(self, state: StateBase) -> tuple[Any, float, ActionBase] | None:
        """A real-time clock over the current step, kept by whoever runs the table (the
        board at one screen, the host over the network): which clock it is (the same value
        while the same clock runs), its length in seconds and the action taken in the
        mover's name at 0:00; None when no clock runs."""
        return None

    # -- explaining a choice (the detail line, the hint, the help) -------------
    def explain(self, view: StateBase, seat: int | None, action: ActionBase) -> str:
        """What ``action`` does, in the rulebook's words, seen from ``view``: the card's or
        skill's effect, the samurai's honour and ability, the pool to be rolled, what a
        token does, and its consequence where the rules know it ("a barricade falls", "a
        one-shot token is spent"). One or two short sentences; "" when nothing to add."""
        return ""

    def why_not(self, view: StateBase, seat: int | None) -> str:
        """Why a routine choice of the current decision is missing, if one is ("no free
        slot with that icon", "the defence slot is taken"); "" otherwise."""
        return ""

    def hint(self, view: StateBase, seat: int, actions: list[ActionBase]) -> tuple[ActionBase, str] | None:
        """The rules-aware bot's suggestion for ``seat``, with a one-line reason drawn from
        its own evaluation; None when the game has no such bot. It reads only ``view``
        (the mover's view), so its suggestion is the same whatever is hidden from it."""
        return None

    def help_topic(self, view: StateBase) -> str:
        """The heading of the help page's section for the current phase ("" = the top)."""
        return ""

    def seat_names(self, state: StateBase) -> list[str] | None:
        """The names the game itself gives its seats once it is set up (Spirit: the samurai
        each seat drew), for the seats the players left unnamed; None keeps the labels."""
        return None

    def headline(self, state: StateBase) -> str | None:
        """A few public words on where the game stands, for the history list and the menu's
        Resume rows, written to the journal with each move (Way of the Samurai's campaign:
        "Campaign · 5 of 6 duels · lost to Sasaki Kojirō"); None: the game's title, its
        number of actions and its result say enough."""
        return None

    def round_lines(self, view: StateBase) -> list[str]:
        """Each round of the game told in one line, from the public view (``view`` is the
        view of no seat), for the end of the game; [] lets the end screen quote the log."""
        return []

    def name_of(self, value: str) -> str:
        """A code of the state (a card, a samurai, a token) by the rulebook's name, for a
        player to read it (the replay's everything-revealed panel); a value that is no
        code of this game is returned unchanged."""
        return value

    # -- tools --------------------------------------------------------------
    def bots(self) -> dict[str, Bot]:
        """Named rules-aware bots; the random bot is always available besides these."""
        return {}

    def check_invariants(self, state: StateBase) -> None:
        """Raise AssertionError when a rule invariant is broken (tests call it)."""

    def scramble_hidden(self, state: StateBase, seat: int | None, rng: Rng) -> StateBase:
        """A copy differing from ``state`` only in what ``seat`` cannot see.

        The contract tests check that ``view`` hides all of it. The default changes
        the RNG's seed, which no seat may see; games with secrets add theirs.
        """
        other = state.model_copy(deep=True)
        other.rng = Rng(seed=rng.below(1 << 62), counter=state.rng.counter)
        return other

    # -- serialisation -----------------------------------------------------
    @cached_property
    def action_adapter(self) -> TypeAdapter[Any]:
        return TypeAdapter(self.Action)

    def parse_action(self, data: Any) -> ActionBase:
        return self.action_adapter.validate_python(data)

    def dump_action(self, action: ActionBase) -> dict[str, Any]:
        return action.model_dump(mode="json")

    def parse_options(self, data: Any) -> OptionsBase:
        return self.Options.model_validate(data)

    def parse_state(self, text: str) -> StateBase:
        return self.State.model_validate_json(text)
