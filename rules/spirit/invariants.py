"""The invariants of spec section 8, checked after every action by the tests."""

from __future__ import annotations

from rules.common import Game

from . import data
from .data import ICONS
from .model import SpiritState


def check_invariants(game: Game, state: SpiritState) -> None:
    assert not state.hidden, "invariants are checked on the full state, not a view"
    n = state.n
    # 1. card conservation
    zones = state.raiders + state.intruders + state.discard + state.reserve + state.box
    if state.transit is not None:
        zones.append(state.transit.card)
    for s in state.samurai:
        zones += s.line + [c for c in s.slots.values() if c]
    assert sorted(zones) == sorted(data.cards()), "every raider card exactly once"
    # 2. cards in play
    in_play = len(zones) - len(state.reserve) - len(state.box)
    expected = state.dealt + state.extra * (state.round - 1)
    assert in_play == expected, (in_play, expected)
    played = set(zones) - set(state.reserve) - set(state.box)
    types = {data.card(c).type for c in played}
    if state.round < 2:
        assert "lieutenant" not in types
    if state.round < 3:
        assert "boss" not in types
    assert len(state.box) == 66 - state.dealt - 2 * state.extra
    # 3. village
    assert 0 <= state.barricades <= state.cap <= 10
    assert sorted(state.backs) == sorted(f.id for f in data.village().farms), "six backs"
    assert sorted(state.farms + state.burnt) == list(range(1, 7)), "each slot standing or burnt"
    assert set(state.families) <= set(data.village().families)
    assert len(state.families) + len(state.lost_families) == 3
    # 4. wounds and the end
    for s in state.samurai:
        assert 0 <= s.wounds <= 4
    dead = any(s.wounds >= 4 for s in state.samurai)
    ended = dead or not state.farms or not state.families or state.won
    assert state.over == ended, "the game is over exactly when it is won or lost"
    if state.won:
        assert state.round == 3 and not dead and state.farms and state.families
    # 5. defence
    for s in state.samurai:
        assert set(s.slots) == set(ICONS)
        for icon, cid in s.slots.items():
            assert cid is None or data.card(cid).icon == icon
    # 7. support tokens
    for i, s in enumerate(state.samurai):
        if s.token_with is not None:
            assert 0 <= s.token_with < n and s.token_with != i
            assert not state.samurai[s.token_with].passed or state.over
    # 8. pool
    absent = set(data.names()) - {s.name for s in state.samurai}
    assert set(state.pool) <= absent
    if not state.options.two_player_rules:
        assert not state.pool
    # 9. passed samurai
    if not state.over:
        assert not state.samurai[state.active].passed
        if state.transit is not None:
            assert not state.samurai[state.transit.holder].passed
    # 10. decisions
    p = state.pending
    assert (p is None) == state.over
    legal = game.legal_actions(state)
    assert bool(legal) == (not state.over)
    if p is not None:
        assert game.to_move(state) == p.seat
        assert (state.transit is not None) == (p.kind in ("PLACE_DRAWN", "PLACE_GIVEN"))
        if p.kind == "ACTION":
            assert state.raiders, "at every ACTION the raider stack is not empty"
        assert all(getattr(a, "seat", None) == p.seat for a in legal)
    # 11. round
    assert 1 <= state.round <= 3
    # 14. score
    if state.won:
        from .scoring import score_parts
        assert 2 <= state.score <= 13 and state.score == sum(score_parts(state))
