"""A remote seat on the usual board screen: its own view only, no curtain, its keys act
through the host, and an action's redraw comes back quickly (host and seat on one machine)."""

from __future__ import annotations

import asyncio
import statistics
import time

from rules.common import Rng
from rules.senji import GAME as SENJI
from screens.board import BoardScreen
from screens.common.curtain import CurtainScreen
from screens.app import seat_app
from screens.app import TabletopApp
from tabletop.net.client import Connection

from .helpers import GAMES, hosting, senji_store


def shown_move(screen: BoardScreen) -> int:
    return int(screen._status_parts[-1].split()[-1]) if screen._status_parts else -1


def spy_paints(app) -> asyncio.Event:
    """An event set each time the app paints the terminal."""
    painted = asyncio.Event()
    display = app._display

    def spy(screen, renderable):
        display(screen, renderable)
        painted.set()

    app._display = spy
    return painted


async def redraw_times(app, store, mine, turns: int, act=None) -> list[float]:
    """Milliseconds from a choice on the board (as its key does) to the painted result."""
    painted = spy_paints(app)
    screen = app.screen
    assert isinstance(screen, BoardScreen)
    timings: list[float] = []
    while len(timings) < turns and store.to_move() is not None:
        for _ in range(1000):  # this seat's turn, drawn (the bots answer in between)
            if mine() and shown_move(screen) == store.revision:
                break
            await asyncio.sleep(0.002)
        else:
            raise AssertionError("the seat's turn never came")
        await asyncio.sleep(0.02)  # let the last paint settle
        before = store.revision
        painted.clear()
        start = time.perf_counter()
        act() if act is not None else screen.action_pick(0)
        for _ in range(4000):
            if shown_move(screen) > before:
                break
            await asyncio.sleep(0.0005)
        painted.clear()
        await asyncio.wait_for(painted.wait(), 5)
        timings.append((time.perf_counter() - start) * 1000)
    return timings


async def test_a_remote_seat_plays_its_own_view_on_the_board(capsys):
    # Seat 1 is remote; the others are bots the host runs after a short pause.
    store = senji_store(3, 5, ["smart", "remote", "smart"])
    async with hosting(store, bot_delay=0.05) as host:
        conn = Connection(host.address, host.codes[1], GAMES)
        remote = await conn.join()
        app = seat_app(("store", remote))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            for _ in range(500):
                if remote.legal_actions() and screen.actions:
                    break
                await asyncio.sleep(0.005)
            assert not any(isinstance(s, CurtainScreen) for s in app.screen_stack)
            drawn = screen.frame.view
            assert drawn.hana_hands[1] == store.state.hana_hands[1]  # its own hand is drawn
            assert all(set(h) <= {"?"} for i, h in enumerate(drawn.hana_hands) if i != 1)
            before = store.revision
            await pilot.press(next(k for k in screen.keys if k is not None))  # a key, as a player
            for _ in range(500):
                if store.revision > before:
                    break
                await asyncio.sleep(0.005)
            assert store.revision > before and store.log[before].seat == 1
        await conn.close()


async def test_round_trip_and_redraw_of_a_remote_action(capsys):
    """The figures of the issue, printed: host and seat on one machine, the network's share
    (send, apply at the host, the update back) and the full redraw beside the same board's
    redraw in hot-seat play. Every action comes back and is drawn; how fast is measured by
    the benchmark tests/bench/test_net_round_trip.py (never timed here)."""
    store = senji_store(3, 5, ["smart", "remote", "smart"])
    async with hosting(store, bot_delay=0.01) as host:
        conn = Connection(host.address, host.codes[1], GAMES)
        remote = await conn.join()
        # The bots answer 10 ms after a round trip (under 1 ms here), then 50 ms after a
        # redraw (13 to 30 ms here): never inside what is measured, and little waiting.
        trips: list[float] = []
        for _ in range(30):
            for _ in range(1000):
                if remote.legal_actions() and remote.revision == store.revision:
                    break
                await asyncio.sleep(0.002)
            arrived = asyncio.get_running_loop().create_future()
            stop = remote.subscribe(lambda s: arrived.done() or arrived.set_result(time.perf_counter()))
            start = time.perf_counter()
            remote.dispatch(remote.legal_actions()[0])
            trips.append((await asyncio.wait_for(arrived, 5) - start) * 1000)
            stop()
        host.bot_delay = 0.05
        app = seat_app(("store", remote))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            remote_draw = await redraw_times(
                app, store, lambda: bool(remote.legal_actions() and app.screen.actions), 15)
        await conn.close()
    # The same board at one screen: one human and two bots that never move by themselves
    # (each action is dispatched here, as the redraw benchmark does).
    local = senji_store(3, 5, ["human", "smart", "smart"])
    app = TabletopApp(bot_delay=3600, start=("store", local))
    bot, rng = SENJI.bots()["smart"], Rng(seed=3)

    def act() -> None:
        seat = local.to_move()
        local.dispatch(bot(SENJI, local.view(seat), seat, local.legal_actions(), rng))

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        local_draw = await redraw_times(app, local, lambda: True, 15, act)
    trip, far, near = (statistics.median(t) for t in (trips, remote_draw, local_draw))
    with capsys.disabled():
        print(f"\nround trip of a remote action (dispatch to the update applied at the seat): "
              f"median {trip:.1f} ms, max {max(trips):.1f} ms over {len(trips)}"
              f"\nchoice to painted board at 80x24, Senji: remote seat median {far:.1f} ms "
              f"(max {max(remote_draw):.1f}), hot-seat median {near:.1f} ms (max {max(local_draw):.1f})")
    assert len(trips) == 30 and len(remote_draw) == 15 and len(local_draw) == 15


async def test_the_board_refuses_undo_at_a_networked_table():
    store = senji_store(3, 5)
    async with hosting(store) as host:
        conn = Connection(host.address, host.codes[0], GAMES)
        remote = await conn.join()
        app = seat_app(("store", remote))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            board = next(s for s in app.screen_stack if hasattr(s, "pressed"))
            await pilot.press(*board.pressed[board.order[0]])  # the first row's key (a samurai's)
            for _ in range(200):
                if store.revision == 1:
                    break
                await asyncio.sleep(0.005)
            await pilot.pause()
            await pilot.press("u")
            await pilot.pause()
            assert store.revision == 1
            assert any("Undo is off" in n.message for n in app._notifications)
        await conn.close()
    assert SENJI.to_move(store.state) == 1


async def test_the_hosts_screen_plays_its_own_seat_and_waits_for_the_remote_ones():
    from tabletop.net.host import HostSeats

    # Seat 0 at the host's terminal, seats 1 and 2 remote.
    store = senji_store(3, 5, ["human", "remote", "remote"])
    async with hosting(store) as host:
        app = TabletopApp(bot_delay=0, start=("store", HostSeats(host)))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BoardScreen) and screen.humans == [0]
            await pilot.press(next(k for k in screen.keys if k is not None))
            await pilot.pause()
            assert store.revision == 1 and store.log[0].seat == 0
            # Seat 1 is remote: the screen neither plays it nor lets anyone here play it.
            await asyncio.sleep(0.3)
            assert store.revision == 1 and screen.actions == []
            conn = Connection(host.address, host.codes[1], GAMES)
            remote = await conn.join()
            remote.dispatch(remote.legal_actions()[0])
            for _ in range(200):
                if shown_move(screen) == 2:
                    break
                await asyncio.sleep(0.005)
            assert shown_move(screen) == 2
            # the host's screen still shows only seat 0's secrets
            drawn = screen.frame.view
            assert all(set(h) <= {"?"} for i, h in enumerate(drawn.hana_hands) if i != 0)
            await conn.close()


async def test_a_host_with_no_seat_here_is_a_public_display():
    from tabletop.net.host import HostSeats

    store = senji_store(3, 5)
    async with hosting(store) as host:
        app = TabletopApp(bot_delay=0, start=("store", HostSeats(host)))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BoardScreen) and screen.humans == []
            assert screen.frame.seat is None and screen.actions == []
            assert all(set(h) <= {"?"} for h in screen.frame.view.hana_hands)
            await pilot.press("1")
            await pilot.pause()
            assert store.revision == 0


async def test_a_remote_seat_sees_its_own_hand_while_others_are_to_move():
    store = senji_store(3, 5)
    async with hosting(store) as host:
        conn = Connection(host.address, host.codes[2], GAMES)
        remote = await conn.join()
        app = seat_app(("store", remote))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert store.to_move() == 0 and screen.actions == []
            assert screen.frame.seat == 2
            assert screen.frame.view.hana_hands[2] == store.state.hana_hands[2]
        await conn.close()
