"""Build test positions: start from a real setup, then move cards and set fields.

Used by the unit tests to write the spec's acceptance scenarios in a few lines, e.g.
``t = table(("Kanbei", "Heihachi", "Kyuzo")); line(t, 0, "P4-01", "P4-03"); begin(t, 0)``.
Cards are moved, never copied, so every card stays in exactly one zone.
"""

from __future__ import annotations

from rules.common import ActionBase, IllegalAction

from . import data
from .game import GAME
from .model import Effect, SpiritOptions, SpiritState, TurnFlags
from .setup import new_state
from .flow import run


def table(samurai: tuple[str, ...] = ("Kanbei", "Gorobei", "Kyuzo"), *, difficulty: str = "normal",
          players: int | None = None, seed: int = 1, round: int = 1,
          two_player_variant: bool = True) -> SpiritState:
    """A fresh setup with these samurai in seat order, stopped before the first turn."""
    n = len(samurai)
    if players is None:
        players = n
    opts = SpiritOptions(players=players, solo_samurai=n if players == 1 else 2,
                         difficulty=difficulty, two_player_variant=two_player_variant,
                         samurai=samurai)
    state = new_state(opts, seed)
    state.effects.clear()
    state.pending = None
    state.log.clear()
    for r in range(2, round + 1):
        kind = "lieutenant" if r == 2 else "boss"
        for cid in [c for c in state.reserve if data.card(c).type == kind]:
            state.reserve.remove(cid)
            state.raiders.insert(0, cid)
        state.round = r
    return state


def take(state: SpiritState, cid: str) -> str:
    """Remove a card from whatever zone holds it.

    A card brought into play from the box or the reserve sends the bottom plunderer of
    the raider stack to the box, so the number of cards in play stays the same.
    """
    for zone in (state.raiders, state.intruders, state.discard, state.reserve, state.box):
        if cid in zone:
            zone.remove(cid)
            if zone is state.box or zone is state.reserve:
                swap = next((c for c in state.raiders if data.card(c).type == "plunderer"), None)
                if swap is not None:
                    state.raiders.remove(swap)
                    state.box.append(swap)
            return cid
    for s in state.samurai:
        if cid in s.line:
            s.line.remove(cid)
            return cid
        for icon, held in s.slots.items():
            if held == cid:
                s.slots[icon] = None
                return cid
    if state.transit is not None and state.transit.card == cid:
        state.transit = None
        return cid
    raise KeyError(cid)


def line(state: SpiritState, seat: int, *ids: str) -> None:
    """Set a combat line, oldest first. The cards it held go under the raider stack."""
    s = state.samurai[seat]
    old, s.line = s.line, []
    state.raiders[:0] = old
    for cid in ids:
        s.line.append(take(state, cid))


def defended(state: SpiritState, seat: int, *ids: str) -> None:
    """Put cards in their matching defence slots."""
    for cid in ids:
        icon = data.card(cid).icon
        assert icon is not None, f"{cid} has no icon"
        s = state.samurai[seat]
        if s.slots[icon]:
            state.raiders.insert(0, s.slots[icon])
        s.slots[icon] = take(state, cid)


def stack(state: SpiritState, *ids: str, size: int | None = None) -> None:
    """Put cards on top of the raider stack, listed top first; ``size`` trims it (extras to the box)."""
    for cid in reversed(ids):
        state.raiders.append(take(state, cid))
    if size is not None:
        while len(state.raiders) > size:
            state.box.append(state.raiders.pop(0))


def pile(state: SpiritState, zone: str, *ids: str) -> None:
    """Set the intruder stack or discard pile (listed top first); old cards go under the raiders."""
    target: list[str] = getattr(state, zone)
    state.raiders[:0] = target
    target.clear()
    for cid in reversed(ids):
        target.append(take(state, cid))


def farmsteads(state: SpiritState, *standing: str) -> None:
    """Lay the backs listed face down on slots 1, 2, ... (standing); the other backs lie on
    the remaining slots, already burnt and face up."""
    rest = [f.id for f in data.village().farms if f.id not in standing]
    state.backs = list(standing) + rest
    state.farms = list(range(1, len(standing) + 1))
    state.burnt = list(range(len(standing) + 1, 7))


def begin(state: SpiritState, seat: int) -> SpiritState:
    """Start ``seat``'s turn (T0) and run to the first decision."""
    state.effects = [Effect(kind="START_TURN", seat=seat)]
    state.pending = None
    state.flags = TurnFlags()
    run(state)
    return state


def end_round_now(state: SpiritState, seat: int = 0) -> SpiritState:
    """Run END OF ROUND at once, as if ``seat``'s turn just emptied the raider stack.

    What is left of the raider stack goes under the discard pile first.
    """
    state.discard[:0] = state.raiders
    state.raiders.clear()
    state.active = seat
    state.effects = [Effect(kind="ROUND_END")]
    state.pending = None
    run(state)
    return state


def label(action: ActionBase) -> str:
    """The spec's short notation: ``confront``, ``give_card{0}``, ``order_penalties{RESHUFFLE}``."""
    d = action.model_dump()
    for key in ("to", "target", "first", "slot", "samurai"):
        if key in d and d[key] is not None and key not in ("card",):
            if key == "target" and d.get("dest") is not None:
                return f"{action.kind}{{{d['target']},{d['dest']}}}"
            return f"{action.kind}{{{d[key]}}}"
    return action.kind


def options(state: SpiritState) -> list[str]:
    return [label(a) for a in GAME.legal_actions(state)]


def act(state: SpiritState, short: str) -> SpiritState:
    """Apply the legal action whose short notation is ``short``."""
    for a in GAME.legal_actions(state):
        if label(a) == short:
            GAME.apply(state, a)
            return state
    raise IllegalAction(f"{short} is not legal now; legal: {options(state)}")
