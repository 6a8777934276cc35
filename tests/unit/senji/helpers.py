"""Builders for Senji test positions: start from GAME.new and edit the state."""

from __future__ import annotations

from rules.senji import GAME
from rules.senji.state import Prov, SenjiOptions, SenjiState

R, G, P, K = 0, 1, 2, 3


def blank(players: int = 4, seed: int = 1, **opts) -> SenjiState:
    """Year 1, an empty board, every samurai in the deck, host = seat 0 (R)."""
    s = GAME.new(SenjiOptions(players=players, winter_timer_s=0, **opts), seed)
    n = players
    s.setup_draws = [[] for _ in range(n)]
    s.kept = [None] * n
    s.samurai_deck = sorted(set(s.samurai_deck) | set(s.samurai_discard) | {
        x for x in "ABCDEFGHIJKLMNOPQR"})
    s.samurai_discard = []
    for p, pr in s.provinces.items():
        s.provinces[p] = Prov(neutral=pr.neutral)
    s.supply = [12] * n
    s.honor = [10] * n
    s.host = 0
    s.year = 1
    s.log = []
    return s


def place(s: SenjiState, seat: int, province: str, units: int = 0, samurai: str = "") -> None:
    pr = s.provinces[province]
    assert not pr.neutral
    if pr.owner is not None:
        s.supply[pr.owner] += pr.units
    pr.owner, pr.units, pr.samurai = seat, units, list(samurai)
    s.supply[seat] -= units
    for x in samurai:
        s.samurai_deck.remove(x)


def give_card(s: SenjiState, seat: int, card: str) -> None:
    """Move a diplomacy card from wherever it is into ``seat``'s hand."""
    for h in s.diplo_hands:
        if card in h:
            h.remove(card)
    for d in s.missing_decks.values():
        if card in d:
            d.remove(card)
    s.diplo_hands[seat].append(card)


def summer(s: SenjiState) -> None:
    """Enter summer with the orders already on the board."""
    from rules.senji.summer import start_summer
    start_summer(s)


def do(s: SenjiState, *actions) -> None:
    for a in actions:
        GAME.apply(s, a)
        GAME.check_invariants(s)


def kinds(s: SenjiState) -> list[str]:
    return [a.kind for a in GAME.legal_actions(s)]
