"""Nim with a die and a hidden hand: a small real game for the contract suite.

A pile of stones; each seat holds three secret cards (values 1-3). On your turn either
select cards from your hand one at a time and then confirm (take that many stones and
draw replacements: a draw is a reveal to you), or roll the die (take 1-3 stones). Taking
the last stone wins. It exercises chance, undo checkpoints and hidden information.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from rules.common import (
    ActionBase,
    Game,
    IllegalAction,
    OptionsBase,
    Outcome,
    Rng,
    StateBase,
    draw_with_refill,
)


class NimOptions(OptionsBase):
    players: int = Field(default=2, ge=2, le=3, title="Players")
    stones: int = Field(default=21, ge=5, le=60, title="Stones", description="Size of the pile")
    die: Literal["d3", "d6"] = Field(default="d3", title="Die")
    hand: bool = Field(default=True, title="Hands of cards")


class Select(ActionBase):
    kind: Literal["select"] = "select"
    index: int


class Confirm(ActionBase):
    kind: Literal["confirm"] = "confirm"


class Roll(ActionBase):
    kind: Literal["roll"] = "roll"


NimAction = Annotated[Union[Select, Confirm, Roll], Field(discriminator="kind")]


class NimState(StateBase):
    options: NimOptions
    pile: int
    turn: int = 0
    hands: list[list[int]]
    selected: list[int] = Field(default_factory=list)
    deck: list[int] = Field(default_factory=list)
    deck_count: int = 0
    discard: list[int] = Field(default_factory=list)
    winner: int | None = None


class Nim(Game):
    id = "nim"
    title = "Nim with a die"
    min_seats = 2
    max_seats = 3
    Options = NimOptions
    State = NimState
    Action = NimAction

    def new(self, options: NimOptions, seed: int) -> NimState:
        rng = Rng(seed=seed)
        deck = [1, 2, 3] * 6
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(3)] if options.hand else [] for _ in range(options.players)]
        state = NimState(rng=rng, options=options, pile=options.stones, hands=hands, deck=deck)
        state.deck_count = len(deck)
        state.say(f"{options.stones} stones on the table; each player is dealt a secret hand.")
        return state

    def to_move(self, state: NimState) -> int | None:
        return None if state.winner is not None else state.turn

    def legal_actions(self, state: NimState) -> list[ActionBase]:
        if state.winner is not None:
            return []
        hand = state.hands[state.turn]
        picked = sum(hand[i] for i in state.selected)
        acts: list[ActionBase] = [
            Select(index=i)
            for i, v in enumerate(hand)
            if i not in state.selected and picked + v <= state.pile
        ]
        if state.selected:
            acts.append(Confirm())
        else:
            acts.append(Roll())
        return acts

    def apply(self, state: NimState, action: ActionBase) -> None:
        if state.winner is not None:
            raise IllegalAction("The game is over.")
        seat = state.turn
        hand = state.hands[seat]
        match action:
            case Select(index=i):
                if not 0 <= i < len(hand):
                    raise IllegalAction("You have no such card.")
                if i in state.selected:
                    raise IllegalAction("That card is already selected.")
                if sum(hand[j] for j in state.selected) + hand[i] > state.pile:
                    raise IllegalAction(f"Only {state.pile} stones are left.")
                state.selected.append(i)
            case Confirm():
                if not state.selected:
                    raise IllegalAction("Select at least one card first.")
                taken = sum(hand[i] for i in state.selected)
                for i in sorted(state.selected, reverse=True):
                    state.discard.append(hand.pop(i))
                state.selected.clear()
                self._take(state, seat, taken, "with cards")
                drawn = 0
                while len(hand) < 3:
                    card = draw_with_refill(state.deck, state.discard, state.rng)
                    if card is None:
                        break
                    hand.append(card)
                    drawn += 1
                state.deck_count = len(state.deck)
                if drawn:
                    state.reveal()
                    state.say(f"Seat {seat + 1} draws {drawn} card(s).")
                    state.say(f"You draw {hand[-drawn:]}.", seats=(seat,))
            case Roll():
                if state.selected:
                    raise IllegalAction("Confirm or undo your selection before rolling.")
                sides = 3 if state.options.die == "d3" else 6
                value = state.rng.roll(sides)
                state.say(f"Seat {seat + 1} rolls {value}.")
                self._take(state, seat, min(value, state.pile), "by the die")
            case _:
                raise IllegalAction("That is not a move in this game.")

    def _take(self, state: NimState, seat: int, n: int, how: str) -> None:
        state.pile -= n
        state.say(f"Seat {seat + 1} takes {n} {how}; {state.pile} left.")
        if state.pile == 0:
            state.winner = seat
            state.say(f"Seat {seat + 1} took the last stone.")
        else:
            state.turn = (seat + 1) % state.options.players

    def view(self, state: NimState, seat: int | None) -> NimState:
        v = state.model_copy(deep=True)
        v.rng = Rng(seed=0)
        v.deck = []
        v.hands = [h if i == seat else [0] * len(h) for i, h in enumerate(state.hands)]
        if seat != state.turn:
            v.selected = []
        v.log = [line for line in state.log if line.visible_to(seat)]
        return v

    def outcome(self, state: NimState) -> Outcome | None:
        if state.winner is None:
            return None
        results = tuple("win" if i == state.winner else "loss" for i in range(state.options.players))
        return Outcome(results=results, explanation=f"Seat {state.winner + 1} took the last stone.")

    def describe(self, action: ActionBase) -> str:
        match action:
            case Select(index=i):
                return f"Select card {i + 1}"
            case Confirm():
                return "Take the selected stones"
            case Roll():
                return "Roll the die"
        return action.kind

    def render(self, view: NimState, seat: int | None) -> str:
        lines = [f"Pile: {view.pile} stones   ({'o' * min(view.pile, 40)})", ""]
        for i, hand in enumerate(view.hands):
            if i == seat:
                cards = " ".join(
                    f"[{v}]*" if j in view.selected else f"[{v}]" for j, v in enumerate(hand)
                )
                lines.append(f"Seat {i + 1} (you): {cards}")
            else:
                lines.append(f"Seat {i + 1}: {len(hand)} cards")
        lines.append(f"Deck: {view.deck_count}   Discard: {len(view.discard)}")
        return "\n".join(lines)

    def phase(self, view: NimState) -> str:
        return f"{view.pile} stones left"

    def check_invariants(self, state: NimState) -> None:
        assert 0 <= state.pile <= state.options.stones
        total = sum(len(h) for h in state.hands) + len(state.deck) + len(state.discard)
        assert total == (18 if state.options.hand else 18 - 0), total
        assert all(1 <= v <= 3 for h in state.hands for v in h)

    def scramble_hidden(self, state: NimState, seat: int | None, rng: Rng) -> NimState:
        other = super().scramble_hidden(state, seat, rng)
        rng.shuffle(other.deck)
        for i, hand in enumerate(other.hands):
            if i != seat:
                other.hands[i] = [rng.randint(1, 3) for _ in hand]
        if seat != other.turn:
            other.selected = []
        other.log = [line for line in other.log if line.seats is None or seat in line.seats]
        return other

    def bots(self):
        def greedy(game, view, seat, actions, rng):
            # Take the last stones with cards when possible, else roll.
            for a in actions:
                if isinstance(a, Confirm):
                    return a
            return actions[-1] if isinstance(actions[-1], Roll) else actions[0]

        return {"greedy": greedy}


NIM = Nim()
