"""The names a Senji player reads for what the data keeps as codes.

Diplomacy cards are kept as ``<family>-<code>`` (``R-M1``), hanafuda as ``<flower><code>``
(``03R1``), a hanafuda type as ``<flower><kind letter>`` (``03R``), samurai as letters:
saves and data keep the codes, the screen and the log read these names.
"""

from __future__ import annotations

from .data import data

D = data()
HIDDEN = "?"
KIND_LETTER = {"S": "sun", "A": "animal", "R": "ribbon", "P": "plain"}


def flower(card: str) -> str:
    return D.hana.flowers[int(card[:2]) - 1]


def hana_name(card: str) -> str:
    """``03R1`` -> ``Cherry ribbon``: the two ribbons (animals, plains) of a flower do the same."""
    return f"{flower(card)} {D.hana_kind[card]}"


def hana_type_name(card_type: str) -> str:
    """``03R`` -> ``Cherry ribbon`` (the green kami takes a card by its type)."""
    return f"{flower(card_type)} {KIND_LETTER[card_type[2]]}"


def diplo_name(card: str) -> str:
    """``R-M1`` -> ``Red Cousin (1)``: the family, the card's name, its value."""
    return D.card_name(card)


def is_hana(card: str) -> bool:
    return card in D.hana_kind


def is_hana_type(card: str) -> bool:
    return len(card) == 3 and card[:2].isdigit() and 1 <= int(card[:2]) <= len(D.hana.flowers) \
        and card[2] in KIND_LETTER


def is_diplo(card: str) -> bool:
    fam, _, code = card.partition("-")
    return fam in D.family and code in D.diplo_kind


# card_name's answers: a pure function of the code and the loaded game data (never of a
# state), asked for every card the log names.
_CARD_NAMES: dict[str, str] = {}


def card_name(card: str) -> str:
    """Any Senji card by its printed name (the replay's hidden-cards panel and the log use
    it): a diplomacy card, a hanafuda, a hanafuda type, a samurai letter; a hidden card is
    "a hidden card"; anything else reads as itself."""
    got = _CARD_NAMES.get(card)
    if got is None:
        if len(_CARD_NAMES) > 10_000:  # only codes of the game come here; a bound all the same
            _CARD_NAMES.clear()
        got = _CARD_NAMES[card] = _card_name(card)
    return got


def _card_name(card: str) -> str:
    if card == HIDDEN:
        return "a hidden card"
    if is_diplo(card):
        return diplo_name(card)
    if is_hana(card):
        return hana_name(card)
    if is_hana_type(card):
        return hana_type_name(card)
    if card in D.samurai:
        return D.samurai[card].name
    return card


def cards_named(cards: list[str]) -> str:
    return ", ".join(card_name(c) for c in cards) if cards else "none"


def samurai_label(letter: str) -> str:
    """``G`` -> ``Kojiro (honour 8)``."""
    s = D.samurai.get(letter)
    return f"{s.name} (honour {s.honor})" if s is not None else letter


def family_name(letter: str) -> str:
    return D.family[letter].name if letter in D.family else letter


def seat_name(names: list[str] | None, seat: int) -> str:
    """A seat by its player's name (which is the family's name unless one was given);
    without the table at hand, "player N"."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"player {seat + 1}"


def units(n: int, kind: str = "unit") -> str:
    """A count of units with its noun in the right number: "1 unit", "3 units"."""
    return f"{n} {kind}{'' if n == 1 else 's'}"


# The map's marks for the three orders: glyphs, never a letter (the letters are the
# families' and the samurai begin with a capital and a small letter).
ORDER_GLYPH = {"production": "✿", "recruitment": "⚑", "movement": "→"}


def samurai_short(letter: str) -> str:
    """A samurai on the map: the first two letters of the name ("Ko" is Kojiro); no two
    samurai share them, and no family letter stands alone like them."""
    s = D.samurai.get(letter)
    return s.name[:2] if s is not None else letter
