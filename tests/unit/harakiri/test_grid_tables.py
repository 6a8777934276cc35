"""The movement tables answer exactly what the square-by-square rules of spec §5.3 answer.

``step_ok`` is the rule for one step, read straight from the terrain and the creatures; the
searches use tables built once per board. On random small boards, with random creatures,
resistors and movers, both must agree square for square (and path for path).
"""

from __future__ import annotations

import heapq

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.harakiri.grid import (
    Mover, can_end, cheapest, height, los, moves_from, occupied_for, reachable, reaches_an_end,
    step_cost, step_ok, steps_from, trace,
)
from rules.harakiri.model import Square, pos

from .helpers import tiny

TERRAINS = "..........~~oo#D*L"


def _reference_reachable(state, m, start, budget, occ, res, ends_only=True):
    """The search as the rules state it: breadth first, one ``step_ok`` at a time."""
    steps, parent, best, layer, k = {start: 0}, {}, {start: 0}, [(start, 0)], 0
    while layer:
        k += 1
        nxt = []
        for p, c in layer:
            for n in moves_from(state, p):
                if step_ok(state, m, p, n, budget - c, occ, res):
                    cost = c + step_cost(state, m, p)
                    if cost >= best.get(n, budget + 1):
                        continue
                    best[n] = cost
                    nxt.append((n, cost))
                    if n not in steps:
                        steps[n] = k
                        parent[n] = p
        layer = nxt
    if ends_only:
        steps = {s: v for s, v in steps.items() if s == start or can_end(state, m, s, occ, res, start)}
    return steps, parent


def _reference_los(state, side, a, b, occ, res):
    """Line of sight as spec §5.2 states it: no blocked entered square, fewer than two corners."""
    entered, touched = trace(a, b)
    cross = height(state, a) != height(state, b)
    if any(occupied_for(state, side, s, cross, occ, res) for s in entered[:-1]):
        return False
    return sum(1 for s in touched if s not in (a, b) and occupied_for(state, side, s, cross, occ, res)) < 2


def _reference_cheapest(state, m, start, budget, occ, res):
    cost, parent, heap = {start: 0}, {}, [(0, start)]
    while heap:
        c, p = heapq.heappop(heap)
        if c > cost.get(p, budget + 1):
            continue
        for n in moves_from(state, p):
            if step_ok(state, m, p, n, budget - c, occ, res):
                nc = c + step_cost(state, m, p)
                if nc < cost.get(n, budget + 1):
                    cost[n] = nc
                    parent[n] = p
                    heapq.heappush(heap, (nc, n))
    return cost, parent


@st.composite
def boards(draw):
    w, h = draw(st.integers(2, 6)), draw(st.integers(2, 5))
    rows = ["".join(draw(st.sampled_from(TERRAINS)) for _ in range(w)) for _ in range(h)]
    heights = ["".join(draw(st.sampled_from("0001")) for _ in range(w)) for _ in range(h)]
    s = tiny([r.replace("L", ".") for r in rows], heights=heights)
    ladders = [pos(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "L"]
    for a, b in zip(ladders[::2], ladders[1::2]):
        s.squares[a] = s.squares[a].model_copy(update={"terrain": "ladder", "link": b})
        s.squares[b] = s.squares[b].model_copy(update={"terrain": "ladder", "link": a})
    squares = sorted(s.squares)
    occ = {p: (draw(st.sampled_from(["ally", "foe"])), "x")
           for p in draw(st.lists(st.sampled_from(squares), max_size=4, unique=True))}
    res = set(draw(st.lists(st.sampled_from(squares), max_size=2, unique=True)))
    m = Mover(side=draw(st.sampled_from(["ally", "foe"])),
              moves=draw(st.sampled_from(["walk", "walk", "flying", "spectral"])),
              swims=draw(st.booleans()), large=draw(st.booleans()))
    return s, occ, res, m, draw(st.sampled_from(squares)), draw(st.integers(0, 6))


@settings(max_examples=300, deadline=None)
@given(board=boards())
def test_the_tables_agree_with_the_step_rule(board):
    s, occ, res, m, start, budget = board
    assert steps_from(s, m, start, budget, occ, res) == {
        n for n in moves_from(s, start) if step_ok(s, m, start, n, budget, occ, res)}
    for ends_only in (True, False):
        assert reachable(s, m, start, budget, occ, res, ends_only) == \
            _reference_reachable(s, m, start, budget, occ, res, ends_only)
    assert cheapest(s, m, start, budget, occ, res) == _reference_cheapest(s, m, start, budget, occ, res)
    for b in sorted(s.squares):
        assert los(s, m.side, start, b, occ, res) == _reference_los(s, m.side, start, b, occ, res)
    everywhere, _ = _reference_reachable(s, m, start, budget, occ, res, ends_only=False)
    assert reaches_an_end(s, m, start, budget, occ, res) == any(can_end(s, m, p, occ, res) for p in everywhere)


def test_a_replaced_square_is_seen_at_once():
    # A door opened replaces its square: the next search sees the new terrain.
    s = tiny([".D."], chars={"hikaru": (0, 0)}, active="c:hikaru")
    m = Mover(side="ally")
    assert pos(2, 0) not in reachable(s, m, pos(0, 0), 3, {}, set())[0]
    s.squares[pos(1, 0)] = Square(terrain="plain", zone="Z1")
    assert pos(2, 0) in reachable(s, m, pos(0, 0), 3, {}, set())[0]
