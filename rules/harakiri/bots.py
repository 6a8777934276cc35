"""A rules-aware bot: heads for the interaction points, attacks what it can reach."""

from __future__ import annotations

from rules.common import Rng

from .core import char, char_name, enemy, enemy_label
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
    return choose(view, actions)[0]


def choose(view: HarakiriState, actions: list) -> tuple:
    """The bot's choice and the one-line reason its evaluation gives for it. Reads only
    ``view`` (the mover's view: nothing hidden is used)."""
    kinds = {a.kind for a in actions}
    by = lambda k: [a for a in actions if a.kind == k]  # noqa: E731
    if view.pending is not None:
        for k, pref in (("counterattack", True), ("blessed", True), ("battle_instinct", True)):
            if k in kinds:
                return next(a for a in actions if a.use == pref), _PENDING_WHY[k]
        if "skip_swap" in kinds:
            return by("skip_swap")[0], "The initiative order already suits the party."
        return actions[0], "Any of these does; the first is as good as the rest."
    if "place_character" in kinds:
        return actions[0], "The first free start square; every start square is as good at the start."
    me = char(view, view.active[2:]) if view.active and view.active.startswith("c:") else None
    if me is None:
        return actions[0], "Nothing to weigh here."
    sub = view.sub
    if sub is not None and sub.kind == "attack":
        if by("place_ki"):
            return by("place_ki")[0], "A Ki die in a skill slot makes the skill ready for this attack."
        skills = [a for a in by("set_skill") if a.skill is not None]
        if sub.draft.skill is None and skills:
            return skills[0], "A ready attack skill makes the attack stronger."
        if by("add_target"):
            return by("add_target")[0], "A second target is a second chance to wound."
        return by("roll")[0], "The pool is as strong as it gets: roll."
    if sub is not None and sub.kind == "trade":
        return by("end_trade")[0], "Nothing needs to change hands."
    if sub is not None and sub.kind == "move":
        goal = _goal(view, me)
        steps = by("step")
        if goal is not None and steps:
            here = distance(me.p, goal)
            best = min(steps, key=lambda a: (distance(pos(a.x, a.y), goal), a.y, a.x))
            if distance(pos(best.x, best.y), goal) < here and here > 1:
                return best, f"This step brings {_name(me)} closer to {_goal_words(view, goal)}."
        if by("end_move"):
            near = goal is not None and distance(me.p, goal) <= 1
            return by("end_move")[0], (f"{_name(me)} is next to {_goal_words(view, goal)}." if near
                                       else "No step brings the goal closer.")
        return (steps[0], "A step is needed to leave this square.") if steps else \
            (actions[0], "Nothing better is open.")
    if by("place_ki"):
        return by("place_ki")[0], "A Ki die in a skill slot makes the skill ready."
    if me.hp * 2 <= me.max_hp:
        heals = [a for a in by("use_item") if a.item in ("rice_ball", "herbs", "bandages")]
        if heals:
            return heals[0], f"{_name(me)} is at half health or less: heal."
    if by("interact_point"):
        return by("interact_point")[0], "Interaction points move the scenario on."
    attacks = by("declare_attack")
    if attacks:
        def score(a):
            e = enemy(view, a.target[2:])
            return (0 if a.mode == "strong" else 1, e.damage * -1 if e else 0, a.target)
        best = min(attacks, key=score)
        e = enemy(view, best.target[2:])
        hurt = " (already wounded)" if e is not None and e.damage else ""
        who = enemy_label(e) if e is not None else "the enemy in reach"
        return best, (f"Attack {who}{hurt}: "
                      + ("a strong attack rolls more dice." if best.mode == "strong" else "not enough AP for a strong one."))
    heals = [a for a in by("technique") if a.skill == "healing_sutra"]
    hurt = [a for a in heals if a.target and char(view, a.target[2:]).hp < char(view, a.target[2:]).max_hp]
    if hurt:
        return min(hurt, key=lambda a: char(view, a.target[2:]).hp), "Heal the most wounded character."
    others = [a for a in by("technique") if a.skill in ("ward_seal", "rallying_cry", "dawn", "unbroken", "gale")]
    if others and me.ap >= 2:
        return others[0], "AP to spare: a technique helps the party."
    if by("start_move"):
        goal = _goal(view, me)
        if goal is not None and distance(me.p, goal) > 1:
            return by("start_move")[0], f"Move toward {_goal_words(view, goal)}."
    if by("end_activation"):
        return by("end_activation")[0], "Nothing useful is left to do this activation."
    return actions[0], "Nothing better is open."


_PENDING_WHY = {
    "counterattack": "A counterattack is a free attack back.",
    "blessed": "Discarding a Blessed token spares the character.",
    "battle_instinct": "Acting earlier is better for Akira.",
}


def _name(c) -> str:
    return char_name(c.id)


def _goal_words(view: HarakiriState, goal: int | None) -> str:
    """What the bot heads for, in words: an interaction point, a resistor, an enemy."""
    if goal is None:
        return "nothing"
    for p in view.points:
        if p.p == goal:
            return f"the {p.name}"
    for r in view.resistors:
        if r.p == goal:
            return r.name
    for e in view.enemies:
        if e.p == goal:
            return enemy_label(e)
    return "its goal"


def hint(view: HarakiriState, seat: int, actions: list) -> tuple | None:
    if not actions:
        return None
    return choose(view, actions)


BOTS = {"samurai": samurai}
