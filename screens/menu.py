"""The main menu: the four games, resume, load, the history, rules help, the theme, quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from tabletop.catalog import catalog


class MenuScreen(Screen[None]):
    BINDINGS = [Binding("q", "app.quit", "Quit"), Binding("r", "rules", "Rules")]

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

    def rebuild(self, look_for_resume: bool = True) -> None:
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        available = self.app.games
        resume = self.app.resume_candidate() if look_for_resume else None
        if resume is not None:
            title = next((e.title for e in catalog() if e.id == resume.game), resume.game)
            menu.add_option(Option(f"Resume {title} ({resume.moves_text}, {resume.updated_text})", id="resume"))
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
        menu.add_option(Option("History: replay the games played here", id="history"))
        menu.add_option(Option("Rules help", id="rules"))
        menu.add_option(Option(self._theme_label(), id="theme"))
        menu.add_option(Option("Quit", id="quit"))
        if highlighted is None or menu.get_option_at_index(highlighted).disabled:
            highlighted = next(i for i in range(menu.option_count) if not menu.get_option_at_index(i).disabled)
        menu.highlighted = highlighted
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id or ""
        if oid == "resume":
            self.app.resume_last()
        elif oid.startswith("game-"):
            self.app.open_setup(oid[5:])
        elif oid == "load":
            self.app.open_load()
        elif oid == "history":
            self.app.open_history()
        elif oid == "rules":
            self.action_rules()
        elif oid == "theme":
            self.app.next_theme()
            index = event.option_index
            event.option_list.replace_option_prompt_at_index(index, self._theme_label())
        elif oid == "quit":
            self.app.exit()

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
