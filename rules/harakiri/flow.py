"""The round as a state machine (rulebook "Exploration phase overview"; spec §4.1, §4.2, §4.7).

The steps of a round are one table, ``ROUND`` at the end of this file: each step by name, what it
does and which steps may follow. ``advance`` runs every automatic step until a decision is
pending or the phase is over; before the round's step it runs what an action left to do: the
jobs of an effect (effects.py) and the enemy being activated (enemy.py). A step says what comes
next by setting ``state.step`` and returns True when a decision waits; the end of an activation
(``finish_character``, ``end_activation_card``) lives in core.py, so the phase modules never
import this one back.
"""

from __future__ import annotations

from . import data, enemy as enemy_mod
from rules.common.flow import END, Phase, runners, table

from .core import (  # the end of an activation lives in core (used by the phase modules too)
    amaterasu_heal, close_character_activation, end_activation_card, finish_character,
    char, char_name, check_ki_exhausted, collective_seat, damage_character, finish, init_label, move_card,
    queue_index, ref_label,
)
from .effects import resolve_events, run_job
from .model import Character, HarakiriState, Pending, QCard
from .narration import CHARACTER_ACTIVATES


def advance(state: HarakiriState) -> None:
    enemy_mod.drop_handoff()  # a search handed over by an earlier call may be stale now
    for _ in range(100000):
        if state.result is not None and state.step not in ("AFTERMATH", "OVER"):
            start_aftermath(state)
        if state.pending is not None or state.step == "OVER":
            return
        if state.step == "AFTERMATH":
            aftermath(state)
            continue
        if state.jobs:
            run_job(state)
            continue
        if state.ectx is not None:
            if state.ectx.line or state.ectx.idx:
                enemy_mod.run(state)
            else:
                enemy_mod.finish_enemy(state)
            continue
        run = _RUN.get(state.step)
        if run is not None and run(state):
            return
    raise AssertionError("the round machine did not settle")


# -- 1. oracle -----------------------------------------------------------------------

def draw_oracle(state: HarakiriState) -> None:
    o = state.oracle
    if o.current is not None:
        o.discard.append(o.current)
        o.current = None
    refill_oracle(state)
    if not o.deck:
        return
    o.current = o.deck.pop()
    o.deck_count = len(o.deck)
    state.reveal()
    card = next(c for c in data.oracle().cards if c.id == o.current)
    state.say(f"Round {state.round}: the oracle shows {card.colour} ({card.name}).")
    refill_oracle(state)


def refill_oracle(state: HarakiriState) -> None:
    """"If the oracle deck is ever empty, immediately shuffle all previously drawn oracle cards
    to form a new oracle deck": the card showing stays in play until the next draw."""
    o = state.oracle
    if o.deck or not o.discard:
        return
    o.deck = list(o.discard)
    o.discard = []
    state.rng.shuffle(o.deck)
    o.deck_count = len(o.deck)
    state.say("The oracle deck is empty: the drawn cards are shuffled into a new deck.")


# -- 2. initiative -------------------------------------------------------------------

def init_step(state: HarakiriState) -> bool:
    """Run the initiative sub-steps; True when a decision is pending."""
    sub = state.init_sub
    if sub == "a":
        refs = ["c:" + c.id for c in state.characters if not c.defeated and c.p is not None]
        refs += ["e:" + e.uid for e in state.enemies if e.kind != "chosen"]
        state.rng.shuffle(refs)
        state.queue = [QCard.made(ref=r) for r in refs]
        state.say("Initiative shuffled: " + ", ".join(ref_label(state, r) for r in refs) + ".")
        state.init_sub = "b"
    elif sub == "b":
        effs = state.init_effects
        if not effs:
            state.init_sub = "c"
        elif len(effs) == 1:
            apply_init_effect(state, 0)
        else:
            state.pending = Pending(kind="init_order", seat=collective_seat(state),
                                    options=[f"{i + 1}: {e.label}" for i, e in enumerate(effs)],
                                    purpose="event")
            return True
    elif sub == "c":
        state.init_sub = "d"
        for c in state.characters:
            if "battle_instinct" in c.skills and not c.defeated:
                from .core import skill_ready
                i = queue_index(state, "c:" + c.id)
                if skill_ready(c, "battle_instinct") and i:
                    state.pending = Pending(kind="battle_instinct", seat=c.seat, options=["yes", "no"],
                                            data={"char": c.id})
                    return True
    elif sub == "d":
        left = _advancers(state)
        if not left:
            state.init_sub = "e"
        elif len(left) == 1:
            advance_card(state, left[0])
        else:
            state.pending = Pending(kind="init_order", seat=collective_seat(state), options=left,
                                    purpose="advance")
            return True
    elif sub == "e":
        chosen = ["e:" + e.uid for e in state.enemies if e.kind == "chosen"]
        for r in reversed(chosen):
            if queue_index(state, r) is None:
                state.queue.insert(0, QCard(ref=r))
        state.init_sub = "f"
    elif sub == "f":
        chars = [q.ref for q in state.queue if q.ref.startswith("c:")]
        if len(chars) >= 2 and not state.swap_done:
            state.pending = Pending.made(kind="swap", seat=collective_seat(state), options=chars)
            return True
        state.say("Initiative: " + ", ".join(ref_label(state, q.ref) for q in state.queue) + ".")
        state.step = "ACTIVATE"
        state.init_sub = ""
    return False


def _advancers(state: HarakiriState) -> list[str]:
    done = state.init_done
    return [q.ref for q in state.queue if q.ref.startswith("e:") and q.ref not in done
            and _kind(state, q.ref) in ("servant", "wanderer")]


def _kind(state: HarakiriState, ref: str) -> str:
    uid = ref[2:]
    for e in state.enemies:  # core.enemy(state, uid), without an import at every call
        if e.uid == uid:
            return e.kind
    return ""


def advance_card(state: HarakiriState, ref: str) -> None:
    move_card(state, ref, 3)
    state.init_done.append(ref)
    state.say(f"{ref_label(state, ref)} advances 3 in the initiative.")


def apply_init_effect(state: HarakiriState, i: int) -> None:
    eff = state.init_effects.pop(i)
    refs = [r for r in eff.refs if queue_index(state, r) is not None]  # the defeated are gone
    if not refs:
        return
    order = sorted(refs, key=lambda r: queue_index(state, r))
    if eff.op == "delay":
        order.reverse()
    for r in order:
        move_card(state, r, eff.n if eff.op == "advance" else -eff.n)
    state.say(f"Initiative effect: {init_label(state, eff.op, refs, eff.n)}.")



# -- 3. activations ----------------------------------------------------------------------

def activate_step(state: HarakiriState) -> bool:
    if state.active is None:
        nxt = None
        for q in state.queue:  # the first card not rotated (a loop: no generator per call)
            if not q.rotated:
                nxt = q
                break
        if nxt is None:
            state.step = "REDUCE_KI"
            return False
        state.active = nxt.ref
        if nxt.ref.startswith("c:"):
            start_character(state, char(state, nxt.ref[2:]))
        else:
            enemy_mod.start(state, nxt.ref[2:])
        return False
    if state.active.startswith("c:"):
        c = char(state, state.active[2:])
        if c.defeated:
            finish_character(state)
            return False
        return True
    # an enemy whose context is gone
    end_activation_card(state)
    return False


def start_character(state: HarakiriState, c: Character) -> None:
    name = char_name(c.id)
    c.moved = c.attacked = False
    c.withdraws = 0
    c.techniques_used = []
    if c.conds.get("bleeding"):
        n = c.conds["bleeding"]
        state.say(f"{name} bleeds for {n}.")
        damage_character(state, c, n)
        if c.defeated:
            return
    cd = data.characters()
    gain = cd.ap_gain - (1 if c.conds.get("downed") else 0)
    c.ap = min(cd.ap_cap, c.ap + gain)
    state.say(f"{name}{CHARACTER_ACTIVATES}{c.ap} AP.")
    if c.kami_mode and data.characters().characters[c.id].kami == "amaterasu":
        amaterasu_heal(state, c)


# -- 4. reduce Ki, end of round ------------------------------------------------------------

def reduce_ki(state: HarakiriState) -> None:
    for c in state.characters:
        if c.defeated:
            continue
        for d in c.ki:
            if d.place.startswith("slot:"):
                d.value -= 1
                if d.value <= 0:
                    d.value = 0
                    d.place = "exhausted"
        check_ki_exhausted(state, c)


def round_end(state: HarakiriState) -> None:
    sc = data.scenario(state.options.scenario)
    if sc.round_limit is not None and state.round >= sc.round_limit:
        finish(state, "failure", f"the objective was not achieved by the end of round {sc.round_limit}")
        return
    for c in state.characters:
        c.mp_bonus_round = 0
        if c.items_used_round is not None:  # rules edition 1; an item's own mark names its round
            c.items_used_round = []
    for e in state.enemies:
        e.range_bonus_round = 0
        e.hits_bonus_round = 0
    state.init_effects = []
    state.init_done = []
    state.swap_done = False
    state.inserted = False
    state.ki_cut = False
    state.queue = []
    state.round += 1
    state.step = "ORACLE"


# -- ending --------------------------------------------------------------------------------

def start_aftermath(state: HarakiriState) -> None:
    alive = [c for c in state.characters if not c.defeated]
    if state.result == "victory" and alive and all(c.kami_mode for c in alive):
        state.result = "failure"
        state.reason = "only characters in Kami Mode remain"
        state.say("Failure: only characters in Kami Mode remain.")
    for c in state.characters:
        c.ap = min(c.ap, data.characters().ap_keep)
    state.pending = None
    state.jobs = []
    state.ectx = None
    state.sub = None
    state.active = None
    state.step = "AFTERMATH"
    for c in state.characters:
        c.conds = {}
    state.say("The exploration phase ends; every condition is discarded.")


def aftermath(state: HarakiriState) -> None:
    for c in state.characters:
        if c.id in state.aftermath_done or not (c.defeated or c.kami_mode_used):
            continue
        state.aftermath_done.append(c.id)
        roll = state.rng.roll(6)
        total = roll + c.attrs["SPI"]
        ok = total >= c.level
        state.say(f"{char_name(c.id)} is resurrected: SPI test {c.level}, d6 {roll} -> {total}, "
                  f"{'passed' if ok else 'failed'}.")
        if not ok:
            opts = lose_options(c)
            if opts:
                state.pending = Pending(kind="lose_attribute", seat=c.seat, options=opts, data={"char": c.id})
                return
    state.step = "OVER"


def lose_options(c: Character) -> list[str]:
    cls = data.characters().characters[c.id].class_attr
    return [a for a in data.ATTRS if c.attrs[a] > (1 if a == cls else 0)]


# -- the table -----------------------------------------------------------------------------

def _place(state: HarakiriState) -> bool:
    if any(c.p is None and not c.defeated for c in state.characters) and state.starts:
        return True
    state.step = "ROUND_END" if state.ki_cut else "ORACLE"
    return False


def _oracle(state: HarakiriState) -> bool:
    draw_oracle(state)
    state.step = "EVENTS"
    return False


def _events(state: HarakiriState) -> bool:
    resolve_events(state)
    state.step = "INIT"
    state.init_sub = "a"
    return False


def _reduce_ki(state: HarakiriState) -> bool:
    if not state.ki_cut:
        reduce_ki(state)
    state.step = "ROUND_END"
    return False


def _round_end(state: HarakiriState) -> bool:
    round_end(state)
    return False


def _aftermath(state: HarakiriState) -> bool:
    aftermath(state)
    return False


ROUND = table(
    Phase("PLACE", _place, "characters not on the board choose a start square", ("ORACLE", "ROUND_END")),
    Phase("ORACLE", _oracle, "the Oracle card is drawn", ("EVENTS",)),
    Phase("EVENTS", _events, "the events of the zones and the Oracle", ("INIT",)),
    Phase("INIT", init_step, "initiative: shuffle, its effects, servants and wanderers advance",
          ("ACTIVATE",)),
    Phase("ACTIVATE", activate_step, "each card of the initiative in turn: a character acts "
          "(its decisions), an enemy runs its AI", ("REDUCE_KI", "EVENTS", "PLACE")),
    Phase("REDUCE_KI", _reduce_ki, "the Ki dice go down", ("ROUND_END",)),
    Phase("ROUND_END", _round_end, "the end of the round", ("ORACLE", "AFTERMATH")),
    Phase("AFTERMATH", _aftermath, "the exploration is won or lost: the aftermath", ("OVER",)),
    Phase("OVER", None, "the game is over", (END,)),
)
_RUN = {name: run for name, run in runners(ROUND).items() if name != "AFTERMATH"}  # run first
