"""Loading game data from the ``assets`` package, validated by pydantic."""

from __future__ import annotations

import json
import tomllib
from functools import cache
from importlib import resources
from typing import Any, TypeVar

from pydantic import TypeAdapter

T = TypeVar("T")


def asset_text(*parts: str) -> str:
    """The text of ``assets/<parts...>``."""
    node = resources.files("assets")
    for part in parts:
        node = node.joinpath(part)
    return node.read_text(encoding="utf-8")


@cache
def _raw(path: tuple[str, ...]) -> Any:
    text = asset_text(*path)
    if path[-1].endswith(".toml"):
        return tomllib.loads(text)
    return json.loads(text)


def load_asset(schema: type[T] | Any, *parts: str) -> T:
    """Parse ``assets/<parts...>`` (JSON or TOML) and validate it against ``schema``."""
    return TypeAdapter(schema).validate_python(_raw(tuple(parts)))
