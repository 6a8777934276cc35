"""A guarded table (issue 23): what a client sends never prints a traceback on the host and
closes with a 4xxx code and a reason; a code holder cannot flood the other screens; a code
guesser slows down; a web page cannot reach the table."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from rules.senji import GAME as SENJI
from tabletop.net import host as H
from tabletop.net import protocol as P
from tabletop.net.client import Connection, JoinError

from .helpers import GAMES, hosting, senji_store
from .test_faults import closed_with, play_one, until, url


@pytest.fixture
def no_handler_errors(caplog):
    """No log record above INFO from the WebSocket server (its 'connection handler failed'
    with a traceback is what reached the host's console before)."""
    caplog.set_level(logging.INFO, logger="websockets")
    yield
    loud = [r for r in caplog.records if r.name.startswith("websockets") and r.levelno > logging.INFO]
    assert loud == [], [r.getMessage() for r in loud]


async def join_raw(host, seat: int):
    """A raw connection that joined ``seat`` (its welcome and first update read);
    ConnectionClosed when the host closed it instead."""
    ws = await connect(url(host))
    try:
        await ws.send(P.encode(P.Join(code=host.codes[seat])))
        for _ in range(2):
            await asyncio.wait_for(ws.recv(), 5)
    except BaseException:
        await ws.close()
        raise
    return ws


# -- anything a client sends ----------------------------------------------------------------
HOSTILE_FIRST = [
    ("[" * 8000 + "]" * 8000, "The message nests too deep."),  # RecursionError in the JSON reader
    ('{"v":2,"type":"join","code":' + "[" * 40 + "]" * 40 + "}", "The message is refused: it nests more than 32 deep."),
    (json.dumps({"v": 2, "type": "join", "code": "x", "\x1b]0;PWNED\x07": 1}),
     "The message is refused: text may hold only printable characters (no control characters)."),
    (json.dumps({"v": 2, "type": "join", "code": "AB\u202eCD"}),
     "The message is refused: text may hold only printable characters (no control characters)."),
    (json.dumps({"v": 2, "type": "join", "code": 5, "extra": 1}), "The message is not understood (join.code)."),
    ('{"v":2,"type":"join","code":"' + "9" * 5000 + '"}', "The message is not understood (join.code)."),
    ('{"v":2, "type":"join", "code": 1' + "0" * 5000 + "}", "The message is not JSON."),  # past int's digit limit
    (b"\xff\xfe" * 100, "The message is not JSON."),
]


@pytest.mark.parametrize(("junk", "reason"), HOSTILE_FIRST, ids=range(len(HOSTILE_FIRST)))
async def test_a_hostile_first_message_closes_with_4001_and_a_one_line_reason(junk, reason, no_handler_errors):
    store = senji_store(3, 4)
    async with hosting(store) as host:
        async with connect(url(host), max_size=None) as ws:
            await ws.send(junk)
            assert await closed_with(ws) == (P.CLOSE_BAD_MESSAGE, reason)
        await play_one(store, host)  # the table plays on
        assert store.revision == 1


async def test_a_joined_seat_sending_deep_or_odd_actions_is_closed_and_keeps_its_seat(monkeypatch, no_handler_errors):
    monkeypatch.setattr(H, "JOIN_EVERY", 0.05)  # it joins five times in a row
    store = senji_store(3, 4)
    async with hosting(store) as host:
        seat = store.to_move()
        deep = '{"v":2,"type":"act","revision":0,"action":' + '{"a":' * 900 + "1" + "}" * 901
        odd = [
            (deep, "The message is refused: it nests more than 32 deep."),
            (json.dumps({"v": 2, "type": "act", "revision": 0, "action": {"kind": "keep", "samurai": [[[]]]}}),
             "The action is not one of this game's."),
            (json.dumps({"v": 2, "type": "act", "revision": 0, "action": {"kind": ["keep"]}}),
             "The action is not one of this game's."),
            (json.dumps({"v": 2, "type": "act", "revision": -1, "action": {}}), "The message is not understood (act.revision)."),
        ]
        for junk, reason in odd:
            ws = await join_raw(host, seat)
            await ws.send(junk)
            assert await closed_with(ws) == (P.CLOSE_BAD_MESSAGE, reason), junk[:60]
            await until(lambda: seat not in host.clients)
        assert store.revision == 0
        await play_one(store, host)
        assert store.revision == 1


async def test_whatever_a_message_sets_off_in_the_host_closes_that_screen_with_a_reason(monkeypatch, no_handler_errors):
    """A failure no check foresaw (here the game's action reader raising something else than
    ValueError) closes the screen with 4001 and a sentence, not 1011 and a traceback."""
    store = senji_store(3, 4)
    async with hosting(store) as host:
        seat = store.to_move()
        ws = await join_raw(host, seat)

        def broken(data):
            raise RecursionError("deep inside the rules")

        monkeypatch.setattr(SENJI, "parse_action", broken)
        await ws.send(P.encode(P.Act(revision=0, action={"kind": "keep"})))
        assert await closed_with(ws) == (P.CLOSE_BAD_MESSAGE, H.UNREADABLE)
        await ws.close()


async def test_a_web_page_cannot_open_a_connection_to_the_table():
    store = senji_store(3, 4)
    async with hosting(store) as host:
        for origin in ("http://evil.example", f"http://127.0.0.1:{host.address[1]}"):
            with pytest.raises(InvalidStatus) as caught:
                await connect(url(host), origin=origin)
            assert caught.value.response.status_code == 403
        assert host.clients == {}


async def test_a_screen_that_reads_nothing_is_closed_before_its_queue_grows(monkeypatch):
    store = senji_store(3, 4)
    monkeypatch.setattr(H, "MAX_QUEUED", 5)
    async with hosting(store) as host:
        ws = await join_raw(host, 0)
        client = host.clients[0]
        client.writer.cancel()  # as if the socket never drained: nothing leaves the queue
        await until(lambda: client.writer.done())
        for _ in range(10):
            host._send_update(client)
        assert client.dropped and client.queue.qsize() == 5
        code, reason = await closed_with(ws)
        assert (code, reason) == (P.CLOSE_BEHIND, "This screen fell behind the table; it joins again.")
        await until(lambda: 0 not in host.clients)


# -- a code holder flooding the table ----------------------------------------------------------
async def test_a_seats_joins_are_rate_limited_and_its_screen_retries_later(monkeypatch):
    monkeypatch.setattr(H, "JOIN_EVERY", 0.5)
    store = senji_store(3, 4)
    async with hosting(store) as host:
        closes = []
        for _ in range(H.JOIN_BURST + 3):
            try:
                ws = await join_raw(host, 1)
                await ws.close()
                closes.append("joined")
            except ConnectionClosed as exc:
                closes.append(exc.rcvd.code)
        assert closes[:H.JOIN_BURST] == ["joined"] * H.JOIN_BURST
        assert P.CLOSE_TOO_SOON in closes[H.JOIN_BURST:]
        with pytest.raises(JoinError, match="This seat joined too often just now"):
            await Connection(host.address, host.codes[1], GAMES).join()
        # A screen that drops and finds the seat's joins used up keeps trying, and gets in.
        said: list[str] = []
        conn = Connection(host.address, host.codes[1], GAMES, retry=0.05, on_note=said.append)
        await until(lambda: _joins_left(host, 1) >= 1, 5)
        await conn.join()
        await conn.drop()
        await until(lambda: "Joined the table again." in said, 10)
        await conn.close()


def _joins_left(host, seat: int) -> float:
    import time

    left, then = host._joins.get(seat, (H.JOIN_BURST, time.monotonic()))
    return min(H.JOIN_BURST, left + (time.monotonic() - then) / H.JOIN_EVERY)


async def test_a_join_leave_flood_reaches_the_other_screens_as_one_note_a_few_seconds(monkeypatch):
    """Seat 1's code holder joins and leaves 40 times as fast as it can: seat 0 and the
    host's screen hear of it at most once per gap (once at once, then as the seat stands
    when a gap is over: here, gone), and seat 0's updates stay within the joins the seat
    was allowed."""
    import time

    monkeypatch.setattr(H, "NOTE_GAP", 1.0)
    store = senji_store(3, 4)
    name = store.seats[1].name
    host_said: list[tuple[float, str]] = []
    async with hosting(store, on_note=lambda text: host_said.append((time.monotonic(), text))) as host:
        received: list[str] = []
        watcher = Connection(host.address, host.codes[0], GAMES, on_raw=received.append)
        await watcher.join()
        received.clear()
        host_said.clear()
        joined, start = 0, time.monotonic()
        for _ in range(40):
            try:
                ws = await join_raw(host, 1)
                await ws.close()
                joined += 1
            except ConnectionClosed:
                pass
        took = time.monotonic() - start
        assert joined <= H.JOIN_BURST + took / H.JOIN_EVERY + 1  # the rest were refused before they joined
        await until(lambda: 1 not in host.clients and not host._presence_timers, 10)

        def notes_seen() -> list[str]:
            return [json.loads(r)["text"] for r in received if json.loads(r)["type"] == "note"]

        await until(lambda: len(notes_seen()) == len(host_said), 10)  # the last one on its way to seat 0
        notes = notes_seen()
        assert [text for _, text in host_said] == notes
        assert notes[0] == f"{name} joined the table."
        assert notes[-1] == f"{name} left the table; the seat is kept for them."
        assert len(notes) <= 2 + took / H.NOTE_GAP
        times = [t for t, _ in host_said]
        assert all(later - earlier >= H.NOTE_GAP * 0.95 for earlier, later in zip(times, times[1:]))
        updates = [r for r in received if json.loads(r)["type"] == "update"]
        assert len(updates) <= 2 * joined  # one when it came, one when it went
        await watcher.close()


async def test_a_seat_that_came_back_within_the_gap_is_not_told_as_gone(monkeypatch):
    monkeypatch.setattr(H, "NOTE_GAP", 0.3)
    store = senji_store(3, 4)
    said: list[str] = []
    async with hosting(store, on_note=said.append) as host:
        name = store.seats[1].name
        ws = await join_raw(host, 1)
        await ws.close()
        await until(lambda: 1 not in host.clients)
        ws = await join_raw(host, 1)  # back before the gap is over
        await until(lambda: not host._presence_timers, 5)
        assert said == [f"{name} joined the table."]
        await ws.close()


async def test_refused_choices_are_counted_per_seat_and_joining_again_does_not_start_over():
    store = senji_store(3, 4)
    async with hosting(store) as host:
        mover = store.to_move()
        other = next(s for s in range(3) if s != mover)
        action = SENJI.dump_action(store.legal_actions()[0])
        refused = 0
        for _ in range(3):  # three screens of the same seat, one after another
            ws = await join_raw(host, other)
            try:
                for _ in range(H.REFUSALS_ALLOWED // 3):
                    await ws.send(P.encode(P.Act(revision=0, action=action)))
                    assert P.parse_host(await asyncio.wait_for(ws.recv(), 5)).type == "refused"
                    refused += 1
            finally:
                await ws.close()
            await until(lambda: other not in host.clients)
        assert refused == H.REFUSALS_ALLOWED
        ws = await join_raw(host, other)
        await ws.send(P.encode(P.Act(revision=0, action=action)))  # one more, from a fresh screen
        code, reason = await closed_with(ws)
        assert code == P.CLOSE_BAD_MESSAGE and reason.startswith("Too many refused choices")
        assert store.revision == 0


# -- a code guesser ----------------------------------------------------------------------------
async def guess(host, code: str) -> int:
    """The host's close code for a join with ``code`` (one turned away before it is read is
    closed before the join is sent)."""
    async with connect(url(host)) as ws:
        try:
            await ws.send(P.encode(P.Join(code=code)))
        except ConnectionClosed as exc:
            return exc.rcvd.code
        return (await closed_with(ws))[0]


async def test_wrong_codes_from_one_address_slow_down_and_the_host_hears_of_it_once():
    store = senji_store(3, 4)
    said: list[str] = []
    async with hosting(store, on_note=said.append) as host:
        answers = [await guess(host, f"WRNG-{n:04d}") for n in range(H.FREE_GUESSES + 4)]
        # The free tries are checked; the next wrong one starts a wait, and tries within
        # it are turned away unread, the right code too.
        assert answers == [P.CLOSE_BAD_CODE] * (H.FREE_GUESSES + 1) + [P.CLOSE_SLOW_DOWN] * 3
        with pytest.raises(JoinError, match=r"Too many wrong join codes from this address: try again in 1 s\."):
            await Connection(host.address, host.codes[0], GAMES).join()
        assert said == [f"Someone at 127.0.0.1 typed {H.FREE_GUESSES + 1} wrong join codes: "
                        "each further try from there now waits longer."]
        await until(lambda: host._wait_for("127.0.0.1") == 0, 3)
        assert await guess(host, "WRNG-9999") == P.CLOSE_BAD_CODE  # checked, and the wait doubles
        assert 1.5 < host._wait_for("127.0.0.1") <= 2.0
        assert len(said) == 1  # told once
        await until(lambda: host._wait_for("127.0.0.1") == 0, 4)
        conn = Connection(host.address, host.codes[0], GAMES)
        assert (await conn.join()).seat == 0  # the right code, after the wait
        await conn.close()


async def test_guesses_sent_at_once_on_many_connections_cannot_pass_the_backoff():
    store = senji_store(3, 4)
    async with hosting(store) as host:
        sockets = [await connect(url(host)) for _ in range(30)]  # all open before any guess
        await asyncio.gather(*(ws.send(P.encode(P.Join(code=f"WRNG-{n:04d}"))) for n, ws in enumerate(sockets)))
        codes = [(await closed_with(ws))[0] for ws in sockets]
        assert codes.count(P.CLOSE_BAD_CODE) == H.FREE_GUESSES + 1
        assert codes.count(P.CLOSE_SLOW_DOWN) == 30 - H.FREE_GUESSES - 1


async def test_the_hosts_console_prints_no_traceback_and_no_control_character_from_a_client(tmp_path):
    """A headless host in a process of its own, hit with issue 23's probes: its console
    shows its own lines and the one notice of a guesser, plain, and nothing else."""
    import os
    import re
    import socket
    import subprocess

    from tabletop.net.cli import tabletop_command

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path)}
    proc = subprocess.Popen([*tabletop_command(), "host", "senji", "--headless", "--listen", f"127.0.0.1:{port}"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    try:
        opening = [proc.stdout.readline() for _ in range(6)]
        code = re.search(rb"tabletop join \S+ (\S+)", opening[2]).group(1).decode()
        where = f"ws://127.0.0.1:{port}/"
        probes = [junk for junk, _ in HOSTILE_FIRST] + [
            json.dumps({"v": 2, "type": "join", "code": code}),  # joins, then:
        ]
        for junk in probes:
            async with connect(where, max_size=None) as ws:
                await ws.send(junk)
                if junk is probes[-1]:
                    await ws.recv()
                    await ws.send('{"v":2,"type":"act","revision":0,"action":' + '{"a":' * 900 + "1" + "}" * 901)
                with pytest.raises(ConnectionClosed):
                    for _ in range(5):
                        await asyncio.wait_for(ws.recv(), 5)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\nHost: \x1b]0;PWNED\x07\r\n\r\n")  # not a WebSocket at all
        await writer.drain()
        await reader.read()
        writer.close()
        for n in range(H.FREE_GUESSES + 2):
            async with connect(where) as ws:
                with contextlib.suppress(ConnectionClosed):
                    await ws.send(P.encode(P.Join(code=f"WRNG-{n:04d}")))
                    await asyncio.wait_for(ws.recv(), 5)
    finally:
        proc.terminate()
        out = proc.communicate(timeout=20)[0]
    lines = out.decode().splitlines()  # after its opening lines (read above)
    # (that Red left is told once the note gap is over: after the probes)
    assert lines == ["Red (R) joined the table.",
                     f"Someone at 127.0.0.1 typed {H.FREE_GUESSES + 1} wrong join codes: "
                     "each further try from there now waits longer."], out
    assert b"\x1b" not in out and b"\x07" not in out
