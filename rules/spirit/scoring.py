"""Victory and the score (spec 6)."""

from __future__ import annotations

from . import data
from .model import SpiritState
from .village import plural


def score_parts(state: SpiritState) -> tuple[int, int, int, int]:
    unhurt = 1 if all(s.wounds == 0 for s in state.samurai) else 0
    bonus = data.difficulty(state.options.difficulty).score_bonus
    return len(state.farms), len(state.families), unhurt, bonus


def finish(state: SpiritState) -> None:
    """Round 3 has ended with at least one farm and one family left: victory."""
    farms, fams, unhurt, bonus = score_parts(state)
    level = state.options.difficulty.capitalize()
    state.score = farms + fams + unhurt + bonus
    state.breakdown = [f"Farmsteads left: {farms}", f"Families left: {fams}",
                       f"No samurai wounded: {unhurt}", f"{level} difficulty: {bonus}",
                       f"Total: {state.score}"]
    state.over = True
    state.won = True
    state.pending = None
    state.effects.clear()
    state.end_reason = (f"Victory: {plural(farms, 'farmstead')} + {plural(fams, 'family', 'families')}"
                        f" + unhurt {unhurt}"
                        f" + {level} {bonus} = {state.score}")
    state.say(state.end_reason + ".")
