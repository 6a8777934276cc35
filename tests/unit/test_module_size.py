"""No module of the screens is longer than a newcomer can read through (issue 29: boards
split by part, each part of the table in a module of its own under the board's folder).

A board module grows one part of the table at a time; past about 500 lines it holds several
and should be cut where the parts are. The limit has some slack over that.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOST_LINES = 550


def oversized(folder: Path) -> list[str]:
    """Every Python module under ``folder`` longer than MOST_LINES, with its length."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MOST_LINES:
            found.append(f"{path.relative_to(folder.parent).as_posix()}: {lines} lines")
    return found


def test_no_module_under_screens_is_over_the_limit():
    too_long = oversized(ROOT / "screens")
    assert not too_long, f"split these by part (at most {MOST_LINES} lines each): " + "; ".join(too_long)


def test_the_check_names_a_module_one_line_over_and_not_one_at_the_limit(tmp_path):
    screens = tmp_path / "screens"
    (screens / "game").mkdir(parents=True)
    (screens / "game" / "board.py").write_text("x = 1\n" * (MOST_LINES + 1))
    (screens / "game" / "grid.py").write_text("x = 1\n" * MOST_LINES)
    assert oversized(screens) == [f"screens/game/board.py: {MOST_LINES + 1} lines"]
