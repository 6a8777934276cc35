"""A rules-aware Senji bot: it sees only its view and its legal actions."""

from __future__ import annotations

from rules.common import ActionBase, Rng

from .board import D, owned
from .state import OfferCard, SenjiState
from .view import HIDDEN

PREFER_TOP = ("combo_start", "reveal_hostage", "diplo_start", "use_trade", "kami_green", "merc_units")


def _first(actions: list[ActionBase], kind: str) -> ActionBase | None:
    for a in actions:
        if a.kind == kind:
            return a
    return None


def _enemy_strength(view: SenjiState, p: str) -> int:
    pr = view.provinces[p]
    return pr.units + len(pr.samurai)


FACE_DOWN_GUESS = 1  # what an unseen offered card is taken to be worth: it may be an empty banner


def worth(cards: list[OfferCard]) -> int:
    """A bot's own valuation of cards changing hands: their printed values, an unseen card
    counted low (it may be a bluff)."""
    return sum(D.card_value(c.card) if c.card != HIDDEN else FACE_DOWN_GUESS for c in cards)


def answer_offer(view: SenjiState, actions: list[ActionBase]) -> ActionBase:
    """Answer an offer by its worth: refuse one that brings nothing; otherwise give back the
    cheapest cards while the bot still gains by the trade (so the offerer has a reason to
    confirm), then accept."""
    o = view.offer
    got = worth(o.give)
    if got <= 0:
        return _first(actions, "refuse")
    given = worth(o.reply)
    adds = sorted((a for a in actions if a.kind == "reply_add" and a.face == "up"
                   and D.card_value(a.card) > 0 and given + D.card_value(a.card) < got),
                  key=lambda a: (D.card_value(a.card), a.card))
    if adds and len(o.reply) < len(o.give):
        return adds[0]
    return _first(actions, "accept")


def confirm_offer(view: SenjiState, actions: list[ActionBase]) -> ActionBase:
    """Confirm the swap when the reply is worth at least what the bot gives."""
    o = view.offer
    return _first(actions, "confirm" if worth(o.reply) >= worth(o.give) else "withdraw")


def floor_left_to_humans(view: SenjiState, humans: list[int]) -> bool:
    """Spec 4.3: in a game with a human seat the humans at the table run the winter floor.
    A bot host closes it only once none of them has an offer left to open (or the clock
    runs out, which the screen does); until then it is not asked to act there. The same
    rule as ``Game.humans_may_act``, which a networked table's host applies."""
    from .game import open_actions

    return any(open_actions(view, s) for s in humans)


def smart(game, view: SenjiState, seat: int, actions: list[ActionBase], rng: Rng) -> ActionBase:
    step = view.step
    if step == "setup_pick":
        return max(actions, key=lambda a: D.samurai[a.letter].honor)
    if step == "setup_claim":
        mine = set(owned(view, seat))
        near = [a for a in actions if any(n in mine for n in D.neighbours[a.province])]
        return rng.choice(near or actions)
    if step == "setup_garrison":
        one = [a for a in actions if a.units == 1]
        return one[-1] if one else actions[0]
    if step == "winter_floor":
        return _first(actions, "end_negotiation") or actions[0]
    if step in ("offer_compose",):
        return _first(actions, "offer_cancel") or actions[0]
    if step == "offer_respond":
        return answer_offer(view, actions)
    if step == "offer_confirm":
        return confirm_offer(view, actions)
    if step == "winter_bid":
        mine = [b for b in view.bids if b.seat == seat]
        bids = [a for a in actions if a.kind == "bid"]
        if not mine and bids and rng.below(2) == 0:
            return min(bids, key=lambda a: D.card_value(a.card))
        return _first(actions, "bid_done")
    if step == "spring_orders":
        if actions[0].kind == "orders_confirm":
            return actions[0]
        p = actions[0].province
        pr = view.provinces[p]
        target = any(
            not view.provinces[n].neutral and view.provinces[n].owner != seat
            and _enemy_strength(view, n) < pr.units for n in D.neighbours[p])
        if pr.units >= 2 and target and len(owned(view, seat)) < 6:
            kind = "movement"
        elif pr.units < 3 and view.supply[seat] > 0:
            kind = "recruitment"
        else:
            kind = "production"
        return next(a for a in actions if a.province == p and a.order == kind)
    if step == "move_dest":
        pr_units = 0
        if view.active and view.active.province:
            pr_units = view.provinces[view.active.province].units
        best = None
        for a in actions:
            if a.kind != "dest" or a.sea is not None:
                continue
            t = view.provinces[a.province]
            if t.owner is None:
                best = best or a
            elif t.owner != seat and _enemy_strength(view, a.province) + 1 < pr_units:
                best = a
        return best or _first(actions, "move_done") or actions[0]
    if step == "move_group":
        adds = [a for a in actions if a.kind == "add_units"]
        if adds:
            return max(adds, key=lambda a: a.n)
        return _first(actions, "go") or actions[0]
    if step == "fleet_mode":
        return _first(actions, "fleet_stay") or actions[0]
    if step.startswith("combat_support"):
        sup = [a for a in actions if a.kind == "support"]
        return max(sup, key=lambda a: D.card_value(a.card)) if sup else actions[0]
    if step.startswith("combat_react"):
        if view.combat and view.combat.react_source is None:
            return _first(actions, "react_use") if rng.below(2) else _first(actions, "react_done")
        die = _first(actions, "react_die")
        return die if die and not view.combat.react_chosen else (_first(actions, "react_roll") or actions[0])
    if step == "autumn_turn":
        for kind in PREFER_TOP:
            a = _first(actions, kind)
            if a is not None:
                if kind == "merc_units":
                    return max((x for x in actions if x.kind == kind), key=lambda x: x.n)
                return a
        return _first(actions, "end_turn")
    if step == "trade_keep":
        return actions[0]
    if step == "hire_keep":
        return max(actions, key=lambda a: D.samurai[a.letter].honor)
    return actions[0]

