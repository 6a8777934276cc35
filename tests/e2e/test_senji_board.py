"""Senji at the table: secrets never on screen, the map cursor, the winter clock, bots."""

from __future__ import annotations

import re
import time

from rules.common import Rng
from rules.senji import GAME
from screens.common.curtain import CurtainScreen
from screens.senji import SenjiBoard
from screens.senji.map import SenjiMap
from screens.app import TabletopApp
from tabletop.store import Seat

from .helpers import board_of, screen_text, settle, wait_until

GAMES = {"senji": GAME}


async def settled(pilot, polls: int = 100) -> None:
    """Wait until the table has handled what the last key or choice set off: short polls
    until the screens, the board's frame and the store's revision hold still twice running.
    (The walks here take hundreds of steps; ``settle``'s fixed 60 ms each was most of their time.)"""
    app = pilot.app

    def now():
        store = getattr(app, "store", None)
        return (tuple(map(id, app.screen_stack)), tuple(id(getattr(s, "frame", None)) for s in app.screen_stack),
                store.revision if store is not None else None)

    last = None
    for _ in range(polls):
        await pilot.pause(0)
        seen = now()
        if seen == last:
            return
        last = seen
    raise AssertionError("the table never settled")


async def until(pilot, done, seconds: float = 10.0) -> None:
    """Wait, in short polls, for ``done()`` (a clock's tick): never longer than ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "waited too long"
        await pilot.pause(0.02)
    await settled(pilot)


async def test_a_four_player_walk_never_shows_a_secret_of_a_seat_not_at_the_screen(data_dir):
    """Four players at one screen, 70 random choices from the first winter on: every repaint
    is read for the unrevealed cards and samurai of the seats not at the screen (all of them
    on a curtain), as the screen names them; every private frame follows its seat's curtain;
    each curtain shows the public year and no secret. Replaces a walk that searched the
    screen for card codes the screen no longer shows."""
    from tests.e2e.secrecy_watch import CurtainWatch, ScreenWatch
    from tests.secrecy import oracle

    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        app.start_store(_played_until([Seat(n) for n in ("Ai", "Bo", "Cy", "Di")], 404,
                                      lambda st: st.step == "winter_floor", players=4, winter_timer_s=0))
        await settle(pilot)
        store = app.store
        curtains, screen = CurtainWatch(app), ScreenWatch(app, oracle.load("senji"))
        lifted = 0
        async for viewer in random_walk(pilot, app, 404, steps=70):
            if viewer is CURTAIN:
                lifted += 1
                curtains.events.append(("lift", [s.name for s in store.seats].index(app.screen.seat_name)))
                assert f"Year {store.state.year}" in screen_text(app), "public facts on the curtain"
            curtains.assert_kept()
            screen.assert_kept()
        assert lifted >= 4 and curtains.private_frames >= 4, "the walk drew private views behind curtains"
        assert screen.repaints >= 70 and screen.looked > 500, "the screen was read for secrets"


CURTAIN = object()  # what ``random_walk`` yields for a hand-off curtain


async def random_walk(pilot, app, seed: int, steps: int = 160):
    """Random choices at the screen, as its players would make them: yields CURTAIN before
    each curtain is lifted, and the seat at the screen (None: a public screen) before each
    choice, so the caller can look at what is drawn for whom."""
    store, board, rng = app.store, board_of(app), Rng(seed=seed)
    for _ in range(steps):
        if store.finished:
            break
        if isinstance(app.screen, CurtainScreen):
            yield CURTAIN
            await pilot.press("enter")
            await settled(pilot)
            continue
        yield board.frame.seat
        actions = list(board.actions)
        if not actions:
            await settled(pilot)
            continue
        before = store.revision
        board._dispatch(actions[rng.below(len(actions))])
        await settled(pilot)
        assert store.revision == before + 1


async def test_map_cursor_and_click_pick_provinces(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(players=3), 7, None)
        await settle(pilot)
        store = app.store
        board = board_of(app)
        # Keep samurai until the first claim; each seat's pick is behind a curtain.
        while store.state.step != "setup_claim":
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
            else:
                await pilot.press(board.keys[0])
            await settled(pilot)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await settled(pilot)
        mp = board.query_one(SenjiMap)
        assert isinstance(board.query_one("#board"), SenjiBoard)
        assert mp.targets, "the legal provinces are marked"
        mp.focus()
        # Walk the cursor with hjkl/arrows until it stands on a legal province, then Enter.
        for key in ["l", "j", "right", "down", "h", "k", "left", "up"] * 6:
            if mp.current.id in mp.targets:
                break
            await pilot.press(key)
        assert mp.current.id in mp.targets
        target = mp.current.id
        before = store.revision
        await pilot.press("enter")
        await settle(pilot, 1)
        assert store.revision == before + 1
        assert store.log[-1].action == {"kind": "claim", "province": target}


async def test_the_winter_clock_runs_out(data_dir, monkeypatch):
    # The clock stands still until it has been read at 2:00 (a loaded machine may take a
    # second to get there), then runs a game minute per tick.
    monkeypatch.setattr(SenjiBoard, "CLOCK_TICK", 0.0)
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(players=3, winter_timer_s=120), 11, None)
        await settle(pilot)
        store = app.store
        board = board_of(app)
        await _to_winter_floor(pilot, app, Rng(seed=1))  # the clock starts as the floor opens
        sj = board.query_one("#board")
        assert sj.clock_left == 120
        assert "⏱ 2:00" in screen_text(app)
        monkeypatch.setattr(SenjiBoard, "CLOCK_TICK", 60.0)
        await until(pilot, lambda: sj.clock_left < 120)  # a tick (a second)
        assert 0 <= sj.clock_left <= 60
        await until(pilot, lambda: sj.clock_left <= 0)  # the next tick
        await settle(pilot)
        assert any(e.action == {"kind": "time_up"} for e in store.log), "0:00 closed the floor"


async def test_bot_seats_play_without_curtain(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        seats = [Seat("Ann"), Seat("Bot1", "smart"), Seat("Bot2", "smart")]
        app.start_new_game(GAME, GAME.Options(players=3), 21, seats)
        await settle(pilot)
        store = app.store
        board = board_of(app)
        for _ in range(300):
            if store.finished or store.revision > 60:
                break
            assert not isinstance(app.screen, CurtainScreen), "one human: no hand-off"
            # Ann's turn, or the winter floor a bot host leaves to her (spec 4.3).
            if board.actions:
                board._dispatch(board.actions[0])
            await settled(pilot)
        assert store.finished or store.revision > 60, "the table waited on nobody"
        assert any(e.seat in (1, 2) for e in store.log)


def _at_the_winter_floor(**opts):
    """Three players at one screen, the first winter floor just open (the smart bot played
    the setup for each): the clock tests start there rather than walk to it."""
    return _played_until([Seat(n) for n in ("Ai", "Bo", "Cy")], 11, lambda st: st.step == "winter_floor", **opts)


async def _to_winter_floor(pilot, app, rng) -> None:
    store = app.store
    while store.state.step != "winter_floor":
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await settled(pilot)
            continue
        actions = [a for a in store.legal_actions() if a.kind != "time_up"]
        store.dispatch(actions[rng.below(len(actions))])
        await settled(pilot)


async def test_every_clock_on_screen_ticks(data_dir, monkeypatch):
    # The map's clock and the winter panel's clock show the same time as it runs down.
    monkeypatch.setattr(SenjiBoard, "CLOCK_TICK", 0.0)  # still, until read at 4:00
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        app.start_store(_at_the_winter_floor(winter_timer_s=240))
        await settle(pilot)
        assert screen_text(app).count("⏱ 4:00") == 2, "the map and the winter panel"
        monkeypatch.setattr(SenjiBoard, "CLOCK_TICK", 30.0)
        sj = board_of(app).query_one("#board")
        await until(pilot, lambda: sj.clock_left < 240)  # a tick (a second)
        text = screen_text(app)
        assert "⏱ 4:00" not in text
        assert text.count("⏱ 3:30") == 2


def _played_until(seats, seed, until, players=3, **opts):
    """A store played by the smart bot for every seat until ``until(state)``."""
    from tabletop.store import Store

    store = Store.new(GAME, GAME.Options(players=players, **opts), seed=seed, seats=seats)
    bot = GAME.bots()["smart"]
    rng = Rng(seed=seed)
    while not store.finished and not until(store.state):
        seat = store.to_move()
        store.dispatch(bot(GAME, store.view(seat), seat, store.legal_actions(), rng))
    return store


async def test_a_bot_host_leaves_the_winter_floor_to_the_humans(data_dir):
    from rules.senji.actions import EndNegotiation, OfferAdd, OfferSend, OfferTo, OpenOffer

    seats = [Seat("Ann"), Seat("Bot1", "smart"), Seat("Bot2", "smart")]
    store = next(s for s in (_played_until(seats, seed, lambda st: st.step == "winter_floor", winter_timer_s=0)
                             for seed in range(1, 40)) if s.state.host != 0 and s.state.step == "winter_floor")
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        app.start_store(store)
        await settle(pilot, 4)
        board = board_of(app)
        # The bot host does not close the floor: the human at the table runs it.
        assert store.state.step == "winter_floor" and not any(e.action["kind"] == "end_negotiation"
                                                              for e in store.log[-3:])
        assert OpenOffer(by=0) in board.actions and EndNegotiation() in board.actions
        # Ann offers Bot1 a card worth 3 face up; the bot gives back less and accepts.
        for action in (OpenOffer(by=0), OfferTo(seat=1)):
            board._dispatch(action)
            await settle(pilot, 1)
        card = next(a.card for a in board.actions if isinstance(a, OfferAdd) and a.card.endswith("T3"))
        board._dispatch(OfferAdd(card=card, face="up"))
        await settle(pilot, 1)
        board._dispatch(OfferSend())
        await settle(pilot, 3)
        assert store.state.step == "offer_confirm" and store.to_move() == 0, "Bot1 accepted"
        assert [e.action["kind"] for e in store.log if e.seat == 1][-1] == "accept"
        board._dispatch(board.actions[[a.kind for a in board.actions].index("confirm")])
        await settle(pilot, 2)
        assert store.state.step == "winter_floor" and card in store.state.diplo_hands[1]
        # Once Ann has no offer left to open, the bot host closes the floor (a bot given the
        # floor by Ann makes its offer first: to Bot2, who answers it).
        store.state.offers_left[0] = 0
        store.dispatch(OpenOffer(by=1))
        await settle(pilot, 4)
        assert any(e.action["kind"] == "offer_send" and e.seat == 1 for e in store.log)
        assert store.state.step != "winter_floor"
        assert any(e.action["kind"] == "end_negotiation" and e.seat == store.state.host for e in store.log)


async def test_a_battle_result_stays_on_screen_for_everyone_until_a_key(data_dir):
    from screens.senji.results import ResultScreen

    seats = [Seat("Ai"), Seat("Bo"), Seat("Cy")]
    store = _played_until(seats, 99, lambda st: st.combat is not None)
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        app.start_store(store)
        await settle(pilot, 2)
        board = board_of(app)
        board.query_one(SenjiBoard).show_results = True
        bot = GAME.bots()["smart"]
        rng = Rng(seed=5)
        for _ in range(200):
            if isinstance(app.screen, ResultScreen) or store.finished:
                break
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
                await settle(pilot, 1)
                continue
            seat = store.to_move()
            board._dispatch(bot(GAME, store.view(seat), seat, store.legal_actions(), rng))
            await settle(pilot, 1)
        assert isinstance(app.screen, ResultScreen), "the battle's end is held on screen"
        text = screen_text(app)
        assert "Battle for " in text and " dice: set " in text and " against " in text and " loses " in text
        for s in range(3):  # public facts only: no card in anyone's hand is named
            for card in store.state.diplo_hands[s]:
                assert card not in text or card in " ".join(ln.text for ln in store.state.log if ln.seats is None)
        await pilot.press("enter")
        await settle(pilot, 2)
        assert not isinstance(app.screen, ResultScreen)
        assert isinstance(app.screen, CurtainScreen) or app.screen is board


async def test_the_arrows_stay_with_the_list_until_the_player_goes_to_the_map(data_dir):
    """Issue 25: naming a province, the map is brought into sight but the list keeps the
    arrows and Enter; `m` gives them to the map, and a choice gives them back."""
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(players=3), 7, [Seat("Ai"), Seat("Bot1", "smart"), Seat("Bot2", "smart")])
        await settle(pilot, 3)
        board = board_of(app)
        mp = board.query_one(SenjiMap)
        assert store_step(app) == "setup_pick" and app.focused is board.query_one("#decisions")
        await pilot.press("down", "enter")  # keep a samurai: the list's arrows and Enter
        await settle(pilot, 3)
        for _ in range(50):  # the bots keep their samurai; the first claim is the host's
            if store_step(app) == "setup_claim" and app.store.to_move() == 0:
                break
            await settle(pilot, 1)
        await settle(pilot, 2)
        panel = board.query_one("#decisions")
        assert app.focused is panel, "naming a province: the list keeps the arrows and Enter"
        assert board.board.tab == "sj-map", "the map is brought into sight"
        assert "p Pause" in screen_text(app), "the host's pause key is in the footer at 80 columns"
        await pilot.press("m")
        await settle(pilot, 1)
        assert app.focused is mp, "m: the map has the arrows"
        before = app.store.revision
        mp.post_message(SenjiMap.Picked(next(a.province for a in board.actions)))
        await wait_until(pilot, lambda: app.store.revision > before, "the province named")
        await wait_until(pilot, lambda: app.focused is panel or not board.actions, "the arrows back")
        await settle(pilot, 2)
        assert app.focused is not mp, "after a choice the map gives the arrows back"


def store_step(app) -> str:
    return app.store.state.step


def test_results_pick_out_the_auction_and_the_battle_lines():
    from screens.senji.results import results

    lines = [
        "Spring: orders are placed face down.",
        "Auction of B-S3: Red R-M2 (2); Green G-M1 (1). Red wins it; the winning bid is shuffled into the B deck.",
        "Auction of Y-M1: Purple P-M1 (1); Green G-S1 (1). Tied: the lot and the tied bids stay.",
        "Combat in Shinano: Red (2 units) attacks Green (1 unit).",
        "Round 1 dice: set - | rolled R R G Y B B P K Y.",
        "Round 1: Red 5 against Green 3.",
        "Red wins: Green loses 1 unit; Red loses 1 unit.",
        "Red gains 4 honour (combat): 14.",
        "Red captures Shinano.",
        "Summer: the host activates the orders and fleets.",
    ]
    got = results(lines, 1)
    assert [title for title, _ in got] == ["Auction", "Battle for Shinano"]
    assert got[0][1] == lines[1:3]
    assert got[1][1] == lines[3:9]
    assert results(lines, 9) == []  # nothing new


async def test_the_clock_on_a_hand_off_curtain_runs_too(data_dir, monkeypatch):
    from rules.senji.actions import OpenOffer

    monkeypatch.setattr(SenjiBoard, "CLOCK_TICK", 30.0)
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        app.start_store(_at_the_winter_floor(winter_timer_s=240))
        await settle(pilot)
        board = board_of(app)
        seat = next(a.by for a in board.actions if isinstance(a, OpenOffer))
        board._dispatch(OpenOffer(by=seat))  # the offerer composes behind the curtain
        await settle(pilot, 2)
        assert isinstance(app.screen, CurtainScreen)

        def shown() -> str:
            return re.search(r"⏱ \d:\d\d", screen_text(app)).group(0)

        first = shown()
        # The next tick (a second, 30 s of game time here), as the curtain shows it: waited
        # for on the screen itself, however long a loaded machine takes to paint it.
        deadline = time.monotonic() + 20
        while shown() == first:
            assert time.monotonic() < deadline, f"the curtain's clock stayed at {first}"
            await pilot.pause(0.05)
        assert isinstance(app.screen, CurtainScreen)
        assert shown() < first, f"the curtain's clock went from {first} to {shown()}"


async def test_the_setup_pick_explains_the_samurai_and_the_hint_gives_a_reason(data_dir):
    """Issue 16: at 80x24 the detail line gives the highlighted samurai's ability and the
    honour it starts you with; the hint key highlights the smart bot's choice and says why."""
    from screens.common.keys import HINT_KEY
    from rules.senji.data import data

    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        seats = [Seat("Ann"), Seat("Bot1", "smart"), Seat("Bot2", "smart")]
        app.start_new_game(GAME, GAME.Options(players=3, winter_timer_s=0), 5, seats)
        await settle(pilot)
        board = board_of(app)
        assert app.store.state.step == "setup_pick"
        first = data().samurai[board.actions[0].letter]
        assert f"Keep {first.name} (honour {first.honor})" in screen_text(app)
        detail = board.query_one("#detail").shown.plain
        assert detail == (f"{first.colour.capitalize()} samurai. {first.ability} You start with "
                          f"{first.honor} honour; the highest starting honour hosts first.")
        await pilot.press(HINT_KEY)
        await settle(pilot)
        assert board.query_one("#detail").shown.plain.startswith("Hint: The highest honour of the three")
        assert app.store.state.step == "setup_pick", "the hint chooses nothing"


async def test_the_legend_names_every_samurai_and_family_letter(data_dir):
    from screens.common.keys import LEGEND_KEY
    from screens.common.legend import LegendScreen

    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(players=3, winter_timer_s=0), 5, [Seat("Ann"), Seat("Bo", "smart"),
                                                                            Seat("Cy", "smart")])
        await settle(pilot)
        legend = board_of(app).board.legend()
        meaning = dict(legend)
        # A status row's first letter is a family; after the units each samurai is the
        # first two letters of the name, which no family letter and no other samurai share.
        from rules.senji.data import data

        shorts = [x.name[:2] for x in data().samurai_list]
        assert all(f in meaning for f in "RGPKBY") and all(x in meaning for x in shorts)
        assert len(set(shorts)) == len(shorts) and not set(shorts) & set("RGPKBY")
        assert "the Green family (Bamboo mon)" in meaning["G"]
        assert meaning["Ko"].startswith("after the units: Kojiro, honour 8, green")
        await pilot.press(LEGEND_KEY)
        await settle(pilot)
        assert isinstance(app.screen, LegendScreen)
        text = screen_text(app)
        assert "Legend: Senji" in text and "a province's status row" in text


async def test_at_one_screen_p_pauses_the_winter_clock_and_starts_it_again(data_dir, monkeypatch):
    # A hot-seat table: the board keeps the clock itself, and p holds it where it stands.
    monkeypatch.setattr(SenjiBoard, "CLOCK_TICK", 0.0)  # still, until it is paused at 4:00
    store = _at_the_winter_floor(winter_timer_s=240)
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        app.start_store(store)
        await settle(pilot)
        sj = board_of(app).query_one("#board")
        assert "p Pause" in screen_text(app).splitlines()[-1]
        await pilot.press("p")
        await settle(pilot, 1)
        assert sj.paused and "⏱ 4:00 PAUSED" in screen_text(app)
        assert any(n.message == "The host paused the winter clock." for n in app._notifications)
        monkeypatch.setattr(SenjiBoard, "CLOCK_TICK", 30.0)  # a tick now takes 30 s off
        # A window in which a tick would come (a loaded machine only makes it longer): the
        # clock stays at 4:00.
        await pilot.pause(1.1)
        assert sj.clock_left == 240 and "⏱ 4:00 PAUSED" in screen_text(app)
        await pilot.press("p")
        restarted = time.monotonic()
        await until(pilot, lambda: sj.clock_left < 240)  # running again: the next tick
        # It came a whole second after the restart, not at once for the second owed from
        # before the pause (a lower bound: load can only make it later).
        assert time.monotonic() - restarted >= 0.9
        assert not sj.paused and sj.clock_left < 240 and "PAUSED" not in screen_text(app)
        assert any(n.message == "The winter clock runs again." for n in app._notifications)


async def test_the_receiver_of_a_bot_offer_reads_its_line_on_the_winter_panel(data_dir):
    """Bot1 offers Ann a card face down and says what it wants: Ann, answering it, reads the
    line under the offer on the winter panel, and never the hidden card's name."""
    from rules.senji.actions import OfferAdd, OfferSend, OfferTo, OpenOffer
    from rules.senji.words import card_name

    seats = [Seat("Ann"), Seat("Bot1", "smart"), Seat("Bot2", "smart")]
    store = _played_until(seats, 5, lambda st: st.step == "winter_floor", winter_timer_s=0)
    hidden = next(c for c in store.state.diplo_hands[1] if not c.endswith("D0"))
    bot, ann = store.state.names[1], store.state.names[0]
    word = (f"{bot} offers 1 hidden card (worth 2, {bot} says) for your {ann} Levy (1) and leaves "
            f"you in peace this year: {bot} needs a ribbon.")
    for action in (OpenOffer(by=1), OfferTo(seat=0), OfferAdd(card=hidden, face="down"), OfferSend(word=word)):
        store.dispatch(action)
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        app.start_store(store)
        await settle(pilot, 2)
        assert store.state.step == "offer_respond" and store.to_move() == 0
        panel = str(board_of(app).query_one("#board").query_one("#sj-panel").render())
        assert f"{bot} says: {word}" in " ".join(panel.split()), panel
        assert card_name(hidden) not in screen_text(app)
