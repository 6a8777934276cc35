"""Which talents a samurai has right now (spec 4.5) and what they allow."""

from __future__ import annotations

from functools import cache

from . import data
from .model import SpiritState
from .village import neighbours


def level(state: SpiritState, seat: int, talent: str) -> int:
    """0: not available; 1: the human form; 2: the animal form (own board only).

    In its own turn a samurai also has the human talent of every support token it
    holds and of the pool token used this turn, all suppressed by NO_TALENT. Out of
    its turn it has only its own talent.
    """
    s = state.samurai[seat]
    own_turn = seat == state.active
    if own_turn and state.flags.no_talent:
        return 0
    if s.face.talent == talent:
        return 2 if s.animal else 1
    if not own_turn:
        return 0
    human = _humans()
    pool = state.flags.pool_talent
    if pool is not None and human[pool] == talent:
        return 1
    for owner in state.samurai:
        if owner.token_with == seat and human[owner.name] == talent:
            return 1
    return 0


def talents(state: SpiritState, seat: int) -> frozenset[str]:
    """Every talent whose ``level`` is above 0 for ``seat`` now, found in one pass (the
    choices for a drawn card ask after three talents)."""
    s = state.samurai[seat]
    own_turn = seat == state.active
    if own_turn and state.flags.no_talent:
        return frozenset()
    if not own_turn:
        return frozenset((s.face.talent,))
    human = _humans()
    found = {s.face.talent}
    if state.flags.pool_talent is not None:
        found.add(human[state.flags.pool_talent])
    for owner in state.samurai:
        if owner.token_with == seat:
            found.add(human[owner.name])
    return frozenset(found)


def _human(name: str) -> str:
    return _humans()[name]


@cache
def _humans() -> dict[str, str]:
    """Each samurai's human talent by name (level() reads it for every token and pool token)."""
    return {name: s.human.talent for name, s in data.roster().items()}


def ignore_source(state: SpiritState, seat: int, cid: str) -> str | None:
    """Who lets ``seat`` ignore the penalties of ``cid`` at T2, or None."""
    value = data.card(cid).value
    talent = "IGNORE_ODD" if value % 2 else "IGNORE_EVEN"
    if level(state, seat, talent):
        s = state.samurai[seat]
        if s.face.talent == talent:
            return f"{s.name}'s own talent"
        if state.flags.pool_talent and _human(state.flags.pool_talent) == talent:
            return f"{state.flags.pool_talent}'s pool token"
        for owner in state.samurai:
            if owner.token_with == seat and _human(owner.name) == talent:
                return f"{owner.name}'s support token"
    for nb in neighbours(state, seat):
        other = state.samurai[nb]
        if other.animal and other.face.talent == talent:
            return f"the {data.roster()[other.name].animal} {other.name} next to them"
    return None


def fight_limit(state: SpiritState, seat: int) -> int:
    return 1 + level(state, seat, "EXTRA_FIGHT")  # 1, 2 with the human talent, 3 with the animal


def replaces(state: SpiritState, seat: int) -> int:
    return level(state, seat, "REPLACE")


def pass_parity(state: SpiritState, seat: int) -> set[int]:
    """Parities (0 even, 1 odd) of drawn cards this samurai may give to a neighbour."""
    out = set()
    if level(state, seat, "PASS_EVEN"):
        out.add(0)
    if level(state, seat, "PASS_ODD"):
        out.add(1)
    return out


def duplicate(state: SpiritState, seat: int, cid: str) -> bool:
    lv = level(state, seat, "DISCARD_DUP")
    if not lv:
        return False
    value = data.card(cid).value
    s = state.samurai[seat]
    pool = list(s.line)
    if lv == 2:
        pool += [c for c in s.slots.values() if c]
    return any(data.card(c).value == value for c in pool)


def give_top_parity(state: SpiritState, seat: int) -> int | None:
    """The parity an animal Heihachi (0) or Daisuke (1) may give from the top at START."""
    s = state.samurai[seat]
    if not s.animal:
        return None
    if s.face.talent == "PASS_EVEN":
        return 0
    if s.face.talent == "PASS_ODD":
        return 1
    return None
