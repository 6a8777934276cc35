"""Enter is always safe (issue 25): a player who presses Enter at every decision of a
seeded game never spends (Ki, Life, AP, honour, a credit, a one-shot token), never swaps
or retargets, and never throws away a movement that still has steps to take.

Each game is walked with the real app: at every decision Enter is pressed first; what it
did is judged from the rules' state before and after (never from a row's words); then,
when Enter did nothing, the game's bot chooses and its choice is typed with keys. The
risky moments the issue names must each have been met at least once, so a walk that
never reached them fails rather than passes quietly.

A kind of decision is the set of kinds of action it offers. Enter is judged at the first
few decisions of each kind the walk meets (``JUDGED_PER_KIND``); at a kind already judged
that often, the walk plays on through the store what the old walk played there (the ⏎
row, or the bot's choice where there is none), without the key and the wait for the
screen, so the game walked and every kind of decision met are the same as when Enter was
pressed at every one.
"""

from __future__ import annotations

from collections import Counter

import pytest

from screens.common.curtain import CurtainScreen
from screens.common.decisions import DecisionPanel
from screens.common.keys import ENTER
from screens.app import TabletopApp
from tabletop.engine import get_game
from tests.e2e.helpers import (PUBLIC_PAUSES, awaits_a_person, press_action, settle,
                               start_seeded, wait_until)

pytestmark = pytest.mark.usefixtures("quick_pilot")


# -- what a harmful Enter looks like, per game, read from the state -----------------------

def _duel_harm(before, after, legal) -> tuple[list[str], set[str]]:
    harm, met = [], set()
    p, q = before.player, after.player
    # Ki and Life also go by the rules' own blows (a counterattack faced): a spend is
    # read from the one-shots used, the credit and the Bushido pawn.
    if q.bushido_pos != p.bushido_pos:
        harm.append(f"Bushido pawn {p.bushido_pos} -> {q.bushido_pos}")
    for used in ("used_round", "used_exchange", "used_attacker"):  # the one-shots spent
        grown = set(getattr(after, used)) - set(getattr(before, used))
        if grown:
            harm.append(f"{used} + {sorted(grown)}")
    if q.credit < p.credit:
        harm.append(f"credit {p.credit} -> {q.credit}")
    if None not in (before.target, after.target) and after.target != before.target:
        harm.append(f"target {before.target} -> {after.target}")
    kinds = {a.kind for a in legal}
    if "peek" in kinds:
        met.add("a Ki reveal offered")
    if "target" in kinds:
        met.add("a retarget offered")
    return harm, met


def _queue_chars(state) -> list[str]:
    return [q.ref for q in state.queue if q.ref.startswith("c:")]


def _harakiri_harm(before, after, legal) -> tuple[list[str], set[str]]:
    harm, met = [], set()
    for c0, c1 in zip(before.characters, after.characters):
        if before.active == c0.id and after.active == c0.id and c1.ap < c0.ap:
            harm.append(f"{c0.id} AP {c0.ap} -> {c1.ap}")
        spent0 = sum(d.place == "exhausted" for d in c0.ki)
        if sum(d.place == "exhausted" for d in c1.ki) > spent0 and before.active == after.active:
            harm.append(f"{c0.id} exhausted a Ki die")
    kinds = {a.kind for a in legal}
    if "swap_initiative" in kinds:  # the rules reorder the queue themselves at other times
        met.add("a swap offered")
        q0, q1 = _queue_chars(before), _queue_chars(after)
        if [r for r in q0 if r in q1] != [r for r in q1 if r in q0]:
            harm.append(f"initiative {q0} -> {q1}")
    if "step" in kinds and "end_move" in kinds:
        met.add("a move with steps left")
        moving = before.sub is not None and before.sub.kind == "move"
        if moving and (after.sub is None or after.sub.kind != "move") and after.active == before.active:
            harm.append(f"the move ended with {before.sub.mp} MP and steps left")
    return harm, met


def _senji_harm(before, after, legal) -> tuple[list[str], set[str]]:
    harm, met = [], set()
    # Honour also moves by the rules at the end of a turn or a battle: a spend is read from
    # what only a choice does (a seppuku makes a kami, a mercenary is bought,
    # a hostage executed).
    if len(after.kami) > len(before.kami):
        harm.append("a samurai committed seppuku")
    for used in ("executed", "merc_used"):
        if len(getattr(after, used)) > len(getattr(before, used)):
            harm.append(f"{used} grew")
    kinds = {a.kind for a in legal}
    if "dest" in kinds:
        met.add("a movement with places left")
        if before.active is not None and after.active != before.active:
            harm.append("the movement ended with destinations left")
    return harm, met


def _spirit_harm(before, after, legal) -> tuple[list[str], set[str]]:
    harm, met = [], set()
    if len(after.pool) < len(before.pool):
        harm.append(f"pool {before.pool} -> {after.pool}")
    if after.flags.pool_talent is not None and before.flags.pool_talent is None and after.turn == before.turn:
        harm.append("a pool token's talent was taken")
    kinds = {a.kind for a in legal}
    if "use_pool_token" in kinds:
        met.add("a pool token offered")
    return harm, met


# Enter is judged at the first decisions of each kind (the set of action kinds offered),
# this many of each, and at every decision until it has played at least 10 and been
# refused at least 5 times; every kind met is judged, the rare ones each time they come.
JUDGED_PER_KIND = 3

# game, options, bot seats, decisions to walk, the judge, the moments that must be met
CASES = {
    "duel": ("duel", {}, (), 120, _duel_harm, {"a Ki reveal offered"}),
    "duel-versus3": ("duel", {"opponent": "versus3"}, (), 120, _duel_harm, {"a retarget offered"}),
    "harakiri": ("harakiri", {"players": 1}, (), 160, _harakiri_harm,
                 {"a swap offered", "a move with steps left"}),
    "senji": ("senji", {"players": 3}, (1, 2), 140, _senji_harm, {"a movement with places left"}),
    "spirit": ("spirit", {"players": 2}, (), 100, _spirit_harm, {"a pool token offered"}),
}


@pytest.mark.parametrize("case", sorted(CASES))
async def test_enter_at_every_decision_never_spends_swaps_retargets_or_ends_a_move(data_dir, case):
    game_id, options, bots, walk, judge, must_meet = CASES[case]
    game = get_game(game_id)
    app = TabletopApp(games={game_id: game}, bot_delay=0)
    met: set[str] = set()
    entered = blocked = 0
    judged: Counter[frozenset[str]] = Counter()
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        for seed in (1, 2, 3):
            board, store, choose = await start_seeded(pilot, app, game, options, seed, bots)
            played_on = False  # the last decision was played through the store
            for _ in range(walk):
                await wait_until(pilot, lambda: awaits_a_person(app, board), "the next decision")
                if store.finished:
                    break
                if isinstance(app.screen, (CurtainScreen, *PUBLIC_PAUSES)):
                    await pilot.press("enter")
                    await settle(pilot, 1)
                    continue
                assert app.screen is board
                kind = frozenset(a.kind for a in store.legal_actions())
                if judged[kind] >= JUDGED_PER_KIND and entered >= 10 and blocked >= 5:
                    # Judged often enough: what the walk has always played here, its ⏎ row
                    # (or its only choice), else the bot's choice, straight to the store.
                    actions = list(board.actions)
                    pick = (board.keys.index(ENTER) if ENTER in board.keys
                            else 0 if len(actions) == 1 else choose(store, actions))
                    store.dispatch(actions[pick])
                    played_on = True
                    continue
                judged[kind] += 1
                if played_on:  # the screen catches up with the moves played through the store
                    await settle(pilot, 1)
                    played_on = False
                before, legal, revision = store.state, list(store.legal_actions()), store.revision
                await pilot.press("enter")
                await settle(pilot, 1)
                if store.revision != revision:
                    entered += 1
                    harm, seen = judge(before, store.state, legal)
                    met |= seen
                    if len(legal) > 1:  # the only way on is no choice (a battle's Go costs what it costs)
                        assert not harm, f"Enter at {[game.describe(a) for a in legal]}: {harm}"
                    continue
                blocked += 1
                _, seen = judge(before, before, legal)
                met |= seen
                assert len(board.actions) > 1, "Enter refused the only choice there was"
                assert any("Enter picks only" in n.message for n in app._notifications)
                assert isinstance(app.screen.focused, DecisionPanel)
                await press_action(pilot, board, choose(store, board.actions))
                await settle(pilot, 1)
            if must_meet <= met and seed >= 2:
                break
            app.to_menu()
            await settle(pilot)
    assert must_meet <= met, f"the walk never met {must_meet - met}"
    assert entered >= 10 and blocked >= 5, (entered, blocked)
    assert len(judged) >= 5, f"only {len(judged)} kinds of decision were met"
