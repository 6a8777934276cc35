"""Deck helpers: a deck is a list whose end is its top."""

from __future__ import annotations

from typing import TypeVar

from .errors import IllegalAction
from .rng import Rng

T = TypeVar("T")


def draw(deck: list[T], n: int = 1) -> list[T]:
    """Take ``n`` cards from the top (the end of the list)."""
    if n > len(deck):
        raise IllegalAction(f"The deck holds only {len(deck)} card{'' if len(deck) == 1 else 's'}; {n} cannot be drawn.")
    if n == 0:
        return []
    taken = deck[-n:]
    del deck[-n:]
    taken.reverse()
    return taken


def draw_one(deck: list[T]) -> T:
    return draw(deck, 1)[0]


def refill(deck: list[T], discard: list[T], rng: Rng) -> bool:
    """When ``deck`` is empty, shuffle ``discard`` into it. True if it did."""
    if deck or not discard:
        return False
    deck.extend(discard)
    discard.clear()
    rng.shuffle(deck)
    return True


def draw_with_refill(deck: list[T], discard: list[T], rng: Rng) -> T | None:
    """Draw one card, reshuffling the discard pile first if the deck is empty."""
    refill(deck, discard, rng)
    if not deck:
        return None
    return deck.pop()


def put_bottom(deck: list[T], card: T) -> None:
    deck.insert(0, card)


def put_top(deck: list[T], card: T) -> None:
    deck.append(card)
