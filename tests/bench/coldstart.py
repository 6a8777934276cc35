"""Time from spawning a program in a fresh pseudo-terminal to its first frame.

A user meets the menu this way: a new process, a real terminal of a given size. The
clock starts just before the process is spawned and stops when the terminal output
contains ``marker`` (escape sequences removed); then the process is ended.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import termios
import time

ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][A-Z0-9]|\x1b[=>78]")


def first_frame_seconds(argv: list[str], marker: str, size: tuple[int, int] = (80, 24),
                        timeout: float = 20.0, env: dict[str, str] | None = None) -> float:
    master, slave = os.openpty()
    cols, rows = size
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    environ = dict(os.environ if env is None else env)
    environ.update({"TERM": "xterm-256color", "COLUMNS": str(cols), "LINES": str(rows)})
    environ.pop("TEXTUAL", None)
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=environ,
                            start_new_session=True, close_fds=True)
    os.close(slave)
    seen = b""
    try:
        while True:
            left = timeout - (time.perf_counter() - start)
            if left <= 0:
                raise TimeoutError(f"no {marker!r} on screen within {timeout} s: {seen[-400:]!r}")
            ready, _, _ = select.select([master], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the program ended
                raise RuntimeError(f"{argv} ended before {marker!r}: {seen[-400:]!r}") from None
            seen += chunk
            if marker.encode() in ESCAPES.sub(b"", seen):
                return time.perf_counter() - start
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
        os.close(master)
