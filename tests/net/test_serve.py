"""``tabletop serve`` keeps its tabs for this computer's browser (issue 23): a WebSocket from
another page (another Origin) is refused before a process starts, tabs are capped
(``--max-tabs``) and the extra tab's page says so, processes stay bounded, and nothing a tab
sends prints a traceback on the server's console. The server runs for real, in a process
of its own, on 127.0.0.1; its tabs join a table that answers nowhere (127.0.0.1:9)."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess

import aiohttp
import pytest

from tabletop.net.cli import tabletop_command

from .test_faults import until


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def descendants(pid: int) -> list[int]:
    """The processes started under ``pid`` (Linux's /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(parent, []).append(int(entry))
    out, todo = [], list(children.get(pid, []))
    while todo:
        child = todo.pop()
        out.append(child)
        todo += children.get(child, [])
    return out


def answers(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
        return True
    except OSError:
        return False


@pytest.fixture
async def server(tmp_path):
    """``tabletop serve`` with at most 2 tabs; yields (port, process)."""
    port = free_port()
    proc = subprocess.Popen([*tabletop_command(), "serve", "127.0.0.1:9", "--listen", f"127.0.0.1:{port}",
                             "--max-tabs", "2"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            env={**os.environ, "TABLETOP_DATA_DIR": str(tmp_path)}, cwd=tmp_path)
    try:
        await until(lambda: answers(port), 60)
        yield port, proc
    finally:
        proc.terminate()
        proc.communicate(timeout=20)


async def tab(session, port: int, origin: str | None, **query) -> aiohttp.ClientWebSocketResponse | int:
    """A WebSocket as a tab opens it, or the HTTP status it was refused with."""
    headers = {"Origin": origin} if origin is not None else {}
    try:
        return await session.ws_connect(f"http://127.0.0.1:{port}/ws", headers=headers, params=query)
    except aiohttp.WSServerHandshakeError as exc:
        return exc.status


async def test_a_websocket_from_another_page_is_refused_before_any_process_starts(server):
    port, proc = server
    async with aiohttp.ClientSession() as session:
        answers = [await tab(session, port, origin) for origin in (
            "http://evil.example", None, "null", f"http://evil.example:{port}", f"https://127.0.0.1:{port}",
            "http://127.0.0.1:1", f"http://127.0.0.2:{port}")]
        assert answers == [403] * 7
        assert descendants(proc.pid) == []
        # The address it serves, by either of this computer's names for itself:
        for origin in (f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
            ws = await tab(session, port, origin)
            assert not isinstance(ws, int)
            await ws.close()


async def test_tabs_are_capped_and_the_extra_tab_is_told_so(server):
    port, proc = server
    mine = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession() as session:
        page = await session.get(f"{mine}/")
        assert page.status == 200 and "/ws" in await page.text()
        open_tabs = [await tab(session, port, mine) for _ in range(2)]
        assert all(not isinstance(ws, int) for ws in open_tabs)
        assert await tab(session, port, mine) == 503
        page = await session.get(f"{mine}/")
        assert page.status == 503
        assert "All 2 browser seats of this table are in use." in await page.text()
        await until(lambda: len(descendants(proc.pid)) == 2, 90)  # one process a tab (no shell left)
        await open_tabs[0].close()
        await until(lambda: len(descendants(proc.pid)) == 1, 90)
        again = await tab(session, port, mine)  # a closed tab frees its place
        assert not isinstance(again, int)
        for ws in (again, open_tabs[1]):
            await ws.close()


async def test_twelve_hostile_sockets_leave_at_most_the_cap_of_processes(server):
    port, proc = server
    async with aiohttp.ClientSession() as session:
        evil = [await tab(session, port, "http://evil.example") for _ in range(12)]
        own = [await tab(session, port, f"http://127.0.0.1:{port}") for _ in range(12)]
        assert evil == [403] * 12
        assert sum(not isinstance(ws, int) for ws in own) == 2
        assert len(descendants(proc.pid)) <= 2
        for ws in own:
            if not isinstance(ws, int):
                await ws.close()


async def test_a_page_under_another_name_is_refused(server):
    """A stranger's name pointed at this computer (DNS rebinding) gets no page and no tab."""
    port, _ = server
    async with aiohttp.ClientSession() as session:
        page = await session.get(f"http://127.0.0.1:{port}/", headers={"Host": f"evil.example:{port}"})
        assert page.status == 403
        assert f"This page is served for http://127.0.0.1:{port}/ only." in await page.text()
        try:
            await session.ws_connect(f"http://127.0.0.1:{port}/ws", headers={
                "Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"})
        except aiohttp.WSServerHandshakeError as exc:
            assert exc.status == 403
        else:
            raise AssertionError("the tab was opened")


async def test_what_a_tab_sends_never_prints_a_traceback_on_the_servers_console(tmp_path):
    port = free_port()
    proc = subprocess.Popen([*tabletop_command(), "serve", "127.0.0.1:9", "--listen", f"127.0.0.1:{port}",
                             "--max-tabs", "1"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            env={**os.environ, "TABLETOP_DATA_DIR": str(tmp_path)}, cwd=tmp_path)
    try:
        first = proc.stdout.readline()
        assert first.startswith(b"Serving seats of the table at 127.0.0.1:9 on http://127.0.0.1:")
        assert b"at most 1 tabs at once" in first
        proc.stdout.readline()
        await until(lambda: answers(port), 60)
        async with aiohttp.ClientSession() as session:
            ws = await tab(session, port, f"http://127.0.0.1:{port}", width="100000", height="-5")
            for junk in ("not json", "[" * 50_000 + "]" * 50_000, "[]", "[1]", '["resize", {"width": 1e9}]',
                         '["stdin", 5]', '["ping", {"a": 1}]', json.dumps(["resize", {"width": 120, "height": 40}])):
                await ws.send_str(junk)
            await ws.send_str("x" * 70_000)  # past the size a tab may send: the tab is closed
            message = await ws.receive(timeout=90)
            while message.type not in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                message = await ws.receive(timeout=90)
            await ws.close()
            await until(lambda: descendants(proc.pid) == [], 90)
    finally:
        proc.terminate()
        out = proc.communicate(timeout=20)[0]
    assert b"Traceback" not in out and b"\x1b" not in out, out[-2000:]
