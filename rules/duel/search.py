"""The duel's hooks for the search bot (rules/common/search.py).

The duel's view is a whole state with the hidden decks in sorted order and a blank RNG:
their contents are public (the rulebook lets a player count them), their order and the
dice are not. A determinization shuffles exactly those, as ``scramble_hidden`` does, from
the view alone.

The search is paired (``SearchHooks.paired``): the luck of the deal decides most duels,
so each choice is compared with the samurai bot's in the same sampled decks and dice.
The samurai bot is good: most of its choices hold, and the search overrules one only when
another gains on it by 1.5 standard errors, world by world. The reward counts the Life
taken from the opponent in a lost duel (``shaped_reward``): two lost lines of play then
still differ, and most sampled duels against the strongest opponents are lost.
"""

from __future__ import annotations

from rules.common import Rng
from rules.common.search import SearchHooks

from .bots import samurai
from .models import DuelState


def determinize(game, view: DuelState, seat: int, rng: Rng) -> DuelState:
    return game.scramble_hidden(view, seat, rng)


def reward(game, state: DuelState) -> list[float]:
    """A won duel is worth 1 and a little more with more life left; a campaign counts the
    duels won. The small share keeps the win first."""
    camp = state.campaign
    if camp is not None:
        from . import flow
        return [min(1.0, camp.score / max(1, flow.campaign_duels(camp)))]
    if state.result == "win":
        return [0.9 + 0.1 * min(1.0, state.player.life / max(1, state.player.life_max))]
    return [0.0]


def shaped_reward(game, state: DuelState) -> list[float]:
    """As ``reward``, and a lost duel keeps a little for the harm done: up to 0.2 for the
    opponents' Life taken (all of it: 0.2). Two lines of play that both lose then differ."""
    camp = state.campaign
    if camp is None and state.result != "win":
        foes = state.foes
        taken = sum(min(1.0, (f.life_start - max(0, f.life)) / max(1, f.life_start)) for f in foes)
        return [0.2 * taken / max(1, len(foes))]
    return reward(game, state)


HOOKS = SearchHooks(determinize=determinize, rollout=samurai, reward=shaped_reward, rollout_view=False,
                    paired=True, confidence=1.5)
