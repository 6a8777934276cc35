"""``tabletop host``, ``tabletop join`` and ``tabletop serve`` (no Textual until a screen opens).

    tabletop host GAME [game options] [--seat N=here|remote|BOT ...] [--listen ADDRESS:PORT]
                  [--away SECONDS] [--stand-in BOT] [--headless]
    tabletop host --resume [TABLE] [--listen ADDRESS:PORT] [--headless]
    tabletop join ADDRESS:PORT [CODE]
    tabletop serve [ADDRESS:PORT] [--listen ADDRESS:PORT] [--max-tabs N]

A host listens on 127.0.0.1 (this computer only) unless ``--listen`` names another
address, and says so at start; on any other address its traffic is encrypted and its codes
carry its certificate's fingerprint (``tls``). By default seat 1 is played at the host's
terminal and every other seat remotely; bots named in the game's options stay bots.
Everything printed here that quotes a name is plain text (``rules.common.text.plain``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shlex
import sys
from typing import TYPE_CHECKING, Any

from rules.common.text import MAX_NAME, plain

from . import protocol as P

if TYPE_CHECKING:
    from ..store import Store
    from .host import TableHost

LOOPBACK = ("127.0.0.1", "localhost", "::1")  # as tls.PLAIN_HOSTS: a table there stays plain


def _address(text: str) -> tuple[str, int]:
    try:
        return P.parse_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number of seconds") from None
    if not 0 <= value <= 86_400:
        raise argparse.ArgumentTypeError("must be from 0 to 86400 seconds")
    return value


def _host_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--listen", type=_address, default=None, metavar="ADDRESS:PORT",
                        help=f"where the table listens (default: 127.0.0.1:{P.DEFAULT_PORT}, this computer only)")
    parser.add_argument("--seat", action="append", default=[], metavar="N=WHO",
                        help="who plays seat N: here (this terminal), remote (another screen) or a bot's "
                             "name (default: seat 1 here, the others remote)")
    parser.add_argument("--away", type=_seconds, default=0, metavar="SECONDS",
                        help="hand a remote seat to a bot when its player has been away this long on "
                             "their turn, until they are back (default: 0, never)")
    parser.add_argument("--stand-in", default=None, metavar="BOT",
                        help="the bot that stands in for an away player (default: the game's own bot)")
    parser.add_argument("--headless", action="store_true",
                        help="no screen here: every seat is remote or a bot; stops when the game ends")
    parser.add_argument("--bot-delay", type=_seconds, default=0.4, help=argparse.SUPPRESS)


def _plan_seats(game: Any, options: Any, specs: list[str], headless: bool, fail) -> tuple[list[Any], list[int]]:
    """The store's seats (a remote seat is a human one there) and the remote seats."""
    from ..bots import bot_names
    from ..args import _seats_from
    from ..store import Seat
    from .host import HERE

    seats = _seats_from(game, options) or [Seat(name) for name in game.seat_labels(options)]
    chosen = {}
    for spec in specs:
        number, _, who = spec.partition("=")
        if not number.isdigit() or not 1 <= int(number) <= len(seats) or not who:
            fail(f"--seat takes N=WHO with N from 1 to {len(seats)} (for example --seat 2=remote).")
        chosen[int(number) - 1] = who.strip()
    out, remote = [], []
    for i, seat in enumerate(seats):
        who = chosen.get(i)
        if who is None:
            who = seat.controller if not seat.is_human else ("here" if i == 0 and not headless else "remote")
        if who == "here":
            if headless:
                fail("a headless host has no terminal to play at: make every seat remote or a bot.")
            out.append(Seat(seat.name, HERE))
        elif who == "remote":
            out.append(Seat(seat.name, HERE))
            remote.append(i)
        elif who in bot_names(game):
            out.append(Seat(seat.name, who))
        else:
            fail(f"--seat {i + 1}={who[:20]!r}: choose here, remote or a bot ({', '.join(bot_names(game))}).")
    return out, remote


def cmd_host(argv: list[str]) -> int:
    from ..args import _Parser, _fail, _options_from, _parse_game_args

    if argv and argv[0] == "--resume":
        parser = _Parser(prog="tabletop host --resume", add_help=True,
                         description="Open the table this computer hosted last (or TABLE) again, from its saved game.")
        parser.add_argument("table", nargs="?", default=None, help="a table's id (default: the latest unfinished)")
        parser.add_argument("--listen", type=_address, default=None, metavar="ADDRESS:PORT")
        parser.add_argument("--headless", action="store_true")
        parser.add_argument("--bot-delay", type=_seconds, default=0.4, help=argparse.SUPPRESS)
        args = parser.parse_args(argv[1:])
        store, codes, listen, away = _resume(args.table, _fail)
        listen = args.listen or listen
        return _open_table(store, codes, listen, away, None, args.headless, args.bot_delay)
    game, args = _parse_game_args("host", argv, extra=_host_flags)
    options = _options_from(args, game)
    seats, remote = _plan_seats(game, options, args.seat, args.headless, _fail)
    if args.stand_in is not None:
        from ..bots import bot_names

        if args.stand_in not in bot_names(game):
            _fail(f"--stand-in: {game.title} has no bot named {args.stand_in[:20]!r} "
                  f"(choose from {', '.join(bot_names(game))}).")
    from ..journal import Journal, attach
    from ..paths import journal_path
    from ..store import Store

    store = Store.new(game, options, args.seed, seats)
    attach(Journal(journal_path()), store, source="new")
    codes = {i: P.new_code() for i in remote}
    listen = args.listen or ("127.0.0.1", P.DEFAULT_PORT)
    return _open_table(store, codes, listen, args.away or None, args.stand_in, args.headless, args.bot_delay)


def _resume(table: str | None, fail) -> tuple[Store, dict[int, str], tuple[str, int], float | None]:
    from ..catalog import games
    from ..journal import Journal, JournalError, open_game
    from ..paths import journal_path
    from .host import remembered_tables

    tables = remembered_tables()
    journal = Journal(journal_path())
    if table is not None:
        if table not in tables:
            fail(f"no table {table[:20]!r} was hosted here (tabletop host --resume opens the latest).")
        order = [table]
    else:
        order = list(tables)
    for uid in order:
        row = journal.game(uid)
        if row is None or (row.finished and table is None):
            continue
        try:
            store = open_game(journal, uid, games())
        except JournalError as exc:
            fail(str(exc))
        entry = tables[uid]
        codes = {int(k): str(v) for k, v in entry["codes"].items()}
        try:
            listen = P.parse_address(str(entry.get("listen", "")))
        except ValueError:
            listen = ("127.0.0.1", P.DEFAULT_PORT)
        away = entry.get("away")
        return store, codes, listen, float(away) if away else None
    fail("there is no unfinished table to resume: start one with tabletop host GAME.")


def _listen_text(host: str, port: int) -> str:
    if host in LOOPBACK:
        return (f"Listening on {host}:{port}: this computer only. To let others join, give "
                f"--listen with an address they can reach (for example --listen 0.0.0.0:{port}).")
    return (f"Listening on {host}:{port}, encrypted: anyone who can reach this computer there and has a "
            "seat's code can join that seat (the code's last three parts check that it is this table).")


def codes_text(store: Store, codes: dict[int, str], address: tuple[str, int], fingerprint: str | None = None) -> str:
    host, port = address
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    if host in ("0.0.0.0", "::"):
        where = f"THIS-COMPUTER:{port}"
    lines = [f"{plain(store.seats[seat].name, MAX_NAME)}: tabletop join {where} {P.show_code(code, fingerprint)}"
             for seat, code in sorted(codes.items())]
    return "\n".join(lines) or "No seat is played remotely."


def _open_table(store: Store, codes: dict[int, str], listen: tuple[str, int], away: float | None,
                stand_in: str | None, headless: bool, bot_delay: float) -> int:
    from ..args import _fail, _need_terminal
    from .host import TableHost, remember_table
    from .tls import CertificateError

    if not headless:
        _need_terminal()
    host = TableHost(store, codes, listen, away_after=away, stand_in=stand_in, bot_delay=bot_delay)

    async def main() -> int:
        try:
            address = await host.start()
        except (OSError, CertificateError) as exc:
            if store.recorder is not None:
                store.recorder.release()
            if isinstance(exc, CertificateError):
                _fail(str(exc), 1)
            _fail(f"cannot listen on {listen[0]}:{listen[1]} ({exc.strerror or exc}).", 1)
        remember_table(store, codes, f"{address[0]}:{address[1]}", away)
        print(f"{store.game.title} table {store.game_uid} is open.")
        print(_listen_text(*address))
        if away:
            print(f"A seat whose player is away {away:g} s on their turn is played by a bot until they are back.")
        text = codes_text(store, codes, address, host.fingerprint)
        print(text, flush=True)
        try:
            if headless:
                return await _headless(host)
            from ..entry import open_screens

            return await open_screens().run_host_screen(host, text)
        finally:
            await host.close()
            if store.recorder is not None:
                store.recorder.release()

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 130


async def _headless(host: TableHost) -> int:
    done = asyncio.get_running_loop().create_future()
    host.on_note = lambda text: print(plain(text, 200), flush=True)

    def changed(store: Any) -> None:
        if store.finished and not done.done():
            done.set_result(None)

    host.store.subscribe(changed)
    changed(host.store)
    await done
    outcome = host.store.outcome()
    print(f"The game is over: {outcome.explanation if outcome else ''}", flush=True)
    await asyncio.sleep(1)  # the last updates reach the seats
    return 0


def cmd_join(argv: list[str]) -> int:
    from ..args import _Parser, _need_terminal

    parser = _Parser(prog="tabletop join", add_help=True,
                     description="Play one seat of a table hosted elsewhere (tabletop host).")
    parser.add_argument("address", type=_address, metavar="ADDRESS:PORT", help="where the table listens")
    parser.add_argument("code", nargs="?", default=None, help="your seat's join code (asked for if not given)")
    args = parser.parse_args(argv)
    if "TEXTUAL_DRIVER" not in os.environ:  # a browser tab (tabletop serve) has a driver, not a terminal
        _need_terminal()
    from ..catalog import games
    from ..entry import open_screens
    from .client import Connection, JoinError

    async def main() -> int:
        if args.code is None:
            return await open_screens().run_join_screen(args.address, None)
        conn = Connection(args.address, args.code, games())
        try:
            store = await conn.join()
        except JoinError as exc:
            print(f"tabletop: {exc}", file=sys.stderr)
            return 1
        return await open_screens().run_seat(conn, store)

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 130


def tabletop_command() -> list[str]:
    """This tabletop as a command, with the Python running it (the console script may not be
    on the PATH). Not ``-m tabletop.cli``: that would load the command line twice."""
    return [sys.executable, "-c", "from tabletop.cli import run; run()"]


def serve_command(table: tuple[str, int]) -> str:
    """The command each browser tab runs: a join screen for ``table`` (the shell that
    textual-serve starts it with makes way for it: one process a tab)."""
    host, port = table
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return "exec " + shlex.join([*tabletop_command(), "join", where])


def _tabs(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 64:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number of tabs from 1 to 64")
    return int(text)


def cmd_serve(argv: list[str]) -> int:
    from ..args import _Parser

    parser = _Parser(prog="tabletop serve", add_help=True,
                     description="Let friends play a seat in a web browser: each browser tab runs a "
                                 "join screen for the table on this computer.")
    parser.add_argument("table", type=_address, nargs="?", default=("127.0.0.1", P.DEFAULT_PORT),
                        metavar="ADDRESS:PORT", help=f"the table to join (default: 127.0.0.1:{P.DEFAULT_PORT})")
    parser.add_argument("--listen", type=_address, default=("127.0.0.1", 8000), metavar="ADDRESS:PORT",
                        help="where the web pages are served (default: 127.0.0.1:8000, this computer only)")
    parser.add_argument("--max-tabs", type=_tabs, default=4, metavar="N",
                        help="browser tabs open at once, each running a seat (default: 4)")
    args = parser.parse_args(argv)
    from .serve import SeatServer

    host, port = args.listen
    shown = f"[{host}]" if ":" in host else host
    print(f"Serving seats of the table at {args.table[0]}:{args.table[1]} on http://{shown}:{port}/ "
          f"(at most {args.max_tabs} tabs at once).", flush=True)
    if host in LOOPBACK:
        print(f"This computer only: give --listen 0.0.0.0:{port} to let others on your network open it.", flush=True)
    SeatServer(serve_command(args.table), host=host, port=port, max_tabs=args.max_tabs).serve()
    return 0
