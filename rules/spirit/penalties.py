"""T2: the battle penalty of the active samurai's top card, code by code (spec 2.1)."""

from __future__ import annotations

from rules.common import ActionBase

from . import data
from .data import ICONS
from .model import DiscardDefended, OrderPenalties, Pending, SpiritState, effect, pending, shared
from .talents import ignore_source
from .village import destroy, label, name, plural, wound
from .words import penalty


def penalty_step(state: SpiritState) -> None:
    """T2: nothing, ignored, one code, or the owner's choice of order for two codes."""
    a = state.active
    s = state.samurai[a]
    state.effects.append(_T3)
    if not s.line:
        return
    top = s.line[-1]
    codes = list(data.card(top).penalties)
    if not codes:
        return
    source = ignore_source(state, a, top)
    if source is not None:
        state.say(f"The penalty of {s.name}'s top card, {label(top)}, is ignored ({source}).")
        return
    state.say(f"{s.name}'s top card, {label(top)}, applies its penalty:"
              f" {' + '.join(penalty(c) for c in codes)}.")
    if len(codes) == 2 and codes[0] != codes[1]:
        state.pending = Pending(kind="PENALTY_ORDER", seat=a, codes=codes)
        return
    for code in reversed(codes):
        state.effects.append(effect(kind="CODE", code=code))


_T3 = effect(kind="T3")


def order_options(state: SpiritState) -> list[ActionBase]:
    p = state.pending
    assert p is not None
    return [shared(OrderPenalties, seat=p.seat, first=c) for c in p.codes]


def order(state: SpiritState, first: str) -> None:
    p = state.pending
    assert p is not None
    second = [c for c in p.codes if c != first][0]
    state.pending = None
    state.say(f"{name(state, p.seat)} applies \"{penalty(first)}\" first,"
              f" then \"{penalty(second)}\".")
    state.effects.append(effect(kind="CODE", code=second))
    state.effects.append(effect(kind="CODE", code=first))


def _draw_target(state: SpiritState, owner: int, step: int) -> int | None:
    for k in range(1, state.n):
        seat = (owner + step * k) % state.n
        if seat != owner and not state.samurai[seat].passed:
            return seat
    return None


def _unable(state: SpiritState, code: str) -> None:
    a = state.active
    state.say(f"{name(state, a)} is unable to apply \"{penalty(code)}\".")
    wound(state, a, f"unable to apply \"{penalty(code)}\"")


def apply_code(state: SpiritState, code: str) -> None:
    a = state.active
    s = state.samurai[a]
    f = state.flags
    if code == "RAZE":
        destroy(state, f"{s.name}'s penalty \"{penalty(code)}\"")
    elif code == "WOUND":
        wound(state, a, f"penalty \"{penalty(code)}\"")
    elif code == "INTRUDE":
        if not state.raiders:
            _unable(state, code)
            return
        state.intruders.append(state.raiders.pop())
        state.say(f"The top raider card goes unseen to the intruder stack ({len(state.intruders)}).")
    elif code in ("NO_DEFEND", "NO_SUPPORT", "NO_TALENT", "MUST_PASS"):
        setattr(f, code.lower(), True)
        what = {"NO_DEFEND": "cannot defend", "NO_SUPPORT": "cannot support",
                "NO_TALENT": "cannot use talents or support", "MUST_PASS": "must pass"}[code]
        state.say(f"{s.name} {what} this turn.")
    elif code in ("DRAW_LEFT", "DRAW_RIGHT"):
        target = _draw_target(state, a, 1 if code == "DRAW_LEFT" else -1)
        if target is None or not state.raiders:
            _unable(state, code)
            return
        state.say(f"{name(state, target)} is forced to draw (penalty \"{penalty(code)}\").")
        state.effects.append(effect(kind="DRAW", seat=target))
    elif code == "RESHUFFLE":
        if not state.discard:
            _unable(state, code)
            return
        n = len(state.discard)
        state.raiders.extend(state.discard)
        state.discard.clear()
        state.rng.shuffle(state.raiders)
        state.say(f"The discard pile ({plural(n, 'card')}) is shuffled into the raider stack:"
                  f" {plural(len(state.raiders), 'card')}.")
    elif code == "DISCARD_DEF":
        slots = [i for i in ICONS if s.slots[i] is not None]
        if not slots:
            _unable(state, code)
        elif len(slots) == 1:
            discard_defended(state, slots[0])
        else:
            state.pending = pending(kind="DEFENCE_LOSS", seat=a)
    else:  # pragma: no cover - the data model forbids other codes
        raise AssertionError(code)


def defence_loss_options(state: SpiritState) -> list[ActionBase]:
    a = state.active
    s = state.samurai[a]
    return [shared(DiscardDefended, seat=a, slot=i, card=s.slots[i]) for i in ICONS if s.slots[i]]


def discard_defended(state: SpiritState, slot: str) -> None:
    s = state.samurai[state.active]
    cid = s.slots[slot]
    assert cid is not None
    s.slots[slot] = None
    state.discard.append(cid)
    state.pending = None
    state.say(f"{s.name} loses the defended card, {label(cid)}, from the {slot} slot.")
