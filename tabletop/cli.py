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

import errno
import json
import os
import sys
from pathlib import Path

from . import __version__
from .catalog import catalog, game_ids
from .args import (UsageError, _fail, _game_or_fail, _need_terminal, _options_from, _parse_game_args,  # noqa: F401
                   _Parser, _seats_from, _whole)
from .entry import open_screens
from .flags import short

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


def cmd_play(argv: list[str]) -> int:
    game, args = _parse_game_args("play", argv)
    options = _options_from(args, game)
    _need_terminal()
    return open_screens().run_app(start=("play", game.id, options, args.seed, _seats_from(game, options)))


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
