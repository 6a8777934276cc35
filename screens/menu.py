"""The main menu: the unfinished games to resume (keys 1-5), the four games, load, the
history, rules help, the theme, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from rules.common.text import plain
from tabletop.catalog import catalog

if TYPE_CHECKING:
    from tabletop.journal import GameRow

RESUME_ROWS = 5  # unfinished games the menu lists (each with its key); History holds them all


def resume_text(key: int, row: GameRow, title: str, width: int = 76) -> Text:
    """One unfinished game on one line of ``width``: its key, the game (and its own name)
    and how far it went, then when and who plays while they fit (names are a player's
    text: plain, clipped)."""
    named = f" “{plain(row.name, 30)}”" if row.name else ""
    where = row.headline or row.moves_text  # a campaign: its duel and foe
    text = f"{key} Resume {title}{named} · {where}"
    for more in (row.updated_text, plain(", ".join(name for name, _ in row.seats), 40)):
        if len(text) + 3 + len(more) > width:
            break
        text += f" · {more}"
    return Text(plain(text, width))


class MenuScreen(Screen[None]):
    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("r", "rules", "Rules"),
        *[Binding(str(n), f"resume({n - 1})", "Resume", show=n == 1, key_display=f"1-{RESUME_ROWS}")
          for n in range(1, RESUME_ROWS + 1)],
    ]

    def __init__(self) -> None:
        super().__init__()
        self.resumable: list[GameRow] = []  # the Resume rows, in the order of their keys

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static("tabletop · samurai games for one table", id="menu-title")
            yield OptionList(id="menu")
            yield Static("", id="menu-hint")
        yield Footer()

    def on_mount(self) -> None:
        # The first frame shows the games at once; looking for a game to resume reads the
        # saved games (and loads the save machinery), so it follows right after that frame.
        self.rebuild(look_for_resume=False)
        self.call_after_refresh(self.rebuild)
        # A theme picked in the command palette is named on the theme row at once.
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._show_theme())

    def _show_theme(self) -> None:
        menu = self.query_one("#menu", OptionList)
        try:
            index = menu.get_option_index("theme")
        except OptionDoesNotExist:  # the row is being rebuilt
            return
        menu.replace_option_prompt_at_index(index, self._theme_label())

    def on_screen_resume(self) -> None:
        self.rebuild()

    def on_resize(self) -> None:
        if self.resumable:  # the Resume rows fit the new width
            self.rebuild()

    def rebuild(self, look_for_resume: bool = True) -> None:
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        available = self.app.games
        found = self.app.resume_candidates(RESUME_ROWS + 1) if look_for_resume else []
        self.resumable = found[:RESUME_ROWS]
        titles = {e.id: e.title for e in catalog()}
        width = max(30, self.size.width - 8) if self.size.width else 72  # inside the list's frame
        for key, row in enumerate(self.resumable, start=1):
            title = titles.get(row.game) or available[row.game].title
            menu.add_option(Option(resume_text(key, row, title, width), id=f"resume-{key - 1}"))
        if len(found) > RESUME_ROWS:
            menu.add_option(Option("More unfinished games: History (c continues one)", id="history-more"))
        for entry in catalog():
            if entry.id in available:
                menu.add_option(Option(f"{entry.title:<22} {entry.blurb}", id=f"game-{entry.id}"))
            else:
                menu.add_option(
                    Option(f"{entry.title:<22} not yet available: its rules have not landed", id=f"game-{entry.id}", disabled=True)
                )
        known = {e.id for e in catalog()}
        for gid in available:  # a developer's extra game: only these are imported here
            if gid not in known:
                menu.add_option(Option(f"{available[gid].title:<22} (extra game)", id=f"game-{gid}"))
        menu.add_option(Option("Load a saved game", id="load"))
        menu.add_option(Option("History: replay or continue the games played here", id="history"))
        menu.add_option(Option("Rules help", id="rules"))
        menu.add_option(Option(self._theme_label(), id="theme"))
        menu.add_option(Option("Quit", id="quit"))
        if highlighted is None or menu.get_option_at_index(highlighted).disabled:
            highlighted = next(i for i in range(menu.option_count) if not menu.get_option_at_index(i).disabled)
        menu.highlighted = highlighted
        menu.focus()
        self.refresh_bindings()  # the Resume keys follow the rows

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id or ""
        if oid.startswith("resume-"):
            self.action_resume(int(oid[7:]))
        elif oid.startswith("game-"):
            self.app.open_setup(oid[5:])
        elif oid == "load":
            self.app.open_load()
        elif oid in ("history", "history-more"):
            self.app.open_history()
        elif oid == "rules":
            self.action_rules()
        elif oid == "theme":
            self.app.next_theme()
            index = event.option_index
            event.option_list.replace_option_prompt_at_index(index, self._theme_label())
        elif oid == "quit":
            self.app.exit()

    def action_resume(self, index: int) -> None:
        """Continue the index-th unfinished game of the list, in place (its own game)."""
        if index < len(self.resumable):
            self.app.resume_game(self.resumable[index].id)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "resume":
            return parameters[0] < len(self.resumable)  # a key with no game is not offered
        return True

    def _theme_label(self) -> str:
        from .themes import THEMES

        name = THEMES.get(self.app.theme, self.app.theme)
        return f"Theme: {name} (Enter: the next one)"

    def action_rules(self) -> None:
        self.app.push_screen(RulesPicker())


class RulesPicker(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static("Rules help: which game?", id="menu-title")
            yield OptionList(
                *[Option(f"{e.title}", id=f"rules-{e.id}") for e in catalog()],
                Option("How tabletop works (keys, undo, saves)", id="rules-tabletop"),
                id="rules-menu",
            )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        from .common.help import HelpScreen

        self.app.push_screen(HelpScreen((event.option.id or "rules-tabletop")[6:]))
