"""The decision list filters as you type (`/`): Senji's winter bids, one per card and lot,
outnumber the keys (they are chosen in two steps); a few typed words leave the bid the
player means, whatever step its row is in."""

from __future__ import annotations

from rules.common import Rng
from rules.senji import GAME
from screens.app import TabletopApp
from screens.common.decisions import DecisionPanel, FilterLine
from tabletop.store import Seat, Store

from .helpers import board_of, settle

GAMES = {"senji": GAME}


def _at_the_bids(seed: int = 11) -> Store:
    """Three players at one screen (the smart bot played for each) until a winter bid."""
    store = Store.new(GAME, GAME.Options(players=3), seed=seed, seats=[Seat(n) for n in ("Ai", "Bo", "Cy")])
    bot = GAME.bots()["smart"]
    rng = Rng(seed=seed)
    while not store.finished and store.state.step != "winter_bid":
        seat = store.to_move()
        store.dispatch(bot(GAME, store.view(seat), seat, store.legal_actions(), rng))
    assert store.state.step == "winter_bid"
    return store


async def _open(pilot, app):
    app.start_store(_at_the_bids())
    await settle(pilot, 3)
    while board_of(app).app.screen is not board_of(app):  # the hand-off curtain
        await pilot.press("enter")
        await settle(pilot)
    board = board_of(app)
    assert len(board.actions) > 24, "more bids than keys"
    return board


def _shown_rows(panel: DecisionPanel) -> list[int]:
    return [int(o.id[4:]) for o in panel._options if o.id and o.id.startswith("act-")]


async def test_a_filter_to_one_bid_and_enter_plays_it(data_dir):
    """The bids are chosen in two steps (the card, then the lot), and the filter looks
    through every bid: typed words leave the one bid, shown under the keys that reach it."""
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = await _open(pilot, app)
        store = app.store
        panel = board.query_one(DecisionPanel)
        labels = [store.game.describe(a) for a in board.actions]
        # A bid whose label no other choice holds whole: its words leave it alone.
        target = next(i for i, lb in enumerate(labels) if board.actions[i].kind == "bid"
                      and sum(lb.casefold() in other.casefold() for other in labels) == 1)
        meant = board.actions[target]
        keys_before = list(board.keys)
        await pilot.press("/")
        await settle(pilot)
        assert board.query_one(FilterLine).has_focus
        await pilot.press(*labels[target].upper())  # case does not matter
        await settle(pilot)
        assert [board.rows[r] for r in _shown_rows(panel)] == [target]
        assert board.keys == keys_before, "the rows keep their keys"
        path = "".join(board.pressed[target])
        assert len(path) == 2, "a bid: the card's key, then the lot's"
        assert panel.get_option_at_index(0).prompt.plain.startswith(f"{path} ")
        revision = store.revision
        await pilot.press("enter")  # out of the filter: the one row left is the player's highlight
        await settle(pilot)
        assert panel.has_focus and store.revision == revision
        await pilot.press("enter")
        await settle(pilot)
        assert store.revision == revision + 1
        assert store.game.parse_action(store.log[-1].action) == meant, "the bid the words named"


async def test_escape_restores_every_row_and_markup_is_shown_as_typed(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = await _open(pilot, app)
        store = app.store
        panel = board.query_one(DecisionPanel)
        every = _shown_rows(panel)
        revision = store.revision
        await pilot.press("/")
        await pilot.press(*"[bold]x")
        await settle(pilot)
        line = board.query_one(FilterLine)
        assert line.value == "[bold]x"
        assert "[bold]x" in line.render_line(0).text, "drawn as typed, not taken as markup"
        assert _shown_rows(panel) == [] and store.revision == revision, "typing plays nothing"
        await pilot.press("escape")
        await settle(pilot)
        assert _shown_rows(panel) == every and not line.display and panel.has_focus
        assert store.revision == revision
