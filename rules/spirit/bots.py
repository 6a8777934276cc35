"""A rules-aware bot for Samurai Spirit. It sees only the view and its legal actions."""

from __future__ import annotations

from functools import cache
from typing import Any

from rules.common import ActionBase, Rng

from . import data
from .model import (
    BeginTurn, Confront, Defend, DiscardDefended, DiscardDuplicate, EndTurn, Fight, FightAgain,
    GiveCard, GiveTop, KiaiActivate, KiaiDecline, KiaiDone, KiaiTarget, OrderPenalties,
    PassRound, ReplaceCard, SpiritState, Support, UsePoolToken,
)


def _visible(view: SpiritState) -> set[str]:
    seen = set(view.discard)
    if view.transit is not None:
        seen.add(view.transit.card)
    for s in view.samurai:
        seen.update(s.line)
        seen.update(c for c in s.slots.values() if c)
    return seen


def safe_chance(view: SpiritState, seat: int) -> float:
    """How likely the next raider card can be placed without going over Kiai."""
    s = view.samurai[seat]
    margin = s.kiai - s.total
    no_defend = seat == view.active and view.flags.no_defend
    free = () if no_defend else [icon for icon, held in s.slots.items() if held is None]
    seen = _visible(view)
    weight = {"plunderer": view.dealt / 52, "lieutenant": view.extra / 7 if view.round >= 2 else 0,
              "boss": view.extra / 7 if view.round >= 3 else 0}
    good = total = 0.0
    # The same sums in the same order as card by card over the raider cards: a kind of
    # zero weight adds nothing, so it is skipped whole.
    for kind, cards in _by_kind():
        w = weight[kind]
        if not w:
            continue
        for cid, value, icon in cards:
            if cid in seen:
                continue
            total += w
            if value <= margin or icon in free:
                good += w
    return good / total if total else 0.0


@cache
def _by_kind() -> tuple[tuple[str, tuple[tuple[str, int, str | None], ...]], ...]:
    """The raider cards as (id, value, icon), kind by kind in the order of their data."""
    groups: list[tuple[str, list[tuple[str, int, str | None]]]] = []
    for c in data.raiders().cards:
        if not groups or groups[-1][0] != c.type:
            groups.append((c.type, []))
        groups[-1][1].append((c.id, c.value, c.icon))
    return tuple((kind, tuple(cards)) for kind, cards in groups)


def _margin(view: SpiritState, seat: int) -> int:
    s = view.samurai[seat]
    return s.kiai - s.total


def _takes_safely(view: SpiritState, seat: int, cid: str) -> bool:
    c = data.card(cid)
    s = view.samurai[seat]
    if c.icon and s.slots[c.icon] is None:
        return True
    return c.value <= _margin(view, seat) and not c.penalties


def support_value(view: SpiritState, giver: int, to: int) -> int:
    """How much lending the support token to ``to`` is worth (0: not worth a raider card)."""
    talent = data.roster()[view.samurai[giver].name].human.talent
    t = view.samurai[to]
    margin = _margin(view, to)
    if talent in ("IGNORE_ODD", "IGNORE_EVEN") and t.line:
        top = data.card(t.line[-1])
        parity_ok = (top.value % 2 == 1) == (talent == "IGNORE_ODD")
        if top.penalties and parity_ok and t.face.talent != talent:
            return 3
        return 0
    if margin < 0:
        return 0
    if talent == "EXTRA_FIGHT":
        return 2 if margin >= 6 else 0
    return 1 if margin >= 4 else 0


def _first(actions: list[ActionBase], cls: type) -> Any:
    return next((a for a in actions if isinstance(a, cls)), None)


def _refilling(view: SpiritState, seat: int) -> bool:
    """Whether the samurai fights on alone in a round that cannot end: every other samurai
    has passed, and this round has given it more turns than there were plunderers dealt
    (a top card that discards a defended card and shuffles the discard back into the
    raider stack refills it by the card each fight takes, turn after turn)."""
    if not all(o.passed for i, o in enumerate(view.samurai) if i != seat):
        return False
    me = view.samurai[seat]
    turn = f"Round {view.round}: {me.name}'s turn ("
    turns = sum(1 for line in view.log if line.text.startswith(turn))
    return turns > view.dealt


def samurai_bot(game: Any, view: SpiritState, seat: int, actions: list[ActionBase], rng: Rng):
    return decide(view, seat, actions)[0]


def hint(view: SpiritState, seat: int, actions: list[ActionBase]) -> tuple[ActionBase, str]:
    """The bot's choice for ``seat`` and the reason its evaluation gives (the hint key)."""
    return decide(view, seat, actions)


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def decide(view: SpiritState, seat: int, actions: list[ActionBase]) -> tuple[ActionBase, str]:
    """The bot's choice and why, from the view and the legal actions only."""
    if len(actions) == 1:
        return actions[0], "It is the only choice."
    kinds = {type(a) for a in actions}
    me = view.samurai[seat]
    # D1: START
    if BeginTurn in kinds:
        top = me.line[-1] if me.line else None
        if top is not None:
            card = data.card(top)
            want = "IGNORE_ODD" if card.value % 2 else "IGNORE_EVEN"
            if card.penalties and me.face.talent != want:
                for a in actions:
                    if isinstance(a, UsePoolToken) and data.roster()[a.samurai].human.talent == want:
                        return a, f"{a.samurai}'s talent ignores your top card's penalty this turn."
            if card.penalties or _margin(view, seat) < 0:
                for a in actions:
                    if isinstance(a, GiveTop) and _takes_safely(view, a.to, a.card):
                        why = "its penalty" if card.penalties else "your total above Kiai"
                        return a, f"{a.name} can take your top card safely, and {why} goes with it."
        return _first(actions, BeginTurn), "No token or gift helps this turn: keep them."
    # D2 and D3: penalties
    if OrderPenalties in kinds:
        first = next((a for a in actions if a.first == "DISCARD_DEF"), None)
        if first is not None:
            return first, "Losing a defended card first gives a reshuffle something to shuffle."
        return actions[0], "The order changes nothing here."
    if DiscardDefended in kinds:
        rank = {"farm": 0, "hat": 1, "family": 2}
        if me.wounds in (1, 3):
            rank["hat"] = 3
        if len(view.families) <= 1:
            rank["family"] = 4
        best = min(actions, key=lambda a: rank[a.slot])
        keep = sorted(rank, key=rank.get, reverse=True)[0]
        return best, f"Keep the {keep} slot: losing it at round end would hurt most."
    # D4: action
    if Fight in kinds:
        if PassRound in kinds and _refilling(view, seat):
            return _first(actions, PassRound), (
                "You have had more turns alone this round than there were plunderers dealt: your"
                " top card keeps shuffling the discard pile back into the raider stack, so it never runs out.")
        chance = safe_chance(view, seat)
        if chance >= 0.5:
            share = "Every unseen card" if chance >= 0.995 else f"About {_pct(chance)} of the unseen cards"
            return _first(actions, Fight), f"{share} can be placed without going over your Kiai."
        helps = [(support_value(view, seat, a.to), -a.to, a) for a in actions if isinstance(a, Support)]
        if helps:
            value, _, best = max(helps, key=lambda x: x[:2])
            if value > 0:
                return best, (f"Only {_pct(chance)} of the unseen cards are safe for you; your"
                              f" talent helps {best.name} more.")
        return _first(actions, PassRound), (f"Only {_pct(chance)} of the unseen cards are safe:"
                                            " fighting risks going over your Kiai.")
    # D9: more fights
    if FightAgain in kinds:
        chance = safe_chance(view, seat)
        if chance >= 0.6:
            return _first(actions, FightAgain), f"About {_pct(chance)} of the unseen cards are safe for you."
        return _first(actions, EndTurn), f"Only {_pct(chance)} of the unseen cards are safe: stop here."
    # D5 / D6: placement
    if Confront in kinds:
        conf = _first(actions, Confront)
        card = data.card(conf.card)
        margin = _margin(view, seat)
        if card.value == margin:
            return conf, f"The {card.value} brings you exactly to your Kiai."
        defend = _first(actions, Defend)
        if defend is not None:
            return defend, f"A free {card.icon} slot takes it: it never counts towards your total."
        dup = _first(actions, DiscardDuplicate)
        if dup is not None:
            return dup, "Discarding it costs nothing: your total stays as it is."
        if card.value <= margin and not card.penalties:
            return conf, f"It fits under your Kiai ({margin} to go) and carries no penalty."
        for a in actions:
            if isinstance(a, GiveCard) and _takes_safely(view, a.to, a.card):
                return a, f"{a.name} can take it safely."
        if card.value > margin:
            rep = _first(actions, ReplaceCard)
            if rep is not None:
                return rep, f"The {card.value} would take you over your Kiai: try another card."
        if card.value > margin:
            return conf, "Nothing better: it has to be confronted."
        return conf, f"It fits under your Kiai ({margin} to go); nothing better is offered."
    # D7 / D8: Kiai
    act = _first(actions, KiaiActivate)
    if act is not None:
        return act, "The Kiai power helps and costs nothing."
    tgts = [a for a in actions if isinstance(a, KiaiTarget)]
    if tgts:
        def score(a: KiaiTarget) -> float:
            t = view.samurai[a.target]
            if a.power == "HEAL":
                return t.wounds
            over = t.total - t.kiai
            if a.power == "CUT_OTHER":
                pen = bool(t.line and data.card(t.line[-1]).penalties)
                return over + 3 * pen
            return over + (5 if a.target == a.dest else 0)
        best = max(tgts, key=score)
        if best.power == "HEAL":
            return best, f"{best.name} has the most wounds."
        return best, f"{best.name} is closest to going over the Kiai, or carries a penalty."
    done = _first(actions, KiaiDone) or _first(actions, KiaiDecline)
    if done is not None:
        return done, "No target is worth it."
    return actions[0], "Nothing better is offered."


def bots() -> dict[str, Any]:
    return {"samurai": samurai_bot}
