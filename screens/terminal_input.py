"""Keys typed at the terminal are data: a byte that is not UTF-8 is a key we ignore.

Textual's Linux driver reads the terminal with a strict UTF-8 decoder, so one stray byte
(half of a multi-byte character from a paste, a serial line's noise, a terminal in
Latin-1) raised ``UnicodeDecodeError`` in its input thread and ended the app with a
traceback. Decoding with ``errors="replace"`` turns such a byte into U+FFFD, which the
screens take as an unknown key and ignore; everything valid reads as before.

The decoder factory is looked up by name in the driver's module when its input thread
starts (Textual 8.2, ``LinuxDriver.run_input_thread``), so it is replaced there once, on
import of the app. ``test_a_stray_byte_on_the_terminal_is_ignored`` proves it on a pty.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable
from typing import Any


def lenient_decoder(encoding: str) -> Callable[[], Any]:
    """What ``codecs.getincrementaldecoder`` returns, but decoding with replacement."""
    decoder_class = codecs.getincrementaldecoder(encoding)
    return lambda: decoder_class(errors="replace")


def install() -> None:
    try:
        from textual.drivers import linux_driver
    except ImportError:  # another platform's driver: nothing to change
        return
    if hasattr(linux_driver, "getincrementaldecoder"):
        linux_driver.getincrementaldecoder = lenient_decoder


install()
