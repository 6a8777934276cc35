"""Effects shared by events, interactions and scenario triggers (spec §2.8, §3).

Every effect runs as a ``Job`` from ``state.jobs`` so a tie (spawn square, lowest-health
character) or a Blessed choice can pause it and resume after the players' decision.
"""

from __future__ import annotations

from . import data
from .core import (
    close_character_activation,
    add_malice, build_zone, init_label, char, char_name, collective_seat, damage_character, enemy_label,
    finish, give_cond_char_now, heal_character, heal_enemy, insert_cards, move_card, place_enemy,
    oracle_colour_now, place_arm_token, point, queue_cond_char, remove_zone, resistor, spawn_squares, zone_of, damage_enemy,
)
from .grid import chebyshev
from .model import HarakiriState, InitEffect, ItemState, Job, Pending, fmt
from .words import ordinal, zone_words


def run_job(state: HarakiriState) -> None:
    job = state.jobs[0]
    if job.kind == "cond":
        _cond_job(state, job)
        return
    if job.kind == "zone_event":
        state.jobs.pop(0)
        zone_event(state, job.zone or "")
        return
    if job.kind == "entry":
        state.jobs.pop(0)
        entry = data.Entry.model_validate_json(job.text)
        _expand_entry(state, entry, job)
        return
    done = effect(state, job)
    if done:
        if state.jobs and state.jobs[0] is job:
            state.jobs.pop(0)


def _cond_job(state: HarakiriState, job: Job) -> None:
    c = char(state, job.target or "")
    if c.defeated:
        state.jobs.pop(0)
        return
    if c.conds.get("blessed") and job.choice is None:
        state.pending = Pending(kind="blessed", seat=c.seat, options=["yes", "no"],
                                data={"char": c.id, "cond": job.text})
        return
    state.jobs.pop(0)
    if job.choice == "yes":
        c.conds["blessed"] -= 1
        if not c.conds["blessed"]:
            del c.conds["blessed"]
        state.say(f"{char_name(c.id)} discards a Blessed token instead of gaining {job.text}.")
        return
    give_cond_char_now(state, c, job.text)


def _chars_in(state: HarakiriState, zone: str | None, only: str | None) -> list:
    out = []
    allowed = set(only.split(",")) if only else None
    for c in state.characters:
        if c.defeated or c.p is None:
            continue
        if zone is not None and zone_of(state, c.p) != zone:
            continue
        if allowed is not None and c.id not in allowed:
            continue
        out.append(c)
    return out


def _enemies_in(state: HarakiriState, zone: str | None, sel: str) -> list:
    out = []
    for e in state.enemies:
        if zone is not None and zone_of(state, e.p) != zone:
            continue
        if sel == "enemies" and e.side == "foe":
            out.append(e)
        elif sel == "minions" and e.kind == "minion" and e.side == "foe":
            out.append(e)
        elif sel == "chosen" and e.kind == "chosen":
            out.append(e)
        elif sel == e.type:
            out.append(e)
    return out


def select_chars(state: HarakiriState, sel: str, job: Job) -> list | None:
    """Characters picked by a selector; None while a tie is pending."""
    chars = _chars_in(state, job.zone, job.target)
    if sel == "chars":
        return chars
    if sel == "chars_high":
        return [c for c in chars if state.squares[c.p].h >= 1]
    if sel == "chars_near_grave":
        graves = [p for p, sq in state.squares.items() if sq.grave]
        return [c for c in chars if any(chebyshev(c.p, g) <= 1 for g in graves)]
    if sel == "low_hp_char":
        if not chars:
            return []
        low = min(c.hp for c in chars)
        tied = [c for c in chars if c.hp == low]
        if len(tied) == 1:
            return tied
        if job.choice is not None:
            return [char(state, job.choice[2:])]
        state.pending = Pending(kind="tie", seat=collective_seat(state),
                                options=["c:" + c.id for c in tied], purpose="job")
        return None
    return []


def effect(state: HarakiriState, job: Job) -> bool:
    """Resolve one effect; False while waiting for a decision."""
    words = job.text.split()
    op = words[0] if words else "none"
    zone = job.zone
    if op == "none":
        state.say("Nothing happens.")
    elif op == "spawn":
        etype, where = words[1], words[2][1:]
        if where == "here":
            zs = {zone_of(state, c.p) for c in state.characters if c.p is not None}
            sp = next((p for sid, p in sorted(state.spawns.items()) if zone_of(state, p) in zs), None)
        else:
            sp = state.spawns.get(where)
        if sp is None:
            state.say("The spawn point is not in play: nothing appears.")
            return True
        if etype in data.minions().minions:
            from .core import free_base
            if free_base(state, etype) is None:
                state.say(f"Every {data.enemy_def(etype).name} is already in play: nothing appears.")
                return True
        squares = spawn_squares(state, etype, sp)
        if not squares:
            state.say("No empty square near the spawn point: nothing appears.")
            return True
        if len(squares) > 1:
            if job.choice is None:
                state.pending = Pending(kind="tie", seat=collective_seat(state),
                                        options=[f"p:{p}" for p in squares], purpose="job")
                return False
            squares = [int(job.choice[2:])]
        place_enemy(state, etype, squares[0], state.squares[squares[0]].zone)
    elif op in ("heal", "damage", "cond", "mp"):
        sel = words[1]
        val = words[2]
        if sel in ("chars", "low_hp_char", "chars_near_grave", "chars_high"):
            chars = select_chars(state, sel, job)
            if chars is None:
                return False
            for c in chars:
                if op == "heal":
                    n = heal_character(c, int(val))
                    state.say(f"{char_name(c.id)} heals {n}." if n else f"{char_name(c.id)} is already unhurt.")
                elif op == "damage":
                    state.say(f"{char_name(c.id)} takes {val} damage.")
                    damage_character(state, c, int(val))
                elif op == "cond":
                    queue_cond_char(state, c, val)
                elif op == "mp":
                    c.mp_bonus_round += int(val)
                    state.say(f"{char_name(c.id)} has {int(val):+d} MP for moves this round.")
        else:
            for e in _enemies_in(state, zone, sel):
                if op == "heal":
                    state.say(f"{enemy_label(e)} heals {heal_enemy(e, int(val))}.")
                elif op == "damage":
                    state.say(f"{enemy_label(e)} takes {val} damage.")
                    damage_enemy(state, e, int(val), None)
    elif op in ("advance", "delay"):
        sel, n = words[1], int(words[2])
        refs = ["e:" + e.uid for e in _enemies_in(state, zone, sel)]
        if sel == "chars":
            refs = ["c:" + c.id for c in _chars_in(state, zone, None)]
        if state.step in ("EVENTS", "ORACLE", "INIT"):
            state.init_effects.append(InitEffect(op=op, refs=refs, n=n, label=init_label(state, op, refs, n)))
        else:
            order = refs if op == "advance" else list(reversed(refs))
            for r in order:
                move_card(state, r, n if op == "advance" else -n)
    elif op == "hits":
        sel, n = words[1], int(words[2])
        for e in _enemies_in(state, zone, sel):
            e.hits_bonus_round += n
            state.say(f"{enemy_label(e)} gets {n:+d} hits this round.")
    elif op == "malice":
        add_malice(state, int(words[1]))
    elif op == "reveal":
        reveal_zone(state, words[1])
    elif op == "travel":
        travel(state, words[1])
    elif op == "item":
        who = job.actor if words[1] == "active" else words[1]
        if who:
            return gain_item(state, who, words[2], job)
    elif op == "objective":
        sc = data.scenario(state.options.scenario)
        finish(state, "victory", sc.objective.text)
    elif op == "remove":
        if job.target and job.target.startswith("r:"):
            r = resistor(state, job.target[2:])
            if r is not None:
                state.resistors.remove(r)
                state.say(f"{r.name} leaves the board.")
        elif job.target:
            p = point(state, job.target)
            if p is not None:
                state.points.remove(p)
    elif op == "open_door":
        p = point(state, job.target or "")
        if p is not None:
            state.squares[p.p] = state.squares[p.p].model_copy(update={"terrain": "plain"})
            state.say(f"The {p.name} opens.")
    elif op == "bell":
        ring_bell(state)
    else:
        raise ValueError(f"unknown effect {job.text!r}")
    return True


def gain_item(state: HarakiriState, cid: str, item: str, job: Job) -> bool:
    """Give an item; over the limits the owner returns one (possibly the new one)."""
    c = char(state, cid)
    it = data.items()[item]
    counted = [i for i in c.items if data.items()[i.id].kind != "special"]
    perm = [i for i in counted if data.items()[i.id].kind != "consumable"]
    over_total = it.kind != "special" and len(counted) >= 5
    over_perm = it.kind not in ("special", "consumable") and len(perm) >= 3
    if over_total or over_perm:
        pool = counted if over_total else perm
        options = sorted({"item:" + i.id for i in pool} | {"item:" + item})
        if job.choice is None:
            state.pending = Pending(kind="tie", seat=c.seat, options=options, purpose="job")
            return False
        back = job.choice[5:]
        if back == item:
            state.say(f"{char_name(cid)} leaves the {it.name} behind (item limit).")
            return True
        c.items.remove(next(i for i in c.items if i.id == back))
        state.say(f"{char_name(cid)} returns the {data.items()[back].name} (item limit).")
    c.items.append(ItemState(id=item, uses=it.uses))
    state.say(f"{char_name(cid)} gains the {it.name}.")
    return True


def ring_bell(state: HarakiriState) -> None:
    state.say("The Great Bell tolls.")
    if state.ai.beside:
        state.ai.discard.extend(state.ai.beside)
        state.ai.beside = []
        state.say("Every Hate card goes to the AI discard.")
    for e in list(state.enemies):
        if e.kind == "chosen":
            place_arm_token(state, e)
        if e.type == "onryo":
            state.say(f"{enemy_label(e)} is dispelled.")
            from .core import remove_enemy
            remove_enemy(state, e)


def reveal_zone(state: HarakiriState, zid: str) -> None:
    z = next(z for z in state.zones if z.id == zid)
    if z.revealed:
        return
    before = {e.uid for e in state.enemies}
    step = state.step
    state.step = "EVENTS" if step == "ACTIVATE" else step  # no insertion while building
    build_zone(state, zid)
    state.step = step
    state.reveal()
    state.say(f"{zone_words(zid)} ({data.scenario(state.options.scenario).zone(zid).name}) is revealed.")
    new = ["e:" + e.uid for e in state.enemies if e.uid not in before]
    if state.step == "ACTIVATE" and new:
        insert_cards(state, new)


def travel(state: HarakiriState, zid: str) -> None:
    old = [z.id for z in state.zones if z.revealed and not z.removed]
    state.say(f"The group travels to {zone_words(zid).lower()}.")
    if state.active and state.active.startswith("c:"):
        close_character_activation(state, char(state, state.active[2:]))
    state.sub = None
    state.active = None
    state.ectx = None
    state.queue = []
    for zid_old in old:
        remove_zone(state, zid_old)
    for c in state.characters:
        c.p = None
    state.jobs = [j for j in state.jobs if j.kind == "cond"]
    state.step = "PLACE"  # the queue is rebuilt next round: nothing is inserted into it now
    reveal_zone(state, zid)
    state.ki_cut = True


def expand_entry(state: HarakiriState, entry: data.Entry, zone: str | None, actor: str | None,
                 target: str | None, in_event: bool) -> None:
    state.jobs.insert(0, Job(kind="entry", text=entry.model_dump_json(), zone=zone, actor=actor,
                             target=target, choice="event" if in_event else None))


def _expand_entry(state: HarakiriState, entry: data.Entry, job: Job) -> None:
    new: list[Job] = []

    def add(effects: list, only: str | None = None) -> None:
        for eff in effects:
            if isinstance(eff, str):
                new.append(Job(kind="effect", text=eff, zone=job.zone, actor=job.actor,
                               target=only if only is not None else job.target))
            else:
                new.append(Job(kind="entry", text=eff.model_dump_json(), zone=job.zone,
                               actor=job.actor, target=only if only is not None else job.target,
                               choice=job.choice))

    add(entry.effects)
    if entry.test is not None:
        need = True
        if entry.test_if == "undertaker":
            need = any(e.type == "undertaker" for e in state.enemies)
        if not need:
            add(entry.success)
        elif job.choice == "event":
            roll = state.rng.roll(6)
            chars = _chars_in(state, job.zone, None)
            failed = []
            for c in chars:
                total = roll + c.attrs[entry.test.attr] - c.conds.get("poisoned", 0)
                ok = total >= entry.test.d
                state.say(f"{char_name(c.id)} tests {entry.test.attr} {entry.test.d}: "
                          f"d6 {roll} -> {total}, {'success' if ok else 'failure'}.")
                if not ok:
                    failed.append(c.id)
            if failed:
                add(entry.failure, ",".join(failed))
        elif job.actor:
            c = char(state, job.actor)
            roll = state.rng.roll(6)
            total = roll + c.attrs[entry.test.attr] - c.conds.get("poisoned", 0)
            ok = total >= entry.test.d
            state.say(f"{char_name(c.id)} tests {entry.test.attr} {entry.test.d}: d6 {roll} -> {total}, "
                      f"{'success' if ok else 'failure'}.")
            add(entry.success if ok else entry.failure)
    state.jobs[0:0] = new


def resolve_events(state: HarakiriState) -> None:
    """Step 2 of the round: one event per zone holding a miniature, in zone id order."""
    for z in sorted(state.zones, key=lambda z: z.id):
        if z.revealed and not z.removed:
            state.jobs.append(Job.made(kind="zone_event", zone=z.id))


def events_left(state: HarakiriState) -> dict[str, dict[str, int]]:
    """Zone event cards not yet drawn, per revealed zone and colour (the board's status
    line). A scripted zone draws only purple cards."""
    out: dict[str, dict[str, int]] = {}
    for z in state.zones:
        if not z.revealed or z.removed:
            continue
        cards = data.events()[state.options.scenario].get(z.id)
        if cards is None:
            continue
        cols = ("green", "red", "purple") if z.mode == "random" else ("purple",)
        out[z.id] = {c: max(0, len(getattr(cards, c)) - z.next[c]) for c in cols}
    return out


def zone_event(state: HarakiriState, zid: str) -> None:
    z = next(z for z in state.zones if z.id == zid)
    if z.removed:
        return
    occupied = any(c.p is not None and zone_of(state, c.p) == zid for c in state.characters) or \
        any(zone_of(state, e.p) == zid for e in state.enemies)
    if not occupied:
        return
    col = (oracle_colour_now(state) or "green") if z.mode == "random" else "purple"
    cards = getattr(data.events()[state.options.scenario][zid], col)
    i = z.next[col]
    if i >= len(cards):
        state.say(f"{zone_words(zid)}: no {col} event is left; malice +1 instead.")
        add_malice(state, 1)
        return
    z.next[col] = i + 1
    card = cards[i]
    state.reveal()
    state.say(f"{card.name} ({zone_words(zid)} event, the {ordinal(i + 1)} {col} card).")
    new: list[Job] = []
    for eff in card.effects:
        if isinstance(eff, str):
            new.append(Job.made(kind="effect", text=eff, zone=zid))
        else:
            new.append(Job.made(kind="entry", text=eff.model_dump_json(), zone=zid, choice="event"))
    state.jobs[0:0] = new


def interact(state: HarakiriState, cid: str, target: str) -> None:
    """Interact with a point or an interactable resistor: queue its campaign entry."""
    if target.startswith("r:"):
        r = resistor(state, target[2:])
        sc = data.scenario(state.options.scenario)
        rd = next(rd for z in sc.zones for rd in z.resistors if rd.id == r.id)
        state.say(f"{char_name(cid)} interacts with {r.name}.")
        if rd.entry:
            state.jobs.insert(0, Job(kind="entry", text=rd.entry.model_dump_json(), actor=cid, target=target))
        return
    p = point(state, target)
    sc = data.scenario(state.options.scenario)
    pd = next(pd for z in sc.zones for pd in z.points if pd.id == p.id)
    state.say(f"{char_name(cid)} interacts with the {p.name} at {fmt(p.p)}.")
    p.used_round = state.round
    entry = pd.entry
    state.jobs.insert(0, Job(kind="entry", text=entry.model_dump_json(), actor=cid, target=p.id))
