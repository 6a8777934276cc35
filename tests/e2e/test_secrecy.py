"""Hot-seat secrecy on the real app: a seat's private view is drawn only after that seat
lifted the curtain, and only while nothing else has been on screen since; undo never
names what the viewer may not see."""

from __future__ import annotations

import random

import pytest

from rules.senji import GAME as SENJI
from rules.senji.actions import PlaceBid
from screens.common.curtain import CurtainScreen
from tabletop.app import TabletopApp
from tabletop.engine import get_game
from tabletop.store import LogEntry, Seat
from tests.e2e.helpers import awaits_a_person, board_of, bot_chooser, press_action, settle, wait_until
from tests.games.nim import NIM

pytestmark = pytest.mark.usefixtures("quick_pilot")


def shown_to(store, seat):
    """What drawing ``seat``'s view puts on screen (the game's own view and log rules)."""
    view = store.view(seat)
    return view, tuple(ln.text for ln in view.log if ln.visible_to(seat))


class CurtainWatch:
    """Records, in order, every frame the board screen draws and every curtain lifted,
    and checks each private frame against the curtains."""

    def __init__(self, app) -> None:
        self.app = app
        self.store = app.store
        self.events: list[tuple[str, int | None]] = []
        self.private_frames = 0
        board = board_of(app)
        board.watch(board, "frame", self.drawn, init=False)

    def lifted(self, seat: int) -> None:
        self.events.append(("lift", seat))

    def drawn(self, frame) -> None:
        if frame is None or frame.view is None:
            self.events.append(("blank", None))
            return
        seat = frame.seat
        private = seat is not None and shown_to(self.store, seat) != shown_to(self.store, None)
        if private:
            self.private_frames += 1
            for kind, who in reversed(self.events):
                if kind == "blank" or (kind in ("frame", "private") and who == seat):
                    continue
                assert (kind, who) == ("lift", seat), (
                    f"{self.store.seats[seat].name}'s private view was drawn after {kind} {who}, "
                    "without the curtain")
                break
            else:
                raise AssertionError(f"{self.store.seats[seat].name}'s private view was drawn with no curtain")
        self.events.append(("private" if private else ("frame" if seat is not None else "public"), seat))

    async def lift(self, pilot) -> None:
        """Lift the curtain on screen (the seat it names is the one to move)."""
        screen = self.app.screen
        assert isinstance(screen, CurtainScreen)
        seat = next(i for i, s in enumerate(self.store.seats) if s.name == screen.seat_name)
        self.lifted(seat)
        await pilot.press("enter")
        await wait_until(pilot, lambda: self.app.screen is not screen, "the curtain to go")


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
        await pilot.press("enter")  # Ana lifts the curtain
        await settle(pilot)
        board = board_of(app)
        first = next(i for i, a in enumerate(board.actions) if isinstance(a, Select))
        await press_action(pilot, board, first)
        await settle(pilot, 1)
        await pilot.press("u")
        await settle(pilot, 1)
        said = [n.message for n in app._notifications]
        assert f"Undone: Select card {board.actions[first].index + 1}" in said, "Ana's own move, at Ana's screen"
        entry = LogEntry(revision=1, seat=1, action={"kind": "select", "index": 0}, summary="Select card 1",
                         checkpoint=False)
        assert board.undo_message(entry) == "Undone: a move by Ben."


# -- the invariant: random walks with two or more humans ---------------------------
WALKS = {
    "nim": (NIM, {"players": 3}),
    "senji": ("senji", {"players": 3}),
    "spirit": ("spirit", {"players": 3}),
    "harakiri": ("harakiri", {"players": 2}),
}


@pytest.mark.parametrize("name", sorted(WALKS))
async def test_random_walks_never_draw_a_private_view_without_its_curtain(data_dir, name):
    game, options = WALKS[name]
    game = get_game(game) if isinstance(game, str) else game
    if game is None:
        pytest.fail(f"{name} is not registered")
    rng = random.Random(11)
    steps = private = 0
    for seed in range(3, 13):  # short games one after the other, 40 decisions in all
        app = TabletopApp(games={game.id: game}, bot_delay=0)
        async with app.run_test(size=(130, 40)) as pilot:
            await settle(pilot)
            opts = game.Options(**options)
            seats = [Seat(f"Player {i + 1}") for i in range(game.seat_count(opts))]
            app.start_new_game(game, opts, seed, seats)
            await settle(pilot)
            store = app.store
            watch = CurtainWatch(app)
            board = board_of(app)
            while steps < 40 and not store.finished:
                if isinstance(app.screen, CurtainScreen):
                    await watch.lift(pilot)
                    continue
                assert app.screen is board
                if store.can_undo() and rng.random() < 0.1:
                    await pilot.press("u")
                elif board.actions:
                    shown = [i for i, a in enumerate(board.actions) if a.kind != "time_up"]
                    await press_action(pilot, board, rng.choice(shown))
                    steps += 1
                await wait_until(pilot, lambda: awaits_a_person(app, board), "the next decision")
        private += watch.private_frames
        if steps >= 40:
            break
    assert steps >= 40
    if name in ("nim", "senji"):  # games with hands: the walk did draw private views
        assert private > 0
