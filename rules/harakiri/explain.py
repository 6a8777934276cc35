"""The detail line's words for Harakiri (issue 16): what a highlighted choice does, why a
routine choice is missing, and which help section fits the moment.

Everything reads the mover's view and the assets (skill, item, weapon and Kami texts); no
rule is decided here: the pool is the weapon's dice for the mode plus what the rules add
(Kami Mode, Iaijutsu, Storm Cleave), as ``character.roll_attack`` builds it.
"""

from __future__ import annotations

from . import data
from .character import attack_targets, used_this_round, weapon
from .core import (
    CHAR_MOVER, char, char_name, enemy, enemy_arm, enemy_hp_left, enemy_stats, ref_label, slot_die,
)
from .grid import step_cost
from .model import HarakiriState, fmt, pos
from .words import attr_name, dice_words, thing_name

# Extra dice a skill adds to the pool (the rest change hits, armour or evasion).
SKILL_DICE = {"iaijutsu": ("R",), "storm_cleave": ("P",)}
KAMI_MODE_DICE = {"hachiman": ("R",)}

# Help headings (assets/help/harakiri.md) for the moment of play.
HELP = {
    "place": "Setup",
    "move": "A hero's activation",
    "attack": "Attacking",
    "trade": "A hero's activation",
    "activation": "A hero's activation",
    "counterattack": "Counterattacks",
    "enemy": "Enemies",
    "round": "The round",
    "over": "Ending the phase",
}


def _skill_def(sid: str):
    if sid in data.skills():
        return data.skills()[sid]
    if sid in data.kami_skills():
        return data.kami_skills()[sid][1]
    return None


def _active(view: HarakiriState):
    if view.active and view.active.startswith("c:"):
        return char(view, view.active[2:])
    return None


def pool(view: HarakiriState, c, mode: str, skill: str | None, focus: bool) -> list[str]:
    """The dice a character would roll: weapon dice for the mode, Kami Mode's, the skill's."""
    w = weapon(c)
    dice = list((w.fast if mode == "fast" else w.strong) or [])
    if c.kami_mode:
        dice += KAMI_MODE_DICE.get(data.characters().characters[c.id].kami, ())
    if skill:
        dice += SKILL_DICE.get(skill, ())
    return dice


def pool_words(view: HarakiriState, c, mode: str, skill: str | None, focus: bool) -> str:
    dice = pool(view, c, mode, skill, focus)
    words = f"you roll {len(dice)} {'die' if len(dice) == 1 else 'dice'}: {dice_words(dice)}"
    return words + (" and the focus die" if focus else "")


def _target_words(view: HarakiriState, ref: str) -> str:
    if ref.startswith("e:"):
        e = enemy(view, ref[2:])
        if e is not None:
            st = enemy_stats(e)
            return (f"{ref_label(view, ref)} has {enemy_hp_left(e)} HP left, ARM {enemy_arm(e)}, "
                    f"evasion {st['eva']}")
    return ref_label(view, ref)


def _yy(c) -> str:
    w = weapon(c)
    yy = "+2 hits" if w.yy == "hits2" else (data.tokens().conditions[w.yy].name if w.yy in data.tokens().conditions
                                          else w.yy)
    return f"yin and yang together: {yy}"


def _move_words(view: HarakiriState, c, to: int) -> str:
    cost = step_cost(view, CHAR_MOVER, c.p)
    left = view.sub.mp - cost if view.sub is not None else 0
    sq = view.squares.get(to)
    where = ""
    if sq is not None:
        if sq.terrain == "difficult":
            where = " into difficult ground (2 MP to leave it)"
        elif sq.h:
            where = f" to height {sq.h}"
    return f"One step{where}: costs {cost} MP{' (leaving difficult ground)' if cost == 2 else ''}, {left} MP left."


def explain(view: HarakiriState, seat: int | None, action) -> str:  # noqa: C901
    k = action.kind
    c = _active(view)
    if k == "place_character":
        d = data.characters().characters[action.char]
        w = data.weapons()[d.weapons[0]]
        return (f"{d.name}, {d.cls}: {w.name} (range {w.range}); the character starts on "
                f"{fmt(pos(action.x, action.y))}.")
    if k == "start_move":
        mp = data.characters().base_mp + c.attrs["DEX"] + c.mp_bonus_round
        return (f"1 AP: a Move of {max(0, mp)} MP (3 + Dexterity), once per activation; "
                "leaving difficult ground costs 2.")
    if k == "step":
        return _move_words(view, c, pos(action.x, action.y))
    if k == "exert":
        return f"Spend 1 AP for 3 more MP ({c.ap - 1} AP left after)."
    if k == "end_move":
        return "Stop here; the unspent MP are lost."
    if k == "technique":
        sk = _skill_def(action.skill)
        tgt = f" Target: {ref_label(view, action.target)}." if action.target and not action.target.startswith("p:") \
            else (f" To {fmt(int(action.target[2:]))}." if action.target else "")
        once = " Once per game." if getattr(sk, "once", False) else ""
        return f"{sk.name}: {sk.text}.{tgt}{once} Costs 1 AP."
    if k == "reroll_ki":
        vals = ", ".join(str(c.ki[i].value) for i in action.dice if i < len(c.ki))
        return f"Roll again the Ki dice showing {vals}, for 2 AP."
    if k == "declare_attack":
        w = weapon(c)
        return (f"{action.mode.capitalize()} attack with the {w.name}: "
                f"{pool_words(view, c, action.mode, None, False)}; {_yy(c)}. {_target_words(view, action.target)}. "
                f"Costs {1 if action.mode == 'fast' else 2} AP.")
    if k in ("set_focus", "set_skill", "add_target", "roll", "cancel_attack") and view.sub is not None \
            and view.sub.draft is not None:
        d = view.sub.draft
        if k == "set_focus":
            if action.on:
                return (f"Add the focus die: {pool_words(view, c, d.mode, d.skill, True)}. Blank: the attack fails; "
                        "Break (3 faces): +1 hit, the target loses 1 ARM; Backlash: it fails and the target "
                        "strikes back; yin-yang: armour and evasion ignored.")
            return f"Remove the focus die: {pool_words(view, c, d.mode, d.skill, False)}."
        if k == "set_skill":
            if action.skill is None:
                return f"Attack without a skill: {pool_words(view, c, d.mode, None, d.focus)}."
            sk = _skill_def(action.skill)
            return f"{sk.name}: {sk.text}. Then {pool_words(view, c, d.mode, action.skill, d.focus)}."
        if k == "add_target":
            return f"Sweeping Arc: the same roll also hits {_target_words(view, action.target)}."
        if k == "roll":
            sk = _skill_def(d.skill) if d.skill else None
            with_skill = f" with {sk.name}" if sk is not None else ""
            return f"Roll now{with_skill}: {pool_words(view, c, d.mode, d.skill, d.focus)}; {_yy(c)}."
        return "Take the attack back: its AP are refunded."
    if k == "interact_point":
        if action.point.startswith("r:"):
            r = next((r for r in view.resistors if r.id == action.point[2:]), None)
            name = r.name if r is not None else "the resistor"
            return f"Interact with {name} (1 AP); its resistance tokens: {r.tokens if r else 0}."
        pt = next((p for p in view.points if p.id == action.point), None)
        name = pt.name if pt is not None else "the point"
        return f"Interact with the {name} (1 AP): the scenario's effect for it resolves at once."
    if k == "interact_character":
        return f"Trade with {char_name(action.other)} (1 AP): items, weapons and heads may change hands."
    if k == "transfer":
        text = f"{char_name(action.frm)} hands {thing_name(action.thing)} to {char_name(action.to)}."
        if action.thing.startswith("item:") and action.thing.endswith(":used"):
            text += " Each item is used at most once per round, whoever holds it: again next round."
        return text
    if k == "end_trade":
        return "Close the trade."
    if k == "swap_weapon":
        other = data.weapons()[c.weapons[1]] if len(c.weapons) > 1 else None
        if other is None:
            return "Swap weapons (1 AP)."
        return (f"Equip the {other.name} (range {other.range}, fast {dice_words(other.fast)}, "
                f"strong {dice_words(other.strong)}) for 1 AP.")
    if k == "use_item":
        it = data.items()[action.item]
        uses = sum(i.uses for i in c.items if i.id == action.item)
        need = f" Needs Knowledge {it.kno}." if it.kno else ""
        tgt = ""
        if action.target and action.target.isdecimal():
            tgt = f" On the Ki die showing {c.ki[int(action.target)].value}."
        elif action.target:
            tgt = f" On {ref_label(view, action.target)}."
        spent = " It is spent." if it.kind == "consumable" or uses <= 1 else f" {uses - 1} uses left after."
        return f"{it.name}: {it.text}.{tgt}{need} Costs 1 AP.{spent}"
    if k == "place_ki":
        sk = _skill_def(action.slot)
        val = c.ki[action.die].value
        return f"Put the Ki die showing {val} on {sk.name} (needs {sk.ki}): {sk.name} is ready. {sk.text}."
    if k == "withdraw_ki":
        sk = _skill_def(action.slot)
        return (f"Take the Ki die ({slot_die(c, action.slot)}) back from {sk.name} to the supply; "
                f"withdrawals per round: up to Spirit ({c.attrs['SPI']}).")
    if k == "retrieve_head":
        return f"Pick up the head on {fmt(pos(action.x, action.y))}: heads count for the exploration's result."
    if k == "kami_mode":
        kd = data.kami()[data.characters().characters[c.id].kami]
        return f"Kami Mode of {kd.name}: {kd.mode}. Once per game."
    if k == "end_activation":
        return f"End {char_name(c.id)}'s activation; {c.ap} unspent AP (up to 1 is kept)." if c else "End the activation."
    if k == "counterattack":
        if action.use and c is None:
            who = view.pending.data.get("char") if view.pending is not None else None
            c = char(view, str(who)) if who else None
        if action.use and c is not None:
            w = weapon(c)
            dice = list(w.fast or w.strong or [])
            return f"Attack back at once with the {w.name}: you roll {dice_words(dice)}."
        return "Attack back at once." if action.use else "Let the attack pass."
    if k == "blessed":
        return "Discard a Blessed token to avoid this." if action.use else "Keep the Blessed token."
    if k == "battle_instinct":
        return "Akira's card advances 1 space in the initiative." if action.use else "Akira's card stays."
    if k == "swap_initiative":
        return f"{char_name(action.a)} and {char_name(action.b)} trade places in the initiative."
    if k == "skip_swap":
        return "Keep the initiative as it is."
    if k == "lose_attribute":
        return f"Lower {attr_name(action.attr)} by 1."
    if k == "tie":
        return f"The players break the tie: {ref_label(view, action.choice)}."
    if k == "init_order":
        return "This initiative effect resolves first."
    return ""


def why_not(view: HarakiriState, seat: int | None) -> str:
    """Why an attack, a Move or an item is missing from an activation's choices."""
    c = _active(view)
    if c is None or view.pending is not None or view.sub is not None or c.p is None:
        return ""
    bits = []
    if c.attacked:
        bits.append("no attack: one attack per activation, already made")
    else:
        w = weapon(c)
        if not attack_targets(view, c):
            bits.append(f"no attack: no enemy within range {w.range} and line of sight of the {w.name}")
        elif c.ap < 1:
            bits.append("no attack: no AP left")
    if c.moved:
        bits.append("no Move: one Move per activation, already made")
    elif c.ap < 1:
        bits.append("no Move: no AP left")
    for item in dict.fromkeys(it.id for it in c.items):
        if used_this_round(view, c, item):
            bits.append(f"no {data.items()[item].name}: used this round (an item once per round, "
                        f"whoever holds it), again next round")
    if not bits:
        return ""
    text = "; ".join(bits)
    return text[0].upper() + text[1:] + "."


def help_topic(view: HarakiriState) -> str:
    if view.step == "OVER":
        return HELP["over"]
    if view.step == "PLACE":
        return HELP["place"]
    if view.pending is not None and view.pending.kind == "counterattack":
        return HELP["counterattack"]
    if view.sub is not None:
        return HELP[view.sub.kind]
    if view.active and view.active.startswith("c:"):
        return HELP["activation"]
    if view.active and view.active.startswith("e:"):
        return HELP["enemy"]
    return HELP["round"]

