"""``tabletop join`` run for real in a pseudo-terminal, every byte it writes kept.

What reaches a player's terminal is the bytes the process writes to its pty, before a
terminal reads them. The app writes escape sequences of its own (cursor moves, colours,
the pointer's shape), so a check looks for a hostile host's own bytes (``HOSTILE``), never
for ESC in general.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import termios
import time
from collections.abc import Callable

from tabletop.net.cli import tabletop_command

# Issue 23's seat name: a window title (OSC ... BEL), a screen clear (CSI 2J), a bell, a
# NUL and the bidirectional overrides.
PAYLOAD = "Ann\x1b]0;PWNED\x07\x1b[2J\x07\x00\u202e\u2066x"

# The payload's bytes that must never reach the terminal.
HOSTILE = {
    "the window-title OSC": b"\x1b]0;",
    "the payload's words": b"PWNED",
    "a BEL": b"\x07",
    "a NUL": b"\x00",
    "a right-to-left override": "\u202e".encode(),
    "a left-to-right isolate": "\u2066".encode(),
}
_APP_OSC = re.compile(rb"\x1b\]22;[A-Za-z_-]*\x07")  # Textual's pointer shape (OSC 22, ended by a BEL)
_ANSI = re.compile(rb"\x1b(?:\[[0-9;?<>=!$ ]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78cDEHM])")


def hostile_in(raw: bytes) -> list[str]:
    """Which of the payload's sequences are in ``raw`` (the app's own OSC 22 taken out first)."""
    raw = _APP_OSC.sub(b"", raw)
    return [what for what, marker in HOSTILE.items() if marker in raw]


def words(raw: bytes) -> str:
    """The text the app wrote, its escape sequences taken out, spaces squeezed."""
    return " ".join(_ANSI.sub(b" ", raw).decode("utf-8", "replace").split())


def letters(raw: bytes) -> str:
    """The text the app wrote without its escape sequences and without any space: a line
    redrawn in pieces (a word cut by cursor moves) reads whole here."""
    return "".join(_ANSI.sub(b"", raw).decode("utf-8", "replace").split())


class PtySeat:
    """``tabletop ARGS`` in a pty of ``cols`` x ``rows``: ``output`` holds every byte."""

    def __init__(self, args: list[str], env: dict[str, str], cols: int = 120, rows: int = 40) -> None:
        self.output = bytearray()
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.process = subprocess.Popen([*tabletop_command(), *args], stdin=slave, stdout=slave, stderr=slave,
                                        env={**os.environ, "TERM": "xterm-256color", **env}, close_fds=True,
                                        start_new_session=True)
        os.close(slave)
        self.master = master

    def read(self, timeout: float = 0.1) -> None:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if ready:
            try:
                self.output += os.read(self.master, 65536)
            except OSError:  # the process is gone and its pty with it
                pass

    def until(self, condition: Callable[[], bool], seconds: float, what: str) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if condition():
                return
            self.read()
        raise AssertionError(f"{what} did not happen within {seconds:g} s; the screen said: "
                             f"{words(bytes(self.output))[-600:]!r}")

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def finish(self, seconds: float = 20) -> int:
        """Wait for the process to end, reading all it writes; its exit code."""
        self.until(lambda: self.process.poll() is not None, seconds, "the process ending")
        for _ in range(20):  # what it wrote last
            before = len(self.output)
            self.read(0.05)
            if len(self.output) == before:
                break
        return self.process.returncode

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        os.close(self.master)
