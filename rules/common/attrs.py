"""Plain attribute reads (and, for ``Plain`` models, stores) on pydantic models (issue 28's speed).

pydantic's ``BaseModel`` defines ``__getattr__`` (for private attributes and extras) and
``__delattr__``. A class with either gets CPython's slot hooks, and CPython 3.11 never
specialises an attribute read or store on such a class: every ``state.step`` or ``c.p`` the
rules make takes the slow generic path, and that was about a sixth of Harakiri's time.

For a model with no private attributes and no extras, ``BaseModel.__getattr__`` is reached only
to raise the very ``AttributeError`` Python's own lookup raises (``'X' object has no attribute
'y'``), and ``BaseModel.__delattr__`` of a field or a missing name does what ``object``'s does.
So ``plain_attributes`` points such a class's lookup slot at ``object``'s own lookup, and, when
its stores are ``object.__setattr__`` already (``Plain``, Harakiri's state), its store slot at
``object``'s own store: the same answers and errors, on the fast path.

Only CPython is touched, and only when the slots are where a probe class shows them. A class
that defines its own ``__getattr__``, ``__getattribute__`` or ``__delattr__``, or has private
attributes or allows extras, is left alone. A later assignment of such a method to the class
makes CPython work the slots out again, back to pydantic's way.
"""

from __future__ import annotations

import sys

from pydantic import BaseModel

try:
    import ctypes
except ImportError:  # pragma: no cover - a Python built without ctypes: pydantic's way stays
    ctypes = None  # type: ignore[assignment]

_WORD = ctypes.sizeof(ctypes.c_void_p) if ctypes is not None else 0


def _word(cls: type, offset: int) -> int | None:
    return ctypes.c_void_p.from_address(id(cls) + offset).value


def _find_slots() -> tuple[int, int, int, int, int, int] | None:
    """(lookup slot's offset, object's lookup, the hook's lookup, store slot's offset, object's
    store, the hook's store), read off two probe classes; None where that cannot be trusted."""
    if ctypes is None or sys.implementation.name != "cpython":
        return None
    try:
        api = ctypes.pythonapi
        get = ctypes.cast(api.PyObject_GenericGetAttr, ctypes.c_void_p).value
        put = ctypes.cast(api.PyObject_GenericSetAttr, ctypes.c_void_p).value
    except (AttributeError, ValueError):  # pragma: no cover - a CPython without the symbols
        return None

    class Bare:
        pass

    class Hooked:
        def __getattr__(self, name):
            raise AttributeError(name)

        def __delattr__(self, name):
            object.__delattr__(self, name)

    words = range(1, type.__basicsize__ // _WORD)
    gets = [i * _WORD for i in words if _word(Bare, i * _WORD) == get and _word(Hooked, i * _WORD) != get]
    puts = [i * _WORD for i in words if _word(Bare, i * _WORD) == put and _word(Hooked, i * _WORD) != put]
    if len(gets) != 1 or len(puts) != 1:
        return None
    g, p = gets[0], puts[0]
    hook_get, hook_put = _word(Hooked, g), _word(Hooked, p)
    if not hook_get or not hook_put:
        return None
    return g, get, hook_get, p, put, hook_put


_SLOTS = _find_slots()


def plain_attributes(cls: type[BaseModel]) -> bool:
    """Give ``cls`` ``object``'s attribute lookup (and store, if its ``__setattr__`` is
    ``object.__setattr__``) when that changes no answer; True if its lookup is now the plain one.
    Called for every subclass of the shared bases, as the class is made."""
    if _SLOTS is None or cls.__private_attributes__ or cls.model_config.get("extra") == "allow":
        return False
    if cls.__getattr__ is not BaseModel.__getattr__ or cls.__getattribute__ is not object.__getattribute__:
        return False
    g, get, hook_get, p, put, hook_put = _SLOTS
    changed = False
    if _word(cls, g) == hook_get:
        ctypes.c_void_p.from_address(id(cls) + g).value = get
        changed = True
    if cls.__setattr__ is object.__setattr__ and cls.__delattr__ is BaseModel.__delattr__ \
            and _word(cls, p) == hook_put:
        ctypes.c_void_p.from_address(id(cls) + p).value = put
        changed = True
    if changed:
        ctypes.pythonapi.PyType_Modified(ctypes.py_object(cls))
    return _word(cls, g) == get


def has_plain_reads(cls: type) -> bool:
    """Whether ``cls`` looks attributes up the plain way (``object``'s own lookup)."""
    return _SLOTS is not None and _word(cls, _SLOTS[0]) == _SLOTS[1]


def has_plain_stores(cls: type) -> bool:
    """Whether ``cls`` stores attributes the plain way (``object``'s own store)."""
    return _SLOTS is not None and _word(cls, _SLOTS[3]) == _SLOTS[4]
