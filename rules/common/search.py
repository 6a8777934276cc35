"""Determinized Monte-Carlo tree search over any ``Game`` (the ``strong`` bots).

The searching seat knows only its view. Each iteration draws one *determinization*: a
whole state that agrees with that view, its hidden cards and its dice drawn afresh by
the game's ``determinize`` hook (never read from the true state, which the bot is never
given). The iteration walks one shared tree keyed by the actions taken from the root
(information-set MCTS, "single observer": an edge's statistics gather over every world
in which it was legal), adds one node, plays the rest of the game with the game's
heuristic bot as the rollout policy (to the end, or to ``max_depth`` and the game's
``evaluate``), and backs up one reward per seat. At each node the mover picks by UCB on
its own reward, so the co-operative games' seats share one and the rivals of Senji each
seek their own.

A game may ask instead for *paired* sampling at the root (``SearchHooks.paired``): no
tree; each sampled world is played out after every root action from one rollout seed,
and the actions are compared with the heuristic's choice world by world (common random
numbers: where luck decides most games, the difference between two choices is far less
noisy than either result). An iteration is then one rollout.

The budget is a number of iterations (deterministic for the bot's RNG), a wall-clock
cap (``think_ms``, checked inside rollouts too, so a move never takes much longer), or
both. The most visited root action is played; with no finished iteration the
heuristic bot's choice is.

Pure: no Textual, no Rich, no global randomness, no threads.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .game import Bot, Game
from .models import ActionBase, StateBase
from .rng import Rng

Determinizer = Callable[[Game, StateBase, int, Rng], StateBase]
Evaluator = Callable[[Game, StateBase], Sequence[float]]
Rewarder = Callable[[Game, StateBase], Sequence[float]]

DEFAULT_THINK_MS = 1000
RESULT_VALUE = {"win": 1.0, "draw": 0.5, "loss": 0.0}


@dataclass(frozen=True)
class Budget:
    """How long the bot may think over one decision. ``iterations``: a fixed count
    (deterministic); ``think_ms``: a wall-clock cap. With both, whichever ends first."""

    iterations: int | None = None
    think_ms: int | None = DEFAULT_THINK_MS

    def __post_init__(self) -> None:
        if self.iterations is None and self.think_ms is None:
            raise ValueError("a search budget needs iterations, a time or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("the iteration budget must be at least 1")
        if self.think_ms is not None and self.think_ms < 1:
            raise ValueError("the think time must be at least 1 ms")

    def words(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations} iterations")
        if self.think_ms is not None:
            parts.append(f"{self.think_ms} ms")
        return " or ".join(parts) + " a move"


@dataclass(frozen=True)
class SearchHooks:
    """What one game lends the search.

    ``determinize(game, view, seat, rng)``: a whole state agreeing with ``view`` (the
    seat's view), every hidden card and the dice drawn from ``rng``; it must read nothing
    but ``view``. ``rollout``: the game's bot that plays out the rest. ``max_depth``:
    rollout actions before ``evaluate`` scores the position (None: to the end).
    ``reward``: a finished game's value per seat (default: win 1, draw ½, loss 0).
    ``epsilon``: the share of rollout moves chosen at random (some variety).
    """

    determinize: Determinizer
    rollout: Bot
    max_depth: int | None = None
    evaluate: Evaluator | None = None
    reward: Rewarder | None = None
    epsilon: float = 0.0
    exploration: float = 0.7
    # The rollout bot reads the mover's view (True), or the sampled world itself (False:
    # cheaper, and fair, since that world is the searcher's own guess, never the truth).
    rollout_view: bool = True
    # How sure the search must be before it overrules the heuristic (standard errors).
    confidence: float = 1.0
    # Paired sampling at the root (common random numbers): each sampled world, with one
    # rollout seed, is played out after *every* root action, and an action is compared
    # with the heuristic's choice world by world (the luck of the deal, shared by both,
    # cancels out). No tree below the root. An iteration is one rollout.
    paired: bool = False
    paired_min: int = 6  # worlds before an action may leave the race
    paired_same: int = 12  # worlds with exactly the heuristic's result: out of the race
    paired_drop: float = 1.0  # behind by this many standard errors: out of the race


class _Edge:
    __slots__ = ("action", "visits", "totals", "avail", "node")

    def __init__(self, action: ActionBase, seats: int) -> None:
        self.action = action
        self.visits = 0
        self.totals = [0.0] * seats
        self.avail = 0
        self.node: _Node | None = None


class _Node:
    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[Any, _Edge] = {}


class _OutOfTime(Exception):
    pass


def action_key(game: Game, action: ActionBase) -> Any:
    """A hashable key for an action (the frozen model itself when it hashes)."""
    try:
        hash(action)
        return action
    except TypeError:
        return json.dumps(game.dump_action(action), sort_keys=True)


@dataclass
class SearchResult:
    action: ActionBase
    iterations: int
    seconds: float
    failed: int  # sampled worlds the engine refused (counted, skipped: the search goes on)
    visits: dict[Any, int]
    value: float  # the chosen action's mean reward for the searching seat (0..1)


def search(game: Game, view: StateBase, seat: int, actions: list[ActionBase], rng: Rng,
           hooks: SearchHooks, budget: Budget, clock: Callable[[], float] = time.perf_counter) -> SearchResult:
    """The searching seat's choice among ``actions`` (its legal actions) from ``view``."""
    start = clock()
    deadline = None if budget.think_ms is None else start + budget.think_ms / 1000.0
    seats = game.seat_count(view.options) if hasattr(view, "options") else game.max_seats
    seats = max(seats, seat + 1)
    if hooks.paired:
        return _paired_search(game, view, seat, actions, rng, hooks, budget, clock, start, deadline, seats)
    root = _Node()
    root_keys = {action_key(game, a): a for a in actions}
    done = failed = 0
    while budget.iterations is None or done + failed < budget.iterations:
        if deadline is not None and clock() >= deadline:
            break
        try:
            world = hooks.determinize(game, view, seat, rng)
            _iterate(game, world, root, root_keys, seats, rng, hooks, deadline, clock)
        except _OutOfTime:
            break
        except Exception:  # a sampled world the engine cannot play on: the next one may
            failed += 1
            continue
        done += 1
    seconds = clock() - start
    visits = {k: e.visits for k, e in root.edges.items()}
    heuristic = hooks.rollout(game, view, seat, actions, rng)
    best = _pick(game, root, root_keys, seat, heuristic, hooks.confidence)
    if best is None:
        return SearchResult(heuristic, done, seconds, failed, visits, 0.0)
    return SearchResult(root_keys[action_key(game, best.action)], done, seconds, failed, visits,
                        best.totals[seat] / best.visits)


def _paired_search(game: Game, view: StateBase, seat: int, actions: list[ActionBase], rng: Rng,
                   hooks: SearchHooks, budget: Budget, clock: Callable[[], float], start: float,
                   deadline: float | None, seats: int) -> SearchResult:
    """Flat Monte Carlo with common random numbers (``SearchHooks.paired``): world after
    world, every root action still in the race is played out in that world from the same
    rollout seed. An action leaves the race once it is clearly behind the heuristic's
    choice in the same worlds, or has ended exactly as it did in ``paired_same`` worlds in
    a row from the start (it changes nothing the rollouts can see); the search stops when
    only the heuristic's choice is left. That choice stands unless another action beats it
    in the same worlds by ``confidence`` standard errors of the paired differences."""
    heuristic = hooks.rollout(game, view, seat, actions, rng)
    keys = [action_key(game, a) for a in actions]
    home = action_key(game, heuristic)
    rewards: dict[Any, list[float | None]] = {k: [] for k in keys}
    racing = list(keys)
    done = failed = worlds = 0
    limit = budget.iterations
    try:
        while (limit is None or done < limit) and (len(racing) > 1 or worlds == 0):
            if deadline is not None and clock() >= deadline:
                break
            try:
                world = hooks.determinize(game, view, seat, rng)
                legal = {action_key(game, a): a for a in game.legal_actions(world)}
            except Exception:  # a sampled world the engine cannot play on: the next one may
                failed += 1
                if limit is not None and failed > limit:
                    break
                continue
            seed = rng.below(1 << 62)
            worlds += 1
            for key in keys:
                action = legal.get(key) if key in racing else None
                if action is None or (limit is not None and done >= limit):
                    rewards[key].append(None)
                    continue
                state = world.model_copy(deep=True)
                try:
                    game.apply(state, action)
                    values = _rollout(game, state, seats, Rng(seed=seed), hooks, deadline, clock)
                except _OutOfTime:
                    raise
                except Exception:
                    failed += 1
                    rewards[key].append(None)
                    continue
                rewards[key].append(values[seat])
                done += 1
            if home in racing:
                racing = [k for k in racing if k == home or _still_racing(rewards[k], rewards[home], hooks)]
    except _OutOfTime:
        pass
    seconds = clock() - start
    visits = {k: sum(r is not None for r in rewards[k]) for k in keys}
    pick, value = _paired_pick(keys, rewards, home, hooks.confidence)
    chosen = heuristic if pick is None else actions[keys.index(pick)]
    return SearchResult(chosen, done, seconds, failed, visits, value)


def _paired(rewards: list[float | None], base: list[float | None]) -> list[float]:
    """An action's gain on the heuristic's choice, world by world (where both were played)."""
    return [a - b for a, b in zip(rewards, base) if a is not None and b is not None]


def _gain(diffs: list[float]) -> tuple[float, float]:
    """The mean of the paired differences and its standard error (a small floor, so that a
    few equal worlds are not taken for certainty)."""
    n = len(diffs)
    gain = sum(diffs) / n
    var = sum((d - gain) ** 2 for d in diffs) / (n - 1)
    return gain, math.sqrt((var + 0.0001) / n)


def _still_racing(rewards: list[float | None], base: list[float | None], hooks: SearchHooks) -> bool:
    diffs = _paired(rewards, base)
    n = len(diffs)
    if n < hooks.paired_min:
        return True
    if n >= hooks.paired_same and not any(diffs):
        return False
    gain, se = _gain(diffs)
    return gain + hooks.paired_drop * se >= 0


def _paired_pick(keys: list[Any], rewards: dict[Any, list[float | None]], home: Any,
                 z: float) -> tuple[Any | None, float]:
    """The key to play and its mean reward: the heuristic's ``home`` unless another action
    gains on it, in the worlds where both were played, more than ``z`` standard errors of
    that gain (and more than any other such action); ``None`` (the heuristic stands) when
    the heuristic's choice was never played out: nothing to compare with."""
    def mean(key: Any) -> float | None:
        vals = [v for v in rewards[key] if v is not None]
        return sum(vals) / len(vals) if vals else None

    if mean(home) is None:
        return None, 0.0
    best, best_gain = home, 0.0
    for key in keys:
        if key == home:
            continue
        diffs = _paired(rewards[key], rewards[home])
        if len(diffs) < 2:
            continue
        gain, se = _gain(diffs)
        if gain > z * se and gain > best_gain:
            best, best_gain = key, gain
    return best, mean(best)


def _mean(edge: _Edge, seat: int) -> float:
    return edge.totals[seat] / edge.visits


def _pick(game: Game, root: _Node, root_keys: dict[Any, ActionBase], seat: int, heuristic: ActionBase,
          z: float) -> _Edge | None:
    """The heuristic's own choice, unless the search found a better one with some
    confidence: a mean reward above it by ``z`` standard errors (few iterations spread
    over many actions say little, and then the heuristic stands). Among those, the best
    mean; a tie goes to the earlier legal action."""
    home = root.edges.get(action_key(game, heuristic))
    if home is None or not home.visits:
        tried = [e for k in root_keys if (e := root.edges.get(k)) is not None and e.visits]
        return max(tried, key=lambda e: e.visits) if tried else None
    m0 = _mean(home, seat)
    best, best_mean = home, m0
    for key in root_keys:
        edge = root.edges.get(key)
        if edge is None or edge is home or edge.visits < 2:
            continue
        m = _mean(edge, seat)
        se = math.sqrt((m * (1 - m) + 0.01) / edge.visits + (m0 * (1 - m0) + 0.01) / home.visits)
        if m - m0 > z * se and m > best_mean:
            best, best_mean = edge, m
    return best


def _iterate(game: Game, state: StateBase, root: _Node, root_keys: dict[Any, ActionBase], seats: int,
             rng: Rng, hooks: SearchHooks, deadline: float | None, clock: Callable[[], float]) -> None:
    path: list[tuple[_Edge, int]] = []
    node: _Node | None = root
    c = hooks.exploration
    first = True
    while node is not None:
        mover = game.to_move(state)
        if mover is None:
            break
        legal = game.legal_actions(state)
        if first:  # the root: only the real choices, as this world allows them
            legal = [a for a in legal if action_key(game, a) in root_keys]
            first = False
            if not legal:
                break
        keyed = [(action_key(game, a), a) for a in legal]
        untried = []
        for key, a in keyed:
            edge = node.edges.get(key)
            if edge is None:
                edge = node.edges[key] = _Edge(a, seats)
            edge.avail += 1
            if edge.visits == 0:
                untried.append(edge)
        if untried:
            edge = untried[0] if len(untried) == 1 else _first_try(game, state, mover, legal, untried, rng, hooks)
        else:
            edge = max((node.edges[k] for k, _ in keyed),
                       key=lambda e: e.totals[mover] / e.visits + c * math.sqrt(math.log(e.avail) / e.visits))
        game.apply(state, _action_for(legal, keyed, edge))
        path.append((edge, mover))
        if edge.visits == 0:
            break  # a new node: the rollout starts after it
        if edge.node is None:
            edge.node = _Node()
        node = edge.node
    values = _rollout(game, state, seats, rng, hooks, deadline, clock)
    for edge, _ in path:
        edge.visits += 1
        totals = edge.totals
        for s in range(seats):
            totals[s] += values[s]


def _first_try(game: Game, state: StateBase, mover: int, legal: list[ActionBase], untried: list[_Edge],
               rng: Rng, hooks: SearchHooks) -> _Edge:
    """The untried action to expand: the rollout bot's own choice first (the search starts
    where the heuristic stands), then the others at random."""
    if len(untried) == len(legal):
        pick = hooks.rollout(game, game.view(state, mover) if hooks.rollout_view else state, mover, legal, rng)
        for edge in untried:
            if edge.action == pick:
                return edge
    return untried[rng.below(len(untried))]


def _action_for(legal: list[ActionBase], keyed: list[tuple[Any, ActionBase]], edge: _Edge) -> ActionBase:
    # The action as this world lists it (equal to the edge's, possibly another object).
    for key, a in keyed:
        if a == edge.action:
            return a
    return edge.action


def _rollout(game: Game, state: StateBase, seats: int, rng: Rng, hooks: SearchHooks,
             deadline: float | None, clock: Callable[[], float]) -> list[float]:
    depth = 0
    bot, eps, see = hooks.rollout, hooks.epsilon, hooks.rollout_view
    while True:
        mover = game.to_move(state)
        if mover is None:
            return _values(game, state, seats, hooks)
        if hooks.max_depth is not None and depth >= hooks.max_depth:
            return _values(game, state, seats, hooks)
        if deadline is not None and depth % 8 == 7 and clock() >= deadline:
            raise _OutOfTime
        legal = game.legal_actions(state)
        if not legal:
            return [0.0] * seats
        if len(legal) == 1:
            action = legal[0]
        elif eps and rng.below(1000) < eps * 1000:
            action = legal[rng.below(len(legal))]
        else:
            action = bot(game, game.view(state, mover) if see else state, mover, legal, rng)
        game.apply(state, action)
        depth += 1


def _values(game: Game, state: StateBase, seats: int, hooks: SearchHooks) -> list[float]:
    outcome = game.outcome(state)
    if outcome is not None:
        if hooks.reward is not None:
            return _fit(list(hooks.reward(game, state)), seats)
        return _fit([RESULT_VALUE.get(r, 0.0) for r in outcome.results], seats)
    if hooks.evaluate is not None:
        return _fit(list(hooks.evaluate(game, state)), seats)
    return [0.5] * seats


def _fit(values: list[float], seats: int) -> list[float]:
    # A co-operative game may score one result for the whole table.
    if len(values) >= seats:
        return values[:seats]
    fill = values[-1] if values else 0.5
    return values + [fill] * (seats - len(values))


def strong_bot(hooks: SearchHooks, budget: Budget) -> Bot:
    """A ``Bot`` that searches within ``budget``. It draws one number from the RNG it is
    given and searches with an RNG seeded by it, so the same RNG and an iteration budget
    give the same choice; a lone legal action is played at once."""

    def bot(game: Game, view: StateBase, seat: int, actions: list[Any], rng: Rng) -> Any:
        if len(actions) == 1:
            return actions[0]
        own = Rng(seed=rng.below(1 << 62))
        return search(game, view, seat, actions, own, hooks, budget).action

    bot.budget = budget  # type: ignore[attr-defined]
    bot.searches = True  # type: ignore[attr-defined]
    return bot


def strings_in(value, out: set[str]) -> None:
    """Every string inside a dumped model (dicts, lists and tuples walked): the names a
    view shows, which a determinizer keeps out of what it deals."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for x in value.values():
            strings_in(x, out)
    elif isinstance(value, (list, tuple)):
        for x in value:
            strings_in(x, out)
