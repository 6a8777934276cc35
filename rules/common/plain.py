"""State models whose fields are set as plain attributes: Senji's and Harakiri's hot
objects (issue 28's speed). Shared here so both games' models behave the same way."""

from __future__ import annotations

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

    def model_post_init(self, context: object, /) -> None:
        object.__setattr__(self, "__pydantic_fields_set__", set(type(self).__pydantic_fields__))

    @classmethod
    def made(cls, **values: Any):
        """``cls(**values)`` for values the rules made themselves, each already of its field's
        type (a face, a flag, a reference): the same model, without validating what cannot be
        wrong. The other fields take their defaults. Data from outside (a save, the wire) is
        always validated."""
        plan = _PLANS.get(cls)
        if plan is None:
            plan = _PLANS[cls] = tuple((name, f.default_factory, f.default)
                                       for name, f in cls.__pydantic_fields__.items())
        fields = {}
        for name, factory, default in plan:
            if name in values:
                fields[name] = values[name]
            elif factory is not None:
                fields[name] = factory()
            elif default is PydanticUndefined:
                raise TypeError(f"{cls.__name__}.made needs {name}")
            else:
                fields[name] = default
        if not values.keys() <= fields.keys():
            raise TypeError(f"{cls.__name__} has no field {sorted(values.keys() - fields.keys())}")
        made = object.__new__(cls)
        _set = object.__setattr__
        _set(made, "__dict__", fields)
        _set(made, "__pydantic_fields_set__", set(fields))
        _set(made, "__pydantic_extra__", None)
        _set(made, "__pydantic_private__", None)
        return made


_PLANS: dict[type, tuple] = {}
