"""The invariants of spec §7, checked by the property tests after every action."""

from __future__ import annotations

from . import data
from .core import enemy_stats
from .model import HarakiriState


def state_kind(state: HarakiriState, ref: str) -> str:
    if ref.startswith("e:"):
        return next((e.kind for e in state.enemies if "e:" + e.uid == ref), "")
    return "character"


def check(state: HarakiriState) -> None:
    cap = data.characters().ap_cap
    occupied: dict[int, str] = {}
    for c in state.characters:
        assert 0 <= c.ap <= cap, (c.id, c.ap)
        if state.active != "c:" + c.id:
            assert c.ap <= 1, (c.id, c.ap)
        assert 0 <= c.hp <= c.max_hp
        assert (c.hp == 0) == c.defeated, (c.id, c.hp, c.defeated)
        if state.step != "PLACE" and state.step not in ("AFTERMATH", "OVER"):
            assert c.defeated == (c.p is None), c.id
        assert len(c.ki) == c.level
        for d in c.ki:
            if d.place.startswith("slot:"):
                assert 1 <= d.value <= 6
        slots = [d.place for d in c.ki if d.place.startswith("slot:")]
        assert len(slots) == len(set(slots))
        if state.pending is None and state.step not in ("AFTERMATH", "OVER"):
            assert not all(d.place == "exhausted" for d in c.ki)
        assert c.conds.get("downed", 0) <= 1 and c.conds.get("blinded", 0) <= 1
        assert c.conds.get("blessed", 0) <= 4
        assert 0 <= c.arm <= c.arm_max
        assert len(c.weapons) in (1, 2)
        counted = [i for i in c.items if data.items()[i.id].kind != "special"]
        assert len(counted) <= 5
        assert len([i for i in counted if data.items()[i.id].kind != "consumable"]) <= 3
        if c.p is not None:
            if c.p in occupied:
                assert state.sub is not None and state.sub.kind == "move", ("two creatures", c.p)
            occupied[c.p] = c.id
            assert c.p in state.squares
            assert state.squares[c.p].terrain not in ("obstacle", "inaccessible", "door")
    modes = [c for c in state.characters if c.kami_mode]
    assert len(modes) <= 1
    per_type: dict[str, list[str]] = {}
    res = {r.p for r in state.resistors}
    for e in state.enemies:
        st = enemy_stats(e)
        assert 0 <= e.damage < st["hp"], (e.uid, e.damage)
        if e.kind == "minion":
            per_type.setdefault(e.type, []).append(e.base or "")
        else:
            assert not e.conds, e.uid
        assert e.conds.get("downed", 0) <= 1 and e.conds.get("blinded", 0) <= 1
        assert e.arm_tokens <= st["arm"]
        if e.p in occupied:
            mover = state.active[2:] if state.active and state.active.startswith("c:") else None
            assert (e.side == "ally" and occupied[e.p] == mover and state.sub is not None
                    and state.sub.kind == "move"), ("two creatures", e.p)
        occupied[e.p] = e.uid
        assert e.p not in res
        assert e.p in state.squares
        if data.enemy_def(e.type).move != "spectral":
            assert state.squares[e.p].terrain not in ("obstacle", "inaccessible", "door"), e.uid
    assert sum(e.arm_tokens for e in state.enemies) <= data.tokens().arm_tokens, "ARM -1 supply"
    for t, bases in per_type.items():
        assert len(bases) == len(set(bases))
        assert len(bases) <= data.minions().minions[t].minis
    for kind, cd in data.tokens().conditions.items():
        n = sum(c.conds.get(kind, 0) for c in state.characters) + sum(e.conds.get(kind, 0) for e in state.enemies)
        assert n <= cd.supply, (kind, n)
    assert 0 <= state.malice <= 6
    if state.malice >= 6:
        assert state.result == "failure"
    o = state.oracle
    allc = o.deck + o.discard + o.supply + ([o.current] if o.current else [])
    assert sorted(allc) == sorted(c.id for c in data.oracle().cards), "oracle cards"
    a = state.ai
    if a.deck or a.discard or a.beside or a.current:
        n = len(a.deck) + len(a.discard) + len(a.beside) + (1 if a.current else 0)
        assert n == 10, n
    if state.step == "ACTIVATE":
        refs = [q.ref for q in state.queue]
        assert len(refs) == len(set(refs))
        inplay = {"c:" + c.id for c in state.characters if not c.defeated} | {"e:" + e.uid for e in state.enemies}
        assert set(refs) == inplay, (set(refs) ^ inplay)
        if not state.inserted:
            kinds = [state_kind(state, r) for r in refs]
            first_other = next((i for i, k in enumerate(kinds) if k != "chosen"), len(kinds))
            assert "chosen" not in kinds[first_other:], "chosen cards must lead the queue"
    if state.step != "OVER":
        assert state.result is None or state.step == "AFTERMATH"
