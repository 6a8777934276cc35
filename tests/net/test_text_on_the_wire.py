"""Text is data on the wire (issue 23): every string a host or a client sends is checked by
the protocol's models, a joiner refuses a hostile host's welcome in one sentence, and the
payload's bytes never reach the joiner's terminal (a real ``tabletop join`` in a pty)."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from websockets.asyncio.server import serve

from rules.senji import GAME as SENJI
from tabletop.net import protocol as P
from tabletop.net.client import Connection, JoinError

from .helpers import GAMES, LOCAL, senji_store
from .pty_seat import PAYLOAD, PtySeat, hostile_in, letters, words


def welcome_and_update(name: str = "Red (R)") -> tuple[str, str]:
    """A Senji welcome and first update for seat 0 as a host sends them, seat 0 named ``name``
    (written as raw JSON: a hostile host does not go through the models)."""
    store = senji_store(3, 4)
    seats = [P.SeatInfo(name=f"Seat {i}", kind="remote") for i in range(3)]
    welcome = json.loads(P.encode(P.Welcome(game="senji", options=store.options.model_dump(mode="json"), seat=0,
                                            seats=seats, table=store.game_uid)))
    welcome["seats"][0]["name"] = name
    update = P.build_update(SENJI, store.state, 0, 0, 0, seats)
    return json.dumps(welcome), P.encode(update)


# -- the models ---------------------------------------------------------------------------
@pytest.mark.parametrize("message", [
    {"type": "note", "text": PAYLOAD},
    {"type": "refused", "reason": "Not your turn\x1b[2J"},
    {"type": "note", "text": "x" * 201},  # a line is at most 200 characters
])
def test_a_hosts_note_or_reason_is_one_plain_bounded_line(message):
    with pytest.raises(P.BadMessage) as caught:
        P.parse_host(json.dumps({"v": P.VERSION, **message}))
    assert caught.value.args[0].isprintable()


def test_a_welcome_is_checked_down_to_every_name_in_it():
    good, _ = welcome_and_update()
    assert isinstance(P.parse_host(good), P.Welcome)
    for where in ("seat", "options", "table", "nested"):
        data = json.loads(good)
        if where == "seat":
            data["seats"][1]["name"] = PAYLOAD
        elif where == "options":
            data["options"]["\u202ename"] = "Ann"  # a key is text too
        elif where == "table":
            data["table"] = "t\x00"
        else:
            data["options"]["deep"] = {"names": [["Ann", ["Bo\x07"]]]}
        with pytest.raises(P.BadMessage, match="printable"):
            P.parse_host(json.dumps(data))
    data = json.loads(good)
    data["seats"][0]["name"] = "N" * 41  # a name is at most 40 characters
    with pytest.raises(P.BadMessage, match=r"seats\.0\.name"):
        P.parse_host(json.dumps(data))


def test_an_update_is_checked_in_its_view_log_and_choices():
    _, good = welcome_and_update()
    assert isinstance(P.parse_host(good), P.Update)
    for part in ("view", "log", "actions"):
        data = json.loads(good)
        if part == "view":
            data["view"]["names"][0] = "Ann\x1b]0;x\x07"
        elif part == "log":
            data["log"] = [{"text": "Ann keeps\u2066 a card", "seats": None}]
        else:
            data["actions"] = [{"kind": "keep\x00"}]
        with pytest.raises(P.BadMessage, match="printable"):
            P.parse_host(json.dumps(data))


def test_the_models_check_what_the_host_builds_too():
    with pytest.raises(ValueError):
        P.SeatInfo(name=PAYLOAD, kind="remote")
    with pytest.raises(ValueError):
        P.Note(text="a\nb")
    with pytest.raises(ValueError):
        P.Act(revision=0, action={"kind": "x\x1b"})


# -- a hostile host -----------------------------------------------------------------------
class HostileHost:
    """A WebSocket server on 127.0.0.1 that answers any join with ``messages`` (raw text),
    then ``close`` (code, reason) or waits; in a thread of its own, so that a test can
    read a pty meanwhile. ``closed`` holds the close frame the joiner sent back."""

    def __init__(self, messages: list[str], close: tuple[int, str] | None = None) -> None:
        self.messages, self.close_with = messages, close
        self.closed: list[tuple[int, str]] = []
        self.port = 0
        self._ready = threading.Event()
        self._stop: asyncio.Future | None = None
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(),), daemon=True)

    async def _handler(self, ws) -> None:
        await ws.recv()  # the join
        for text in self.messages:
            await ws.send(text)
        if self.close_with is not None:
            await ws.close(*self.close_with)
            return
        try:
            await ws.wait_closed()
        finally:
            frame = ws.protocol.close_rcvd
            if frame is not None:
                self.closed.append((frame.code, frame.reason))

    async def _main(self) -> None:
        self._stop = asyncio.get_running_loop().create_future()
        async with serve(self._handler, LOCAL, 0) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await self._stop

    def __enter__(self) -> HostileHost:
        self._thread.start()
        self._ready.wait(10)
        return self

    def __exit__(self, *exc) -> None:
        stop = self._stop
        if stop is not None:
            stop.get_loop().call_soon_threadsafe(lambda: stop.done() or stop.set_result(None))
        self._thread.join(10)


async def test_a_joiner_refuses_a_hostile_welcome_in_one_plain_sentence():
    welcome, update = welcome_and_update(PAYLOAD)
    with HostileHost([welcome, update]) as hostile:
        with pytest.raises(JoinError) as caught:
            await Connection((LOCAL, hostile.port), "ABCD-EFGH", GAMES).join()
    said = str(caught.value)
    assert said == ("The host sent something this tabletop cannot read: The message is refused: text may hold "
                    "only printable characters (no control characters).")


async def test_a_hosts_close_reason_is_shown_as_plain_text():
    with HostileHost([], close=(P.CLOSE_BAD_CODE, PAYLOAD)) as hostile:
        with pytest.raises(JoinError) as caught:
            await Connection((LOCAL, hostile.port), "ABCD-EFGH", GAMES).join()
    assert str(caught.value).isprintable() and str(caught.value).startswith("Ann ")


def test_tabletop_join_in_a_terminal_refuses_a_hostile_welcome_and_no_payload_byte_reaches_it(tmp_path):
    welcome, update = welcome_and_update(PAYLOAD)
    with HostileHost([welcome, update]) as hostile:
        seat = PtySeat(["join", f"{LOCAL}:{hostile.port}", "ABCD-EFGH"], {"TABLETOP_DATA_DIR": str(tmp_path)})
        try:
            assert seat.finish(120) == 1
        finally:
            seat.close()
    raw = bytes(seat.output)
    assert words(raw) == ("tabletop: The host sent something this tabletop cannot read: The message is refused: "
                          "text may hold only printable characters (no control characters).")
    assert hostile_in(raw) == []


def test_a_hostile_note_to_a_seat_at_the_board_is_refused_and_no_payload_byte_reaches_its_terminal(tmp_path):
    """The welcome is fair, the app draws the board; then the host sends the payload as
    table news. The seat closes the connection in one sentence, on its screen."""
    welcome, update = welcome_and_update()
    note = json.dumps({"v": P.VERSION, "type": "note", "text": PAYLOAD})
    with HostileHost([welcome, update, note]) as hostile:
        seat = PtySeat(["join", f"{LOCAL}:{hostile.port}", "ABCD-EFGH"], {"TABLETOP_DATA_DIR": str(tmp_path)})
        try:
            seat.until(lambda: bool(hostile.closed), 180, "the seat closing the hostile connection")
            assert hostile.closed[0][0] == P.CLOSE_BAD_MESSAGE
            seat.until(lambda: "tabletopcannotread" in letters(bytes(seat.output)), 60, "the seat saying why")
            seat.type("q")  # leave the table
            assert seat.finish(60) == 0
        finally:
            seat.close()
    raw = bytes(seat.output)
    assert "Leave the table" in words(raw)  # the board was drawn, with its keys
    assert hostile_in(raw) == []


def test_a_welcome_or_update_naming_a_seat_the_table_has_not_is_refused():
    welcome, update = welcome_and_update()
    data = json.loads(welcome)
    data["seat"] = 3  # of three seats, 0 to 2
    with pytest.raises(P.BadMessage, match="not understood"):
        P.parse_host(json.dumps(data))
    data = json.loads(update)
    data["to_move"] = 7
    with pytest.raises(P.BadMessage, match="not understood"):
        P.parse_host(json.dumps(data))
