"""The project's docs live in the project: no tracked file points at a path outside the
repository (a clone has nothing there), every link of README and docs/ leads to a file that
exists, and every repository path the docs name in backticks exists."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Documents that exist beside a working copy of the project but never in a clone of it.
OUTSIDE = re.compile(
    r"\.\./shared\b|\bshared/(design|seeds)\b|/work/|\bARCHITECTURE\.md|\bSTYLE\.md"
    r"|\bdesign/(spirit|senji|duel|harakiri)\.md|\bseeds/\d{3}_"
)
# A relative path that climbs out of its folder: it must stay inside the repository.
CLIMB = re.compile(r"(?:\.\./)+[\w.<>-][\w./<>-]*")
# Text that climbs out on purpose, as data and not as a reference: (file, text, why).
CLIMBS_ALLOWED = {
    ("tests/store/test_hostile_files.py", "../../../../../../tmp/owned"):
        "a hostile save's game id that the loader must refuse",
}
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
NAMED_PATH = re.compile(r"`((?:rules|tabletop|screens|assets|tests|docs)/[\w./-]*)`")


def tracked_text_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    paths = []
    for name in out.decode().split("\0"):
        path = ROOT / name
        if not name or not path.is_file() or name.endswith(".svg"):
            continue  # snapshots are pictures of the screen, not references
        if path == Path(__file__).resolve():
            continue  # this file quotes such paths as examples of what it refuses
        raw = path.read_bytes()
        if b"\0" in raw:
            continue
        paths.append(path)
    return paths


def outside_references(path: Path, text: str) -> list[str]:
    """What in ``text`` (the contents of ``path``) names a path outside the repository."""
    rel = path.relative_to(ROOT).as_posix()
    found = [m.group(0) for m in OUTSIDE.finditer(text)]
    for m in CLIMB.finditer(text):
        if (rel, m.group(0)) in CLIMBS_ALLOWED:
            continue
        target = (path.parent / m.group(0)).resolve()
        if not target.is_relative_to(ROOT):
            found.append(m.group(0))
    return found


def test_no_tracked_file_names_a_path_outside_the_repository():
    files = tracked_text_files()
    assert len(files) > 100, "the tracked files could not be listed"
    bad = {}
    for path in files:
        found = outside_references(path, path.read_text(encoding="utf-8", errors="replace"))
        if found:
            bad[path.relative_to(ROOT).as_posix()] = found
    assert not bad, f"paths outside the repository: {bad}"


@pytest.mark.parametrize("text, found", [
    ("The contract is in `../shared/design/ARCHITECTURE.md`.", True),
    ("see ARCHITECTURE.md", True),
    ("(design/senji.md §8)", True),
    ("a path ../../../../elsewhere/notes.md", True),
    ("the oracle's ../owner of a province", False),
    ("see docs/architecture.md", False),
])
def test_the_check_tells_an_outside_path_from_an_inside_one(text, found):
    """The check itself, on lines written into a file two folders deep (tests/unit)."""
    assert bool(outside_references(ROOT / "tests/unit/x.md", text)) is found


def docs_pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_readme_links_the_docs():
    links = LINK.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    for page in ("docs/architecture.md", "docs/adding-a-game.md", "docs/rules/spirit.md",
                 "docs/rules/senji.md", "docs/rules/duel.md", "docs/rules/harakiri.md"):
        assert page in links, f"README does not link {page}"


def test_every_docs_link_leads_to_a_file_of_the_repository():
    checked = 0
    for page in docs_pages():
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # a web address, not a file
            file = target.split("#", 1)[0]
            where = page if not file else (page.parent / file).resolve()
            assert where.is_relative_to(ROOT), f"{page.name} links {target}, outside the repository"
            assert where.exists(), f"{page.relative_to(ROOT)} links {target}, which does not exist"
            checked += 1
    assert checked >= 10


def test_every_path_the_docs_name_exists():
    for page in docs_pages():
        for name in NAMED_PATH.findall(page.read_text(encoding="utf-8")):
            assert (ROOT / name).exists(), f"{page.relative_to(ROOT)} names `{name}`, which does not exist"
