"""The Senji rule controller: who decides, what may be done, and doing it."""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any

from rules.common import ActionBase, Game, IllegalAction, Outcome, Rng

from . import explain, setup, year
from .actions import OpenOffer, SenjiAction, TimeUp, make
from .flow import DECISIONS, STEPS
from .board import D, board_units, fam, name, nseats, owned, province_name, samurai_name
from .state import SenjiOptions, SenjiState
from .view import render, scramble, view
from .words import card_name, samurai_label, seat_name, units

# The bots live in bots.py, which reads open_actions from this module: the package
# (__init__.py) hands them over when it is imported, so this module never imports bots.py back.
BOT_PARTS: dict[str, Any] = {}

# The decisions of the year, what each offers and what it does: rules/senji/flow.py.
STEP_TEXT = {name: phase.says for name, phase in DECISIONS.items()}


REASONS = {
    "dest": "That destination cannot be reached: it must be adjacent (or across an adjacent sea), "
            "not neutral, have room for 6 units, and you cannot enter free or enemy provinces "
            "while you own 6.",
    "add_units": "That many units cannot go there (6 units at most per province or fleet).",
    "execute": "You cannot execute that card: only the attacker's family members, in the first "
               "round, before your support pick, and not while the attacker has Ginchiyo.",
    "support": "You cannot play that support card: only your own empty banner or a support card "
               "of a family not in this fight (Baba: two different families).",
    "reveal_hostage": "You cannot reveal that hostage: one family member per other family, and not "
                      "one returned this autumn.",
    "return_hostage": "A hostage can only be taken back in a later autumn.",
    "offer_add": "That card cannot be offered: empty banners and revealed hostages never change hands.",
    "reply_add": "That card cannot be offered: empty banners and revealed hostages never change hands.",
    "bid": "You can only bid your own family's cards (not the empty banner) on a displayed lot.",
    "fleet_sail": "The fleet cannot sail: the merged fleet would hold more than 6 units.",
    "react_die": "That die cannot be rerolled: set dice never are, and Tadakatsu rerolls 2 at most.",
    "diplo_start": "Diplomatic honour needs one card of each other player's family in your hand.",
    "merc_units": "Mercenaries are for a player with no province and no fleet, 3 honour per unit.",
}


def _position(state: SenjiState) -> tuple:
    """A cheap sign that nothing moved since the legal actions were listed."""
    return (state.step, state.actor, state.rng.counter, state.reveals, len(state.log))


class Senji(Game):
    id = "senji"
    title = "Senji"
    min_seats = 3
    max_seats = 6
    Options = SenjiOptions
    State = SenjiState
    Action = SenjiAction
    # The last legal list handed out and the state it was for: a cache, never part of a state.
    _offered: tuple[SenjiState, tuple, list[ActionBase]] | None = None
    # The players' names of the table last seen (describe has no state, and a choice that
    # names a seat reads the player's name): a cache, never part of a state.
    _names: list[str] | None = None

    def new(self, options: SenjiOptions, seed: int) -> SenjiState:
        return setup.new(options, seed)

    def parse_options(self, data) -> SenjiOptions:
        """A recorded setup (a save, a journal game, a host's welcome). One recorded before
        the rules carried an edition (no ``rules_edition``) was played under edition 1: it
        replays, and plays on, under those rules."""
        if isinstance(data, dict) and "rules_edition" not in data:
            data = {**data, "rules_edition": 1}
        return super().parse_options(data)

    # These three run at every decision. They read the state's fields from its __dict__, where
    # the model keeps them: a pydantic model defines __getattr__, which makes every attribute
    # read take Python's slow path, about four times the cost of a dictionary read.
    def to_move(self, state: SenjiState) -> int | None:
        fields = state.__dict__
        return None if fields["over"] else fields["actor"]

    def legal_actions(self, state: SenjiState) -> list[ActionBase]:
        fields = state.__dict__
        self._names = fields["names"]
        if fields["over"]:
            return []
        options = STEPS[fields["step"]][0](state)
        # _position(state), written out
        self._offered = (state, (fields["step"], fields["actor"], fields["rng"].counter, fields["reveals"],
                                 len(fields["log"])), options)
        return list(options)

    def apply(self, state: SenjiState, action: ActionBase) -> None:
        fields = state.__dict__
        if fields["over"]:
            raise IllegalAction("The game is over.")
        legal, do = STEPS[fields["step"]]
        offered, self._offered = self._offered, None
        # An action taken from the list just offered for this very state, untouched since,
        # is legal: the usual loop (legal_actions, pick one, apply) works the list out once.
        if not (offered is not None and offered[0] is state
                and offered[1] == (fields["step"], fields["actor"], fields["rng"].counter, fields["reveals"],
                                   len(fields["log"]))
                and any(map(is_, offered[2], repeat(action)))):  # _position(state), written out
            options = legal(state)
            # Legal actions are shared instances (actions.make): identity settles most
            # checks before the slower field-by-field comparison.
            if not any(map(is_, options, repeat(action))) and action not in options:
                raise IllegalAction(self._reason(state, action, options))
        do(state, action)

    def _reason(self, state: SenjiState, action: ActionBase, options: list[ActionBase]) -> str:
        who = name(state, state.actor) if state.actor is not None else "Nobody"
        if isinstance(action, OpenOffer) and state.step == "winter_floor" and 0 <= action.by < nseats(state) \
                and not year.may_open(state, action.by):
            n = state.options.offers_per_winter
            why = ("with no winter clock, that is the table's limit" if state.options.winter_timer_s == 0 else
                   "this game began under the earlier rules, which limit offers even with the clock")
            return (f"{name(state, action.by)} has opened the {n} offer{'s' if n > 1 else ''} a player may "
                    f"open this winter: {why}.")
        if all(o.kind != action.kind for o in options):
            return f"Not now: {who} must {STEP_TEXT[state.step]}."
        return REASONS.get(action.kind, f"That choice is not allowed now ({STEP_TEXT[state.step]}).")

    def view(self, state: SenjiState, seat: int | None) -> SenjiState:
        self._names = state.names
        return view(state, seat)

    def scramble_hidden(self, state: SenjiState, seat: int | None, rng: Rng) -> SenjiState:
        return scramble(super().scramble_hidden(state, seat, rng), seat, rng)

    def outcome(self, state: SenjiState) -> Outcome | None:
        if not state.over:
            return None
        n = nseats(state)
        results = tuple("win" if s in state.winners else "loss" for s in range(n))
        ranking = sorted(range(n), key=lambda s: -state.honor[s])
        return Outcome(results=results, scores=tuple(state.honor), explanation=state.end_reason,
                       breakdown=tuple(f"{name(state, s)} ({fam(state, s)}): {state.honor[s]} honour, "
                                       f"{len(owned(state, s))} provinces" for s in ranking))

    def describe(self, action: ActionBase) -> str:
        return describe(action, self._names)

    def render(self, view: SenjiState, seat: int | None) -> str:
        return render(view, seat)

    def phase(self, view: SenjiState) -> str:
        self._names = view.names
        season = {"setup": "Setup", "emperor": "Emperor", "winter": "Winter", "offer": "Winter",
                  "spring": "Spring", "summer": "Summer", "fleet": "Summer", "move": "Summer",
                  "combat": "Summer", "autumn": "Autumn", "trade": "Autumn", "diplo": "Autumn",
                  "combo": "Autumn", "hire": "Autumn", "kami": "Autumn", "over": "Game over"}
        s = season.get(view.step.split("_")[0], "")
        tb = " (tie-break)" if view.tiebreak_year else ""
        what = STEP_TEXT.get(view.step, "")
        return " · ".join(part for part in (f"Year {view.year}{tb}", s, what) if part)

    def seat_count(self, options: SenjiOptions) -> int:
        return options.players

    def seat_labels(self, options: SenjiOptions) -> list[str]:
        out = []
        for i, f in enumerate(options.families()):
            given = options.seats[i].name if options.seats else ""
            out.append(f"{given or D.family[f].name} ({f})")
        return out

    def is_public(self, state: SenjiState) -> bool:
        return state.step == "winter_floor"

    def open_actions(self, state: SenjiState, seat: int) -> list[ActionBase]:
        return open_actions(state, seat)

    def actor(self, state: SenjiState, action: ActionBase) -> int | None:
        if isinstance(action, OpenOffer) and state.step == "winter_floor":
            return action.by  # opened on the floor by its own player, in the host's turn
        return self.to_move(state)

    def clock(self, state: SenjiState) -> tuple[tuple[str, int], float, ActionBase] | None:
        """The winter clock (spec 4.3.2): from the floor's first opening to its close, each
        winter; at 0:00 time is up in the host's name."""
        limit = state.options.winter_timer_s
        if state.over or limit <= 0 or state.step not in WINTER_STEPS:
            return None
        return ("winter", state.year), float(limit), make(TimeUp)

    def bots(self):
        return dict(BOT_PARTS["bots"])

    def explain(self, view: SenjiState, seat: int | None, action: ActionBase) -> str:
        self._names = view.names  # a networked screen has views only: its choices name seats too
        return explain.explain(view, seat, action)

    def why_not(self, view: SenjiState, seat: int | None) -> str:
        return explain.why_not(view, seat)

    def hint(self, view: SenjiState, seat: int, actions: list[ActionBase]) -> tuple[ActionBase, str] | None:
        return BOT_PARTS["hint"](view, seat, actions)

    def help_topic(self, view: SenjiState) -> str:
        return explain.help_topic(view)

    def name_of(self, value: str) -> str:
        if value in D.province:
            return province_name(value)
        if value in D.combo:  # a hanafuda set being put together
            return D.combo[value].name
        return card_name(value)

    def check_invariants(self, state: SenjiState) -> None:
        check_invariants(state)


WINTER_STEPS = ("winter_floor", "offer_compose", "offer_respond", "offer_confirm")


def open_actions(state: SenjiState, seat: int) -> list[ActionBase]:
    """Spec 4.3: on the winter floor a player with offers left opens an offer themselves
    (the host's choice in the rules' turn order, so the store applies it as the host's).
    Public facts only: any seat's view will do."""
    if state.over or state.step != "winter_floor" or not 0 <= seat < nseats(state):
        return []
    return [make(OpenOffer, by=seat)] if year.may_open(state, seat) else []



def _samurai(letter: str) -> str:
    return samurai_name(letter) if letter in D.samurai else letter


def _province(p: str | None) -> str:
    return province_name(p) if p in D.province else str(p)


def _sea(sea: str | None) -> str:
    return D.sea[sea].name if sea in D.sea else str(sea)


def _card(card: str) -> str:
    return card_name(card)


def _family(f: str) -> str:
    return D.family[f].name if f in D.family else f


def _combo(c: str) -> str:
    return D.combo[c].name if c in D.combo else c


def describe(a: ActionBase, names: list[str] | None = None) -> str:
    """Total: an id the data does not know reads as itself. ``names``: the players' names
    by seat (the family's name unless one was given), for the choices that name a seat."""
    k = a.kind

    def _seat(seat: int) -> str:
        return seat_name(names, seat)

    match k:
        case "keep_samurai":
            return f"Keep {samurai_label(a.letter)}"
        case "claim":
            return f"Name {_province(a.province)}"
        case "garrison":
            return f"Place {units(a.units)}" + (" and the samurai" if a.samurai else "")
        case "choose_host":
            return f"Host: {_seat(a.seat)}"
        case "open_offer":
            return f"{_seat(a.by)} makes an offer"
        case "end_negotiation":
            return "End the negotiation"
        case "time_up":
            return "Time is up"
        case "offer_to":
            return f"Offer to {_seat(a.seat)}"
        case "offer_add" | "reply_add":
            return f"Add {_card(a.card)} face {a.face}"
        case "offer_send":
            return "Send the offer"
        case "offer_cancel":
            return "Cancel the offer"
        case "accept":
            return "Accept with this reply"
        case "refuse":
            return "Refuse"
        case "confirm":
            return "Confirm the swap"
        case "withdraw":
            return "Withdraw the offer"
        case "bid":
            return f"Bid {_card(a.card)} on the lot {_card(a.lot)}"
        case "bid_done":
            return "Done bidding"
        case "order":
            return f"{a.order.capitalize()} in {_province(a.province)}"
        case "orders_confirm":
            return "Confirm the orders"
        case "activate":
            return f"Activate {_province(a.province)}"
        case "activate_fleet":
            return f"Activate the {_family(a.family)} fleet in the {_sea(a.sea)}"
        case "dest":
            if a.province and a.sea:
                return f"Raid {_province(a.province)} across the {_sea(a.sea)}"
            if a.sea:
                return f"To the {_sea(a.sea)}"
            return f"To {_province(a.province)}"
        case "move_done":
            return "End the movement"
        case "add_units":
            return f"Send {units(a.n)}"
        case "add_samurai":
            return f"Send {_samurai(a.letter)}"
        case "go":
            return "Go"
        case "fleet_stay":
            return "The fleet stays"
        case "fleet_sail":
            return "Sail to the other sea"
        case "fleet_land":
            return "Land troops"
        case "execute":
            return f"Execute {_card(a.card)}"
        case "support":
            return f"Play {_card(a.card)}"
        case "react_use":
            if a.kami:
                return f"Call the red kami of {_samurai(a.source)} to reroll"
            return f"Reroll with {_samurai(a.source)}"
        case "react_die":
            return f"Reroll die {a.die}"
        case "react_roll":
            return "Roll the chosen dice"
        case "react_done":
            return "No reroll"
        case "call":
            return f"Call {_seat(a.seat)}"
        case "use_trade":
            return f"Use the trading card {_card(a.card)}"
        case "trade_keep":
            return f"Keep {_card(a.card)}"
        case "diplo_start":
            return "Score diplomatic honour"
        case "diplo_give":
            return f"Hand back {_card(a.card)}"
        case "reveal_hostage":
            return f"Reveal the hostage {_card(a.card)}"
        case "return_hostage":
            return f"Take back the hostage {_card(a.card)}"
        case "combo_start":
            if a.combo in D.combo and D.combo[a.combo].hire:
                return f"Hire a samurai with {_combo(a.combo)}"  # the set scores honour or hires
            return f"Score {_combo(a.combo)}"
        case "combo_add":
            return f"Add {_card(a.card)}"
        case "combo_add_wild":
            return f"Add {_card(a.card)} as a {a.as_kind} (Shingen)"
        case "hire_keep":
            return f"Hire {_samurai(a.letter)}"
        case "hire_place":
            where = _province(a.location) if a.location in D.province else _sea(a.location)
            return f"Place in {where}"
        case "merc_units":
            return f"Hire {units(a.n, 'mercenary unit')} in the {_sea(a.sea)}"
        case "merc_samurai":
            return f"Hire a mercenary samurai in the {_sea(a.sea)}"
        case "seppuku":
            return f"Seppuku of {_samurai(a.letter)}"
        case "kami_blue":
            return f"Blue kami of {_samurai(a.letter)}: take a card from {_seat(a.seat)}"
        case "kami_green":
            return f"Green kami of {_samurai(a.letter)}: take a hanafuda"
        case "kami_take":
            return f"Take a {_card(a.card_type)}"
        case "umeko_swap":
            return f"Umeko: give {_card(a.card)} to {_seat(a.seat)}"
        case "end_turn":
            return "End the autumn turn"
    return k


def check_invariants(state: SenjiState) -> None:
    n = nseats(state)
    for s in range(n):
        assert board_units(state, s) + state.supply[s] == 12, f"units of seat {s}"
        assert 0 <= state.supply[s] <= 12
        assert len(owned(state, s)) <= 6
        assert state.honor[s] >= 0
    for p, pr in state.provinces.items():
        if pr.neutral:
            assert pr.owner is None
        if pr.owner is None:
            assert pr.units == 0 and not pr.samurai, p
        else:
            assert 0 <= pr.units <= 6, p
        if pr.order is not None:
            assert pr.owner is not None, p
            assert state.step.split("_")[0] in ("spring", "summer", "fleet", "move", "combat"), p
    seen = set()
    for f in state.fleets:
        assert (f.sea, f.seat) not in seen
        seen.add((f.sea, f.seat))
        assert 0 <= f.units <= 6
    hana = [c for h in state.hana_hands for c in h] + state.hana_deck + state.hana_discard + state.trade_shown
    if state.combo is not None:
        hana += state.combo.cards
    assert len(hana) == 96 and len(set(hana)) == 96, "hanafuda count"
    dip = [c for h in state.diplo_hands for c in h] + [c for h in state.hostages for c in h]
    dip += [c for d in state.missing_decks.values() for c in d] + [lot.card for lot in state.lots]
    dip += [b.card for b in state.bids] + state.executed + state.boxed
    if state.combat is not None:
        dip += state.combat.att_cards + state.combat.dfn_cards
    if state.trade_card is not None:
        dip.append(state.trade_card)
    assert len(dip) == 72 and len(set(dip)) == 72, f"diplomacy count {len(dip)}"
    for s in range(n):
        d0 = f"{fam(state, s)}-D0"
        holders = state.diplo_hands[s] + (
            (state.combat.att_cards if state.combat.att == s else state.combat.dfn_cards if
             state.combat.dfn == s else []) if state.combat else [])
        assert d0 in holders, f"{d0} left its player"
        shown = [D.card_family(c) for c in state.hostages[s]]
        assert len(shown) == len(set(shown)) and fam(state, s) not in shown
    sam = list(state.samurai_deck) + state.samurai_discard + [x for d in state.setup_draws for x in d]
    drawn = {x for d in state.setup_draws for x in d}
    sam += [x for x in state.kept if x is not None and x not in drawn]
    if state.hire is not None:
        sam += state.hire.cards
    for pr in state.provinces.values():
        sam += pr.samurai
    for f in state.fleets:
        sam += f.samurai
    if state.group is not None:
        sam += state.group.samurai
    if state.combat is not None:
        sam += state.combat.att_samurai
    sam += [k.letter for k in state.kami] + state.spent
    assert len(sam) == 18 and len(set(sam)) == 18, f"samurai {sorted(sam)}"
    assert 0 <= state.host < n
    if state.over:
        assert state.actor is None
    else:
        assert state.actor is not None
