"""Run the real ``tabletop`` in a pseudo-terminal and keep every byte it writes.

A test that wants to know what reaches a player's terminal (not what a widget holds)
starts the command here, types keys into it, waits for words on its screen and reads the
raw bytes back: ``PtyApp(["load", path]).run(...)``. Reusable by any test of terminal
safety (saves, flags, a networked table's welcome).

What "reached the terminal" means here: the bytes the process wrote to the pty, before
any terminal interpreted them. The app writes its own escape sequences (cursor moves,
colours, modes), so a check looks for the hostile input's own bytes (``HOSTILE_MARKERS``),
never for ESC in general.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The escape sequences of issue 23, in one name: a window title (OSC ... BEL), a screen
# clear (CSI 2J), a bell, a NUL and two bidirectional overrides.
OSC_TITLE = "\x1b]0;PWNED\x07"
CSI_CLEAR = "\x1b[2J"
BIDI = "\u202e\u2066"
HOSTILE_NAME = f"Ann{OSC_TITLE}{CSI_CLEAR}\x07\x00{BIDI}x"
HOSTILE_ARG = HOSTILE_NAME.replace("\x00", "")  # a command line cannot hold a NUL

# The bytes of the hostile input that must never be written to the terminal: the OSC
# (its introducer before the payload's own words), a BEL anywhere (the app never rings),
# a NUL, the bidi overrides in UTF-8, and the clear-screen with the words around it.
HOSTILE_MARKERS: dict[str, bytes] = {
    "the OSC title sequence": b"\x1b]0;PWNED",
    "a window-title OSC": b"\x1b]0;",
    "a BEL": b"\x07",
    "a NUL": b"\x00",
    "a right-to-left override": "\u202e".encode(),
    "a left-to-right isolate": "\u2066".encode(),
    "the clear-screen after the name": f"PWNED{CSI_CLEAR}".encode(),
}

_ANSI = re.compile(rb"\x1b(?:\[[0-9;?<>=!$ ]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|[()][0-9A-Za-z]|[=>78cDEHM])")


def screen_text(raw: bytes) -> str:
    """The words the app wrote, its escape sequences taken out (for waiting on a screen)."""
    return _ANSI.sub(b"", raw).decode("utf-8", "replace")


# Textual's own sequences that end in a BEL: the mouse pointer's shape (OSC 22).
_APP_OSC = re.compile(rb"\x1b\]22;[A-Za-z_-]*\x07")


def hostile_bytes_in(raw: bytes) -> list[str]:
    """Which of the hostile input's sequences are in ``raw`` (empty when none). The app's
    own OSC 22 (pointer shape, ended by a BEL) is taken out first: any BEL left is stray."""
    raw = _APP_OSC.sub(b"", raw)
    return [what for what, marker in HOSTILE_MARKERS.items() if marker in raw]


@dataclass
class PtyApp:
    """``tabletop ARGS`` in a pty of ``cols`` x ``rows``; ``output`` holds every byte."""

    args: list[str]
    env: dict[str, str] = field(default_factory=dict)
    cols: int = 100
    rows: int = 30
    output: bytearray = field(default_factory=bytearray)
    process: subprocess.Popen | None = None
    _fd: int = -1

    def __enter__(self) -> PtyApp:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(self.cols), "LINES": str(self.rows),
               "PYTHONUNBUFFERED": "1", **self.env}
        env.pop("TEXTUAL", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tabletop.cli", *self.args],
            stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env,
            start_new_session=True, close_fds=True,
        )
        os.close(slave)
        self._fd = master
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- reading ------------------------------------------------------------------
    def _read(self, timeout: float) -> bool:
        """Read what is there within ``timeout``; False when the app has closed the pty."""
        ready, _, _ = select.select([self._fd], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self._fd, 1 << 16)
        except OSError:  # EIO: the other side is closed
            return False
        if not chunk:
            return False
        self.output += chunk
        return True

    def wait_for(self, words: str | Iterable[str], timeout: float = 30.0) -> str:
        """Wait until one of ``words`` is on the screen (in what was written since the
        start); returns the one seen. AssertionError with the screen's words on timeout."""
        wanted = [words] if isinstance(words, str) else list(words)
        deadline = time.monotonic() + timeout
        while True:
            text = screen_text(bytes(self.output))
            for w in wanted:
                if w in text:
                    return w
            if time.monotonic() > deadline:
                raise AssertionError(f"none of {wanted} on the screen after {timeout} s: {text[-1500:]!r}")
            if not self._read(0.1) and self.process.poll() is not None:
                text = screen_text(bytes(self.output))
                if not any(w in text for w in wanted):
                    raise AssertionError(f"the app ended before {wanted}: {text[-1500:]!r}")

    def settle(self, quiet: float = 0.5, timeout: float = 10.0) -> None:
        """Read until nothing has come for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        last = len(self.output)
        quiet_since = time.monotonic()
        while time.monotonic() < deadline:
            if not self._read(0.05):
                return
            if len(self.output) != last:
                last, quiet_since = len(self.output), time.monotonic()
            elif time.monotonic() - quiet_since >= quiet:
                return

    def press(self, *keys: str) -> None:
        """Type keys: text as it is, or a name from ``KEYS``."""
        for key in keys:
            os.write(self._fd, KEYS.get(key, key.encode()))
            self.settle(0.15, 2.0)

    def wait_exit(self, timeout: float = 30.0) -> int:
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self._read(0.1)
        while self._read(0.05):  # what is left in the pty
            if self.process.poll() is not None and not select.select([self._fd], [], [], 0.05)[0]:
                break
        if self.process.poll() is None:
            raise AssertionError(f"the app did not end: {screen_text(bytes(self.output))[-800:]!r}")
        return self.process.returncode

    def stop(self) -> None:
        p = self.process
        if p is not None and p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGTERM)
                p.wait(5)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                p.wait(5)
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


KEYS = {"enter": b"\r", "escape": b"\x1b", "down": b"\x1b[B", "up": b"\x1b[A", "tab": b"\t",
        "ctrl+q": b"\x11", "ctrl+c": b"\x03", "ctrl+s": b"\x13"}


def run_once(args: list[str], env: dict[str, str], timeout: float = 30.0) -> tuple[int, bytes]:
    """A command that ends by itself (a refusal, ``tabletop log``): its exit code and bytes."""
    with PtyApp(args, env) as app:
        code = app.wait_exit(timeout)
        return code, bytes(app.output)
