"""The rulebook's words for the game's codes (assets/spirit/words.json).

Saves and data keep the codes (``NO_SUPPORT``, ``DISCARD_DUP``, ``ELDER``); everything a
player reads (the decisions, the log, the board, the explanations) says them with these.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict

from rules.common.data import load_asset

from . import data
from .data import Code, Family, FarmBack, Power, Talent


class _Words(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PenaltyWords(_Words):
    name: str     # a few words, as on the card: "block support"
    tag: str      # the board's two letters: "NS"
    effect: str   # what it does to its owner, a clause
    unable: str   # when it cannot be carried out ("" = never)


class TalentWords(_Words):
    short: str
    human: str
    animal: str   # what the animal side adds


class PowerWords(_Words):
    short: str    # "+{n} barricade"
    does: str     # "add {n} barricade{s} ..."


class FamilyWords(_Words):
    name: str
    short: str
    bonus: str


class BackWords(_Words):
    name: str
    effect: str


class Words(_Words):
    penalties: dict[Code, PenaltyWords]
    talents: dict[Talent, TalentWords]
    powers: dict[Power, PowerWords]
    families: dict[Family, FamilyWords]
    backs: dict[FarmBack, BackWords]
    steps: dict[str, str]


@cache
def words() -> Words:
    return load_asset(Words, "spirit", "words.json")


def penalty(code: str) -> str:
    """A penalty code in the card's words: ``NO_SUPPORT`` -> "block support"."""
    w = words().penalties.get(code)  # type: ignore[call-overload]
    return w.name if w else code.lower().replace("_", " ")


def penalties(cid: str) -> str:
    """The penalties of a card in words, joined by " + " ("" when it has none)."""
    return " + ".join(penalty(p) for p in data.card(cid).penalties)


def talent(code: str) -> str:
    """A talent in a few words: ``DISCARD_DUP`` -> "discard duplicates"."""
    w = words().talents.get(code)  # type: ignore[call-overload]
    return w.short if w else code.lower().replace("_", " ")


def power(code: str, n: int) -> str:
    """A Kiai power as done ``n`` times: "add 2 barricades (...)"."""
    w = words().powers.get(code)  # type: ignore[call-overload]
    if w is None:
        return code.lower().replace("_", " ")
    return w.does.format(n=n, s="" if n == 1 else "s")


def power_short(code: str, n: int) -> str:
    """A Kiai power in a few words, as the board shows it: "+2 barricades"."""
    w = words().powers.get(code)  # type: ignore[call-overload]
    if w is None:
        return code.lower().replace("_", " ")
    return w.short.format(n=n, s="" if n == 1 else "s")


def family(fam: str) -> str:
    """A family by its name: ``CRAFTSMAN`` -> "Craftsman"."""
    w = words().families.get(fam)  # type: ignore[call-overload]
    return w.name if w else fam.title()


def back(code: str) -> str:
    """A farmstead back by its name: ``BURN`` -> "Burn"."""
    w = words().backs.get(code)  # type: ignore[call-overload]
    return w.name if w else code.title()


def step(kind: str) -> str:
    """The name of a step of the turn: ``PLACE_DRAWN`` -> "Place the card"."""
    return words().steps.get(kind, kind.replace("_", " ").capitalize())


def name_of(code: str) -> str:
    """Any code of the state by the rulebook's words (the replay's everything-revealed
    panel): a raider card as the log names it ("the 4 (farm, flame)", "lieutenant 5 (…)"),
    a farmstead tile by the back it hides, a penalty, talent or family by its name;
    anything else reads as itself."""
    c = data.cards().get(code)
    if c is not None:
        bits = [c.icon or "no icon"] + (["flame"] if c.flame else []) + [penalty(p) for p in c.penalties]
        head = f"the {c.value}" if c.type == "plunderer" else f"{c.type} {c.value}"
        return f"{head} ({', '.join(bits)})"
    farms = {f.id: f.back for f in data.village().farms}
    if code in farms:
        return f"{back(farms[code])} back"
    w = words()
    for table in (w.penalties, w.talents, w.families):
        if code in table:
            entry = table[code]  # type: ignore[index]
            return getattr(entry, "name", None) or entry.short
    return code


def card_board(cid: str, icon: bool = True, penalty_words: bool = True) -> list[tuple[str, str]]:
    """A raider card as the board writes it, in parts (text, what it is: "value", "icon",
    "flame", "penalty"): "2, farm, flame: top raider to the intruders"; a card with no icon
    is its value alone ("4"); a lieutenant or boss says so ("boss 6, hat: …")."""
    if cid == "?":
        return [("?", "hidden")]
    c = data.card(cid)
    head = str(c.value) if c.type == "plunderer" else f"{c.type} {c.value}"
    out = [(head, "value")]
    if icon and c.icon:
        out += [(", ", ""), (c.icon, "icon")]
    if c.flame:
        out += [(", ", ""), ("flame", "flame")]
    if penalty_words and c.penalties:
        out += [(": ", ""), (" + ".join(penalty(p) for p in c.penalties), "penalty")]
    return out


def card_plain(cid: str, icon: bool = True, penalty_words: bool = True) -> str:
    """``card_board`` as one string."""
    return "".join(text for text, _ in card_board(cid, icon, penalty_words))
