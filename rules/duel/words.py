"""How the duel names its cards and steps to a player: the rulebook's names and printed
values, never a card's code (codes stay in the state, the saves and the data).

An Action card is named as the table draws it, by its icon letter and its place in the
deck list ("F3"), since two of them can carry the same values; every other card goes by
its name (a Special Action card, an injury, a Bushido virtue) or by its printed values (a
defence or counterattack card, which has no name).
"""

from __future__ import annotations

from .data import data

D = data()

ICON_NAMES = {"F": "Fire", "W": "Water", "E": "Earth", "V": "Void", "wild": "wild"}
RESULT_WORDS = {"miss": "a miss", "W1": "Wound 1", "W2": "Wound 2", "blocked": "blocked",
                "cancelled": "cancelled"}
STEP_NAMES = {
    "round_start": "Round start",
    "exchange_open": "Play your 1st card",
    "second_card": "Play your 2nd card",
    "third_card": "Play your 3rd card",
    "attack": "Your strike",
    "injury_die": "Injury die",
    "counter_prepare": "Before the counterattack",
    "counter_revealed": "Counterattack revealed",
    "between_duels": "Between duels",
}
PENDING_NAMES = {
    "combo_reward": "Combo reward",
    "special_keep": "Keep a Special Action card",
    "special_limit": "Too many Special Action cards",
    "shiro_penalty": "Shiro's penalty",
    "bushido_choose": "Choose a Bushido card",
    "ford": "River Ford",
}
LIMIT_NAMES = {  # what a once-per-round (or duel) mark in ``used_*`` stands for
    "buy_card": "the 7th card", "bokken": "the Bokken", "jin": "Jin", "yari": "the Yari redraw",
    "campaign": "the campaign redraw", "peek": "the early look at the defence",
    "gisei": "Gisei", "ki_guard": "Ki Guard",
}


def card_name(cid: str) -> str:
    """An Action card's label ("F3"), or a Special Action card's name ("Kiai"); a code no
    table knows (a damaged save) reads as itself."""
    c = D.cards.get(cid)
    if c is None:
        return cid
    return c.name if c.special and c.name else c.id


def values(cid: str) -> str:
    c = D.cards[cid]
    return f"{c.s:+d}/{c.t:+d}/{c.g:+d}"


def card_label(cid: str) -> str:
    """The card and its Strength/Technique/Guard values: "F3 (+2/+1/0)", "Kiai (+2/+1/0)"."""
    if cid not in D.cards:
        return cid
    return f"{card_name(cid)} ({values(cid)})"


def card_list(cards: list[str]) -> str:
    return ", ".join(card_name(c) for c in cards)


def defence_label(cid: str) -> str:
    """A defence card by its printed values: "6/7", "5/8 with a Ki mark"."""
    d = D.defence[cid]
    return f"{d.s}/{d.t}" + (" with a Ki mark" if d.ki_mark else "")


def counter_label(cid: str) -> str:
    """A counterattack card by its printed values: "Power 5, Wound 1, Ki mark"."""
    c = D.counters[cid]
    return f"Power {c.power}, Wound {c.wound}" + (", Ki mark" if c.ki_mark else "")


def place_name(place: str) -> str:
    return D.surroundings[place].name if place in D.surroundings else place.replace("_", " ")


def blood_name(cid: str, level: int) -> str:
    return D.blood[cid].line(level).name


def used_name(mark: str) -> str:
    return LIMIT_NAMES.get(mark) or place_name(mark)


def name_of(code: str) -> str:
    """Any card or table code of the duel by what is printed on it (the replay's
    everything-revealed panel): an Action card as the table draws it ("F3"), a Special
    Action card, an injury, a Bushido virtue or an event by its name, a defence or
    counterattack card by its values, a Blood card by its two wounds, a Gisei card by its
    Guard; anything else reads as itself."""
    if code in D.cards:
        return card_name(code)
    if code in D.defence:
        return f"Defence {defence_label(code)}"
    if code in D.counters:
        return f"Counterattack ({counter_label(code)})"
    if code in D.injuries:
        return D.injuries[code].name
    if code in D.blood:
        b = D.blood[code]
        return f"Blood card ({b.w1.name} / {b.w2.name})"
    if code in D.bushido:
        return f"Bushido: {D.bushido[code].virtue}"
    if code in D.gisei:
        return f"Gisei (Guard +{D.gisei[code].guard})"
    for table in (D.events, D.weapons, D.surroundings, D.clans, D.opponents):
        if code in table:
            return table[code].name
    return code
