"""The README's pictures are snapshot SVGs that exist (so they are kept current by the
snapshot tests), one per board at least."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_readme_picture_is_a_current_snapshot():
    text = (ROOT / "README.md").read_text()
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert pictures
    for pic in pictures:
        path = ROOT / pic
        assert path.is_file(), f"README shows {pic}, which does not exist"
        assert path.suffix == ".svg" and "tests/snapshots/__snapshots__/" in pic
        name = path.stem
        test_file = ROOT / "tests/snapshots" / f"{path.parent.name}.py"
        assert f"def {name}(" in test_file.read_text(), f"no snapshot test makes {pic}"
    for game in ("senji", "spirit", "duel", "harakiri"):
        assert any(f"test_{game}_snapshots" in p for p in pictures), f"README shows no {game} board"
