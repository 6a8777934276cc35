"""The Senji map's layouts: the compact one (assets/senji/map.txt, its boxes placed by
map.json's labels) and the larger ones drawn for a roomy terminal (assets/senji/map_medium.txt,
map_wide.txt, map_large.txt: 100, 117 and 124 columns), each read and checked once at load.

A larger layout's art draws each province's box as its name with rows of dots beneath (the
box is the name row and the block of dots, as wide as the dots); a sea is its name in capitals between
tildes ("~ NORTH SEA ~") with the block of dots beneath it for its fleets; one `@` marks
the top-left corner of an empty corner for the tab keys. Borders are drawn between boxes:
``- |  / \\`` a land border, ``= :`` a crossing by sea (a strait may also be drawn ``/``).
``drawn_edges`` reads the borders back from the art: a layout whose provinces, seas or
borders differ from map.json is refused at load with a sentence saying what differs.
"""

from __future__ import annotations

import re
from functools import cache

from pydantic import BaseModel, ConfigDict

from rules.common.data import asset_text
from rules.senji.data import data

D = data()
COMPACT_BOX = 9  # a province's label box on the compact map: its name row and its status row

# A border's glyph -> the directions it runs in; the sea crossings are = and :.
RUNS = {"-": (1, 0), "=": (1, 0), "|": (0, 1), ":": (0, 1), "/": (1, -1), "\\": (1, 1)}
STRAIT = set("=:")
REACH = 3  # cells a border's end may stop short of its box (the compact art is hand drawn)


class Box(BaseModel):
    """A province's or a sea's box on a layout: ``rows`` rows of ``width`` columns."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    sea: bool
    x: int
    y: int
    width: int
    rows: int

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.rows

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.rows / 2


class Layout(BaseModel):
    """A map's art and where its provinces and seas stand on it. ``words``: the status is
    written in words (the larger layouts) rather than the compact row of letters and glyphs."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    words: bool
    art: tuple[str, ...]
    boxes: tuple[Box, ...]  # the provinces in map.json's order, then the seas
    hint_at: tuple[int, int]

    @property
    def width(self) -> int:
        return max(len(r) for r in self.art)

    @property
    def height(self) -> int:
        return len(self.art)

    def box(self, place: str) -> Box:
        return next(b for b in self.boxes if b.id == place)


class LayoutError(ValueError):
    pass


def compact() -> Layout:
    """Today's 80-column map: map.txt with the boxes map.json places."""
    boxes = [Box(id=p, sea=False, x=D.province[p].label[0], y=D.province[p].label[1], width=COMPACT_BOX, rows=2)
             for p in D.province_order]
    for s in D.sea_order:
        sea = D.sea[s]
        (x, y), (fx, fy) = sea.label, sea.fleet_label
        left = min(x, fx)
        boxes.append(Box(id=s, sea=True, x=left, y=min(y, fy), width=sea.last_column - left + 1, rows=abs(fy - y) + 1))
    # (66, 7): a corner of the art with nothing in it, for the tab keys
    layout = Layout(name="compact", words=False, art=tuple(D.map_art), boxes=tuple(boxes), hint_at=(66, 7))
    _check(layout)
    return layout


def _block(art: list[str], x: int, y: int) -> tuple[int, int]:
    """The width and rows of the block of dots whose first row starts at (x, y)."""
    row = art[y]
    end = x
    while end < len(row) and row[end] != " ":
        end += 1
    width = end - x
    rows = 1
    while y + rows < len(art) and art[y + rows][x:end] == "." * width:
        rows += 1
    return width, rows


def parse(name: str, text: str) -> Layout:
    """A larger layout from its art; LayoutError says what is wrong with it."""
    art = text.rstrip("\n").split("\n")
    where = [(y, line.find("@")) for y, line in enumerate(art) if "@" in line]
    if len(where) != 1:
        raise LayoutError(f"the map layout {name} needs one @ for the tab keys' corner, it has {len(where)}")
    hy, hx = where[0]
    art[hy] = art[hy].replace("@", " ")
    boxes = []
    for p in D.province_order:
        label = D.province[p].name
        found = [(y, m.start()) for y, line in enumerate(art) for m in re.finditer(rf"(?<!\w){label}(?!\w)", line)]
        if len(found) != 1:
            raise LayoutError(f"the map layout {name} names {label} {len(found)} times (once is right)")
        y, x = found[0]
        if y + 1 >= len(art) or art[y + 1][x:x + 1] != ".":
            raise LayoutError(f"the map layout {name}: {label} has no block of dots beneath it for its status")
        width, rows = _block(art, x, y + 1)
        if width < len(label) + 2 or any(ch not in " " + "".join(RUNS) for ch in art[y][x + len(label):x + width]):
            raise LayoutError(f"the map layout {name}: {label}'s name row holds more than its name and borders")
        boxes.append(Box(id=p, sea=False, x=x, y=y, width=width, rows=rows + 1))
    for s in D.sea_order:
        label = f"~ {D.sea[s].name.upper()} ~"
        found = [(y, line.find(label)) for y, line in enumerate(art) if label in line]
        if len(found) != 1:
            raise LayoutError(f"the map layout {name} names {label} {len(found)} times (once is right)")
        y, x = found[0]
        if y + 1 >= len(art) or art[y + 1][x:x + 1] != ".":
            raise LayoutError(f"the map layout {name}: {label} has no block of dots beneath it for the fleets")
        width, rows = _block(art, x, y + 1)
        boxes.append(Box(id=s, sea=True, x=x, y=y, width=max(width, len(label)), rows=rows + 1))
    layout = Layout(name=name, words=True, art=tuple(art), boxes=tuple(boxes), hint_at=(hx, hy))
    _check(layout)
    return layout


def _check(layout: Layout) -> None:
    for i, a in enumerate(layout.boxes):
        for b in layout.boxes[i + 1:]:
            if a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.rows and b.y < a.y + a.rows:
                raise LayoutError(f"the map layout {layout.name}: the boxes of {a.id} and {b.id} overlap")
    drawn = drawn_edges(layout)
    wanted = {frozenset((e.a, e.b)): e.strait for e in D.map.edges}
    for pair, strait in drawn.items():
        if pair not in wanted:
            raise LayoutError(f"the map layout {layout.name} draws a border the map has not: {' and '.join(sorted(pair))}")
        if strait and not wanted[pair]:
            raise LayoutError(f"the map layout {layout.name} draws the land border {' and '.join(sorted(pair))} as a sea crossing")
    for pair in wanted:
        if pair not in drawn:
            raise LayoutError(f"the map layout {layout.name} lacks the border {' and '.join(sorted(pair))}")


def drawn_edges(layout: Layout) -> dict[frozenset[str], bool]:
    """The borders the art draws: each run of one border glyph, followed past its two
    ends (over blanks and other runs, at most REACH cells) to the province boxes it joins
    -> whether it is drawn as a crossing by sea. A run that does not join two provinces
    raises LayoutError."""
    art = [line.ljust(layout.width) for line in layout.art]
    provinces = [b for b in layout.boxes if not b.sea]
    seas = [b for b in layout.boxes if b.sea]

    def owner(x: int, y: int) -> str | None:
        for b in provinces:
            if b.contains(x, y) and (y > b.y or art[y][x] not in RUNS):
                return b.id  # a name row's room past the name may hold a border
        return None

    def border(x: int, y: int) -> bool:
        return art[y][x] in RUNS and owner(x, y) is None and not any(s.contains(x, y) for s in seas)

    seen: set[tuple[int, int]] = set()
    out: dict[frozenset[str], bool] = {}
    for row in range(layout.height):
        for column in range(layout.width):
            if (column, row) in seen or not border(column, row):
                continue
            x, y, ch = column, row, art[row][column]
            dx, dy = RUNS[ch]
            while 0 <= x - dx < layout.width and 0 <= y - dy < layout.height and art[y - dy][x - dx] == ch \
                    and border(x - dx, y - dy):
                x, y = x - dx, y - dy  # back to the run's first cell
            run = [(x, y)]
            while 0 <= x + dx < layout.width and 0 <= y + dy < layout.height and art[y + dy][x + dx] == ch \
                    and border(x + dx, y + dy):
                x, y = x + dx, y + dy
                run.append((x, y))
            seen.update(run)
            ends = []
            for (sx, sy), sign in ((run[0], -1), (run[-1], 1)):
                found = None
                for step in range(1, REACH + 1):
                    cx, cy = sx + sign * dx * step, sy + sign * dy * step
                    if not (0 <= cx < layout.width and 0 <= cy < layout.height):
                        break
                    # A diagonal may also end beside the box's corner, one column short.
                    found = owner(cx, cy) or (owner(cx + sign * dx, cy) if dx and dy else None)
                    if found:
                        break
                ends.append(found)
            if None in ends or ends[0] == ends[1]:
                raise LayoutError(f"the map layout {layout.name}: the border {ch!r} at column {run[0][0]}, "
                                  f"row {run[0][1]} does not join two provinces")
            pair = frozenset(ends)
            out[pair] = out.get(pair, False) or ch in STRAIT
    return out


@cache
def layouts() -> tuple[Layout, ...]:
    """Every layout, smallest first: the compact map, then the larger ones."""
    return (compact(), *(parse(name, asset_text("senji", f"map_{name}.txt")) for name in ("medium", "wide", "large")))
