"""A samurai's turn (spec 4.2): START, penalty, ACTION, more fights, end of turn; the effect runner."""

from __future__ import annotations

from rules.common import ActionBase

from . import data, words
from .combat import check, draw, kiai_discard
from .end_of_round import end_round
from .model import (
    BeginTurn, EndTurn, Fight, FightAgain, GiveTop, PassRound, SpiritState, Support, Transit,
    TurnFlags, UsePoolToken, effect, pending, shared,
)
from .penalties import apply_code, penalty_step
from .talents import fight_limit, give_top_parity
from .village import GameLost, label, name, neighbours

# -- T0 / T1: start ---------------------------------------------------------------


def start_turn(state: SpiritState, seat: int) -> None:
    state.active = seat
    state.turn += 1
    # The turn flags are fresh already: T6 of the last turn reset them (and setup made them).
    s = state.samurai[seat]
    state.say(f"Round {state.round}: {s.name}'s turn (total {s.total}, Kiai {s.kiai}).")
    state.effects.append(effect(kind="T1"))


def start_options(state: SpiritState) -> list[ActionBase]:
    a = state.active
    s = state.samurai[a]
    opts: list[ActionBase] = []
    if state.flags.pool_talent is None:
        opts += [shared(UsePoolToken, seat=a, samurai=n) for n in state.pool]
    parity = give_top_parity(state, a)
    if parity is not None and not state.flags.gave_top and s.line:
        top = s.line[-1]
        if data.card(top).value % 2 == parity:
            opts += [shared(GiveTop, seat=a, to=nb, name=name(state, nb), card=top)
                     for nb in neighbours(state, a) if not state.samurai[nb].passed]
    opts.append(shared(BeginTurn, seat=a))
    return opts


def t1(state: SpiritState) -> None:
    if len(start_options(state)) > 1:
        state.pending = pending(kind="START", seat=state.active)
    else:
        state.effects.append(effect(kind="T2"))


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
        state.effects.append(effect(kind="T6"))
    else:
        state.pending = pending(kind="ACTION", seat=state.active)


def over_kiai(state: SpiritState, seat: int) -> bool:
    s = state.samurai[seat]
    return s.total > s.kiai


def can_support(state: SpiritState) -> bool:
    s = state.samurai[state.active]
    f = state.flags
    return s.token_with is None and not f.no_support and not f.no_talent and bool(state.raiders)


def action_options(state: SpiritState) -> list[ActionBase]:
    a = state.active
    if over_kiai(state, a) or state.flags.must_pass:
        return [shared(PassRound, seat=a)]
    opts: list[ActionBase] = [shared(Fight, seat=a)]
    if can_support(state):
        opts += [shared(Support, seat=a, to=i, name=name(state, i)) for i in range(state.n)
                 if i != a and not state.samurai[i].passed]
    opts.append(shared(PassRound, seat=a))
    return opts


def fight(state: SpiritState, again: bool = False) -> None:
    state.pending = None
    state.flags.fights += 1
    if again:
        state.say(f"{name(state, state.active)} fights again.")
    state.effects.append(effect(kind="T5"))
    state.effects.append(effect(kind="DRAW", seat=state.active))


def support(state: SpiritState, to: int) -> None:
    a = state.active
    state.pending = None
    state.samurai[a].token_with = to
    state.intruders.append(state.raiders.pop())
    state.say(f"{name(state, a)} supports {name(state, to)} with the support token; the top"
              f" raider card goes unseen to the intruder stack ({len(state.intruders)}).")
    state.effects.append(effect(kind="T6"))


def pass_round(state: SpiritState) -> None:
    a = state.active
    state.pending = None
    state.samurai[a].passed = True
    state.say(f"{name(state, a)} passes: out for the round.")
    state.effects.append(effect(kind="T6"))


# -- T5 / T6 ------------------------------------------------------------------------


def may_fight_again(state: SpiritState) -> bool:
    a = state.active
    s = state.samurai[a]
    return (state.flags.fights < fight_limit(state, a) and not s.passed
            and s.total <= s.kiai and not state.flags.must_pass and bool(state.raiders))


def t5(state: SpiritState) -> None:
    if may_fight_again(state):
        state.pending = pending(kind="MORE_FIGHT", seat=state.active)
    else:
        state.effects.append(effect(kind="T6"))


def more_fight_options(state: SpiritState) -> list[ActionBase]:
    return [shared(FightAgain, seat=state.active), shared(EndTurn, seat=state.active)]


def end_turn(state: SpiritState) -> None:
    state.pending = None
    state.effects.append(effect(kind="T6"))


def t6(state: SpiritState) -> None:
    a = state.active
    for owner in state.samurai:
        if owner.token_with == a:
            owner.token_with = None
            state.say(f"{owner.name}'s support token returns home from {name(state, a)}.")
    state.flags = TurnFlags()
    standing = [i for i, s in enumerate(state.samurai) if not s.passed]
    if not state.raiders or not standing:
        state.effects.append(effect(kind="ROUND_END"))
        return
    nxt = next((a + k) % state.n for k in range(1, state.n + 1)
               if not state.samurai[(a + k) % state.n].passed)
    state.effects.append(effect(kind="START_TURN", seat=nxt))


# -- the effect runner --------------------------------------------------------------


def _effect(state: SpiritState, eff: Effect) -> None:
    k = eff.kind
    if k == "START_TURN":
        assert eff.seat is not None
        start_turn(state, eff.seat)
    elif k == "T1":
        t1(state)
    elif k == "T2":
        penalty_step(state)
    elif k == "CODE":
        assert eff.code is not None
        apply_code(state, eff.code)
    elif k == "T3":
        t3(state)
    elif k == "T5":
        t5(state)
    elif k == "T6":
        t6(state)
    elif k == "DRAW":
        assert eff.seat is not None
        draw(state, eff.seat)
    elif k == "CHECK":
        assert eff.seat is not None
        check(state, eff.seat)
    elif k == "KIAI_DISCARD":
        assert eff.seat is not None
        kiai_discard(state, eff.seat)
    elif k == "ROUND_END":
        end_round(state)
    else:  # pragma: no cover
        raise AssertionError(k)


def run(state: SpiritState) -> None:
    """Run automatic steps until a decision opens or the game ends."""
    try:
        while state.pending is None and not state.over:
            _effect(state, state.effects.pop())
    except GameLost:
        pass
