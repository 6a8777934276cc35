"""What a Senji choice does, in the rulebook's words (the detail line under the decisions),
why a routine choice is missing, and which help section the moment belongs to.

Everything here reads the mover's view only; card, samurai and combination facts come from
the printed material in ``assets/senji/``.
"""

from __future__ import annotations

from rules.common import ActionBase

from . import combat
from .board import D
from .state import SenjiState
from .words import HIDDEN, card_name, family_name, hana_type_name, seat_name, units

KAMI = {
    "red": "a red kami lets its owner reroll any rolled dice once, in one of its own battles",
    "blue": "a blue kami takes a random card from another player's hand, once, in autumn",
    "green": "a green kami takes one hanafuda of a chosen type from the deck, once, in autumn",
}
ORDER = {
    "production": "Production: when it resolves in summer you draw 2 hanafuda (4 with Kenshin there).",
    "recruitment": "Recruitment: when it resolves in summer you add up to 2 units there (3 with Masamune), "
                   "never above 6 in a province or 12 on the board.",
    "movement": "Movement: when it resolves in summer you send groups from here to an adjacent "
                "province or sea, or raid across a sea; entering an enemy province is a battle.",
}
DIPLO_USE = {
    "member": "A family member: as a hostage of another family it gives its value in autumn; the "
              "defender may execute it in a battle against its family.",
    "support": "A military support card: in a battle it gives one point per rolled die showing "
               "its family's mon, up to its value.",
    "trading": "A trading card: in autumn, if of another family, look at that many hanafuda and keep one.",
    "dummy": "The empty banner: a bluff worth nothing; it never leaves its family's player.",
}
HELP = {
    "setup": "3. Setup", "emperor": "Welcoming the Emperor", "winter": "Winter: diplomacy",
    "offer": "Winter: diplomacy", "spring": "Spring: orders", "summer": "Summer: resolution",
    "fleet": "Summer: resolution", "move": "Summer: resolution", "combat": "Combat",
    "autumn": "Autumn", "trade": "Autumn", "diplo": "Autumn", "combo": "Hanafuda sets",
    "hire": "Autumn", "kami": "5. Samurai and kami",
}


def help_topic(view: SenjiState) -> str:
    if view.over:
        return "6. End of the game"
    return HELP.get(view.step.split("_")[0], "")


def card_text(card: str) -> str:
    """A diplomacy card: its name, value and what such a card does."""
    if card == HIDDEN or card not in D.diplo_cards:
        return card_name(card)
    return f"{card_name(card)}. {DIPLO_USE[D.card_type(card)]}"


def combo_text(combo: str) -> str:
    c = D.combo.get(combo)
    if c is None:
        return combo
    if c.same_flower:
        cards = f"{c.same_flower} cards of one flower"
    else:
        cards = " + ".join(f"{n} {k}{'s' if n > 1 else ''}" for k, n in c.need.items())
    if c.hire:
        return (f"{c.name}: discard {cards} from your hand to hire a samurai instead of scoring "
                f"honour: draw 3, keep 1, placed in one of your provinces or fleets.")
    return f"{c.name}: discard {cards} from your hand to score {c.honor} honour."


def _setup_pick(view: SenjiState, seat: int | None, letter: str) -> str:
    s = D.samurai[letter]
    return (f"{s.colour.capitalize()} samurai. {s.ability} You start with {s.honor} honour; "
            f"the highest starting honour hosts first.")


def explain(view: SenjiState, seat: int | None, a: ActionBase) -> str:  # noqa: C901
    """One or two sentences on what ``a`` does; "" when the words of the choice say it all."""
    k = a.kind
    names = view.names
    match k:
        case "keep_samurai":
            return _setup_pick(view, seat, a.letter)
        case "hire_keep":
            s = D.samurai[a.letter]
            if view.options.hire_scores:
                return (f"{s.colour.capitalize()} samurai. {s.ability} You gain {s.honor} honour on hiring "
                        f"(this game began under the earlier rules).")
            return f"{s.colour.capitalize()} samurai. {s.ability} A hire gains no honour."
        case "claim":
            return "You build a fortress there; it becomes one of your three starting provinces."
        case "garrison":
            left = view.left_units[view.actor] if view.actor is not None else 0
            return (f"These pieces stand in the province just named ({left} of your 3 units still "
                    f"to place); whatever is left after the second goes to the third.")
        case "choose_host":
            return (f"{seat_name(names, a.seat)} hosts the emperor: orders the summer activations, "
                    f"calls players in autumn and runs the winter clock.")
        case "open_offer":
            return "Open an offer to another player: cards face up or face down, answered with a reply."
        case "end_negotiation":
            return "The winter floor closes for everyone" + (
                "; the auction follows." if view.lots else "; spring orders follow.")
        case "offer_to":
            return f"The offer goes to {seat_name(names, a.seat)}, who sees your face-up cards and how many are hidden."
        case "offer_add" | "reply_add":
            face = ("The other player sees it." if a.face == "up"
                    else "The other player sees only that a card is there (it could be a bluff).")
            return f"{card_text(a.card)} {face}"
        case "offer_send":
            return "The target sees the offer and replies or refuses; nothing changes hands yet."
        case "offer_cancel":
            return "The offer is dropped before anyone sees it."
        case "accept":
            return "The offerer then confirms (the cards swap) or withdraws."
        case "refuse":
            return "No cards change hands."
        case "confirm":
            return "The cards of the offer and of the reply change hands now."
        case "withdraw":
            return "No cards change hands."
        case "bid":
            return (f"A secret bid: {card_name(a.card)} counts {D.card_value(a.card)} under the lot "
                    f"{card_name(a.lot)}. The highest total takes the lot; a winning bid goes into "
                    f"the lot's deck, the others come back.")
        case "bid_done":
            return "Your bids stay as they are; the lots are settled once everyone is done."
        case "order":
            return ORDER.get(a.order, "")
        case "orders_confirm":
            return "Your orders lie face down until the host activates them in summer."
        case "activate" | "activate_fleet":
            pr = view.provinces.get(getattr(a, "province", "") or "")
            if pr is not None and pr.order in ORDER:
                return ORDER[pr.order].split(":", 1)[0] + " order: it is shown and carried out now."
            return "The order is shown and carried out now."
        case "dest":
            return _dest(view, seat, a)
        case "move_done":
            return "The pieces not sent stay where they are; the movement order is spent."
        case "add_units" | "add_samurai":
            return "The group leaves together when you choose Go."
        case "go":
            return "The group moves now: a battle is fought at once if the province is an enemy's."
        case "fleet_stay":
            return "The fleet waits at sea this summer."
        case "fleet_sail":
            return "The whole fleet sails to the other sea and joins your fleet there."
        case "fleet_land":
            return "Land pieces on provinces of this sea, with no landing roll."
        case "execute":
            v = D.card_value(a.card)
            return (f"The attacker loses {2 * v} honour and you gain {v}; the card leaves the game.")
        case "support":
            return card_text(a.card)
        case "react_use":
            if a.kami:
                return f"The red kami of {D.samurai[a.source].name} is spent: reroll any rolled dice."
            return "Tadakatsu rerolls up to 2 rolled dice, once this round."
        case "react_die":
            return "Marks this die to be rerolled."
        case "react_roll":
            return "The marked dice are rolled again."
        case "react_done":
            return "The dice stand as they are."
        case "call":
            return f"{seat_name(names, a.seat)} plays its autumn turn next."
        case "use_trade":
            return (f"Look at {D.card_value(a.card)} hanafuda (+2 with Sakon), keep one; "
                    f"{card_name(a.card)} goes back to its owner.")
        case "trade_keep":
            return f"{card_name(a.card)} joins your hand; the others go back into the deck."
        case "diplo_start":
            return ("Hand back one card of each other player's family: +10 honour (12 with "
                    "Kanetsugu), and every other player loses 1.")
        case "diplo_give":
            return f"{card_name(a.card)} goes back to its owner."
        case "reveal_hostage":
            return (f"Lay {card_name(a.card)} face up as a hostage: you gain {D.card_value(a.card)} "
                    f"honour. It can no longer be traded, bid or executed.")
        case "return_hostage":
            return f"{card_name(a.card)} comes back to your hand and you lose {D.card_value(a.card)} honour."
        case "combo_start":
            return combo_text(a.combo)
        case "combo_add" | "combo_add_wild":
            return "This card goes into the combination and is discarded when it is complete."
        case "hire_place":
            return "The hired samurai stands there from now on."
        case "merc_units":
            return f"Pay {3 * a.n} honour: a fleet of {units(a.n)} is yours in that sea."
        case "merc_samurai":
            gains = " (you gain its honour)" if view.options.hire_scores else ""
            return f"Pay 6 honour: draw 3 samurai, keep one{gains}, placed in that sea."
        case "seppuku":
            s = D.samurai[a.letter]
            return (f"{s.name} leaves the board and becomes a {s.colour} kami: {KAMI[s.colour]}. "
                    f"No honour is lost.")
        case "kami_blue":
            return f"{KAMI['blue'].capitalize()}; the kami is then spent."
        case "kami_green":
            return f"{KAMI['green'].capitalize()}; the kami is then spent."
        case "kami_take":
            return f"One {hana_type_name(a.card_type)} from the deck joins your hand; the deck is shuffled."
        case "umeko_swap":
            return (f"{card_name(a.card)} goes to {seat_name(names, a.seat)}, and you take a random "
                    f"card of theirs (not an empty banner), once this autumn.")
        case "end_turn":
            return "Your autumn turn ends; the host calls the next player."
        case "time_up":
            return "The winter floor closes."
    return ""


def _dest(view: SenjiState, seat: int | None, a: ActionBase) -> str:
    if a.sea and not a.province:
        return "The group joins your fleet in that sea (6 units at most)."
    p = view.provinces.get(a.province or "")
    if p is None:
        return ""
    raid = (" A sea raid: before it lands, each unit rolls a die and every die showing your "
            "own mon drowns a unit." if a.sea else "")
    if p.owner is None:
        return "A free province: you take it and build a fortress." + raid
    if p.owner == seat:
        return "One of your provinces: the group joins the pieces there." + raid
    who = seat_name(view.names, p.owner)
    return (f"{who}'s province ({units(p.units)}, {len(p.samurai)} samurai and its fortress): "
            f"a battle." + raid)


def why_not(view: SenjiState, seat: int | None) -> str:
    """Why a routine choice of this moment is missing, if one is."""
    if seat is None or view.actor != seat or view.over:
        return ""
    step = view.step
    hand = view.diplo_hands[seat]
    if step == "autumn_turn":
        own = view.families[seat]
        others = [f for i, f in enumerate(view.families) if i != seat]
        have = {D.card_family(c) for c in hand if c != HIDDEN}
        missing = [family_name(f) for f in others if f not in have]
        if missing:
            return ("No diplomatic honour: it needs a card of each other player's family; you "
                    f"hold none of {', '.join(missing)}.")
        if not any(D.card_type(c) == "trading" and D.card_family(c) != own for c in hand if c != HIDDEN):
            return "No trading card to use: only another family's trading card can be used."
        return ""
    if step == "winter_floor" and view.offers_left and view.offers_left[seat] == 0:
        n = view.options.offers_per_winter
        return f"No offer to open: you have opened all {n} of your offers this winter (the table's limit)."
    if step == "combat_support_D" and view.combat is not None and view.combat.round == 1 \
            and not view.combat.executed:
        c = view.combat
        afam = view.families[c.att]
        held = [x for x in hand if x != HIDDEN and D.card_type(x) == "member" and D.card_family(x) == afam]
        if held and combat.ginchiyo_protects(view):
            return (f"No execution: Ginchiyo stands with {seat_name(view.names, c.att)}, so no one "
                    f"may execute that family's members.")
        return ""
    if step == "winter_bid":
        own = view.families[seat]
        if not any(D.card_family(c) == own and D.card_code(c) != "D0" for c in hand if c != HIDDEN):
            return "No bid to make: bids use your own family's cards, never the empty banner."
        return ""
    return ""
