"""Samurai Spirit's hooks for the search bot (rules/common/search.py).

The view turns the raider stack, the intruders, the reserve and the box into "?" and the
backs under standing farmsteads too. A determinization deals them again from what the
view leaves unseen, keeping what the table knows of each pile's make-up (setup 3-5): the
reserve holds the lieutenants still to come before the bosses; the lieutenants join the
raiders after round 1 and the bosses after round 2, so the stacks in play hold that many
of each not yet seen, and plunderers for the rest; every other unseen card is in the box.
The backs still face down are the farmsteads' backs not yet burnt open, in any order.

A rollout plays only the rest of its round (``evaluate``, with the samurai bot); the village
it leaves is worth its fitted chance to win (assets/spirit/value.json), a finished game
1 or 0.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.common import Game, Rng
from rules.common.data import load_asset
from rules.common.search import SearchHooks, strings_in

from . import data
from .bots import decide, samurai_bot
from .model import Samurai, SpiritState, Transit, TurnFlags, of

KINDS = ("plunderer", "lieutenant", "boss")
ZONES = ("raiders", "intruders", "reserve", "box")


# The state's lists of card ids and slot numbers: a copy needs its own of each.
_LISTS = ("farms", "burnt", "backs", "families", "lost_families", "raiders", "intruders", "discard",
          "reserve", "box", "pool", "effects", "breakdown", "log")


def copy_state(state: SpiritState, rng: Rng) -> SpiritState:
    """``Game.scramble_hidden``'s copy (fresh dice drawn from ``rng``), made part by part:
    every list and every part the rules change in place is new, and what they never change
    (the options, the decision, the effects and log lines, all shared instances) is shared.
    A deep copy spent more than the rollout that followed."""
    fields = dict(state.__dict__)
    for name in _LISTS:
        fields[name] = list(fields[name])
    fields["samurai"] = [of(Samurai, {**s.__dict__, "line": list(s.line), "slots": dict(s.slots)})
                         for s in state.samurai]
    if state.transit is not None:
        fields["transit"] = of(Transit, dict(state.transit.__dict__))
    fields["flags"] = of(TurnFlags, dict(state.flags.__dict__))
    fields["rng"] = Rng(seed=rng.below(1 << 62), counter=state.rng.counter)
    return state.model_copy(update=fields)


# The last view sampled from and the names it shows, one tuple (read and replaced whole, so
# two searches in two threads never mix one view's names with another's).
_last_seen: tuple[object, frozenset[str]] = (None, frozenset())


def _seen(view: SpiritState) -> frozenset[str]:
    """The names the view shows outside the hidden piles (one search samples from the same
    view again and again: read once)."""
    global _last_seen
    last = _last_seen
    if last[0] is view:
        return last[1]
    seen: set[str] = set()
    strings_in(view.model_dump(exclude={"log", "rng", "backs", *ZONES}), seen)
    _last_seen = (view, frozenset(seen))
    return _last_seen[1]


def determinize(game, view: SpiritState, seat: int, rng: Rng) -> SpiritState:
    world = copy_state(view, rng)  # a copy, with fresh dice
    world.hidden = False
    seen = _seen(view)
    unseen = {k: rng.shuffled([c for c in data.ids_of(k) if c not in seen]) for k in KINDS}
    m = view.extra
    bosses_held = min(len(view.reserve), m) if view.round <= 2 else 0
    reserve = ["lieutenant"] * (len(view.reserve) - bosses_held) + ["boss"] * bosses_held
    in_play = len(view.raiders) + len(view.intruders)
    lts = min(in_play, max(0, (m if view.round >= 2 else 0) - (len(data.ids_of("lieutenant")) - len(unseen["lieutenant"]))))
    bosses = min(in_play - lts, max(0, (m if view.round >= 3 else 0) - (len(data.ids_of("boss")) - len(unseen["boss"]))))
    # The bosses and (in round 2) the lieutenants joined the raider stack this round; the
    # intruders are the last round's leftovers.
    raiders, intruders = len(view.raiders), len(view.intruders)
    top = ["boss"] * min(bosses, raiders)
    if view.round == 2:
        top += ["lieutenant"] * min(lts, raiders - len(top))
    rest_kinds = (["lieutenant"] * (lts - top.count("lieutenant")) + ["boss"] * (bosses - top.count("boss"))
                  + ["plunderer"] * (in_play - lts - bosses))
    rng.shuffle(rest_kinds)
    play_r = top + rest_kinds[:raiders - len(top)]
    rng.shuffle(play_r)
    play_i = rest_kinds[raiders - len(top):]
    rng.shuffle(play_i)
    play = play_r + play_i

    def deal(kind: str) -> str:
        pool = unseen[kind] or next(unseen[k] for k in KINDS if unseen[k])
        return pool.pop()

    world.reserve = [deal(k) for k in reserve]
    world.raiders = [deal(k) for k in play[:len(view.raiders)]]
    world.intruders = [deal(k) for k in play[len(view.raiders):]]
    rest = [c for k in KINDS for c in unseen[k]]
    rng.shuffle(rest)
    world.box = rest[:len(view.box)]
    backs = rng.shuffled([f.id for f in data.village().farms if f.id not in view.backs])
    world.backs = [backs.pop() if b == "?" else b for b in view.backs]
    return world



# -- the value of a village at the start of a round -------------------------------------
# A rollout plays only to the end of the round it is in; the village it leaves is scored
# by the chance that the samurai bot's team wins from there, fitted by logistic regression
# on the bot's own games (assets/spirit/value.json; refit with
# ``python -m rules.spirit.search --refit``). The rounds still to come are then averaged
# by the fit instead of drawn once by a rollout: far less noise for the same rollouts.

# Where a refit writes (in a checkout); the game reads it as an asset.
VALUE_FILE = Path(__file__).resolve().parents[2] / "assets" / "spirit" / "value.json"


def _features(state: SpiritState) -> dict[str, float]:
    """What the fit reads of a village between rounds (public, and the same in any view)."""
    n = state.n
    wounds = [s.wounds for s in state.samurai]
    return {
        "bias": 1.0,
        "barricades_per_samurai": state.barricades / n,
        "farmsteads": float(len(state.farms)),
        "families": float(len(state.families)),
        "wounds_per_samurai": sum(wounds) / n,
        "animal_share": sum(w >= 2 for w in wounds) / n,
        "one_wound_from_death": float(sum(w == 3 for w in wounds)),
        "most_wounds": float(max(wounds)),
        "pool_tokens": float(len(state.pool)),
        "samurai": float(n),
        "plunderers_per_samurai": state.dealt / n,
        "extra_per_samurai": state.extra / n,
        "farm_backs": 1.0 if data.difficulty(state.options.difficulty).farm_backs else 0.0,
    }


FEATURES = (
    "bias", "barricades_per_samurai", "farmsteads", "families", "wounds_per_samurai", "animal_share",
    "one_wound_from_death", "most_wounds", "pool_tokens", "samurai", "plunderers_per_samurai",
    "extra_per_samurai", "farm_backs")


class RoundFit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    weights: dict[str, float]
    positions: int = Field(ge=1)  # round starts the fit was made from
    win_share: float = Field(ge=0, le=1)  # of those, the share the team went on to win


class ValueModel(BaseModel):
    """assets/spirit/value.json: one logistic fit per round the value is read at (2, 3)."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    about: str
    games: int = Field(ge=1)
    seed: int
    rounds: dict[int, RoundFit]

    @model_validator(mode="after")
    def _check(self) -> "ValueModel":
        if set(self.rounds) != {2, 3}:
            raise ValueError("value.json needs a fit for round 2 and one for round 3")
        for r, fit in self.rounds.items():
            if set(fit.weights) != set(FEATURES):
                raise ValueError(f"round {r}: the weights must name exactly {', '.join(FEATURES)}")
            if not all(math.isfinite(w) for w in fit.weights.values()):
                raise ValueError(f"round {r}: a weight is not a finite number")
        return self


@cache
def value_model() -> ValueModel:
    return load_asset(ValueModel, "spirit", "value.json")


def win_chance(state: SpiritState, model: ValueModel | None = None) -> float:
    """The fitted chance that the team wins from this village at the start of round 2 or 3."""
    fit = (model or value_model()).rounds[state.round]
    f = _features(state)
    z = sum(w * f[k] for k, w in fit.weights.items())
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def at_round_start(state: SpiritState) -> bool:
    """Nothing has been fought yet this round: every line, slot and pile of the round empty."""
    return (not state.discard and not state.intruders and state.transit is None
            and all(not s.line and not s.passed and all(c is None for c in s.slots.values())
                    for s in state.samurai))


# A round of a few samurai is some dozens of actions. A samurai alone in the round can fight
# forever (a top card whose penalty discards a defended card and shuffles the discard back:
# the card is drawn and defended again, turn after turn), so a rollout gives up at this.
ROUND_ACTIONS = 600


def play_round(game: Game, state: SpiritState, limit: int = ROUND_ACTIONS) -> bool:
    """The samurai bot plays on until the game ends or the next round begins (True), or
    until ``limit`` actions have gone by without that (False: a round that never ends)."""
    start = state.round
    for _ in range(limit):
        if state.over or state.round != start:
            return True
        seat = game.to_move(state)
        if seat is None:
            return True
        legal = game.legal_actions(state)
        game.apply(state, legal[0] if len(legal) == 1 else decide(state, seat, legal)[0])
    return state.over or state.round != start


def evaluate(game: Game, state: SpiritState) -> list[float]:
    """The team's value of ``state``: the round is played out (unless it has only just
    begun), then a finished game is a win (1) or a loss (0) and a village between rounds
    is worth its fitted chance to win."""
    if state.over or state.round == 1 or not at_round_start(state):
        if not play_round(game, state):
            return [0.0]  # a round the bot never ends is as good as lost
    if state.over:
        return [1.0 if state.won else 0.0]
    return [win_chance(state)]


# The samurai bot reads none of the hidden piles, so it may read the sampled world itself.
# Each rollout is the rest of its round (evaluate), then the fitted value of the village.
# Those values are chances, spread far less than a game's win or loss (the standard error
# the search reckons with assumes win or loss): half a standard error is enough to
# overrule the samurai bot (a screen of 3 players, Normal, 100 iterations, same seeds:
# 1.0 gave +11 points over 28 games, 0.5 gave +19 over 27).
HOOKS = SearchHooks(determinize=determinize, rollout=samurai_bot, rollout_view=False,
                    max_depth=0, evaluate=evaluate, confidence=0.5)


# -- refitting assets/spirit/value.json ---------------------------------------------------
# ``python -m rules.spirit.search --refit [GAMES]``: the samurai bot plays GAMES games over
# every table size and difficulty (seeded, so a refit with the same numbers writes the same
# file); each village at the start of round 2 and 3 is a row, labelled by the game's end;
# one logistic regression a round (Newton's method, a light ridge on all but the bias).

REFIT_SEED = 28


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b (Gauss-Jordan with partial pivoting; a is small and well posed)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda i: abs(m[i][c]))
        m[c], m[p] = m[p], m[c]
        for i in range(n):
            if i != c:
                f = m[i][c] / m[c][c]
                for j in range(c, n + 1):
                    m[i][j] -= f * m[c][j]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit_logistic(rows: list[tuple[list[float], float]], ridge: float = 1.0, steps: int = 30) -> list[float]:
    """Weights w maximising the log-likelihood of P(y=1) = 1/(1+exp(-w·x)) less ridge/2·|w|²
    (the first weight, the bias, is not shrunk)."""
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(steps):
        g = [0.0] * k
        h = [[0.0] * k for _ in range(k)]
        for x, y in rows:
            z = max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x))))
            p = 1.0 / (1.0 + math.exp(-z))
            q = p * (1.0 - p)
            for i in range(k):
                g[i] += (y - p) * x[i]
                qi = q * x[i]
                row = h[i]
                for j in range(i, k):
                    row[j] += qi * x[j]
        for i in range(k):
            for j in range(i):
                h[i][j] = h[j][i]
        for i in range(1, k):
            g[i] -= ridge * w[i]
            h[i][i] += ridge
        step = _solve(h, g)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


def round_starts(games: int, seed: int) -> dict[int, list[tuple[list[float], float]]]:
    """The villages at the start of rounds 2 and 3 of ``games`` samurai-bot games, as
    feature rows labelled 1 for a game the team went on to win."""
    from .model import SpiritOptions

    game = _game()
    rng = Rng(seed=seed)
    rows: dict[int, list[tuple[list[float], float]]] = {2: [], 3: []}
    levels = ("easy", "normal", "hard", "heroic")
    for g in range(games):
        options = SpiritOptions(players=1 + rng.below(7), difficulty=levels[rng.below(4)],
                                solo_samurai=2 + rng.below(2))
        state = game.new(options, seed * 1_000_003 + g)
        seen: list[tuple[int, list[float]]] = []
        while not state.over:
            if not play_round(game, state):
                seen = []  # a game the bot never ends teaches nothing
                break
            if not state.over:
                f = _features(state)
                seen.append((state.round, [f[k] for k in FEATURES]))
        for r, x in seen:
            rows[r].append((x, 1.0 if state.won else 0.0))
    return rows


def refit(games: int = 4000, seed: int = REFIT_SEED) -> ValueModel:
    rows = round_starts(games, seed)
    rounds = {}
    for r, data_rows in rows.items():
        w = fit_logistic(data_rows)
        rounds[r] = RoundFit(weights={k: round(x, 6) for k, x in zip(FEATURES, w)}, positions=len(data_rows),
                             win_share=round(sum(y for _, y in data_rows) / len(data_rows), 4))
    return ValueModel(about="The samurai bot's team: its chance to win from a village at the start of"
                            " round 2 or 3 (logistic regression; python -m rules.spirit.search --refit).",
                      games=games, seed=seed, rounds=rounds)


def _game() -> Game:
    from .game import GAME
    return GAME


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] != ["--refit"]:
        raise SystemExit("usage: python -m rules.spirit.search --refit [GAMES]")
    model = refit(int(sys.argv[2]) if len(sys.argv) > 2 else 4000)
    VALUE_FILE.write_text(json.dumps(model.model_dump(mode="json"), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {VALUE_FILE} from {model.games} games")
