"""Autumn (spec §4.6, §5.7-5.12): trading, diplomatic honour, hostages, combinations,
hiring, mercenaries, seppuku, kami and Umeko."""

from __future__ import annotations

from rules.common import ActionBase

from .actions import (
    Call, ComboAdd, ComboAddWild, ComboStart, DiploGive, DiploStart, EndTurn, HireKeep, HirePlace,
    KamiBlue, KamiGreen, KamiTake, MercSamurai, MercUnits, ReturnHostage, RevealHostage,
    Seppuku, Shared, TradeKeep, UmekoSwap, UseTrade, make,
)
from .board import (
    D, card_info, draw_one_hana, draw_samurai, fleet, fleet_or_new, fleets_of, gain, has_samurai,
    host_order, lose, make_kami, name, nseats, owned, owns_any, province_name, return_card,
    samurai_available, samurai_name, samurai_on_board, sort_hana, sort_hand, spend_kami,
    unused_kami,
)
from .handoff import NEXT
from .state import ComboWork, Hire, SenjiState
from .words import card_name, cards_named, samurai_label, units

# Shared actions the autumn lists name at every decision (actions.Shared).
_CALL = Shared(Call, "seat")
_USE_TRADE = Shared(UseTrade, "card")
_REVEAL = Shared(RevealHostage, "card")
_RETURN = Shared(ReturnHostage, "card")
_START = Shared(ComboStart, "combo")
_ADD = Shared(ComboAdd, "card")
_SEPPUKU = Shared(Seppuku, "letter")
_END_TURN = make(EndTurn)


def start_autumn(state: SenjiState) -> None:
    state.say("Autumn: each player in turn trades, scores and hires.")
    state.called, state.hostages_new, state.hostages_back = [], [], []
    state.umeko_used, state.shingen_used = [], []
    state.autumn_queue = []
    if state.options.autumn_order == "honour":
        state.autumn_queue = sorted(host_order(state), key=lambda s: -state.honor[s])
    next_call(state)


def next_call(state: SenjiState) -> None:
    if state.options.autumn_order == "honour":
        remaining = [s for s in state.autumn_queue if s not in state.called]
    else:
        remaining = [s for s in host_order(state) if s not in state.called]
    if not remaining:
        NEXT("end_year", state)
    elif len(remaining) == 1 or state.options.autumn_order == "honour":
        start_turn(state, remaining[0])
    else:
        state.step, state.actor = "autumn_call", state.host


def legal_call(state: SenjiState) -> list[ActionBase]:
    return [_CALL[s] for s in host_order(state) if s not in state.called]


def start_turn(state: SenjiState, seat: int) -> None:
    state.called.append(seat)
    state.reveal()  # the screen goes to the called player
    state.merc_ok = not owns_any(state, seat) and not fleets_of(state, seat)
    state.merc_sea, state.merc_used = None, []
    state.step, state.actor = "autumn_turn", seat
    state.say(f"{name(state, seat)} takes its autumn turn.")


# -- combinations -------------------------------------------------------------------
def _wild_ok(state: SenjiState, seat: int) -> bool:
    return has_samurai(state, seat, "L") and seat not in state.shingen_used


_FLOWER = {card: D.hana_flower(card) for card in D.hana_cards}

# Combinations are worked out on counts: how many cards of each kind (a list in the order of
# _KINDS) and of each flower. A combination of kinds needs some of each; one of one flower, a
# number of cards of one flower.
_KINDS = tuple(dict.fromkeys([*D.hana_kind.values(), *(k for c in D.combos for k in c.need)]))
_KIND_AT = {k: i for i, k in enumerate(_KINDS)}
_CARD_KIND = {card: _KIND_AT[kind] for card, kind in D.hana_kind.items()}  # card -> kind index
_NEEDS = {c.id: tuple((_KIND_AT[k], n) for k, n in c.need.items()) for c in D.combos}
# Each kind counted in its own 8 bits of one number: a hand's kinds are one sum, and one key.
_KIND_CODE = {k: 1 << (8 * i) for i, k in enumerate(_KINDS)}
_CARD_CODE = {card: _KIND_CODE[kind] for card, kind in D.hana_kind.items()}
_SHIFTS = tuple(8 * i for i in range(len(_KINDS)))


def _fits_kinds(needs: tuple[tuple[int, int], ...], filled: list[int], n_filled: int, have: list[int],
                n_hand: int, wild: int) -> bool:
    """Can a combination of kinds needing ``needs`` ((kind, how many) pairs) be finished, with
    ``filled`` cards of each kind already put in (``n_filled`` in all), from a hand of
    ``n_hand`` cards holding ``have`` of each kind, with ``wild`` (0 or 1) cards that may count
    as any kind? A kind the combination does not need cannot be put in; each missing card is
    made up by a wild card from the rest of the hand."""
    used = deficit = put = 0
    for k, n in needs:
        f = filled[k]
        want = n - f
        if want < 0:
            return False
        put += f
        h = have[k]
        if want > h:
            used += h
            deficit += want - h
        else:
            used += want
    return put == n_filled and deficit <= wild and n_hand - used >= deficit


def _kind_counts(hand: list[str]) -> list[int]:
    """How many cards of each kind (by kind index) a hand holds."""
    if len(hand) < 256:  # each count fits its 8 bits
        code = sum(map(_CARD_CODE.__getitem__, hand))
        return [(code >> shift) & 255 for shift in _SHIFTS]
    kinds = [0] * len(_KINDS)
    for x in hand:
        kinds[_CARD_KIND[x]] += 1
    return kinds


# The combinations a hand can finish: a pure function of the hand's counts and of whether
# Shingen's wild card is still open, kept by the hand (the autumn turn's repeated decisions
# ask again for the same hand) and by its counts (which many hands share).
_FITTING: dict[tuple, list] = {}
_FITTING_BY_COUNTS: dict[tuple, list] = {}


def _fitting(hand: list[str], wild: bool) -> list:
    key = (wild, *hand)
    fitting = _FITTING.get(key)
    if fitting is None:
        have = _kind_counts(hand)
        flowers = list(map(_FLOWER.__getitem__, hand))
        most = max(map(flowers.count, flowers), default=0)  # the most cards of one flower
        by_counts = (wild, most, len(hand), *have)
        fitting = _FITTING_BY_COUNTS.get(by_counts)
        if fitting is None:
            w, none = (1 if wild else 0), [0] * len(_KINDS)
            fitting = [c for c in D.combos
                       if (most >= c.same_flower if c.same_flower
                           else _fits_kinds(_NEEDS[c.id], none, 0, have, len(hand), w))]
            if len(_FITTING_BY_COUNTS) >= 20_000:
                _FITTING_BY_COUNTS.clear()
            _FITTING_BY_COUNTS[by_counts] = fitting
        if len(_FITTING) >= 20_000:
            _FITTING.clear()
        _FITTING[key] = fitting
    return fitting


def combo_choices(state: SenjiState, seat: int, wild: bool | None = None) -> list[str]:
    """The combinations ``seat`` may start; ``wild``: whether Shingen's wild card is open
    (worked out here when not given)."""
    if wild is None:
        wild = _wild_ok(state, seat)
    out = []
    hire_ok = None  # whether a hire combination may be scored: worked out once, if asked
    for c in _fitting(state.hana_hands[seat], wild):
        if c.hire:
            if hire_ok is None:
                hire_ok = not (samurai_available(state) == 0 or not (owns_any(state, seat) or fleets_of(state, seat)))
            if not hire_ok:
                continue
        out.append(c.id)
    return out


def legal_combo(state: SenjiState) -> list[ActionBase]:
    seat, w = state.actor, state.combo
    hand = state.hana_hands[seat]
    out: list[ActionBase] = []
    c = D.combo[w.id]
    if c.same_flower:
        # A card fits by its flower alone: the flower of the cards put in (if any), with enough
        # cards of it in hand to finish. Shingen's wild card counts as a kind, never a flower.
        put_in = {_FLOWER[x] for x in w.cards}
        if len(put_in) > 1:
            return out
        flowers = list(map(_FLOWER.__getitem__, hand))
        left = c.same_flower - len(w.cards)  # cards still to put in, this one included
        for card, f in zip(hand, flowers):
            if (not put_in or f in put_in) and flowers.count(f) >= left:
                out.append(_ADD[card])
        return out
    wild = _wild_ok(state, seat)
    if len(hand) < 256 and len(w.kinds) < 256:  # the counts fit their 8 bits: one key
        key = (w.id, wild, sum(map(_KIND_CODE.__getitem__, w.kinds)), sum(map(_CARD_CODE.__getitem__, hand)))
        adding = _ADDING.get(key)
        if adding is None:
            if len(_ADDING) >= 20_000:
                _ADDING.clear()
            adding = _ADDING[key] = _adding(w, hand, wild)
    else:
        adding = _adding(w, hand, wild)
    fits, wild_as = adding
    out += [_ADD[card] for card in hand if fits[_CARD_KIND[card]]]
    if wild_as:
        seen = set()
        for card in hand:
            real = _CARD_KIND[card]
            if real in wild_as and real not in seen:
                seen.add(real)
                out += [make(ComboAddWild, card=card, as_kind=_KINDS[k]) for k in wild_as[real]]
    return out


# Which cards may be added to a combination of kinds under way: a pure function of the
# combination, of the kinds put in, of the kinds in hand and of Shingen's wild card; kept
# by those.
_ADDING: dict[tuple, tuple[list[bool], dict[int, list[int]]]] = {}


def _adding(w: ComboWork, hand: list[str], wild: bool) -> tuple[list[bool], dict[int, list[int]]]:
    """For a combination of kinds under way: whether a card of each kind (by index) may be
    added as itself, and, with Shingen's wild card open, for each kind in hand that the
    combination no longer needs, the kinds such a card may be added as."""
    needs = _NEEDS[w.id]
    filled = [0] * len(_KINDS)
    for k in w.kinds:
        filled[_KIND_AT[k]] += 1
    n_filled = len(w.kinds) + 1  # with the card added
    have = _kind_counts(hand)
    n_rest = len(hand) - 1
    w1 = 1 if wild else 0
    fits = [False] * len(_KINDS)
    for k in range(len(_KINDS)):
        if have[k]:
            filled[k] += 1
            have[k] -= 1
            fits[k] = _fits_kinds(needs, filled, n_filled, have, n_rest, w1)
            filled[k] -= 1
            have[k] += 1
    wild_as: dict[int, list[int]] = {}
    if wild:
        open_kinds = [k for k, n in needs if n - filled[k] > 0]
        for real in range(len(_KINDS)):
            if not have[real] or real in open_kinds:
                continue
            have[real] -= 1
            wild_as[real] = []
            for k in open_kinds:
                filled[k] += 1
                if _fits_kinds(needs, filled, n_filled, have, n_rest, 0):
                    wild_as[real].append(k)
                filled[k] -= 1
            have[real] += 1
    return fits, wild_as


def _combo_done(state: SenjiState) -> bool:
    w = state.combo
    c = D.combo[w.id]
    if c.same_flower:
        return len(w.cards) == c.same_flower
    return len(w.kinds) == sum(c.need.values())


def apply_combo(state: SenjiState, a: ActionBase) -> None:
    seat, w = state.actor, state.combo
    if isinstance(a, ComboAddWild):
        state.shingen_used.append(seat)
        kind = a.as_kind
        state.say(f"Shingen: {card_name(a.card)} counts as a {kind}.")
    else:
        kind = D.hana_kind[a.card]
    state.hana_hands[seat].remove(a.card)
    w.cards.append(a.card)
    w.kinds.append(kind)
    if not _combo_done(state):
        return
    c = D.combo[w.id]
    state.hana_discard.extend(w.cards)
    state.combo = None
    state.reveal()
    state.say(f"{name(state, seat)} scores {c.name} with {cards_named(w.cards)}.")
    if c.hire:
        start_hire(state, seat, "scroll", None)
        return
    bonus = 1 if has_samurai(state, seat, "J") else 0
    gain(state, seat, c.honor + bonus, c.name + (" + Nobuhide" if bonus else ""))
    state.step = "autumn_turn"


# -- hiring -----------------------------------------------------------------------------
def start_hire(state: SenjiState, seat: int, mode: str, sea: str | None) -> None:
    cards = draw_samurai(state, 3)
    state.hire = Hire(seat=seat, cards=cards, mode=mode, sea=sea)
    state.reveal()
    state.say(f"{name(state, seat)} draws {len(cards)} samurai to hire one.")
    label = samurai_label if state.options.hire_scores else samurai_name  # a hire's honour counts only then
    state.say(f"You may hire: {', '.join(label(x) for x in cards)}.", seats=(seat,))
    state.step = "hire_keep"


def legal_hire_keep(state: SenjiState) -> list[ActionBase]:
    return [make(HireKeep, letter=x) for x in state.hire.cards]


def legal_hire_place(state: SenjiState) -> list[ActionBase]:
    seat = state.actor
    out: list[ActionBase] = [make(HirePlace, location=p) for p in owned(state, seat)]
    return out + [make(HirePlace, location=f.sea) for f in fleets_of(state, seat)]


def apply_hire(state: SenjiState, a: ActionBase) -> None:
    seat, h = state.actor, state.hire
    if isinstance(a, HireKeep):
        state.samurai_discard += [x for x in h.cards if x != a.letter]
        h.cards = [a.letter]
        state.reveal()
        state.say(f"{name(state, seat)} hires {samurai_name(a.letter)}.")
        if state.options.hire_scores:  # rules edition 1; a hire gains no honour (spec 5.10)
            gain(state, seat, D.samurai[a.letter].honor, "hired samurai")
        if h.mode == "merc":
            fleet_or_new(state, h.sea, seat).samurai.append(a.letter)
            state.say(f"{samurai_name(a.letter)} joins a fleet in the {D.sea[h.sea].name}.")
            state.hire = None
            state.step = "autumn_turn"
        else:
            state.step = "hire_place"
        return
    assert isinstance(a, HirePlace)
    letter = h.cards[0]
    if a.location in state.provinces:
        state.provinces[a.location].samurai.append(letter)
        where = province_name(a.location)
    else:
        fleet(state, a.location, seat).samurai.append(letter)
        where = f"the {D.sea[a.location].name} fleet"
    state.say(f"{samurai_name(letter)} takes position in {where}.")
    state.hire = None
    state.step = "autumn_turn"


# -- the autumn turn ---------------------------------------------------------------------
def other_player_families(state: SenjiState, seat: int) -> list[str]:
    return [state.families[s] for s in range(nseats(state)) if s != seat]


def legal_turn(state: SenjiState) -> list[ActionBase]:
    seat = state.actor
    families = state.families
    own = families[seat]
    hand = state.diplo_hands[seat]
    info = list(map(card_info, hand))  # (family, code, type) of each card in hand
    out: list[ActionBase] = []
    piles = bool(state.hana_deck or state.hana_discard)
    if piles:
        out += [_USE_TRADE[c] for c, (f, _, t) in zip(hand, info) if t == "trading" and f != own]
    in_hand = {f for f, _, _ in info}
    if all(f in in_hand for s, f in enumerate(families) if s != seat):  # other_player_families
        out.append(make(DiploStart))
    shown = {D.card_family(c) for c in state.hostages[seat]}
    back = state.hostages_back
    for c, (f, _, t) in zip(hand, info):
        if t == "member" and f != own and f not in shown and c not in back:
            out.append(_REVEAL[c])
    out += [_RETURN[c] for c in state.hostages[seat] if c not in state.hostages_new]
    on_board = samurai_on_board(state, seat)  # has_samurai(state, seat, x) is ``x in on_board``
    wild = "L" in on_board and seat not in state.shingen_used  # _wild_ok
    out += map(_START.__getitem__, combo_choices(state, seat, wild))
    if state.merc_ok:
        seas = [state.merc_sea] if state.merc_sea else list(D.sea_order)
        if "units" not in state.merc_used:
            top = min(6, state.supply[seat], state.honor[seat] // 3)
            out += [make(MercUnits, n=n, sea=s) for s in seas for n in range(1, top + 1)]
        if "samurai" not in state.merc_used and state.honor[seat] >= 6 and samurai_available(state):
            out += [make(MercSamurai, sea=s) for s in seas]
    out += map(_SEPPUKU.__getitem__, on_board)
    takers: list[int] | None = None  # the other seats holding a card besides the empty banner

    def others_with_cards() -> list[int]:
        nonlocal takers
        if takers is None:
            takers = [t for t in range(nseats(state))
                      if t != seat and any(card_info(c)[1] != "D0" for c in state.diplo_hands[t])]
        return takers

    if state.kami:
        for k in unused_kami(state, seat, "blue"):
            out += [make(KamiBlue, letter=k, seat=t) for t in others_with_cards()]
        if piles:
            out += [make(KamiGreen, letter=k) for k in unused_kami(state, seat, "green")]
    if "P" in on_board and seat not in state.umeko_used:
        mine = [c for c, (_, code, _) in zip(hand, info) if code != "D0"]
        for t in others_with_cards():
            out += [make(UmekoSwap, seat=t, card=c) for c in mine]
    out.append(_END_TURN)
    return out


def apply_turn(state: SenjiState, a: ActionBase) -> None:
    seat = state.actor
    hand = state.diplo_hands[seat]
    match a:
        case EndTurn():
            state.say(f"{name(state, seat)} ends its autumn turn.")
            next_call(state)
        case UseTrade(card=c):
            hand.remove(c)
            n = D.card_value(c) + (2 if has_samurai(state, seat, "K") else 0)
            shown = []
            for _ in range(n):
                x = draw_one_hana(state)
                if x is None:
                    break
                shown.append(x)
            state.trade_card, state.trade_shown = c, shown
            state.reveal()
            state.say(f"{name(state, seat)} uses the trading card {D.card_name(c)} and looks at "
                      f"{len(shown)} hanafuda.")
            state.say(f"You see {cards_named(shown)}.", seats=(seat,))
            state.step = "trade_keep"
        case DiploStart():
            state.diplo_left = other_player_families(state, seat)
            state.step = "diplo_give"
        case RevealHostage(card=c):
            hand.remove(c)
            state.hostages[seat].append(c)
            state.hostages_new.append(c)
            state.reveal()
            state.say(f"{name(state, seat)} reveals the hostage {D.card_name(c)}.")
            gain(state, seat, D.card_value(c), "hostage")
        case ReturnHostage(card=c):
            state.hostages[seat].remove(c)
            hand.append(c)
            sort_hand(hand)
            state.hostages_back.append(c)
            state.say(f"{name(state, seat)} takes the hostage {D.card_name(c)} back into hand.")
            lose(state, seat, D.card_value(c), "hostage returned")
        case ComboStart(combo=x):
            state.combo = ComboWork(id=x)
            state.say(f"{name(state, seat)} starts {D.combo[x].name}.", seats=(seat,))
            state.step = "combo"
        case MercUnits(n=n, sea=s):
            state.merc_sea = s
            state.merc_used.append("units")
            state.honor[seat] -= 3 * n
            state.supply[seat] -= n
            fleet_or_new(state, s, seat).units += n
            state.say(f"{name(state, seat)} hires {units(n, 'mercenary unit')} for {3 * n} honour "
                      f"({state.honor[seat]}): a fleet in the {D.sea[s].name}.")
        case MercSamurai(sea=s):
            state.merc_sea = s
            state.merc_used.append("samurai")
            state.honor[seat] -= 6
            state.say(f"{name(state, seat)} pays 6 honour for a mercenary samurai ({state.honor[seat]}).")
            start_hire(state, seat, "merc", s)
        case Seppuku(letter=x):
            for pr in state.provinces.values():
                if x in pr.samurai:
                    pr.samurai.remove(x)
            for f in state.fleets:
                if x in f.samurai:
                    f.samurai.remove(x)
            state.fleets = [f for f in state.fleets if f.units or f.samurai]
            state.say(f"{samurai_name(x)} of {name(state, seat)} commits seppuku.")
            make_kami(state, x, seat)
        case KamiBlue(letter=k, seat=t):
            pool = [c for c in state.diplo_hands[t] if D.card_code(c) != "D0"]
            c = state.rng.choice(pool)
            state.diplo_hands[t].remove(c)
            hand.append(c)
            sort_hand(hand)
            spend_kami(state, k)
            state.reveal()
            state.say(f"The blue kami of {samurai_name(k)} takes a card from {name(state, t)} "
                      f"for {name(state, seat)}.")
            state.say(f"The kami takes {card_name(c)}.", seats=(seat, t))
        case KamiGreen(letter=k):
            if not state.hana_deck:
                state.hana_deck.extend(state.hana_discard)
                state.hana_discard.clear()
                state.rng.shuffle(state.hana_deck)
            state.green_kami = k
            state.step = "kami_take"
        case UmekoSwap(seat=t, card=c):
            pool = [x for x in state.diplo_hands[t] if D.card_code(x) != "D0"]
            took = state.rng.choice(pool)
            state.diplo_hands[t].remove(took)
            hand.remove(c)
            hand.append(took)
            state.diplo_hands[t].append(c)
            sort_hand(hand)
            sort_hand(state.diplo_hands[t])
            state.umeko_used.append(seat)
            state.reveal()
            state.say(f"Umeko: {name(state, seat)} swaps a diplomacy card with {name(state, t)}.")
            state.say(f"Umeko: {card_name(c)} goes to {name(state, t)}, {card_name(took)} to {name(state, seat)}.",
                      seats=(seat, t))


def legal_trade_keep(state: SenjiState) -> list[ActionBase]:
    return [make(TradeKeep, card=c) for c in dict.fromkeys(state.trade_shown)]


def apply_trade_keep(state: SenjiState, a: TradeKeep) -> None:
    seat = state.actor
    state.trade_shown.remove(a.card)
    state.hana_hands[seat].append(a.card)
    sort_hana(state.hana_hands[seat])
    state.hana_deck.extend(state.trade_shown)
    state.rng.shuffle(state.hana_deck)
    state.trade_shown = []
    card, state.trade_card = state.trade_card, None
    return_card(state, card)
    state.say(f"{name(state, seat)} keeps one hanafuda; {card_name(card)} goes back to its owner.")
    state.say(f"You keep {card_name(a.card)}.", seats=(seat,))
    state.step = "autumn_turn"


def legal_diplo(state: SenjiState) -> list[ActionBase]:
    f = state.diplo_left[0]
    return [make(DiploGive, card=c) for c in state.diplo_hands[state.actor] if D.card_family(c) == f]


def apply_diplo(state: SenjiState, a: DiploGive) -> None:
    seat = state.actor
    state.diplo_hands[seat].remove(a.card)
    return_card(state, a.card)
    state.diplo_left.pop(0)
    state.say(f"{name(state, seat)} hands {card_name(a.card)} back to its owner.")
    if state.diplo_left:
        return
    n = 12 if has_samurai(state, seat, "E") else 10
    gain(state, seat, n, "diplomatic honour")
    for s in range(nseats(state)):
        if s != seat:
            lose(state, s, 1, "diplomatic honour of " + name(state, seat))
    state.step = "autumn_turn"


def legal_kami_take(state: SenjiState) -> list[ActionBase]:
    types = sorted({D.hana_type(c) for c in state.hana_deck})
    return [make(KamiTake, card_type=t) for t in types]


def apply_kami_take(state: SenjiState, a: KamiTake) -> None:
    seat = state.actor
    card = next(c for c in state.hana_deck if D.hana_type(c) == a.card_type)
    state.hana_deck.remove(card)
    state.rng.shuffle(state.hana_deck)
    state.hana_hands[seat].append(card)
    sort_hana(state.hana_hands[seat])
    spend_kami(state, state.green_kami)
    state.say(f"The green kami of {samurai_name(state.green_kami)} gives {name(state, seat)} "
              f"a hanafuda from the deck.")
    state.say(f"You take {card_name(card)}.", seats=(seat,))
    state.green_kami = None
    state.reveal()
    state.step = "autumn_turn"
