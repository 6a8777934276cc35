"""The Game object: the engine contract for Samurai Spirit (docs/architecture.md)."""

from __future__ import annotations

import copy
from functools import lru_cache

from rules.common import ActionBase, Game, IllegalAction, Outcome, Rng

from . import data, explain, turn
from .bots import bots as _bots
from .bots import hint as _hint
from .describe import describe as _describe
from .flow import ACTIONS, OFFERS, run
from .invariants import check_invariants as _check
from .model import SpiritAction, SpiritOptions, SpiritState
from .render import phase as _phase
from .render import render as _render
from .setup import new_state
from .village import GameLost

HIDDEN_ZONES = ("raiders", "intruders", "reserve", "box")


class SpiritGame(Game):
    id = "spirit"
    title = "Samurai Spirit"
    min_seats = 1
    max_seats = 7
    Options = SpiritOptions
    State = SpiritState
    Action = SpiritAction
    # The last state whose choices were listed, and that list (one slot, outside every state).
    _offered: tuple[SpiritState, list[ActionBase]] | None = None

    # -- setup -------------------------------------------------------------------
    def new(self, options: SpiritOptions, seed: int) -> SpiritState:
        state = new_state(options, seed)
        run(state)
        return state

    def seat_count(self, options: SpiritOptions) -> int:
        return options.n

    def seat_labels(self, options: SpiritOptions) -> list[str]:
        if options.samurai:
            return list(options.samurai)
        return [f"Samurai {i + 1}" for i in range(options.n)]

    def seat_names(self, state: SpiritState) -> list[str] | None:
        return [s.name for s in state.samurai]

    # -- decisions ---------------------------------------------------------------
    def to_move(self, state: SpiritState) -> int | None:
        return None if state.over or state.pending is None else state.pending.seat

    def legal_actions(self, state: SpiritState) -> list[ActionBase]:
        p = state.pending
        legal = [] if state.over or p is None else OFFERS[p.kind](state)
        # Remembered for apply: a choice taken from this very list needs no second listing.
        self._offered = (state, legal)
        return legal

    def _legal_actions(self, state: SpiritState) -> list[ActionBase]:
        p = state.pending
        if state.over or p is None:
            return []
        return OFFERS[p.kind](state)

    def apply(self, state: SpiritState, action: ActionBase) -> None:
        if state.over or state.pending is None:
            raise IllegalAction("The game is over.")
        offered, self._offered = self._offered, None
        if offered is None or offered[0] is not state or not _among(action, offered[1]):
            # Not the very object just offered for this state: list the choices afresh.
            legal = self._legal_actions(state)
            if action not in legal:
                raise IllegalAction(self._refusal(state, action, legal))
        try:
            ACTIONS[type(action)](state, action)
        except GameLost:  # a step the action ran straight into lost the game
            return
        run(state)

    def _refusal(self, state: SpiritState, action: ActionBase, legal: list[ActionBase]) -> str:
        p = state.pending
        assert p is not None
        decider = state.samurai[p.seat].name
        seat = getattr(action, "seat", None)
        if seat != p.seat:
            return f"It is {decider}'s decision now."
        kinds = {a.kind for a in legal}
        a = state.active
        s = state.samurai[a]
        if action.kind in ("fight", "support") and p.kind == "ACTION":
            if turn.over_kiai(state, a):
                return f"{s.name}'s total {s.total} is above Kiai {s.kiai}: only passing is allowed."
            if state.flags.must_pass:
                return "The penalty \"must pass\" forces a pass this turn."
            if action.kind == "support":
                if s.token_with is not None:
                    return f"{s.name}'s support token is away."
                if state.flags.no_support or state.flags.no_talent:
                    return "A penalty blocks support this turn."
                return "Support goes to another samurai who has not passed."
        if action.kind == "defend" and state.transit is not None and p.kind.startswith("PLACE"):
            c = data.card(state.transit.card)
            if c.icon is None:
                return "This card has no icon: it can only be confronted."
            if state.samurai[p.seat].slots[c.icon] is not None:
                return f"The {c.icon} slot is already defended."
            return "The penalty \"block defend\" stops defending this turn."
        if action.kind in ("give_card", "give_top", "support") and action.kind in kinds:
            return "Cards and tokens go only to a standing samurai who is allowed to receive them."
        if action.kind not in kinds:
            return f"That is not possible now. Choose: {'; '.join(self.describe(x) for x in legal)}."
        return f"That choice is not allowed now. Choose: {'; '.join(self.describe(x) for x in legal)}."

    # -- views and results ------------------------------------------------------------
    def view(self, state: SpiritState, seat: int | None) -> SpiritState:
        fields = {k: copy.deepcopy(x) for k, x in state.__dict__.items() if k != "log"}
        v = state.model_copy(update=fields)
        v.rng = Rng(seed=0)
        for zone in HIDDEN_ZONES:
            setattr(v, zone, ["?"] * len(getattr(state, zone)))
        # A standing farmstead's back lies face down: only the slot is known.
        v.backs = ["?" if slot in state.farms else b for slot, b in enumerate(state.backs, 1)]
        v.hidden = True
        v.log = [line for line in state.log if line.visible_to(seat)]
        return v

    def scramble_hidden(self, state: SpiritState, seat: int | None, rng: Rng) -> SpiritState:
        other = super().scramble_hidden(state, seat, rng)
        places = [(z, i) for z in HIDDEN_ZONES for i in range(len(getattr(other, z)))]
        by_type: dict[str, list[tuple[str, int]]] = {}
        for z, i in places:
            by_type.setdefault(data.card(getattr(other, z)[i]).type, []).append((z, i))
        for group in by_type.values():
            ids = [getattr(other, z)[i] for z, i in group]
            rng.shuffle(ids)
            for (z, i), cid in zip(group, ids):
                getattr(other, z)[i] = cid
        # The backs still face down may lie under any standing slot.
        standing = sorted(other.farms)
        backs = [other.backs[slot - 1] for slot in standing]
        rng.shuffle(backs)
        for slot, back in zip(standing, backs):
            other.backs[slot - 1] = back
        return other

    def outcome(self, state: SpiritState) -> Outcome | None:
        if not state.over:
            return None
        return _outcome(state.won, state.n, state.score, state.end_reason, tuple(state.breakdown))

    def describe(self, action: ActionBase) -> str:
        return _describe(action)

    def render(self, view: SpiritState, seat: int | None) -> str:
        return _render(view, seat)

    def phase(self, view: SpiritState) -> str:
        return _phase(view)

    def is_public(self, state: SpiritState) -> bool:
        return True

    def check_invariants(self, state: SpiritState) -> None:
        _check(self, state)

    def bots(self):
        return _bots()

    # -- explaining a choice (the detail line, the hint, the help) -----------------------
    def explain(self, view: SpiritState, seat: int | None, action: ActionBase) -> str:
        return explain.explain(view, seat, action)

    def why_not(self, view: SpiritState, seat: int | None) -> str:
        return explain.why_not(view, seat)

    def hint(self, view: SpiritState, seat: int, actions: list[ActionBase]) -> tuple[ActionBase, str] | None:
        return _hint(view, seat, actions) if actions else None

    def name_of(self, value: str) -> str:
        from .words import name_of
        return name_of(value)

    def help_topic(self, view: SpiritState) -> str:
        return explain.help_topic(view)


@lru_cache(maxsize=4096)
def _outcome(won: bool, n: int, score: int, reason: str, breakdown: tuple[str, ...]) -> Outcome:
    """One (frozen) outcome per result: most games end in one of a few ways."""
    res = "win" if won else "loss"
    return Outcome(results=(res,) * n, scores=(score,) * n, explanation=reason, breakdown=breakdown)


def _among(action: ActionBase, listed: list[ActionBase]) -> bool:
    """Whether ``action`` is one of the very objects in ``listed``."""
    for a in listed:
        if a is action:
            return True
    return False


GAME = SpiritGame()
