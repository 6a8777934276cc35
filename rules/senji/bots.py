"""A rules-aware Senji bot: it sees only its view and its legal actions. It comes in three
temperaments (``BOTS``: smart = honest, smart-cunning, smart-treacherous); its winter talk,
offers and word of peace are in ``bot_talk``."""

from __future__ import annotations

from rules.common import ActionBase, Rng

from . import bot_talk
from .board import D, has_samurai, owned, samurai_on_board
from .bot_talk import TEMPERS, may_attack
from .state import SenjiState
from .view import HIDDEN

PREFER_TOP = ("combo_start", "reveal_hostage", "diplo_start", "kami_blue", "umeko_swap", "seppuku",
              "use_trade", "kami_green", "merc_samurai", "merc_units")
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
    "merc_samurai": "With no province and no fleet, a mercenary samurai (6 honour) leads the way back.",
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
    if wants_hire(view, seat) and ribbons(view, seat) == 4 and not any(D.combo[a.combo].hire for a in sets):
        # Four ribbons and few samurai: keep them for the Scrolls of Office (a hire).
        sets = [a for a in sets if not any(k == "ribbon" for k in D.combo[a.combo].need)
                or set_worth(view, seat, a.combo) == WIN_HONOR]
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


def floor_left_to_humans(view: SenjiState, humans: list[int]) -> bool:
    """Spec 4.3: in a game with a human seat the humans at the table run the winter floor.
    A bot host closes it only once none of them has an offer left to open (or the clock
    runs out, which the screen does); until then it is not asked to act there. The same
    rule as ``Game.humans_may_act``, which a networked table's host applies."""
    from .game import open_actions

    return any(open_actions(view, s) for s in humans)


def _bot(temper: str):
    def play(game, view: SenjiState, seat: int, actions: list[ActionBase], rng: Rng) -> ActionBase:
        return decide(view, seat, actions, rng, temper)[0]

    play.__name__ = play.__qualname__ = f"smart_{temper}"
    return play


smart = _bot("honest")
# The smart bot by temperament: the names a seat's bot is chosen by (setup form, --seats, --bot).
BOTS = {"smart": smart, "smart-cunning": _bot("cunning"), "smart-treacherous": _bot("treacherous")}
TEMPER_OF = {"smart": "honest", "smart-cunning": "cunning", "smart-treacherous": "treacherous"}
assert set(TEMPER_OF.values()) == set(TEMPERS)


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


# -- hanafuda sets a card would complete (trading card, green kami, seppuku) -------------
def _counts(cards: list[str]) -> tuple[dict[str, int], dict[int, int]]:
    kinds: dict[str, int] = {}
    flowers: dict[int, int] = {}
    for x in cards:
        if x == HIDDEN:
            continue
        kinds[D.hana_kind[x]] = kinds.get(D.hana_kind[x], 0) + 1
        flowers[D.hana_flower(x)] = flowers.get(D.hana_flower(x), 0) + 1
    return kinds, flowers


def best_set(kinds: dict[str, int], flowers: dict[int, int]) -> int:
    """The most honour one set from these counts scores (the five-ribbon hire not counted)."""
    best = 0
    for c in D.combos:
        if c.hire:
            continue
        if c.same_flower:
            ok = any(n >= c.same_flower for n in flowers.values())
        else:
            ok = all(kinds.get(k, 0) >= n for k, n in c.need.items())
        if ok and c.honor > best:
            best = c.honor
    return best


def card_gain(view: SenjiState, seat: int, kind: str, flower: int) -> int:
    """How much more the best set scores with one more hanafuda of this kind and flower."""
    kinds, flowers = _counts(view.hana_hands[seat])
    now = best_set(kinds, flowers)
    kinds[kind] = kinds.get(kind, 0) + 1
    flowers[flower] = flowers.get(flower, 0) + 1
    return best_set(kinds, flowers) - now


def best_type_gain(view: SenjiState, seat: int) -> int:
    return max(card_gain(view, seat, k, f) for k in ("sun", "animal", "ribbon", "plain")
               for f in range(1, len(D.hana.flowers) + 1))


def ribbons(view: SenjiState, seat: int) -> int:
    return sum(1 for x in view.hana_hands[seat] if x != HIDDEN and D.hana_kind[x] == "ribbon")


def wants_hire(view: SenjiState, seat: int) -> bool:
    """A seat with at most one samurai on the board, far from the mark, saves ribbons for
    the five-ribbon hire (Scrolls of Office)."""
    return len(samurai_on_board(view, seat)) <= 1 and view.honor[seat] < WIN_HONOR - 15


# -- diplomatic honour one family short (blue kami, seppuku) --------------------------
def diplo_short(view: SenjiState, seat: int) -> int | None:
    """The one other player whose family's card the bot lacks for diplomatic honour."""
    fams = {D.card_family(c) for c in view.diplo_hands[seat] if c != HIDDEN}
    lack = [s for s in range(len(view.families)) if s != seat and view.families[s] not in fams]
    return lack[0] if len(lack) == 1 and len(view.diplo_hands[lack[0]]) > 1 else None


def seppuku_choice(view: SenjiState, seat: int, actions: list[ActionBase]) -> tuple[ActionBase, str] | None:
    """Order seppuku when the kami pays more than the samurai on the board: a green kami
    when one hanafuda would complete a set worth 4 or more, a blue one when one card stands
    between the bot and diplomatic honour. Never the last samurai on the board; one
    without an ability first."""
    cuts = [a for a in actions if a.kind == "seppuku"]
    if len(samurai_on_board(view, seat)) < 2 or not cuts:
        return None
    if any(k.seat == seat and k.letter not in view.spent for k in view.kami):
        return None  # a kami of its own to use first
    gain = best_type_gain(view, seat)
    short = diplo_short(view, seat)
    ranked = sorted(cuts, key=lambda a: hire_rank(a.letter), reverse=True)
    for a in ranked:
        s = D.samurai[a.letter]
        if s.colour == "green" and gain >= 4:
            return a, (f"{s.name}'s green kami will bring the hanafuda that completes a set "
                       f"worth {gain} more honour.")
        if s.colour == "blue" and short is not None:
            return a, (f"{s.name}'s blue kami will take a card from {view.names[short]}: "
                       f"the last family you need for diplomatic honour.")
    return None


def kami_blue_choice(view: SenjiState, seat: int, actions: list[ActionBase]) -> tuple[ActionBase, str] | None:
    takes = [a for a in actions if a.kind == "kami_blue"]
    if not takes:
        return None
    short = diplo_short(view, seat)
    a = next((a for a in takes if a.seat == short), None)
    if a is not None:
        return a, f"Take a card from {view.names[a.seat]}: the family you lack for diplomatic honour."
    a = max(takes, key=lambda a: (view.honor[a.seat], -a.seat))
    return a, f"Take a card from {view.names[a.seat]}, the player with most honour."


def umeko_choice(view: SenjiState, seat: int, actions: list[ActionBase]) -> tuple[ActionBase, str] | None:
    """Umeko's swap: the bot's cheapest card of no use to it (its own family's trading or
    support cards, never a hostage of its own) for a random card of the player whose family
    it lacks for diplomatic honour, else of the player holding most cards."""
    swaps = [a for a in actions if a.kind == "umeko_swap"]
    own = view.families[seat]
    cheap = [a for a in swaps if D.card_family(a.card) == own and D.card_type(a.card) in ("trading", "support")]
    if not cheap:
        return None
    short = diplo_short(view, seat)
    target = short if short is not None else max(
        {a.seat for a in cheap}, key=lambda t: (len(view.diplo_hands[t]), -t))
    mine = [a for a in cheap if a.seat == target]
    if not mine:
        return None
    a = min(mine, key=lambda a: (D.card_value(a.card), a.card))
    why = "the family you lack for diplomatic honour" if short is not None else "the fullest hand"
    return a, f"Umeko: give {_card_words(a.card)} (of no use to you) for a card of {view.names[target]}, {why}."


def _attack_gain(enemy: int, mine: int) -> int:
    """Honour an attacker wins with ``mine`` units against ``enemy`` (spec 5.6: 2 x losses)."""
    return 2 * (enemy + min(enemy, mine))


def decide(view: SenjiState, seat: int, actions: list[ActionBase], rng: Rng,  # noqa: C901
           temper: str = "honest") -> tuple[ActionBase, str]:
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
        return bot_talk.floor(view, actions)
    if step == "offer_compose":
        return bot_talk.compose(view, seat, actions, temper)
    if step == "offer_respond":
        return bot_talk.respond(view, seat, actions, temper)
    if step == "offer_confirm":
        return bot_talk.confirm(view, seat, actions, temper)
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
            and _enemy_strength(view, n) < pr.units
            and may_attack(view, seat, view.provinces[n].owner,
                           _attack_gain(view.provinces[n].units, pr.units), temper)
            for n in D.neighbours[p])
        if pr.units >= 2 and target and len(owned(view, seat)) < 6:
            kind, why = "movement", "a weaker or free neighbour is within reach of its units"
        elif pr.units < 4 and view.supply[seat] > 0:
            kind, why = "recruitment", "it holds fewer than 4 units and you have units in supply"
        else:
            kind, why = "production", "it is safe enough: draw hanafuda for autumn sets"
        a = next(a for a in actions if a.province == p and a.order == kind)
        return a, f"{kind.capitalize()}: {why}."
    if step == "move_dest":
        pr_units = 0
        if view.active and view.active.province:
            pr_units = view.provinces[view.active.province].units
        best, why = None, ""
        spared = None
        for a in actions:
            if a.kind != "dest" or a.sea is not None:
                continue
            t = view.provinces[a.province]
            if t.owner is None:
                if best is None:
                    best, why = a, "A free province to take without a fight."
            elif t.owner != seat and _enemy_strength(view, a.province) < pr_units:
                if not may_attack(view, seat, t.owner, _attack_gain(t.units, pr_units), temper):
                    spared = t.owner
                    continue
                broken = t.owner in bot_talk.partners(view, seat)
                best = a
                why = (f"Your {pr_units} units outnumber its {_enemy_strength(view, a.province)} pieces"
                       + (f": the word given to {view.names[t.owner]} is broken, it pays." if broken else "."))
        if best:
            return best, why
        a = _first(actions, "move_done")
        if a and spared is not None:
            return a, f"You gave {view.names[spared]} your word of peace this year: stay."
        return (a, "No free province and no weaker enemy next door: stay.") if a else (actions[0], "The first choice.")
    if step == "move_group":
        adds = [a for a in actions if a.kind == "add_units"]
        if adds:
            return max(adds, key=lambda a: a.n), "Send as many units as can go."
        a = _first(actions, "go")
        return (a, "The group is ready.") if a else (actions[0], "The first choice.")
    if step == "fleet_mode":
        a = _first(actions, "fleet_land")
        if a is not None and len(owned(view, seat)) == 0:
            return a, "Land: with no province, the fleet must win one back."
        a = _first(actions, "fleet_stay")
        return (a, "The fleet is safe where it is.") if a else (actions[0], "The first choice.")
    if step.startswith("combat_support"):
        ex = [a for a in actions if a.kind == "execute"]
        if ex:
            a = max(ex, key=lambda a: D.card_value(a.card))
            v = D.card_value(a.card)
            return a, (f"Execute {_card_words(a.card)}: the attacker loses {2 * v} honour, you gain "
                       f"{v} (more than the {v} a reveal would bring).")
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
        return autumn_choice(view, seat, actions)
    if step == "trade_keep":
        a = max(actions, key=lambda a: (card_gain(view, seat, D.hana_kind[a.card], D.hana_flower(a.card)),
                                        wants_hire(view, seat) and D.hana_kind[a.card] == "ribbon"))
        g = card_gain(view, seat, D.hana_kind[a.card], D.hana_flower(a.card))
        return a, (f"It adds {g} honour to your best set." if g > 0 else "None completes a set: keep the most useful.")
    if step == "kami_take":
        a = max(actions, key=lambda a: card_gain(view, seat, {"S": "sun", "A": "animal", "R": "ribbon",
                                                             "P": "plain"}[a.card_type[2]],
                                                 int(a.card_type[:2])))
        return a, "The hanafuda that does most for your sets."
    if step == "hire_keep":
        a = min(actions, key=lambda a: hire_rank(a.letter))
        s = D.samurai[a.letter]
        if hire_rank(a.letter)[0]:
            return a, "None of them has an ability; a hire gains no honour, so any will do."
        return a, f"A hire gains no honour: {s.name}'s ability counts ({s.colour} samurai: {s.ability})"
    return actions[0], FIRST_WHY.get(step, "The first choice.")


def autumn_choice(view: SenjiState, seat: int, actions: list[ActionBase]) -> tuple[ActionBase, str]:
    for kind in PREFER_TOP:
        a = _first(actions, kind)
        if a is None:
            continue
        if kind == "combo_start":
            got = combo_choice(view, seat, actions)
            if got is not None:
                return got
            continue
        if kind == "reveal_hostage":
            a = max((x for x in actions if x.kind == kind), key=lambda x: (D.card_value(x.card), x.card))
        if kind == "kami_blue":
            got = kami_blue_choice(view, seat, actions)
            if got is not None:
                return got
            continue
        if kind == "umeko_swap":
            got = umeko_choice(view, seat, actions)
            if got is not None:
                return got
            continue
        if kind == "seppuku":
            got = seppuku_choice(view, seat, actions)
            if got is not None:
                return got
            continue
        if kind == "merc_samurai" and (view.honor[seat] < 12 or samurai_on_board(view, seat)):
            continue
        if kind == "merc_units":
            a = max((x for x in actions if x.kind == kind), key=lambda x: x.n)
        return a, AUTUMN_WHY[kind]
    return _first(actions, "end_turn"), "Nothing more to score or use this autumn."
