"""Shared helpers: seats and families, pieces on the map, honour, dice, card returns."""

from __future__ import annotations

from itertools import chain
from operator import attrgetter

from .data import data
from .state import Fleet, Kami, SenjiState

D = data()
KINDS = ("production", "recruitment", "movement")
_OWNER, _SAMURAI = attrgetter("owner"), attrgetter("samurai")


def fam(state: SenjiState, seat: int) -> str:
    return state.families[seat]


def seat_of(state: SenjiState, family: str) -> int | None:
    try:
        return state.families.index(family)
    except ValueError:
        return None


def name(state: SenjiState, seat: int) -> str:
    return state.names[seat]


def nseats(state: SenjiState) -> int:
    return len(state.families)


def host_order(state: SenjiState) -> list[int]:
    n = nseats(state)
    return [(state.host + i) % n for i in range(n)]


def owned(state: SenjiState, seat: int) -> list[str]:
    provinces = state.provinces
    return [p for p in D.province_order if provinces[p].owner == seat]


def owns_any(state: SenjiState, seat: int) -> bool:
    """``bool(owned(state, seat))``, without listing them."""
    return seat in map(_OWNER, state.provinces.values())


def owned_count(state: SenjiState, seat: int) -> int:
    """``len(owned(state, seat))``, without listing them."""
    return list(map(_OWNER, state.provinces.values())).count(seat)


def fleets_of(state: SenjiState, seat: int) -> list[Fleet]:
    return [f for f in state.fleets if f.seat == seat]


def fleet(state: SenjiState, sea: str, seat: int) -> Fleet | None:
    for f in state.fleets:
        if f.sea == sea and f.seat == seat:
            return f
    return None


def fleet_or_new(state: SenjiState, sea: str, seat: int) -> Fleet:
    f = fleet(state, sea, seat)
    if f is None:
        f = Fleet(sea=sea, seat=seat)
        state.fleets.append(f)
        state.fleets.sort(key=lambda x: (D.sea_order.index(x.sea), x.seat))
    return f


def drop_empty_fleets(state: SenjiState) -> None:
    state.fleets = [f for f in state.fleets if f.units or f.samurai]


def units_in_flight(state: SenjiState, seat: int) -> int:
    n = 0
    if state.group is not None and state.active is not None and state.active.seat == seat:
        n += state.group.units
    if state.combat is not None and state.combat.att == seat:
        n += state.combat.att_units
    return n


def samurai_in_flight(state: SenjiState, seat: int) -> list[str]:
    out: list[str] = []
    if state.group is not None and state.active is not None and state.active.seat == seat:
        out += state.group.samurai
    if state.combat is not None and state.combat.att == seat:
        out += state.combat.att_samurai
    return out


def board_units(state: SenjiState, seat: int) -> int:
    n = sum(p.units for p in state.provinces.values() if p.owner == seat)
    n += sum(f.units for f in state.fleets if f.seat == seat)
    return n + units_in_flight(state, seat)


def samurai_on_board(state: SenjiState, seat: int) -> list[str]:
    out: list[str] = []
    for p in D.province_order:
        pr = state.provinces[p]
        if pr.owner == seat:
            out += pr.samurai
    for f in state.fleets:
        if f.seat == seat:
            out += f.samurai
    return out + samurai_in_flight(state, seat)


def has_samurai(state: SenjiState, seat: int, letter: str) -> bool:
    """``letter in samurai_on_board(state, seat)``, without building the list (a hot test:
    the autumn turn, bids and combat ask it for each seat's abilities)."""
    provinces = state.provinces.values()
    if letter in chain.from_iterable(map(_SAMURAI, provinces)):  # somewhere on a province
        for pr in provinces:
            if letter in pr.samurai and pr.owner == seat:
                return True
    for f in state.fleets:
        if f.seat == seat and letter in f.samurai:
            return True
    # letter in samurai_in_flight(state, seat), without building the list
    g, act, c = state.group, state.active, state.combat
    if g is not None and act is not None and act.seat == seat and letter in g.samurai:
        return True
    return c is not None and c.att == seat and letter in c.att_samurai


def _card_info(card: str) -> tuple[str, str, str]:
    return D.card_family(card), D.card_code(card), D.card_type(card)


_CARD_INFO = {card: _card_info(card) for card in D.diplo_cards}


def card_info(card: str) -> tuple[str, str, str]:
    """(family, code, type) of a diplomacy card, looked up once for the printed cards (the
    legal lists read them for every card of a hand)."""
    got = _CARD_INFO.get(card)
    return got if got is not None else _card_info(card)


def samurai_name(letter: str) -> str:
    return D.samurai[letter].name


def gain(state: SenjiState, seat: int, n: int, why: str) -> None:
    state.honor[seat] += n
    state.say(f"{name(state, seat)} gains {n} honour ({why}): {state.honor[seat]}.")


def lose(state: SenjiState, seat: int, n: int, why: str) -> None:
    before = state.honor[seat]
    state.honor[seat] = max(0, before - n)
    state.say(f"{name(state, seat)} loses {before - state.honor[seat]} honour ({why}): {state.honor[seat]}.")


def roll_die(state: SenjiState) -> str:
    if state.forced_dice:
        return state.forced_dice.pop(0)
    return D.dice.faces[state.rng.below(len(D.dice.faces))]


def return_card(state: SenjiState, card: str) -> None:
    """A diplomacy card goes back to its owner: a player's hand or a missing family's deck."""
    f = D.card_family(card)
    s = seat_of(state, f)
    if s is not None:
        state.diplo_hands[s].append(card)
        sort_hand(state.diplo_hands[s])
    else:
        deck = state.missing_decks[f]
        deck.append(card)
        state.rng.shuffle(deck)


def _diplo_order(card: str) -> tuple[int, int]:
    return (D.family_order.index(D.card_family(card)), [k.code for k in D.diplo_kinds].index(D.card_code(card)))


_DIPLO_ORDER = {card: _diplo_order(card) for card in D.diplo_cards}


def diplo_order(card: str) -> tuple[int, int]:
    order = _DIPLO_ORDER.get(card)
    return order if order is not None else _diplo_order(card)


def sort_hand(hand: list[str]) -> None:
    if hand and "?" not in hand:
        hand.sort(key=diplo_order)


def sort_hana(hand: list[str]) -> None:
    if hand and "?" not in hand:
        hand.sort()


def draw_hana(state: SenjiState, seat: int, n: int) -> list[str]:
    got: list[str] = []
    for _ in range(n):
        c = draw_one_hana(state)
        if c is None:
            break
        got.append(c)
    state.hana_hands[seat].extend(got)
    sort_hana(state.hana_hands[seat])
    return got


def draw_one_hana(state: SenjiState) -> str | None:
    if not state.hana_deck and state.hana_discard:
        state.hana_deck.extend(state.hana_discard)
        state.hana_discard.clear()
        state.rng.shuffle(state.hana_deck)
        state.say("The hanafuda discard pile is shuffled into a new draw pile.")
    if not state.hana_deck:
        return None
    return state.hana_deck.pop()


def samurai_available(state: SenjiState) -> int:
    return len(state.samurai_deck) + len(state.samurai_discard)


def draw_samurai(state: SenjiState, n: int) -> list[str]:
    if len(state.samurai_deck) < n and state.samurai_discard:
        state.samurai_deck[:0] = state.samurai_discard
        state.samurai_discard.clear()
        state.rng.shuffle(state.samurai_deck)
        state.say("The samurai discard pile is shuffled into the samurai deck.")
    got = []
    for _ in range(min(n, len(state.samurai_deck))):
        got.append(state.samurai_deck.pop())
    return got


def make_kami(state: SenjiState, letter: str, seat: int) -> None:
    state.kami.append(Kami(letter=letter, seat=seat))
    colour = D.samurai[letter].colour
    state.say(f"{samurai_name(letter)} becomes a {colour} kami of {name(state, seat)}.")


def unused_kami(state: SenjiState, seat: int, colour: str) -> list[str]:
    return [k.letter for k in state.kami if k.seat == seat and D.samurai[k.letter].colour == colour]


def spend_kami(state: SenjiState, letter: str) -> None:
    state.kami = [k for k in state.kami if k.letter != letter]
    state.spent.append(letter)


def province_name(p: str) -> str:
    return D.province[p].name


def cards_text(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "nothing"
