"""Combat (spec §5.6): executions, support cards, dice of destiny, reactions, result."""

from __future__ import annotations

from rules.common import ActionBase

from .actions import Execute, ReactDie, ReactDone, ReactRoll, ReactUse, Shared, Support, make
from .board import (
    D, fam, gain, has_samurai, lose, make_kami, name, province_name, return_card, roll_die, samurai_name,
    spend_kami, unused_kami,
)
from .handoff import NEXT
from .state import Combat, Die, SenjiState, new_die
from .words import cards_named, units as unit_count

OTHER = {"A": "D", "D": "A"}
_SUPPORT = Shared(Support, "card")  # actions.Shared


def begin(state: SenjiState, p: str, att: int, units: int, samurai: list[str]) -> None:
    dfn = state.provinces[p].owner
    state.combat = Combat(province=p, att=att, dfn=dfn, att_units=units, att_samurai=list(samurai))
    pr = state.provinces[p]
    state.reveal()  # the defender takes the screen
    state.say(f"Combat in {province_name(p)}: {name(state, att)} ({_pieces(units, samurai)}) "
              f"attacks {name(state, dfn)} ({_pieces(pr.units, pr.samurai)}).")
    if ekes_active(state, "A") or ekes_active(state, "D"):
        state.say("Ekes voids the abilities of the samurai fighting against him.")
    start_round(state)


def _pieces(units: int, samurai: list[str]) -> str:
    parts = [unit_count(units)] + [samurai_name(x) for x in samurai]
    return ", ".join(parts)


def seat_of_side(state: SenjiState, side: str) -> int:
    c = state.combat
    return c.att if side == "A" else c.dfn


def side_samurai(state: SenjiState, side: str) -> list[str]:
    c = state.combat
    return c.att_samurai if side == "A" else state.provinces[c.province].samurai


def side_units(state: SenjiState, side: str) -> int:
    c = state.combat
    return c.att_units if side == "A" else state.provinces[c.province].units


def ekes_active(state: SenjiState, side: str) -> bool:
    """True when Ekes fights against ``side`` and ``side`` has no Chosogabe."""
    return "C" in side_samurai(state, OTHER[side]) and "B" not in side_samurai(state, side)


def abilities(state: SenjiState, side: str) -> set[str]:
    if ekes_active(state, side):
        return set()
    return set(side_samurai(state, side))


def start_round(state: SenjiState) -> None:
    c = state.combat
    c.att_cards, c.dfn_cards, c.att_up, c.dfn_up = [], [], False, False
    c.dice, c.tadakatsu_used = [], []
    c.react_side, c.react_source, c.react_chosen, c.react_max = None, None, [], 0
    if "Q" in abilities(state, "D"):
        c.first, c.face_up_first = "A", True
    elif "Q" in abilities(state, "A"):
        c.first, c.face_up_first = "D", True
    else:
        c.first, c.face_up_first = "D", False
    if c.face_up_first:
        state.say(f"Wakizaka: {name(state, seat_of_side(state, c.first))} picks support first, face up.")
    _support_step(state, c.first)


def _support_step(state: SenjiState, side: str) -> None:
    state.step = f"combat_support_{side}"
    state.actor = seat_of_side(state, side)


def cards_of(state: SenjiState, side: str) -> list[str]:
    c = state.combat
    return c.att_cards if side == "A" else c.dfn_cards


def eligible(state: SenjiState, side: str) -> list[str]:
    c = state.combat
    seat = seat_of_side(state, side)
    own = fam(state, seat)
    banned = {fam(state, c.att), fam(state, c.dfn)}
    out = []
    for card in state.diplo_hands[seat]:
        t = D.card_type(card)
        if card == f"{own}-D0" or (t == "support" and D.card_family(card) not in banned):
            out.append(card)
    return out


def need(state: SenjiState, side: str) -> int:
    if "A" not in abilities(state, side):
        return 1
    fams = {D.card_family(x) for x in eligible(state, side) + cards_of(state, side)}
    return 2 if len(fams) >= 2 else 1


def board_ability(state: SenjiState, side: str, letter: str) -> bool:
    """A samurai's ability that works while it is on its owner's board (spec §2.8): on,
    unless the samurai is one of the pieces fighting against an active Ekes."""
    if not has_samurai(state, seat_of_side(state, side), letter):  # not on its owner's board
        return False
    return not (letter in side_samurai(state, side) and ekes_active(state, side))


def ginchiyo_protects(state: SenjiState) -> bool:
    return board_ability(state, "A", "D")


def legal_support(state: SenjiState, side: str) -> list[ActionBase]:
    c = state.combat
    out: list[ActionBase] = []
    if side == "D" and c.round == 1 and not c.executed and not ginchiyo_protects(state):
        afam = fam(state, c.att)
        out += [make(Execute, card=x) for x in state.diplo_hands[c.dfn]
                if D.card_type(x) == "member" and D.card_family(x) == afam]
    chosen = {D.card_family(x) for x in cards_of(state, side)}
    out += [_SUPPORT[x] for x in eligible(state, side) if D.card_family(x) not in chosen]
    return out


def apply_support(state: SenjiState, side: str, a: ActionBase) -> None:
    c = state.combat
    seat = seat_of_side(state, side)
    if isinstance(a, Execute):
        state.diplo_hands[c.dfn].remove(a.card)
        state.executed.append(a.card)
        v = D.card_value(a.card)
        state.reveal()
        state.say(f"{name(state, c.dfn)} executes the hostage {D.card_name(a.card)}.")
        lose(state, c.att, 2 * v, "execution")
        gain(state, c.dfn, 2 * v if board_ability(state, "D", "I") else v, "execution")
        return
    assert isinstance(a, Support)
    if side == "D":
        c.executed = True
    state.diplo_hands[seat].remove(a.card)
    cards_of(state, side).append(a.card)
    face_up = c.face_up_first and side == c.first
    if face_up:
        if side == "A":
            c.att_up = True
        else:
            c.dfn_up = True
        state.say(f"{name(state, seat)} plays {D.card_name(a.card)} face up.")
    else:
        state.say(f"You play {D.card_name(a.card)}.", seats=(seat,))
    if len(cards_of(state, side)) < need(state, side) and legal_support(state, side):
        return
    state.reveal()
    if not face_up:
        state.say(f"{name(state, seat)} has chosen their support.")
    if side == c.first:
        _support_step(state, OTHER[side])
        return
    c.att_up = c.dfn_up = True
    state.say(f"Support revealed: {name(state, c.dfn)} plays {cards_named(c.dfn_cards)}; "
              f"{name(state, c.att)} plays {cards_named(c.att_cards)}.")
    roll(state)


def set_count(state: SenjiState, side: str) -> list[int]:
    if ekes_active(state, side):
        return []
    ab = abilities(state, side)
    return [2 if (x == "B" and "B" in ab) else 1 for x in side_samurai(state, side)]


def roll(state: SenjiState) -> None:
    c = state.combat
    dice: list[Die] = []
    for side in ("D", "A"):
        face = fam(state, seat_of_side(state, side))
        for k in set_count(state, side):
            for _ in range(k):
                if len(dice) < D.dice.count:
                    dice.append(new_die(face, True))
    nset = len(dice)
    while len(dice) < D.dice.count:
        dice.append(new_die(roll_die(state), False))
    c.dice = dice
    state.say(f"Round {c.round} dice: set {' '.join(d.face for d in dice[:nset]) or '-'} | "
              f"rolled {' '.join(d.face for d in dice[nset:]) or '-'}.")
    _react_from(state, "D")


def react_sources(state: SenjiState, side: str) -> list[ReactUse]:
    """Tadakatsu (once per round) and, once per combat, one of the side's red kami."""
    c = state.combat
    if not any(not d.set for d in c.dice):
        return []
    out = []
    if "M" in abilities(state, side) and side not in c.tadakatsu_used:
        out.append(make(ReactUse, source="M"))
    if side not in c.kami_used:
        seat = seat_of_side(state, side)
        out += [make(ReactUse, source=x, kami=True) for x in unused_kami(state, seat, "red")]
    return out


def _react_from(state: SenjiState, side: str | None) -> None:
    c = state.combat
    while side is not None:
        if react_sources(state, side):
            c.react_side = side
            state.step, state.actor = f"combat_react_{side}", seat_of_side(state, side)
            return
        side = "A" if side == "D" else None
    c.react_side = None
    evaluate(state)


def legal_react(state: SenjiState, side: str) -> list[ActionBase]:
    c = state.combat
    if c.react_source is None:
        return [*react_sources(state, side), make(ReactDone)]
    out: list[ActionBase] = []
    if len(c.react_chosen) < c.react_max:
        out += [make(ReactDie, die=i + 1) for i, d in enumerate(c.dice)
                if not d.set and i + 1 not in c.react_chosen]
    if c.react_chosen:
        out.append(make(ReactRoll))
    return out


def apply_react(state: SenjiState, side: str, a: ActionBase) -> None:
    c = state.combat
    seat = seat_of_side(state, side)
    match a:
        case ReactDone():
            _react_from(state, "A" if side == "D" else None)
        case ReactUse(source=x, kami=kami):
            c.react_source, c.react_chosen = x, []
            if not kami:
                c.react_max = 2
                c.tadakatsu_used.append(side)
                state.say(f"{name(state, seat)} uses Tadakatsu to reroll up to 2 dice.")
            else:
                c.react_max = D.dice.count
                c.kami_used.append(side)
                spend_kami(state, x)
                state.say(f"{name(state, seat)} calls the red kami of {samurai_name(x)} to reroll dice.")
        case ReactDie(die=i):
            c.react_chosen.append(i)
        case ReactRoll():
            got = []
            for i in sorted(c.react_chosen):
                c.dice[i - 1].face = roll_die(state)
                got.append(f"#{i}→{c.dice[i - 1].face}")
            state.say(f"Reroll: {' '.join(got)}.")
            c.react_source, c.react_chosen, c.react_max = None, [], 0
            if react_sources(state, side):
                return
            _react_from(state, "A" if side == "D" else None)


def support_value(state: SenjiState, side: str) -> int:
    c = state.combat
    mine, theirs = cards_of(state, side), cards_of(state, OTHER[side])
    total = 0
    for card in mine:
        f, v = D.card_family(card), D.card_value(card)
        if any(D.card_family(o) == f and D.card_value(o) >= v for o in theirs):
            continue
        n = sum(1 for d in c.dice if not d.set and d.face == f)
        total += min(n, v)
    return total


def value(state: SenjiState, side: str) -> int:
    c = state.combat
    face = fam(state, seat_of_side(state, side))
    v = side_units(state, side) + sum(1 for d in c.dice if d.face == face)
    v += support_value(state, side)
    if side == "A" and "N" in abilities(state, "A"):
        v += 1
    return v


def _return_cards(state: SenjiState) -> None:
    c = state.combat
    for card in c.att_cards + c.dfn_cards:
        return_card(state, card)
    c.att_cards, c.dfn_cards = [], []


def evaluate(state: SenjiState) -> None:
    c = state.combat
    va, vd = value(state, "A"), value(state, "D")
    state.say(f"Round {c.round}: {name(state, c.att)} {va} against {name(state, c.dfn)} {vd}.")
    if va == vd:
        _return_cards(state)
        c.round += 1
        state.say("A tie: the support cards go back and a new round begins.")
        start_round(state)
        return
    result(state, "A" if va > vd else "D")


def result(state: SenjiState, win: str) -> None:
    c = state.combat
    pr = state.provinces[c.province]
    lose_side = OTHER[win]
    wseat, lseat = seat_of_side(state, win), seat_of_side(state, lose_side)
    lost = side_units(state, lose_side)
    dead = list(side_samurai(state, lose_side))
    wloss = min(lost, side_units(state, win))
    state.supply[lseat] += lost
    state.supply[wseat] += wloss
    if lose_side == "A":
        c.att_units, c.att_samurai = 0, []
        pr.units -= wloss
    else:
        pr.units, pr.samurai = 0, []
        c.att_units -= wloss
    state.say(f"{name(state, wseat)} wins: {name(state, lseat)} loses {unit_count(lost)}"
              f"{' and ' + ', '.join(samurai_name(x) for x in dead) if dead else ''}; "
              f"{name(state, wseat)} loses {unit_count(wloss)}.")
    for x in dead:
        make_kami(state, x, lseat)
    t = lost + wloss
    if t:
        gain(state, wseat, 2 * t if win == "A" else t, "combat")
    _return_cards(state)
    if win == "A":
        pr.owner = c.att
        pr.units, pr.samurai = c.att_units, list(c.att_samurai)
        if pr.order is not None:
            state.say(f"{name(state, lseat)}'s order token in {province_name(c.province)} is discarded.")
        pr.order, pr.resolved = None, False
        state.say(f"{name(state, wseat)} captures {province_name(c.province)}.")
    state.combat = None
    NEXT("summer_goes_on", state)
