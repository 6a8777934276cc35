"""Every game plays over the network: seats joined by bots for 60 actions, and each seat's
screen holds exactly its own view of the host's state."""

from __future__ import annotations

import asyncio

import pytest

from rules.common import Rng
from tabletop.bots import random_bot
from tabletop.catalog import games
from tabletop.net.client import play_with_bot
from tabletop.store import Seat, Store

from .helpers import GAMES, hosting


@pytest.mark.parametrize("game_id", sorted(games()))
async def test_each_game_plays_over_the_network_and_each_seat_holds_its_own_view(game_id):
    game = games()[game_id]
    options = game.Options()
    labels = game.seat_labels(options)
    store = Store.new(game, options, 3, [Seat(name) for name in labels])
    store.remote_seats = list(range(len(labels)))
    bot = next(iter(game.bots().values()), random_bot)
    async with hosting(store) as host:
        seats = await asyncio.gather(*(
            play_with_bot(host.address, host.codes[seat], GAMES, bot, Rng(seed=seat),
                          until=lambda s: s.revision >= 60)
            for seat in range(len(labels))
        ))
    assert store.revision >= 60 or store.finished
    for seat, remote in enumerate(seats):
        assert remote.revision == store.revision
        assert remote.state.model_dump_json() == game.view(store.state, seat).model_dump_json()
