"""tabletop/ runs without Textual: the app and its screens live under screens/, and
tabletop/entry.py's ``open_screens`` is the one import from tabletop/ up to them (issue 29)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _imports(path: Path) -> list[str]:
    """Every module a file imports, at any depth (lazy imports inside functions too)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            found.append(base)
    return found


def test_tabletop_imports_no_textual_and_reaches_the_screens_once():
    upward = {}
    for path in sorted((ROOT / "tabletop").rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for module in _imports(path):
            top = module.split(".")[0]
            assert top != "textual", f"{name} imports {module}: Textual code belongs under screens/"
            if top == "screens":
                upward.setdefault(name, set()).add(module)
    assert upward == {"tabletop.entry": {"screens.app"}}


def test_the_entry_point_opens_the_app_module():
    from screens.app import TabletopApp, run_app, run_host_screen, run_join_screen, run_seat
    from tabletop.cli import open_screens

    app = open_screens()
    assert app.TabletopApp is TabletopApp and app.run_app is run_app
    assert (app.run_host_screen, app.run_join_screen, app.run_seat) == (run_host_screen, run_join_screen, run_seat)
