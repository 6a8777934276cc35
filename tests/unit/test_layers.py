"""The layers and the import graph, read from the source with `ast` (issue 29).

Layers, lowest first: rules -> tabletop -> screens. A module may import from its own layer or a
lower one, never from a higher one; and no module imports another that imports it back (no
cycle), counting imports made inside functions too, since they run back up all the same.

Every import statement is an edge, at module level or inside a function (an `if TYPE_CHECKING:`
import is an edge too: it still says which module reads which). `from a.b import c` is an edge
to the module `a.b.c` when that is a module, else to `a.b`.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYERS = {"rules": 0, "tabletop": 1, "screens": 2}

# The imports from tabletop up into screens: only the one entry point that starts the app,
# tabletop/entry.py's open_screens() (the Textual app lives in screens/app.py; issue 29, item 3).
# This set must only shrink (a test below fails on a stale entry).
KNOWN_UPWARD: set[tuple[str, str]] = {
    ("tabletop.entry", "screens.app"),
}

# Cycles outside rules/, each the set of its modules: none is left (saves <-> store and cli <->
# net.cli went with issue 29). Must stay empty or shrink; in rules/ none is allowed at all.
KNOWN_CYCLES: set[frozenset[str]] = set()



def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for top in LAYERS:
        for path in sorted((ROOT / top).rglob("*.py")):
            found[module_name(path)] = path
    return found


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Every module of ours that `name` imports, anywhere in its source."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    out: set[str] = set()

    def ours(target: str) -> str | None:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        return target or None

    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if (hit := ours(alias.name)) is not None:
                    out.add(hit)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                full = f"{source}.{alias.name}"
                hit = full if full in modules else ours(source)
                if hit is not None:
                    out.add(hit)
    out.discard(name)
    return out


def import_graph() -> dict[str, set[str]]:
    modules = all_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[frozenset[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def layer(name: str) -> int:
    return LAYERS[name.split(".")[0]]


def upward(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    return {(a, b) for a, targets in graph.items() for b in targets if layer(b) > layer(a)}


def test_the_walk_sees_function_level_and_relative_imports(tmp_path):
    # The walker itself, on a made-up package: a cycle closed only inside a function is found.
    package = tmp_path / "rules" / "toy"
    package.mkdir(parents=True)
    (tmp_path / "rules" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .b import x\n")
    (package / "b.py").write_text("def f():\n    from rules.toy import a\n")
    (package / "c.py").write_text("from . import b\n")
    modules = {module_name(p, tmp_path): p for p in tmp_path.rglob("*.py")}
    graph = {n: imports_of(n, p, modules) for n, p in modules.items()}
    assert graph["rules.toy.a"] == {"rules.toy.b"}
    assert graph["rules.toy.b"] == {"rules.toy.a"}
    assert graph["rules.toy.c"] == {"rules.toy.b"}
    assert cycles(graph) == [frozenset({"rules.toy.a", "rules.toy.b"})]


def test_no_module_imports_one_that_imports_it_back():
    found = set(cycles(import_graph()))
    new = found - KNOWN_CYCLES
    assert not new, "import cycles: " + "; ".join(" <-> ".join(sorted(c)) for c in new)


def test_the_rules_packages_have_no_cycle_at_all():
    found = [c for c in cycles(import_graph()) if any(m.startswith("rules.") for m in c)]
    assert not found, found


def test_no_import_runs_from_a_lower_layer_to_a_higher_one():
    found = upward(import_graph())
    new = found - KNOWN_UPWARD
    assert not new, sorted(new)
    assert not any(a.startswith("rules") for a, _ in found), sorted(found)


def test_every_known_exception_still_exists():
    graph = import_graph()
    stale_up = KNOWN_UPWARD - upward(graph)
    stale_cycles = KNOWN_CYCLES - set(cycles(graph))
    assert not stale_up, f"remove from KNOWN_UPWARD, it is gone: {sorted(stale_up)}"
    assert not stale_cycles, f"remove from KNOWN_CYCLES, it is gone: {stale_cycles}"
