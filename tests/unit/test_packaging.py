"""The built wheel carries every file the program reads at run time: all of assets/."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_file_under_assets_is_in_the_wheel(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True, timeout=600,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    (wheel,) = tmp_path.glob("tabletop-*.whl")
    packed = {n for n in zipfile.ZipFile(wheel).namelist() if n.startswith("assets/")}
    on_disk = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "assets").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }
    assert on_disk - packed == set(), "assets missing from the wheel"
    assert packed - on_disk == set(), "stray files in the wheel"
    assert "assets/senji/map.txt" in packed
