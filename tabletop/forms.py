"""Describes an Options model as form fields (no Textual): the setup screen and the
CLI both build on it."""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any

from annotated_types import Ge, Gt, Le, Lt
from pydantic import BaseModel


@dataclass(frozen=True)
class FieldSpec:
    name: str
    title: str
    kind: str  # "int" | "choice" | "bool" | "list" | "text"
    default: Any
    description: str = ""
    choices: tuple[Any, ...] = ()
    choice_titles: tuple[str, ...] = ()  # the words shown for each choice, in order
    low: int | None = None
    high: int | None = None


def _bounds(metadata: list[Any]) -> tuple[int | None, int | None]:
    low = high = None
    for m in metadata:
        if isinstance(m, Ge):
            low = int(m.ge)
        elif isinstance(m, Gt):
            low = int(m.gt) + 1
        elif isinstance(m, Le):
            high = int(m.le)
        elif isinstance(m, Lt):
            high = int(m.lt) - 1
    return low, high


def bare_type(ann: Any) -> Any:
    """``str`` for ``Annotated[str, ...]`` (a checked text such as ``PlainName``)."""
    while typing.get_origin(ann) is typing.Annotated:
        ann = typing.get_args(ann)[0]
    return ann


def option_fields(model: type[BaseModel]) -> list[FieldSpec]:
    defaults = model()
    out: list[FieldSpec] = []
    for name, info in model.model_fields.items():
        ann = info.annotation
        origin = typing.get_origin(ann)
        title = info.title or name.replace("_", " ").capitalize()
        common = dict(name=name, title=title, default=getattr(defaults, name),
                      description=info.description or "")
        if ann is bool:
            out.append(FieldSpec(kind="bool", **common))
        elif ann is int:
            low, high = _bounds(info.metadata)
            out.append(FieldSpec(kind="int", low=low, high=high, **common))
        elif origin is typing.Literal:
            choices = typing.get_args(ann)
            out.append(FieldSpec(kind="choice", choices=choices,
                                 choice_titles=choice_titles(info, choices), **common))
        elif origin in (tuple, list):
            items = [bare_type(a) for a in typing.get_args(ann) if a is not Ellipsis]
            if all(a in (str, int) for a in items):
                out.append(FieldSpec(kind="list", **common))
            # Lists of structured items (per-seat records) keep their default: the
            # setup screen's own seat rows cover names and who plays.
        else:
            out.append(FieldSpec(kind="text", **common))
    return out


def choice_titles(info: Any, choices: tuple[Any, ...]) -> tuple[str, ...]:
    """The words a player reads for each choice: the field's ``json_schema_extra["titles"]``
    where the rules give them, else the value in words (``drowned_shrine``: "Drowned shrine")."""
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    given = extra.get("titles", {}) if isinstance(extra.get("titles", {}), dict) else {}
    out = []
    for c in choices:
        if c in given:
            out.append(str(given[c]))
        elif isinstance(c, str):
            out.append(c.replace("_", " ").capitalize())
        else:
            out.append(str(c))
    return tuple(out)
