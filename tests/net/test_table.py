"""A host and its remote seats play Senji: the same game as at one screen, secrets kept."""

from __future__ import annotations

import asyncio

from rules.common import Rng
from rules.senji import GAME as SENJI
from tabletop.net import protocol as P
from tabletop.net.client import Connection, play_with_bot

from .helpers import GAMES, LOCAL, end_of_first_summer, hosting, hot_seat_to_autumn, seat_rng, senji_store


async def test_three_remote_seats_play_the_first_year_to_autumn_as_at_one_screen():
    seed, players = 11, 3
    store = senji_store(players, seed)
    bot = SENJI.bots()["smart"]
    async with hosting(store) as host:
        await asyncio.gather(*(
            play_with_bot(host.address, host.codes[seat], GAMES, bot, seat_rng(seed, seat),
                          until=lambda s: end_of_first_summer(s.state))
            for seat in range(players)
        ))
    assert store.state.step.startswith("autumn") and store.state.year == 1
    reference = hot_seat_to_autumn(seed, players)
    assert store.revision == reference.revision > 40
    assert store.state.model_dump_json() == reference.state.model_dump_json()


async def test_no_message_a_seat_receives_carries_another_seats_secret():
    """Every update seat 1 received is byte for byte the update built from a state whose
    secrets (hands, decks, face-down orders and bids, the dice) were scrambled."""
    seed, players, spy = 5, 4, 1
    store = senji_store(players, seed)
    states = {0: store.state}
    store.subscribe(lambda s: states.__setitem__(s.revision, s.state))  # committed states never change
    received: list[str] = []
    rand = SENJI.bots()["smart"]
    async with hosting(store) as host:
        await asyncio.gather(*(
            play_with_bot(host.address, host.codes[seat], GAMES, rand, seat_rng(seed, seat),
                          until=lambda s: s.revision >= 150,
                          on_raw=received.append if seat == spy else None)
            for seat in range(players)
        ))
    updates = [P.parse_host(raw) for raw in received]
    updates = [(raw, u) for raw, u in zip(received, updates) if isinstance(u, P.Update)]
    assert len(updates) > 100
    scrambler = Rng(seed=99)
    sensitive = 0
    for raw, update in updates:
        state = states[update.revision]
        other = SENJI.scramble_hidden(state, spy, scrambler)
        rebuilt = P.build_update(SENJI, other, spy, update.revision, update.log_from, update.seats,
                                 update.clock)  # the host's clock: public, not of the state
        assert P.encode(rebuilt) == raw, f"revision {update.revision} tells seat {spy} something hidden"
        # The check can fail: the same scramble shows in what another seat would receive.
        for seat in (0, 2, 3):
            mine = P.build_update(SENJI, state, seat, update.revision, 0, update.seats)
            theirs = P.build_update(SENJI, other, seat, update.revision, 0, update.seats)
            sensitive += P.encode(mine) != P.encode(theirs)
    assert sensitive > len(updates)

async def test_a_seat_acts_only_for_itself_and_only_on_its_turn():
    store = senji_store(3, 3)
    async with hosting(store) as host:
        mover = store.to_move()
        other = next(s for s in range(3) if s != mover)
        conn = Connection(host.address, host.codes[other], GAMES)
        remote = await conn.join()
        refusals: list[str] = []
        remote.on_refused = refusals.append
        # The screen refuses at once; a hostile client sending anyway is refused by the host.
        action = store.legal_actions()[0]
        remote.send(P.Act(revision=remote.revision, action=SENJI.dump_action(action)))
        for _ in range(100):
            if refusals:
                break
            await asyncio.sleep(0.01)
        assert refusals == ["It is not your turn."]
        assert store.revision == 0
        await conn.close()
