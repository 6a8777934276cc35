"""What a choice does, in the rulebook's words, and why a routine choice is missing.

Read from a view only (Spirit hides nothing from one seat that it shows another), for the
detail line under the decisions: the card's penalty and icon, the total against the Kiai,
the talent a token lends, and the consequences the rules know ("a barricade falls").
"""

from __future__ import annotations

from rules.common import ActionBase

from . import data
from .combat import can_defend
from .describe import card_phrase
from .model import (
    BeginTurn, Confront, Defend, DiscardDefended, DiscardDuplicate, EndTurn, Fight, FightAgain,
    GiveCard, GiveTop, KiaiActivate, KiaiDecline, KiaiDone, KiaiTarget, OrderPenalties, PassRound,
    ReplaceCard, SpiritState, Support, UsePoolToken,
)
from .penalties import _draw_target
from .talents import ignore_source
from .village import name, plural
from .words import penalty, power, words

# The help page's section for each step of the turn (headings of assets/help/spirit.md).
HELP_TOPICS = {
    "START": "4. Your turn", "ACTION": "4. Your turn", "MORE_FIGHT": "4. Your turn",
    "PENALTY_ORDER": "7. Penalties", "DEFENCE_LOSS": "7. Penalties",
    "PLACE_DRAWN": "5. Placing a card: confront or defend",
    "PLACE_GIVEN": "5. Placing a card: confront or defend",
    "KIAI": "6. Kiai and being overwhelmed", "KIAI_MORE": "6. Kiai and being overwhelmed",
}
GAME_OVER_TOPIC = "11. Victory and score"
# What a filled defence slot saves at the end of the round.
SAVES = {"hat": "saves you a wound", "farm": "saves a farmstead",
         "family": "saves a family"}


def help_topic(view: SpiritState) -> str:
    if view.over or view.pending is None:
        return GAME_OVER_TOPIC
    return HELP_TOPICS.get(view.pending.kind, "")


def _a(n: int) -> str:
    """The article before a number said aloud: "an 8", "an 11", "a 12"."""
    return "an" if str(n).startswith("8") or n in (11, 18) else "a"


def _value(cid: str) -> int:
    return data.card(cid).value


def _destroy(view: SpiritState) -> str:
    """What one DESTROY would do now."""
    if view.barricades > 0:
        return f"a barricade falls ({view.barricades} → {view.barricades - 1} of {view.cap})"
    if view.farms:
        out = "no barricade is left, so a random farmstead is destroyed"
        if data.difficulty(view.options.difficulty).farm_backs:
            out += " and its back takes effect"
        if len(view.farms) == 1:
            out += ": it is the last one, and the game is lost"
        return out
    return "a random family is lost"


def _wound(view: SpiritState, seat: int) -> str:
    """What one more wound does to ``seat``."""
    s = view.samurai[seat]
    after = s.wounds + 1
    if after >= 4:
        return "a fourth wound: the samurai dies and the game is lost"
    if after == 2:
        animal = data.roster()[s.name].animal
        return f"a second wound: {s.name} turns into the {animal} (Kiai {data.face(s.name, True).kiai})"
    return f"you then have {plural(after, 'wound')}"


def _placing(view: SpiritState, seat: int, cid: str, you: bool) -> str:
    """What confronting ``cid`` does to ``seat``'s total, and what follows."""
    s = view.samurai[seat]
    who = "your" if you else f"{s.name}'s"
    total, kiai = s.total + _value(cid), s.kiai
    if total == kiai:
        out = f"{who} total reaches {total}, exactly the Kiai: the Kiai power may fire"
        oldest = s.line[0] if s.line else cid
        return out + f", then the oldest combat card, {card_phrase(oldest)}, is discarded"
    if total > kiai:
        return (f"{who} total {total} goes above the Kiai {kiai}: overwhelmed, {_destroy(view)};"
                f" the next action must then be a pass")
    return f"{who} total becomes {total} of Kiai {kiai}"


def _top_penalty_note(cid: str) -> str:
    c = data.card(cid)
    if not c.penalties:
        return ""
    return (f" It becomes the top card: its penalty ({' + '.join(penalty(p) for p in c.penalties)})"
            " applies at the start of the next turn.")


def _unable(view: SpiritState, code: str, discard_extra: int = 0) -> bool:
    a = view.active
    s = view.samurai[a]
    if code == "INTRUDE":
        return not view.raiders
    if code in ("DRAW_LEFT", "DRAW_RIGHT"):
        return _draw_target(view, a, 1 if code == "DRAW_LEFT" else -1) is None or not view.raiders
    if code == "RESHUFFLE":
        return not view.discard and not discard_extra
    if code == "DISCARD_DEF":
        return not any(s.slots.values())
    return False


def _code(view: SpiritState, code: str, discard_extra: int = 0) -> str:
    w = words().penalties[code]  # type: ignore[index]
    if _unable(view, code, discard_extra):
        return (f"\"{w.name}\", which cannot be carried out ({w.unable}), so you take a"
                f" wound: {_wound(view, view.active)}")
    if code == "RAZE":
        return f"\"{w.name}\": {_destroy(view)}"
    if code == "WOUND":
        return f"\"{w.name}\": {_wound(view, view.active)}"
    if code in ("DRAW_LEFT", "DRAW_RIGHT"):
        target = _draw_target(view, view.active, 1 if code == "DRAW_LEFT" else -1)
        assert target is not None
        return f"\"{w.name}\": {name(view, target)} draws and places a card"
    return f"\"{w.name}\": {w.effect}"


def _talent_source(view: SpiritState, seat: int, talent: str) -> str:
    s = view.samurai[seat]
    if s.face.talent == talent:
        return "your talent"
    if view.flags.pool_talent and data.roster()[view.flags.pool_talent].human.talent == talent:
        return f"{view.flags.pool_talent}'s pool token"
    for owner in view.samurai:
        if owner.token_with == seat and data.roster()[owner.name].human.talent == talent:
            return f"{owner.name}'s support token"
    return "a talent"


def _receiver(view: SpiritState, to: int, cid: str) -> str:
    """What a card given to ``to`` will do there."""
    c = data.card(cid)
    who = name(view, to)
    if c.icon is not None and view.samurai[to].slots[c.icon] is None:
        return f"{who} may defend it in the free {c.icon} slot, or confront it"
    return f"{who} must confront it: {_placing(view, to, cid, you=False)}"


def explain(view: SpiritState, seat: int | None, action: ActionBase) -> str:  # noqa: C901
    match action:
        case UsePoolToken(samurai=who):
            t = words().talents[data.roster()[who].human.talent]  # type: ignore[index]
            out = (f"{who}'s human talent, this turn only: {t.human}. The token is then"
                   f" spent ({len(view.pool) - 1} left in the pool).")
            top = view.samurai[action.seat].top
            want = None
            if top is not None and data.card(top).penalties:
                want = "IGNORE_ODD" if _value(top) % 2 else "IGNORE_EVEN"
            if want == data.roster()[who].human.talent:
                out += f" Your top card's penalty ({penalty(data.card(top).penalties[0])}…) is then ignored."
            return out
        case GiveTop(to=to, card=cid):
            s = view.samurai[action.seat]
            return (f"Your top card, {card_phrase(cid)}, goes to {name(view, to)}: your total"
                    f" {s.total} → {s.total - _value(cid)}. {_receiver(view, to, cid)}.")
        case BeginTurn():
            s = view.samurai[action.seat]
            top = s.top
            if top is None or not data.card(top).penalties:
                return "Your top card has no penalty: you go straight to your action."
            source = ignore_source(view, action.seat, top)
            if source is not None:
                return f"Your top card's penalty is ignored ({source}): you go straight to your action."
            codes = list(data.card(top).penalties)
            if len(codes) == 2:
                return (f"Your top card, {card_phrase(top)}, applies two penalties: you will choose"
                        " their order.")
            return f"Your top card, {card_phrase(top)}, applies its penalty {_code(view, codes[0])}."
        case OrderPenalties(first=first):
            p = view.pending
            codes = list(p.codes) if p is not None else [first]
            second = next((c for c in codes if c != first), first)
            extra = 1 if first == "DISCARD_DEF" and not _unable(view, first) else 0
            return (f"First {_code(view, first)}; then {_code(view, second, discard_extra=extra)}.")
        case DiscardDefended(slot=slot, card=cid):
            return (f"The {_value(cid)} leaves your {slot} slot for the discard pile; left empty"
                    f" at the end of the round, the slot no longer {SAVES[slot]}.")
        case Fight() | FightAgain():
            s = view.samurai[action.seat]
            room = s.kiai - s.total
            out = (f"Draw a raider card ({len(view.raiders)} left) and place it."
                   f" Total {s.total} of Kiai {s.kiai}: ")
            if room > 0:
                out += f"{_a(room)} {room} fires your Kiai; more overwhelms you unless you defend."
            else:
                out += "any card you confront overwhelms you; only defending is safe."
            if view.flags.no_defend:
                out += " You cannot defend this turn (penalty \"block defend\")."
            return out
        case Support(to=to):
            giver = view.samurai[action.seat].name
            t = words().talents[data.roster()[giver].human.talent]  # type: ignore[index]
            return (f"{name(view, to)} has your talent ({t.short}) on their next turn. The top"
                    f" raider card goes unseen to the intruders ({len(view.intruders) + 1} there;"
                    f" their flames strike at the round's end).")
        case PassRound():
            s = view.samurai[action.seat]
            if s.total > s.kiai:
                out = f"You must pass: your total {s.total} is above your Kiai {s.kiai}."
            elif view.flags.must_pass:
                out = "You must pass: the penalty \"must pass\" applies this turn."
            else:
                out = "You lie down and are out until the round ends; your cards stay."
            others = [o for i, o in enumerate(view.samurai) if i != action.seat and not o.passed]
            if not others:
                out += (f" Everyone has then passed: the {plural(len(view.raiders), 'raider card')}"
                        " left join the intruders and the round ends.")
            return out
        case Confront(card=cid):
            you = True
            return (f"The {_value(cid)} joins your combat line: {_placing(view, action.seat, cid, you)}."
                    + _top_penalty_note(cid))
        case Defend(card=cid):
            c = data.card(cid)
            assert c.icon is not None
            out = (f"The {c.value} fills your {c.icon} slot: it never counts towards your total"
                   f" and at the end of the round it {SAVES[c.icon]}.")
            if c.penalties:
                out += " Its penalty never applies there."
            return out
        case ReplaceCard(card=cid):
            left = view.transit.replaces_left - 1 if view.transit else 0
            more = f" ({plural(left, 'more replace')} after this)" if left else ""
            return (f"The {_value(cid)} goes to the bottom of the raider stack, unseen from then on,"
                    f" and you draw the top card instead{more}.")
        case DiscardDuplicate(card=cid):
            s = view.samurai[action.seat]
            return (f"The {_value(cid)} goes to the discard pile ({_talent_source(view, action.seat, 'DISCARD_DUP')}:"
                    f" a {_value(cid)} is already yours): your total stays {s.total} and this fight is over.")
        case GiveCard(to=to, card=cid):
            talent = "PASS_ODD" if _value(cid) % 2 else "PASS_EVEN"
            return (f"The {_value(cid)} goes to {name(view, to)}"
                    f" ({_talent_source(view, action.seat, talent)}): {_receiver(view, to, cid)}.")
        case KiaiActivate(power=pw, count=n):
            s = view.samurai[action.seat]
            out = power(pw, n)
            if pw == "BUILD":
                out += f": barricades {view.barricades} → {min(view.cap, view.barricades + n)} of {view.cap}"
            return f"Kiai: {out}. Then your oldest combat card{_oldest(s.line)} is discarded."
        case KiaiTarget(power="HEAL", target=t):
            w = view.samurai[t].wounds
            stay = " (the animal side stays)" if w == 3 else ""
            return f"{name(view, t)}'s wound marker is removed: {w} → {w - 1} wounds{stay}." + _after_kiai(view)
        case KiaiTarget(power="CUT_OTHER", target=t, card=cid) if cid:
            o = view.samurai[t]
            after = o.total - _value(cid)
            out = f"{o.name}'s newest card, the {_value(cid)}, is discarded: total {o.total} → {after}"
            if o.total > o.kiai >= after:
                out += ", back within the Kiai, so no forced pass"
            return out + "." + _after_kiai(view)
        case KiaiTarget(target=t, dest=d, card=cid) if cid and d is not None:
            o = view.samurai[t]
            icon = data.card(cid).icon
            return (f"{o.name}'s newest card, the {_value(cid)}, moves into {name(view, d)}'s free {icon} slot:"
                    f" {o.name}'s total {o.total} → {o.total - _value(cid)}." + _after_kiai(view))
        case KiaiDecline():
            s = view.samurai[action.seat]
            return f"No power now. Your oldest combat card{_oldest(s.line)} is discarded all the same."
        case KiaiDone():
            return "No second target." + _after_kiai(view)
        case EndTurn():
            holds = [o.name for o in view.samurai if o.token_with == action.seat]
            tokens = f"; {', '.join(holds)}'s token{'s go' if len(holds) > 1 else ' goes'} home" if holds else ""
            return f"Your turn ends{tokens}."
    return ""


def _oldest(line: list[str]) -> str:
    return f", {card_phrase(line[0])}," if line else ""


def _after_kiai(view: SpiritState) -> str:
    p = view.pending
    if p is None or p.kind != "KIAI":
        return ""
    line = view.samurai[p.seat].line
    return f" Then your oldest combat card{_oldest(line)} is discarded."


def why_not(view: SpiritState, seat: int | None) -> str:
    """Why Defend, Fight or Support is missing from the current decision, if it is."""
    p = view.pending
    if view.over or p is None:
        return ""
    if p.kind in ("PLACE_DRAWN", "PLACE_GIVEN") and view.transit is not None:
        t = view.transit
        c = data.card(t.card)
        if can_defend(view, t.holder, t.card):
            return ""
        if c.icon is None:
            return f"No Defend: the {c.value} has no icon."
        held = view.samurai[t.holder].slots[c.icon]
        if held is not None:
            return f"No Defend: the {c.icon} slot already holds the {_value(held)}."
        return "No Defend: the penalty \"block defend\" of the top card applies this turn."
    if p.kind == "ACTION":
        a = view.active
        s = view.samurai[a]
        if s.total > s.kiai:
            return f"Only Pass: the total {s.total} is above the Kiai {s.kiai}."
        if view.flags.must_pass:
            return "Only Pass: the penalty \"must pass\" applies this turn."
        if s.token_with is not None:
            return f"No Support: the support token is with {name(view, s.token_with)} until their turn ends."
        if view.flags.no_talent:
            return "No Support: the penalty \"block talent/support\" applies this turn."
        if view.flags.no_support:
            return "No Support: the penalty \"block support\" applies this turn."
        if all(o.passed for i, o in enumerate(view.samurai) if i != a):
            return "No Support: everyone else has passed."
    return ""
