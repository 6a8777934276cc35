"""The ``tabletop`` command line.

    tabletop                          menu (offers to resume an unfinished game)
    tabletop play GAME [--players N] [--seed S] [--OPTION VALUE ...]
    tabletop load FILE
    tabletop replay FILE
    tabletop log FILE [--seat N] [--format text|markdown|json]
    tabletop rules GAME
    tabletop simulate GAME --games N --seed S [--bot NAME] [--json] [--OPTION VALUE ...]
    tabletop host GAME [options] | host --resume · join ADDRESS:PORT [CODE] · serve (tabletop.net.cli)
    tabletop --version

Bad arguments print one line and exit with code 2; a save that cannot be loaded
prints one sentence and exits with code 1. Textual is imported only to open the app.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from . import __version__
from .catalog import catalog, game_ids, get_game
from .flags import add_option_flags, options_from, short

if TYPE_CHECKING:
    from types import ModuleType

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


# -- commands ----------------------------------------------------------------
def cmd_rules(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0].startswith("-"):
        _fail(f"usage: tabletop rules GAME ({game_ids()}).")
    from .help import help_text

    if argv[0] not in {e.id for e in catalog()}:
        _game_or_fail(argv[0])
    print(help_text(argv[0]))
    return 0


def cmd_simulate(argv: list[str]) -> int:
    from .bots import bot_names
    from .simulate import simulate

    from rules.common.search import Budget

    game, args = _parse_game_args("simulate", argv)
    league = [b.strip() for b in args.league.split(",") if b.strip()] if args.league is not None else [args.bot]
    for name in league:
        if name not in bot_names(game):
            _fail(f"{game.title} has no bot named {short(name)!r} (choose from {', '.join(bot_names(game))}).")
    options = _options_from(args, game)
    budget = None
    if args.iterations is not None or args.think_ms is not None:
        budget = Budget(iterations=args.iterations, think_ms=args.think_ms)
    if args.league is not None:
        from .simulate import league as play_league

        table = play_league(game, league, args.games, args.seed or 0, options, args.max_actions, budget, args.jobs)
        print(json.dumps(table.as_dict(), indent=2) if args.json else table.text())
        if table.interrupted:
            return 130
        return 1 if any(r.errors for r in table.rows) else 0
    # Ctrl-C ends the run early: the games finished so far are still reported.
    report = simulate(game, args.games, args.seed or 0, args.bot, options, args.max_actions, budget, args.jobs)
    print(json.dumps(report.as_dict(), indent=2) if args.json else report.text())
    if report.interrupted:
        return 130
    return 1 if report.errors else 0


def _need_terminal() -> None:
    """The board needs a real terminal: without one Textual would spin on a closed input."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        _fail("the game needs a terminal: run it with its input and output on one, not a pipe or a file.")


def open_screens() -> ModuleType:
    """The one door from tabletop/ up to the screens: ``screens/app.py``, the Textual app
    and its ways in (``run_app``; a networked table's ``run_host_screen``, ``run_join_screen``
    and ``run_seat``). Every command that opens the app comes through here, so the rest of
    tabletop/ never imports Textual or the screens."""
    import screens.app

    return screens.app


def cmd_play(argv: list[str]) -> int:
    game, args = _parse_game_args("play", argv)
    options = _options_from(args, game)
    _need_terminal()
    return open_screens().run_app(start=("play", game.id, options, args.seed, _seats_from(game, options)))


def _seats_from(game: Game, options: Any) -> list[Any] | None:
    """Who plays each seat, where the options name bots per seat (Senji's ``--seats``)."""
    from .store import Seat

    specs = getattr(options, "seats", ())
    if not specs or not any(getattr(spec, "bot", None) for spec in specs):
        return None
    labels = game.seat_labels(options)
    return [Seat(label, getattr(spec, "bot", None) or "human") for label, spec in zip(labels, specs)]


def cmd_load(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0].startswith("-"):
        _fail("usage: tabletop load FILE")
    from .catalog import games
    from .saves import SaveError, load

    path = Path(argv[0])
    try:
        store = load(path, games())
    except SaveError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 1
    _need_terminal()
    return open_screens().run_app(start=("store", store))


def cmd_replay(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0].startswith("-"):
        _fail("usage: tabletop replay FILE")
    from .catalog import games
    from .replay import Replay
    from .saves import SaveError

    try:
        replay = Replay.from_file(Path(argv[0]), games())
    except SaveError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 1
    _need_terminal()
    return open_screens().run_app(start=("replay", replay))


def cmd_log(argv: list[str]) -> int:
    from .replay import FORMATS

    parser = _Parser(prog="tabletop log", add_help=True,
                     description="Print a saved game's log for sharing: the public lines unless "
                                 "--seat is given for a finished game.")
    parser.add_argument("file", metavar="FILE", help="a save file")
    parser.add_argument("--seat", type=_whole(1, 99), default=None, metavar="N",
                        help="read the log as seat N does (a finished game only)")
    parser.add_argument("--format", choices=FORMATS, default="text", help="text (default), markdown or json")
    args = parser.parse_args(argv)
    from .catalog import games
    from .replay import Replay, ReplayError
    from .saves import SaveError

    try:
        replay = Replay.from_file(Path(args.file), games())
    except SaveError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 1
    seat = None if args.seat is None else args.seat - 1
    if seat is not None and seat >= len(replay.seats):
        _fail(f"this game has {len(replay.seats)} seat{'' if len(replay.seats) == 1 else 's'}: "
              f"--seat is a number from 1 to {len(replay.seats)}.")
    try:
        text = replay.export_log(seat, args.format)
    except ReplayError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 1
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


USAGE = """usage: tabletop [--version] [COMMAND ...]

  tabletop                         open the menu (offers to resume an unfinished game)
  tabletop play GAME [options]     start a game: --players N --seed S and the game's options
  tabletop load FILE               continue a saved game
  tabletop replay FILE             watch a saved game move by move
  tabletop log FILE [--seat N] [--format text|markdown|json]
                                   print a saved game's log (public unless --seat)
  tabletop rules GAME              print a game's rules reference
  tabletop simulate GAME --games N --seed S [--bot NAME] [--json]
                                   play whole games headless and report
  tabletop host GAME [options] [--listen ADDRESS:PORT]
                                   open a table others join over the network (--help: seats)
  tabletop join ADDRESS:PORT [CODE]
                                   play your seat of a table hosted elsewhere
  tabletop serve [ADDRESS:PORT]    let friends play a seat in a web browser
games: {games}
`tabletop play GAME --help` lists a game's options."""


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if not argv:
            _need_terminal()
            return open_screens().run_app()
        head, rest = argv[0], argv[1:]
        if head in ("-h", "--help", "help"):
            print(USAGE.format(games=game_ids()))
            return 0
        if head in ("-V", "--version"):
            print(f"tabletop {__version__}")
            return 0
        commands = {"play": cmd_play, "load": cmd_load, "replay": cmd_replay, "log": cmd_log,
                    "rules": cmd_rules, "simulate": cmd_simulate}
        if head in ("host", "join", "serve"):  # networked tables: tabletop/net/cli.py
            from .net import cli as net_cli

            commands[head] = getattr(net_cli, f"cmd_{head}")
        if head not in commands:
            _fail(f"unknown command {short(head)!r} (try: play, load, replay, log, rules, simulate, host, join, "
                  "serve, --help).")
        return commands[head](rest)
    except UsageError as exc:
        _fail(short(str(exc), 200))


def run() -> None:  # pragma: no cover - console entry (tested through subprocesses)
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (`tabletop rules senji | head`): stop quietly, and keep the
        # interpreter from complaining when it flushes stdout on the way out.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 0
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EIO, errno.EDQUOT):
            raise
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            print(f"tabletop: cannot write the output: {exc.strerror or exc}.", file=sys.stderr)
        except OSError:
            pass
        code = 1
    except KeyboardInterrupt:
        code = 130
    raise SystemExit(code)


if __name__ == "__main__":  # pragma: no cover
    run()
