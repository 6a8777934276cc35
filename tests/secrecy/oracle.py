"""The secrecy oracle: what each seat may see, read from a declaration, never from the
rules' own view or scramble code.

Each game has a declaration, ``tests/secrecy/<game>.toml``: a list of ``[[hidden]]`` entries,
each naming a part of the state (a dotted path into its JSON, ``*`` for any list index or
dict key), who may see it (``visible_to``), when it is hidden (``when``: conditions on the
state, such as its step) and how a view shows it hidden (``form``). Whatever no entry
hides is public: a view shows it exactly as the state has it.

Paths and expressions:

* ``hana_hands.*``: each hand; ``$1`` in an expression is what the first ``*`` matched
  (here the seat that holds the hand), ``$1+1`` that number plus one.
* ``./seat``: a field of the part itself (``bids.*`` → that bid's seat); ``../owner``: a
  field beside the part (``provinces.*.order`` → that province's owner), ``../../x`` one
  level further up; any other expression is a path from the state's root.
* ``visible_to``: expressions naming the seats that see the part (a number, a list of
  numbers; null names nobody, unless ``null_is_public``). The public (seat None) sees
  only what no entry hides.
* ``when``: ``[path, op, value]`` triples, all of which must hold: ``==``, ``!=``, ``in``
  (the value at the path is in a list), ``has`` / ``lacks`` (the list at the path holds the
  value, or does not).

Forms (how the view may show a hidden part):

* ``mask``: each card replaced by ``mask`` (default ``"?"``), a null left null; a list keeps
  its length, plus ``extra`` (the number of elements of another list that match ``where``).
* ``emptied``: an empty list or mapping.
* ``removed``: the element is left out of its list.
* ``unordered``: the list, sorted (its contents are known, not its order).
* ``fixed``: replaced by ``value``.
* ``count_of``: replaced by the length of the list at ``of`` (a count nobody keeps up).

How the perturbation changes a hidden part (``perturb_hidden``): ``pool`` names a set of
places whose values are dealt among themselves (a hand and the deck it is drawn from), with
``values`` as alternatives when dealing changes nothing; ``leaf`` names the key to change
in a subtree of mappings; ``shuffle`` reorders a list; ``number`` replaces numbers; ``text``
rewords a text.
"""

from __future__ import annotations

import json
import random
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
FORMS = {"mask", "emptied", "removed", "unordered", "fixed", "count_of"}


@dataclass(frozen=True)
class Entry:
    path: tuple[str, ...]
    visible_to: tuple[str, ...]
    form: str
    why: str
    when: tuple[tuple[str, str, Any], ...] = ()
    mask: Any = "?"
    extra: dict | None = None
    value: Any = None
    of: str = ""
    null_is_public: bool = False
    pool: str | None = None
    values: tuple = ()
    leaf: str | None = None
    shuffle: bool = False
    number: bool = False
    text: bool = False

    @property
    def name(self) -> str:
        return ".".join(self.path)


@dataclass
class Declaration:
    game: str
    entries: list[Entry]
    by_place: dict[tuple[int, str], list[Entry]] = field(default_factory=dict)
    _reach: dict[tuple[str, ...], bool] = field(default_factory=dict)
    _below: dict[tuple[str, ...], bool] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for e in self.entries:
            assert e.path[0] != "*", "a path starts with a field of the state"
            self.by_place.setdefault((len(e.path), e.path[0]), []).append(e)

    def reaches(self, path: tuple[str, ...]) -> bool:
        """Whether some entry names a part at or under ``path`` (else it is all public)."""
        known = self._reach.get(path)
        if known is None:
            known = self._reach[path] = any(
                len(e.path) >= len(path) and _match(e.path[: len(path)], path) is not None
                for e in self.entries)
        return known

    def reaches_below(self, path: tuple[str, ...]) -> bool:
        """Whether some entry names a part strictly under ``path``."""
        known = self._below.get(path)
        if known is None:
            known = self._below[path] = any(
                len(e.path) > len(path) and _match(e.path[: len(path)], path) is not None
                for e in self.entries)
        return known

    def hiding(self, root: dict, path: tuple[str, ...], seat: int | None,
               node: Any = None, parent: Any = None) -> Entry | None:
        """The first entry that hides the part at ``path`` from ``seat`` now, if any
        (``node``: that part, ``parent``: what holds it, to save looking them up)."""
        for e in self.by_place.get((len(path), path[0]), ()):
            binds = _match(e.path, path)
            if binds is None:
                continue
            if (all(_holds(root, path, binds, c, node, parent) for c in e.when)
                    and not _sees(e, root, path, binds, seat, node, parent)):
                return e
        return None


def load(game: str) -> Declaration:
    raw = tomllib.loads((HERE / f"{game}.toml").read_text())
    entries = []
    for item in raw["hidden"]:
        item = dict(item)
        assert item["form"] in FORMS, f"{game}: unknown form {item['form']}"
        entries.append(Entry(
            path=tuple(item.pop("path").split(".")),
            visible_to=tuple(item.pop("visible_to", ())),
            when=tuple(tuple(c) for c in item.pop("when", ())),
            values=tuple(item.pop("values", ())),
            **item,
        ))
    return Declaration(game, entries)


# -- reading paths and expressions -------------------------------------------------------
def _match(pattern: tuple[str, ...], path: tuple[str, ...]) -> list[str] | None:
    binds = []
    for p, q in zip(pattern, path):
        if p == "*":
            binds.append(q)
        elif p != q:
            return None
    return binds


def get(root: Any, parts: tuple[str, ...] | list[str]) -> Any:
    node = root
    for part in parts:
        if isinstance(node, dict):
            if part not in node:
                return None
            node = node[part]
        elif isinstance(node, list):
            i = int(part)
            if not 0 <= i < len(node):
                return None
            node = node[i]
        else:
            return None
    return node


def _put(root: Any, parts: tuple[str, ...], value: Any) -> None:
    node = get(root, parts[:-1])
    last = parts[-1]
    node[int(last) if isinstance(node, list) else last] = value


def _subst(value: Any, binds: list[str]) -> Any:
    if isinstance(value, str) and value.startswith("$"):
        base, _, plus = value[1:].partition("+")
        bound = binds[int(base) - 1]
        number = int(bound) if bound.lstrip("-").isdigit() else bound
        return number + int(plus) if plus else number
    return value


@lru_cache(maxsize=None)
def _parse(expr: str) -> tuple[str, int, tuple[str, ...]]:
    """(kind, levels up, path parts) of an expression."""
    if expr.startswith("$"):
        return "bind", 0, ()
    if expr.startswith("./"):
        return "self", 0, tuple(expr[2:].split("."))
    up = 0
    while expr.startswith("../"):
        expr, up = expr[3:], up + 1
    return ("up" if up else "root"), up, tuple(expr.split("."))


def resolve(root: Any, path: tuple[str, ...], binds: list[str], expr: str,
            node: Any = None, parent: Any = None) -> Any:
    """The value an expression names for the part at ``path`` (``node`` is that part and
    ``parent`` the one holding it, when the caller has them at hand)."""
    kind, up, parts = _parse(expr)
    if kind == "bind":
        return _subst(expr, binds)
    if kind == "self":
        return get(node if node is not None else get(root, path), parts)
    if kind == "up":
        if up == 1 and parent is not None:
            return get(parent, parts)
        return get(root, path[: len(path) - up] + parts)
    return get(root, parts)


def _test(left: Any, op: str, right: Any) -> bool:
    if op == "==":
        return left == right
    if op == "!=":
        return left != right
    if op == "in":
        return left in right
    if op == "has":
        return isinstance(left, list) and right in left
    if op == "lacks":
        return not (isinstance(left, list) and right in left)
    raise ValueError(f"unknown condition {op}")


def _holds(root: Any, path: tuple[str, ...], binds: list[str], cond: tuple, node: Any, parent: Any) -> bool:
    where, op, value = cond
    return _test(resolve(root, path, binds, where, node, parent), op, _subst(value, binds))


def _sees(e: Entry, root: Any, path: tuple[str, ...], binds: list[str], seat: int | None,
          node: Any, parent: Any) -> bool:
    for expr in e.visible_to:
        who = resolve(root, path, binds, expr, node, parent)
        if who is None:
            if e.null_is_public:
                return True
            continue
        if seat is None:
            continue
        if who == seat if not isinstance(who, list) else seat in who:
            return True
    return False


def _extra(root: Any, e: Entry, binds: list[str]) -> int:
    if not e.extra:
        return 0
    items = get(root, tuple(e.extra["list"].split("."))) or []
    return sum(1 for item in items
               if all(_test(item.get(k), op, _subst(v, binds)) for k, op, v in e.extra["where"]))


# -- the view against the declaration, field by field -------------------------------------
def compare(decl: Declaration, state: dict, view: dict, seat: int | None) -> list[str]:
    """Every place where ``view`` (a view's JSON for ``seat``) differs from what the
    declaration says ``seat`` may see of ``state`` (the full state's JSON)."""
    wrong: list[str] = []

    def say(path, text):
        wrong.append(f"{'.'.join(path) or '(state)'}: {text}")

    _unknown = object()

    def walk(path: tuple[str, ...], s: Any, v: Any, parent: Any = None, e: Any = _unknown) -> None:
        if path and not decl.reaches(path):
            if s != v:
                say(path, f"declared visible as {_short(s)}, the view shows {_short(v)}")
            return
        if e is _unknown:
            e = decl.hiding(state, path, seat, s, parent) if path else None
        if e is not None:
            form(e, path, s, v)
            return
        if path and not decl.reaches_below(path):
            if s != v:
                say(path, f"declared visible as {_short(s)}, the view shows {_short(v)}")
            return
        if isinstance(s, dict):
            if not isinstance(v, dict) or set(s) != set(v):
                say(path, f"declared visible, but the view has {_short(v)} for {_short(s)}")
                return
            for k in s:
                walk(path + (k,), s[k], v[k], s)
        elif isinstance(s, list):
            found = [decl.hiding(state, path + (str(i),), seat, x, s) for i, x in enumerate(s)]
            kept = [i for i, h in enumerate(found) if not (h and h.form == "removed")]
            if not isinstance(v, list) or len(v) != len(kept):
                say(path, f"the view lists {_short(v)} where {len(kept)} of {len(s)} elements are visible")
                return
            for j, i in enumerate(kept):
                walk(path + (str(i),), s[i], v[j], s, found[i])
        elif s != v:
            say(path, f"declared visible as {_short(s)}, the view shows {_short(v)}")

    def form(e: Entry, path: tuple[str, ...], s: Any, v: Any) -> None:
        binds = _match(e.path, path) or []
        if e.form == "mask":
            if s is None:
                ok = v is None
            elif isinstance(s, list):
                ok = isinstance(v, list) and len(v) == len(s) + _extra(state, e, binds) and all(x == e.mask for x in v)
            else:
                ok = v == e.mask
            if not ok:
                say(path, f"hidden from seat {seat} ({e.why}), but the view shows {_short(v)} for {_short(s)}")
        elif e.form == "emptied":
            if v not in ([], {}, None):
                say(path, f"hidden from seat {seat} ({e.why}), but the view shows {_short(v)}")
        elif e.form == "unordered":
            if not isinstance(s, list) or v != sorted(s):
                say(path, f"only its contents are known ({e.why}), but the view shows the order {_short(v)}")
        elif e.form == "fixed":
            if v != e.value:
                say(path, f"hidden ({e.why}), but the view shows {_short(v)}")
        elif e.form == "count_of":
            if v != len(get(state, tuple(e.of.split("."))) or []):
                say(path, f"should count {e.of} ({e.why}), the view has {_short(v)}")
        elif e.form == "removed":
            say(path, "a removed element reached the comparison")

    walk((), state, view)
    return wrong


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 80 else text[:77] + "..."


# -- the perturbation: change every part hidden from a seat -------------------------------
def hidden_parts(decl: Declaration, state: dict, seat: int | None) -> list[tuple[tuple[str, ...], Entry]]:
    """Every part of ``state`` hidden from ``seat``, outermost first (nothing inside a part
    already found)."""
    found: list[tuple[tuple[str, ...], Entry]] = []

    def walk(path: tuple[str, ...], node: Any, parent: Any = None) -> None:
        if path and not decl.reaches(path):
            return
        e = decl.hiding(state, path, seat, node, parent) if path else None
        if e is not None:
            found.append((path, e))
            return
        if isinstance(node, dict):
            for k, x in node.items():
                walk(path + (k,), x, node)
        elif isinstance(node, list):
            for i, x in enumerate(node):
                walk(path + (str(i),), x, node)

    walk((), state)
    return found


def _leaves(path: tuple[str, ...], node: Any, leaf: str | None, kind: type | tuple) -> list[tuple[str, ...]]:
    """The places of scalar values of ``kind`` under ``path`` (only keys named ``leaf`` in
    mappings, when given)."""
    out = []
    if isinstance(node, dict):
        for k, x in node.items():
            if leaf is None or k == leaf or isinstance(x, (dict, list)):
                out += _leaves(path + (k,), x, leaf, kind)
    elif isinstance(node, list):
        for i, x in enumerate(node):
            out += _leaves(path + (str(i),), x, leaf, kind)
    elif isinstance(node, kind) and not isinstance(node, bool):
        out.append(path)
    return out


def perturb_hidden(decl: Declaration, state: dict, seat: int | None, rng: random.Random) -> tuple[dict, dict[str, int]]:
    """A copy of ``state`` with every part hidden from ``seat`` changed as its entry says,
    and how many places of each entry changed."""
    out = json.loads(json.dumps(state))
    changed: dict[str, int] = {}
    pools: dict[str, list[tuple[tuple[str, ...], Entry]]] = {}

    def note(e: Entry) -> None:
        changed[e.name] = changed.get(e.name, 0) + 1

    for path, e in hidden_parts(decl, state, seat):
        node = get(state, path)
        if e.shuffle and isinstance(node, list) and len(set(map(json.dumps, node))) > 1:
            again = list(node)
            while again == node:
                rng.shuffle(again)
            _put(out, path, again)
            note(e)
        if e.number:
            for place in _leaves(path, node, e.leaf, int):
                _put(out, place, get(state, place) + rng.randrange(1, 1 << 30))
                note(e)
        if e.text:
            for place in _leaves(path, node, e.leaf, str):
                _put(out, place, get(state, place) + " (changed)")
                note(e)
        if e.pool is not None:
            for place in _leaves(path, node, e.leaf, (str, int)):
                pools.setdefault(e.pool, []).append((place, e))
        elif e.values:
            for place in _leaves(path, node, e.leaf, (str, int)):
                others = [x for x in e.values if x != get(state, place)]
                if others:
                    _put(out, place, rng.choice(others))
                    note(e)
    for places in pools.values():
        rng.shuffle(places)
        values = [get(state, p) for p, _ in places]
        dealt = values[-1:] + values[:-1]  # each place gets the value of the one before it
        for (place, e), value in zip(places, dealt):
            if value == get(state, place):
                others = [x for x in e.values if x != value]
                if not others:
                    continue
                value = rng.choice(others)
            _put(out, place, value)
            note(e)
    return out, changed
