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
