"""Watching the real app for secrets, by what is on screen.

``CurtainWatch`` records every frame the board draws and every curtain lifted, and checks
that each private frame (a seat's view that differs from the public one) comes after that
seat lifted the curtain, with nothing else drawn in between. ``ScreenWatch`` reads the
whole screen at every repaint (the boards, the log, the decisions, the detail line, a
public pause, the outcome, a hint, a toast) and looks for every secret the seat at the
screen may not see, spelled as the screen spells it.

What is secret comes from the declarations of tests/secrecy/ (the oracle), never from the
rules' own view code; a secret is spelled by the game's ``name_of`` (the rulebook's words
its screens and log use; ``spell``). A secret is searched for only while it is unrevealed to the
viewer: nothing the viewer may see (its view, its log) spells the same words.
"""

from __future__ import annotations

import json
from typing import Any

from rich.cells import cell_len
from rich.segment import ControlType

from screens.common.curtain import CurtainScreen
from tests.e2e.helpers import board_of, screen_text
from tests.secrecy import oracle

# The declared secrets that are named things (cards, samurai, farm backs), by entry; other
# secrets (an order's kind, the RNG, a count) have no name of their own to search for.
SPELLED = {
    "senji": ("hana_hands.*", "hana_deck", "trade_shown", "combo.cards", "diplo_hands.*", "bids.*",
              "missing_decks.*", "combat.att_cards", "combat.dfn_cards", "offer.give", "offer.reply",
              "offer.give.*.card", "offer.reply.*.card", "samurai_deck", "samurai_discard",
              "setup_draws.*", "kept.*", "hire.cards"),
    "spirit": ("raiders", "intruders", "reserve", "box", "backs.*"),
    "harakiri": ("oracle.deck", "ai.deck"),
    "nim": (),
}
CARD_KEYS = {"card"}  # in a hidden mapping (a bid, an offered card), the leaf that is a card


def spell(game, code: str) -> str:
    """A secret as the screens name it: the game's ``name_of``, except that a Senji samurai
    someone holds is named with its honour, as the hand and the choices name it ("Ekes
    (honour 6)"): its bare name is also rules text ("Fighting against Ekes, he voids Ekes's
    ability", the detail line of another samurai)."""
    if game.id == "senji":
        from rules.senji.data import data
        from rules.senji.words import samurai_label

        if code in data().samurai:
            return samurai_label(code)
    return game.name_of(code)


def _codes(node: Any) -> list[str]:
    """The string leaves of a hidden part (its cards), null and placeholders left out."""
    out: list[str] = []
    if isinstance(node, dict):
        for k, x in node.items():
            if isinstance(x, (dict, list)) or k in CARD_KEYS:
                out += _codes(x)
    elif isinstance(node, list):
        for x in node:
            out += _codes(x)
    elif isinstance(node, str) and node != "?":
        out.append(node)
    return out


def _strings(node: Any) -> list[str]:
    if isinstance(node, dict):
        return [s for x in node.values() for s in _strings(x)]
    if isinstance(node, list):
        return [s for x in node for s in _strings(x)]
    return [node] if isinstance(node, str) else []


def unrevealed(game, decl: oracle.Declaration, state, viewer: int | None) -> set[str]:
    """The names, as the screen spells them, of every declared secret hidden from
    ``viewer`` (None: the public, as on a curtain) that nothing it may see names."""
    spelled = SPELLED.get(game.id, ())
    if not spelled:
        return set()
    full = json.loads(state.model_dump_json())
    names = {spell(game, code) for path, entry in oracle.hidden_parts(decl, full, viewer)
             if entry.name in spelled for code in _codes(oracle.get(full, path))}
    view = game.view(state, viewer)
    seen_text = " ".join(ln.text for ln in view.log if ln.visible_to(viewer))
    seen_names = {spell(game, s) for s in _strings(json.loads(view.model_dump_json(exclude={"log"})))}
    return {n for n in names if n and n not in seen_names and n not in seen_text}


class CurtainWatch:
    """Records, in order, every frame the board screen draws and every curtain lifted, and
    checks each private frame against the curtains (failures are kept, to be asserted)."""

    def __init__(self, app) -> None:
        self.app = app
        self.store = app.store
        self.events: list[tuple[str, int | None]] = []
        self.private_frames = 0
        self.curtains = 0
        self.failures: list[str] = []
        board = board_of(app)
        board.watch(board, "frame", self.drawn, init=False)

    def _shown_to(self, seat):
        view = self.store.view(seat)
        return view, tuple(ln.text for ln in view.log if ln.visible_to(seat))

    def drawn(self, frame) -> None:
        if frame is None or frame.view is None:
            self.events.append(("blank", None))
            return
        seat = frame.seat
        private = seat is not None and self._shown_to(seat) != self._shown_to(None)
        if private:
            self.private_frames += 1
            name = self.store.seats[seat].name
            for kind, who in reversed(self.events):
                if kind == "blank" or (kind in ("frame", "private") and who == seat):
                    continue
                if (kind, who) != ("lift", seat):
                    self.failures.append(f"{name}'s private view was drawn after {kind} {who}, without the curtain")
                break
            else:
                self.failures.append(f"{name}'s private view was drawn with no curtain")
        self.events.append(("private" if private else ("frame" if seat is not None else "public"), seat))

    async def lift(self, pilot) -> None:
        """Lift the curtain on screen (the seat it names is the one to move)."""
        from tests.e2e.helpers import wait_until

        screen = self.app.screen
        assert isinstance(screen, CurtainScreen)
        seat = next(i for i, s in enumerate(self.store.seats) if s.name == screen.seat_name)
        self.events.append(("lift", seat))
        self.curtains += 1
        await pilot.press("enter")
        await wait_until(pilot, lambda: self.app.screen is not screen, "the curtain to go")

    def assert_kept(self) -> None:
        assert not self.failures, self.failures[0]


class Terminal:
    """The characters on a terminal that received every repaint the app sent: each update
    (a whole region, or chops of lines) is written where its cursor moves put it, as a
    terminal would. Reading it costs nothing like rendering the whole screen again."""

    def __init__(self, app) -> None:
        self.app = app
        width, height = app.size
        self.rows = [[" "] * width for _ in range(height)]
        self.write(app.screen._compositor.render_update(full=True))

    def write(self, update) -> None:
        console = self.app.console
        rows = self.rows
        x = y = 0
        for segment in update.__rich_console__(console, console.options):
            if segment.control:
                for control in segment.control:
                    if control[0] == ControlType.CURSOR_MOVE_TO:
                        x, y = control[1], control[2]
                continue
            if not 0 <= y < len(rows):
                continue
            row = rows[y]
            for ch in segment.text:
                if ch == "\n":
                    break
                width = cell_len(ch)
                if 0 <= x < len(row):
                    row[x] = ch
                    if width == 2 and x + 1 < len(row):
                        row[x + 1] = ""
                x += width

    def text(self) -> str:
        return "\n".join("".join(row) for row in self.rows)


class ScreenWatch:
    """Reads the whole screen at every repaint and looks for the unrevealed secrets of the
    seats not at the screen (failures are kept, to be asserted)."""

    def __init__(self, app, decl: oracle.Declaration) -> None:
        self.app = app
        self.decl = decl
        self.repaints = 0  # repaints read
        self.looked = 0  # (repaint, secret) pairs searched for
        self.failures: list[str] = []
        self._cache: tuple[Any, Any, set[str]] | None = None
        self.terminal = Terminal(app)
        original = app._display

        def display(screen, renderable) -> None:
            original(screen, renderable)
            if renderable is not None and not app._batch_count and app.size == (len(self.terminal.rows[0]),
                                                                                len(self.terminal.rows)):
                self.terminal.write(renderable)
                self.read()

        app._display = display

    def viewer(self) -> int | None:
        """The seat whose view is on screen, or None when only public things are (a curtain,
        a public pause, the outcome, a public board)."""
        app = self.app
        board = board_of(app)
        if app.screen is not board or board.curtain_up or board.frame is None or board.frame.view is None:
            return None
        return board.frame.seat

    def secrets(self, viewer: int | None) -> set[str]:
        store = self.app.store
        cached = self._cache
        if cached is not None and cached[0] is store.state and cached[1] == viewer:
            return cached[2]
        found = unrevealed(store.game, self.decl, store.state, viewer)
        self._cache = (store.state, viewer, found)
        return found

    def read(self) -> None:
        store = getattr(self.app, "store", None)
        if store is None:
            return
        viewer = self.viewer()
        secrets = self.secrets(viewer)
        text = " ".join(self.terminal.text().split())
        self.repaints += 1
        self.looked += len(secrets)
        who = "the public" if viewer is None else store.seats[viewer].name
        for name in sorted(secrets):
            if name in text:
                self.failures.append(f"{name!r}, hidden from {who}, is on the screen {who} is shown "
                                     f"({type(self.app.screen).__name__}, move {store.revision})")

    def assert_kept(self) -> None:
        assert not self.failures, self.failures[0]

    def assert_faithful(self) -> None:
        """The terminal the repaints were written to reads as the whole screen rendered now."""
        assert " ".join(self.terminal.text().split()) == " ".join(screen_text(self.app).split())
