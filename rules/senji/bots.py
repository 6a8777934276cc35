"""A rules-aware Senji bot: it sees only its view and its legal actions."""

from __future__ import annotations

from rules.common import ActionBase, Rng

from .board import D, has_samurai, owned
from .state import OfferCard, SenjiState
from .view import HIDDEN

PREFER_TOP = ("combo_start", "reveal_hostage", "diplo_start", "use_trade", "kami_green", "merc_units")
FIRST_WHY = {  # the steps where the bot takes the first choice listed, and why that is fine
    "summer_pick": "The bot activates in the map's order: the first listed.",
    "autumn_call": "The bot calls players in table order.",
    "emperor_tie": "Any of the tied players may host: the first listed.",
    "combo": "Any card that fits the set does the same: the first listed.",
    "kami_take": "The bot takes the first type listed.",
    "diplo_give": "Any card of that family does the same: the first listed.",
    "hire_place": "The first of your provinces or fleets listed.",
}
AUTUMN_WHY = {
    "combo_start": "A hanafuda set scores honour now.",  # or hires: see combo_choice
    "reveal_hostage": "A hostage shown is honour gained at no cost.",
    "diplo_start": "Diplomatic honour: 10 honour for you, and every other player loses 1.",
    "use_trade": "A trading card of another family: a free look at the deck.",
    "kami_green": "The green kami brings a hanafuda of your choice.",
    "merc_units": "With no province and no fleet, mercenaries are the way back onto the board.",
}


# A hire gains no honour (spec 5.10): what a hired samurai is worth to the bot is what the
# rulebook's mercenary hire charges for one, 6 honour ("pay 6 honor, draw 3, choose 1").
HIRE_WORTH = 6
WIN_HONOR = 60  # the end of the year with this much honour or more may end the game
COLOUR_ORDER = ("red", "green", "blue")  # a hire stands on the board: red abilities act in its fights


def set_worth(view: SenjiState, seat: int, combo: str) -> int:
    """What scoring ``combo`` is worth to the bot, in honour: its honour (+1 with Nobuhide);
    a set that takes the bot to the winning mark is worth the mark itself. The five-ribbon
    set hires instead of scoring: a samurai at ``HIRE_WORTH``."""
    c = D.combo[combo]
    if c.hire:
        return HIRE_WORTH
    honour = c.honor + (1 if has_samurai(view, seat, "J") else 0)
    return WIN_HONOR if view.honor[seat] < WIN_HONOR <= view.honor[seat] + honour else honour


def combo_choice(view: SenjiState, seat: int, actions: list[ActionBase]) -> tuple[ActionBase, str] | None:
    """The set worth most to the bot among those it may start (the first listed on a tie)."""
    sets = [a for a in actions if a.kind == "combo_start"]
    if not sets:
        return None
    best = max(sets, key=lambda a: set_worth(view, seat, a.combo))
    c = D.combo[best.combo]
    if not c.hire:
        hire = next((a for a in sets if D.combo[a.combo].hire), None)
        if hire is not None:
            return best, (f"{c.name} scores more than a hire is worth to you ({HIRE_WORTH} honour, "
                          f"the price of a mercenary samurai).")
        return best, AUTUMN_WHY["combo_start"]
    others = [set_worth(view, seat, a.combo) for a in sets if a is not best]
    given = f" more than the {max(others)} honour another set would score" if others else ""
    return best, (f"A samurai is worth {HIRE_WORTH} honour to you (the price of a mercenary "
                  f"samurai),{given}: hire one with {c.name}.")


def hire_rank(letter: str) -> tuple[int, int]:
    """Smaller is better: a samurai with an ability before one without (a hire gains no
    honour, so printed honour counts for nothing), then by colour (``COLOUR_ORDER``)."""
    s = D.samurai[letter]
    none = s.ability.strip().rstrip(".").lower() == "no ability"
    return (1 if none else 0, COLOUR_ORDER.index(s.colour))


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
    return decide(view, seat, actions, rng)[0]


def hint(view: SenjiState, seat: int, actions: list[ActionBase]) -> tuple[ActionBase, str] | None:
    """The smart bot's choice for ``seat`` and its reason (the hint key). Where the bot would
    toss a coin, the coin is seeded from public facts (the year, the step, the log's length),
    so the suggestion depends on nothing hidden from the seat; a lone choice is just that."""
    if not actions:
        return None
    if len(actions) == 1:
        return actions[0], "It is the only choice."
    public = sum(1 for line in view.log if line.seats is None)
    rng = Rng(seed=view.year * 100000 + public).fork(f"hint:{view.step}:{seat}")
    return decide(view, seat, actions, rng)


def _card_words(card: str) -> str:
    from .words import card_name
    return card_name(card)


def decide(view: SenjiState, seat: int, actions: list[ActionBase], rng: Rng) -> tuple[ActionBase, str]:  # noqa: C901
    """The smart bot's choice from the view and the legal actions only, and why."""
    step = view.step
    if step == "setup_pick":
        a = max(actions, key=lambda a: D.samurai[a.letter].honor)
        return a, f"The highest honour of the three ({D.samurai[a.letter].honor}): a head start, and the first host."
    if step == "setup_claim":
        mine = set(owned(view, seat))
        near = [a for a in actions if any(n in mine for n in D.neighbours[a.province])]
        why = "It borders a province you hold: your lands stay together." if near else \
            "Any free province will do: none borders yours yet."
        return rng.choice(near or actions), why
    if step == "setup_garrison":
        one = [a for a in actions if a.units == 1]
        return (one[-1], "One unit here keeps units for the other provinces.") if one else \
            (actions[0], "The first way to garrison it.")
    if step == "winter_floor":
        a = _first(actions, "end_negotiation")
        return (a, "No offer worth making: close the floor.") if a else (actions[0], "The first choice.")
    if step in ("offer_compose",):
        a = _first(actions, "offer_cancel")
        return (a, "Nothing in hand is worth offering.") if a else (actions[0], "The first choice.")
    if step == "offer_respond":
        a = answer_offer(view, actions)
        o = view.offer
        if a.kind == "refuse":
            return a, "The offer brings you nothing worth having."
        if a.kind == "reply_add":
            return a, (f"The offer is worth {worth(o.give)} to you; giving back {_card_words(a.card)} "
                       f"still leaves you ahead.")
        return a, f"The offer is worth {worth(o.give)}, your reply {worth(o.reply)}: you gain by it."
    if step == "offer_confirm":
        a = confirm_offer(view, actions)
        o = view.offer
        return a, (f"The reply is worth {worth(o.reply)} against the {worth(o.give)} you give"
                   f"{'' if a.kind == 'confirm' else ': too little'}.")
    if step == "winter_bid":
        mine = [b for b in view.bids if b.seat == seat]
        bids = [a for a in actions if a.kind == "bid"]
        if not mine and bids and rng.below(2) == 0:
            a = min(bids, key=lambda a: D.card_value(a.card))
            return a, "A cheap bid: it costs little if it loses, and it may take the lot."
        why = "You have a bid down already." if mine else "Keep your cards for this year."
        return _first(actions, "bid_done"), why
    if step == "spring_orders":
        if actions[0].kind == "orders_confirm":
            return actions[0], "Every province has its order."
        p = actions[0].province
        pr = view.provinces[p]
        target = any(
            not view.provinces[n].neutral and view.provinces[n].owner != seat
            and _enemy_strength(view, n) < pr.units for n in D.neighbours[p])
        if pr.units >= 2 and target and len(owned(view, seat)) < 6:
            kind, why = "movement", "a weaker or free neighbour is within reach of its units"
        elif pr.units < 3 and view.supply[seat] > 0:
            kind, why = "recruitment", "it is thinly held and you have units in supply"
        else:
            kind, why = "production", "it is safe enough: draw hanafuda for autumn sets"
        a = next(a for a in actions if a.province == p and a.order == kind)
        return a, f"{kind.capitalize()}: {why}."
    if step == "move_dest":
        pr_units = 0
        if view.active and view.active.province:
            pr_units = view.provinces[view.active.province].units
        best, why = None, ""
        for a in actions:
            if a.kind != "dest" or a.sea is not None:
                continue
            t = view.provinces[a.province]
            if t.owner is None:
                if best is None:
                    best, why = a, "A free province to take without a fight."
            elif t.owner != seat and _enemy_strength(view, a.province) + 1 < pr_units:
                best, why = a, f"Your {pr_units} units outnumber its {_enemy_strength(view, a.province)} pieces."
        if best:
            return best, why
        a = _first(actions, "move_done")
        return (a, "No free province and no weaker enemy next door: stay.") if a else (actions[0], "The first choice.")
    if step == "move_group":
        adds = [a for a in actions if a.kind == "add_units"]
        if adds:
            return max(adds, key=lambda a: a.n), "Send as many units as can go."
        a = _first(actions, "go")
        return (a, "The group is ready.") if a else (actions[0], "The first choice.")
    if step == "fleet_mode":
        a = _first(actions, "fleet_stay")
        return (a, "The fleet is safe where it is.") if a else (actions[0], "The first choice.")
    if step.startswith("combat_support"):
        sup = [a for a in actions if a.kind == "support"]
        if sup:
            a = max(sup, key=lambda a: D.card_value(a.card))
            return a, f"The strongest support you can play (up to {D.card_value(a.card)} points)."
        return actions[0], "The first choice."
    if step.startswith("combat_react"):
        if view.combat and view.combat.react_source is None:
            use = rng.below(2)
            if use:
                return _first(actions, "react_use"), "A reroll may turn the dice your way."
            return _first(actions, "react_done"), "The dice are good enough."
        die = _first(actions, "react_die")
        if die and not view.combat.react_chosen:
            return die, "Reroll a die that does not show your mon."
        return (_first(actions, "react_roll") or actions[0]), "Roll the chosen dice."
    if step == "autumn_turn":
        for kind in PREFER_TOP:
            a = _first(actions, kind)
            if a is not None:
                if kind == "combo_start":
                    return combo_choice(view, seat, actions)
                if kind == "merc_units":
                    a = max((x for x in actions if x.kind == kind), key=lambda x: x.n)
                return a, AUTUMN_WHY[kind]
        return _first(actions, "end_turn"), "Nothing more to score or use this autumn."
    if step == "trade_keep":
        return actions[0], "Any of them: the bot keeps the first shown."
    if step == "hire_keep":
        a = min(actions, key=lambda a: hire_rank(a.letter))
        s = D.samurai[a.letter]
        if hire_rank(a.letter)[0]:
            return a, "None of them has an ability; a hire gains no honour, so any will do."
        return a, f"A hire gains no honour: {s.name}'s ability counts ({s.colour} samurai: {s.ability})"
    return actions[0], FIRST_WHY.get(step, "The first choice.")
