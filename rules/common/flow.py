"""A game's flow as one table (issue 29).

Each rules package declares, in its own ``flow.py``, the phases of a round (or a year) as rows of
one table: the phase's name, the function that runs it (a step the rules take by themselves, or
the choices a decision offers), what it is in the rulebook's words, and which phases may follow.
The phase modules do the work of one phase and say what comes next (they return it, or put it on
the game's queue of steps); only ``flow.py`` knows them all, so no phase module imports another
one back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

END = "end"  # the game is over: no phase follows


class Phase(NamedTuple):
    """One row of a flow table."""

    name: str
    run: Callable[..., Any] | None  # None: a decision whose choices the game lists elsewhere
    says: str
    follows: tuple[str, ...] = ()


def table(*phases: Phase, outside: tuple[str, ...] = ()) -> dict[str, Phase]:
    """The rows by name, checked: each name once, each follower a row of this table (or ``END``,
    or one of ``outside``: a phase of another table of the same game)."""
    rows: dict[str, Phase] = {}
    for phase in phases:
        if phase.name in rows:
            raise ValueError(f"the phase {phase.name!r} is declared twice")
        rows[phase.name] = phase
    known = set(rows) | {END} | set(outside)
    for phase in phases:
        unknown = [f for f in phase.follows if f not in known]
        if unknown:
            raise ValueError(f"{phase.name!r} is followed by phases not declared: {unknown}")
    return rows


def runners(rows: dict[str, Phase]) -> dict[str, Callable[..., Any]]:
    """Name -> function, for a dispatch that must be one dictionary look-up."""
    return {name: phase.run for name, phase in rows.items() if phase.run is not None}


class Handoffs:
    """Named hand-offs from the end of one phase to the start of the next, where a phase ends in
    the middle of a step and the next must start at that very moment (the same order of log
    lines and dice). A phase module says ``NEXT("summer", state)``: it names the next phase
    without importing its module; the game's ``flow.py`` declares who each name is, once."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._to: dict[str, Callable[..., Any]] = {}

    def declare(self, **to: Callable[..., Any]) -> None:
        for name in to:
            if name in self._to:
                raise ValueError(f"{self.game}: the hand-off {name!r} is declared twice")
        self._to.update(to)

    def names(self) -> tuple[str, ...]:
        return tuple(self._to)

    def __call__(self, name: str, *args: Any) -> Any:
        return self._to[name](*args)
