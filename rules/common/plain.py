"""State models whose fields are set as plain attributes: Senji's and Harakiri's hot
objects (issue 28's speed). Shared here so both games' models behave the same way."""

from __future__ import annotations

from keyword import iskeyword
from typing import Any

from pydantic_core import PydanticUndefined

from .models import Model


class Plain(Model):
    """A state model whose fields are set as plain attributes (issue 28's speed).

    Assignments are never validated (``validate_assignment`` is off), so pydantic's
    ``__setattr__`` only looks up a handler that stores the value in ``__dict__`` and notes
    the field as set; ``object.__setattr__`` stores the same value in the same ``__dict__``.
    Dumps, copies and equality read ``__dict__``, so they are unchanged; so that a dump with
    ``exclude_unset`` can never drop an assigned value, every field counts as set from the
    start. These models have no private attributes, and the rules assign declared fields only.
    """

    __setattr__ = object.__setattr__

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        # each class its own compiled ``made``, called with no classmethod in between (a class
        # whose fields cannot be parameters keeps the classmethod, which says why when called)
        try:
            type.__setattr__(cls, "made", staticmethod(_maker(cls)))
        except TypeError:
            pass

    def model_post_init(self, context: object, /) -> None:
        object.__setattr__(self, "__pydantic_fields_set__", set(type(self).__pydantic_fields__))

    @classmethod
    def made(cls, **values: Any):
        """``cls(**values)`` for values the rules made themselves, each already of its field's
        type (a face, a flag, a reference): the same model, without validating what cannot be
        wrong. The other fields take their defaults (a factory's fresh value each time). Data
        from outside (a save, the wire) is always validated. A missing required field or an
        unknown one is a TypeError."""
        # Each subclass has its own ``made``, compiled as the class is made; this one serves a
        # class that has none (a subclass made before its fields, which cannot be).
        maker = _MAKERS.get(cls)
        if maker is None:
            maker = _MAKERS[cls] = _maker(cls)
        return maker(**values)


# One constructor per class, compiled from its fields the first time it makes a model (issue 28's
# speed): keyword-only parameters in declared order, the defaults bound once, the factories called
# for a field not given; the model is laid out as ``Plain.made`` always laid it: its ``__dict__``
# in declared order, every field counted as set, no extras, no private values.
_MAKERS: dict[type, Any] = {}
_GIVEN = object()  # a factory field's parameter when the caller gave no value


def _maker(cls: type) -> Any:
    space: dict[str, Any] = {"_new": object.__new__, "_cls": cls,
                             "_GIVEN": _GIVEN, "_names": frozenset(cls.__pydantic_fields__),
                             "_set_of": set}
    params, lines = [], []
    for i, (name, f) in enumerate(cls.__pydantic_fields__.items()):
        if not name.isidentifier() or iskeyword(name) or name.startswith("_"):
            raise TypeError(f"{cls.__name__}.made cannot name the field {name!r}")
        if f.default_factory is not None:
            space[f"_f{i}"] = f.default_factory
            params.append(f"{name}=_GIVEN")
            lines.append(f"    if {name} is _GIVEN:\n        {name} = _f{i}()")
        elif f.default is PydanticUndefined:
            params.append(name)
        else:
            space[f"_d{i}"] = f.default
            params.append(f"{name}=_d{i}")
    fields = ", ".join(f"{name!r}: {name}" for name in cls.__pydantic_fields__)
    source = "\n".join([
        f"def made(*, {', '.join(params)}):" if params else "def made():",
        *lines,
        "    _m = _new(_cls)",  # stores are object's own (Plain's __setattr__)
        f"    _m.__dict__ = {{{fields}}}",
        "    _m.__pydantic_fields_set__ = _set_of(_names)",
        "    _m.__pydantic_extra__ = None",
        "    _m.__pydantic_private__ = None",
        "    return _m",
    ])
    exec(compile(source, f"<{cls.__name__}.made>", "exec"), space)
    made = space["made"]
    made.__qualname__ = f"{cls.__name__}.made"  # named so in a TypeError
    return made
