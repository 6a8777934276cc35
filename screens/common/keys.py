"""The keys that pick actions in a decision panel, and how each action keeps its key.

Board commands use u (undo), w (save), q (menu) and ? (help), so those letters are left out,
and two capitals no game gives to an action or a board key: L (the legend) and H (a hint).

A key belongs to what an action is, never to its place in the list. What an action "is"
is its kind plus the fields that tell it apart from other actions of that kind offered
together (the province of a bid, the target of a support), not the fields that only say
who acts or which card happens to be in hand: "Confront the card" keeps its key from one
turn to the next whatever the card. ``KeyChart`` remembers the key of each such slot and
gives it again whenever the slot is offered; a new slot takes the first key no
remembered slot holds; when every key is remembered, a slot unseen for ``FORGET_AFTER``
decisions gives its key up, else one of a ``CROWD`` of one kind not offered now (a
placement's squares, when the activations come); else the new slot has no key (the panel
says how to reach it with the arrows). So a key never moves while its action keeps coming back.
A key may be remembered by slots of kinds never offered together (a step and a winter
offer share no decision): a new slot takes such a key before it goes without one.
The routine choice of a decision (``BoardBase.DEFAULT_KINDS``) is on Enter, not on a key, so a one-shot choice never takes a key a routine one held.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

ACTION_KEYS = "1234567890abcdefghijklmnoprstvxyz"
LEGEND_KEY = "L"  # the legend of the board's glyphs, the same in every game
HINT_KEY = "H"  # the bot's suggestion for the seat at the screen
ENTER = "enter"  # the routine choice's "key": Enter on the highlighted first row
FORGET_AFTER = 60  # decisions a slot must go unseen before its key may go to another
CROWD = 8  # a kind holding this many keys (squares, provinces, cards) may lend them out sooner

Slot = tuple[str, str]  # kind, the telling fields as JSON


def _value(v: Any) -> str:
    return json.dumps(v, sort_keys=True, default=str)


class KeyChart:
    def __init__(self, keys: Sequence[str]) -> None:
        self.keys = list(keys)
        self._telling: dict[str, set[str]] = {}  # kind -> fields seen to tell actions apart
        self._held: dict[Slot, str] = {}  # slot -> key, longest-unseen first
        self._last: dict[Slot, Mapping[str, Any]] = {}  # slot -> the last action seen in it
        self._seen: dict[Slot, int] = {}  # slot -> the decision it was last offered in
        self._with: dict[str, set[str]] = {}  # kind -> the kinds ever offered together with it
        self._decision = 0

    def _slot(self, action: Mapping[str, Any]) -> Slot:
        kind = str(action.get("kind", ""))
        fields = sorted(self._telling.get(kind, ()))
        return kind, _value({f: action.get(f) for f in fields})

    def _learn(self, actions: Sequence[Mapping[str, Any]]) -> None:
        """Fields that differ between actions of one kind offered together tell them
        apart from now on; slots already keyed keep their key in the finer slot."""
        by_kind: dict[str, list[Mapping[str, Any]]] = {}
        for a in actions:
            by_kind.setdefault(str(a.get("kind", "")), []).append(a)
        for kind, group in by_kind.items():
            if len(group) < 2:
                continue
            fields = {f for a in group for f in a if f != "kind"}
            varying = {f for f in fields if len({_value(a.get(f)) for a in group}) > 1}
            known = self._telling.setdefault(kind, set())
            if varying <= known:
                continue
            old = {s: k for s, k in self._held.items() if s[0] == kind}
            known |= varying
            for slot, key in old.items():
                del self._held[slot]
                last = self._last.pop(slot)
                finer = self._slot(last)
                self._held[finer] = key
                self._last[finer] = last
                self._seen[finer] = self._seen.pop(slot, self._decision)

    def assign(self, actions: Sequence[Mapping[str, Any]], pinned: Sequence[str | None] = ()) -> list[str | None]:
        """One key per action (given as its dumped dict); None when every key is taken
        by this very list. ``pinned[i]``, when given, is a key the board fixes."""
        self._decision += 1
        self._learn(actions)
        slots = [self._slot(a) for a in actions]
        pinned = list(pinned) + [None] * (len(actions) - len(pinned))
        out: list[str | None] = list(pinned)
        taken = {k for k in pinned if k is not None}
        # Keep what was remembered; two slots remembering one key (kinds offered together
        # for the first time) leave it to the one seen last, so nothing shown in the
        # previous decision loses its key.
        for i in sorted(range(len(slots)), key=lambda i: -self._seen.get(slots[i], -1)):
            slot = slots[i]
            if out[i] is None:
                key = self._held.get(slot)
                if key is not None and key not in taken:
                    out[i] = key
                    taken.add(key)
        present = set(slots)
        kinds_now = {s[0] for s in slots}
        for kind in kinds_now:
            self._with.setdefault(kind, set()).update(kinds_now)
        for i, slot in enumerate(slots):  # new slots: a free key, else the longest-unseen's
            if out[i] is not None:
                continue
            remembered = set(self._held.values())
            free = [k for k in self.keys if k not in taken and k not in remembered]
            if not free:
                # A key may be shared with choices of kinds never offered together with
                # this one (a step's square and a winter offer): it still means one thing
                # in every decision where it is shown.
                related = self._with.get(slot[0], {slot[0]})
                blocked = {k for s, k in self._held.items() if s[0] in related}
                free = [k for k in self.keys if k not in taken and k not in blocked]
            if not free:
                # Every key is remembered: the slot unseen the longest gives its key up, first
                # among those unseen for FORGET_AFTER decisions, else any absent one, so an
                # offered action is never left without a key while an absent one keeps it.
                old = self._decision - FORGET_AFTER
                absent = [(s, k) for s, k in self._held.items() if s not in present and k not in taken]
                stale = next(((s, k) for s, k in absent if self._seen.get(s, 0) <= old), None)
                if stale is None and absent:
                    # Else a key held by a crowd of one kind not offered now (the squares of a
                    # placement, the cards of an auction) goes to this different decision; a
                    # lone choice that recurs, or a kind offered now, keeps its keys.
                    family: dict[str, int] = {}
                    for s, _ in self._held.items():
                        family[s[0]] = family.get(s[0], 0) + 1
                    kinds_now = {s[0] for s in present}
                    crowd = [(s, k) for s, k in absent if s[0] not in kinds_now and family[s[0]] >= CROWD]
                    if crowd:
                        stale = min(crowd, key=lambda sk: (-family[sk[0][0]], self._seen.get(sk[0], 0)))
                if stale is not None:
                    del self._held[stale[0]]
                    self._last.pop(stale[0], None)
                    free = [stale[1]]
            if free:
                out[i] = free[0]
                taken.add(free[0])
        for i, (slot, key) in enumerate(zip(slots, out)):  # remember, newest-seen last
            if key is None or pinned[i] is not None:
                continue
            self._held.pop(slot, None)
            self._held[slot] = key
            self._last[slot] = actions[i]
            self._seen[slot] = self._decision
        return out


# -- two-step choices ------------------------------------------------------------------
# A board may give an action a path of keys (``BoardBase.key_paths``): the keys a player
# presses from the decision's first step, each fixed by a thing (the kind of an order, then
# its province). Actions whose paths share a first key are one row in the first step (a
# group); its key opens the group, whose rows are its members under their next keys.
# A group of one member plays it directly under the group's key. The last key of a path is
# the thing's own key, whatever step it is shown in.


class KeyStep(NamedTuple):
    """One key of a path: ``label`` is the first-step row of the group this key opens,
    ``question`` the header of the step listing its members (what is being chosen)."""

    key: str
    label: str = ""
    question: str = ""


@dataclass(frozen=True)
class Entry:
    """A row of one step: an action (played by ``key``) or a group (opened by ``key``)."""

    key: str | None
    action: int | None = None  # the action this row plays
    opens: tuple[str, ...] = ()  # the prefix of keys this group row opens
    label: str = ""  # a group's row
    question: str = ""  # a group's header once opened
    size: int = 0  # a group's members


def sound_paths(paths: Sequence[Sequence[KeyStep] | None]) -> list[tuple[KeyStep, ...] | None]:
    """The paths less any that cannot be followed (None: the screen gives such an action
    a key of its own): a path ending where another goes on (a key both playing an action
    and opening a group), or the same path twice."""
    out = [tuple(p) if p else None for p in paths]
    keys = [tuple(s.key for s in p) if p else None for p in out]
    for i, k in enumerate(keys):
        if k is None:
            continue
        for j, other in enumerate(keys):
            if j == i or other is None:
                continue
            if other[: len(k)] == k and (len(other) > len(k) or j < i):
                out[i] = None  # a prefix of another, or the same path as an earlier one
                keys[i] = None
                break
    return out


def step_entries(paths: Sequence[tuple[KeyStep, ...] | None], order: Sequence[int],
                 prefix: tuple[str, ...], own: Sequence[str | None] = ()) -> tuple[list[Entry], tuple[str, ...]]:
    """The rows of the step at ``prefix`` (actions listed in ``order``), and the prefix
    itself, gone one key deeper while every member shares the next key (a step of one
    group is opened at once). ``own[i]``: the key of an action without a path (first step)."""
    depth = len(prefix)
    buckets: dict[str, list[int]] = {}
    loose: list[int] = []
    for i in order:
        p = paths[i]
        if p is None:
            if not prefix:
                loose.append(i)
            continue
        if len(p) > depth and tuple(s.key for s in p[:depth]) == prefix:
            buckets.setdefault(p[depth].key, []).append(i)
    if prefix and len(buckets) == 1 and not loose:
        key, members = next(iter(buckets.items()))
        if len(members) > 1:
            return step_entries(paths, order, prefix + (key,), own)
    rows: list[tuple[int, Entry]] = []
    for key, members in buckets.items():
        first = members[0]
        if len(members) == 1:
            rows.append((order.index(first), Entry(key, action=first)))
        else:
            step = paths[first][depth]
            rows.append((order.index(first), Entry(key, opens=prefix + (key,), label=step.label,
                                                   question=step.question, size=len(members))))
    for i in loose:
        rows.append((order.index(i), Entry(own[i] if i < len(own) else None, action=i)))
    rows.sort(key=lambda r: r[0])
    return [e for _, e in rows], prefix


def pressed_paths(paths: Sequence[tuple[KeyStep, ...] | None], order: Sequence[int],
                  own: Sequence[str | None] = ()) -> list[tuple[str, ...]]:
    """For each action, the keys a player presses from the first step to play it (a group
    of one, and a step of one group, cost no key); () for an action without a key."""
    out: list[tuple[str, ...]] = [()] * len(paths)

    def walk(prefix: tuple[str, ...], pressed: tuple[str, ...]) -> None:
        entries, _ = step_entries(paths, order, prefix, own)
        for e in entries:
            if e.key is None:
                continue
            if e.action is not None:
                out[e.action] = pressed + (e.key,)
            else:
                walk(e.opens, pressed + (e.key,))

    walk((), ())
    return out
