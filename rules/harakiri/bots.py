"""A rules-aware bot: heads for the interaction points, attacks what it can reach."""

from __future__ import annotations

from rules.common import Rng

from .core import char, enemy
from .grid import distance
from .model import HarakiriState, pos


def _goal(view: HarakiriState, me) -> int | None:
    goals = [p.p for p in view.points if p.enabled and p.used_round != view.round]
    goals += [r.p for r in view.resistors if r.interactable]
    if goals:
        return min(goals, key=lambda g: (distance(me.p, g), g))
    foes = [e.p for e in view.enemies if e.side == "foe"]
    if foes:
        return min(foes, key=lambda g: (distance(me.p, g), g))
    return None


def samurai(game, view: HarakiriState, seat: int, actions: list, rng: Rng):
    kinds = {a.kind for a in actions}
    by = lambda k: [a for a in actions if a.kind == k]  # noqa: E731
    if view.pending is not None:
        for k, pref in (("counterattack", True), ("blessed", True), ("battle_instinct", True)):
            if k in kinds:
                return next(a for a in actions if a.use == pref)
        if "skip_swap" in kinds:
            return by("skip_swap")[0]
        return actions[0]
    if "place_character" in kinds:
        return actions[0]
    me = char(view, view.active[2:]) if view.active and view.active.startswith("c:") else None
    if me is None:
        return actions[0]
    sub = view.sub
    if sub is not None and sub.kind == "attack":
        if by("place_ki"):
            return by("place_ki")[0]
        skills = [a for a in by("set_skill") if a.skill is not None]
        if sub.draft.skill is None and skills:
            return skills[0]
        if by("add_target"):
            return by("add_target")[0]
        return by("roll")[0]
    if sub is not None and sub.kind == "trade":
        return by("end_trade")[0]
    if sub is not None and sub.kind == "move":
        goal = _goal(view, me)
        steps = by("step")
        if goal is not None and steps:
            here = distance(me.p, goal)
            best = min(steps, key=lambda a: (distance(pos(a.x, a.y), goal), a.y, a.x))
            if distance(pos(best.x, best.y), goal) < here and here > 1:
                return best
        if by("end_move"):
            return by("end_move")[0]
        return steps[0] if steps else actions[0]
    if by("place_ki"):
        return by("place_ki")[0]
    if me.hp * 2 <= me.max_hp:
        heals = [a for a in by("use_item") if a.item in ("rice_ball", "herbs", "bandages")]
        if heals:
            return heals[0]
    if by("interact_point"):
        return by("interact_point")[0]
    attacks = by("declare_attack")
    if attacks:
        def score(a):
            e = enemy(view, a.target[2:])
            return (0 if a.mode == "strong" else 1, e.damage * -1 if e else 0, a.target)
        return min(attacks, key=score)
    heals = [a for a in by("technique") if a.skill == "healing_sutra"]
    hurt = [a for a in heals if a.target and char(view, a.target[2:]).hp < char(view, a.target[2:]).max_hp]
    if hurt:
        return min(hurt, key=lambda a: char(view, a.target[2:]).hp)
    others = [a for a in by("technique") if a.skill in ("ward_seal", "rallying_cry", "dawn", "unbroken", "gale")]
    if others and me.ap >= 2:
        return others[0]
    if by("start_move"):
        goal = _goal(view, me)
        if goal is not None and distance(me.p, goal) > 1:
            return by("start_move")[0]
    return by("end_activation")[0] if by("end_activation") else actions[0]


BOTS = {"samurai": samurai}
