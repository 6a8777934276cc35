"""Command-line parsing shared by ``tabletop`` (tabletop/cli.py) and its networked
commands (tabletop/net/cli.py): one-line errors with exit code 2, whole-number flags, a
game's option flags and the seats named in them."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, NoReturn

from .catalog import catalog, game_ids, get_game
from .flags import add_option_flags, options_from, short

if TYPE_CHECKING:
    from rules.common import Game


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2
        raise UsageError(message)


def _fail(message: str, code: int = 2) -> NoReturn:
    print(f"tabletop: {message}", file=sys.stderr)
    raise SystemExit(code)


def _game_or_fail(game_id: str) -> Game:
    game = get_game(game_id)
    if game is not None:
        return game
    entry = next((e for e in catalog() if e.id == game_id), None)
    if entry is not None:
        _fail(f"{entry.title} is not available yet: its rules have not landed.")
    _fail(f"unknown game {short(game_id)!r} (choose from {game_ids()}).")


def _whole(low: int, high: int):
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        digits = text.strip().lstrip("+-")
        if digits.isdigit() and len(digits) > 30:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low:,} to {high:,}")
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"{short(text)!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low:,} to {high:,}")
        return value

    return parse


def _options_from(args: argparse.Namespace, game: Game) -> Any:
    values: dict[str, Any] = {}
    for name in game.Options.model_fields:
        value = getattr(args, f"opt_{name}", None)
        if value is not None:
            values[name] = value
    if getattr(args, "players", None) is not None:
        values["players"] = args.players
    options, reason = options_from(values, game)
    if reason is not None:
        _fail(reason)
    return options


def _parse_game_args(command: str, argv: list[str], extra=None) -> tuple[Game, argparse.Namespace]:
    if not argv or argv[0].startswith("-"):
        if argv and argv[0] in ("-h", "--help"):
            print(f"usage: tabletop {command} GAME [options]\ngames: {game_ids()}\n"
                  f"`tabletop {command} GAME --help` lists that game's options.")
            raise SystemExit(0)
        _fail(f"{command} needs a game: {game_ids()}.")
    game = _game_or_fail(argv[0])
    parser = _Parser(prog=f"tabletop {command} {game.id}", add_help=True)
    parser.add_argument("--seed", type=_whole(0, 2**63 - 1), default=None, metavar="S",
                        help="random seed, a whole number (default: a new one each game)")
    if command == "simulate":
        parser.add_argument("--games", type=_whole(1, 1_000_000), default=100, metavar="N",
                            help="how many games to play (default: 100)")
        parser.add_argument("--bot", default="random", metavar="NAME",
                            help="random or one of the game's bots (default: random)")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")
        parser.add_argument("--max-actions", type=_whole(1, 10_000_000), default=20_000,
                            metavar="N", help="give up a game after this many actions (default: 20000)")
        parser.add_argument("--jobs", type=_whole(1, 256), default=1, metavar="N",
                            help="play the games in N processes (the report is the same; default: 1)")
        parser.add_argument("--think-ms", type=_whole(1, 3_600_000), default=None, metavar="MS",
                            help="the strong bot's think time a move (default: 1000, or none with --iterations)")
        parser.add_argument("--iterations", type=_whole(1, 10_000_000), default=None, metavar="N",
                            help="the strong bot's sampled games a move: the same seed then gives the same games")
        parser.add_argument("--league", default=None, metavar="BOT,BOT",
                            help="play each bot on the same seeds and print win rates with 95%% intervals")
    if extra is not None:  # the command's own flags (tabletop host)
        extra(parser)
    if "players" not in game.Options.model_fields:
        parser.add_argument("--players", default=None, metavar="N", help=argparse.SUPPRESS)
    add_option_flags(parser, game)
    args = parser.parse_args(argv[1:])
    if "players" not in game.Options.model_fields and args.players is not None:
        _fail(f"{game.title} has a fixed number of players.")
    return game, args


def _need_terminal() -> None:
    """The board needs a real terminal: without one Textual would spin on a closed input."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        _fail("the game needs a terminal: run it with its input and output on one, not a pipe or a file.")


def _seats_from(game: Game, options: Any) -> list[Any] | None:
    """Who plays each seat, where the options name bots per seat (Senji's ``--seats``)."""
    from .store import Seat

    specs = getattr(options, "seats", ())
    if not specs or not any(getattr(spec, "bot", None) for spec in specs):
        return None
    labels = game.seat_labels(options)
    return [Seat(label, getattr(spec, "bot", None) or "human") for label, spec in zip(labels, specs)]
