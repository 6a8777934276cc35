"""Headless play of whole games: the same path the contract tests use.

Each game starts from ``new(options, seed + i)`` and every seat is played by the
chosen bot until ``outcome`` is set or ``max_actions`` is reached. Errors (an
exception, an empty action list before the end, a game that never ends) are
counted, with the first few described.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rules.common import Game, OptionsBase, Rng
from rules.common.search import Budget

from .bots import get_bot, random_bot


@dataclass
class SimReport:
    game: str
    bot: str
    games: int = 0
    finished: int = 0
    results: Counter[str] = field(default_factory=Counter)
    actions: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)
    interrupted: bool = False  # stopped early by Ctrl-C: the figures cover the games played
    # Choices by kind over the finished and failed games (Senji's levers: offers, executions,
    # hires, mercenaries, seppuku...): how often the bots pulled each one.
    choices: Counter[str] = field(default_factory=Counter)

    @property
    def mean_actions(self) -> float:
        return self.actions / self.games if self.games else 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "bot": self.bot,
            "games": self.games,
            "finished": self.finished,
            "results": dict(sorted(self.results.items())),
            "mean_actions_per_game": round(self.mean_actions, 1),
            "actions_per_second": round(self.actions_per_second),
            "seconds": round(self.seconds, 3),
            "errors": len(self.errors),
            "error_samples": self.errors[:5],
            "interrupted": self.interrupted,
            "choices": dict(sorted(self.choices.items())),
        }

    def text(self) -> str:
        lines = [
            f"game        {self.game} (bot: {self.bot})",
            f"games       {self.games}",
            f"finished    {self.finished}",
        ]
        for key, n in sorted(self.results.items()):
            lines.append(f"  {key:<24} {n}")
        lines += [
            f"actions     {self.mean_actions:.1f} per game",
            f"speed       {self.actions_per_second:,.0f} actions/s ({self.seconds:.2f} s)",
            f"errors      {len(self.errors)}",
        ]
        lines += [f"  {e}" for e in self.errors[:5]]
        if self.choices:
            lines.append("choices     by kind, over all games")
            rows = [f"{kind:<16} {n:>7}" for kind, n in sorted(self.choices.items())]
            lines += ["  " + "   ".join(rows[i:i + 3]) for i in range(0, len(rows), 3)]
        if self.interrupted:
            lines.append(f"stopped     by Ctrl-C after {self.games} games")
        return "\n".join(lines)


def play_one(game: Game, options: OptionsBase, seed: int, bot_name: str, max_actions: int,
             budget: Budget | None = None, table: dict[int, str] | None = None,
             choices: Counter[str] | None = None):
    """Play one game; returns (state, actions played). Raises on a rules error.
    ``table`` seats other bots at some seats (a league's table); ``budget`` is the search
    bot's think budget; ``choices``, if given, counts the actions taken by kind."""
    names = dict(table or {})
    bots = {name: get_bot(game, name, budget) for name in {bot_name, *names.values()}}
    rngs = {name: Rng(seed=seed).fork(f"bot:{name}") for name in bots}
    by_seat = seat_bots(game, options, budget)  # per-seat bots named in the options (Senji's --seats)
    state = game.new(options, seed)
    players: dict[int, tuple[Any, Rng, bool]] = {}  # seat -> its bot, that bot's RNG, blind or not
    played = 0
    seat = game.to_move(state)  # asked once per action (a game's to_move only reads the state)
    while seat is not None:
        if played >= max_actions:
            raise RuntimeError(f"no end after {max_actions} actions")
        actions = game.legal_actions(state)
        if not actions:
            raise RuntimeError("no legal action although the game is not over")
        player = players.get(seat)
        if player is None:  # worked out at the seat's first decision: the table never changes
            name = names.get(seat, bot_name)
            # A seat the options name keeps the run's RNG, as before the league.
            b = bots[name] if seat in names else by_seat.get(seat, bots[bot_name])
            # The random bot looks at nothing, so it is spared the cost of a view.
            player = players[seat] = (b, rngs[name], b is random_bot)
        b, rng, blind = player
        view = state if blind else game.view(state, seat)
        action = b(game, view, seat, actions, rng)
        game.apply(state, action)
        if choices is not None:
            choices[action.kind] += 1
        played += 1
        seat = game.to_move(state)
    return state, played


def seat_bots(game: Game, options: OptionsBase, budget: Budget | None = None) -> dict[int, Any]:
    """The bot of each seat whose options name one (``--seats NAME:FAMILY:BOT``); the other
    seats play the run's ``--bot``."""
    specs = getattr(options, "seats", ()) or ()
    return {s: get_bot(game, spec.bot, budget) for s, spec in enumerate(specs) if getattr(spec, "bot", None)}


def simulate(
    game: Game,
    games: int,
    seed: int,
    bot_name: str = "random",
    options: OptionsBase | None = None,
    max_actions: int = 20_000,
    budget: Budget | None = None,
    jobs: int = 1,
) -> SimReport:
    """``jobs`` > 1 plays the games in that many processes; each game depends on its seed
    alone, and the games are counted in seed order, so the report is the same."""
    options = options if options is not None else game.Options()
    get_bot(game, bot_name)  # fail early on an unknown name
    by_seat = seat_bots(game, options)
    label = bot_name if not by_seat else "by seat: " + ", ".join(
        getattr(spec, "bot", None) or bot_name for spec in options.seats)
    report = SimReport(game=game.id, bot=label)
    start = time.perf_counter()
    try:
        for played in play_many(game, options, [seed + i for i in range(games)], bot_name, max_actions,
                                budget, None, jobs):
            _play_into(report, game, played)
    except KeyboardInterrupt:  # the game under way is dropped; the finished ones count
        report.interrupted = True
    report.seconds = time.perf_counter() - start
    return report


# -- one game, anywhere: what a worker process sends back ------------------------------
@dataclass(frozen=True)
class Played:
    seed: int
    actions: int
    outcome: Any  # an Outcome, or None
    error: str | None
    choices: Counter[str] = field(default_factory=Counter)  # the actions taken, by kind


def _play(game_id: str, options_data: dict, seed: int, bot_name: str, max_actions: int,
          budget: Budget | None, table: dict[int, str] | None) -> Played:
    """One game in a worker process: the game is found again by its id."""
    from .catalog import get_game

    game = get_game(game_id)
    return _play_here(game, game.parse_options(options_data), seed, bot_name, max_actions, budget, table)


def _play_here(game: Game, options: OptionsBase, seed: int, bot_name: str, max_actions: int,
               budget: Budget | None, table: dict[int, str] | None) -> Played:
    choices: Counter[str] = Counter()
    try:
        state, played = play_one(game, options, seed, bot_name, max_actions, budget, table, choices)
    except Exception as exc:  # counted and reported, never hidden
        return Played(seed, 0, None, f"seed {seed}: {type(exc).__name__}: {exc}", choices)
    return Played(seed, played, game.outcome(state), None, choices)


def play_many(game: Game, options: OptionsBase, seeds: list[int], bot_name: str, max_actions: int,
              budget: Budget | None = None, table: dict[int, str] | None = None, jobs: int = 1):
    """Each seed's game, in seed order, played here or over ``jobs`` processes."""
    if jobs <= 1 or len(seeds) <= 1:
        for seed in seeds:
            yield _play_here(game, options, seed, bot_name, max_actions, budget, table)
        return
    data = options.model_dump(mode="json")
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_play, game.id, data, seed, bot_name, max_actions, budget, table)
                   for seed in seeds]
        try:
            for f in futures:
                yield f.result()
        except BaseException:
            for f in futures:
                f.cancel()
            raise


def _play_into(report: SimReport, game: Game, played: Played) -> None:
    report.games += 1
    report.choices.update(played.choices)
    if played.error is not None:
        report.errors.append(played.error)
        return
    report.actions += played.actions
    if played.outcome is None:
        report.errors.append(f"seed {played.seed}: no outcome at the end")
        return
    report.finished += 1
    report.results[played.outcome.key()] += 1


# -- the league: bots compared on the same seeds -----------------------------------------
def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (0..1)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class LeagueRow:
    bot: str
    games: int = 0
    wins: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {"bot": self.bot, "games": self.games, "wins": self.wins,
                "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
                "ci95": [round(low, 4), round(high, 4)], "errors": len(self.errors)}


@dataclass
class LeagueReport:
    game: str
    table: str  # how the bot was seated
    budget: str
    rows: list[LeagueRow] = field(default_factory=list)
    interrupted: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "table": self.table, "budget": self.budget,
                "rows": [r.as_dict() for r in self.rows], "interrupted": self.interrupted}

    def text(self) -> str:
        lines = [f"league      {self.game}: {self.table}", f"budget      {self.budget}",
                 f"{'bot':<12} {'games':>6} {'wins':>6} {'win rate':>9}   95% interval"]
        for r in self.rows:
            d = r.as_dict()
            low, high = d["ci95"]
            lines.append(f"{r.bot:<12} {r.games:>6} {r.wins:>6} {100 * d['win_rate']:>8.1f}%   "
                         f"{100 * low:.1f}%-{100 * high:.1f}%" + (f"   errors {len(r.errors)}" if r.errors else ""))
        if self.interrupted:
            lines.append("stopped     by Ctrl-C: the figures cover the games played")
        return "\n".join(lines)


def league(game: Game, bots: list[str], games: int, seed: int, options: OptionsBase | None = None,
           max_actions: int = 20_000, budget: Budget | None = None, jobs: int = 1,
           table_bot: str | None = None) -> LeagueReport:
    """Each bot plays the same seeds. A co-operative game or the duel: the bot plays every
    seat, a win is the table's. A game of rivals (several seats, one winner or a few): the
    bot sits at one seat (turning round the table with the seed) among ``table_bot``s, and
    a win is that seat's."""
    options = options if options is not None else game.Options()
    for name in bots:
        get_bot(game, name)
    seats = game.seat_count(options)
    rivals = game.id == "senji" and seats > 1
    if rivals and table_bot is None:
        table_bot = next(iter(game.bots()), "random")
    spent = budget.words() if budget is not None else Budget().words()
    table = (f"one seat of {seats} (turning with the seed) among {table_bot} bots" if rivals
             else "every seat, the same seeds")
    report = LeagueReport(game=game.id, table=table, budget=f"the strong bot: {spent}")
    seeds = [seed + i for i in range(games)]
    try:
        for name in bots:
            row = LeagueRow(bot=name)
            report.rows.append(row)
            start = time.perf_counter()
            if rivals:
                results = (next(play_many(game, options, [s], table_bot, max_actions, budget,
                                          {s % seats: name}, 1)) for s in seeds) if jobs <= 1 else \
                    _rival_games(game, options, seeds, table_bot, name, seats, max_actions, budget, jobs)
            else:
                results = play_many(game, options, seeds, name, max_actions, budget, None, jobs)
            for played in results:
                row.games += 1
                if played.error is not None or played.outcome is None:
                    row.errors.append(played.error or f"seed {played.seed}: no outcome at the end")
                    continue
                seat = played.seed % seats if rivals else 0
                row.wins += played.outcome.results[seat] == "win"
            row.seconds = time.perf_counter() - start
    except KeyboardInterrupt:
        report.interrupted = True
    return report


def _rival_games(game, options, seeds, table_bot, name, seats, max_actions, budget, jobs):
    from concurrent.futures import ProcessPoolExecutor

    data = options.model_dump(mode="json")
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_play, game.id, data, s, table_bot, max_actions, budget, {s % seats: name})
                   for s in seeds]
        for f in futures:
            yield f.result()
