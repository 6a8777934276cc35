"""End of round (spec 5.12) in the rulebook's order, then victory or the reset (5.13)."""

from __future__ import annotations

from . import data
from .model import SpiritState, effect
from .scoring import finish
from .village import build, destroy, destroy_farm, heal, label, plural, remove_family, wound
from .words import family


def end_round(state: SpiritState) -> None:
    if state.raiders:
        n = len(state.raiders)
        state.intruders.extend(state.raiders)
        state.raiders.clear()
        cards = "card left joins" if n == 1 else "cards left join"
        state.say(f"Everyone has passed: the {n} raider {cards} the intruder stack"
                  f" ({len(state.intruders)}).")
    state.say(f"End of round {state.round}.")
    # 1. undefended hats
    hats = [i for i, s in enumerate(state.samurai) if s.slots["hat"] is None]
    state.say("Step 1, hats: " + (", ".join(state.samurai[i].name for i in hats)
                                  + " left the hat slot empty." if hats else "every hat is defended."))
    for i in hats:
        wound(state, i, "undefended hat")
    # 2. undefended farms
    farms = [i for i, s in enumerate(state.samurai) if s.slots["farm"] is None]
    state.say("Step 2, farms: " + (f"{plural(len(farms), 'undefended farm slot')}." if farms
                                   else "every farm is defended."))
    for i in farms:
        destroy_farm(state, f"{state.samurai[i].name}'s undefended farm slot")
    # 3. undefended families
    fams = [i for i, s in enumerate(state.samurai) if s.slots["family"] is None]
    state.say("Step 3, families: " + (f"{plural(len(fams), 'undefended family slot')}." if fams
                                      else "every family is defended."))
    for i in fams:
        remove_family(state, f"{state.samurai[i].name}'s undefended family slot")
    # 4. family bonuses
    state.say("Step 4, family bonuses: " + (", ".join(map(family, state.families)) or "none") + ".")
    for fam in data.village().families:
        if fam not in state.families:
            continue
        if fam == "ELDER":
            marked = [i for i, s in enumerate(state.samurai) if s.wounds in (1, 3)]
            if marked:
                i = state.rng.choice(marked)
                state.say(f"Elder: {state.samurai[i].name} is picked at random among those"
                          " with a wound marker.")
                heal(state, i, "the Elder")
            else:
                state.say("Elder: no samurai has a wound marker.")
        elif fam == "CRAFTSMAN":
            build(state, "the Craftsman")
        elif fam == "CHILD":
            if state.intruders:
                cid = state.intruders.pop()
                state.discard.append(cid)
                state.reveal()
                state.say(f"Child: the top intruder card, {label(cid)}, goes to the discard pile.")
            else:
                state.say("Child: the intruder stack is empty.")
    # 5. reveal the intruders
    shown = list(reversed(state.intruders))
    state.reveal()
    if shown:
        state.say("Step 5, the intruder stack is revealed (top first): "
                  + ", ".join(label(c) for c in shown) + ".")
    else:
        state.say("Step 5, the intruder stack is empty.")
    flames = sum(data.card(c).flame for c in shown)
    state.say(f"{plural(flames, 'flame')} among the intruders.")
    for _ in range(flames):
        destroy(state, "intruder flame")
    if state.round == 3:
        finish(state)
        return
    reset(state)


def reset(state: SpiritState) -> None:
    deck: list[str] = list(state.raiders) + state.intruders + state.discard
    state.raiders.clear()
    state.intruders.clear()
    state.discard.clear()
    for s in state.samurai:
        deck.extend(s.line)
        deck.extend(c for c in s.slots.values() if c)
        s.line = []
        s.slots = {"hat": None, "farm": None, "family": None}
        s.passed = False
        s.token_with = None
    kind = "lieutenant" if state.round == 1 else "boss"
    kinds = {"lieutenant": "lieutenants", "boss": "bosses"}
    added = [c for c in state.reserve if data.card(c).type == kind]
    state.reserve = [c for c in state.reserve if c not in added]
    deck.extend(added)
    state.rng.shuffle(deck)
    state.raiders = deck
    state.round += 1
    state.first_seat = (state.first_seat + 1) % state.n
    state.say(f"Round {state.round} begins: {len(added)} {kind if len(added) == 1 else kinds[kind]}"
              f" added; the raider stack holds"
              f" {plural(len(deck), 'card')}, shuffled. {state.samurai[state.first_seat].name} starts.")
    state.effects.append(effect(kind="START_TURN", seat=state.first_seat))
