"""A networked table in one process: a host on 127.0.0.1 (a free port) and its seats."""

from __future__ import annotations

import contextlib

from rules.common import Rng
from rules.senji import GAME as SENJI
from rules.senji.state import SenjiOptions
from tabletop.catalog import games
from tabletop.net.host import REMOTE, TableHost
from tabletop.store import Seat, Store

LOCAL = "127.0.0.1"


def senji_store(players: int = 3, seed: int = 7, controllers: list[str] | None = None,
                options: SenjiOptions | None = None) -> Store:
    """A Senji store; seats given as "remote" are human seats that ``hosting`` gives codes."""
    options = options or SenjiOptions(players=players)
    labels = SENJI.seat_labels(options)
    controllers = controllers or [REMOTE] * players
    store = Store.new(SENJI, options, seed,
                      [Seat(n, "human" if c == REMOTE else c) for n, c in zip(labels, controllers)])
    store.remote_seats = [i for i, c in enumerate(controllers) if c == REMOTE]
    return store


def codes_for(store: Store) -> dict[int, str]:
    return {i: f"SEAT-{i:04d}" for i in store.remote_seats}


@contextlib.asynccontextmanager
async def hosting(store: Store, **kwargs):
    kwargs.setdefault("bot_delay", 0)
    host = TableHost(store, codes_for(store), (LOCAL, 0), **kwargs)
    await host.start()
    try:
        yield host
    finally:
        await host.close()


def end_of_first_summer(state) -> bool:
    return state.step.startswith("autumn") or state.year > 1 or state.over


def seat_rng(seed: int, seat: int) -> Rng:
    return Rng(seed=seed).fork(f"test-seat:{seat}")


def hot_seat_to_autumn(seed: int, players: int) -> Store:
    """The same table played at one screen: each seat's bot decides from its own view."""
    store = senji_store(players, seed, ["human"] * players)
    bot = SENJI.bots()["smart"]
    rngs = {seat: seat_rng(seed, seat) for seat in range(players)}
    while not end_of_first_summer(store.state):
        seat = store.to_move()
        # Each seat is offered what a remote seat is: on the winter floor its own offer, not
        # another's (the smart bot host gives every player the floor where it may, issue 28).
        actions = [a for a in store.legal_actions() if a.kind != "open_offer" or a.by == seat]
        store.dispatch(bot(SENJI, store.view(seat), seat, actions, rngs[seat]))
    return store


GAMES = games()
