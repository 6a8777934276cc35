"""The smart bot at the winter table: whom it gives the floor, what it offers and asks
back, what it says with an offer, how it answers and confirms, and the word it gave.

Every choice reads the bot's own view only. The bot keeps no memory: what it said and
traded this year is read back from the log lines its seat may read, written and
parsed by one module (rules/senji/marks.py).

Temperaments (a seat's bot name, ``smart``, ``smart-cunning``, ``smart-treacherous``):
- honest: says true values, never attacks a player it traded with this year, gives back
  what it was asked for;
- cunning: says true values but offers its cards face down, bargains with cheaper cards
  when a request is worth more than the offer, and breaks its word of peace for an attack
  that pays well (``CUNNING_GAIN`` honour or the winning mark);
- treacherous: says its hidden cards are worth more than they are, answers a request with
  cheap cards face down, and breaks its word of peace whenever an attack pays.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.common import ActionBase

from . import marks
from .board import D
from .state import OfferCard, SenjiState
from .view import HIDDEN
from .words import card_name

TEMPERS = ("honest", "cunning", "treacherous")
FLOOR_TURNS = 2  # times the floor is given to each player in a winter (a bot host's rule)
LEADER = 45  # honour from which a player close to 60 gets no trade from a bot behind it
CUNNING_GAIN = 8  # honour an attack must bring for a cunning bot to break its word
PEACE = "and leaves you in peace this year"
FACE_DOWN_GUESS = 1  # what an unseen card is taken to be worth when nothing is said of it


# -- reading this winter's and this year's log -------------------------------------------
def _since(view: SenjiState, starts) -> list[str]:
    """The log lines the seat may read since the last line for which ``starts`` holds."""
    out: list[str] = []
    for line in reversed(view.log):
        if starts(line.text):
            break
        out.append(line.text)
    out.reverse()
    return out


def this_winter(view: SenjiState) -> list[str]:
    return _since(view, marks.is_winter_start)


def this_year(view: SenjiState) -> list[str]:
    return _since(view, marks.is_year_start)


def partners(view: SenjiState, seat: int) -> set[int]:
    """The players ``seat`` gave its word of peace to this year: each offer the bot makes
    says it (``PEACE``), so each trade it opened and saw confirmed is one. Read from the
    public trade lines ("Trade X→Y: ...")."""
    out: set[int] = set()
    for text in this_year(view):
        out |= marks.traded_with(text, view.names, seat)
    return out


def floor_turns(view: SenjiState) -> dict[int, int]:
    """How often each seat has opened an offer this winter (public lines)."""
    lines = this_winter(view)
    return {s: sum(1 for t in lines if marks.is_open(t, n)) for s, n in enumerate(view.names)}


def cancelled(view: SenjiState) -> set[int]:
    lines = this_winter(view)
    return {s for s, n in enumerate(view.names) if any(marks.is_cancel(t, n) for t in lines)}


def offered_to(view: SenjiState, seat: int) -> set[int]:
    """The players ``seat`` has made an offer to this winter (public lines)."""
    me = view.names[seat]
    lines = this_winter(view)
    return {s for s, n in enumerate(view.names) if any(marks.is_offer_to(t, me, n) for t in lines)}


# -- what a bot wants ----------------------------------------------------------------
@dataclass(frozen=True)
class Plan:
    to: int
    give: tuple[tuple[str, str], ...]  # (card, face)
    ask: tuple[str, ...]
    want: str  # the rulebook's words for what the offerer needs
    word: str


def _held(view: SenjiState, seat: int) -> list[str]:
    return [c for c in view.diplo_hands[seat] if c != HIDDEN]


def _unplaced(view: SenjiState, card: str) -> bool:
    """A card the seat cannot see anywhere public: it may be in its owner's hand."""
    if card in view.executed or card in view.boxed:
        return False
    if any(card in h for h in view.hostages) or any(lot.card == card for lot in view.lots):
        return False
    return True


def _ask_for(view: SenjiState, seat: int, f: str, kinds: tuple[str, ...]) -> str | None:
    """The cheapest card of family ``f`` of these kinds that the bot does not hold and sees
    nowhere: the one most likely still in its owner's hand."""
    mine = set(view.diplo_hands[seat])
    for code in kinds:
        card = f"{f}-{code}"
        if card not in mine and _unplaced(view, card):
            return card
    return None


def _sets_short(view: SenjiState, seat: int) -> str | None:
    """The hanafuda kind one card short of a set in the bot's hand ("a ribbon"), if any."""
    kinds: dict[str, int] = {}
    for x in view.hana_hands[seat]:
        if x != HIDDEN:
            kinds[D.hana_kind[x]] = kinds.get(D.hana_kind[x], 0) + 1
    for c in D.combos:
        if c.same_flower or c.hire:
            continue
        short = {k: n - kinds.get(k, 0) for k, n in c.need.items() if n > kinds.get(k, 0)}
        if len(short) == 1 and sum(short.values()) == 1:
            return next(iter(short))
    return None


def wants(view: SenjiState, seat: int, to: int) -> tuple[tuple[str, ...], str] | None:
    """What the bot asks of ``to`` and why, in the rulebook's words; None: nothing."""
    f = view.families[to]
    hand = _held(view, seat)
    fams = {D.card_family(c) for c in hand}
    shown = {D.card_family(c) for c in view.hostages[seat]}
    if f not in shown and not any(D.card_family(c) == f and D.card_type(c) == "member" for c in hand):
        card = _ask_for(view, seat, f, ("M1", "M2"))
        if card:
            return (card,), f"{view.names[seat]} needs a {D.family[f].name} hostage to reveal"
    others = [view.families[s] for s in range(len(view.families)) if s != seat]
    missing = [g for g in others if g not in fams]
    if f in missing and len(missing) <= 2:
        card = _ask_for(view, seat, f, ("T2", "S1", "M1", "T3"))
        if card:
            return (card,), (f"{view.names[seat]} needs a {D.family[f].name} card "
                             f"for diplomatic honour")
    kind = _sets_short(view, seat)
    if kind is not None and not any(D.card_type(c) == "trading" and D.card_family(c) == f for c in hand):
        card = _ask_for(view, seat, f, ("T2", "T3", "T4"))
        if card:
            return (card,), f"{view.names[seat]} needs {'an' if kind[0] in 'aeiou' else 'a'} {kind}"
    return None


def _spare(view: SenjiState, seat: int) -> list[str]:
    """Cards the bot can give up, cheapest use first: its own family's trading and support
    cards (no use to it but trades and bids), then other families' cards it holds twice."""
    own = view.families[seat]
    hand = [c for c in _held(view, seat) if D.card_code(c) != "D0"]
    out = [c for c in hand if D.card_family(c) == own and D.card_type(c) in ("trading", "support")]
    seen: set[str] = set()
    for c in hand:
        f = D.card_family(c)
        if f == own:
            continue
        if f in seen and D.card_type(c) != "member":
            out.append(c)
        seen.add(f)
    return out


def plan(view: SenjiState, seat: int, temper: str, to: int | None = None) -> Plan | None:
    """The offer the bot would make (to ``to``, or to the first player it wants something
    of and has not made an offer to this winter)."""
    targets = [to] if to is not None else [
        (seat + i) % len(view.families) for i in range(1, len(view.families))]
    done = offered_to(view, seat) if to is None else set()
    spare = _spare(view, seat)
    if not spare:
        return None
    for t in targets:
        if t in done:
            continue
        w = wants(view, seat, t)
        if w is None:
            continue
        ask, want = w
        asked = sum(D.card_value(c) for c in ask)
        if temper == "treacherous":  # the cheapest card, face down, said to be worth the ask
            card = min(spare, key=lambda c: (D.card_value(c), c))
            give = ((card, "down"),)
        else:  # a card worth at least the ask; the cunning one hides what it gives
            fair = [c for c in spare if D.card_value(c) >= asked] or spare
            card = min(fair, key=lambda c: (D.card_value(c), c))
            give = ((card, "down" if temper == "cunning" else "up"),)
        said_worth = asked if temper == "treacherous" else sum(D.card_value(c) for c, _ in give)
        return Plan(to=t, give=give, ask=ask, want=want,
                    word=offer_line(view, seat, t, give, ask, want, said_worth))
    return None


def offer_line(view: SenjiState, seat: int, to: int, give, ask, want: str, said_worth: int) -> str:
    """The one line said with an offer: the face-up cards by name, the face-down ones only
    by number (and the value the offerer says they have), what it asks back, its word of
    peace, and what it needs. "Dai offers Red Son (3) for your Green Harbour pass (2) ..."."""
    up = [card_name(c) for c, face in give if face == "up"]
    down = sum(1 for _, face in give if face == "down")
    parts = up + ([f"{down} hidden card{'s' if down > 1 else ''} (worth {said_worth}, "
                   f"{view.names[seat]} says)"] if down else [])
    offered = " + ".join(parts) if parts else "nothing"
    asked = " + ".join(card_name(c) for c in ask)
    return f"{view.names[seat]} offers {offered} for your {asked} {PEACE}: {want}."


# -- the floor and the three offer steps ----------------------------------------------
def floor(view: SenjiState, actions: list[ActionBase]) -> tuple[ActionBase, str]:
    """A bot host gives each player the floor in turn, ``FLOOR_TURNS`` times a winter
    (public facts only: who has opened and who cancelled), then closes it. Once a player has
    opened every offer the table's limit allows, it closes the floor at once: at a table
    with humans it is asked only when they have none left (spec 4.3)."""
    end = next((a for a in actions if a.kind == "end_negotiation"), actions[0])
    if view.offers_left and 0 in view.offers_left:
        return end, "A player has opened every offer the table allows this winter: close the negotiation."
    turns, gave_up = floor_turns(view), cancelled(view)
    for a in actions:
        if a.kind == "open_offer" and a.by not in gave_up and turns.get(a.by, 0) < FLOOR_TURNS:
            return a, f"{view.names[a.by]} may make an offer."
    return end, "Everyone has had the floor: close the negotiation."


def compose(view: SenjiState, seat: int, actions: list[ActionBase], temper: str) -> tuple[ActionBase, str]:
    o = view.offer
    cancel = next(a for a in actions if a.kind == "offer_cancel")
    p = plan(view, seat, temper, o.to)
    if p is None:
        return cancel, "Nothing you need that another player may give: no offer."
    if o.to is None:
        a = next((a for a in actions if a.kind == "offer_to" and a.seat == p.to), None)
        return (a, f"Offer to {view.names[p.to]}: {p.want}.") if a else (cancel, "No one to offer to.")
    given = {c.card for c in o.give}
    for card, face in p.give:
        if card not in given:
            a = next((a for a in actions if a.kind == "offer_add" and a.card == card and a.face == face), None)
            if a is not None:
                return a, f"Give {card_name(card)} face {face}."
    from .actions import OfferSend
    return OfferSend(word=p.word), p.word


def word_heard(view: SenjiState, frm: int) -> str:
    """What the offerer said with the offer now open (its latest line to this seat)."""
    who = view.names[frm]
    for line in reversed(view.log):
        word = marks.said(line.text, who)
        if word is not None and line.seats is not None:
            return word
        if marks.is_open(line.text, who):
            break
    return ""


def asked_of(view: SenjiState, seat: int, word: str) -> list[str]:
    """The cards of the bot's hand the offerer asked for by name."""
    _, _, tail = word.partition(" for your ")
    tail = tail.partition(f" {PEACE}")[0] if PEACE in tail else tail.partition(":")[0]
    names = set(tail.split(" + "))
    return [c for c in _held(view, seat) if card_name(c) in names]


def _said_worth(word: str) -> int | None:
    m = re.search(r"hidden cards? \(worth (\d+),", word)
    return int(m.group(1)) if m else None


def offer_worth(view: SenjiState, seat: int, temper: str) -> int:
    """What the offered cards are worth to the bot: face-up ones by value, face-down ones at
    what the offerer says (an honest or cunning bot believes it; a treacherous one does not)."""
    o = view.offer
    up = sum(D.card_value(c.card) for c in o.give if c.card != HIDDEN)
    down = sum(1 for c in o.give if c.card == HIDDEN)
    said = _said_worth(word_heard(view, o.frm)) if down else None
    if said is not None and temper != "treacherous":
        return up + said
    return up + FACE_DOWN_GUESS * down


def worth(cards: list[OfferCard]) -> int:
    """Cards changing hands by their values, an unseen one counted low (it may be a bluff)."""
    return sum(D.card_value(c.card) if c.card != HIDDEN else FACE_DOWN_GUESS for c in cards)


def respond(view: SenjiState, seat: int, actions: list[ActionBase], temper: str) -> tuple[ActionBase, str]:
    """Answer an offer. Asked for cards by name: the honest and the cunning bot give them face
    up if the offer is worth as much (else the honest bot refuses, the cunning one bargains
    with cheaper cards); the treacherous bot hands over its cheapest card face down instead.
    Else by worth: a gift or a good trade is taken, giving back the cheapest cards (no
    hostage of its own) while the bot still gains; an offer worth nothing is refused. Any
    offer from a player close to the mark (``LEADER``) and ahead of the bot is refused."""
    o = view.offer
    got = offer_worth(view, seat, temper)
    accept = next(a for a in actions if a.kind == "accept")
    refuse = next(a for a in actions if a.kind == "refuse")
    if view.honor[o.frm] >= LEADER and view.honor[o.frm] > view.honor[seat]:
        return refuse, (f"{view.names[o.frm]} has {view.honor[o.frm]} honour, close to 60: "
                        f"help them no further.")
    word = word_heard(view, o.frm)
    asked = asked_of(view, seat, word) if word else []
    replied = {c.card for c in o.reply}
    if asked:
        cost = sum(D.card_value(c) for c in asked)
        if temper == "treacherous":
            if o.reply:
                return accept, "A hidden card is all they get: take the offer."
            cheap = sorted((a for a in actions if a.kind == "reply_add" and a.face == "down"
                            and D.card_value(a.card) > 0 and D.card_code(a.card) != "D0"),
                           key=lambda a: (D.card_value(a.card), a.card))
            if cheap and got > 0:
                return cheap[0], f"Give {card_name(cheap[0].card)} face down, not what they asked for."
        elif got >= cost:
            for c in asked:
                if c not in replied:
                    a = next((a for a in actions if a.kind == "reply_add" and a.card == c and a.face == "up"), None)
                    if a is not None:
                        return a, f"They asked for {card_name(c)}; the offer is worth {got}: give it."
            return accept, "You give what was asked for: accept."
        elif temper == "honest" or got <= 0:
            return refuse, (f"They ask for {' + '.join(card_name(c) for c in asked)} and offer only "
                            f"{got} for it.")
    if got <= 0:
        return refuse, "The offer brings you nothing worth having."
    given = worth(o.reply)
    adds = sorted((a for a in actions if a.kind == "reply_add" and a.face == "up"
                   and D.card_value(a.card) > 0 and given + D.card_value(a.card) < got
                   and D.card_type(a.card) != "member"),
                  key=lambda a: (D.card_value(a.card), a.card))
    if adds and len(o.reply) < len(o.give):
        return adds[0], (f"The offer is worth {got} to you; giving back {card_name(adds[0].card)} "
                         f"still leaves you ahead.")
    return accept, f"The offer is worth {got}, your reply {given}: you gain by it."


def confirm(view: SenjiState, seat: int, actions: list[ActionBase], temper: str) -> tuple[ActionBase, str]:
    """Confirm the swap when the reply is worth what the bot gives. The honest bot takes a
    hidden reply card at the value it asked for; the others count it low."""
    o = view.offer
    give = sum(D.card_value(c.card) for c in o.give)
    p = plan(view, seat, temper, o.to)
    asked = sum(D.card_value(c) for c in p.ask) if p else 0
    up = sum(D.card_value(c.card) for c in o.reply if c.card != HIDDEN)
    down = sum(1 for c in o.reply if c.card == HIDDEN)
    got = up + (max(asked, FACE_DOWN_GUESS) if down and temper == "honest" else FACE_DOWN_GUESS) * down \
        if down else up
    if temper == "treacherous":
        give = min(give, got)  # it gave what it did not say: any reply is a gain
    ok = got >= give or (temper == "honest" and got > 0 and got + 1 >= give)
    a = next(a for a in actions if a.kind == ("confirm" if ok else "withdraw"))
    return a, f"The reply is worth {got} against the {give} you give{'' if ok else ': too little'}."


# -- the word of peace in summer ------------------------------------------------------
def may_attack(view: SenjiState, seat: int, target_owner: int | None, gain: int, temper: str) -> bool:
    """Whether the bot attacks a province of ``target_owner`` for ``gain`` honour, given the
    word of peace it gave this year."""
    if target_owner is None or target_owner not in partners(view, seat):
        return True
    if temper == "honest":
        return False
    if temper == "cunning":
        return gain >= CUNNING_GAIN or view.honor[seat] + gain >= 60
    return True
