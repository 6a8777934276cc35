"""Summer (spec §4.5, §5.1-5.5): the host activates orders and fleets one by one."""

from __future__ import annotations

from rules.common import ActionBase

from .actions import (
    Activate, ActivateFleet, AddSamurai, AddUnits, Dest, FleetLand, FleetSail, FleetStay, Go,
    MoveDone, Shared, Shared2, make,
)
from .board import (
    D, draw_hana, drop_empty_fleets, fam, fleet, fleet_or_new, name, owned_count, province_name,
    roll_die, samurai_name,
)
from .handoff import NEXT
from .state import Active, Group, SenjiState
from .words import cards_named, units as unit_count

# Shared actions the summer lists name at every decision (actions.Shared).
_ACTIVATE = Shared(Activate, "province")
_MOVE_DONE, _GO = make(MoveDone), make(Go)
_ADD_UNITS = Shared(AddUnits, "n")
_ADD_SAMURAI = Shared(AddSamurai, "letter")
_TO_PROVINCE = Shared(Dest, "province")
_TO_SEA = Shared(Dest, "sea")
_RAID = Shared2(Dest, "province", "sea")
# Where a movement from each province may go, in the order the list names them: the
# neighbours by land, then its fleets' seas, then the provinces across those seas (a raid);
# a province destination's sea is None but for a raid.
_ROUTES = {
    origin: (tuple((_TO_PROVINCE[p], p) for p in D.neighbours[origin]),
             tuple((_TO_SEA[s], s) for s in D.province[origin].seas),
             tuple((_RAID[p][s], p) for s in D.province[origin].seas for p in D.sea_provinces[s] if p != origin))
    for origin in D.province_order}


def start_summer(state: SenjiState) -> None:
    for f in state.fleets:
        f.due = True
    state.say("Summer: the host activates the orders and fleets.")
    to_pick(state)


def _pending(state: SenjiState) -> bool:
    return any(pr.order is not None and not pr.resolved and pr.owner is not None
               for pr in state.provinces.values()) or any(f.due for f in state.fleets)


def to_pick(state: SenjiState) -> None:
    state.active, state.group = None, None
    drop_empty_fleets(state)
    if _pending(state):
        state.step, state.actor = "summer_pick", state.host
    else:
        for pr in state.provinces.values():  # every token is spent: the board is cleared
            pr.order, pr.resolved = None, False
        NEXT("autumn", state)


def legal_pick(state: SenjiState) -> list[ActionBase]:
    provinces = state.provinces
    out: list[ActionBase] = [
        _ACTIVATE[p] for p in D.province_order
        if (pr := provinces[p]).order is not None and not pr.resolved and pr.owner is not None
    ]
    out += [make(ActivateFleet, sea=f.sea, family=fam(state, f.seat)) for f in state.fleets if f.due]
    return out


def apply_pick(state: SenjiState, a: ActionBase) -> None:
    if isinstance(a, Activate):
        pr = state.provinces[a.province]
        seat = pr.owner
        pr.resolved = True
        state.reveal()
        state.say(f"{province_name(a.province)}: {name(state, seat)}'s {pr.order} order.")
        if pr.order == "production":
            n = 4 if "F" in pr.samurai else 2
            got = draw_hana(state, seat, n)
            state.say(f"{name(state, seat)} draws {len(got)} hanafuda.")
            state.say(f"You draw {cards_named(got) if got else 'nothing'}.", seats=(seat,))
            to_pick(state)
        elif pr.order == "recruitment":
            cap = 3 if "H" in pr.samurai else 2
            n = max(0, min(cap, 6 - pr.units, state.supply[seat]))
            pr.units += n
            state.supply[seat] -= n
            state.say(f"{name(state, seat)} recruits {unit_count(n)} in {province_name(a.province)}.")
            to_pick(state)
        else:
            state.active = Active(seat=seat, province=a.province)
            continue_activation(state)
        return
    assert isinstance(a, ActivateFleet)
    seat = state.families.index(a.family)
    f = fleet(state, a.sea, seat)
    f.due = False
    state.reveal()
    state.say(f"The {D.sea[a.sea].name} fleet of {name(state, seat)} is activated.")
    state.active = Active(seat=seat, sea=a.sea)
    state.step, state.actor = "fleet_mode", seat


# -- fleets ------------------------------------------------------------------------
def legal_fleet(state: SenjiState) -> list[ActionBase]:
    act = state.active
    f = fleet(state, act.sea, act.seat)
    out: list[ActionBase] = [make(FleetStay)]
    other = D.sea[act.sea].adjacent[0]
    there = fleet(state, other, act.seat)
    if (there.units if there else 0) + f.units <= 6:
        out.append(make(FleetSail))
    if _targets(state):
        out.append(make(FleetLand))
    return out


def apply_fleet(state: SenjiState, a: ActionBase) -> None:
    act = state.active
    f = fleet(state, act.sea, act.seat)
    if isinstance(a, FleetStay):
        state.say(f"The fleet of {name(state, act.seat)} stays in the {D.sea[act.sea].name}.")
        to_pick(state)
    elif isinstance(a, FleetSail):
        other = D.sea[act.sea].adjacent[0]
        g = fleet_or_new(state, other, act.seat)
        g.units += f.units
        g.samurai += f.samurai
        f.units, f.samurai = 0, []
        state.say(f"The fleet of {name(state, act.seat)} sails to the {D.sea[other].name}.")
        to_pick(state)
    else:
        act.landing = True
        state.say(f"The fleet of {name(state, act.seat)} prepares to land.")
        continue_activation(state)


# -- movement ------------------------------------------------------------------------
def _source(state: SenjiState) -> tuple[int, list[str]]:
    act = state.active
    if act.province is not None:
        pr = state.provinces[act.province]
        return pr.units, pr.samurai
    f = fleet(state, act.sea, act.seat)
    return (f.units, f.samurai) if f else (0, [])


def _take(state: SenjiState, units: int, samurai: str | None) -> None:
    act = state.active
    if act.province is not None:
        src = state.provinces[act.province]
    else:
        src = fleet(state, act.sea, act.seat)
    src.units -= units
    if samurai:
        src.samurai.remove(samurai)


def _targets(state: SenjiState) -> list[tuple[Dest, int]]:
    """Each destination with how many units may go there, kept when at least one unit may
    go or a samurai moves. A province: never a neutral one; one's own up to 6 units; another
    owner's (or a free one) only while the mover owns fewer than 6. A fleet: up to 6 units."""
    act = state.active
    seat = act.seat
    units, samurai = _source(state)
    provinces = state.provinces
    full = owned_count(state, seat) >= 6
    out: list[tuple[Dest, int]] = []

    def to_provinces(routes) -> None:
        for d, p in routes:
            pr = provinces[p]
            if pr.neutral:
                continue
            if pr.owner == seat:
                cap = min(units, 6 - pr.units)
            elif full:
                continue
            else:
                cap = units
            if cap >= 1 or samurai:
                out.append((d, cap))

    if act.province is None:  # a fleet landing: provinces on its sea
        to_provinces((_TO_PROVINCE[p], p) for p in D.sea_provinces[act.sea])
        return out
    land, seas, raids = _ROUTES[act.province]
    to_provinces(land)
    for d, s in seas:
        f = fleet(state, s, seat)
        cap = min(units, 6 - (f.units if f else 0))
        if cap >= 1 or samurai:
            out.append((d, cap))
    to_provinces(raids)
    return out


def continue_activation(state: SenjiState) -> None:
    state.group = None
    units, samurai = _source(state)
    if not units and not samurai:
        to_pick(state)
        return
    state.step, state.actor = "move_dest", state.active.seat


def legal_dest(state: SenjiState) -> list[ActionBase]:
    out: list[ActionBase] = [d for d, _ in _targets(state)]
    out.append(_MOVE_DONE)
    return out


def legal_group(state: SenjiState) -> list[ActionBase]:
    g = state.group
    units, samurai = _source(state)
    out: list[ActionBase] = []
    if g.units == 0:
        out += map(_ADD_UNITS.__getitem__, range(1, min(g.max_units, units) + 1))
    out += map(_ADD_SAMURAI.__getitem__, samurai)
    if g.units or g.samurai:
        out.append(_GO)
    return out


def apply_move(state: SenjiState, a: ActionBase) -> None:
    act = state.active
    match a:
        case MoveDone():
            state.say(f"{name(state, act.seat)} ends the movement.")
            to_pick(state)
        case Dest():
            # the cap of the destination, as dict(_targets(state))[a] reads it (the last one
            # equal to ``a``), found without hashing every destination. The destinations are
            # shared actions, one per value: the one taken from the list is found by identity.
            targets = _targets(state)
            cap = next((c for d, c in reversed(targets) if d is a), None)
            if cap is None:
                cap = next(c for d, c in reversed(targets) if d == a)
            state.group = Group(province=a.province, sea=a.sea, max_units=cap)
            state.step = "move_group"
        case AddUnits(n=n):
            _take(state, n, None)
            state.group.units += n
        case AddSamurai(letter=x):
            _take(state, 0, x)
            state.group.samurai.append(x)
        case Go():
            go(state)


def _pieces(units: int, samurai: list[str]) -> str:
    parts = [unit_count(units)] if units else []
    parts += [samurai_name(x) for x in samurai]
    return " and ".join(parts) if parts else "nothing"


def go(state: SenjiState) -> None:
    act, g = state.active, state.group
    seat = act.seat
    src = province_name(act.province) if act.province else f"the {D.sea[act.sea].name} fleet"
    if g.province is None:  # to a sea
        f = fleet_or_new(state, g.sea, seat)
        f.units += g.units
        f.samurai += g.samurai
        state.say(f"{name(state, seat)} moves {_pieces(g.units, g.samurai)} from {src} "
                  f"to the {D.sea[g.sea].name}.")
        continue_activation(state)
        return
    units, samurai = g.units, list(g.samurai)
    how = f"raids {province_name(g.province)} across the {D.sea[g.sea].name}" if g.sea else \
        f"moves to {province_name(g.province)}"
    state.say(f"{name(state, seat)} {how} from {src} with {_pieces(units, samurai)}.")
    if g.sea is not None and units:
        faces = [roll_die(state) for _ in range(units)]
        lost = faces.count(fam(state, seat))
        state.say(f"Landing roll: {' '.join(faces)}: {unit_count(lost)} lost at sea.")
        units -= lost
        state.supply[seat] += lost
        g.units = units
        if not units and not samurai:
            continue_activation(state)
            return
    arrive(state, seat, g.province, units, samurai)


def arrive(state: SenjiState, seat: int, p: str, units: int, samurai: list[str]) -> None:
    pr = state.provinces[p]
    if pr.owner is None or pr.owner == seat:
        if pr.owner is None:
            pr.owner = seat
            state.say(f"{name(state, seat)} claims {province_name(p)} and builds a fortress.")
        pr.units += units
        pr.samurai += samurai
        continue_activation(state)
        return
    state.group = None
    NEXT("combat", state, p, seat, units, samurai)
