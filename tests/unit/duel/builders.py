"""Small position builders for the duel tests: start from GAME.new and edit fields."""

from __future__ import annotations

from rules.common import Rng
from rules.duel import GAME
from rules.duel.models import DuelOptions, Pending, Revealed


def new(seed: int = 1, **options):
    options.setdefault("surroundings", "none")
    return GAME.new(DuelOptions(**options), seed)


def top(deck: list[str], card: str) -> None:
    """Put ``card`` on top of ``deck`` (the end of the list)."""
    deck.remove(card)
    deck.append(card)


def force_die(st, value: int) -> None:
    """Make the next draw of the state's RNG a blue-die roll of ``value``."""
    seed = st.rng.seed
    for counter in range(st.rng.counter, st.rng.counter + 10_000):
        if Rng(seed=seed, counter=counter).roll(6) == value:
            st.rng = Rng(seed=seed, counter=counter)
            return
    raise AssertionError("no such roll")


def begin(st) -> None:
    """From round start to the opening of exchange 1."""
    from rules.duel.models import Begin

    GAME.apply(st, Begin())


def take(st, card: str) -> str:
    """Take ``card`` out of wherever it is (deck, discard, hand or played row)."""
    for pile in (st.action_deck, st.action_discard, st.sa_deck, st.sa_discard,
                 st.player.hand, st.player.played):
        if card in pile:
            pile.remove(card)
            return card
    raise AssertionError(f"{card} not found")


def hand(st, cards: list[str]) -> None:
    """Replace the hand with ``cards`` (the old hand goes back to its decks)."""
    p = st.player
    old, p.hand = p.hand, []
    for c in old:
        (st.sa_deck if c.startswith("SA") else st.action_deck).append(c)
    for c in cards:
        p.hand.append(take(st, c))


def played(st, cards: list[str], this_exchange: bool = True) -> None:
    """Put ``cards`` in the played row."""
    for c in cards:
        st.player.played.append(take(st, c))
        if this_exchange:
            st.exchange_cards.append(c)


def at_attack(st, gauge, defence: str, exchange: int = 1, bonus: int = 0,
              cards=("F1", "F2", "W3")) -> None:
    """The `attack` window: three cards played, ``defence`` revealed."""
    p = st.player
    st.step = "attack"
    st.exchange = exchange
    st.pending = []
    played(st, list(cards))
    p.s, p.t, p.g = gauge
    st.defence_deck.remove(defence)
    st.defence = Revealed(id=defence, bonus=bonus)


def at_counter(st, guard: int, counter: str, exchange: int = 1, result="W1",
               queue=(0,)) -> None:
    """The `counter_prepare` window before ``counter`` is revealed."""
    st.step = "counter_prepare"
    st.exchange = exchange
    st.pending = []
    st.attack_result = result
    st.queue = list(queue)
    st.player.g = guard
    if counter in st.counter_discard:
        st.counter_discard.remove(counter)
        st.counter_deck.append(counter)
    top(st.counter_deck, counter)


def push(st, kind: str, cards=()) -> None:
    st.pending.append(Pending(kind=kind, cards=list(cards)))


def kinds(st) -> list[str]:
    return [a.kind for a in GAME.legal_actions(st)]


def log_text(st) -> str:
    return "\n".join(line.text for line in st.log)
