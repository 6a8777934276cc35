"""Faults at a networked table: drops, hostile messages, a seat claimed twice, a player away."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from rules.senji import GAME as SENJI
from tabletop.net import protocol as P
from tabletop.net.client import Connection, JoinError
from tabletop.net.host import REFUSALS_ALLOWED

from .helpers import GAMES, hosting, senji_store


def url(host) -> str:
    return f"ws://{host.address[0]}:{host.address[1]}/"


async def until(condition, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("it did not happen in time")


async def closed_with(ws) -> tuple[int, str]:
    with pytest.raises(ConnectionClosed) as caught:
        for _ in range(10):
            await asyncio.wait_for(ws.recv(), 5)
    frame = caught.value.rcvd
    return frame.code, frame.reason


async def play_one(store, host) -> None:
    """The seat to move plays its first legal action through its own connection."""
    seat = store.to_move()
    conn = Connection(host.address, host.codes[seat], GAMES)
    remote = await conn.join()
    before = store.revision
    remote.dispatch(remote.legal_actions()[0])
    await until(lambda: store.revision == before + 1)
    await conn.close()


async def test_a_dropped_seat_joins_again_by_itself_and_sees_the_table_as_it_stands():
    store = senji_store(3, 4)
    async with hosting(store) as host:
        seat = store.to_move()
        said: list[str] = []
        conn = Connection(host.address, host.codes[seat], GAMES, retry=0.05, on_note=said.append)
        remote = await conn.join()
        first = host.clients[seat]
        await conn.drop()  # the line goes dead
        await until(lambda: "The connection to the host was lost; joining again…" in said, 15)
        # The table waits: the seat is still to move, and still remote.
        assert store.to_move() == seat and host.seat_kind(seat) == "remote"
        await until(lambda: "Joined the table again." in said, 15)  # with the same code
        await until(lambda: seat in host.clients and host.clients[seat] is not first and remote.send is not None, 15)
        before = store.revision
        remote.dispatch(remote.legal_actions()[0])
        await until(lambda: store.revision == before + 1)
        assert remote.revision == store.revision
        assert remote.state == SENJI.view(store.state, seat).model_copy(update={"log": remote.state.log})
        await conn.close()


async def test_a_seat_that_left_joins_again_with_its_code_and_gets_the_current_state():
    store = senji_store(3, 4)
    async with hosting(store) as host:
        seat = store.to_move()
        first = Connection(host.address, host.codes[seat], GAMES)
        await first.join()
        await first.close()
        await until(lambda: seat not in host.clients)
        await play_one(store, host)  # the seat itself plays from a new screen...
        await play_one(store, host)  # ...and whoever is next
        again = Connection(host.address, host.codes[seat], GAMES)
        remote = await again.join()
        assert remote.revision == store.revision == 2
        assert [ln.text for ln in remote.state.log] == [
            ln.text for ln in SENJI.view(store.state, seat).log]
        await again.close()


async def test_garbage_closes_that_connection_with_a_reason_and_the_table_plays_on():
    store = senji_store(3, 4)
    async with hosting(store) as host:
        seat = store.to_move()
        for junk in ("not json at all", "[1, 2, 3]", json.dumps({"v": P.VERSION, "type": "act"}),
                     json.dumps({"v": 7, "type": "join", "code": "x"}), b"\xff\xfe\x00"):
            async with connect(url(host)) as ws:
                await ws.send(junk)
                code, reason = await closed_with(ws)
                assert code == P.CLOSE_BAD_MESSAGE and reason.startswith("Th"), (junk, reason)
        # A joined seat that sends an action of no game is closed too; its seat is kept.
        async with connect(url(host)) as ws:
            await ws.send(P.encode(P.Join(code=host.codes[seat])))
            await ws.send(json.dumps({"v": P.VERSION, "type": "act", "revision": 0, "action": {"kind": "steal"}}))
            code, reason = await closed_with(ws)
            assert (code, reason) == (P.CLOSE_BAD_MESSAGE, "The action is not one of this game's.")
        assert store.revision == 0
        await play_one(store, host)
        assert store.revision == 1


async def test_an_oversized_message_closes_that_connection_before_it_is_read():
    store = senji_store(3, 4)
    async with hosting(store) as host:
        async with connect(url(host), max_size=None) as ws:
            await ws.send(json.dumps({"v": P.VERSION, "type": "join", "code": "A" * (P.MAX_CLIENT_MESSAGE + 10)}))
            code, reason = await closed_with(ws)
            assert code == 1009  # message too big
        assert host.clients == {}
        await play_one(store, host)
        assert store.revision == 1


async def test_a_wrong_code_is_refused_in_a_sentence():
    store = senji_store(3, 4)
    async with hosting(store) as host:
        with pytest.raises(JoinError, match="does not match a seat"):
            await Connection(host.address, "ABCD-EFGH", GAMES).join()


async def test_two_screens_claiming_one_seat_the_second_is_refused():
    store = senji_store(3, 4)
    async with hosting(store) as host:
        first = Connection(host.address, host.codes[1], GAMES)
        await first.join()
        with pytest.raises(JoinError, match="already played from another screen"):
            await Connection(host.address, host.codes[1], GAMES).join()
        assert list(host.clients) == [1]
        # the first screen is undisturbed: it still plays and receives the table
        if store.to_move() == 1:
            first.store.dispatch(first.store.legal_actions()[0])
            await until(lambda: store.revision == 1)
        else:
            await play_one(store, host)
        await until(lambda: first.store.revision == store.revision == 1)
        await first.close()


async def test_a_seat_away_too_long_is_played_by_a_bot_and_given_back():
    store = senji_store(3, 4)
    notes: list[str] = []
    # The stand-ins think for 30 ms a move: with no delay they finish the whole game in
    # about 0.2 s, so on a loaded machine it could end before the player is back.
    async with hosting(store, away_after=0.05, bot_delay=0.03, on_note=notes.append) as host:
        seat = store.to_move()
        # Nobody joins: the seat to move is handed to the stand-in bot once its time is up.
        await until(lambda: store.to_move() != seat)
        assert seat in host.stood_in
        assert any("a bot plays for them" in n for n in notes)
        # Every seat is away, so the bots play on; the player comes back and gets the seat.
        conn = Connection(host.address, host.codes[seat], GAMES)
        remote = await conn.join()
        assert seat not in host.stood_in and any("is back" in n for n in notes)
        await until(lambda: store.to_move() == seat, 30)
        moved = store.revision
        await asyncio.sleep(0.2)
        assert store.revision == moved  # the bot no longer answers for them
        await until(lambda: remote.revision == store.revision and bool(remote.legal_actions()))
        remote.dispatch(remote.legal_actions()[0])
        await until(lambda: store.revision > moved)  # (the stand-ins may answer at once after it)
        assert store.log[moved].seat == seat
        await conn.close()


async def test_a_stale_choice_is_refused_and_the_table_is_unchanged():
    store = senji_store(3, 4)
    async with hosting(store) as host:
        seat = store.to_move()
        conn = Connection(host.address, host.codes[seat], GAMES)
        remote = await conn.join()
        refusals: list[str] = []
        remote.on_refused = refusals.append
        action = remote.legal_actions()[0]
        remote.send(P.Act(revision=remote.revision + 5, action=SENJI.dump_action(action)))
        await until(lambda: bool(refusals))
        assert refusals == ["The table moved on before your choice arrived: choose again."]
        assert store.revision == 0
        await conn.close()


async def test_a_screen_flooding_the_host_with_refused_choices_is_closed_and_keeps_its_seat():
    store = senji_store(3, 4)
    async with hosting(store) as host:
        mover = store.to_move()
        other = next(s for s in range(3) if s != mover)
        action = SENJI.dump_action(store.legal_actions()[0])
        async with connect(url(host)) as ws:
            await ws.send(P.encode(P.Join(code=host.codes[other])))
            # One more than the host allows. (More would sit unread behind the close, and
            # the host waits its close_timeout, 2 s, for the screen's reply behind them.)
            for _ in range(REFUSALS_ALLOWED + 1):
                await ws.send(P.encode(P.Act(revision=0, action=action)))
            with pytest.raises(ConnectionClosed) as caught:
                while True:
                    await asyncio.wait_for(ws.recv(), 5)
            assert caught.value.rcvd.code == P.CLOSE_BAD_MESSAGE
            assert caught.value.rcvd.reason.startswith("Too many refused choices")
        assert store.revision == 0
        await until(lambda: other not in host.clients)
        conn = Connection(host.address, host.codes[other], GAMES)
        remote = await conn.join()  # the seat is still theirs
        assert remote.seat == other
        await conn.close()


async def test_the_other_screens_show_a_seat_as_away_while_its_player_is_gone():
    store = senji_store(3, 4)
    async with hosting(store) as host:
        watcher = Connection(host.address, host.codes[0], GAMES)
        seen = await watcher.join()
        name = store.seats[1].name
        assert seen.seats[1].name == f"{name} (away)"  # not joined yet
        leaver = Connection(host.address, host.codes[1], GAMES)
        await leaver.join()
        await until(lambda: seen.seats[1].name == name)
        await leaver.close()
        await until(lambda: seen.seats[1].name == f"{name} (away)")
        assert seen.seats[0].name == store.seats[0].name and seen.seats[0].is_human
        await watcher.close()
