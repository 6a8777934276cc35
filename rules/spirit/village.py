"""The village and the samurai's bodies: barricades, farms, families, wounds, and losing."""

from __future__ import annotations

from functools import cache

from . import data
from .model import SpiritState
from .words import family, penalty, words


class GameLost(Exception):
    """Raised the moment the game is lost; the effect runner stops everything."""


def name(state: SpiritState, seat: int) -> str:
    return state.samurai[seat].name


def neighbours(state: SpiritState, seat: int) -> list[int]:
    """The two immediate neighbours (one seat when there are only two samurai), ascending."""
    return sorted({(seat + 1) % state.n, (seat - 1) % state.n} - {seat})


def lose(state: SpiritState, reason: str) -> None:
    state.over = True
    state.won = False
    state.end_reason = f"Lost: {reason} in round {state.round}"
    state.pending = None
    state.effects.clear()
    state.say(state.end_reason + ".")
    raise GameLost(reason)


def wound(state: SpiritState, seat: int, why: str) -> None:
    s = state.samurai[seat]
    s.wounds += 1
    state.say(f"{s.name} takes a wound ({why}): {plural(s.wounds, 'wound')} now.")
    if s.wounds == 2:
        face = data.roster()[s.name]
        state.say(f"{s.name} transforms into the {face.animal}: Kiai {face.animal_face.kiai}.")
    if s.wounds >= 4:
        lose(state, f"{s.name} took a fourth wound")


def heal(state: SpiritState, seat: int, why: str) -> None:
    s = state.samurai[seat]
    s.wounds -= 1
    state.say(f"{s.name}'s wound marker is removed ({why}): {plural(s.wounds, 'wound')} now.")


def build(state: SpiritState, why: str) -> None:
    if state.barricades < state.cap:
        state.barricades += 1
        state.say(f"+1 barricade ({why}): {state.barricades}/{state.cap}.")
    else:
        state.say(f"No barricade added ({why}): already {state.cap}/{state.cap}.")


def destroy(state: SpiritState, why: str) -> None:
    """DESTROY once: a barricade, else a random farm (its back applies in Hard/Heroic)."""
    if state.barricades > 0:
        state.barricades -= 1
        state.say(f"A barricade falls ({why}): {state.barricades}/{state.cap}.")
        return
    if state.farms:
        destroy_farm(state, why)
        return
    remove_family(state, why)


BACK_WORD = {code: w.name for code, w in words().backs.items()}


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``: a count with its noun in the right number."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def back_of(state: SpiritState, slot: int) -> str:
    """The back (F1..F6) lying under a farmstead slot; ``?`` in a view while it stands."""
    return state.backs[slot - 1]


def destroy_farm(state: SpiritState, why: str) -> None:
    """A random standing farmstead burns; its back turns face up and, in Hard/Heroic, applies."""
    slot = state.rng.choice(state.farms)
    state.farms.remove(slot)
    state.burnt.append(slot)
    state.reveal()
    left = plural(len(state.farms), "farmstead")
    backs_on = data.difficulty(state.options.difficulty).farm_backs
    back = data.farm_back(back_of(state, slot))
    shows = f" Its back shows {BACK_WORD[back]}." if backs_on else ""
    state.say(f"Farmstead {slot} is destroyed ({why}), chosen at random; {left} left.{shows}")
    if not state.farms:
        lose(state, "the last farmstead was destroyed")
    if backs_on:
        farm_back(state, slot, back)


def farm_back(state: SpiritState, slot: int, back: str) -> None:
    what = f"Farmstead {slot}'s {BACK_WORD[back]}"
    if back == "BURN":
        if state.barricades > 0:
            state.barricades -= 1
            state.say(f"{what}: a barricade falls: {state.barricades}/{state.cap}.")
        else:
            state.say(f"{what}: no barricade left to burn.")
    elif back == "HURT":
        seat = state.rng.below(state.n)
        state.say(f"{what}: {name(state, seat)} is picked at random.")
        wound(state, seat, f"farmstead {slot}")
    elif back == "ALARM":
        if state.raiders:
            state.intruders.append(state.raiders.pop())
            state.say(f"{what}: the top raider card goes unseen to the intruder stack"
                      f" ({len(state.intruders)}).")
        else:
            state.say(f"{what}: the raider stack is empty; nothing happens.")
    elif back == "LOOT":
        if state.discard:
            cid = state.rng.choice(state.discard)
            state.discard.remove(cid)
            state.intruders.append(cid)
            state.say(f"{what}: {label(cid)} is picked at random from the discard pile"
                      f" and goes on top of the intruder stack.")
        else:
            state.say(f"{what}: the discard pile is empty; nothing happens.")
    else:
        state.say(f"{what}: nothing happens.")


def remove_family(state: SpiritState, why: str) -> None:
    fam = state.rng.choice(state.families)
    state.families.remove(fam)
    state.lost_families.append(fam)
    state.say(f"The {family(fam)} family is lost ({why}), chosen at random."
              f" {len(state.families)} left.")
    if not state.families:
        lose(state, "the last family was lost")


_ICON = {"hat": "H", "farm": "F", "family": "D", None: ""}
TAGS = {code: w.tag for code, w in words().penalties.items()}  # the board's two letters


def short(cid: str) -> str:
    """A card in a few characters: value, icon letter (none: no icon), flame, tags. ``4F*:RZ``."""
    if cid == "?":
        return "?"
    c = data.card(cid)
    tags = "+".join(TAGS[p] for p in c.penalties)
    return f"{c.value}{_ICON[c.icon]}{'*' if c.flame else ''}{':' + tags if tags else ''}"


@cache
def label(cid: str) -> str:
    """A card for the log: ``the 4 (farm, flame, destroy barricade/farm)``."""
    c = data.card(cid)
    bits = [c.icon or "no icon"]
    if c.flame:
        bits.append("flame")
    bits.extend(penalty(p) for p in c.penalties)
    return f"the {c.value} ({', '.join(bits)})"
