"""The yardstick for a first frame: a bare Textual app with a header, an option list
and a footer, the same shape as tabletop's menu. Run as a script by the cold-start
benchmark; it shows "Quit" as its last option, the marker the benchmark waits for."""

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, OptionList


class BareApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Header()
        yield OptionList(*[f"Game {i}" for i in range(6)], "Load a saved game", "Rules help", "Quit")
        yield Footer()


if __name__ == "__main__":
    BareApp().run()
