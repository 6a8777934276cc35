"""The app's themes: dark, light and colour-blind safe, and the palettes the boards'
named colours are drawn in under each (the menu and the command palette use these names)."""

from __future__ import annotations

from functools import partial

from rich.terminal_theme import TerminalTheme
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.theme import Theme

# A colour-blind-safe theme: the Okabe-Ito palette (orange, sky blue, bluish green,
# yellow, blue, vermillion, reddish purple), told apart by the three common colour-blind
# eyes. Colour still never carries meaning alone: a glyph or a word always comes with it.
OKABE_ITO = Theme(
    name="okabe-ito",
    primary="#56B4E9",  # sky blue
    secondary="#E69F00",  # orange
    accent="#F0E442",  # yellow
    warning="#E69F00",  # orange
    error="#D55E00",  # vermillion
    success="#009E73",  # bluish green
    foreground="#F2F2F2",
    background="#0B0B0B",
    surface="#1A1A1A",
    panel="#0F2A3A",  # a dark blue
    boost="#FFFFFF12",
    dark=True,
    variables={"block-cursor-background": "#0072B2", "footer-key-foreground": "#E69F00"},
)

# The boards draw in Rich's named colours (red, green, white...), which Textual maps
# through an ANSI palette. On a light theme "white" must stay readable (a dark grey,
# not the background's white), and the colour-blind theme maps red, green, yellow, blue,
# magenta and cyan to the Okabe-Ito colours, so every board follows it unchanged.
LIGHT_ANSI = TerminalTheme(
    (247, 247, 247), (0, 0, 0),
    [(0, 0, 0), (170, 55, 49), (40, 120, 30), (150, 100, 0), (50, 92, 192),
     (122, 62, 157), (0, 110, 150), (64, 64, 64), (110, 110, 110)],
    [(200, 40, 40), (50, 140, 0), (170, 115, 0), (0, 100, 190), (180, 50, 180),
     (0, 130, 160), (20, 20, 20)],
)
OKABE_ITO_ANSI = TerminalTheme(
    (11, 11, 11), (242, 242, 242),
    [(26, 26, 26), (213, 94, 0), (0, 158, 115), (230, 159, 0), (0, 114, 178),
     (204, 121, 167), (86, 180, 233), (200, 200, 200), (110, 110, 110)],
    [(240, 120, 40), (40, 190, 150), (240, 228, 66), (60, 150, 220), (225, 150, 195),
     (120, 200, 245), (250, 250, 250)],
)

# The themes the menu goes round, by the names both the menu and the palette's "Theme"
# command show (the stored setting keeps Textual's name).
THEMES = {"textual-dark": "Dark", "textual-light": "Light", "okabe-ito": "Colour-blind safe"}


class MenuThemes(Provider):
    """The command palette's "Theme" list: the menu's themes, under the menu's names."""

    @property
    def commands(self) -> list[tuple[str, object]]:
        def use(name: str) -> None:
            self.app.theme = name

        return [(label, partial(use, name)) for name, label in THEMES.items() if name in self.app.available_themes]

    async def discover(self) -> Hits:
        for label, callback in self.commands:
            yield DiscoveryHit(label, callback)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for label, callback in self.commands:
            if (score := matcher.match(label)) > 0:
                yield Hit(score, matcher.highlight(label), callback)
