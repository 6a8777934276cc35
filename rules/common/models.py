"""Base models shared by every game.

* ``Frozen``: immutable, ``extra="forbid"``; actions and options derive from it, so a
  log of actions round-trips through JSON exactly.
* ``StateBase``: the mutable game state. It carries the RNG, a ``reveals`` counter
  (bumped whenever hidden information becomes known to someone, or a seat hands the
  screen over) and the game log.
* ``LogLine``: one line of the game log; ``seats`` lists who may read it (``None``: all).
* ``Outcome``: the result once a game is over.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .attrs import plain_attributes
from .rng import Rng


class Model(BaseModel):
    """A mutable model that refuses unknown fields."""

    model_config = ConfigDict(extra="forbid")

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        plain_attributes(cls)  # attribute reads (and Plain stores) on CPython's fast path


class Frozen(BaseModel):
    """An immutable model that refuses unknown fields."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        plain_attributes(cls)  # attribute reads on CPython's fast path


class ActionBase(Frozen):
    """Every action has a literal ``kind``; a game's actions form a union on it."""

    kind: str


class OptionsBase(Frozen):
    """Setup choices. ``Options()`` must give a sensible default game.

    Field metadata drives the setup form: ``title`` labels the field, ``description``
    is the hint, ``ge``/``le`` bound numbers, ``Literal`` types become choices.
    """


class LogLine(Frozen):
    text: str
    seats: tuple[int, ...] | None = None  # None: public

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)


_new_line = LogLine.__pydantic_validator__.validate_python


# The lines of a log each seat may read, remembered per log list: a view is built after
# every action, and re-reading a long log line by line cost more than the rest of the view.
# Key: (id of the log list, seat); value: (that list, lines read, the last line read, the
# lines kept). The list itself is held, so its id cannot pass to another list while cached.
_VISIBLE: dict[tuple[int, int | None], tuple[list, int, object, tuple]] = {}


def visible_log(log: list[LogLine], seat: int | None) -> list[LogLine]:
    """The lines of ``log`` that ``seat`` may read (``None``: the public), in order: a new
    list of the same (frozen) lines. Logs only grow; a log that shrank or whose last line read
    is no longer there is read anew."""
    key = (id(log), seat)
    got = _VISIBLE.get(key)
    if got is not None and got[0] is log and got[1] <= len(log) \
            and (got[1] == 0 or log[got[1] - 1] is got[2]):
        kept, start = got[3], got[1]
    else:
        kept, start = (), 0
    if start < len(log):
        kept += tuple(line for line in log[start:] if line.seats is None
                      or (seat is not None and seat in line.seats))
        if len(_VISIBLE) >= 64 and key not in _VISIBLE:
            _VISIBLE.clear()
        _VISIBLE[key] = (log, len(log), log[-1], kept)
    return list(kept)


class StateBase(Model):
    """Fields every game state has."""

    rng: Rng
    reveals: int = 0
    log: list[LogLine] = Field(default_factory=list)

    def say(self, text: str, seats: tuple[int, ...] | None = None) -> None:
        """Append a log line (public unless ``seats`` is given)."""
        # LogLine(text=text, seats=seats) through its validator directly: the same checks and
        # the same line, without the constructor's call (every action says a line or two).
        self.log.append(_new_line({"text": text, "seats": seats}))

    def reveal(self) -> None:
        """Mark that hidden information was revealed: undo stops here."""
        self.reveals += 1

    def marks(self) -> tuple[int, int]:
        """What changes when an action is an undo checkpoint."""
        return (self.rng.counter, self.reveals)


Result = Literal["win", "loss", "draw"]


class Outcome(Frozen):
    results: tuple[Result, ...]  # one per seat
    scores: tuple[int, ...] | None = None
    explanation: str
    breakdown: tuple[str, ...] = ()  # lines of a score breakdown, if the game has one

    def key(self) -> str:
        """A short label used to count results over many games."""
        if len(set(self.results)) == 1:
            return self.results[0]
        winners = [str(i) for i, r in enumerate(self.results) if r == "win"]
        if winners:
            return "win by seat " + "+".join(winners)
        return "mixed"
