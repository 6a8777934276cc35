"""A seat played in a real web browser: ``tabletop serve`` and chromium (Debian's package,
driven by Playwright). Runs where /usr/bin/chromium is installed (.ci/run installs it).

Every request the page makes outside 127.0.0.1 is blocked (the served page asks a web font
of the internet), so the test's traffic stays on this machine.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.net.cli import tabletop_command

from .helpers import hosting, senji_store

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists() or shutil.which("chromium") is None,
                       reason="needs Debian's chromium (apt-get install chromium)"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def wait_for(condition, seconds: float, what: str) -> None:
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{what} did not happen within {seconds:g} s")


async def test_a_friend_joins_a_seat_in_a_browser_and_plays_it(tmp_path):
    from playwright.async_api import async_playwright

    store = senji_store(3, 5, ["remote", "smart", "smart"])
    port = free_port()
    async with hosting(store, bot_delay=0.05) as host:
        server = subprocess.Popen(
            [*tabletop_command(), "serve", f"127.0.0.1:{host.address[1]}",
             "--listen", f"127.0.0.1:{port}"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=os.environ.copy(), cwd=tmp_path,
        )
        try:
            await wait_for(lambda: _open(port), 20, "the web server")
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
                page = await browser.new_page(viewport={"width": 1000, "height": 700})

                async def local_only(route):
                    if route.request.url.startswith(f"http://127.0.0.1:{port}/") or \
                            route.request.url.startswith(f"ws://127.0.0.1:{port}/"):
                        await route.continue_()
                    else:
                        await route.abort()

                await page.route("**/*", local_only)
                drawn: list[str] = []  # what the tab's app sent the terminal, as text

                def on_socket(ws):
                    ws.on("framereceived", lambda payload: drawn.append(
                        payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))

                def drawn_since(frame: int) -> str:
                    return "".join(drawn[frame:])

                page.on("websocket", on_socket)
                await page.goto(f"http://127.0.0.1:{port}/")
                await page.wait_for_selector(".xterm-screen", timeout=20_000)
                await page.click(".xterm-screen")
                await wait_for(lambda: "Join a table" in drawn_since(0), 20, "the join screen")
                for _ in range(8):  # a key typed as the tab starts may be lost: type again until it joins
                    typed = len(drawn)
                    await page.keyboard.press("Control+u")
                    await page.keyboard.type(host.codes[0].lower())  # as typed: any case
                    await page.keyboard.press("Enter")
                    said = ("does not match", "Type the join code first")  # a letter or all of it lost
                    try:
                        await wait_for(lambda: 0 in host.clients or any(w in drawn_since(typed) for w in said), 5,
                                       "the browser seat joining")
                    except AssertionError:
                        continue
                    if 0 in host.clients:
                        break
                assert 0 in host.clients, "the browser seat never joined"
                assert store.to_move() == 0 and store.revision == 0
                # The board is drawn once its choices are: the first one keeps a samurai.
                await wait_for(lambda: "Keep " in drawn_since(typed), 20, "the board")
                from screens.senji.keys import keys  # each samurai's own key (assets/senji/keys.json)
                first = keys().samurai[store.legal_actions()[0].letter]
                for _ in range(8):  # keep the first samurai offered
                    if store.revision == 0:
                        await page.keyboard.press(first)
                    try:
                        await wait_for(lambda: store.revision >= 1, 3, "the browser's choice reaching the host")
                        break
                    except AssertionError:
                        continue
                await page.screenshot(path=str(tmp_path / "played.png"))
                assert store.revision >= 1, "the browser's key never reached the host"
                assert store.log[0].seat == 0 and store.log[0].summary.startswith("Keep ")
                await browser.close()
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()


def _open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False
