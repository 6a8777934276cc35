"""Hot-seat secrecy on the real app: a seat's private view is drawn only after that seat
lifted the curtain, and only while nothing else has been on screen since; no repaint shows
a secret of a seat not at the screen; undo never names what the viewer may not see."""

from __future__ import annotations

import random

import pytest

from rules.senji import GAME as SENJI
from rules.senji.actions import PlaceBid
from screens.common.curtain import CurtainScreen
from screens.common.keys import HINT_KEY
from screens.app import TabletopApp
from tabletop.engine import get_game
from tabletop.store import LogEntry, Seat, Store
from tests.e2e.helpers import awaits_a_person, board_of, bot_chooser, press_action, settle, wait_until
from tests.e2e.secrecy_watch import CurtainWatch, ScreenWatch
from tests.games.nim import NIM
from tests.secrecy import oracle

pytestmark = pytest.mark.usefixtures("quick_pilot")


async def drive(pilot, app, watch: CurtainWatch, pick, until) -> None:
    """Lift curtains and play ``pick(store, actions) -> action`` by its key until ``until(state)``."""
    store = app.store
    board = board_of(app)
    for _ in range(2000):
        if until(store.state):
            return
        if isinstance(app.screen, CurtainScreen):
            await watch.lift(pilot)
            continue
        assert app.screen is board
        action = pick(store, board.actions)
        await press_action(pilot, board, board.actions.index(action))
        await wait_until(pilot, lambda: awaits_a_person(app, board), "the next decision")
        watch.assert_kept()
    raise AssertionError("the position was not reached")


async def test_senji_the_floor_then_the_bid_raises_the_curtain(data_dir):
    """3 humans, year 1: Green offers to Red, Red replies face down, Green confirms, the
    public floor comes back, the host ends the negotiation: Green bids first, and Green's
    hand is shown only after Green lifts the curtain again."""
    app = TabletopApp(games={"senji": SENJI}, bot_delay=0)
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        app.start_new_game(SENJI, SENJI.Options(players=3), 7, [Seat("Red"), Seat("Green"), Seat("Purple")])
        await settle(pilot)
        store = app.store
        watch = CurtainWatch(app)
        board = board_of(app)
        bot = bot_chooser(SENJI, 3, "smart")
        await drive(pilot, app, watch, lambda s, acts: acts[bot(s, acts)], lambda st: st.step == "winter_floor")
        assert store.state.year == 1 and store.state.host == 1

        def first(kind, **fields):
            def pick(s, acts):
                return next(a for a in acts if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items()))
            return pick

        for kind, fields in (("open_offer", {"by": 1}), ("offer_to", {"seat": 0}), ("offer_add", {"face": "up"}),
                             ("offer_send", {}), ("reply_add", {"face": "down"}), ("accept", {}), ("confirm", {})):
            before = store.revision
            await drive(pilot, app, watch, first(kind, **fields), lambda st, b=before: store.revision > b)
        assert store.state.step == "winter_floor" and app.screen is board, "the public floor is back, no curtain"
        assert board.frame.seat is None
        await drive(pilot, app, watch, first("end_negotiation"), lambda st: st.step == "winter_bid")
        assert store.to_move() == 1, "Green, who confirmed last, bids first"
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen), "Green's hand waits behind the curtain"
        assert board.frame.view is None
        await watch.lift(pilot)
        assert board.frame.seat == 1 and any(isinstance(a, PlaceBid) for a in board.actions)
        watch.assert_kept()
        assert watch.private_frames > 0


async def test_undo_against_bots_never_names_a_bots_secret_choice(data_dir):
    app = TabletopApp(games={"senji": SENJI}, bot_delay=0)
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        app.start_new_game(SENJI, SENJI.Options(players=3), 7,
                           [Seat("Red"), Seat("Green", "smart"), Seat("Purple", "smart")])
        await settle(pilot)
        board = board_of(app)
        secret = LogEntry(revision=9, seat=1, action={"kind": "bid"}, summary="Bid G-M1 Cousin 1 on B-S3",
                          checkpoint=False)
        assert board.undo_message(secret) == "Undone: a move by Green."
        own = LogEntry(revision=9, seat=0, action={"kind": "bid"}, summary="Bid R-M1 Cousin 1 on B-S3",
                       checkpoint=False)
        assert board.undo_message(own) == "Undone: Bid R-M1 Cousin 1 on B-S3"


async def test_undo_between_humans_names_only_the_viewers_own_move(data_dir):
    from tests.games.nim import Select

    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.start_new_game(NIM, NIM.Options(), 5, [Seat("Ana"), Seat("Ben")])
        await settle(pilot)
        board = board_of(app)
        watch = CurtainWatch(app)
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat_name == "Ana", (
            "Ana's hand waits behind the curtain")
        await watch.lift(pilot)
        assert board.frame.seat == 0 and watch.private_frames > 0, "Ana's own hand, after her curtain"
        first = next(i for i, a in enumerate(board.actions) if isinstance(a, Select))
        await press_action(pilot, board, first)
        await settle(pilot, 1)
        await pilot.press("u")
        await settle(pilot, 1)
        said = [n.message for n in app._notifications]
        assert f"Undone: Select card {board.actions[first].index + 1}" in said, "Ana's own move, at Ana's screen"
        watch.assert_kept()
        entry = LogEntry(revision=1, seat=1, action={"kind": "select", "index": 0}, summary="Select card 1",
                         checkpoint=False)
        assert board.undo_message(entry) == "Undone: a move by Ben."


# -- the invariant: random walks with two or three humans, at every screen size ----------
# game -> (options, seeds to start from, decisions per walk, moves played before it at each
# screen size: the walks at the three sizes see different phases). Senji has at least three
# seats: at its two-human table the third seat is a bot.
WALKS = {
    "nim": (NIM, {}, range(3, 40), 12, (0, 0, 0)),
    "senji": ("senji", {"winter_timer_s": 0}, range(3, 6), 16, (0, 25, 120)),
    "spirit": ("spirit", {}, range(3, 13), 12, (0, 10, 30)),
    "harakiri": ("harakiri", {}, range(3, 6), 12, (0, 30, 90)),
}
SIZES = [(80, 24), (120, 40), (200, 50)]
WITH_SECRETS = ("nim", "senji")  # the games whose seats hold secrets from one another


def table(game, humans: int):
    """Options and seats: ``humans`` players at the screen (and a bot for Senji's third seat)."""
    opts = WALKS[game.id][1]
    players = max(humans, game.min_seats)
    options = game.Options(**({"players": players} if "players" in game.Options.model_fields else {}), **opts)
    seats = [Seat(f"Player {i + 1}") for i in range(humans)] + [Seat(f"Bot {i + 1}", "random")
                                                               for i in range(players - humans)]
    return options, seats


def played(game, options, seed: int, seats, moves: int) -> Store:
    """A new game with ``moves`` random moves played already (half as many, and so on, when
    that many would end it)."""
    store = Store.new(game, options, seed, seats)
    rng = random.Random(seed)
    for _ in range(moves):
        store.dispatch(rng.choice([a for a in store.legal_actions() if a.kind != "time_up"]))
        if store.finished:
            return played(game, options, seed, seats, moves // 2)
    return store


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("humans", [2, 3])
@pytest.mark.parametrize("name", sorted(WALKS))
async def test_random_walks_curtain_every_private_view_and_never_show_a_secret(data_dir, name, humans, size):
    """Random choices (an undo now and then, a hint) by keys, as the players would make
    them; every private frame must follow its seat's curtain, and every repaint is read
    for the secrets of the seats not at the screen."""
    game, _, seeds, decisions, starts = WALKS[name]
    game = get_game(game) if isinstance(game, str) else game
    if game is None:
        pytest.fail(f"{name} is not registered")
    decl = oracle.load(name)
    rng = random.Random(f"{name}-{humans}-{size}")
    steps = private = curtains = repaints = looked = 0
    for seed in seeds:  # short games one after the other, until enough decisions were made
        app = TabletopApp(games={game.id: game}, bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            options, seats = table(game, humans)
            app.start_store(played(game, options, seed, seats, starts[SIZES.index(size)]))
            await settle(pilot)
            store = app.store
            watch, screen = CurtainWatch(app), ScreenWatch(app, decl)
            board = board_of(app)
            await wait_until(pilot, lambda: awaits_a_person(app, board), "the first decision")
            while steps < decisions and not store.finished:
                if isinstance(app.screen, CurtainScreen):
                    await watch.lift(pilot)
                elif app.screen is not board:
                    await pilot.press("enter")  # a public pause
                    await wait_until(pilot, lambda: app.screen is board or store.finished, "the pause to end")
                elif store.can_undo() and rng.random() < 0.1:
                    await pilot.press("u")
                elif board.actions:
                    if rng.random() < 0.15:
                        await pilot.press(HINT_KEY)  # the hint, read like the rest of the screen
                    shown = [i for i, a in enumerate(board.actions) if a.kind != "time_up"]
                    await press_action(pilot, board, rng.choice(shown))
                    steps += 1
                await wait_until(pilot, lambda: awaits_a_person(app, board), "the next decision")
                watch.assert_kept()
                screen.assert_kept()
            await settle(pilot)
            screen.assert_faithful()  # what was read is what a terminal shows
            private += watch.private_frames
            curtains += watch.curtains
            repaints += screen.repaints
            looked += screen.looked
        if steps >= decisions:
            break
    assert steps >= decisions, f"only {steps} decisions were made"
    assert repaints >= steps, f"only {repaints} repaints were read"
    if name in WITH_SECRETS:
        assert curtains > 0 and private > 0, f"{curtains} curtains and {private} private frames: nothing was checked"
    else:  # everything is public: no frame is private, so no curtain is needed
        assert private == 0 and curtains == 0
    if name != "nim":  # Nim's secrets are numbers 1-3: nothing to search a screen for
        assert looked > 0, "no secret was searched for on the screen"
