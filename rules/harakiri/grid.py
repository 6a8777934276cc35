"""Grid algorithms of spec §5.1-§5.4: line trace, range, line of sight, movement, reach.

Every function takes the state (for terrain) and an occupancy map built once by
``occupancy(state)``: square -> (side, ref, spectral_on_terrain). Sides are ``"ally"``
(characters and allied wanderers) and ``"foe"`` (the Shogun's followers, hostile wanderers).
"""

from __future__ import annotations

import heapq
from operator import is_
from collections.abc import Iterator
from itertools import count
from math import gcd
from typing import NamedTuple

from .model import W, HarakiriState, pos, xy

BLOCK_TERRAIN = ("inaccessible", "door")


class Mover(NamedTuple):
    side: str
    moves: str = "walk"  # walk | flying | spectral
    swims: bool = False
    large: bool = False


def sign(v: int) -> int:
    return (v > 0) - (v < 0)


def trace(a: int, b: int) -> tuple[list[int], list[int]]:
    """Squares the centre-to-centre line enters, and the side squares of exact corners."""
    ax, ay = xy(a)
    bx, by = xy(b)
    nx, ny = abs(bx - ax), abs(by - ay)
    sx, sy = sign(bx - ax), sign(by - ay)
    x, y, i, j = ax, ay, 1, 1
    entered: list[int] = []
    touched: list[int] = []
    while i <= nx or j <= ny:
        tx, ty = (2 * i - 1) * ny, (2 * j - 1) * nx
        if j > ny or (i <= nx and tx < ty):
            x += sx
            i += 1
        elif i > nx or ty < tx:
            y += sy
            j += 1
        else:
            touched += [pos(x + sx, y), pos(x, y + sy)]
            x += sx
            y += sy
            i += 1
            j += 1
        entered.append(pos(x, y))
    return entered, touched


_TRACES: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
_DISTANCES: dict[int, int] = {}


def _trace(a: int, b: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``trace`` remembered: the line between two squares never changes."""
    k = a << 16 | b
    got = _TRACES.get(k)
    if got is None:
        if len(_TRACES) > 200_000:
            _TRACES.clear()
        entered, touched = trace(a, b)
        got = _TRACES[k] = (tuple(entered), tuple(touched))
    return got


def distance(a: int, b: int) -> int:
    """Range: the number of squares the line enters (closed form of ``len(trace)``)."""
    k = a << 16 | b
    got = _DISTANCES.get(k)
    if got is None:
        if len(_DISTANCES) > 200_000:
            _DISTANCES.clear()
        got = _DISTANCES[k] = _distance(a, b)
    return got


def _distance(a: int, b: int) -> int:
    ax, ay = xy(a)
    bx, by = xy(b)
    nx, ny = abs(bx - ax), abs(by - ay)
    g = gcd(nx, ny)
    if g == 0:
        return 0
    c = g if (nx // g) % 2 == 1 and (ny // g) % 2 == 1 else 0
    return nx + ny - c


def chebyshev(a: int, b: int) -> int:
    dx, dy = a % W - b % W, a // W - b // W
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx if dx > dy else dy


def height(state: HarakiriState, p: int) -> int:
    sq = state.squares.get(p)
    return sq.h if sq is not None else 0


def in_range(state: HarakiriState, a: int, b: int, r: int) -> bool:
    """The attack (and ``M rN``) range test, with the height rule for short ranges."""
    d = _DISTANCES.get(a << 16 | b)
    if d is None:
        d = distance(a, b)
    if d > r:
        return False
    if r > 2:
        return True
    sqs = state.squares
    sa, sb = sqs.get(a), sqs.get(b)  # height(state, a) == height(state, b)
    return (sa.h if sa is not None else 0) == (sb.h if sb is not None else 0)


_TOUCH = frozenset((1, W - 1, W, W + 1))


def adjacent(state: HarakiriState, a: int, b: int) -> bool:
    """Same height, touching along a side or corner."""
    if abs(a - b) not in _TOUCH or abs(a % W - b % W) > 1:  # chebyshev(a, b) != 1
        return False
    sqs = state.squares
    sa, sb = sqs.get(a), sqs.get(b)  # height(state, a) == height(state, b)
    return (sa.h if sa is not None else 0) == (sb.h if sb is not None else 0)


def occupancy(state: HarakiriState, exclude: str | None = None) -> dict[int, tuple[str, str]]:
    occ: dict[int, tuple[str, str]] = {}
    for c in state.characters:
        if c.p is not None and not c.defeated:
            ref = "c:" + c.id
            if ref != exclude:
                occ[c.p] = ("ally", ref)
    for e in state.enemies:
        ref = "e:" + e.uid
        if ref != exclude:
            occ[e.p] = (e.side, ref)
    return occ


def resistor_squares(state: HarakiriState) -> set[int]:
    return {r.p for r in state.resistors}


def occupied_for(state: HarakiriState, side: str, p: int, cross: bool,
                 occ: dict[int, tuple[str, str]], res: set[int]) -> bool:
    sq = state.squares.get(p)
    if sq is None or sq.terrain in BLOCK_TERRAIN:
        return True
    if cross:
        return False
    if sq.terrain == "obstacle" or p in res:
        return True
    c = occ.get(p)
    return c is not None and c[0] != side


def los(state: HarakiriState, side: str, a: int, b: int,
        occ: dict[int, tuple[str, str]] | None = None, res: set[int] | None = None,
        g: Geometry | None = None) -> bool:
    """Line of sight (spec §5.2); ``g``, the board's ``geometry``, saves looking it up."""
    if occ is None:
        occ = occupancy(state)
    if res is None:
        res = resistor_squares(state)
    sight = (g or geometry(state)).sight(a, b)
    if sight is None:  # the terrain alone blocks the line
        return False
    entered, touched, n = sight
    for s in entered:
        if s in res:
            return False
        c = occ.get(s)
        if c is not None and c[0] != side:
            return False
    for s in touched:
        c = occ.get(s)
        if s in res or (c is not None and c[0] != side):
            n += 1
    return n < 2


_SIGHTS: dict[tuple, dict[int, bool]] = {}


def sights(state: HarakiriState, side: str, occ: dict[int, tuple[str, str]], res: set[int],
           g: Geometry | None = None) -> dict[int, bool]:
    """A memo of ``los`` answers for one side and one set of blockers (``a << 16 | b`` ->
    bool), shared by every search that sees the same board and blockers."""
    g = g or geometry(state)
    key = (g, side, frozenset(res).union([p for p, c in occ.items() if c[0] != side]))
    got = _SIGHTS.get(key)
    if got is None:
        if len(_SIGHTS) > 256:
            _SIGHTS.clear()
        got = _SIGHTS[key] = {}
    return got


def neighbours(state: HarakiriState, p: int) -> Iterator[int]:
    x, y = xy(p)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx or dy:
                nx_, ny_ = x + dx, y + dy
                if 0 <= nx_ < W and ny_ >= 0:
                    q = pos(nx_, ny_)
                    if q in state.squares:
                        yield q


def adjacent_for_move(state: HarakiriState, m: Mover, a: int, b: int) -> bool:
    if chebyshev(a, b) != 1:
        return False
    sa, sb = state.squares[a], state.squares[b]
    if sa.h == sb.h:
        return True
    return sa.link == b or sb.link == a or m.moves in ("flying", "spectral")


def enterable(state: HarakiriState, m: Mover, p: int,
              occ: dict[int, tuple[str, str]], res: set[int]) -> bool:
    sq = state.squares.get(p)
    if sq is None:
        return False
    if m.moves == "spectral":
        return True
    if sq.terrain in BLOCK_TERRAIN:
        return False
    if m.moves == "flying":
        return True
    if sq.terrain == "obstacle" or p in res:
        return False
    c = occ.get(p)
    return not (c is not None and c[0] != m.side)


def can_end(state: HarakiriState, m: Mover, p: int,
            occ: dict[int, tuple[str, str]], res: set[int], me: int | None = None) -> bool:
    if not enterable(state, m, p, occ, res):
        return False
    if p in res or (p in occ and p != me):
        return False
    return m.moves == "spectral" or state.squares[p].terrain not in ("obstacle",) + BLOCK_TERRAIN


def blocks_move(state: HarakiriState, m: Mover, p: int,
                occ: dict[int, tuple[str, str]], res: set[int]) -> bool:
    sq = state.squares.get(p)
    if sq is None or sq.terrain in BLOCK_TERRAIN or sq.terrain == "obstacle" or p in res:
        return True
    c = occ.get(p)
    return c is not None and c[0] != m.side


def is_ladder(state: HarakiriState, p: int) -> bool:
    sq = state.squares.get(p)
    return sq is not None and (sq.terrain == "ladder" or sq.link is not None)


def step_cost(state: HarakiriState, m: Mover, a: int) -> int:
    if state.squares[a].terrain == "difficult" and not (m.moves in ("flying", "spectral") or m.swims):
        return 2
    return 1


def step_ok(state: HarakiriState, m: Mover, a: int, b: int, mp: int,
            occ: dict[int, tuple[str, str]], res: set[int]) -> bool:
    if b not in state.squares or not adjacent_for_move(state, m, a, b):
        return False
    if not enterable(state, m, b, occ, res):
        return False
    if m.large and (is_ladder(state, a) or is_ladder(state, b)):
        return False
    ax, ay = xy(a)
    bx, by = xy(b)
    if ax != bx and ay != by and m.moves != "spectral":
        for s in (pos(bx, ay), pos(ax, by)):
            if m.moves == "flying":
                sq = state.squares.get(s)
                if not (sq is None or sq.terrain in BLOCK_TERRAIN):
                    continue
            if blocks_move(state, m, s, occ, res):
                return False
    return step_cost(state, m, a) <= mp


def moves_from(state: HarakiriState, p: int) -> list[int]:
    out = list(neighbours(state, p))
    link = state.squares[p].link
    if link is not None and link not in out:
        out.append(link)
    return out


# -- static geometry tables ---------------------------------------------------------------
#
# What a square's terrain, height and ladder say about a step never changes while the squares
# stay the same objects (squares are frozen and replaced, never mutated), so the static half
# of ``step_ok`` and ``can_end`` is worked out once per board and mover kind; only the
# squares held by the other side or a resistor are checked per search. Nothing here is part
# of the state: it is derived, kept outside it, and changes no rule.

class _Board(NamedTuple):
    squares: dict


Edge = tuple[int, int, tuple[int, ...]]  # destination, MP the step costs, squares that must be free


class Geometry:
    """The movement tables of one board: per mover kind, the steps out of every square."""

    def __init__(self, squares: dict) -> None:
        self.board = _Board(dict(squares))
        self.moves = {p: tuple(moves_from(self.board, p)) for p in squares}  # type: ignore[arg-type]
        self._edges: dict[tuple[str, bool, bool], tuple[dict[int, tuple[Edge, ...]], frozenset[int]]] = {}
        self._sight: dict[int, tuple[tuple[int, ...], tuple[int, ...], int] | None] = {}
        self._around: dict[int, tuple[int, ...]] = {}
        self._within: dict[tuple[int, int], frozenset[int]] = {}
        # The flat board: every square numbered 0..n-1 in the squares' order, so that the
        # reach search works on list indices (``flat``).
        self.order: tuple[int, ...] = tuple(squares)
        self.index: dict[int, int] = {p: i for i, p in enumerate(self.order)}
        self._flat: dict[tuple[str, bool, bool], tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]] = {}

    def sight(self, a: int, b: int) -> tuple[tuple[int, ...], tuple[int, ...], int] | None:
        """``los`` with no creature nor resistor on the board: None if the terrain blocks the
        line, else the entered and corner squares a creature or resistor could still block,
        and how many corners the terrain already blocks."""
        k = a << 16 | b
        if k in self._sight:
            return self._sight[k]
        got = self._sight[k] = self._line(a, b)
        return got

    def _line(self, a: int, b: int) -> tuple[tuple[int, ...], tuple[int, ...], int] | None:
        b_ = self.board
        entered, touched = _trace(a, b)
        cross = height(b_, a) != height(b_, b)  # type: ignore[arg-type]
        no_one: dict[int, tuple[str, str]] = {}
        dyn_e: list[int] = []
        for s in entered[:-1]:
            if occupied_for(b_, "", s, cross, no_one, set()):  # type: ignore[arg-type]
                return None
            if not cross:
                dyn_e.append(s)
        n = 0
        dyn_t: list[int] = []
        for s in touched:
            if s == a or s == b:
                continue
            if occupied_for(b_, "", s, cross, no_one, set()):  # type: ignore[arg-type]
                n += 1
            elif not cross:
                dyn_t.append(s)
        return tuple(dyn_e), tuple(dyn_t), n

    def within(self, p: int, r: int) -> frozenset[int]:
        """The board's squares at most ``r`` from ``p`` (``distance``), whatever their height."""
        key = (p, r)
        got = self._within.get(key)
        if got is None:
            got = self._within[key] = frozenset(s for s in self.board.squares if distance(s, p) <= r)
        return got

    def around(self, p: int) -> tuple[int, ...]:
        """The board's squares touching ``p`` (sides and corners), whatever their height."""
        got = self._around.get(p)
        if got is None:
            got = self._around[p] = tuple(neighbours(self.board, p))  # type: ignore[arg-type]
        return got

    def tables(self, m: Mover) -> tuple[dict[int, tuple[Edge, ...]], frozenset[int]]:
        """The steps out of each square (static checks passed) and the squares one may end on."""
        key = (m.moves, m.swims, m.large)
        got = self._edges.get(key)
        if got is None:
            got = self._edges[key] = self._build(m)
        return got

    def flat(self, m: Mover) -> tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]:
        """``tables(m)``'s steps by square number (``index``): for square ``i``, the steps
        out of it as (destination's number, MP, numbers of the squares that must be free),
        in the same order."""
        key = (m.moves, m.swims, m.large)
        got = self._flat.get(key)
        if got is None:
            edges, _ = self.tables(m)
            ix = self.index
            got = self._flat[key] = tuple(
                tuple((ix[n], cost, tuple(ix[s] for s in dyn)) for n, cost, dyn in edges[p])
                for p in self.order)
            # a step needs at most its square and the two corners free (``_reachable`` reads 3)
            assert all(len(dyn) <= 3 for row in got for _, _, dyn in row)
        return got

    def _build(self, m: Mover) -> tuple[dict[int, tuple[Edge, ...]], frozenset[int]]:
        b, sqs = self.board, self.board.squares
        edges: dict[int, tuple[Edge, ...]] = {}
        for a, outs in self.moves.items():
            row: list[Edge] = []
            cost = step_cost(b, m, a)  # type: ignore[arg-type]
            for n in outs:
                dyn = _static_step(b, m, a, n)
                if dyn is not None:
                    row.append((n, cost, dyn))
            edges[a] = tuple(row)
        ends = frozenset(p for p, sq in sqs.items()
                         if m.moves == "spectral" or sq.terrain not in ("obstacle",) + BLOCK_TERRAIN)
        return edges, ends


def _static_step(b, m: Mover, a: int, n: int) -> tuple[int, ...] | None:
    """``step_ok`` with an empty board and unlimited MP: None if the step can never be taken,
    else the squares that an enemy of the mover or a resistor would block."""
    sqs = b.squares
    if n not in sqs or not adjacent_for_move(b, m, a, n):
        return None
    sq = sqs[n]
    dyn: list[int] = []
    if m.moves != "spectral":
        if sq.terrain in BLOCK_TERRAIN:
            return None
        if m.moves != "flying":
            if sq.terrain == "obstacle":
                return None
            dyn.append(n)
    if m.large and (is_ladder(b, a) or is_ladder(b, n)):
        return None
    ax, ay = xy(a)
    bx, by = xy(n)
    if ax != bx and ay != by and m.moves != "spectral":
        for s in (pos(bx, ay), pos(ax, by)):
            c = sqs.get(s)
            if m.moves == "flying":
                if not (c is None or c.terrain in BLOCK_TERRAIN):
                    continue
                return None  # an off-board or walled corner blocks a flyer too
            if c is None or c.terrain in BLOCK_TERRAIN or c.terrain == "obstacle":
                return None
            dyn.append(s)
    return tuple(dyn)


_VERSIONS = count(1)


class Squares(dict):
    """The board's squares (``HarakiriState.squares``) that note every change (a zone revealed
    or removed, a door opened, a ladder linked) with a number never given twice, so that the
    movement tables of an unchanged board are found without comparing every square. A plain
    dict (a loaded state, a view, a test's board) is compared square by square, as before."""

    __slots__ = ("version",)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.version = next(_VERSIONS)

    def _changed(self) -> None:
        self.version = next(_VERSIONS)

    def __setitem__(self, key, value) -> None:
        super().__setitem__(key, value)
        self._changed()

    def __delitem__(self, key) -> None:
        super().__delitem__(key)
        self._changed()

    def __ior__(self, other):
        out = super().__ior__(other)
        self._changed()
        return out

    def pop(self, *args):
        out = super().pop(*args)
        self._changed()
        return out

    def popitem(self):
        out = super().popitem()
        self._changed()
        return out

    def clear(self) -> None:
        super().clear()
        self._changed()

    def update(self, *args, **kwargs) -> None:
        super().update(*args, **kwargs)
        self._changed()

    def setdefault(self, key, default=None):
        out = super().setdefault(key, default)
        self._changed()
        return out


_GEOMETRY: dict[tuple, tuple[Geometry, tuple]] = {}


_BY_CONTENT: dict[tuple, Geometry] = {}


_LAST: list = [None, None, None]  # the squares' positions and squares last looked up, and their tables


_NOTED: list = [None]  # (the Squares last looked up, its version, its tables)


def geometry(state: HarakiriState) -> Geometry:
    """The tables of this board: the last board's if its squares are the very same objects on
    the same squares, else found by the squares' identity, else by what they hold (every new
    game of a scenario builds equal squares). ``Squares`` unchanged since the last look-up
    (the same version) skip the comparison."""
    sqs = state.squares
    version = getattr(sqs, "version", None)  # a Squares notes its changes; a plain dict has none
    noted = _NOTED[0]
    if version is not None and noted is not None and noted[0] is sqs and noted[1] == version:
        return noted[2]
    got = _compared(sqs)
    if version is not None:
        _NOTED[0] = (sqs, version, got)  # holds the squares: their id stays theirs
    return got


def _compared(sqs: dict) -> Geometry:
    values = list(sqs.values())
    last = _LAST[1]
    if last is not None and len(values) == len(last) and all(map(is_, values, last)) \
            and list(sqs) == _LAST[0]:
        return _LAST[2]
    got = _geometry(sqs)
    _LAST[:] = [list(sqs), values, got]
    return got


def _geometry(sqs: dict) -> Geometry:
    key = (tuple(sqs), tuple(map(id, sqs.values())))
    got = _GEOMETRY.get(key)
    if got is not None:
        return got[0]
    if len(_GEOMETRY) >= 64:
        _GEOMETRY.clear()
        _BY_CONTENT.clear()
        _REACHED.clear()
        _SIGHTS.clear()
    content = tuple((p, sq.terrain, sq.h, sq.link) for p, sq in sqs.items())
    g = _BY_CONTENT.get(content)
    if g is None:
        g = _BY_CONTENT[content] = Geometry(sqs)
    _GEOMETRY[key] = (g, tuple(sqs.values()))  # holds the squares: their ids stay theirs
    return g


def _blocked(m: Mover, occ: dict[int, tuple[str, str]], res: set[int]) -> set[int]:
    """Squares a mover may not enter nor pass a corner of: resistors and the other side."""
    out = set(res)
    out.update(p for p, o in occ.items() if o[0] != m.side)
    return out


def steps_from(state: HarakiriState, m: Mover, a: int, mp: int,
               occ: dict[int, tuple[str, str]], res: set[int], g: Geometry | None = None) -> set[int]:
    """The squares ``step_ok`` lets the mover step to from ``a`` with ``mp`` left."""
    edges, _ = (g or geometry(state)).tables(m)
    blocked = _blocked(m, occ, res)
    return {n for n, cost, dyn in edges.get(a, ()) if cost <= mp and (not dyn or blocked.isdisjoint(dyn))}


def reachable(state: HarakiriState, m: Mover, start: int, budget: int,
              occ: dict[int, tuple[str, str]], res: set[int],
              ends_only: bool = True, g: Geometry | None = None) -> tuple[dict[int, int], dict[int, int]]:
    """BFS over (square, MP spent): fewest steps to every square, and a parent for paths.

    With ``ends_only`` only squares the mover may end on (and the start) are returned.
    The answer is remembered for the same board, mover, start, budget and blockers: callers
    only read the two dicts. ``g``, the board's ``geometry``, saves looking it up.
    """
    g = g or geometry(state)
    blocked = _blocked(m, occ, res)
    key = (g, m.moves, m.swims, m.large, start, budget, frozenset(blocked),
           frozenset(res.union(occ)) if ends_only else None)
    got = _REACHED.get(key)
    if got is None:
        if len(_REACHED) > 5_000:
            _REACHED.clear()
        got = _REACHED[key] = _reachable(g, m, start, budget, occ, res, blocked, ends_only)
    return got


_REACHED: dict[tuple, tuple[dict[int, int], dict[int, int]]] = {}


def _reachable(g: Geometry, m: Mover, start: int, budget: int, occ: dict[int, tuple[str, str]],
               res: set[int], blocked: set[int], ends_only: bool) -> tuple[dict[int, int], dict[int, int]]:
    """Breadth first over (square, MP spent) on the flat board (``Geometry.flat``): layer
    ``k`` holds the squares first reached in ``k`` steps, each with the least MP spent on
    the way; a later visit spending as much or more is dominated. The dicts are filled in
    the order squares are first reached (callers read them in that order)."""
    ix = g.index
    i0 = ix.get(start)
    steps = {start: 0}
    parent: dict[int, int] = {}
    if i0 is not None:
        ends = g.tables(m)[1] if ends_only else None
        edges, order = g.flat(m), g.order
        n_sq = len(order)
        over = budget + 1
        best = [over] * n_sq  # least MP spent so far; ``over``: not reached yet
        best[i0] = 0
        blk = bytearray(n_sq)  # 1: a resistor or the other side is there
        for p in blocked:
            i = ix.get(p)
            if i is not None:
                blk[i] = 1
        layer = [(i0, 0)]
        k = 0
        while layer:
            k += 1
            nxt = []
            for i, c in layer:
                left = budget - c
                for j, cost1, dyn in edges[i]:
                    if cost1 > left:
                        continue
                    if dyn:
                        if blk[dyn[0]]:
                            continue
                        if len(dyn) > 1 and (blk[dyn[1]] or (len(dyn) > 2 and blk[dyn[2]])):
                            continue
                    cost = c + cost1
                    was = best[j]
                    if cost >= was:
                        continue
                    best[j] = cost
                    nxt.append((j, cost))
                    if was == over:  # reached for the first time (costs never reach ``over``)
                        q = order[j]
                        parent[q] = order[i]
                        # with ``ends_only``, only a square the mover may end on is kept
                        if ends is None or (q in ends and q not in res and q not in occ):
                            steps[q] = k
            layer = nxt
    return steps, parent


def reaches_an_end(state: HarakiriState, m: Mover, start: int, budget: int,
                   occ: dict[int, tuple[str, str]], res: set[int], g: Geometry | None = None) -> bool:
    """Whether ``reachable(..., ends_only=False)`` holds a square ``can_end`` allows (with
    no square of its own): the same search, stopped at the first such square."""
    g = g or geometry(state)
    blocked = _blocked(m, occ, res)
    key = (g, m.moves, m.swims, m.large, start, budget, frozenset(blocked), frozenset(res.union(occ)), "end")
    got = _REACHED.get(key)
    if got is None:
        if len(_REACHED) > 5_000:
            _REACHED.clear()
        got = _REACHED[key] = _reaches_an_end(g, m, start, budget, occ, res, blocked)
    return got  # type: ignore[return-value]


def _reaches_an_end(g: Geometry, m: Mover, start: int, budget: int, occ: dict[int, tuple[str, str]],
                    res: set[int], blocked: set[int]) -> bool:
    edges, ends = g.tables(m)

    def free(s: int) -> bool:
        return s in ends and s not in res and s not in occ

    if free(start):
        return True
    best = {start: 0}
    layer = [(start, 0)]
    while layer:
        nxt = []
        for p, c in layer:
            left = budget - c
            for n, cost1, dyn in edges.get(p, ()):
                if cost1 > left or (dyn and not blocked.isdisjoint(dyn)):
                    continue
                cost = c + cost1
                if cost >= best.get(n, budget + 1):
                    continue
                if free(n):
                    return True
                best[n] = cost
                nxt.append((n, cost))
        layer = nxt
    return False


def cheapest(state: HarakiriState, m: Mover, start: int, budget: int,
             occ: dict[int, tuple[str, str]], res: set[int]) -> tuple[dict[int, int], dict[int, int]]:
    """Least MP to every square a mover can reach on ``budget`` (difficult terrain costs 2 to
    leave), and a parent for the cheapest path. Characters step one square at a time, so
    this is what a square really costs them; enemies use ``reachable`` (fewest steps)."""
    edges, _ = geometry(state).tables(m)
    blocked = _blocked(m, occ, res)
    cost = {start: 0}
    parent: dict[int, int] = {}
    heap = [(0, start)]
    while heap:
        c, p = heapq.heappop(heap)
        if c > cost.get(p, budget + 1):
            continue
        for n, cost1, dyn in edges.get(p, ()):
            if cost1 > budget - c or any(s in blocked for s in dyn):
                continue
            nc = c + cost1
            if nc < cost.get(n, budget + 1):
                cost[n] = nc
                parent[n] = p
                heapq.heappush(heap, (nc, n))
    return cost, parent


def path_to(parent: dict[int, int], start: int, dest: int) -> list[int]:
    out = [dest]
    while out[-1] != start and out[-1] in parent:
        out.append(parent[out[-1]])
    out.reverse()
    return out
