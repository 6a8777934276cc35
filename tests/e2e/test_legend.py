"""Every board's legend explains every glyph and abbreviation it draws (issue 16).

Random positions of each game are drawn at the table (80x24 and 160x48); the characters
the board area shows that are neither letters, digits, spaces nor everyday punctuation
(nor the frame's box lines) are its glyphs, and each must appear in a glyph or word of
the board's ``legend()``. Its abbreviations (two to four capitals, or capitals with a
number: HP, PGO, S1, R0K) must have their letters in a legend entry too. The legend key
opens the same list on every board.
"""

from __future__ import annotations

import re
import unicodedata

import pytest

from screens.boards import CUSTOM_BOARDS, board_widget
from screens.common.keys import ACTION_KEYS, HINT_KEY, LEGEND_KEY
from screens.common.legend import LegendScreen
from screens.app import TabletopApp
from tabletop.engine import get_game
from tests.e2e.helpers import screen_text, settle
from tests.e2e.test_readable import GAMES, SCREEN_SIZES, random_screens, screens_group

pytestmark = pytest.mark.usefixtures("quick_pilot")

# Punctuation any sentence uses: not a glyph to explain.
EVERYDAY = set(" .,:;'\"()-?/+=%’‘“”–—…·")


def is_glyph(ch: str) -> bool:
    if ch.isalnum() or ch in EVERYDAY or not ch.isprintable():
        return False
    code = ord(ch)
    if 0x2500 <= code <= 0x259F:  # box lines and blocks: frames and scrollbars
        return False
    return unicodedata.category(ch)[0] in "PSN"


ABBREVIATION = re.compile(r"(?<![\w'’])([A-Z]{2,4}|[A-Z]{1,3}\d+[A-Za-z]?)(?![\w'’])")


def board_glyphs(lines: list[str]) -> dict[str, str]:
    """The glyphs in the board widget's part of the screen, each with a line it is on."""
    found: dict[str, str] = {}
    for part in lines:
        for ch in part:
            if is_glyph(ch):
                found.setdefault(ch, part.strip())
    return found


def board_abbreviations(lines: list[str]) -> dict[str, str]:
    """The abbreviations the board shows, each with a line it is on."""
    found: dict[str, str] = {}
    for part in lines:
        for match in ABBREVIATION.finditer(part):
            found.setdefault(match.group(1), part.strip())
    return found


def abbreviation_covered(token: str, legend: list[tuple[str, str]]) -> bool:
    """Its capitals stand as a word (or before a number) in a legend entry's glyph."""
    letters = re.match(r"[A-Z]+", token).group(0)
    alone = re.compile(r"(?<![A-Za-z])" + re.escape(letters) + r"(?![a-z])")
    return any(alone.search(shown) for shown, _ in legend)


def covered(glyph: str, legend: list[tuple[str, str]]) -> bool:
    return any(glyph in shown for shown, _ in legend)


def test_a_glyph_is_covered_only_by_a_legend_entry_that_shows_it():
    legend = [("▲", "a height of 1"), ("!A", "an alarm")]
    assert covered("▲", legend) and covered("!", legend)
    assert not covered("~", legend)
    assert is_glyph("▲") and is_glyph("~") and not is_glyph("a") and not is_glyph("─")
    legend = [("S1…S7", "a seat"), ("HP", "hit points"), ("PGO", "the dice of a strong attack")]
    assert abbreviation_covered("S3", legend) and abbreviation_covered("HP", legend)
    assert abbreviation_covered("PGO", legend) and not abbreviation_covered("GG", legend)
    assert not abbreviation_covered("R0K", legend)


@pytest.mark.parametrize("name", sorted(CUSTOM_BOARDS))
def test_the_legend_and_hint_keys_are_no_boards_own(name):
    board = board_widget(get_game(name))
    own = set(board.RESERVED_KEYS) | {key for key, _ in board.FOOTER_KEYS} | set(ACTION_KEYS)
    assert LEGEND_KEY not in own and HINT_KEY not in own
    assert LEGEND_KEY != HINT_KEY


@pytest.mark.parametrize("name", screens_group(GAMES))
async def test_the_legend_covers_every_glyph_the_board_draws(data_dir, name):
    game = get_game(name)
    missing: dict[str, str] = {}
    drawn: set[str] = set()
    shown = await random_screens(name)  # the positions test_readable.py reads too
    for screen in shown:
        legend = list(screen.legend)
        assert LEGEND_KEY not in screen.keys and HINT_KEY not in screen.keys  # never an action's key
        lines = screen.board_lines()
        for glyph, line in board_glyphs(lines).items():
            drawn.add(glyph)
            if not covered(glyph, legend):
                missing.setdefault(glyph, line[:100])
        for token, line in board_abbreviations(lines).items():
            if not abbreviation_covered(token, legend):
                missing.setdefault(token, line[:100])
    assert len(shown) >= 8
    assert {screen.size for screen in shown} == set(SCREEN_SIZES)
    report = "\n".join(f"  {g!r}{f' (U+{ord(g):04X})' if len(g) == 1 else ''} on: {line!r}"
                       for g, line in sorted(missing.items()))
    assert not missing, f"{game.title}'s legend does not explain:\n{report}"


async def test_the_legend_key_opens_the_boards_legend_and_the_tables_marks(data_dir):
    game = get_game("spirit")
    app = TabletopApp(games={game.id: game}, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await walk_screens_open(app, pilot, game)
        await pilot.press(LEGEND_KEY)
        await settle(pilot)
        assert isinstance(app.screen, LegendScreen)
        text = screen_text(app)
        first = app.screen.board_entries[0][0]
        assert first in text and "Legend: Samurai Spirit" in text
        # The panel's own marks are at the end: a long legend scrolls to them.
        body = app.screen.query_one("#legend-body")
        assert body.max_scroll_y > 0
        await pilot.press("end")
        await settle(pilot)
        assert "this legend" in screen_text(app)
        await pilot.press(LEGEND_KEY)
        await settle(pilot)
        assert not isinstance(app.screen, LegendScreen)


async def walk_screens_open(app, pilot, game):
    from tabletop.store import Seat

    opts = game.Options(players=2)
    app.start_new_game(game, opts, 3, [Seat("Ann", "human"), Seat("Bo", "human")])
    await settle(pilot)
