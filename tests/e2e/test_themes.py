"""The boards follow the theme: the Senji map is drawn on the theme's background (not the
terminal's own), so a light theme shows a light map with its words readable."""

from __future__ import annotations

from rules.senji import GAME as SENJI
from rules.senji.state import SenjiOptions
from screens.senji.map import SenjiMap
from screens.app import TabletopApp
from tabletop.store import Seat, Store
from tests.e2e.helpers import board_of, settle


async def test_the_senji_map_is_drawn_on_the_themes_background(data_dir):
    options = SenjiOptions(players=3)
    store = Store.new(SENJI, options, 3, [Seat(n) for n in SENJI.seat_labels(options)])
    app = TabletopApp(games={"senji": SENJI}, bot_delay=3600, start=("store", store))
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the hand-off curtain
        await settle(pilot)
        drawn = {}  # theme -> (the map's background, the share of its cells drawn on it)
        for theme in ("textual-light", "textual-dark"):
            app.theme = theme
            await settle(pilot)
            mp = board_of(app).query_one(SenjiMap)
            background = mp.rich_style.bgcolor
            assert background is not None
            cells = on_background = 0
            for y in range(mp.size.height):
                for segment in mp.render_line(y):
                    style = segment.style
                    assert style is not None and style.bgcolor is not None, (theme, y, segment.text)
                    cells += len(segment.text)
                    if style.bgcolor == background:
                        on_background += len(segment.text)
                        if segment.text.strip():
                            # the words on the background are not drawn in it
                            assert style.color != background
            drawn[theme] = (background, on_background / cells)
        (light, light_share), (dark, dark_share) = drawn["textual-light"], drawn["textual-dark"]
        assert light != dark, "the map keeps one background whatever the theme"
        assert luminance(light) > luminance(dark) + 0.4, f"light {light} is not lighter than dark {dark}"
        assert light_share > 0.5 and dark_share > 0.5, "most of the map is drawn on the theme's background"


def luminance(color) -> float:
    """0 (black) to 1 (white)."""
    r, g, b = color.get_truecolor()
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


async def test_the_harakiri_grid_is_drawn_on_the_themes_background_with_white_on_its_boxes(data_dir):
    from rules.harakiri import GAME as HARAKIRI
    from screens.harakiri.grid import HarakiriGrid

    store = Store.new(HARAKIRI, HARAKIRI.Options(), 3, [Seat("Solo")])
    app = TabletopApp(games={"harakiri": HARAKIRI}, bot_delay=3600, start=("store", store))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.theme = "textual-light"
        await settle(pilot)
        grid = board_of(app).query_one(HarakiriGrid)
        background = grid.rich_style.bgcolor
        boxes = 0
        for y in range(grid.size.height):
            for segment in grid.render_line(y):
                style = segment.style
                assert style is not None and style.bgcolor is not None, (y, segment.text)
                if any(c.isalpha() for c in segment.text) and not style.reverse \
                        and style.bgcolor.name in ("dark_blue", "dark_red", "dark_green"):
                    boxes += 1  # a character or an enemy on its box: white, whatever the theme
                    assert style.color.triplet is not None and min(style.color.triplet) > 200, segment
        assert boxes > 0
