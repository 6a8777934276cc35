"""Pure look-aheads for the board: what a card would do to the gauge, what the strike
would score now, what the revealed counterattack would do. Nothing here changes a state."""

from __future__ import annotations

from .data import data
from .effects import C, change_gauge
from .models import DuelState

D = data()


def gauge_after(view: DuelState, card: str) -> tuple[int, int, int]:
    """The gauge after activating ``card`` now (its deltas, clamps and Iai-giri)."""
    trial = view.model_copy(update={"player": view.player.model_copy()})
    c = D.cards[card]
    change_gauge(trial, c.s, c.t, c.g)
    if c.effect == "iai" and len(view.exchange_cards) + 1 == C.cards_per_exchange:
        change_gauge(trial, ds=3)
    p = trial.player
    return p.s, p.t, p.g


def thresholds(view: DuelState) -> tuple[int, int] | None:
    """Strength and Technique the revealed defence asks for, bonuses included."""
    if view.defence is None:
        return None
    d = D.defence[view.defence.id]
    i = view.target if view.target is not None else 0
    foe = view.foes[i]
    bonus = view.defence.bonus + (C.ex2_defence_bonus if view.exchange == 2 else 0)
    return d.s + foe.defs + bonus, d.t + foe.deft + bonus


def strike_result(view: DuelState, need: tuple[int, int] | None = None
                  ) -> tuple[str, list[str]] | None:
    """``miss``/``W1``/``W2`` if you struck now, with the reasons that changed it
    (``need``: the thresholds, when the caller has them already)."""
    need = need or thresholds(view)
    if need is None:
        return None
    p = view.player
    s_need, t_need = need
    result = ["miss", "W1", "W2"][(p.s >= s_need) + (p.t >= t_need)]
    notes: list[str] = []
    if view.weapon == "nodachi" and p.s >= s_need + 4 and p.t < t_need:
        result = "W2"
        notes.append("Nodachi turns it into Wound 2")
    if view.weapon == "bokken" and result == "W2":
        result = "W1"
        notes.append("the wooden Bokken makes it Wound 1")
    if result == "miss" and "SA7" in view.exchange_cards:
        result = "W1"
        notes.append("Void Cut makes it Wound 1")
    return result, notes


def counter_result(view: DuelState) -> str | None:
    """``blocked``/``W1``/``W2`` for the revealed counterattack against your Guard now."""
    ctr = view.counter
    if ctr is None:
        return None
    if view.cancelled:
        return "cancelled"
    if view.weapon == "kusarigama" and view.t_third - view.t_open >= 5:
        return "blocked"
    if view.player.g >= ctr.power:
        return "blocked"
    return f"W{ctr.wound}"
