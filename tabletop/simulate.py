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
             choices: Counter[str] | None = None):
    """Play one game; returns (state, actions played). Raises on a rules error. ``choices``,
    if given, counts the actions taken by kind."""
    bot = get_bot(game, bot_name)
    by_seat = seat_bots(game, options)  # per-seat bots named in the options (Senji's --seats)
    rng = Rng(seed=seed).fork(f"bot:{bot_name}")
    state = game.new(options, seed)
    played = 0
    while game.to_move(state) is not None:
        if played >= max_actions:
            raise RuntimeError(f"no end after {max_actions} actions")
        seat = game.to_move(state)
        actions = game.legal_actions(state)
        if not actions:
            raise RuntimeError("no legal action although the game is not over")
        b = by_seat.get(seat, bot)
        # The random bot looks at nothing, so it is spared the cost of a view.
        view = state if b is random_bot else game.view(state, seat)
        action = b(game, view, seat, actions, rng)
        game.apply(state, action)
        if choices is not None:
            choices[action.kind] += 1
        played += 1
    return state, played


def seat_bots(game: Game, options: OptionsBase) -> dict[int, Any]:
    """The bot of each seat whose options name one (``--seats NAME:FAMILY:BOT``); the other
    seats play the run's ``--bot``."""
    specs = getattr(options, "seats", ()) or ()
    return {s: get_bot(game, spec.bot) for s, spec in enumerate(specs) if getattr(spec, "bot", None)}


def simulate(
    game: Game,
    games: int,
    seed: int,
    bot_name: str = "random",
    options: OptionsBase | None = None,
    max_actions: int = 20_000,
) -> SimReport:
    options = options if options is not None else game.Options()
    get_bot(game, bot_name)  # fail early on an unknown name
    by_seat = seat_bots(game, options)
    label = bot_name if not by_seat else "by seat: " + ", ".join(
        getattr(spec, "bot", None) or bot_name for spec in options.seats)
    report = SimReport(game=game.id, bot=label)
    start = time.perf_counter()
    try:
        for i in range(games):
            _play_into(report, game, options, seed + i, bot_name, max_actions)
    except KeyboardInterrupt:  # the game under way is dropped; the finished ones count
        report.interrupted = True
    report.seconds = time.perf_counter() - start
    return report


def _play_into(report: SimReport, game: Game, options: OptionsBase, seed: int, bot_name: str,
               max_actions: int) -> None:
    try:
        state, played = play_one(game, options, seed, bot_name, max_actions, report.choices)
    except Exception as exc:  # counted and reported, never hidden
        report.games += 1
        report.errors.append(f"seed {seed}: {type(exc).__name__}: {exc}")
        return
    report.games += 1
    report.actions += played
    outcome = game.outcome(state)
    if outcome is None:
        report.errors.append(f"seed {seed}: no outcome at the end")
        return
    report.finished += 1
    report.results[outcome.key()] += 1
