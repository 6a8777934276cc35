"""Small positions for the Harakiri tests: tiny boards and forced dice."""

from __future__ import annotations

from pydantic import PrivateAttr

from rules.common import Rng
from rules.harakiri import GAME
from rules.harakiri.core import TERRAIN, place_enemy
from rules.harakiri.model import HarakiriState, QCard, Square, pos


class Forced(Rng):
    """An RNG whose die rolls come from a list first (then from the hash)."""

    _faces: list[int] = PrivateAttr(default_factory=list)

    def push(self, *faces: int) -> Forced:
        self._faces.extend(faces)
        return self

    def roll(self, sides: int = 6) -> int:
        if self._faces:
            self.counter += 1
            return self._faces.pop(0)
        return super().roll(sides)

    @property
    def left(self) -> list[int]:
        return list(self._faces)


def forced(state: HarakiriState, *faces: int) -> Forced:
    rng = Forced(seed=state.rng.seed, counter=state.rng.counter)
    rng.push(*faces)
    state.rng = rng
    return rng


def tiny(rows: list[str], chars: dict[str, tuple[int, int]] | None = None,
         enemies: list[tuple[str, tuple[int, int]]] | None = None, active: str | None = None,
         heights: list[str] | None = None, oracle: str = "g1", **opts) -> HarakiriState:
    """A board from rows of terrain letters; listed characters and enemies; one active card."""
    s = GAME.new(GAME.Options(**opts), 1)
    s.squares = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            h = int(heights[y][x]) if heights else 0
            s.squares[pos(x, y)] = Square(terrain=TERRAIN.get(ch, "plain"), h=h, zone="Z1")
    s.enemies, s.resistors, s.points, s.spawns, s.starts = [], [], [], {}, []
    s.heads_on_board = {}
    for c in s.characters:
        c.p = None
    for cid, (x, y) in (chars or {}).items():
        next(c for c in s.characters if c.id == cid).p = pos(x, y)
    for etype, (x, y) in enemies or []:
        place_enemy(s, etype, pos(x, y), "Z1")
    s.step = "ACTIVATE"
    s.queue = [QCard(ref="c:" + c) for c in (chars or {})] + [QCard(ref="e:" + e.uid) for e in s.enemies]
    s.active = active
    o = s.oracle
    for pile in (o.deck, o.supply, o.discard):
        if oracle in pile:
            pile.remove(oracle)
    if o.current:
        o.supply.append(o.current)
    o.current = oracle
    s.log = []
    return s


def ch(s: HarakiriState, cid: str):
    return next(c for c in s.characters if c.id == cid)


def en(s: HarakiriState, uid: str):
    return next(e for e in s.enemies if e.uid == uid)


def texts(s: HarakiriState) -> str:
    return "\n".join(line.text for line in s.log)


def random_game(options, seed: int, before=None, after=None) -> HarakiriState:
    """A game of random moves (at most 3,000) from ``seed``: ``before(state)`` is called
    before each action, ``after(state)`` after it; the state at the end is returned."""
    state, rng = GAME.new(options, seed), Rng(seed=seed)
    for _ in range(3000):
        if GAME.outcome(state) is not None:
            break
        if before is not None:
            before(state)
        acts = GAME.legal_actions(state)
        GAME.apply(state, acts[rng.below(len(acts))])
        if after is not None:
            after(state)
    return state
