"""The one door from tabletop/ up to the screens (issue 29): every command that opens the
Textual app, tabletop/cli.py's and the networked ones of tabletop/net/cli.py, comes through
``open_screens``, so the rest of tabletop/ never imports Textual or the screens."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import ModuleType


def open_screens() -> ModuleType:
    """The one door from tabletop/ up to the screens: ``screens/app.py``, the Textual app
    and its ways in (``run_app``; a networked table's ``run_host_screen``, ``run_join_screen``
    and ``run_seat``). Every command that opens the app comes through here, so the rest of
    tabletop/ never imports Textual or the screens."""
    import screens.app

    return screens.app
