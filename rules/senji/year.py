"""The year (spec §4.2-4.4, 4.7, 6): emperor, winter diplomacy and auctions, spring, end."""

from __future__ import annotations

from rules.common import ActionBase

from .actions import (
    Accept, BidDone, ChooseHost, Confirm, EndNegotiation, OfferAdd, OfferCancel, OfferSend,
    OfferTo, OpenOffer, Order, OrdersConfirm, PlaceBid, Refuse, ReplyAdd, Shared2, TimeUp, Withdraw, make,
)
from .board import (
    D, KINDS, card_info, fam, has_samurai, host_order, name, nseats, province_name, sort_hand,
)
from . import marks
from .handoff import NEXT
from .state import Bid, Lot, Offer, OfferCard, SenjiState
from .words import card_name, cards_named

# Shared actions the winter and spring lists name at every decision (actions.Shared).
_BID = Shared2(PlaceBid, "card", "lot")
_OFFER_ADD = Shared2(OfferAdd, "card", "face")
_REPLY_ADD = Shared2(ReplyAdd, "card", "face")
_BID_DONE = make(BidDone)
_ORDERS = {p: tuple(make(Order, province=p, order=k) for k in KINDS) for p in D.province_order}


# -- Welcoming the Emperor -------------------------------------------------------
def start_year(state: SenjiState) -> None:
    state.year += 1
    state.say(marks.year_begins(state.year, state.tiebreak_year))
    if state.year > 1:
        top = max(state.honor)
        tied = [s for s in range(nseats(state)) if state.honor[s] == top]
        if len(tied) > 1:
            state.step, state.actor = "emperor_tie", state.host
            state.say(f"Honour tie at {top}: the host chooses the next host.")
            return
        if tied[0] != state.host:
            state.host = tied[0]
    state.say(f"{name(state, state.host)} welcomes the emperor as host.")
    start_winter(state)


def legal_emperor(state: SenjiState) -> list[ActionBase]:
    top = max(state.honor)
    return [make(ChooseHost, seat=s) for s in range(nseats(state)) if state.honor[s] == top]


def apply_emperor(state: SenjiState, a: ChooseHost) -> None:
    state.host = a.seat
    state.say(f"{name(state, a.seat)} welcomes the emperor as host.")
    start_winter(state)


# -- Winter ------------------------------------------------------------------------
def start_winter(state: SenjiState) -> None:
    limit = state.options.offer_limit  # None: the winter clock alone limits offers (spec 4.3)
    state.offers_left = [] if limit is None else [limit] * nseats(state)
    state.offer = None
    shown = []
    for f in sorted(state.missing_decks, key=D.family_order.index):
        deck = state.missing_decks[f]
        while sum(1 for lot in state.lots if lot.deck == f) < 2 and deck:
            card = deck.pop()
            state.lots.append(Lot(card=card, deck=f))
            shown.append(card)
    if shown:
        state.reveal()
        state.say(f"Lots turned up for auction: {', '.join(D.card_name(c) for c in shown)}.")
    state.step, state.actor = "winter_floor", state.host
    state.say(marks.WINTER_OPEN)


def _timer(state: SenjiState) -> list[ActionBase]:
    return [make(TimeUp)] if state.options.winter_timer_s > 0 else []


def tradable(state: SenjiState, seat: int, taken: list[OfferCard]) -> list[str]:
    used = {c.card for c in taken}
    return [c for c in state.diplo_hands[seat] if D.card_code(c) != "D0" and c not in used]


def may_open(state: SenjiState, seat: int) -> bool:
    """Whether ``seat`` may open another offer this winter: always while the winter clock
    runs (it is the limit), else while the table's limit leaves it one."""
    return not state.offers_left or state.offers_left[seat] > 0


def legal_floor(state: SenjiState) -> list[ActionBase]:
    out: list[ActionBase] = [make(OpenOffer, by=s) for s in host_order(state) if may_open(state, s)]
    return out + [make(EndNegotiation)] + _timer(state)


def legal_compose(state: SenjiState) -> list[ActionBase]:
    o = state.offer
    if o.to is None:
        out: list[ActionBase] = [make(OfferTo, seat=s) for s in range(nseats(state)) if s != o.frm]
        return out + [make(OfferCancel)] + _timer(state)
    out = [_OFFER_ADD[c][f] for c in tradable(state, o.frm, o.give) for f in ("up", "down")]
    return out + [make(OfferSend), make(OfferCancel)] + _timer(state)


def legal_respond(state: SenjiState) -> list[ActionBase]:
    o = state.offer
    out: list[ActionBase] = [_REPLY_ADD[c][f] for c in tradable(state, o.to, o.reply) for f in ("up", "down")]
    return out + [make(Accept), make(Refuse)] + _timer(state)


def legal_confirm(state: SenjiState) -> list[ActionBase]:
    return [make(Confirm), make(Withdraw)] + _timer(state)


def _shown(cards: list[OfferCard]) -> str:
    up = [card_name(c.card) for c in cards if c.up]
    down = sum(1 for c in cards if not c.up)
    parts = up + ([f"{down} hidden"] if down else [])
    return " + ".join(parts) if parts else "nothing"


def apply_winter(state: SenjiState, a: ActionBase) -> None:
    o = state.offer
    match a:
        case TimeUp() | EndNegotiation():
            if o is not None:
                state.say(f"The offer of {name(state, o.frm)} lapses.")
            state.offer = None
            state.say("Time is up: the winter floor closes." if isinstance(a, TimeUp)
                      else "The host ends the negotiation.")
            close_floor(state)
        case OpenOffer(by=s):
            if state.offers_left:
                state.offers_left[s] -= 1
            state.offer = Offer(frm=s)
            state.step, state.actor = "offer_compose", s
            state.reveal()
            state.say(marks.opens(name(state, s)))
        case OfferTo(seat=t):
            o.to = t
            state.say(marks.offer_to(name(state, o.frm), name(state, t)))
        case OfferAdd(card=c, face=f):
            o.give.append(OfferCard(card=c, up=f == "up"))
        case OfferCancel():
            state.say(marks.cancels(name(state, o.frm)))
            _back_to_floor(state)
        case OfferSend(word=word):
            state.step, state.actor = "offer_respond", o.to
            state.reveal()
            state.say(f"{name(state, o.frm)} offers {_shown(o.give)} to {name(state, o.to)}.",
                      seats=(o.frm, o.to))
            if word:  # what the offerer says with it, for the two parties (spec 4.3)
                state.say(marks.says(name(state, o.frm), word), seats=(o.frm, o.to))
        case ReplyAdd(card=c, face=f):
            o.reply.append(OfferCard(card=c, up=f == "up"))
        case Refuse():
            state.say(f"{name(state, o.to)} refuses the offer of {name(state, o.frm)}.")
            _back_to_floor(state)
        case Accept():
            state.step, state.actor = "offer_confirm", o.frm
            state.reveal()
            state.say(f"{name(state, o.to)} replies {_shown(o.reply)}.", seats=(o.frm, o.to))
        case Withdraw():
            state.say(f"{name(state, o.frm)} withdraws the offer to {name(state, o.to)}.")
            _back_to_floor(state)
        case Confirm():
            for c in o.give:
                state.diplo_hands[o.frm].remove(c.card)
                state.diplo_hands[o.to].append(c.card)
            for c in o.reply:
                state.diplo_hands[o.to].remove(c.card)
                state.diplo_hands[o.frm].append(c.card)
            sort_hand(state.diplo_hands[o.frm])
            sort_hand(state.diplo_hands[o.to])
            x, y = name(state, o.frm), name(state, o.to)
            state.say(marks.trade(x, y, _shown(o.give), _shown(o.reply)))
            state.say(f"You receive {cards_named([c.card for c in o.give]) if o.give else 'nothing'}.", seats=(o.to,))
            state.say(f"You receive {cards_named([c.card for c in o.reply]) if o.reply else 'nothing'}.",
                      seats=(o.frm,))
            state.reveal()
            _back_to_floor(state)


def _back_to_floor(state: SenjiState) -> None:
    state.offer = None
    state.step, state.actor = "winter_floor", state.host


def close_floor(state: SenjiState) -> None:
    state.offer = None
    if state.lots:
        state.bid_turn = 0
        state.step, state.actor = "winter_bid", host_order(state)[0]
        state.say("Auction: each player may bid in secret.")
    else:
        start_spring(state)


def legal_bid(state: SenjiState) -> list[ActionBase]:
    seat = state.actor
    own = fam(state, seat)
    lots = [lot.card for lot in state.lots]
    out: list[ActionBase] = []
    for c in state.diplo_hands[seat]:
        if (i := card_info(c))[0] == own and i[1] != "D0":
            out += map(_BID[c].__getitem__, lots)  # make(PlaceBid, card=c, lot=lot) for each lot
    out.append(_BID_DONE)
    return out


def apply_bid(state: SenjiState, a: ActionBase) -> None:
    seat = state.actor
    if isinstance(a, PlaceBid):
        state.diplo_hands[seat].remove(a.card)
        state.bids.append(Bid(seat=seat, card=a.card, lot=a.lot))
        state.say(f"You bid {card_name(a.card)} on the lot {card_name(a.lot)}.", seats=(seat,))
        return
    state.say(f"{name(state, seat)} has finished bidding.")
    state.reveal()
    state.bid_turn += 1
    order = host_order(state)
    if state.bid_turn < len(order):
        state.actor = order[state.bid_turn]
        return
    resolve_auction(state)
    start_spring(state)


def bid_total(state: SenjiState, seat: int, cards: list[str]) -> int:
    total = sum(D.card_value(c) for c in cards)
    if nseats(state) < 6 and has_samurai(state, seat, "R"):
        total += 2
    return total


def resolve_auction(state: SenjiState) -> None:
    state.reveal()
    keep_lots = []
    for lot in list(state.lots):
        bids = [b for b in state.bids if b.lot == lot.card]
        if not bids:
            keep_lots.append(lot)
            continue
        by_seat: dict[int, list[str]] = {}
        for b in bids:
            by_seat.setdefault(b.seat, []).append(b.card)
        totals = {s: bid_total(state, s, cs) for s, cs in by_seat.items()}
        shown = "; ".join(f"{name(state, s)} bids {' + '.join(card_name(c) for c in cs)}, worth {totals[s]}"
                          for s, cs in by_seat.items())
        top = max(totals.values())
        tied = [s for s in totals if totals[s] == top]
        winner = tied[0] if len(tied) == 1 else None
        if winner is None:
            yosh = [s for s in tied if nseats(state) < 6 and has_samurai(state, s, "R")]
            if yosh:
                winner = yosh[0]
        state.bids = [b for b in state.bids if b.lot != lot.card]
        if winner is not None:
            state.diplo_hands[winner].append(lot.card)
            sort_hand(state.diplo_hands[winner])
            deck = state.missing_decks[lot.deck]
            deck.extend(by_seat[winner])
            state.rng.shuffle(deck)
            for s, cs in by_seat.items():
                if s != winner:
                    state.diplo_hands[s].extend(cs)
                    sort_hand(state.diplo_hands[s])
            state.say(f"Auction of {card_name(lot.card)}: {shown}. {name(state, winner)} wins it; "
                      f"the winning bid is shuffled into the {D.family[lot.deck].name} deck.")
        else:
            for s, cs in by_seat.items():
                if s in tied:
                    state.bids += [Bid(seat=s, card=c, lot=lot.card, up=True) for c in cs]
                else:
                    state.diplo_hands[s].extend(cs)
                    sort_hand(state.diplo_hands[s])
            keep_lots.append(lot)
            state.say(f"Auction of {card_name(lot.card)}: {shown}. Tied: the lot and the tied bids stay.")
    state.lots = keep_lots


# -- Spring --------------------------------------------------------------------------
def spring_seats(state: SenjiState) -> list[int]:
    owners = {pr.owner for pr in state.provinces.values()}
    return [s for s in host_order(state) if s in owners]


def start_spring(state: SenjiState) -> None:
    state.step = "spring_orders"
    state.say("Spring: orders are placed face down.")
    state.order_turn = 0
    seats = spring_seats(state)
    if not seats:
        NEXT("summer", state)
        return
    state.actor = seats[0]


def legal_orders(state: SenjiState) -> list[ActionBase]:
    seat = state.actor
    provinces = state.provinces
    todo = [p for p in D.province_order if (pr := provinces[p]).owner == seat and pr.order is None]
    if not todo:
        return [make(OrdersConfirm)]
    out: list[ActionBase] = []
    for p in todo:
        out += _ORDERS[p]
    return out


def apply_orders(state: SenjiState, a: ActionBase) -> None:
    seat = state.actor
    if isinstance(a, Order):
        state.provinces[a.province].order = a.order
        state.say(f"You order {a.order} in {province_name(a.province)}.", seats=(seat,))
        return
    state.say(f"{name(state, seat)} has placed their orders.")
    state.reveal()
    state.order_turn += 1
    seats = spring_seats(state)
    if state.order_turn < len(seats):
        state.actor = seats[state.order_turn]
        return
    NEXT("summer", state)


# -- End of the year -------------------------------------------------------------------
def end_year(state: SenjiState) -> None:
    for pr in state.provinces.values():
        pr.order, pr.resolved = None, False
    honors = ", ".join(f"{name(state, s)} {state.honor[s]}" for s in range(nseats(state)))
    state.say(f"End of year {state.year}: {honors}.")
    top = max(state.honor)
    tied = [s for s in range(nseats(state)) if state.honor[s] == top]
    limit = state.options.turn_limit
    if state.tiebreak_year or (limit and state.year >= limit):
        why = "the tie-break year is over" if state.tiebreak_year else f"the year limit ({limit}) is reached"
        finish(state, tied, why)
        return
    if top >= 60:
        if len(tied) == 1:
            finish(state, tied, f"{top} honour at the end of year {state.year}")
            return
        state.tiebreak_year = True
        state.say("Several players share the top honour: one more year is played.")
    start_year(state)


def finish(state: SenjiState, winners: list[int], why: str) -> None:
    state.over = True
    state.winners = winners
    state.step, state.actor = "over", None
    who = " and ".join(name(state, s) for s in winners)
    state.end_reason = f"{who} {'win' if len(winners) > 1 else 'wins'}: {why}."
    state.say(state.end_reason)
