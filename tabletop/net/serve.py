"""``tabletop serve``: seats in a web browser, each tab a ``tabletop join`` process (textual-serve).

textual-serve starts a process for every WebSocket that reaches it. This server keeps that
for this table's own pages:

- A WebSocket is opened only from a page of the address it serves: its ``Origin`` must be
  that address (on 127.0.0.1, any of this computer's own names for itself; on 0.0.0.0, the
  address the browser asked for, when it is a number, not a name), else 403. So another web
  site open in the same browser cannot start a seat's process, nor can a name that a
  stranger's DNS points here (the Host must be one of those addresses too).
- At most ``max_tabs`` tabs at once: the page of one more tab says the seats are all in use
  (503), and so does a WebSocket past the cap, before any process starts. Each tab is one
  process (the shell ``exec``s it).
- What a tab sends is read defensively: a message is at most ``MAX_TAB_MESSAGE`` bytes, one
  that is not what the page sends is skipped, and the terminal size it asks for is kept
  within ``MAX_COLUMNS`` x ``MAX_ROWS``. Nothing a tab sends prints a traceback here: the
  server's console gets one plain line per problem.

No Textual here: textual-serve is a web server (aiohttp) that starts a process for each tab;
the screens that process shows open through ``tabletop.cli.open_screens`` like any other.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import sys
from typing import Any

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server
from yarl import URL

from rules.common.text import plain

from .tls import PLAIN_HOSTS

MAX_TAB_MESSAGE = 64 * 1024  # a key press or a resize is a few dozen bytes
MAX_COLUMNS, MAX_ROWS = 400, 200
WILDCARD = ("0.0.0.0", "::", "")

PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>tabletop</title>
<style>body {{ background: #0c181f; color: #eee; font-family: monospace; margin: 4em; font-size: 18px; }}</style>
</head><body><h1>tabletop</h1><p>{text}</p></body></html>
"""
FULL = ("All {tabs} browser seats of this table are in use. Close one of the open tabs, "
        "then load this page again.")
NOT_HERE = "This page is served for {where} only."


class _OneLine(logging.Handler):
    """The server's log on its console: one plain line a record, never a traceback."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            sys.stderr.write(f"tabletop serve: {plain(record.getMessage(), 200)}\n")
            sys.stderr.flush()
        except Exception:  # noqa: BLE001 - a console that is gone
            pass


def _size(text: Any, default: int, high: int) -> int:
    try:
        value = int(text)
    except (TypeError, ValueError):
        return default
    return max(1, min(high, value))


class SeatServer(Server):
    """textual-serve's server, kept to this table's own pages and to ``max_tabs`` tabs."""

    def __init__(self, command: str, host: str, port: int, max_tabs: int) -> None:
        super().__init__(command, host=host, port=port, title="tabletop")
        self.max_tabs = max_tabs
        self.tabs = 0  # WebSockets open now (each with its process)
        self.refused = 0  # WebSockets refused (another page's, or past the cap)

    # -- who may open a tab -------------------------------------------------------------
    def _names(self) -> set[str] | None:
        """The host names a page of this server may have (None: any address, by number)."""
        if self.host in WILDCARD:
            return None
        if self.host in PLAIN_HOSTS:
            return {"127.0.0.1", "localhost", "::1"}
        return {self.host}

    def served_host(self, hostport: str | None) -> bool:
        """``hostport`` (a Host header: NAME:PORT) is this server's address."""
        if not hostport:
            return False
        url = URL(f"http://{hostport}")
        return url.port == self.port and url.host is not None and self._known(url.host)

    def _known(self, name: str) -> bool:
        names = self._names()
        if names is not None:
            return name in names
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return name == "localhost"
        return True

    def served_origin(self, request: web.Request) -> bool:
        """The request comes from a page of the address it was sent to, which is this
        server's (same origin, and a name this server answers to)."""
        origin = request.headers.get("Origin")
        if origin is None or not self.served_host(request.host):
            return False
        try:
            url = URL(origin)
        except ValueError:
            return False
        return (url.scheme == "http" and url.host is not None and url.port == self.port
                and self._known(url.host) and _same(url.host, URL(f"http://{request.host}").host))

    def _where(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    # -- pages ----------------------------------------------------------------------------
    async def on_startup(self, app: web.Application) -> None:
        """The command line says where the pages are (textual-serve's banner is not shown)."""

    def initialize_logging(self) -> None:
        log = logging.getLogger("textual-serve")
        for name in ("textual-serve", "aiohttp", "asyncio"):
            logger = logging.getLogger(name)
            logger.handlers[:] = [_OneLine()]
            logger.setLevel(logging.WARNING)
            logger.propagate = False
        log.setLevel(logging.WARNING)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if not self.served_host(request.host):
            return _page(NOT_HERE.format(where=self._where()), 403)
        if self.tabs >= self.max_tabs:
            return _page(FULL.format(tabs=self.max_tabs), 503)
        base = f"http://{request.host}"
        context = {
            "font_size": _size(request.query.get("fontsize", "16"), 16, 48),
            "app_websocket_url": f"ws://{request.host}/ws",
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        if not self.served_origin(request):
            self.refused += 1
            return _page(NOT_HERE.format(where=self._where()), 403)
        if self.tabs >= self.max_tabs:
            self.refused += 1
            return _page(FULL.format(tabs=self.max_tabs), 503)
        self.tabs += 1  # counted before the first await: tabs opened at once cannot pass the cap together
        try:
            return await self._tab(request)
        finally:
            self.tabs -= 1

    async def _tab(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_TAB_MESSAGE)
        width = _size(request.query.get("width", "80"), 80, MAX_COLUMNS)
        height = _size(request.query.get("height", "24"), 24, MAX_ROWS)
        service: AppService | None = None
        try:
            await websocket.prepare(request)
            service = AppService(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                 close=websocket.close, download_manager=self.download_manager)
            await service.start(width, height)
            await self._read_tab(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as exc:  # noqa: BLE001 - one line, and the tab is closed
            logging.getLogger("textual-serve").warning("a browser tab was closed: %s", type(exc).__name__)
        finally:
            if service is not None:
                await service.stop()
        return websocket

    async def _read_tab(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        """What the page sends: key presses, its size, pings, focus. Anything else is skipped."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except (ValueError, RecursionError):
                continue
            if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await service.set_terminal_size(_size(data.get("width"), 80, MAX_COLUMNS),
                                                _size(data.get("height"), 24, MAX_ROWS))
            elif kind == "ping" and isinstance(data, str | int | float):
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()


def _same(a: str | None, b: str | None) -> bool:
    """Two host names the same computer answers to on a served page (127.0.0.1 and
    localhost are one: a page on either may open a tab through the other)."""
    if a == b:
        return True
    here = {"127.0.0.1", "localhost", "::1"}
    return a in here and b in here


def _page(text: str, status: int) -> web.Response:
    from html import escape

    return web.Response(text=PAGE.format(text=escape(text)), status=status, content_type="text/html")
