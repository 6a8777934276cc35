"""Command-line flags made from a game's ``Options`` model (argparse; no Textual).

Each field becomes one flag whose value is typed as the model types it:

* ``bool``: ``--blood`` / ``--no-blood``;
* a ``Literal`` of words or numbers: one of the listed choices (``-`` may stand for ``_``);
* ``int``: a whole number within the field's bounds;
* a tuple of words: ``A,B,C``;
* a tuple of small records (Senji's seats): ``A:B:C,A:B:C``, each record's fields in the
  record's order, trailing ones optional.

The help shows the choices or the range, the default, and an example taken from the
field itself (its ``examples``, else its bounds or choices), so that every example the
help shows is one the game accepts. A refusal names the flag the player typed, in one
sentence. pydantic-settings' CLI was considered: it would add a dependency, spell records
as JSON and still need this code to name the flag behind a model-level check.
"""

from __future__ import annotations

import argparse
import typing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import BaseModel
    from pydantic.fields import FieldInfo

    from rules.common import Game


def flag_name(field: str) -> str:
    return "--" + field.replace("_", "-")


def _bounds(info: FieldInfo) -> tuple[int | None, int | None]:
    low = high = None
    for m in info.metadata:
        low = getattr(m, "ge", low)
        high = getattr(m, "le", high)
        if getattr(m, "gt", None) is not None:
            low = m.gt + 1
        if getattr(m, "lt", None) is not None:
            high = m.lt - 1
    return low, high


def _record_type(ann: Any) -> type[BaseModel] | None:
    from pydantic import BaseModel

    items = [a for a in typing.get_args(ann) if a is not Ellipsis]
    if len(items) == 1 and isinstance(items[0], type) and issubclass(items[0], BaseModel):
        return items[0]
    return None


def _word(value: Any) -> str:
    """A choice as typed on the command line: ``temple-steps`` for ``temple_steps``."""
    return str(value).lower() if isinstance(value, bool) else str(value).replace("_", "-")


def short(text: str, limit: int = 40) -> str:
    """A value quoted in a message: one line of printable characters (a control character
    from the command line becomes a space), cut to ``limit`` characters."""
    from rules.common.text import plain  # here: `tabletop --help` loads no pydantic

    return plain(text, limit)


@dataclass(frozen=True)
class Flag:
    field: str
    flag: str
    kind: str  # "bool" | "choice" | "int" | "words" | "records"
    help: str
    examples: tuple[str, ...]  # command-line spellings the help shows


def _literal_parser(flag: str, choices: tuple[Any, ...]):
    by_word = {_word(c): c for c in choices}

    def parse(text: str) -> Any:
        key = text.strip()
        if key in by_word:
            return by_word[key]
        key = key.replace("_", "-")
        if key in by_word:
            return by_word[key]
        raise argparse.ArgumentTypeError(
            f"invalid choice {short(text)!r} (choose from {', '.join(by_word)})")

    return parse


def _int_parser(low: int | None, high: int | None):
    def parse(text: str) -> int:
        digits = text.strip().lstrip("+-")
        try:
            value = int(text.strip()) if len(digits) <= 30 else None
        except ValueError:
            raise argparse.ArgumentTypeError(f"{short(text)!r} is not a whole number") from None
        if value is None or (low is not None and value < low) or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{short(text)} is out of range ({_range(low, high)})")
        if (low is not None and value < low) or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{value} is out of range ({_range(low, high)})")
        return value

    return parse


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low} to {high}"
    if low is not None:
        return f"{low} or more"
    return f"at most {high}"


def _words(text: str) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()]


def _records_parser(record: type[BaseModel]):
    names = list(record.model_fields)

    def parse(text: str) -> list[dict[str, str]]:
        out = []
        for item in _words(text):
            parts = [p.strip() for p in item.split(":")]
            if len(parts) > len(names):
                raise argparse.ArgumentTypeError(
                    f"{short(item)!r} has more than {len(names)} parts ({':'.join(n.upper() for n in names)})")
            out.append({n: p for n, p in zip(names, parts) if p})
        return out

    return parse


def option_flags(game: Game) -> list[Flag]:
    """The flags of a game's options, in the model's order (``players`` is common)."""
    out = []
    defaults = game.Options()
    for name, info in game.Options.model_fields.items():
        if name == "players":
            continue
        out.append(_flag_of(name, info, getattr(defaults, name)))
    return out


def _examples(info: FieldInfo) -> tuple[str, ...]:
    return tuple(str(e) for e in (info.examples or ()))


def _flag_of(name: str, info: FieldInfo, default: Any) -> Flag:
    ann = info.annotation
    origin = typing.get_origin(ann)
    flag = flag_name(name)
    title = info.title or name.replace("_", " ").capitalize()
    what = f"{title} — {info.description}" if info.description else title
    what = what.rstrip(".")
    if ann is bool:
        return Flag(name, flag, "bool", f"{what} (default: {'on' if default else 'off'})",
                    (flag, "--no-" + flag[2:]))
    if origin is typing.Literal:
        choices = typing.get_args(ann)
        return Flag(name, flag, "choice", f"{what} (default: {_word(default)})",
                    tuple(_word(c) for c in choices))
    if ann is int:
        low, high = _bounds(info)
        shown = tuple(str(v) for v in dict.fromkeys((low, default, high)) if v is not None)
        return Flag(name, flag, "int", f"{what} ({_range(low, high)}; default: {default})", shown)
    if origin in (tuple, list):
        record = _record_type(ann)
        kind = "records" if record is not None else "words"
        examples = _examples(info)
        example = f"; for example {flag} {examples[0]}" if examples else ""
        return Flag(name, flag, kind, f"{what} (default: none{example})", examples)
    return Flag(name, flag, "text", f"{what} (default: {default})", _examples(info))


def add_option_flags(parser: argparse.ArgumentParser, game: Game) -> None:
    fields = game.Options.model_fields
    if "players" in fields:
        low, high = _bounds(fields["players"])
        parser.add_argument("--players", type=_int_parser(low, high), default=None, metavar="N",
                            help=f"number of players ({_range(low, high)}; default: {game.Options().players})")
    for f in option_flags(game):
        info = fields[f.field]
        dest = f"opt_{f.field}"
        if f.kind == "bool":
            parser.add_argument(f.flag, dest=dest, action=argparse.BooleanOptionalAction, default=None,
                                help=f.help)
        elif f.kind == "choice":
            parser.add_argument(f.flag, dest=dest, default=None, help=f.help,
                                metavar="{" + ",".join(f.examples) + "}",
                                type=_literal_parser(f.flag, typing.get_args(info.annotation)))
        elif f.kind == "int":
            low, high = _bounds(info)
            parser.add_argument(f.flag, dest=dest, default=None, help=f.help, metavar="N",
                                type=_int_parser(low, high))
        elif f.kind == "words":
            singular = (info.title or f.field).rstrip("s").upper().replace(" ", "-")
            parser.add_argument(f.flag, dest=dest, default=None, help=f.help,
                                metavar=f"{singular},{singular},...", type=_words)
        elif f.kind == "records":
            record = _record_type(info.annotation)
            parts = ":".join(n.upper() for n in record.model_fields)
            parser.add_argument(f.flag, dest=dest, default=None, help=f.help,
                                metavar=f"{parts},...", type=_records_parser(record))
        else:
            parser.add_argument(f.flag, dest=dest, default=None, help=f.help, metavar="TEXT")


def _sentence(msg: str) -> str:
    msg = msg.removeprefix("Value error, ").removeprefix("Assertion failed, ").strip()
    return short(msg.rstrip(". "), 160)


def options_from(values: dict[str, Any], game: Game) -> tuple[Any, str | None]:
    """Build the Options from the flags given; returns (options, None) or (None, reason).

    A refusal names the flag behind it: the field's own flag for a field-level error; for
    a check across fields, the given flag without which the rest would be accepted.
    """
    from pydantic import ValidationError

    try:
        return game.Options.model_validate(values), None
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = [p for p in err.get("loc", ()) if isinstance(p, str)]
        msg = _sentence(str(err.get("msg", "invalid value")))
        if loc and loc[0] in game.Options.model_fields:
            return None, f"invalid option {flag_name(loc[0])}: {msg}."
        culprits = []  # the given flags without any one of which the rest is accepted
        for name in values:
            try:
                game.Options.model_validate({k: v for k, v in values.items() if k != name})
            except ValidationError:
                continue
            culprits.append(flag_name(name))
        if len(culprits) == 1:
            return None, f"invalid option {culprits[0]}: {msg}."
        given = " and ".join(culprits or [flag_name(n) for n in values]) or "the options"
        return None, f"{given} do not fit together: {msg}."
