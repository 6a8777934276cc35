"""The key of every Senji thing, fixed for the whole game (issue 25), and the path of keys
each choice is made by (``SenjiBoard.key_paths``).

The keys are data (assets/senji/keys.json), checked here when loaded: every province and
sea, samurai, family, diplomacy card, flower and hanafuda has a key, no table gives one
key twice, and no key is one the board or the screen keeps for itself.

A choice's path, from the decision's first step:

- a thing alone: its key (Name Aki: ``a``, the key of Aki; Keep Baba: Baba's key);
- a spring order: the kind of order, then the province (``v`` movement, then Aki's ``a``);
- a winter bid: your card, then the lot (each a diplomacy card's key);
- a card offered or asked back: face up, the card's key; face down, ``d`` then the card;
- a hanafuda: its flower (the month: 1 Pine … 0 Maple, e Willow, t Paulownia), then the
  card within the flower (1 the sun, 2–3 animals, 4–5 ribbons, 6–8 plains);
- where a step offers things of several kinds (the autumn turn: seppuku, hostages,
  trading cards, combinations), the kind's key first, then the thing;
- diplomacy cards of two families sharing a key in one step (two Cousins): the family's
  key first, then the card.

The screen plays a group of one at once, under the group's key, and opens a group
whose members share their next key one step further at once.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, model_validator

from rules.common.data import load_asset
from rules.senji.data import data

from ..common.keys import ACTION_KEYS, HINT_KEY, LEGEND_KEY

SENJI_RESERVED = "hjklmscbp"  # the board's own keys (SenjiBoard.RESERVED_KEYS)
FREE = set(ACTION_KEYS) - set(SENJI_RESERVED)


class SenjiKeys(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    note: str = ""
    places: dict[str, str]
    samurai: dict[str, str]
    families: dict[str, str]
    diplomacy: dict[str, dict[str, str]]  # family -> code -> key
    flowers: tuple[str, ...]
    hanafuda: dict[str, str]
    combos: dict[str, str]
    orders: dict[str, str]
    face_down: str
    garrison_with_samurai: str
    kinds: dict[str, str]

    @model_validator(mode="before")
    @classmethod
    def _note(cls, raw):
        if isinstance(raw, dict) and "_note" in raw:
            raw = {("note" if k == "_note" else k): v for k, v in raw.items()}
        return raw

    @model_validator(mode="after")
    def _sound(self) -> SenjiKeys:
        D = data()
        wanted = {
            "places": set(D.province_order) | set(D.sea_order),
            "samurai": set(D.samurai_letters),
            "families": set(D.family_order),
            "diplomacy": set(D.family_order),
            "combos": set(D.combo),
        }
        for table, ids in wanted.items():
            got = getattr(self, table)
            if set(got) != ids:
                raise ValueError(f"keys.json: {table} must key exactly {sorted(ids)}")
        codes = {k.code for k in D.diplo_kinds}
        for family, table in self.diplomacy.items():
            if set(table) != codes or len(set(table.values())) != len(table):
                raise ValueError(f"keys.json: the {family} cards must have one key each, none twice")
        if len(self.flowers) != len(D.hana.flowers):
            raise ValueError("keys.json: one key per flower")
        codes = {c.code for c in D.hana.cards}
        hana = {c.code for c in D.hana.cards}
        if not hana <= set(self.hanafuda) or len({self.hanafuda[c] for c in hana}) != len(hana):
            raise ValueError("keys.json: hanafuda must key every card of a flower, none twice")
        tables = {"places": self.places, "samurai": self.samurai, "families": self.families,
                  **{f"diplomacy {f}": t for f, t in self.diplomacy.items()}, "flowers": dict(enumerate(self.flowers)), "combos": self.combos,
                  "orders": self.orders, "kinds": {}}
        for name, table in tables.items():
            keys = list(table.values())
            if len(set(keys)) != len(keys):
                raise ValueError(f"keys.json: a key given twice in {name}")
        every = [k for t in tables.values() for k in t.values()]
        every += list(self.hanafuda.values()) + list(self.kinds.values()) + [self.garrison_with_samurai,
                                                                              self.face_down]
        bad = sorted({k for k in every if k not in FREE or k in (HINT_KEY, LEGEND_KEY)})
        if bad:
            raise ValueError(f"keys.json: {bad} are not free keys (u w q ? L H and the board's {SENJI_RESERVED})")
        return self


@cache
def keys() -> SenjiKeys:
    return load_asset(SenjiKeys, "senji", "keys.json")


# -- the paths ----------------------------------------------------------------------------
from ..common.keys import KeyStep  # noqa: E402  (after the tables it keys)

# Choices keyed by what they are about, and the words of their kind's group (a step that
# offers several of these kinds lists each kind first: "Seppuku\u00a0›", then the samurai).
KIND_WORDS = {
    "seppuku": ("Seppuku of a samurai\u00a0›", "Which samurai commits seppuku?"),
    "return_hostage": ("Take a hostage back\u00a0›", "Which hostage do you take back?"),
    "reveal_hostage": ("Reveal a hostage\u00a0›", "Which hostage do you reveal?"),
    "use_trade": ("Use a trading card\u00a0›", "Which trading card do you use?"),
    "combo_start": ("Score a combination\u00a0›", "Which combination do you score?"),
    "kami_blue": ("The blue kami\u00a0›", "The blue kami: which samurai, which player?"),
    "kami_green": ("The green kami\u00a0›", "The green kami of which samurai?"),
    "merc_units": ("Hire mercenary units\u00a0›", "Mercenary units: in which sea, how many?"),
    "merc_samurai": ("Hire a mercenary samurai\u00a0›", "A mercenary samurai: in which sea?"),
    "execute": ("Execute a family member\u00a0›", "Which family member do you execute?"),
    "support": ("Play a support card\u00a0›", "Which support card do you play?"),
    "add_units": ("Send units\u00a0›", "How many units go?"),
    "add_samurai": ("Send a samurai\u00a0›", "Which samurai goes?"),
    "react_use": ("Reroll with a samurai\u00a0›", "Which samurai rerolls?"),
    "react_die": ("Reroll a die\u00a0›", "Which die is rerolled?"),
    "offer_to": ("Offer to a player\u00a0›", "To which player?"),
}


def _diplo_family(card: str) -> str:
    return data().card_family(card)


def card_key(card: str) -> str:
    """A diplomacy card's key: by its family and its code."""
    D = data()
    return keys().diplomacy.get(D.card_family(card), {}).get(D.card_code(card), "")


def _card_steps(cards: list[tuple[int, str]], paths: dict[int, list[KeyStep]], what: str = "cards") -> None:
    """Diplomacy cards listed together: each under its card's key; when two of them share
    a key (two families' Cousins), the family's key comes first, then the card, for the
    families that share keys (for every family, when a family's key is a card's)."""
    K = keys()
    D = data()
    codes = [card_key(c) for _, c in cards]
    shared = {k for k in codes if codes.count(k) > 1}
    clashing = {_diplo_family(c) for (_, c), k in zip(cards, codes) if k in shared}
    alone = {k for (_, c), k in zip(cards, codes) if _diplo_family(c) not in clashing}
    if {K.families[f] for f in clashing} & alone:
        clashing = {_diplo_family(c) for _, c in cards}
    for (i, card), code in zip(cards, codes):
        family = D.family[_diplo_family(card)]
        if family.id in clashing:
            paths[i].append(KeyStep(K.families[family.id], f"{family.name} {what}\u00a0›", f"Which {family.name} {what[:-1]}?"))
        paths[i].append(KeyStep(code))


def _hana_steps(card: str, what: str) -> list[KeyStep]:
    """A hanafuda (or a hanafuda type, ``03A``): its flower, then the card in its flower."""
    K = keys()
    D = data()
    n = int(card[:2])
    name = D.hana.flowers[n - 1]
    return [KeyStep(K.flowers[n - 1], f"{what} a {name} card\u00a0›", f"{what} which {name} card?"),
            KeyStep(K.hanafuda.get(card[2:], K.hanafuda.get(card[2], "")))]


def thing_steps(a, families: list[str], names: list[str] | None = None) -> list[KeyStep] | None:
    """The keys of one choice, its group's words with them; None: a choice the table
    keys by its kind alone (or not at all)."""
    from rules.senji.words import card_name, seat_name

    K = keys()
    D = data()
    k = a.kind

    def family_of(seat: int) -> str | None:
        return K.families.get(families[seat]) if 0 <= seat < len(families) else None

    match k:
        case "keep_samurai" | "hire_keep" | "add_samurai" | "seppuku" | "kami_green":
            return [KeyStep(K.samurai[a.letter])]
        case "react_use":
            return [KeyStep(K.samurai[a.source])] if a.source in K.samurai else None
        case "claim" | "activate":
            return [KeyStep(K.places[a.province])]
        case "hire_place":
            return [KeyStep(K.places[a.location])] if a.location in K.places else None
        case "activate_fleet":
            return [KeyStep(K.places[a.sea])]
        case "dest":
            if a.province and a.sea:  # a raid across a sea: the sea, then the province
                sea = D.sea[a.sea].name
                return [KeyStep(K.places[a.sea], f"By the {sea}: to the fleet or a raid\u00a0›",
                                f"By the {sea}: to the fleet, or which province to raid?"),
                        KeyStep(K.places[a.province])]
            if a.sea:
                return [KeyStep(K.places[a.sea], f"By the {D.sea[a.sea].name}: to the fleet or a raid\u00a0›",
                                f"By the {D.sea[a.sea].name}: to the fleet, or which province to raid?"),
                        KeyStep(K.places[a.sea])]
            return [KeyStep(K.places[a.province])]
        case "choose_host" | "offer_to" | "call":
            key = family_of(a.seat)
            return [KeyStep(key)] if key else None
        case "open_offer":
            key = family_of(a.by)
            return [KeyStep(key)] if key else None
        case "add_units" | "react_die":
            n = a.n if k == "add_units" else a.die
            return [KeyStep(str(n % 10))] if 0 <= n <= 9 else None
        case "garrison":
            if a.samurai:
                return [KeyStep(K.garrison_with_samurai, "Place units and the samurai\u00a0›",
                                "How many units go with the samurai?"), KeyStep(str(a.units))]
            return [KeyStep(str(a.units))] if 0 <= a.units <= 9 else None
        case "order":
            word = a.order.capitalize()
            return [KeyStep(K.orders[a.order], f"{word} order in a province\u00a0›", f"{word} order: in which province?"),
                    KeyStep(K.places[a.province])]
        case "combo_start":
            return [KeyStep(K.combos[a.combo])] if a.combo in K.combos else None
        case "trade_keep" | "combo_add":
            return _hana_steps(a.card, "Keep" if k == "trade_keep" else "Add")
        case "kami_take":
            return _hana_steps(a.card_type, "Take")
        case "kami_blue":
            key = family_of(a.seat)
            sam = D.samurai[a.letter].name
            return [KeyStep(K.samurai[a.letter], f"The blue kami of {sam}\u00a0›", f"The blue kami of {sam}: which player?"),
                    KeyStep(key)] if key else None
        case "merc_units":
            sea = D.sea[a.sea].name
            return [KeyStep(K.places[a.sea], f"Mercenary units in the {sea}\u00a0›", f"How many units in the {sea}?"),
                    KeyStep(str(a.n % 10))]
        case "merc_samurai":
            return [KeyStep(K.places[a.sea])]
        case "umeko_swap":
            key = family_of(a.seat)
            who = seat_name(names, a.seat)
            return [KeyStep(key, f"Umeko swaps with {who}\u00a0›", f"Umeko swaps with {who}: which card?")] if key else None
    return None


# (a combination stays a row of its own: its digit is free beside the kinds' letters)
AUTUMN_KINDS = ("seppuku", "return_hostage", "reveal_hostage", "use_trade", "kami_blue", "kami_green",
                "merc_units", "merc_samurai")
CARD_KINDS = ("execute", "support", "use_trade", "diplo_give", "reveal_hostage", "return_hostage")


def key_paths(actions: list, families: list[str], names: list[str] | None = None) -> list[list[KeyStep] | None]:
    """The path of keys of each choice of one decision (see the module's words)."""
    from rules.senji.words import card_name

    K = keys()
    paths: dict[int, list[KeyStep]] = {}
    out: list[list[KeyStep] | None] = [None] * len(actions)
    for i, a in enumerate(actions):
        steps = thing_steps(a, families, names)
        if steps is not None:
            paths[i] = steps
        elif a.kind in CARD_KINDS or a.kind in ("bid", "offer_add", "reply_add", "umeko_swap"):
            paths[i] = []
        elif a.kind in K.kinds:  # a choice of its own (accept, send the offer…)
            out[i] = [KeyStep(K.kinds[a.kind])]
    # Cards: a bid's card, then its lot; a card offered face up or down; a hand's cards.
    bids: dict[str, list[tuple[int, str]]] = {}
    faces: dict[tuple[str, str], list[tuple[int, str]]] = {}
    cards: dict[str, list[tuple[int, str]]] = {}
    for i, a in enumerate(actions):
        if a.kind == "bid":
            name = card_name(a.card)
            paths[i].append(KeyStep(card_key(a.card), f"Bid {name} on a lot\u00a0›",
                                    f"Bid {name} on which lot?"))
            bids.setdefault(a.card, []).append((i, a.lot))
        elif a.kind in ("offer_add", "reply_add"):
            if a.face == "down":  # face up: the card's own key; face down: d, then the card
                paths[i].append(KeyStep(K.face_down, "Add a card face down\u00a0›", "Add which card face down?"))
            faces.setdefault((a.kind, a.face), []).append((i, a.card))
        elif a.kind == "umeko_swap" and i in paths:
            cards.setdefault(f"umeko{a.seat}", []).append((i, a.card))
        elif a.kind in CARD_KINDS:
            cards.setdefault(a.kind, []).append((i, a.card))
    for group in bids.values():
        _card_steps(group, paths, "lots")
    for group in (*faces.values(), *cards.values()):
        _card_steps(group, paths)
    # The autumn turn's choices (seppuku, hostages, trading cards, combinations, kami,
    # mercenaries) always come kind first; a battle's execution and support cards when
    # both are offered.
    offered = {a.kind for a in actions}
    for i, steps in paths.items():
        kind = actions[i].kind
        if kind in AUTUMN_KINDS or (kind in ("execute", "support") and {"execute", "support"} <= offered):
            label, question = KIND_WORDS[kind]
            steps.insert(0, KeyStep(K.kinds[kind], label, question))
        out[i] = steps or None
    return out
