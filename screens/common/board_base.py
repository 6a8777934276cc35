"""What a board offers the board screen: one base class every game's board subclasses.

The board screen (screens/board.py) owns the decision panel, the log, the curtain and
the keys that pick actions; a board draws one ``Frame`` (one seat's view) and may add
to the screen's behaviour through the hooks below. Every hook has a harmless default,
so a board overrides only what it needs:

Class attributes
    ``RESERVED_KEYS``  letters the board uses itself (tabs, a cursor): never given to an
                       action in the decision panel.
    ``PREVIEWS``       True when the board draws the action under the decision cursor
                       (``Frame.highlight``); the screen then sends the cursor's moves.
    ``HIDDEN_KINDS``   action kinds the board dispatches itself (a clock running out):
                       never listed in the decision panel.
    ``DEFAULT_KINDS``  the routine choices of a decision (begin the turn, roll, end the
                       move, done bidding, move on): listed first, on Enter, highlighted.
                       Only the harmless way on: never a spend, a swap or a retarget.
    ``ROUTINE_UNLESS`` routine kind -> kinds that, when offered with it, make it no routine:
                       "end the movement" is harmless only once no step is left to take.
    ``LAST_KINDS``     choices that spend (Ki, AP, honour, a one-shot token) or change a
                       choice already made (a swap, a retarget): listed after the others,
                       so a spend is never the first row.
    ``STACK_BELOW``    below this many columns the decisions and the log sit under the
                       board (the screen has the ``-stacked`` class); 0: never.
    ``FOOTER_KEYS``    (key, words) of board keys the footer shows (a host's pause key);
                       pressing one calls ``board_key``.
    ``LONG_CHOICES``   the decisions read long (Senji's bids): from 170 columns the side
                       panels get 68 columns in the fixed split.

The room (``board_columns``): the side panels (decisions, detail and log) sit beside the
board area; a board says how many columns its area wants at a terminal size with
``board_columns(width, height)`` (its border included) and the side panels get the rest,
never fewer than ``SIDE_MIN`` nor more than ``SIDE_MAX`` columns (``side_columns``). The
screen asks again at every resize, so a board may grow its squares or its map with the
terminal and claim the columns for them. ``spare_columns(width)`` is the ready answer of a
board that needs no particular width: the side panels widen with the terminal (30 columns
below 120, 46 from 120, one more for every two columns past 140: 76 at 200, 90 at 250).
A board that answers None keeps the older fixed split (30, then 46 from 120 columns, 68
from 170 for ``LONG_CHOICES``), so a board drawn for that split keeps its width until it
declares its own.

Methods
    ``routine(actions)``       the index of the decision's routine choice (on Enter), or None:
                               the first of ``DEFAULT_KINDS`` not ruled out by ``ROUTINE_UNLESS``.
    ``curtain_note(public)``   public words for the hand-off curtain (never a view).
    ``board_key(key)``         a key the panel does not use; True when the board took it.
    ``when_settled(callback)`` call back once what the board is still playing out (an
                               enemy turn) has finished; the end screen waits for it.
    ``stacked_changed(on)``    the screen switched to or from its stacked layout.
    ``action_key(action)``     a key the board pins to this action, or None to let the
                               screen give it one (stable for the action, see keys.py).
    ``key_paths(public, actions)`` the keys each action is chosen by, each a ``KeyStep`` fixed by
                               a thing (None: the screen's own key, as ``action_key``). Actions
                               sharing a first key are one row (a group) in the first step; its
                               key opens a second step listing them under their next keys
                               (Escape goes back); a group of one plays at once. Use it where a
                               decision offers more choices than keys, or many rows of one kind
                               that differ only by their thing (Senji: a bid's card, then the lot).
    ``forget_keys()``, ``keys_drawn(view)``  a board whose pinned keys follow what was
                               drawn (the duel's card digits) starts over, and follows one
                               view of the record, when the screen teaches its keys the
                               game's record again (a resumed game, an undo).
    ``humans_run(public, humans)`` True when the humans at the table play the public step
                               on screen although a bot seat is to move (the Senji winter
                               floor under a bot host); the bot is then not asked.
    ``public_pause(public)``   a Screen of public facts to show everyone until a key
                               (a battle's result) before anything else is drawn, or None.
    ``board_columns(width, height)``  the columns the board area wants on a terminal
                               ``width`` x ``height`` (border included), or None for
                               the fixed split (see "The room" above).
    ``legend()``               (glyph or word, meaning) for everything the board can draw.
    ``tone(name)``             the current theme's colour for "success", "error",
                               "warning", "primary", "secondary", "accent" (a Rich style
                               string): draw good/bad/caution in these rather than fixed
                               "green"/"red", so the colour-blind theme applies.

What a choice does, the bot's hint and the help section of the current phase come from
the rules (``Game.explain``, ``Game.why_not``, ``Game.hint``, ``Game.help_topic``), not
from the board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.reactive import reactive
from textual.widget import Widget

from .frame import Frame


SIDE_MIN = 30  # the side panels' fewest columns (beside the board, not stacked under it)
SIDE_MAX = 90  # and their most: past it a line of the log reads no better


def side_columns(board: BoardBase, width: int, height: int) -> int:
    """The columns of the side panels beside ``board`` on a terminal ``width`` x ``height``:
    what the board's ``board_columns`` leaves, else the fixed split (see the module)."""
    wanted = board.board_columns(width, height)
    if wanted is not None:
        side = width - wanted
    elif width < 120:
        side = SIDE_MIN
    else:
        side = 68 if board.LONG_CHOICES and width >= 170 else 46
    return max(SIDE_MIN, min(SIDE_MAX, side, width - SIDE_MIN))


def spare_columns(width: int) -> int:
    """The board area's columns when the board needs no particular width: the side panels
    widen with the terminal (30 below 120 columns, 46 from 120, one more per two past 140)."""
    side = SIDE_MIN if width < 120 else min(SIDE_MAX, 46 + max(0, width - 140) // 2)
    return width - side


class BoardBase(Widget):
    """A board area: draws ``frame`` (bound to the board screen's) and offers the hooks."""

    frame: reactive[Frame | None] = reactive(None, always_update=True, repaint=False)

    RESERVED_KEYS: str = ""
    PREVIEWS: bool = False
    HIDDEN_KINDS: tuple[str, ...] = ()
    DEFAULT_KINDS: tuple[str, ...] = ()
    ROUTINE_UNLESS: dict[str, tuple[str, ...]] = {}
    LAST_KINDS: tuple[str, ...] = ()
    STACK_BELOW: int = 0
    FOOTER_KEYS: tuple[tuple[str, str], ...] = ()
    LONG_CHOICES: bool = False

    def routine(self, actions: list[Any]) -> int | None:
        """The routine choice of this decision: harmless, so Enter may take it unasked."""
        kinds = {a.kind for a in actions}
        for i, a in enumerate(actions):
            if a.kind in self.DEFAULT_KINDS and not kinds & set(self.ROUTINE_UNLESS.get(a.kind, ())):
                return i
        return None

    def notify(self, *args: Any, **kwargs: Any) -> Any:
        """One toast at a time: a new one replaces the one still on show."""
        self.app.clear_notifications()
        return super().notify(*args, **kwargs)

    def curtain_note(self, public: Any) -> str:
        """Public words the curtain may show (the round, a clock); never a seat's view."""
        return ""

    def tone(self, name: str) -> str:
        """The current theme's colour ``name`` as a Rich style ("" outside an app):
        success, error, warning, primary, secondary, accent, foreground..."""
        try:
            return self.app.theme_variables.get(name, "")
        except RuntimeError:  # no app is running (a board built outside one)
            return ""

    def board_key(self, key: str) -> bool:
        """Handle a key no action uses (a tab, a toggle); True when it was taken."""
        return False

    def when_settled(self, callback: Callable[[], None]) -> None:
        """Call back once nothing is still playing out on the board (at once by default)."""
        callback()

    def stacked_changed(self, stacked: bool) -> None:
        """The screen's stacked layout turned on or off (its class is already set)."""

    def action_key(self, action: Any) -> str | None:
        """A key pinned to this action by the board, or None for the screen's choice."""
        return None

    def key_paths(self, public: Any, actions: list[Any]) -> list[Any] | None:
        """For each action, its path of ``KeyStep`` (keys.py) or None; None for all: one
        step, each action under ``action_key`` or the screen's key. ``public``: the public
        view of the decision (who sits where), never a seat's."""
        return None

    def forget_keys(self) -> None:
        """Forget the keys pinned so far (the record is taught again from its start)."""

    def keys_drawn(self, view: Any) -> None:
        """Follow ``view`` as if it had been drawn (the record is being taught again)."""

    def board_columns(self, width: int, height: int) -> int | None:
        """The columns the board area wants on a ``width`` x ``height`` terminal, its
        border included, or None for the fixed split; the side panels get the rest
        (``side_columns``). Asked at every resize. ``spare_columns(width)``: the side
        panels widen with the terminal."""
        return None

    def legend(self) -> list[tuple[str, str]]:
        """Every glyph, abbreviation and colour the board can draw, with what it means:
        ``[("▲", "a height of 1"), ("red", "Red's provinces"), ...]``. The legend key shows
        these; a test checks each board's drawn glyphs are all covered."""
        return []

    def humans_run(self, public: Any, humans: list[int]) -> bool:
        """Whether the humans at the table play this public step for the bot to move."""
        return False

    def public_pause(self, public: Any) -> Any:
        """A screen of public facts everyone sees until a key, or None (the default)."""
        return None
