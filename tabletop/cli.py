"""The ``tabletop`` command line.

    tabletop                          menu (offers to resume an unfinished game)
    tabletop play GAME [--players N] [--seed S] [--OPTION VALUE ...]
    tabletop load FILE
    tabletop rules GAME
    tabletop simulate GAME --games N --seed S [--bot NAME] [--json] [--OPTION VALUE ...]
    tabletop --version

Bad arguments print one line and exit with code 2; a save that cannot be loaded
prints one sentence and exits with code 1. Textual is imported only to open the app.
"""

from __future__ import annotations

import argparse
import json
import sys
import typing
from pathlib import Path
from typing import Any, NoReturn

from pydantic import ValidationError

from . import __version__
from .engine import Game, catalog, games, get_game


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
    known = ", ".join(e.id for e in catalog())
    _fail(f"unknown game {game_id!r} (choose from {known}).")


# -- options from the Options model ----------------------------------------
def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _add_option_flags(parser: argparse.ArgumentParser, game: Game) -> None:
    for name, info in game.Options.model_fields.items():
        ann = info.annotation
        origin = typing.get_origin(ann)
        help_text = info.description or info.title or name
        if ann is bool:
            parser.add_argument(_flag(name), dest=f"opt_{name}", action=argparse.BooleanOptionalAction,
                                default=None, help=help_text)
        elif origin is typing.Literal:
            parser.add_argument(_flag(name), dest=f"opt_{name}", default=None,
                                choices=[str(c) for c in typing.get_args(ann)], help=help_text)
        elif origin in (tuple, list):
            parser.add_argument(_flag(name), dest=f"opt_{name}", default=None, metavar="A,B,...",
                                type=lambda v: [x.strip() for x in v.split(",") if x.strip()],
                                help=help_text)
        elif name == "players":
            continue  # the common --players flag below
        else:
            parser.add_argument(_flag(name), dest=f"opt_{name}", default=None, help=help_text)


def _options_from(args: argparse.Namespace, game: Game) -> Any:
    data: dict[str, Any] = {}
    for name in game.Options.model_fields:
        value = getattr(args, f"opt_{name}", None)
        if value is not None:
            data[name] = value
    if getattr(args, "players", None) is not None:
        if "players" not in game.Options.model_fields:
            _fail(f"{game.title} has a fixed number of players.")
        data["players"] = args.players
    try:
        return game.Options.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err.get("loc", ())) or "options"
        _fail(f"invalid option --{where.replace('_', '-')}: {err.get('msg', 'invalid value')}.")


def _common_parser(prog: str) -> _Parser:
    return _Parser(prog=prog, add_help=True)


def _parse_game_args(command: str, argv: list[str]) -> tuple[Game, argparse.Namespace]:
    if not argv or argv[0].startswith("-"):
        if argv and argv[0] in ("-h", "--help"):
            print(f"usage: tabletop {command} GAME [options]\ngames: " + ", ".join(e.id for e in catalog()))
            raise SystemExit(0)
        _fail(f"{command} needs a game: " + ", ".join(e.id for e in catalog()) + ".")
    game = _game_or_fail(argv[0])
    parser = _common_parser(f"tabletop {command} {game.id}")
    parser.add_argument("--players", type=int, default=None, help="number of players")
    parser.add_argument("--seed", type=int, default=None, help="random seed (a whole number)")
    if command == "simulate":
        parser.add_argument("--games", type=int, default=100, help="how many games to play")
        parser.add_argument("--bot", default="random", help="random or a game's bot name")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")
        parser.add_argument("--max-actions", type=int, default=20_000, help="give up a game after this many actions")
    _add_option_flags(parser, game)
    args = parser.parse_args(argv[1:])
    if args.seed is not None and args.seed < 0:
        _fail("--seed must be zero or a positive whole number.")
    return game, args


# -- commands ----------------------------------------------------------------
def cmd_rules(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0].startswith("-"):
        _fail("usage: tabletop rules GAME (" + ", ".join(e.id for e in catalog()) + ").")
    from .help import help_text

    if argv[0] not in {e.id for e in catalog()} and get_game(argv[0]) is None:
        _game_or_fail(argv[0])
    print(help_text(argv[0]))
    return 0


def cmd_simulate(argv: list[str]) -> int:
    from .bots import bot_names
    from .simulate import simulate

    game, args = _parse_game_args("simulate", argv)
    if args.games < 1:
        _fail("--games must be at least 1.")
    if args.bot not in bot_names(game):
        _fail(f"{game.title} has no bot named {args.bot!r} (choose from {', '.join(bot_names(game))}).")
    options = _options_from(args, game)
    report = simulate(game, args.games, args.seed or 0, args.bot, options, args.max_actions)
    print(json.dumps(report.as_dict(), indent=2) if args.json else report.text())
    return 1 if report.errors else 0


def cmd_play(argv: list[str]) -> int:
    game, args = _parse_game_args("play", argv)
    options = _options_from(args, game)
    from .app import run_app

    return run_app(start=("play", game.id, options, args.seed))


def cmd_load(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0].startswith("-"):
        _fail("usage: tabletop load FILE")
    from .paths import autosave_dir
    from .saves import SaveError, load

    path = Path(argv[0])
    try:
        store = load(path, games(), autosave_dir())
    except SaveError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 1
    from .app import run_app

    return run_app(start=("store", store))


USAGE = """usage: tabletop [--version] [COMMAND ...]

  tabletop                         open the menu (offers to resume an unfinished game)
  tabletop play GAME [options]     start a game: --players N --seed S and the game's options
  tabletop load FILE               continue a saved game
  tabletop rules GAME              print a game's rules reference
  tabletop simulate GAME --games N --seed S [--bot NAME] [--json]
                                   play whole games headless and report
games: {games}
`tabletop play GAME --help` lists a game's options."""


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if not argv:
            from .app import run_app

            return run_app()
        head, rest = argv[0], argv[1:]
        if head in ("-h", "--help", "help"):
            print(USAGE.format(games=", ".join(e.id for e in catalog())))
            return 0
        if head in ("-V", "--version"):
            print(f"tabletop {__version__}")
            return 0
        commands = {"play": cmd_play, "load": cmd_load, "rules": cmd_rules, "simulate": cmd_simulate}
        if head not in commands:
            _fail(f"unknown command {head!r} (try: play, load, rules, simulate, --help).")
        return commands[head](rest)
    except UsageError as exc:
        _fail(str(exc))


def run() -> None:  # pragma: no cover - console entry
    raise SystemExit(main())


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
