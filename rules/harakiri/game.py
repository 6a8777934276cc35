"""The ``Game`` for Harakiri: Blades of Honor, exploration phase."""

from __future__ import annotations

from copy import deepcopy
from itertools import repeat
from operator import is_

from rules.common import Game, IllegalAction, Outcome, Rng
from rules.common.models import OptionsBase, visible_log
from rules.common.plain import Plain

from . import character as char_mod, data
from .character import _mk
from .grid import Squares
from .core import (
    when, build_zone, char, char_name, move_card, new_zone_list, queue_index, ref_label, roll_ki,
)
from .flow import advance, advance_card, apply_init_effect
from .words import attr_name, step_name, thing_name
from .model import (
    BattleInstinct, Blessed, Character, Counterattack, HarakiriAction, HarakiriOptions,
    HarakiriState, InitOrder, ItemState, LoseAttribute, PlaceCharacter, SkipSwap, SwapInitiative,
    Tie, pos, xy,
)


def _position(state: HarakiriState) -> list:
    """A cheap sign that nothing moved since the active character's legal actions were
    listed: whose decision, the Move's points, every character's square, action points and
    health, and where every enemy stands. (A list grown in place: cheaper than a tuple
    spread from ``attrgetter``s, and compared the same way.)"""
    sub = state.sub
    chars = state.characters
    out = [state.step, state.active, state.pending is None, state.rng.counter, state.reveals,
           len(state.log), id(sub), sub.mp if sub is not None else None, len(chars)]
    for c in chars:
        out += (c.p, c.ap, c.hp)
    for e in state.enemies:
        out.append(e.p)
    return out


def _among(action, actions: list) -> bool:
    """``action in actions``, the shared action itself found first: the offered actions are
    made once and handed out again, so an answer is usually one of them, and comparing
    pydantic models field by field is left for an action built elsewhere."""
    return any(map(is_, actions, repeat(action))) or action in actions


_ATOMS = (int, str, bool, float, type(None))
_ATOM_TYPES = frozenset(_ATOMS)
_PLAIN: dict[type, bool] = {}


def _clone(value):
    """``deepcopy(value)`` for what a state holds (issue 28's speed: a bot's view copies the
    state before every choice): lists, dicts and tuples of numbers, strings and ``Plain``
    models are rebuilt; a frozen model (the options) is shared, as it cannot change; anything
    else is deep-copied as before."""
    if isinstance(value, _ATOMS):
        return value
    t = type(value)
    if t is list:
        # a list of names or numbers (a deck, a skill list) is copied in one step
        if all(type(x) in _ATOM_TYPES for x in value):
            return value[:]
        return [_clone(x) for x in value]
    if t is dict:
        if all(type(x) in _ATOM_TYPES for x in value.values()):
            return dict(value)
        return {k: _clone(x) for k, x in value.items()}
    if t is tuple:
        return tuple(_clone(x) for x in value)
    plain = _PLAIN.get(t)
    if plain is None:  # isinstance on a pydantic model class is slow: asked once per type
        plain = _PLAIN[t] = issubclass(t, Plain)
    if plain and value.__pydantic_extra__ is None and value.__pydantic_private__ is None:
        got = object.__new__(t)
        _set = object.__setattr__
        _set(got, "__dict__", {k: _clone(x) for k, x in value.__dict__.items()})
        _set(got, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
        _set(got, "__pydantic_extra__", None)
        _set(got, "__pydantic_private__", None)
        return got
    if isinstance(value, OptionsBase):
        return value  # frozen
    return deepcopy(value)


def _pending_actions(pd) -> list:
    """The answers to the question ``pd``: shared actions (frozen, made once), since answering
    is most of an enemy's turn."""
    if pd.kind == "tie":
        return [_mk(Tie, o) for o in pd.options]
    if pd.kind == "counterattack":
        return [_mk(Counterattack, True), _mk(Counterattack, False)]
    if pd.kind == "blessed":
        return [_mk(Blessed, True), _mk(Blessed, False)]
    if pd.kind == "init_order":
        return [_mk(InitOrder, o) for o in pd.options]
    if pd.kind == "battle_instinct":
        return [_mk(BattleInstinct, True), _mk(BattleInstinct, False)]
    if pd.kind == "swap":
        out: list = []
        for i, a in enumerate(pd.options):
            for b in pd.options[i + 1:]:
                out.append(_mk(SwapInitiative, a[2:], b[2:]))
        return out + [_mk(SkipSwap)]
    if pd.kind == "lose_attribute":
        return [_mk(LoseAttribute, a) for a in pd.options]
    return []


class Harakiri(Game):
    id = "harakiri"
    title = "Harakiri: Blades of Honor (exploration)"
    min_seats = 1
    max_seats = 4
    Options = HarakiriOptions
    State = HarakiriState
    Action = HarakiriAction
    # The last legal list handed out (the active character's, or the answers to a question), the
    # state it was for and a sign of what it was made from: a cache, never part of a state
    # (apply skips the second search for an action taken from it).
    _offered: tuple[HarakiriState, list | tuple, list] | None = None

    # -- setup ------------------------------------------------------------------------
    def new(self, options: HarakiriOptions, seed: int) -> HarakiriState:
        state = HarakiriState(rng=Rng(seed=seed), options=options)
        state.squares = Squares()  # notes its changes: the movement tables are found at once
        sc = data.scenario(options.scenario)
        new_zone_list(state)
        state.oracle.supply = [c.id for c in data.oracle().cards]
        state.say(f"{sc.name}: level {options.level}, kami affinity {options.kami_affinity}.")
        cd = data.characters()
        edition1 = options.rules_edition == 1  # a private attribute: read once, not per character
        for i, cid in enumerate(cd.order):
            d = cd.characters[cid]
            lvl = options.level
            a = d.attrs[str(lvl)]
            hp = cd.health[str(lvl)]
            # made, not validated: the values are the printed sheet's, each a fresh list
            c = Character.made(id=cid, seat=i % options.players, level=lvl, hp=hp, max_hp=hp,
                               attrs=dict(zip(data.ATTRS, a)), arm=d.arm, arm_max=d.arm,
                               weapons=list(d.weapons),
                               items=[ItemState.made(id=it, uses=data.items()[it].uses) for it in d.items],
                               ki=[], skills=[s for s in d.skills if data.skills()[s].level <= lvl],
                               affinity=options.kami_affinity,
                               items_used_round=[] if edition1 else None)
            state.characters.append(c)
            roll_ki(state, c)
        adv = data.oracle().adventure[options.adventure_result]
        for zid in sc.start_zones:
            build_zone(state, zid)
        from .core import add_oracle_cards
        add_oracle_cards(state, adv)
        state.say(f"The oracle deck holds {len(state.oracle.deck)} cards.")
        advance(state)
        return state

    def parse_options(self, data) -> HarakiriOptions:
        """A recorded setup (a save, a journal game, a host's welcome). One recorded before
        the rules carried an edition (no ``rules_edition``) was played under edition 1: it
        replays, and plays on, under those rules."""
        if isinstance(data, dict) and "rules_edition" not in data:
            data = {**data, "rules_edition": 1}
        return super().parse_options(data)

    # -- whose decision ------------------------------------------------------------------
    def to_move(self, state: HarakiriState) -> int | None:
        if state.step == "OVER":
            return None
        if state.pending is not None:
            return state.pending.seat
        active = state.active
        if active and active.startswith("c:"):
            cid = active[2:]
            for c in state.characters:  # char(state, cid), without the call
                if c.id == cid:
                    return c.seat
            raise KeyError(cid)
        return 0

    def legal_actions(self, state: HarakiriState) -> list:
        if state.step == "OVER":
            return []
        pd = state.pending
        if pd is not None:
            out = _pending_actions(pd)
            # remembered with what it was made from, so that apply need not list it again
            self._offered = (state, (pd, pd.kind, tuple(pd.options)), out)
            return list(out)
        if state.step == "PLACE":
            taken = {c.p for c in state.characters if c.p is not None}
            out = []
            for c in state.characters:
                if c.p is None and not c.defeated:
                    for p in state.starts:
                        if p not in taken:
                            x, y = xy(p)
                            out.append(_mk(PlaceCharacter, c.id, x, y))  # shared, as every offered action
            return out
        if state.active and state.active.startswith("c:"):
            out = char_mod.legal(state, char(state, state.active[2:]))
            self._offered = (state, _position(state), out)
            return list(out)
        return []

    def apply(self, state: HarakiriState, action) -> None:
        if state.step == "OVER":
            raise IllegalAction("The exploration phase is over.")
        offered, self._offered = self._offered, None
        pd = state.pending
        if pd is not None:
            # the answers just offered for this very question, if it is unchanged since
            if offered is not None and offered[0] is state and type(offered[1]) is tuple \
                    and offered[1][0] is pd and offered[1][1] == pd.kind and offered[1][2] == tuple(pd.options):
                listed = offered[2]
            else:
                listed = _pending_actions(pd)
            if not _among(action, listed):
                raise IllegalAction(_pending_reason(pd.kind))
            self._answer(state, action)
        elif state.step == "PLACE":
            if not _among(action, self.legal_actions(state)):
                raise IllegalAction("Place an unplaced character on a free start square.")
            c = char(state, action.char)
            c.p = pos(action.x, action.y)
            state.say(f"{char_name(c.id)} is placed on ({action.x},{action.y}).")
        elif state.active and state.active.startswith("c:"):
            # An action taken from the list just offered for this very state, untouched
            # since, is legal: the usual loop (legal_actions, pick one, apply) searches once.
            checked = (offered is not None and offered[0] is state and offered[1] == _position(state)
                       and any(map(is_, offered[2], repeat(action))))
            char_mod.apply(state, char(state, state.active[2:]), action, checked=checked)
        else:
            raise IllegalAction("No decision is expected now.")
        advance(state)
        if state.oracle.deck_count != len(state.oracle.deck):
            state.oracle.deck_count = len(state.oracle.deck)
        if state.ai.deck_count != len(state.ai.deck):
            state.ai.deck_count = len(state.ai.deck)

    def _answer(self, state: HarakiriState, action) -> None:
        pd = state.pending
        state.pending = None
        k = action.kind
        if k == "tie":
            if pd.purpose.startswith("enemy"):
                state.ectx.choice = action.choice
            else:
                state.jobs[0].choice = action.choice
            state.say(f"The players choose {ref_label(state, action.choice)}.")
        elif k == "counterattack":
            if action.use:
                from .enemy import counterattack_char
                counterattack_char(state, str(pd.data["char"]), str(pd.data["enemy"]))
            else:
                state.say(f"{char_name(str(pd.data['char']))} does not counterattack.")
        elif k == "blessed":
            state.jobs[0].choice = "yes" if action.use else "no"
        elif k == "init_order":
            if pd.purpose == "event":
                apply_init_effect(state, int(action.effect.split(":")[0]) - 1)
            else:
                advance_card(state, action.effect)
        elif k == "battle_instinct":
            if action.use:
                move_card(state, "c:" + str(pd.data["char"]), 1)
                state.say("Battle Instinct: Akira's card advances 1.")
        elif k == "swap_initiative":
            i, j = queue_index(state, "c:" + action.a), queue_index(state, "c:" + action.b)
            state.queue[i], state.queue[j] = state.queue[j], state.queue[i]
            state.swap_done = True
            state.say(f"The players swap {char_name(action.a)} and {char_name(action.b)} in the initiative.")
        elif k == "skip_swap":
            state.swap_done = True
        elif k == "lose_attribute":
            c = char(state, str(pd.data["char"]))
            c.attrs[action.attr] -= 1
            state.say(f"{char_name(c.id)} loses 1 {action.attr}.")

    # -- views ---------------------------------------------------------------------------
    def view(self, state: HarakiriState, seat: int | None) -> HarakiriState:
        # Squares are replaced, never mutated, and log lines are frozen: both are shared.
        v = state.model_copy()
        for name in type(state).model_fields:
            if name not in ("squares", "log", "rng"):
                setattr(v, name, _clone(getattr(state, name)))
        v.squares = dict(state.squares)
        v.rng = Rng(seed=0)
        v.oracle.deck_count = len(state.oracle.deck)
        v.oracle.deck = []
        v.ai.deck_count = len(state.ai.deck)
        v.ai.deck = []
        v.log = visible_log(state.log, seat)  # read on from the lines read last time
        return v

    def scramble_hidden(self, state: HarakiriState, seat: int | None, rng: Rng) -> HarakiriState:
        other = super().scramble_hidden(state, seat, rng)
        rng.shuffle(other.oracle.deck)
        rng.shuffle(other.ai.deck)
        return other

    def outcome(self, state: HarakiriState) -> Outcome | None:
        if state.step != "OVER":
            return None
        n = state.options.players
        res = "win" if state.result == "victory" else "loss"
        head = "Victory" if res == "win" else "Failure"
        return Outcome(results=tuple([res] * n),
                       explanation=f"{head}: {when(state.reason, state.round)}.",
                       breakdown=tuple(f"{char_name(c.id)}: {'defeated' if c.defeated else f'HP {c.hp}/{c.max_hp}'}, "
                                       f"heads {c.heads}+{c.boss_heads}" for c in state.characters))

    def seat_labels(self, options: HarakiriOptions) -> list[str]:
        order = data.characters().order
        labels = []
        for s in range(options.players):
            names = [data.characters().characters[c].name for i, c in enumerate(order) if i % options.players == s]
            labels.append(" & ".join(names))
        return labels

    def is_public(self, state: HarakiriState) -> bool:
        return True

    def phase(self, view: HarakiriState) -> str:
        if view.step == "OVER":
            return f"Over ({view.result})"
        txt = f"Round {view.round} · {step_name(view.step)}"
        if view.active:
            txt += f" · {ref_label(view, view.active)}"
        return txt

    def describe(self, action) -> str:
        return describe(action)

    def explain(self, view: HarakiriState, seat: int | None, action) -> str:
        from .explain import explain
        return explain(view, seat, action)

    def why_not(self, view: HarakiriState, seat: int | None) -> str:
        from .explain import why_not
        return why_not(view, seat)

    def hint(self, view: HarakiriState, seat: int, actions: list):
        from .bots import hint
        return hint(view, seat, actions)

    def name_of(self, value: str) -> str:
        from .words import name_of
        return name_of(value)

    def help_topic(self, view: HarakiriState) -> str:
        from .explain import help_topic
        return help_topic(view)

    def render(self, view: HarakiriState, seat: int | None) -> str:
        from .render import render
        return render(view, seat)

    def check_invariants(self, state: HarakiriState) -> None:
        from .invariants import check
        check(state)

    def bots(self):
        from .bots import BOTS
        return dict(BOTS)


def _pending_reason(kind: str) -> str:
    return {
        "tie": "Choose one of the tied options.",
        "counterattack": "Answer whether to counterattack.",
        "blessed": "Answer whether to discard a Blessed token.",
        "init_order": "Choose which initiative effect resolves first.",
        "battle_instinct": "Answer whether to use Battle Instinct.",
        "swap": "Swap two character cards or skip the swap.",
        "lose_attribute": "Choose an attribute that can be lost.",
    }.get(kind, "Another decision is pending.")


def _point_name(pid: str) -> str:
    for sid in ("drowned_shrine", "ossuary_bell"):
        for z in data.scenario(sid).zones:
            for p in z.points:
                if p.id == pid:
                    return p.name
            for r in z.resistors:
                if "r:" + r.id == pid:
                    return r.name
    return pid


def _char(cid: str) -> str:
    d = data.characters().characters.get(cid)
    return d.name if d is not None else cid


def _skill(sid: str) -> str:
    if sid in data.skills():
        return data.skills()[sid].name
    if sid in data.kami_skills():
        return data.kami_skills()[sid][1].name
    return sid


def _item(iid: str) -> str:
    it = data.items().get(iid)
    return it.name if it is not None else iid


def describe(action) -> str:
    """An action in the rulebook's words. Total: an id naming nothing known reads as itself."""
    k = action.kind
    lab = lambda r: ref_label(None, r)  # noqa: E731
    if k == "place_character":
        return f"Place {_char(action.char)} on ({action.x},{action.y})"
    if k == "init_order":
        return f"Resolve first: {lab(action.effect) if ':' in action.effect and action.effect[0] in 'ce' else action.effect}"
    if k == "battle_instinct":
        return "Use Battle Instinct (advance Akira 1)" if action.use else "Do not use Battle Instinct"
    if k == "swap_initiative":
        return f"Swap {_char(action.a)} and {_char(action.b)} in the initiative"
    if k == "skip_swap":
        return "Keep the initiative as it is"
    if k == "start_move":
        return "Move (1 AP)"
    if k == "step":
        return f"Step to ({action.x},{action.y})"
    if k == "exert":
        return "Exert: +3 MP (1 AP)"
    if k == "end_move":
        return "End the move"
    if k == "technique":
        return _skill(action.skill) + (f" on {lab(action.target)}" if action.target else "") + " (1 AP)"
    if k == "reroll_ki":
        return "Reroll Ki dice " + ", ".join(str(i + 1) for i in action.dice) + " (2 AP)"
    if k == "declare_attack":
        return f"{action.mode.capitalize()} attack on {lab(action.target)} ({1 if action.mode == 'fast' else 2} AP)"
    if k == "set_focus":
        return "Add the focus die" if action.on else "Remove the focus die"
    if k == "set_skill":
        return "Use no skill" if action.skill is None else f"Use {_skill(action.skill)}"
    if k == "add_target":
        return f"Also target {lab(action.target)}"
    if k == "roll":
        return "Roll the attack"
    if k == "cancel_attack":
        return "Cancel the attack"
    if k == "interact_point":
        return f"Interact with the {_point_name(action.point)} (1 AP)"
    if k == "interact_character":
        return f"Trade with {_char(action.other)} (1 AP)"
    if k == "transfer":
        return f"{_char(action.frm)} gives {thing_name(action.thing)} to {_char(action.to)}"
    if k == "end_trade":
        return "End the trade"
    if k == "swap_weapon":
        return "Swap weapons (1 AP)"
    if k == "use_item":
        tgt = ""
        if action.target:
            if ":" in action.target or not action.target.isdecimal():
                tgt = f" on {lab(action.target)}"
            else:
                tgt = f" on Ki die {int(action.target) + 1}"
        return f"Use {_item(action.item)}{tgt} (1 AP)"
    if k == "place_ki":
        return f"Place Ki die {action.die + 1} on {_skill(action.slot)}"
    if k == "withdraw_ki":
        return f"Withdraw the Ki die from {_skill(action.slot)}"
    if k == "retrieve_head":
        return f"Retrieve a head from ({action.x},{action.y})"
    if k == "kami_mode":
        return "Activate Kami Mode"
    if k == "end_activation":
        return "End the activation"
    if k == "tie":
        return f"Choose {lab(action.choice)}"
    if k == "counterattack":
        return "Counterattack" if action.use else "Do not counterattack"
    if k == "blessed":
        return "Discard a Blessed token instead" if action.use else "Keep the Blessed token"
    if k == "lose_attribute":
        return f"Lose 1 {attr_name(action.attr)}"
    return k


def _weapon(wid: str) -> str:
    w = data.weapons().get(wid)
    return w.name if w is not None else wid


GAME = Harakiri()
