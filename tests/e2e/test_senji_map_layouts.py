"""The Senji map uses the room (issue 26): the compact map at 80x24, a larger one in words
at 120x40 and 200x50, each drawn from an asset that agrees with the map data.

Every layout draws map.json's 18 provinces, two seas and 30 borders (the borders read back
from the art); a layout that differs is refused at load. Over seeded positions the larger
maps write each province's status in words (the owner's family, the units, the samurai by
their full names, the order), never a "…", never a word cut; their glyphs and
abbreviations are in the board's legend; a province's key stands beside it on each layout.
"""

from __future__ import annotations

import random
import re

import pytest

from rules.common.data import asset_text
from rules.senji import GAME
from rules.senji.data import data
from rules.senji.view import HIDDEN
from screens.app import TabletopApp
from screens.senji.board import SenjiBoard
from screens.senji.map import SenjiMap
from screens.senji.map_layout import LayoutError, drawn_edges, layouts, parse
from tests.e2e.test_board_words import listed, unlisted
from tests.e2e.test_legend import abbreviation_covered, covered, is_glyph
from tests.e2e.test_place_keys import _at_a_choice_of_provinces, _key_beside

from .helpers import board_of, settle

D = data()
LARGER = [lay for lay in layouts() if lay.words]


def test_there_are_larger_layouts_than_the_compact_map():
    compact = layouts()[0]
    assert [lay.name for lay in layouts()] == ["compact", "medium", "wide", "large"]
    assert [lay.width for lay in layouts()] == sorted(lay.width for lay in layouts()), "smallest first"
    assert compact.width <= 78 and not compact.words
    assert all(lay.width > compact.width and lay.height > compact.height for lay in LARGER)


@pytest.mark.parametrize("layout", layouts(), ids=lambda lay: lay.name)
def test_every_layout_draws_the_provinces_seas_and_borders_of_the_map(layout):
    assert [b.id for b in layout.boxes] == [p["id"] for p in _map_json()["provinces"]] + ["N", "S"]
    art = [line.ljust(layout.width) for line in layout.art]
    for p in _map_json()["provinces"]:
        box = layout.box(p["id"])
        assert art[box.y][box.x:box.x + len(p["name"])] == p["name"], "the box starts with the province's name"
    drawn = drawn_edges(layout)
    borders = {frozenset((e["a"], e["b"])): e["strait"] for e in _map_json()["edges"]}
    assert set(drawn) == set(borders), "the same borders as map.json"
    assert {pair for pair, sea in drawn.items() if sea} <= {pair for pair, sea in borders.items() if sea}, \
        "only a strait is drawn as a crossing by sea"
    assert sum(drawn.values()) >= 3  # Kyushu=Shikoku, Kyushu:Nagato, Shikoku:Aki


def _map_json() -> dict:
    import json

    return json.loads(asset_text("senji", "map.json"))


@pytest.mark.parametrize("change, said", [
    (lambda art: art.replace("Harima ", "Harmia ", 1), "names Harima 0 times"),
    (lambda art: re.sub(r"(?<=Tango )-+", lambda m: " " * len(m.group()), art, count=1),
     "lacks the border echizen and tango"),
    (lambda art: re.sub(r"(?<=Nagato )-+", lambda m: "=" * len(m.group()), art, count=1),
     "draws the land border aki and nagato as a"),
    (lambda art: art.replace("Aki" + " " * 14 + "Yamashiro", "Aki " + "-" * 12 + " Yamashiro", 1),
     "draws a border the map has not: aki and yamashiro"),
    (lambda art: art.replace("@", " "), "needs one @"),
])
def test_a_layout_that_differs_from_the_map_is_refused_with_what_differs(change, said):
    art = asset_text("senji", "map_wide.txt")
    parse("wide", art)  # as it is, it loads
    with pytest.raises(LayoutError, match=said):
        parse("wide", change(art))


def _positions(seeds=(1, 2, 3), steps=600, every=7):
    """(the seat's view, the seat) every few random moves of four-player games."""
    for seed in seeds:
        state = GAME.new(GAME.Options(players=4, winter_timer_s=0), seed)
        rng = random.Random(seed)
        for step in range(steps):
            if GAME.outcome(state) is not None:
                break
            if step % every == 0:
                seat = GAME.to_move(state)
                yield GAME.view(state, seat), seat
            GAME.apply(state, rng.choice(GAME.legal_actions(state)))


def _drawn(mp: SenjiMap) -> list[str]:
    return ["".join(ch for ch, _ in row) for row in mp._rows]


def _box_text(mp: SenjiMap, rows: list[str], place: str) -> list[str]:
    box = mp.map_layout.box(place)
    return [rows[y][box.x:box.x + box.width].strip() for y in range(box.y, box.y + box.rows)]


def _expected_words(view, p: str) -> list[str]:
    """A province's status, word by word, as the rulebook names it (no glyphs)."""
    pr = view.provinces[p]
    if pr.neutral:
        return ["neutral"]
    if pr.owner is None and not pr.units and not pr.samurai and pr.order is None:
        return ["free"]
    words = [D.family[view.families[pr.owner]].name] if pr.owner is not None else []
    words += [str(pr.units), "unit" if pr.units == 1 else "units"]
    words += [D.samurai[x].name for x in pr.samurai]
    if pr.order == HIDDEN and not pr.resolved:
        words += ["hidden", "order"]
    elif pr.order is not None and (not pr.resolved or (view.active is not None and view.active.province == p)):
        words += [pr.order]
    return words


def _words(lines: list[str]) -> list[str]:
    return re.findall(r"[A-Za-z]+|\d+", " ".join(lines))


@pytest.mark.parametrize("layout", LARGER, ids=lambda lay: lay.name)
def test_a_larger_map_writes_each_province_in_whole_words_with_full_names(layout):
    mp = SenjiMap()
    mp.fit(layout.width + 1, layout.height)
    assert mp.map_layout is layout
    looked = samurai_seen = 0
    for view, seat in _positions():
        mp.show(view, seat, set())
        rows = _drawn(mp)
        assert not any("…" in row for row in rows), "\n".join(rows)
        for p in D.province_order:
            lines = _box_text(mp, rows, p)
            assert lines[0].startswith(D.province[p].name)
            assert _words(lines[1:]) == _expected_words(view, p), (p, lines)
            samurai_seen += len(view.provinces[p].samurai)
            looked += 1
        for s in D.sea_order:
            text = " ".join(_box_text(mp, rows, s)[1:])
            for f in view.fleets:
                if f.sea == s:
                    family = D.family[view.families[f.seat]].name
                    assert f"{family} {f.units} unit" in text, (s, text)
                    assert all(re.search(rf"\b{D.samurai[x].name}\b", text) for x in f.samurai), (s, text)
    assert looked > 1000 and samurai_seen > 50, (looked, samurai_seen)


@pytest.mark.parametrize("layout", LARGER, ids=lambda lay: lay.name)
def test_three_samurai_in_a_province_break_between_words_and_the_large_map_names_them_all(layout):
    """Yamashiro, Green with 3 units, Tadakatsu, Chosogabe and Yoshiteru there and a hidden order."""
    view, seat = next(p for p in _positions(seeds=(1,), every=1) if p[0].step == "spring_orders")
    yamashiro = view.provinces["yamashiro"]
    yamashiro.owner, yamashiro.units, yamashiro.samurai = seat, 3, ["M", "B", "R"]
    yamashiro.order, yamashiro.resolved, yamashiro.neutral = None, False, False
    mp = SenjiMap()
    mp.fit(layout.width + 1, layout.height)
    mp.show(view, seat, set())
    lines = _box_text(mp, _drawn(mp), "yamashiro")
    names = ["Tadakatsu", "Chosogabe", "Yoshiteru"]
    family = D.family[view.families[seat]].name
    words = _words(lines[1:])
    assert words[:3] == [family, "3", "units"]
    assert all(w in names or w in ("and", "more") or w.isdigit() for w in words[3:]), lines
    box, rows = layout.box("yamashiro"), _drawn(mp)
    assert all(rows[y][box.x + box.width] == " " for y in range(box.y + 1, box.y + box.rows)), "nothing spills"
    if layout.name == "large":
        assert words[3:] == names, lines
    else:  # the smaller maps have a row too few: the last row counts the rest
        assert words[3:] == ["Tadakatsu", "and", "2", "more"], lines


def test_the_larger_maps_draw_only_words_glyphs_and_abbreviations_the_legend_lists():
    legend = SenjiBoard(GAME).legend()
    patterns = listed(legend)
    missing: dict[str, str] = {}
    for layout in LARGER:
        mp = SenjiMap()
        mp.fit(layout.width + 1, layout.height)
        for view, seat in _positions(seeds=(4, 5), every=11):
            combat = {view.combat.province} if view.combat else set()
            mp.show(view, seat, combat | {"N"}, clock="⏱ 3:59 PAUSED", keys={"N": "4"})
            for row in _drawn(mp):
                for ch in row:
                    if is_glyph(ch) and not covered(ch, legend):
                        missing.setdefault(ch, row.strip())
                for token in re.findall(r"(?<![\w'’])([A-Z]{2,4}|[A-Z]{1,3}\d+[A-Za-z]?)(?![\w'’])", row):
                    if not abbreviation_covered(token, legend):
                        missing.setdefault(token, row.strip())
                for _, token in unlisted(row, patterns):
                    missing.setdefault(token, row.strip())
    assert not missing, missing


@pytest.mark.parametrize("size, layout", [((80, 24), "compact"), ((120, 40), "wide"), ((160, 48), "medium"),
                                          ((200, 50), "large"), ((250, 60), "large")])
async def test_the_board_draws_the_largest_map_it_has_room_for_and_keys_beside_places(data_dir, size, layout):
    app = TabletopApp(games={"senji": GAME}, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.start_store(_at_a_choice_of_provinces())
        await settle(pilot, 3)
        while app.screen is not board_of(app):  # the hand-off curtain
            await pilot.press("enter")
            await settle(pilot)
        board = board_of(app)
        mp = board.query_one(SenjiMap)
        assert mp.map_layout.name == layout
        assert mp.size.width >= mp.map_layout.width and mp.size.height >= mp.map_layout.height, \
            "the whole map in sight"
        keyed = [(i, a.province) for i, a in enumerate(board.actions)
                 if getattr(a, "province", None) and board.keys[i] not in (None, "enter")]
        assert len(keyed) >= 2
        for i, province in keyed:
            assert _key_beside(mp, province) == board.keys[i], f"{province}: the key of its row"
        side = board.board.query_one("#sj-side")
        if board.board.has_class("-beside"):
            assert side.size.width >= 40, "the panels beside the map have room for the honour track"
        elif side.display:
            assert side.region.y >= mp.region.bottom, "the panels under the map"
        if size == (250, 60):
            assert board.board.has_class("-beside"), f"the panels beside the larger map ({board.board.size})"


async def test_resizing_the_terminal_redraws_the_map_for_the_new_room(data_dir):
    """200x50 -> 80x24 -> 120x40 in one game: the large map, then the compact one at its own
    14 rows (nothing of the larger map's size left over), then the wide one; the cursor stays
    on its province."""
    app = TabletopApp(games={"senji": GAME}, bot_delay=0)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        app.start_store(_at_a_choice_of_provinces())
        await settle(pilot, 3)
        while app.screen is not board_of(app):  # the hand-off curtain
            await pilot.press("enter")
            await settle(pilot)
        mp = board_of(app).query_one(SenjiMap)
        assert mp.map_layout.name == "large"
        mp.select("owari")
        for size, layout, rows in (((80, 24), "compact", 14), ((120, 40), "wide", 24), ((200, 50), "large", 29)):
            await pilot.resize_terminal(*size)
            await settle(pilot, 3)
            assert mp.map_layout.name == layout, size
            assert mp.size.height == rows, size
            assert mp.current.id == "owari"
            drawn = _drawn(mp)
            box = mp.current
            assert drawn[box.y][box.x:box.x + len("Owari")] == "Owari", "the province is drawn where its box is"


@pytest.mark.parametrize("layout", layouts(), ids=lambda lay: lay.name)
def test_the_winter_clock_never_covers_a_province_name(layout):
    """The clock stands top right, or left of a province standing there (Dewa on the medium map)."""
    view, seat = next(p for p in _positions(seeds=(1,), every=1) if p[0].step == "winter_floor")
    mp = SenjiMap()
    mp.fit(layout.width + 1, layout.height)
    for clock in ("⏱ 3:59", "⏱ 3:59 PAUSED"):
        mp.show(view, seat, set(), clock=clock)
        top = _drawn(mp)[0]
        assert clock in top
        for p in D.province_order:
            box = layout.box(p)
            if box.y == 0:
                assert top[box.x:box.x + len(D.province[p].name)] == D.province[p].name, (clock, top)
                assert top[box.x - 1] == " ", (clock, top)
