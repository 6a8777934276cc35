"""Shared fixtures: every test gets its own data dir; the contract suite covers the
registered games plus the small test game."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from tabletop.engine import games
from tests.games.nim import NIM


# The autouse data-dir fixture is the same for every generated example; games are stateless.
settings.register_profile(
    "tabletop",
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
settings.load_profile("tabletop")


def contract_games():
    """Every registered game, plus Nim, which exercises chance, checkpoints and secrets."""
    found = dict(games())
    found["nim"] = NIM
    return found


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    path = tmp_path / "data"
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(path))
    return path


# The test modules that take longest (summed over their tests in a profile of the whole
# suite), longest first. They are collected first: under `-n 4 --dist loadgroup` each
# worker takes the next test as soon as it is free, so the long walks start at once and
# the run does not end on one worker still walking a game while the others wait. Order
# only: every test runs, with the same checks.
SLOW_FIRST = (
    "tests/e2e/test_enter_safety.py",
    "tests/e2e/test_duel_board.py",
    "tests/e2e/test_duel_room.py",
    "tests/e2e/test_replay.py",
    "tests/e2e/test_legend.py",
    "tests/e2e/test_readable.py",
    "tests/e2e/test_keys_stable.py",
    "tests/e2e/test_table.py",
    "tests/e2e/test_spirit_board.py",
    "tests/e2e/test_board_words.py",
    "tests/e2e/test_bot_turns.py",
    "tests/e2e/test_room.py",
    "tests/unit/senji/test_bots_levers.py",
    "tests/unit/test_search.py",
    "tests/unit/senji/test_readable.py",
    "tests/e2e/test_harakiri_board.py",
    "tests/secrecy/test_oracle.py",
    "tests/property/test_senji_random.py",
    "tests/property/test_contract.py",
    "tests/property/test_harakiri_random.py",
    "tests/e2e/test_secrecy.py",
)


def pytest_collection_modifyitems(items):
    rank = {path: i for i, path in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(SLOW_FIRST)))  # stable
