"""Each game's flow table (rules/<game>/flow.py, issue 29) tells the truth: in seeded random
games, from every decision the game goes only where the table says it may, passing through
automatic steps only (a decision reached without its name in the table fails)."""

from __future__ import annotations

import random

import pytest

from rules.common.flow import END, Phase, table
from tabletop.catalog import get_game


def _tables() -> dict[str, tuple[dict[str, Phase], set[str]]]:
    from rules.duel import flow as duel
    from rules.harakiri import flow as harakiri
    from rules.senji import flow as senji
    from rules.spirit import flow as spirit

    return {
        # game: (every row by name, the rows that are decisions)
        "spirit": (spirit.DECISIONS | spirit.STEPS, set(spirit.DECISIONS)),
        "duel": (duel.DECISIONS | duel.STEPS, set(duel.DECISIONS)),
        "harakiri": (harakiri.ROUND, set()),  # its decisions are inside ACTIVATE and PLACE
        "senji": (senji.DECISIONS, set(senji.DECISIONS)),
    }


def _where(game_id: str, state) -> str | None:
    if game_id == "spirit":
        return None if state.pending is None else state.pending.kind
    return state.step


def _reaches(rows: dict[str, Phase], decisions: set[str], start: str, goal: str) -> bool:
    """Whether ``goal`` follows ``start`` in the table, through automatic steps only."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in rows[todo.pop()].follows:
            if nxt == goal:
                return True
            if nxt in rows and nxt not in decisions and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


@pytest.mark.parametrize("game_id", ["spirit", "duel", "harakiri", "senji"])
def test_the_game_goes_only_where_its_flow_table_says(game_id):
    rows, decisions = _tables()[game_id]
    game = get_game(game_id)
    undeclared: dict[tuple[str, str], int] = {}
    seen: set[str] = set()
    for seed in range(12):
        state = game.new(game.Options(), seed)
        pick = random.Random(seed)
        for _ in range(2500):
            before = _where(game_id, state)
            actions = game.legal_actions(state)
            if game.outcome(state) is not None or not actions:
                break
            game.apply(state, pick.choice(actions))
            after = END if game.outcome(state) is not None else _where(game_id, state)
            seen.add(before)
            if before == after or _reaches(rows, decisions, before, after):
                continue
            undeclared[(before, after)] = undeclared.get((before, after), 0) + 1
    assert not undeclared, f"moves the table does not declare: {undeclared}"
    assert len(seen) >= 2, seen  # the walk saw the table at work


def test_a_table_refuses_a_follower_it_does_not_declare():
    with pytest.raises(ValueError, match="not declared"):
        table(Phase("a", None, "first", ("b",)))
    with pytest.raises(ValueError, match="twice"):
        table(Phase("a", None, "first", ()), Phase("a", None, "again", ()))
    assert set(table(Phase("a", None, "first", ("b", END)), Phase("b", None, "then", ("a",)))) == {"a", "b"}
