"""The flow of Samurai Spirit in one place: a round of turns, each turn's steps and decisions.

A round: each standing samurai in turn, until every one has passed or the raider stack is empty,
then the end of the round; three rounds. A turn (rulebook "a samurai's turn", spec 4.2):

| phase          | kind     | what happens / what it offers                           | next                         |
|----------------|----------|---------------------------------------------------------|------------------------------|
| START_TURN     | step     | the next standing samurai becomes active                 | T1                           |
| T1             | step     | a start choice only when there is one                   | START, or T2                 |
| START          | decision | use a pool token, give the top card, begin the turn     | T1 (after a gift: PLACE_GIVEN) |
| T2             | step     | the top combat card's penalty                           | PENALTY_ORDER, CODE, or T3   |
| PENALTY_ORDER  | decision | which of two penalties comes first                      | CODE                         |
| CODE           | step     | one penalty (a draw to a neighbour: DRAW)               | DEFENCE_LOSS, DRAW, what waits |
| DEFENCE_LOSS   | decision | which defended card is lost                             | what waits                   |
| T3             | step     | the action, if the raider stack is not empty            | ACTION, or T6                |
| ACTION         | decision | fight, support, pass                                    | DRAW (then T5), or T6        |
| DRAW           | step     | the top raider card goes into transit                   | PLACE_DRAWN                  |
| PLACE_DRAWN    | decision | confront, defend, replace, discard a duplicate, give it | CHECK, PLACE_GIVEN, what waits |
| PLACE_GIVEN    | decision | the same, for a card that was given                     | CHECK, or what waits         |
| CHECK          | step     | total against Kiai: exactly Kiai, or overwhelmed        | KIAI, KIAI_DISCARD           |
| KIAI           | decision | use the Kiai power, or not                              | KIAI_MORE, KIAI_DISCARD      |
| KIAI_MORE      | decision | another target for the power, or done                   | KIAI_DISCARD                 |
| KIAI_DISCARD   | step     | the oldest combat card is discarded                     | what waits (T5)              |
| T5             | step     | may the samurai fight again?                            | MORE_FIGHT, or T6            |
| MORE_FIGHT     | decision | fight again, or end the turn                            | DRAW, or T6                  |
| T6             | step     | the support token comes home, the flags are reset       | START_TURN, or ROUND_END     |
| ROUND_END      | step     | the village pays, a new round is laid out, or the end   | START_TURN, or the end       |

How "next" is said: a step or a handler puts the steps still to come on the state's stack of
effects (``state.effects``) or opens a decision (``state.pending``); ``run`` below takes the
steps off the stack until a decision is open or the game is over. Where a step is always taken at
once by the next one, inside one module, the module calls it directly ("at once" in turn.py and
combat.py) - the same order, without a trip through the stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.common import ActionBase
from rules.common.flow import END, Phase, runners, table

from . import combat, penalties, turn
from .end_of_round import end_round
from .model import (
    BeginTurn, Confront, Defend, DiscardDefended, DiscardDuplicate, Effect, EndTurn, Fight,
    FightAgain, GiveCard, GiveTop, KiaiActivate, KiaiDecline, KiaiDone, KiaiTarget, OrderPenalties,
    PassRound, ReplaceCard, SpiritState, Support, UsePoolToken,
)
from .village import GameLost

# The decisions: what each kind of ``state.pending`` offers (its legal actions).
DECISIONS = table(
    Phase("START", turn.start_options, "use a pool token, give the top card, begin the turn",
          ("T1", "T2", "PLACE_GIVEN")),
    Phase("PENALTY_ORDER", penalties.order_options, "which penalty first", ("CODE",)),
    Phase("DEFENCE_LOSS", penalties.defence_loss_options, "which defended card is lost",
          ("CODE", "T3")),
    Phase("ACTION", turn.action_options, "fight, support or pass", ("DRAW", "T5", "T6")),
    Phase("PLACE_DRAWN", combat.place_options, "place the drawn card",
          ("CHECK", "PLACE_DRAWN", "PLACE_GIVEN", "T5", "DRAW", "CODE", "T3")),
    Phase("PLACE_GIVEN", combat.place_options, "place the given card", ("CHECK", "T1", "T5", "DRAW", "CODE", "T3")),
    Phase("KIAI", combat.kiai_options, "use the Kiai power", ("KIAI_MORE", "KIAI_DISCARD")),
    Phase("KIAI_MORE", combat.kiai_options, "another target, or done", ("KIAI_MORE", "KIAI_DISCARD")),
    Phase("MORE_FIGHT", turn.more_fight_options, "fight again or end the turn", ("DRAW", "T6")),
    outside=("T1", "T2", "T3", "T5", "T6", "CODE", "DRAW", "CHECK", "KIAI_DISCARD"),
)

# The steps the rules take by themselves: each kind of effect on ``state.effects``.
STEPS = table(
    Phase("START_TURN", lambda state, eff: turn.start_turn(state, eff.seat),
          "the next samurai's turn", ("T1",)),
    Phase("T1", lambda state, eff: turn.t1(state), "a start choice, if any", ("START", "T2")),
    Phase("T2", lambda state, eff: penalties.penalty_step(state), "the top card's penalty",
          ("PENALTY_ORDER", "CODE", "T3")),
    Phase("CODE", lambda state, eff: penalties.apply_code(state, eff.code), "one penalty",
          ("DEFENCE_LOSS", "CODE", "DRAW", "T3", END)),
    Phase("T3", lambda state, eff: turn.t3(state), "the action", ("ACTION", "T6")),
    Phase("T5", lambda state, eff: turn.t5(state), "fight again?", ("MORE_FIGHT", "T6")),
    Phase("T6", lambda state, eff: turn.t6(state), "the end of the turn", ("START_TURN", "ROUND_END")),
    Phase("DRAW", lambda state, eff: combat.draw(state, eff.seat), "draw a raider card",
          ("PLACE_DRAWN",)),
    Phase("CHECK", lambda state, eff: combat.check(state, eff.seat), "total against Kiai",
          ("KIAI", "KIAI_DISCARD", "T5", END)),
    Phase("KIAI_DISCARD", lambda state, eff: combat.kiai_discard(state, eff.seat),
          "discard the oldest card", ("T5",)),
    Phase("ROUND_END", lambda state, eff: end_round(state), "the end of the round",
          ("START_TURN", END)),
    outside=tuple(DECISIONS),
)


def _kiai_done(state: SpiritState, action: KiaiDone) -> None:
    state.pending = None


# What each choice does, by the action's type (a lookup, where a match would try the types in turn).
ACTIONS: dict[type, Callable[[SpiritState, Any], None]] = {
    UsePoolToken: lambda state, a: turn.use_pool_token(state, a.samurai),
    GiveTop: lambda state, a: turn.give_top(state, a.to),
    BeginTurn: lambda state, a: turn.begin_turn(state),
    OrderPenalties: lambda state, a: penalties.order(state, a.first),
    DiscardDefended: lambda state, a: penalties.discard_defended(state, a.slot),
    Fight: lambda state, a: turn.fight(state),
    Support: lambda state, a: turn.support(state, a.to),
    PassRound: lambda state, a: turn.pass_round(state),
    Confront: lambda state, a: combat.confront(state),
    Defend: lambda state, a: combat.defend(state),
    ReplaceCard: lambda state, a: combat.replace_card(state),
    DiscardDuplicate: lambda state, a: combat.discard_duplicate(state),
    GiveCard: lambda state, a: combat.give_card(state, a.to),
    KiaiActivate: lambda state, a: combat.kiai_activate(state, a.seat, a.power, a.count),
    KiaiTarget: lambda state, a: combat.kiai_target(state, a.seat, a.power, a.target, a.dest),
    KiaiDecline: lambda state, a: combat.kiai_decline(state, a.seat),
    KiaiDone: _kiai_done,
    FightAgain: lambda state, a: turn.fight(state, again=True),
    EndTurn: lambda state, a: turn.end_turn(state),
}

# The two tables as plain look-ups, for the engine's hot paths (game.py).
OFFERS: dict[str, Callable[[SpiritState], list[ActionBase]]] = runners(DECISIONS)
_STEPS: dict[str, Callable[[SpiritState, Effect], None]] = runners(STEPS)


def run(state: SpiritState) -> None:
    """Run automatic steps until a decision opens or the game ends."""
    steps = _STEPS
    try:
        while state.pending is None and not state.over:
            eff = state.effects.pop()
            steps[eff.kind](state, eff)
    except GameLost:
        pass
