"""Character activations (rulebook "Character activation", "Free actions"; spec §4.3, §4.4)."""

from __future__ import annotations

from itertools import combinations

from rules.common import IllegalAction

from . import data
from .combat import AttackSpec, resolve
from .core import (
    amaterasu_heal, attack_passives, finish_character,
    CHAR_MOVER, char, char_name, check_ki_exhausted, enemy, enemy_label, give_cond_char_now,
    give_cond_enemy, heal_character, kami_ready, on_terrain, queue_cond_char, skill_ready, slot_die,
    damage_enemy,
)
from .effects import interact
from .grid import (
    adjacent, can_end, chebyshev, distance, geometry, in_range, los, sights, occupancy, reaches_an_end, resistor_squares,
    step_cost, steps_from,
)
from .model import (
    AddTarget, CancelAttack, Character, DeclareAttack, Draft, EndActivation, EndMove, EndTrade,
    Exert, HarakiriState, InteractCharacter, InteractPoint, ItemState, KamiMode, PlaceKi, RetrieveHead,
    RerollKi, Roll, SetFocus, SetSkill, StartMove, Step, Sub, SwapWeapon, Technique, Transfer,
    UseItem, WithdrawKi, pos, xy,
)
from .words import thing_name

ATTACK_SKILLS = ("iaijutsu", "piercing_thrust", "venom_edge", "backstab", "binding_sutra", "sweeping_arc")


_ACTIONS: dict[tuple, object] = {}
_STEPS: dict[int, Step] = {}
ONE = {cls: cls() for cls in (EndActivation, StartMove, Exert, EndMove, Roll, CancelAttack, SwapWeapon,
                              KamiMode, EndTrade)}  # the actions without a choice, made once


def _step(p: int) -> Step:
    """The step to square ``p``, shared like every offered action."""
    got = _STEPS.get(p)
    if got is None:
        x, y = xy(p)
        got = _STEPS[p] = Step(x=x, y=y)
    return got


def _act(cls, **fields):
    """An action, shared: actions are frozen, and the same few are offered again and again."""
    key = (cls, *fields.values())
    got = _ACTIONS.get(key)
    if got is None:
        # The key holds values only: the names must be the first fields, in declared order.
        if list(fields) != [f for f in cls.model_fields if f != "kind"][:len(fields)]:
            raise ValueError(f"name the first fields of {cls.__name__} in their declared order")
        if len(_ACTIONS) > 20_000:
            _ACTIONS.clear()
        got = _ACTIONS[key] = cls(**fields)
    return got


_FIELDS: dict[type, tuple[str, ...]] = {}


def _mk(cls, *values):
    """``_act`` with the first fields' values in their declared order (the same shared action,
    without building the keywords): the legal lists make thousands of these a game."""
    got = _ACTIONS.get((cls,) + values)  # the key ``_act`` makes: (cls, *values)
    if got is None:
        names = _FIELDS.get(cls)
        if names is None:
            names = _FIELDS[cls] = tuple(f for f in cls.model_fields if f != "kind")
        got = _act(cls, **dict(zip(names, values)))
    return got


_REROLLS: dict[int, tuple] = {}


def _rerolls(n: int) -> tuple:
    """Every choice of Ki dice to reroll out of ``n`` (one or more, in index order)."""
    got = _REROLLS.get(n)
    if got is None:
        got = _REROLLS[n] = tuple(_act(RerollKi, dice=comb) for k in range(1, n + 1)
                                  for comb in combinations(range(n), k))
    return got


def weapon(c: Character) -> data.Weapon:
    return data.weapons()[c.weapons[0]]


def attack_targets(state: HarakiriState, c: Character, rng: int | None = None, board=None) -> list[str]:
    """The foes ``c`` may attack with its weapon (or at range ``rng``). ``board``: a
    ``_Board`` of this very state, to share its lookups."""
    if c.p is None:
        return []
    r = weapon(c).range if rng is None else rng
    if board is None:
        board = _Board(state)
    # the answer depends on the square and the range only, while the board's sign holds
    known = board.targets
    got = known.get((c.p, r))
    if got is None:
        got = known[c.p, r] = tuple(_attack_targets(state, c, r, board))
    return list(got)


def _attack_targets(state: HarakiriState, c: Character, r: int, board: _Board) -> list[str]:
    out = []
    seen = None  # the board's lookups, made at the first foe in range
    for e in state.enemies:
        if e.side == "foe" and not on_terrain(state, e.p) and in_range(state, c.p, e.p, r):
            if seen is None:
                occ, res, g, seen = board.occ, board.res, board.g, board.seen
            k = c.p << 16 | e.p
            ok = seen.get(k)
            if ok is None:
                ok = seen[k] = los(state, "ally", c.p, e.p, occ, res, g)
            if ok:
                out.append("e:" + e.uid)
    return out


def _board_sign(state: HarakiriState) -> list:
    """What the board's lookups read: how many characters and enemies, every character's id,
    square and defeat, every enemy's uid, square and side, every resistor's square (a list
    grown in place: cheaper than tuples of ``attrgetter``s)."""
    chars, enemies = state.characters, state.enemies
    out = [len(chars), len(enemies)]
    for c in chars:
        out += (c.id, c.p, c.defeated)
    for e in enemies:
        out += (e.uid, e.p, e.side)
    for r in state.resistors:
        out.append(r.p)
    return out


# The board's lookups last made for a legal list, with the state and a sign of what they
# read (every miniature's square and side, the resistors' squares, the board's tables): a
# character's activation asks for them list after list while no one else moves.
_LOOKED_UP: list = [None]


class _Board:
    """The occupancy, resistors, movement tables and sight memo of one state, looked up once
    for a legal list (nothing changes while it is made), and only when first asked for;
    taken over from the last list's when no miniature or resistor moved since."""

    __slots__ = ("_occ", "_res", "_g", "_seen", "_targets", "state")

    def __init__(self, state: HarakiriState) -> None:
        self.state = state
        self._occ = self._res = self._g = self._seen = self._targets = None

    def _look_up(self) -> None:
        state = self.state
        g = geometry(state)
        sign = _board_sign(state)
        last = _LOOKED_UP[0]
        if last is not None and last[0] is state and last[1] is g and last[2] == sign:
            self._occ, self._res, self._seen, self._targets = last[3], last[4], last[5], last[6]
        else:
            occ, res = occupancy(state), resistor_squares(state)
            self._occ, self._res, self._seen = occ, res, sights(state, "ally", occ, res, g)
            self._targets = {}  # attack targets by (square, range)
            _LOOKED_UP[0] = (state, g, sign, self._occ, self._res, self._seen, self._targets)
        self._g = g

    @property
    def occ(self) -> dict[int, tuple[str, str]]:
        if self._occ is None:
            self._look_up()
        return self._occ

    @property
    def res(self) -> set[int]:
        if self._res is None:
            self._look_up()
        return self._res

    @property
    def g(self):
        if self._g is None:
            self._look_up()
        return self._g

    @property
    def targets(self) -> dict[tuple[int, int], tuple[str, ...]]:
        if self._targets is None:
            self._look_up()
        return self._targets

    @property
    def seen(self) -> dict[int, bool]:
        if self._seen is None:
            self._look_up()
        return self._seen


def _ally_targets(state: HarakiriState, c: Character, r: int) -> list[str]:
    occ, res = occupancy(state), resistor_squares(state)
    out = []
    for o in state.characters:
        if o.defeated or o.p is None:
            continue
        if o.id == c.id or (distance(c.p, o.p) <= r and los(state, "ally", c.p, o.p, occ, res)):
            out.append("c:" + o.id)
    return out


_OWN: dict[tuple[str, ...], tuple[tuple, tuple]] = {}


def _own_skills(c: Character) -> tuple[tuple, tuple]:
    """Of a character's skills (read once per list of skills): its techniques, (skill,
    definition) each, and every skill with the Ki its slot needs, (skill, Ki) each."""
    key = tuple(c.skills)
    got = _OWN.get(key)
    if got is None:
        skills = data.skills()
        got = _OWN[key] = (tuple((sid, skills[sid]) for sid in key if skills[sid].type == "technique"),
                           tuple((sid, skills[sid].ki) for sid in key))
    return got


_KAMI_TECHNIQUES: dict[str, tuple[str, ...]] = {}


def _kami_techniques(cid: str) -> tuple[str, ...]:
    """The techniques of a character's kami, in the kami card's order."""
    got = _KAMI_TECHNIQUES.get(cid)
    if got is None:
        kid = data.characters().characters[cid].kami
        got = _KAMI_TECHNIQUES[cid] = tuple(sid for sid, ks in data.kami()[kid].skills.items()
                                            if ks.type == "technique")
    return got


def technique_options(state: HarakiriState, c: Character, slotted: dict[str, int] | None = None) -> list[Technique]:
    """``slotted``: ``_slotted(c)``, when the caller has it."""
    out: list[Technique] = []
    if slotted is None:
        slotted = _slotted(c)
    for sid, sk in _own_skills(c)[0]:
        if slotted.get(sid, 0) < sk.ki:  # not skill_ready(c, sid)
            continue
        if sk.once and sid in c.techniques_used:
            continue
        if sk.target == "square":
            occ, res = occupancy(state), resistor_squares(state)
            squares = state.squares
            h = squares[c.p].h
            # the board's squares in range (``distance(c.p, p) <= range``), in square order
            for p in sorted(geometry(state).within(c.p, sk.range or 0)):
                if p != c.p and squares[p].h == h and can_end(state, CHAR_MOVER, p, occ, res):
                    out.append(_mk(Technique, sid, f"p:{p}"))
        elif sk.target == "char_or_self":
            out += [_mk(Technique, sid, t) for t in _ally_targets(state, c, sk.range or 0)]
        else:
            out.append(_mk(Technique, sid))
    for sid in _kami_techniques(c.id):
        if kami_ready(c, sid):
            out.append(_mk(Technique, sid))
    return out


def _slotted(c: Character) -> dict[str, int]:
    """``slot_die(c, skill)`` of every skill with a die on its slot: the first die's value."""
    slotted: dict[str, int] = {}
    for d in c.ki:
        if d.place.startswith("slot:"):
            slotted.setdefault(d.place[5:], d.value)
    return slotted


FREE = ("place_ki", "withdraw_ki", "retrieve_head", "kami_mode")  # free_actions' kinds


def free_actions(state: HarakiriState, c: Character, slotted: dict[str, int] | None = None) -> list:
    """``slotted``: ``_slotted(c)``, when the caller has it."""
    out: list = []
    places = [d.place for d in c.ki]
    if "supply" in places:
        if slotted is None:
            slotted = _slotted(c)
        open_slots = [(sid, ki) for sid, ki in _own_skills(c)[1] if slotted.get(sid, 0) == 0]
        for i, d in enumerate(c.ki):
            if d.place == "supply":
                for sid, need in open_slots:
                    if d.value >= need:
                        out.append(_mk(PlaceKi, i, sid))
    if c.withdraws < c.attrs["SPI"]:
        out += [_mk(WithdrawKi, place[5:]) for place in places if place.startswith("slot:")]
    heads, boss_heads = state.heads_on_board, state.boss_heads_on_board
    if c.p is not None and (heads or boss_heads):
        for p in sorted(heads.keys() | boss_heads.keys()):
            if adjacent(state, c.p, p) or p == c.p:
                x, y = xy(p)
                out.append(_mk(RetrieveHead, x, y))
    if c.affinity >= 6 and kami_mode_ok(state, c):
        out.append(ONE[KamiMode])
    return out


def kami_mode_ok(state: HarakiriState, c: Character) -> bool:
    return (c.affinity >= 6 and not c.kami_mode_used and c.hp < c.max_hp // 2
            and not any(o.kami_mode for o in state.characters))


def _step_legal(state: HarakiriState, c: Character, to: int, ok: set[int], res, occ2, g) -> bool:
    """A step is legal if ``step_ok`` allows it (``to`` in ``ok``) and, onto a friend's square,
    if an empty square stays reachable with the MP left and every AP spent on exertion."""
    mp = state.sub.mp
    if to not in ok:
        return False
    if to in occ2:
        left = mp - step_cost(state, CHAR_MOVER, c.p) + 3 * c.ap
        return reaches_an_end(state, CHAR_MOVER, to, left, occ2, res, g)
    return True


def legal(state: HarakiriState, c: Character, only=None) -> list:
    """The legal actions of the active character. With ``only`` (an action) the costly
    families of other kinds are left out: enough to tell whether ``only`` is legal."""
    sub = state.sub
    out: list = []
    kind = only.kind if only is not None else None
    if sub is None:
        slotted = _slotted(c)
        if not c.moved and c.ap >= 1:
            out.append(ONE[StartMove])
        if c.ap >= 1 and kind in (None, "technique"):
            out += technique_options(state, c, slotted)
        if c.ap >= 2 and kind in (None, "reroll_ki"):
            out += _rerolls(len(c.ki))
        board = _Board(state)
        if not c.attacked and kind in (None, "declare_attack"):
            w = weapon(c)
            for t in attack_targets(state, c, board=board):
                if w.fast and c.ap >= 1:
                    out.append(_mk(DeclareAttack, t, "fast"))
                if w.strong and c.ap >= 2:
                    out.append(_mk(DeclareAttack, t, "strong"))
        if c.ap >= 1 and c.p is not None and kind in (None, "interact_point", "interact_character",
                                                      "swap_weapon", "use_item"):
            squares, at = state.squares, c.p
            h = squares[at].h
            for p in state.points:
                if p.enabled and chebyshev(at, p.p) == 1 and squares[p.p].h == h:
                    pd = _point_def(state, p.id)
                    if pd.once_per_round and p.used_round == state.round:
                        continue
                    out.append(_mk(InteractPoint, p.id))
            for r in state.resistors:
                if r.interactable and chebyshev(at, r.p) == 1 and squares[r.p].h == h:
                    out.append(_mk(InteractPoint, "r:" + r.id))
            for o in state.characters:
                if o.id != c.id and o.p is not None and not o.defeated and adjacent(state, c.p, o.p):
                    out.append(_mk(InteractCharacter, o.id))
            if len(c.weapons) == 2:
                out.append(ONE[SwapWeapon])
            offered: set[str] = set()
            for it in c.items:
                idef = data.items()[it.id]
                if c.attrs["KNO"] < idef.kno or it.id in offered or not item_ready(state, c, it):
                    continue  # two items alike are one choice: using "the Rice Ball"
                offered.add(it.id)
                if idef.target == "minion":
                    if kind not in (None, "use_item"):
                        continue
                    out += [_mk(UseItem, it.id, t) for t in attack_targets(state, c, idef.range or 3, board)
                            if enemy(state, t[2:]).kind == "minion"]
                elif idef.target == "ki":
                    out += [_mk(UseItem, it.id, str(i)) for i, d in enumerate(c.ki)
                            if d.place != "exhausted" and d.value < 6]
                else:
                    out.append(_mk(UseItem, it.id))
        if kind is None or kind in FREE:
            out += free_actions(state, c, slotted)
        out.append(ONE[EndActivation])
        return out
    if sub.kind == "move":
        occ, res, g = occupancy(state), resistor_squares(state), geometry(state)
        occ2 = None  # the board without this character, made when a step may go onto a friend
        ok = steps_from(state, CHAR_MOVER, c.p, sub.mp, occ, res, g)
        for n in g.moves.get(c.p, ()):  # moves_from(state, c.p), in its order
            if kind is not None and (kind != "step" or n != pos(only.x, only.y)):
                continue
            if n not in ok:
                continue
            # ``_step_legal``, which only searches further onto a friend's square; away from
            # this character's own square, the board without it holds what ``occ`` holds
            if n == c.p or n in occ:
                if occ2 is None:
                    occ2 = occupancy(state, exclude="c:" + c.id)
                if n in occ2 and not _step_legal(state, c, n, ok, res, occ2, g):
                    continue
            out.append(_STEPS.get(n) or _step(n))
        if c.ap >= 1:
            out.append(ONE[Exert])
        if not any(o.id != c.id and o.p == c.p and not o.defeated for o in state.characters) \
                and not any(e.p == c.p for e in state.enemies):
            out.append(ONE[EndMove])
        if kind is None or kind in FREE:
            out += free_actions(state, c)
        return out
    if sub.kind == "attack":
        d = sub.draft
        out.append(_mk(SetFocus, not d.focus))
        for sid in skill_options(state, c):
            if sid != d.skill:
                out.append(_mk(SetSkill, sid))
        if d.skill is not None:
            out.append(_mk(SetSkill, None))
        if d.skill == "sweeping_arc" and len(d.targets) < 2 and kind in (None, "add_target"):
            out += [_mk(AddTarget, t) for t in attack_targets(state, c) if t not in d.targets]
        out.append(ONE[Roll])
        out.append(ONE[CancelAttack])
        if kind is None or kind in FREE:
            out += free_actions(state, c)
        return out
    # trade
    o = char(state, sub.trade_with)
    for giver, taker in ((c, o), (o, c)) if kind in (None, "transfer") else ():
        room = _room(taker)
        for thing in _items_to_give(state, giver):
            if _fits(room, thing.split(":")[1]):
                out.append(_mk(Transfer, thing, giver.id, taker.id))
        if len(giver.weapons) == 2 and len(taker.weapons) < 2:
            out += [_mk(Transfer, "weapon:" + w, giver.id, taker.id) for w in giver.weapons]
        if giver.heads:
            out.append(_mk(Transfer, "head", giver.id, taker.id))
        if giver.boss_heads:
            out.append(_mk(Transfer, "boss_head", giver.id, taker.id))
    out.append(ONE[EndTrade])
    if kind is None or kind in FREE:
        out += free_actions(state, c)
    return out


def item_ready(state: HarakiriState, c: Character, it: ItemState) -> bool:
    """Each item is used at most once per round (seed, "Use an item"). The mark is the
    item's own and goes with it in a trade; under rules edition 1 it was the character's."""
    if c.items_used_round is not None:
        return it.id not in c.items_used_round
    return it.used_round != state.round


def used_this_round(state: HarakiriState, c: Character, item: str) -> bool:
    """Whether every ``item`` that ``c`` holds was used this round (none can be now)."""
    held = [it for it in c.items if it.id == item]
    return bool(held) and not any(item_ready(state, c, it) for it in held)


def _items_to_give(state: HarakiriState, giver: Character) -> list[str]:
    """The items ``giver`` can hand over, as trade things: two alike are one choice, unless
    one was used this round and the other not (``item:<id>:used`` names a used one)."""
    if giver.items_used_round is not None:  # rules edition 1: the mark stays with the giver
        return ["item:" + iid for iid in dict.fromkeys(it.id for it in giver.items)]
    out: dict[str, None] = {}
    for it in giver.items:
        out["item:" + it.id + ("" if it.used_round != state.round else ":used")] = None
    return list(out)


def item_refusal(state: HarakiriState, c: Character, item: str) -> str | None:
    """The reason ``c`` may not use ``item`` because it was used this round, if that is it."""
    if not used_this_round(state, c, item):
        return None
    name = data.items()[item].name
    return (f"{char_name(c.id)} cannot use the {name} again this round: it was already used this "
            f"round, and each item is used at most once per round, whoever holds it. It can be "
            f"used again next round.")


_POINT_DEFS: dict[tuple[int, str], tuple[data.Scenario, data.PointDef]] = {}


def _point_def(state: HarakiriState, pid: str) -> data.PointDef:
    sc = data.scenario(state.options.scenario)
    got = _POINT_DEFS.get((id(sc), pid))  # the scenario is held with it: its id stays its own
    if got is None:
        got = _POINT_DEFS[id(sc), pid] = (sc, next(pd for z in sc.zones for pd in z.points if pd.id == pid))
    return got[1]


def _can_take_item(c: Character, item: str) -> bool:
    return _fits(_room(c), item)


def _room(c: Character) -> tuple[int, int]:
    """What ``c`` carries that counts against the limits: (items but special ones, of which
    the permanent ones, that is neither special nor consumable)."""
    items = data.items()
    counted = perm = 0
    for i in c.items:
        k = items[i.id].kind
        if k != "special":
            counted += 1
            if k != "consumable":
                perm += 1
    return counted, perm


def _fits(room: tuple[int, int], item: str) -> bool:
    """Whether one more ``item`` fits in a load ``room`` (``_room``): 5 items, 3 permanent."""
    kind = data.items()[item].kind
    if kind == "special":
        return True
    return room[0] < 5 and (kind == "consumable" or room[1] < 3)


def skill_options(state: HarakiriState, c: Character) -> list[str]:
    out = [s for s in c.skills if s in ATTACK_SKILLS and skill_ready(c, s)]
    kid = data.characters().characters[c.id].kami
    out += [sid for sid, ks in data.kami()[kid].skills.items() if ks.type == "attack" and kami_ready(c, sid)]
    return out


# -- apply ---------------------------------------------------------------------------

REASONS = {
    "start_move": "{n} cannot start a Move now (one Move per activation, 1 AP).",
    "step": "{n} cannot step there (blocked, too costly, or no empty square would be reachable).",
    "exert": "{n} has no action point to exert.",
    "end_move": "{n} must end the Move on an empty square.",
    "technique": "{n} cannot use that technique now.",
    "reroll_ki": "Rerolling Ki dice costs 2 AP and needs dice of {n}.",
    "declare_attack": "{n} cannot attack that target now.",
    "interact_point": "{n} is not next to that interaction point, or it cannot be used now.",
    "interact_character": "{n} is not next to that character.",
    "swap_weapon": "{n} cannot swap weapons now.",
    "use_item": "{n} cannot use that item now.",
    "place_ki": "That Ki die cannot go into that slot.",
    "withdraw_ki": "{n} cannot withdraw that Ki die now.",
    "retrieve_head": "There is no head next to {n} there.",
    "kami_mode": "Kami Mode needs affinity 6, health below half, and no other Kami Mode active.",
    "end_activation": "Finish the current action first.",
}


def apply(state: HarakiriState, c: Character, action, checked: bool = False) -> None:
    """Carry out ``action`` of the active character ``c``. ``checked``: the caller knows it
    is one of ``legal(state, c)`` for this very state, untouched since (no second search)."""
    if not checked and action not in legal(state, c, only=action):
        if action.kind == "use_item" and (why := item_refusal(state, c, action.item)):
            raise IllegalAction(why)
        msg = REASONS.get(action.kind, "That is not possible now.")
        raise IllegalAction(msg.format(n=char_name(c.id)))
    name = char_name(c.id)
    k = action.kind
    if k == "start_move":
        c.ap -= 1
        c.moved = True
        mp = data.characters().base_mp + c.attrs["DEX"] + c.mp_bonus_round
        if c.kami_mode and data.characters().characters[c.id].kami == "hachiman":
            mp += 2
        mp = max(0, mp)
        state.sub = Sub.made(kind="move", mp=mp)
        state.say(f"{name} moves ({mp} MP).")
    elif k == "step":
        to = pos(action.x, action.y)
        state.sub.mp -= step_cost(state, CHAR_MOVER, c.p)
        c.p = to
    elif k == "exert":
        c.ap -= 1
        state.sub.mp += 3
        state.say(f"{name} exerts (+3 MP).")
    elif k == "end_move":
        state.sub = None
        state.say(f"{name} ends the Move on ({action_xy(c.p)}).")
        sc = data.scenario(state.options.scenario)
        if sc.graves_poison and state.squares[c.p].grave:
            queue_cond_char(state, c, "poisoned")
    elif k == "technique":
        c.ap -= 1
        technique(state, c, action.skill, action.target)
    elif k == "reroll_ki":
        c.ap -= 2
        for i in action.dice:
            c.ki[i].value = state.rng.roll(6)
            c.ki[i].place = "supply"
        state.say(f"{name} rerolls Ki dice: " + ", ".join(str(c.ki[i].value) for i in action.dice) + ".")
    elif k == "declare_attack":
        c.ap -= 1 if action.mode == "fast" else 2
        c.attacked = True
        state.sub = Sub.made(kind="attack", draft=Draft.made(targets=[action.target], mode=action.mode))
    elif k == "set_focus":
        state.sub.draft.focus = action.on
    elif k == "set_skill":
        state.sub.draft.skill = action.skill
        if action.skill != "sweeping_arc":
            state.sub.draft.targets = state.sub.draft.targets[:1]
    elif k == "add_target":
        state.sub.draft.targets.append(action.target)
    elif k == "cancel_attack":
        c.ap += 1 if state.sub.draft.mode == "fast" else 2
        c.attacked = False
        state.sub = None
    elif k == "roll":
        roll_attack(state, c)
    elif k == "interact_point":
        c.ap -= 1
        interact(state, c.id, action.point)
    elif k == "interact_character":
        c.ap -= 1
        state.sub = Sub.made(kind="trade", trade_with=action.other)
        state.say(f"{name} trades with {char_name(action.other)}.")
    elif k == "transfer":
        transfer(state, action)
    elif k == "end_trade":
        state.sub = None
    elif k == "swap_weapon":
        c.ap -= 1
        c.weapons.reverse()
        state.say(f"{name} equips the {weapon(c).name}.")
    elif k == "use_item":
        c.ap -= 1
        use_item(state, c, action.item, action.target)
    elif k == "place_ki":
        c.ki[action.die].place = "slot:" + action.slot
        state.say(f"{name} places a Ki die ({c.ki[action.die].value}) on {data.skills()[action.slot].name}.")
    elif k == "withdraw_ki":
        for d in c.ki:
            if d.place == "slot:" + action.slot:
                d.place = "exhausted"
        c.withdraws += 1
        state.say(f"{name} withdraws the Ki die from {data.skills()[action.slot].name} (exhausted).")
        check_ki_exhausted(state, c)
    elif k == "retrieve_head":
        p = pos(action.x, action.y)
        if state.boss_heads_on_board.get(p):
            state.boss_heads_on_board[p] -= 1
            c.boss_heads += 1
            if not state.boss_heads_on_board[p]:
                del state.boss_heads_on_board[p]
        else:
            state.heads_on_board[p] -= 1
            c.heads += 1
            if not state.heads_on_board[p]:
                del state.heads_on_board[p]
        state.say(f"{name} retrieves a head.")
    elif k == "kami_mode":
        c.kami_mode = True
        c.kami_mode_used = True
        c.kami_mode_expires = False
        kd = data.kami()[data.characters().characters[c.id].kami]
        state.say(f"{name} enters Kami Mode ({kd.name}): {kd.mode}.")
        if kd.name == "Amaterasu":
            amaterasu_heal(state, c)
    elif k == "end_activation":
        finish_character(state)


def action_xy(p: int) -> str:
    x, y = xy(p)
    return f"{x},{y}"


def technique(state: HarakiriState, c: Character, sid: str, target: str | None) -> None:
    name = char_name(c.id)
    c.techniques_used.append(sid)
    if sid in data.kami_skills():
        c.kami_used.append(sid)
    label = data.skills()[sid].name if sid in data.skills() else data.kami_skills()[sid][1].name
    state.say(f"{name} uses {label}.")
    if sid == "shadow_step":
        c.p = int(target[2:])
        state.say(f"{name} steps through the shadows to ({action_xy(c.p)}).")
    elif sid == "healing_sutra":
        v = slot_die(c, sid)
        n = 3 if v >= 6 else 2 if v >= 4 else 1
        o = char(state, target[2:])
        state.say(f"{char_name(o.id)} heals {heal_character(o, n)}.")
    elif sid == "ward_seal":
        o = char(state, target[2:])
        give_cond_char_now(state, o, "blessed")
    elif sid == "rallying_cry":
        for o in state.characters:
            if o.id != c.id and o.p is not None and not o.defeated and distance(c.p, o.p) <= 2:
                heal_character(o, 1)
                o.conds.pop("downed", None)
                state.say(f"{char_name(o.id)} heals 1 and stands firm.")
    elif sid == "unbroken":
        heal_character(c, 4)
        c.conds.pop("bleeding", None)
    elif sid == "silver_path":
        c.ap = min(data.characters().ap_cap, c.ap + 2)
        for k in ("bleeding", "poisoned", "blinded", "downed"):
            c.conds.pop(k, None)
    elif sid == "dawn":
        for o in state.characters:
            if not o.defeated:
                heal_character(o, 2)
        state.say("Every character heals 2.")
    elif sid == "sunburst":
        occ, res = occupancy(state), resistor_squares(state)
        for e in list(state.enemies):
            if e.side == "foe" and distance(c.p, e.p) <= 2 and los(state, "ally", c.p, e.p, occ, res):
                state.say(f"{enemy_label(e)} takes 2 damage.")
                damage_enemy(state, e, 2, "c:" + c.id)
    elif sid == "gale":
        for e in list(state.enemies):
            if e.kind == "minion" and adjacent(state, c.p, e.p):
                give_cond_enemy(state, e, "downed")


def use_item(state: HarakiriState, c: Character, item: str, target: str | None) -> None:
    name = char_name(c.id)
    it = next(i for i in c.items if i.id == item and item_ready(state, c, i))
    idef = data.items()[item]
    if c.items_used_round is not None:  # rules edition 1
        c.items_used_round.append(item)
    else:
        it.used_round = state.round
    state.say(f"{name} uses the {idef.name}.")
    if item == "rice_ball":
        state.say(f"{name} heals {heal_character(c, 3)}.")
    elif item == "herbs":
        c.conds.pop("bleeding", None)
        c.conds.pop("poisoned", None)
        heal_character(c, 1)
    elif item == "bandages":
        c.conds.pop("bleeding", None)
        heal_character(c, 1)
    elif item == "flash_powder":
        e = enemy(state, target[2:])
        give_cond_enemy(state, e, "blinded")
    elif item == "prayer_beads":
        d = c.ki[int(target)]
        d.value = min(6, d.value + 2)
        state.say(f"A Ki die of {name} rises to {d.value}.")
    elif item == "omamori":
        give_cond_char_now(state, c, "blessed")
    it.uses -= 1
    if it.uses <= 0:
        c.items.remove(it)
        state.say(f"The {idef.name} is used up.")


def transfer(state: HarakiriState, action: Transfer) -> None:
    giver, taker = char(state, action.frm), char(state, action.to)
    kind, _, what = action.thing.partition(":")
    if kind == "item":
        iid, _, used = what.partition(":")
        if giver.items_used_round is not None:  # rules edition 1: the first of that kind
            k = next(k for k, i in enumerate(giver.items) if i.id == iid)
        else:  # the mark goes with the item
            k = next(k for k, i in enumerate(giver.items)
                     if i.id == iid and (i.used_round == state.round) == bool(used))
        # the first item equal to it is this one (an equal one before would have been found):
        # ``giver.items.remove(it)`` without comparing the items before it field by field
        taker.items.append(giver.items.pop(k))
    elif kind == "weapon":
        giver.weapons.remove(what)
        taker.weapons.append(what)
    elif kind == "head":
        giver.heads -= 1
        taker.heads += 1
    elif kind == "boss_head":
        giver.boss_heads -= 1
        taker.boss_heads += 1
    state.say(f"{char_name(giver.id)} gives {thing_name(action.thing)} to {char_name(taker.id)}.")


def roll_attack(state: HarakiriState, c: Character) -> None:
    from .enemy import counterattack_enemy
    d = state.sub.draft
    state.sub = None
    w = weapon(c)
    dice = tuple((w.fast if d.mode == "fast" else w.strong) or [])
    extra, bonus, ign_arm = attack_passives(c)
    dice += extra
    skill = d.skill if d.skill in skill_options(state, c) else None
    ign_eva, cond, per = False, None, None
    targets = list(d.targets)
    if skill == "iaijutsu":
        dice += ("R",)
    elif skill == "piercing_thrust":
        ign_eva = True
        if slot_die(c, skill) >= 5:
            ign_arm = max(ign_arm, 1)
    elif skill == "venom_edge":
        cond = "poisoned"
    elif skill == "backstab":
        per = "backstab3" if slot_die(c, skill) >= 6 else "backstab2"
    elif skill == "binding_sutra":
        cond, per = "downed", "binding"
    elif skill == "war_arrow":
        bonus += 3
    elif skill == "moonlit_cut":
        ign_eva, ign_arm = True, 99
    elif skill == "storm_cleave":
        dice += ("P",)
        targets += ["e:" + e.uid for e in state.enemies if e.side == "foe" and "e:" + e.uid not in targets
                    and adjacent(state, c.p, e.p) and not on_terrain(state, e.p)]
    if skill and skill in data.kami_skills():
        c.kami_used.append(skill)
    if skill != "sweeping_arc":
        targets = targets[:1] + [t for t in targets[1:] if skill == "storm_cleave"]
    label = f"a {d.mode} attack with the {w.name}"
    if skill:
        sname = data.skills()[skill].name if skill in data.skills() else data.kami_skills()[skill][1].name
        label += f" and {sname}"
    spec = AttackSpec(dice=dice, focus=d.focus, bonus=bonus, ignore_eva=ign_eva, ignore_arm=ign_arm,
                      cond=cond, yy=w.yy, per_target=per, label=label)
    res = resolve(state, "c:" + c.id, targets, spec)
    if res.outcome == "backlash":
        counterattack_enemy(state, targets[0][2:], c.id)
