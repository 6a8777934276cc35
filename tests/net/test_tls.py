"""Encrypted when exposed (issue 23): a table on any address but this computer's own
(127.0.0.1, ::1, localhost) speaks TLS with a certificate it made itself, its codes carry the
certificate's fingerprint, and a joiner sends its seat's code only to the table whose
certificate matches. The tests bind 127.0.0.2: exposed by that rule, and still loopback."""

from __future__ import annotations

import json
import os
import re
import ssl
import stat
import subprocess
import sys

import pytest
from websockets.asyncio.client import connect

from tabletop.net import protocol as P
from tabletop.net import tls
from tabletop.net.cli import tabletop_command
from tabletop.net.client import NOT_THAT_TABLE, Connection, JoinError
from tabletop.net.host import TableHost, remember_table

from .helpers import GAMES, codes_for, senji_store
from .test_faults import until

EXPOSED = "127.0.0.2"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind((EXPOSED, 0))
        return s.getsockname()[1]


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


async def open_table(store, folder, address=EXPOSED) -> TableHost:
    host = TableHost(store, codes_for(store), (address, 0), bot_delay=0, tls_folder=folder)
    await host.start()
    return host


async def test_an_exposed_table_speaks_tls_and_its_codes_carry_the_fingerprint(tmp_path):
    store = senji_store(3, 4)
    host = await open_table(store, tmp_path / "data")
    try:
        assert re.fullmatch(r"SEAT-0000-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}", host.join_code(0))
        der = ssl.PEM_cert_to_DER_cert((tmp_path / "data" / tls.CERTIFICATE).read_text())
        assert host.join_code(0).endswith(P.fingerprint(der))
        seat = store.to_move()
        conn = Connection(host.address, host.join_code(seat).lower(), GAMES)  # as typed: any case
        assert conn.url.startswith("wss://")
        remote = await conn.join()
        secure = conn.ws.transport.get_extra_info("ssl_object")
        assert secure is not None and secure.version() in ("TLSv1.2", "TLSv1.3")
        remote.dispatch(remote.legal_actions()[0])
        await until(lambda: store.revision == 1)
        await conn.close()
        # Plain WebSocket is not spoken there: a code without its fingerprint is told why.
        with pytest.raises(JoinError, match="encrypted: type all five parts of its code"):
            await Connection(host.address, host.codes[seat], GAMES).join()
    finally:
        await host.close()


async def test_a_table_on_this_computer_only_stays_plain(tmp_path):
    store = senji_store(3, 4)
    host = await open_table(store, tmp_path / "data", "127.0.0.1")
    try:
        assert host.fingerprint is None and host.join_code(0) == "SEAT-0000"
        assert not (tmp_path / "data").exists()  # no certificate made
        conn = Connection(host.address, host.join_code(0), GAMES)
        assert conn.url.startswith("ws://")
        await conn.join()
        await conn.close()
    finally:
        await host.close()


async def test_a_table_whose_certificate_differs_is_refused_before_the_code_is_sent(tmp_path):
    """Another table (another certificate) answers at the address: the joiner refuses it in
    one sentence and sends it nothing, so the code it holds does not leak."""
    store = senji_store(3, 4)
    impostor = await open_table(store, tmp_path / "other")
    joins: list[str] = []
    real = impostor.seat_for_code
    impostor.seat_for_code = lambda code: joins.append(code) or real(code)
    try:
        mine = P.show_code("SEAT-0000", P.fingerprint(b"the real table's certificate"))
        with pytest.raises(JoinError) as caught:
            await Connection(impostor.address, mine, GAMES).join()
        assert str(caught.value) == NOT_THAT_TABLE
        assert joins == [] and impostor.clients == {}
    finally:
        await impostor.close()


async def test_a_code_with_a_fingerprint_refuses_a_plain_host(tmp_path):
    store = senji_store(3, 4)
    host = await open_table(store, tmp_path / "data", "127.0.0.1")
    try:
        code = P.show_code(host.codes[0], P.fingerprint(b"some certificate"))
        with pytest.raises(JoinError, match="does not answer as an encrypted tabletop table"):
            await Connection(host.address, code, GAMES).join()
        assert host.clients == {}
    finally:
        await host.close()


async def test_the_certificate_is_made_once_kept_private_and_used_again(tmp_path):
    folder = tmp_path / "data"
    store = senji_store(3, 4)
    first = await open_table(store, folder)
    await first.close()
    assert mode(folder) == 0o700
    assert mode(folder / tls.CERTIFICATE) == 0o600 and mode(folder / tls.KEY) == 0o600
    again = await open_table(senji_store(3, 5), folder)
    try:
        assert again.fingerprint == first.fingerprint  # a resumed table's codes still hold
    finally:
        await again.close()


async def test_an_unreadable_certificate_is_said_in_a_sentence(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / tls.CERTIFICATE).write_text("not a certificate")
    (folder / tls.KEY).write_text("not a key")
    host = TableHost(senji_store(3, 4), {}, (EXPOSED, 0), tls_folder=folder)
    with pytest.raises(tls.CertificateError, match=r"cannot read the table's certificate .* to make a new one\."):
        await host.start()


def test_a_fingerprint_is_read_as_typed():
    printed = P.fingerprint(b"x")
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){2}", printed)
    code = P.show_code("ABCD-EFGH", printed)
    typed = code.lower().replace("-", " ").replace("0", "o").replace("1", "l")
    assert P.split_code(typed) == ("ABCDEFGH", printed)
    assert P.split_code("abcd-efgh") == ("ABCDEFGH", None)
    assert P.fingerprint(b"y") != printed


def test_tables_json_is_private(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    folder.mkdir(mode=0o755)
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(folder))
    store = senji_store(3, 4)
    remember_table(store, codes_for(store), "127.0.0.1:8765", None)
    path = folder / "tables.json"
    assert mode(path) == 0o600 and mode(folder) == 0o700
    assert json.loads(path.read_text())[store.game_uid]["codes"]["0"] == "SEAT-0000"


async def test_tabletop_host_on_an_exposed_address_shows_codes_a_joiner_pins(tmp_path):
    env = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.Popen([*tabletop_command(), "host", "senji", "--headless", "--seat", "1=remote",
                             "--seat", "2=smart", "--seat", "3=smart", "--seat", "4=smart",
                             "--listen", f"{EXPOSED}:{free_port()}"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    try:
        lines = []
        while not lines or ": tabletop join " not in lines[-1]:
            line = proc.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
        assert "encrypted" in lines[1]
        where, code = lines[-1].split("tabletop join ")[1].split()
        assert len(code.split("-")) == 5
        conn = Connection(P.parse_address(where), code, GAMES)
        remote = await conn.join()
        assert remote.seat == 0
        await conn.close()
        assert mode(tmp_path / "data" / tls.KEY) == 0o600
        assert mode(tmp_path / "data" / "tables.json") == 0o600
    finally:
        proc.terminate()
        out = proc.communicate(timeout=20)[0]
    assert "Traceback" not in out


async def test_a_plain_client_at_an_exposed_table_prints_nothing_on_the_hosts_console(tmp_path):
    """A WebSocket without TLS, raw bytes and a TLS client that gives up: the host's console
    stays quiet (no traceback, no line)."""
    import asyncio

    env = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.Popen([*tabletop_command(), "host", "senji", "--headless", "--listen", f"{EXPOSED}:{free_port()}"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    try:
        lines = []
        while len(lines) < 6:
            line = proc.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
        port = int(re.search(r":(\d+)", lines[1]).group(1))
        with pytest.raises(Exception):
            await connect(f"ws://{EXPOSED}:{port}/", open_timeout=5)
        reader, writer = await asyncio.open_connection(EXPOSED, port)
        writer.write(b"\x16\x03\x01\x00\x05hello" + bytes(range(256)))
        await writer.drain()
        await reader.read()  # the host closes it
        writer.close()
        ctx = tls.client_context()
        reader, writer = await asyncio.open_connection(EXPOSED, port, ssl=ctx)
        writer.write(b"GET / HTTP/1.1\r\n\r\n")
        await writer.drain()
        await reader.read()
        writer.close()
    finally:
        proc.terminate()
        out = proc.communicate(timeout=20)[0]
    assert out.splitlines()[6:] == [], out
