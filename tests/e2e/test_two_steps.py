"""Two-step choices (issue 25): where a decision offers many rows of one kind that differ
only by their thing, the choice is two short steps, each key fixed by a thing (the keys
are the table's data, assets/senji/keys.json, read here as it is written).

Senji's winter bid: the card, then the lot. A spring order: the kind, then the province,
whose key stands beside it on the map while that step is on screen. Escape goes back a
step; Enter in a step plays nothing the player did not move to.
"""

from __future__ import annotations

import json
from importlib import resources

from rules.common import Rng
from rules.senji import GAME
from rules.senji.data import data
from screens.app import TabletopApp
from screens.common.decisions import DecisionPanel
from screens.senji.map import SenjiMap
from tabletop.store import Seat, Store

from .helpers import board_of, settle
from .test_place_keys import _key_beside

GAMES = {"senji": GAME}
D = data()
KEYS = json.loads(resources.files("assets").joinpath("senji", "keys.json").read_text(encoding="utf-8"))


def card_key(card: str) -> str:
    """A diplomacy card's key as the table writes it: by its family, then its code."""
    return KEYS["diplomacy"][D.card_family(card)][D.card_code(card)]


def _played_to(step: str, seed: int) -> Store:
    """Three players at one screen (the smart bot played for each) until ``step``."""
    store = Store.new(GAME, GAME.Options(players=3), seed=seed, seats=[Seat(n) for n in ("Ai", "Bo", "Cy")])
    bot = GAME.bots()["smart"]
    rng = Rng(seed=seed)
    while not store.finished and store.state.step != step:
        seat = store.to_move()
        store.dispatch(bot(GAME, store.view(seat), seat, store.legal_actions(), rng))
    assert store.state.step == step
    return store


async def _open(pilot, app, store: Store):
    app.start_store(store)
    await settle(pilot, 3)
    while app.screen is not board_of(app):  # the hand-off curtain
        await pilot.press("enter")
        await settle(pilot)
    return board_of(app)


def _rows(board) -> list:
    """The choices listed in the step on screen (a group's row: None)."""
    panel = board.query_one(DecisionPanel)
    return [board.rows[int(o.id[4:])] for o in panel._options if o.id and o.id.startswith("act-")]


def _header(board) -> str:
    panel = board.query_one(DecisionPanel)
    first = panel.get_option_at_index(0) if panel.option_count else None
    return first.prompt.plain if first is not None and first.disabled else ""


async def test_a_winter_bid_is_two_keys_the_card_then_the_lot(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        store = _played_to("winter_bid", 11)
        board = await _open(pilot, app, store)
        bids = [a for a in board.actions if a.kind == "bid"]
        lots = sorted({a.lot for a in bids})
        # A lot no other lot shares a key with: its own key picks it in the second step.
        lot = next(x for x in lots if [card_key(y) for y in lots].count(card_key(x)) == 1)
        card = bids[-1].card
        meant = next(a for a in bids if a.card == card and a.lot == lot)
        assert len(bids) > 24, "more bids than keys: the auction of a whole hand"
        assert all(r is None or board.actions[r].kind != "bid" for r in _rows(board)), \
            "the first step lists the cards, not one row per card and lot"
        revision = store.revision
        await pilot.press(card_key(card))
        await settle(pilot)
        assert store.revision == revision, "the card alone places no bid"
        assert "which lot" in _header(board) and "Esc" in _header(board)
        listed = [board.actions[r] for r in _rows(board) if r is not None]
        assert {a.lot for a in listed} == set(lots) and {a.card for a in listed} == {card}
        await pilot.press(card_key(lot))
        await settle(pilot)
        assert store.revision == revision + 1
        assert store.game.parse_action(store.log[-1].action) == meant, "the card's key, then the lot's"


async def test_a_spring_order_is_two_keys_the_kind_then_the_province_shown_beside_it(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        store = _played_to("spring_orders", 5)
        board = await _open(pilot, app, store)
        mp = board.query_one(SenjiMap)
        moves = [a for a in board.actions if a.kind == "order" and a.order == "movement"]
        assert len(moves) >= 2, "movement orders in several provinces"
        for a in moves:  # three orders offered in each province: no key beside it yet
            assert _key_beside(mp, a.province) == "", f"{a.province}: a key before the kind is chosen"
        revision = store.revision
        await pilot.press(KEYS["orders"]["movement"])
        await settle(pilot)
        assert "Movement order" in _header(board) and "Esc" in _header(board)
        assert {board.actions[r] for r in _rows(board)} == set(moves)
        for a in moves:  # the step's key beside each province: the province's own key
            assert _key_beside(mp, a.province) == KEYS["places"][a.province], a.province
        meant = moves[-1]
        await pilot.press(KEYS["places"][meant.province])
        await settle(pilot)
        assert store.revision == revision + 1
        assert store.game.parse_action(store.log[-1].action) == meant, "movement, then the province"


async def test_escape_goes_back_a_step_and_enter_there_plays_nothing(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        store = _played_to("spring_orders", 5)
        board = await _open(pilot, app, store)
        first = _rows(board)
        revision = store.revision
        await pilot.press(KEYS["orders"]["production"])
        await settle(pilot)
        second = _rows(board)
        assert second != first and all(board.actions[r].order == "production" for r in second)
        await pilot.press("enter")  # nobody moved the highlight: Enter plays nothing
        await settle(pilot)
        assert store.revision == revision and _rows(board) == second
        await pilot.press("escape")
        await settle(pilot)
        assert _rows(board) == first and _header(board) == "", "back to the kinds of order"
        await pilot.press(KEYS["orders"]["recruitment"])
        await pilot.press("backspace")
        await settle(pilot)
        assert _rows(board) == first, "Backspace goes back too"
        assert store.revision == revision


async def test_the_hint_opens_the_group_of_the_order_it_suggests_and_enter_then_plays_it(data_dir):
    from .helpers import ask_hint

    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        store = _played_to("spring_orders", 5)
        board = await _open(pilot, app, store)
        revision = store.revision
        await ask_hint(pilot)
        suggested = board._hint[2]
        assert suggested.kind == "order" and store.revision == revision, "a hint chooses nothing"
        assert board._highlighted_action() == suggested
        assert f"{suggested.order.capitalize()} order" in _header(board), "its kind's step is open"
        await pilot.press("enter")  # the player asked for it: Enter takes the hinted row
        await settle(pilot)
        assert store.revision == revision + 1
        assert store.game.parse_action(store.log[-1].action) == suggested
