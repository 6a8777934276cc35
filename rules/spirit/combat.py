"""Fight: draw, place (confront or defend), the talents of the draw, CHECK and Kiai."""

from __future__ import annotations

from rules.common import ActionBase

from . import data, words
from .data import TARGETED
from .model import (
    Confront, Defend, DiscardDuplicate, GiveCard, KiaiActivate, KiaiDecline, KiaiDone,
    KiaiTarget, Pending, ReplaceCard, SpiritState, Transit, decision, effect, holding, of,
    pending, shared, step,
)
from .talents import duplicate, pass_parity, replaces, talents
from .village import build, destroy, heal, label, name, neighbours

# -- draw and placement ---------------------------------------------------------


def draw(state: SpiritState, seat: int) -> None:
    """FIGHT step 1: the top raider card goes face up into transit, held by ``seat``."""
    cid = state.raiders.pop()
    state.transit = of(
        Transit, {"card": cid, "holder": seat, "given": False, "replaces_left": replaces(state, seat)})
    state.reveal()
    state.say(f"{name(state, seat)} draws {label(cid)}.")
    state.pending = decision("PLACE_DRAWN", seat)


def can_defend(state: SpiritState, seat: int, cid: str) -> bool:
    icon = data.card(cid).icon
    if icon is None or state.samurai[seat].slots[icon] is not None:
        return False
    return not (seat == state.active and state.flags.no_defend)


def place_options(state: SpiritState) -> list[ActionBase]:
    t = state.transit
    assert t is not None
    s, cid = t.holder, t.card
    opts: list[ActionBase] = [holding(Confront, s, cid)]
    if can_defend(state, s, cid):
        opts.append(holding(Defend, s, cid))
    if not t.given:
        if t.replaces_left > 0 and state.raiders:
            opts.append(shared(ReplaceCard, seat=s, card=cid))
        # The talents in one pass: most samurai have none of those asked after here.
        has = talents(state, s)
        if "DISCARD_DUP" in has and duplicate(state, s, cid):
            opts.append(shared(DiscardDuplicate, seat=s, card=cid))
        if not has.isdisjoint(_PASSES) and data.card(cid).value % 2 in pass_parity(state, s):
            for nb in neighbours(state, s):
                if not state.samurai[nb].passed:
                    opts.append(shared(GiveCard, seat=s, to=nb, name=name(state, nb), card=cid))
    return opts


_PASSES = frozenset(("PASS_EVEN", "PASS_ODD"))


def confront(state: SpiritState) -> None:
    t = state.transit
    assert t is not None
    s = state.samurai[t.holder]
    s.line.append(t.card)
    state.transit = None
    state.pending = None
    state.say(f"{s.name} confronts {label(t.card)}: total {s.total} (Kiai {s.kiai}).")
    check(state, t.holder)  # CHECK at once: the runner would take it next anyway


def defend(state: SpiritState) -> None:
    t = state.transit
    assert t is not None
    s = state.samurai[t.holder]
    icon = data.card(t.card).icon
    assert icon is not None
    s.slots[icon] = t.card
    state.transit = None
    state.pending = None
    state.say(f"{s.name} defends with {label(t.card)} in the {icon} slot.")


def replace_card(state: SpiritState) -> None:
    t = state.transit
    assert t is not None
    old = t.card
    state.raiders.insert(0, old)
    t.card = state.raiders.pop()
    t.replaces_left -= 1
    state.reveal()
    state.say(f"{name(state, t.holder)} puts {label(old)} at the bottom of the raider stack"
              f" and draws {label(t.card)} instead.")
    state.pending = pending(kind="PLACE_DRAWN", seat=t.holder)


def discard_duplicate(state: SpiritState) -> None:
    t = state.transit
    assert t is not None
    state.discard.append(t.card)
    state.transit = None
    state.pending = None
    state.say(f"{name(state, t.holder)} discards {label(t.card)}: a duplicate value.")


def give_card(state: SpiritState, to: int) -> None:
    t = state.transit
    assert t is not None
    state.say(f"{name(state, t.holder)} gives {label(t.card)} to {name(state, to)}.")
    t.holder = to
    t.given = True
    t.replaces_left = 0
    state.pending = pending(kind="PLACE_GIVEN", seat=to)


# -- CHECK and Kiai -------------------------------------------------------------


def check(state: SpiritState, seat: int) -> None:
    s = state.samurai[seat]
    total, kiai = s.total, s.kiai
    if total == kiai:
        state.say(f"{s.name} reaches Kiai exactly ({kiai}).")
        state.effects.append(effect(kind="KIAI_DISCARD", seat=seat))
        power = s.face.power
        if power_useful(state, seat, power):
            state.pending = pending(kind="KIAI", seat=seat, power=power, left=s.face.count)
        else:
            state.say(f"{s.name}'s Kiai power ({words.power(power, s.face.count)})"
                      " can do nothing now.")
    elif total > kiai:
        state.say(f"{s.name} is overwhelmed: total {total} is above Kiai {kiai}.")
        destroy(state, f"{s.name} overwhelmed")


def kiai_discard(state: SpiritState, seat: int) -> None:
    s = state.samurai[seat]
    if s.line:
        cid = s.line.pop(0)
        state.discard.append(cid)
        state.say(f"{s.name} discards the oldest combat card, {label(cid)}: total {s.total}.")
    else:
        state.say(f"{s.name} has no combat card left to discard.")


def targets(state: SpiritState, seat: int, power: str, used: list[int]) -> list[tuple[int, int | None]]:
    """Legal targets of a targeted power: (seat, None) or, for RELOCATE, (source, dest)."""
    out: list[tuple[int, int | None]] = []
    if power == "CUT_OTHER":
        out = [(i, None) for i, s in enumerate(state.samurai)
               if i != seat and s.line and i not in used]
    elif power == "HEAL":
        out = [(i, None) for i, s in enumerate(state.samurai)
               if s.wounds in (1, 3) and i not in used]
    elif power == "RELOCATE":
        for i, s in enumerate(state.samurai):
            icon = data.card(s.line[-1]).icon if s.line else None
            if icon is None:
                continue
            for j, d in enumerate(state.samurai):
                if d.slots[icon] is None:
                    out.append((i, j))
    return out


def power_useful(state: SpiritState, seat: int, power: str) -> bool:
    if power in TARGETED:
        return bool(targets(state, seat, power, []))
    if power == "BUILD":
        return state.barricades < state.cap
    if power == "SKIM":
        return bool(state.raiders)
    if power == "CALM":
        return bool(state.intruders)
    return bool(state.samurai[seat].line)  # CUT_SELF


def _target_action(state: SpiritState, seat: int, power: str, tgt: int, dest: int | None) -> KiaiTarget:
    card = state.samurai[tgt].line[-1] if power in ("RELOCATE", "CUT_OTHER") else None
    return shared(KiaiTarget, seat=seat, power=power, target=tgt, name=name(state, tgt), dest=dest,
                      dest_name=None if dest is None else name(state, dest), card=card)


def kiai_options(state: SpiritState) -> list[ActionBase]:
    p = state.pending
    assert p is not None and p.power is not None
    seat, power = p.seat, p.power
    if p.kind == "KIAI":
        if power in TARGETED:
            opts: list[ActionBase] = [_target_action(state, seat, power, t, d)
                                      for t, d in targets(state, seat, power, [])]
        else:
            opts = [shared(KiaiActivate, seat=seat, power=power, count=state.samurai[seat].face.count)]
        return opts + [shared(KiaiDecline, seat=seat)]
    opts = [_target_action(state, seat, power, t, d) for t, d in targets(state, seat, power, p.used)]
    return opts + [shared(KiaiDone, seat=seat)]


def kiai_activate(state: SpiritState, seat: int, power: str, count: int) -> None:
    s = state.samurai[seat]
    state.pending = None
    state.say(f"{s.name} activates Kiai: {words.power(power, count)}.")
    for _ in range(count):
        if power == "BUILD":
            if state.barricades < state.cap:
                build(state, f"{s.name}'s Kiai")
        elif power == "SKIM":
            if state.raiders:
                cid = state.raiders.pop()
                state.discard.append(cid)
                state.reveal()
                state.say(f"The top raider card, {label(cid)}, goes to the discard pile.")
        elif power == "CALM":
            if state.intruders:
                cid = state.intruders.pop()
                state.discard.append(cid)
                state.reveal()
                state.say(f"The top intruder card, {label(cid)}, goes to the discard pile.")
        elif power == "CUT_SELF":
            if s.line:
                cid = s.line.pop()
                state.discard.append(cid)
                state.say(f"{s.name} discards the newest combat card, {label(cid)}.")


def kiai_target(state: SpiritState, seat: int, power: str, tgt: int, dest: int | None) -> None:
    p = state.pending
    assert p is not None
    first = p.kind == "KIAI"
    used = list(p.used)
    left = p.left - 1
    s = state.samurai[seat]
    if first:
        state.say(f"{s.name} activates Kiai: {words.power(power, p.left)}.")
    t = state.samurai[tgt]
    if power == "CUT_OTHER":
        cid = t.line.pop()
        state.discard.append(cid)
        state.say(f"{t.name}'s newest combat card, {label(cid)}, is discarded: total {t.total}.")
    elif power == "HEAL":
        heal(state, tgt, f"{s.name}'s Kiai")
    else:  # RELOCATE
        assert dest is not None
        cid = t.line.pop()
        icon = data.card(cid).icon
        assert icon is not None
        state.samurai[dest].slots[icon] = cid
        state.say(f"{t.name}'s newest combat card, {label(cid)}, moves to"
                  f" {name(state, dest)}'s {icon} slot.")
    used.append(tgt)
    state.pending = None
    if left > 0 and targets(state, seat, power, used):
        state.pending = Pending(kind="KIAI_MORE", seat=seat, power=power, left=left, used=used)


def kiai_decline(state: SpiritState, seat: int) -> None:
    state.say(f"{name(state, seat)} uses no Kiai power.")
    state.pending = None
