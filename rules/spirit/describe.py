"""Short natural text for actions (the decision panel and the log)."""

from __future__ import annotations

from rules.common import ActionBase

from . import data
from .model import (
    BeginTurn, Confront, Defend, DiscardDefended, DiscardDuplicate, EndTurn, Fight, FightAgain,
    GiveCard, GiveTop, KiaiActivate, KiaiDecline, KiaiDone, KiaiTarget, OrderPenalties, PassRound,
    ReplaceCard, Support, UsePoolToken,
)
from .words import penalty, words

TALENT_SHORT = {code: w.short for code, w in words().talents.items()}
POWER_SHORT = {code: w.short for code, w in words().powers.items()}


def _value(cid: str | None) -> str:
    """A card's value, or the id itself when it names no card (``describe`` never raises)."""
    c = data.cards().get(cid) if cid else None
    return str(c.value) if c else str(cid)


def _talent(who: str) -> str:
    face = data.roster().get(who)
    return TALENT_SHORT.get(face.human.talent, face.human.talent) if face else "?"


def card_phrase(cid: str) -> str:
    c = data.cards().get(cid)
    if c is None:
        return str(cid)
    bits = [c.icon or "no icon"]
    if c.flame:
        bits.append("flame")
    bits.extend(penalty(p) for p in c.penalties)
    return f"the {c.value} ({', '.join(bits)})"


def power_phrase(power: str, n: int) -> str:
    return {"BUILD": f"build {n} barricade{'s' if n > 1 else ''}",
            "SKIM": f"discard the top {n} raider card{'s' if n > 1 else ''}",
            "CALM": f"discard the top {n} intruder card{'s' if n > 1 else ''}",
            "CUT_SELF": f"discard your {n} newest combat card{'s' if n > 1 else ''}"}.get(power, power)


def describe(action: ActionBase) -> str:
    match action:
        case UsePoolToken(samurai=who):
            return f"Use {who}'s pool token ({_talent(who)})"
        case GiveTop(name=nm, card=cid):
            return f"Give your top card, {card_phrase(cid)}, to {nm}"
        case BeginTurn():
            return "Begin turn"
        case OrderPenalties(first=code):
            return f"Apply the penalty \"{penalty(code)}\" first"
        case DiscardDefended(slot=slot, card=cid):
            return f"Lose the defended {_value(cid)} from the {slot} slot"
        case Fight():
            return "Fight"
        case Support(name=nm):
            return f"Support {nm} (a raider card goes to the intruders)"
        case PassRound():
            return "Pass for the round"
        case Confront(card=cid):
            return f"Confront {card_phrase(cid)}"
        case Defend(card=cid):
            return f"Defend with {card_phrase(cid)}"
        case ReplaceCard(card=cid):
            return f"Replace the {_value(cid)} (to the stack bottom) and draw again"
        case DiscardDuplicate(card=cid):
            return f"Discard the {_value(cid)} as a duplicate"
        case GiveCard(card=cid, name=nm):
            return f"Give the {_value(cid)} to {nm}"
        case KiaiActivate(power=p, count=n):
            return f"Kiai: {power_phrase(p, n)}"
        case KiaiTarget(power="HEAL", name=nm):
            return f"Kiai: heal {nm}"
        case KiaiTarget(power="CUT_OTHER", name=nm, card=cid):
            return f"Kiai: discard {nm}'s newest card, the {_value(cid)}" if cid else \
                f"Kiai: discard {nm}'s newest card"
        case KiaiTarget(name=nm, dest_name=dn, card=cid):
            c = data.cards().get(cid) if cid else None
            icon = (c.icon or "no icon") if c else "?"
            value = c.value if c else (cid or "?")
            return f"Kiai: move {nm}'s {value} ({icon}) to {dn}'s {icon} slot"
        case KiaiDecline():
            return "No Kiai power"
        case KiaiDone():
            return "No second target"
        case FightAgain():
            return "Fight again"
        case EndTurn():
            return "End turn"
    return action.kind
