"""A samurai's turn (spec 4.2): START, penalty, ACTION, more fights, end of turn (the table: flow.py)."""

from __future__ import annotations

from rules.common import ActionBase

from . import data, words
from .combat import draw
from .model import (
    BeginTurn, EndTurn, Fight, FightAgain, GiveTop, PassRound, SpiritState, Support,
    Transit, TurnFlags, UsePoolToken, decision, effect, pending, seated, shared, step, support_to,
)
from .penalties import penalty_step
from .talents import fight_limit, give_top_parity
from .village import label, name, neighbours

# -- T0 / T1: start ---------------------------------------------------------------


def start_turn(state: SpiritState, seat: int) -> None:
    state.active = seat
    state.turn += 1
    # The turn flags are fresh already: T6 of the last turn reset them (and setup made them).
    s = state.samurai[seat]
    state.say(f"Round {state.round}: {s.name}'s turn (total {s.total}, Kiai {s.kiai}).")
    t1(state)  # T1 at once: the runner would take it next anyway


def start_options(state: SpiritState) -> list[ActionBase]:
    a = state.active
    opts: list[ActionBase] = []
    if state.flags.pool_talent is None:
        opts += [shared(UsePoolToken, seat=a, samurai=n) for n in state.pool]
    receivers = _give_top_to(state, a)
    if receivers:
        top = state.samurai[a].line[-1]
        opts += [shared(GiveTop, seat=a, to=nb, name=name(state, nb), card=top) for nb in receivers]
    opts.append(seated(BeginTurn, a))
    return opts


def _give_top_to(state: SpiritState, a: int) -> list[int]:
    """The standing neighbours the active samurai may give its top card to at START."""
    s = state.samurai[a]
    if not s.line or s.wounds < 2 or state.flags.gave_top:  # only an animal side gives it
        return []
    parity = give_top_parity(state, a)
    if parity is None:
        return []
    if data.card(s.line[-1]).value % 2 != parity:
        return []
    return [nb for nb in neighbours(state, a) if not state.samurai[nb].passed]


def t1(state: SpiritState) -> None:
    # A choice beyond beginning the turn: a pool token to use, or a top card to give.
    a = state.active
    if (state.pool and state.flags.pool_talent is None) or _give_top_to(state, a):
        state.pending = decision("START", a)
    else:
        penalty_step(state)  # T2 at once: the runner would take it next anyway
        effects = state.effects
        if state.pending is None and effects[-1] is _T3:
            effects.pop()
            t3(state)  # T3 too, when T2 added nothing to do before it


def use_pool_token(state: SpiritState, who: str) -> None:
    state.pool.remove(who)
    state.flags.pool_talent = who
    state.pending = None
    talent = words.talent(data.roster()[who].human.talent)
    state.say(f"{name(state, state.active)} uses {who}'s pool token ({talent}) this turn;"
              f" {len(state.pool)} left in the pool.")
    state.effects.append(effect(kind="T1"))


def give_top(state: SpiritState, to: int) -> None:
    a = state.active
    cid = state.samurai[a].line.pop()
    state.flags.gave_top = True
    state.say(f"{name(state, a)} gives the top combat card, {label(cid)}, to {name(state, to)}.")
    state.effects.append(effect(kind="T1"))
    state.transit = Transit(card=cid, holder=to, given=True)
    state.pending = pending(kind="PLACE_GIVEN", seat=to)


def begin_turn(state: SpiritState) -> None:
    state.pending = None
    state.effects.append(effect(kind="T2"))


# -- T3 / T4: the action ----------------------------------------------------------


def t3(state: SpiritState) -> None:
    if not state.raiders:
        state.say("The raider stack is empty: no action this turn.")
        state.effects.append(_T6)
    else:
        state.pending = decision("ACTION", state.active)


def over_kiai(state: SpiritState, seat: int) -> bool:
    s = state.samurai[seat]
    return s.total > s.kiai


def can_support(state: SpiritState) -> bool:
    s = state.samurai[state.active]
    f = state.flags
    return s.token_with is None and not f.no_support and not f.no_talent and bool(state.raiders)


def action_options(state: SpiritState) -> list[ActionBase]:
    # over_kiai and can_support, read once: a turn's decision lists these every time.
    a, f, samurai = state.active, state.flags, state.samurai
    s = samurai[a]
    if s.total > s.kiai or f.must_pass:
        return [seated(PassRound, a)]
    opts: list[ActionBase] = [seated(Fight, a)]
    if s.token_with is None and not f.no_support and not f.no_talent and state.raiders:
        opts += [support_to(a, i, o.name) for i, o in enumerate(samurai) if i != a and not o.passed]
    opts.append(seated(PassRound, a))
    return opts


def fight(state: SpiritState, again: bool = False) -> None:
    state.pending = None
    state.flags.fights += 1
    if again:
        state.say(f"{name(state, state.active)} fights again.")
    state.effects.append(_T5)
    draw(state, state.active)  # DRAW at once: the runner would take it next anyway


def support(state: SpiritState, to: int) -> None:
    a = state.active
    state.pending = None
    state.samurai[a].token_with = to
    state.intruders.append(state.raiders.pop())
    state.say(f"{name(state, a)} supports {name(state, to)} with the support token; the top"
              f" raider card goes unseen to the intruder stack ({len(state.intruders)}).")
    t6(state)  # T6 at once: the runner would take it next anyway


def pass_round(state: SpiritState) -> None:
    a = state.active
    state.pending = None
    state.samurai[a].passed = True
    state.say(f"{name(state, a)} passes: out for the round.")
    t6(state)  # T6 at once: the runner would take it next anyway


# -- T5 / T6 ------------------------------------------------------------------------


def may_fight_again(state: SpiritState) -> bool:
    a = state.active
    s = state.samurai[a]
    return (state.flags.fights < fight_limit(state, a) and not s.passed
            and s.total <= s.kiai and not state.flags.must_pass and bool(state.raiders))


def t5(state: SpiritState) -> None:
    if may_fight_again(state):
        state.pending = decision("MORE_FIGHT", state.active)
    else:
        t6(state)  # T6 at once: the runner would take it next anyway


def more_fight_options(state: SpiritState) -> list[ActionBase]:
    return [seated(FightAgain, state.active), seated(EndTurn, state.active)]


def end_turn(state: SpiritState) -> None:
    state.pending = None
    t6(state)  # T6 at once: the runner would take it next anyway


def t6(state: SpiritState) -> None:
    a, samurai = state.active, state.samurai
    for owner in samurai:
        if owner.token_with == a:
            owner.token_with = None
            state.say(f"{owner.name}'s support token returns home from {name(state, a)}.")
    # Fresh flags for the next turn, set in place (no copy of a state shares them).
    state.flags.__dict__.update(_FRESH_FLAGS)
    if state.raiders:
        n = len(samurai)
        for k in range(1, n + 1):  # the next standing samurai, this one last
            nxt = (a + k) % n
            if not samurai[nxt].passed:
                start_turn(state, nxt)  # at once: the runner would take it next anyway
                return
    state.effects.append(_ROUND_END)


_FRESH_FLAGS = TurnFlags().__dict__
# The effects without a seat, made once (the same shared instances as effect(kind=...)).
_T3, _T5, _T6, _ROUND_END = (effect(kind=k) for k in ("T3", "T5", "T6", "ROUND_END"))
