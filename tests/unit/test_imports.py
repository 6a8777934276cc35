"""Import direction: screens -> tabletop -> rules, never reversed. Checked in a fresh
interpreter so nothing imported by other tests can hide a violation."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PURE = ["rules", "rules.common", "tabletop.engine", "tabletop.store", "tabletop.saves",
        "tabletop.bots", "tabletop.simulate", "tabletop.cli", "tabletop.help", "tabletop.forms",
        "tabletop.journal", "tabletop.catalog", "tabletop.flags"]


def imported_after(modules: list[str]) -> set[str]:
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_core_never_imports_textual_or_rich():
    loaded = imported_after(PURE)
    bad = {m for m in loaded if m.split(".")[0] in {"textual", "rich", "screens"}}
    assert not bad, sorted(bad)[:10]


def test_rules_import_nothing_of_the_app():
    packages = [p.name for p in (ROOT / "rules").iterdir() if (p / "__init__.py").exists()]
    loaded = imported_after([f"rules.{p}" for p in packages])
    bad = {m for m in loaded if m.split(".")[0] in {"textual", "rich", "screens", "tabletop"}}
    assert not bad, sorted(bad)[:10]


def test_the_rules_source_has_no_app_imports():
    for path in (ROOT / "rules").rglob("*.py"):
        for line in path.read_text().splitlines():
            stripped = line.strip()
            if stripped.startswith(("import ", "from ")):
                head = stripped.split()[1].split(".")[0]
                assert head not in {"textual", "rich", "screens", "tabletop"}, f"{path}: {line}"
