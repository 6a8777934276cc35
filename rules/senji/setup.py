"""Setup (spec §3): families, cards, the samurai pick, the first host, placement."""

from __future__ import annotations

from rules.common import ActionBase, Rng

from . import year
from .actions import Claim, Garrison, KeepSamurai, Shared, make
from .board import D, host_order, name, nseats, province_name, roll_die, samurai_name
from .state import Prov, SenjiOptions, SenjiState
from .words import cards_named, samurai_label, units as unit_count

_CLAIM = Shared(Claim, "province")  # actions.Shared


def new(options: SenjiOptions, seed: int) -> SenjiState:
    rng = Rng(seed=seed)
    n = options.players
    families = options.families()
    pc = D.by_players[n]
    names = []
    for i, f in enumerate(families):
        given = options.seats[i].name if options.seats else ""
        names.append(given or D.family[f].name)
    provinces = {p: Prov(neutral=p in pc.neutral) for p in D.province_order}
    hands = [[c for c in D.diplo_cards if D.card_family(c) == f] for f in families]
    missing = [f for f in D.family_order if f not in families]
    missing_decks: dict[str, list[str]] = {}
    boxed = []
    for f in missing:
        deck = [c for c in D.diplo_cards if D.card_family(c) == f and D.card_code(c) != "D0"]
        rng.shuffle(deck)
        missing_decks[f] = deck
        boxed.append(f"{f}-D0")
    hana = list(D.hana_cards)
    rng.shuffle(hana)
    hana_hands = []
    for _ in range(n):
        hand = [hana.pop() for _ in range(4)]
        hand.sort()
        hana_hands.append(hand)
    sam = list(D.samurai_letters)
    rng.shuffle(sam)
    draws = [sorted(sam.pop() for _ in range(3)) for _ in range(n)]
    state = SenjiState(
        rng=rng, options=options, families=families, names=names, honor=[0] * n,
        provinces=provinces, supply=[12] * n, hana_hands=hana_hands, diplo_hands=hands,
        hostages=[[] for _ in range(n)], hana_deck=hana, missing_decks=missing_decks, boxed=boxed,
        samurai_deck=sam, setup_draws=draws, kept=[None] * n, claimed=[[] for _ in range(n)],
        left_units=[3] * n, offers_left=[0] * n,
    )
    fams = ", ".join(D.family[f].name for f in families)
    neutral = ", ".join(province_name(p) for p in pc.neutral) or "none"
    state.say(f"Senji for {n}: families {fams}; neutral provinces: {neutral}.")
    if missing:
        state.say(f"Missing families {', '.join(D.family[f].name for f in missing)}: "
                  f"their decks are shuffled face down.")
    state.say("Each player is dealt 4 hanafuda and 3 samurai, and keeps one samurai in secret.")
    for s in range(n):
        state.say(f"Your hanafuda: {cards_named(hana_hands[s])}.", seats=(s,))
        state.say(f"Your samurai to choose from: "
                  f"{', '.join(samurai_label(x) for x in draws[s])}.", seats=(s,))
    state.step, state.actor = "setup_pick", 0
    return state


# -- samurai pick ----------------------------------------------------------------
def legal_pick(state: SenjiState) -> list[ActionBase]:
    return [make(KeepSamurai, letter=x) for x in state.setup_draws[state.actor]]


def apply_pick(state: SenjiState, a: KeepSamurai) -> None:
    seat = state.actor
    state.kept[seat] = a.letter
    state.say(f"{name(state, seat)} keeps a samurai.")
    state.say(f"You keep {samurai_name(a.letter)}.", seats=(seat,))
    state.reveal()
    if seat + 1 < nseats(state):
        state.actor = seat + 1
        return
    for s in range(nseats(state)):
        letter = state.kept[s]
        state.samurai_discard += [x for x in state.setup_draws[s] if x != letter]
        state.setup_draws[s] = []
        state.honor[s] = D.samurai[letter].honor
        state.say(f"{name(state, s)} reveals {samurai_name(letter)}: honour {state.honor[s]}.")
    first_host(state)
    state.placing = 0
    state.step, state.actor = "setup_claim", host_order(state)[0]


def first_host(state: SenjiState) -> None:
    top = max(state.honor)
    tied = [s for s in range(nseats(state)) if state.honor[s] == top]
    while len(tied) > 1:
        faces = [roll_die(state) for _ in range(D.dice.count)]
        state.say(f"Host tie between {', '.join(name(state, s) for s in tied)}: "
                  f"the dice show {' '.join(faces)}.")
        counts = {s: faces.count(state.families[s]) for s in tied}
        best = max(counts.values())
        tied = [s for s in tied if counts[s] == best]
    state.host = tied[0]
    state.say(f"{name(state, state.host)} is the first host of the emperor.")


# -- placement ---------------------------------------------------------------------
def legal_claim(state: SenjiState) -> list[ActionBase]:
    provinces = state.provinces
    return [_CLAIM[p] for p in D.province_order if not (pr := provinces[p]).neutral and pr.owner is None]


def apply_claim(state: SenjiState, a: Claim) -> None:
    seat = state.actor
    pr = state.provinces[a.province]
    pr.owner = seat
    state.claimed[seat].append(a.province)
    state.say(f"{name(state, seat)} names {province_name(a.province)} and builds a fortress.")
    if len(state.claimed[seat]) == 3:
        _garrison(state, seat, a.province, state.left_units[seat], state.kept[seat] is not None)
        _next_placer(state)
    else:
        state.step = "setup_garrison"


def legal_garrison(state: SenjiState) -> list[ActionBase]:
    seat = state.actor
    out: list[ActionBase] = []
    for n in range(state.left_units[seat] + 1):
        out.append(make(Garrison, units=n, samurai=False))
        if state.kept[seat] is not None:
            out.append(make(Garrison, units=n, samurai=True))
    return out


def apply_garrison(state: SenjiState, a: Garrison) -> None:
    seat = state.actor
    _garrison(state, seat, state.claimed[seat][-1], a.units, a.samurai)
    state.step = "setup_claim"


def _garrison(state: SenjiState, seat: int, p: str, units: int, samurai: bool) -> None:
    pr = state.provinces[p]
    pr.units += units
    state.supply[seat] -= units
    state.left_units[seat] -= units
    what = unit_count(units)
    if samurai and state.kept[seat] is not None:
        pr.samurai.append(state.kept[seat])
        what += f" and {samurai_name(state.kept[seat])}"
        state.kept[seat] = None
    state.say(f"{name(state, seat)} places {what} in {province_name(p)}.")


def _next_placer(state: SenjiState) -> None:
    state.placing += 1
    order = host_order(state)
    if state.placing < len(order):
        state.step, state.actor = "setup_claim", order[state.placing]
    else:
        year.start_year(state)
