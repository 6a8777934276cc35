"""Senji's winter clock at a networked table: the host keeps it, and the host's pause is
real. Pausing stops the host's own clock (the seconds left are kept) and every screen
shows the same time, PAUSED; starting it again runs out what was left. Each screen hears
that the host paused or restarted it. A remote seat's screen does not offer the pause
key; pressed there, it says only the host pauses the clock. No screen calls time before
the host's clock runs out.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from rules.common import IllegalAction
from rules.senji.state import SenjiOptions
from screens.board import BoardScreen
from screens.app import seat_app
from screens.net import wire_remote
from screens.senji import SenjiBoard
from screens.app import TabletopApp
from tabletop.net import protocol as P
from tabletop.net.host import CLOCK_KEPT, REMOTE, HostSeats
from tests.e2e.helpers import screen_text

from .helpers import hosting
from .test_floor import WINTER, act, floor_table, join, open_floor, until

SPEED = 120.0  # the host's 2:00 winter clock runs out in one second


def notes_of(app) -> list[str]:
    return [n.message for n in app._notifications]


def others(host: int) -> list[int]:
    return [s for s in range(3) if s != host]


async def test_the_hosts_pause_holds_the_clock_past_its_time_and_resuming_runs_out_what_was_left():
    options = SenjiOptions(players=3, offers_per_winter=3, winter_timer_s=120)
    store, setup, host = floor_table(options, open_now=False)  # a bot is the host of the emperor
    a, _ = others(host)
    said_here: list[str] = []
    async with hosting(store, clock_speed=SPEED, on_note=said_here.append) as table:
        conn, ra, refused = await join(table, a)
        said_there: list[str] = []
        conn.on_note = said_there.append
        open_floor(store, setup)  # the winter clock starts: 0:00 would come one second later
        started = time.monotonic()
        await until(lambda: ra.table_clock() is not None)
        assert ra.table_clock().paused is False and ra.table_clock().left > 100

        assert table.pause_clock(True)
        held = table.clock()
        assert held.paused and 0 < held.left < 120
        await until(lambda: ra.table_clock() == held)  # the remote seat: paused, the same seconds left
        words = P.clock_words(held.left)
        await until(lambda: f"The host of the table paused the clock at {words}." in said_there)
        assert f"The host of the table paused the clock at {words}." in said_here

        # Well past the moment the clock would have run out: winter goes on, nothing moved.
        await asyncio.sleep(max(0.0, started + 120 / SPEED + 0.3 - time.monotonic()))
        assert store.state.step == "winter_floor" and store.revision == len(setup)
        assert table.clock() == held and ra.table_clock() == held

        restarted = time.monotonic()
        assert table.pause_clock(False)
        await until(lambda: ra.table_clock() is not None and not ra.table_clock().paused)
        assert f"The host of the table started the clock again: {words} left." in said_here
        await until(lambda: store.state.step not in WINTER, seconds=held.left / SPEED + 5)
        ran = time.monotonic() - restarted
        await until(lambda: f"The host of the table started the clock again: {words} left." in said_there)
        await conn.close()
    assert ran >= held.left / SPEED - 0.05, "the clock ran out before the time it had left"
    assert store.log[len(setup)].action == {"kind": "time_up"}
    assert refused == []


async def test_no_screen_calls_time_before_the_hosts_clock_runs_out():
    options = SenjiOptions(players=3, winter_timer_s=120)
    store, setup, host = floor_table(options, host_kind=REMOTE)  # the emperor's host plays remotely
    async with hosting(store) as table:
        conn, rh, refused = await join(table, host)
        assert act("time_up") in rh.legal_actions()
        rh.dispatch(act("time_up"))  # as a screen whose own clock ran fast would
        await until(lambda: refused == [CLOCK_KEPT])
        table.pause_clock(True)
        await until(lambda: rh.table_clock() is not None and rh.table_clock().paused)
        rh.dispatch(act("time_up"))  # nor while the host has paused it
        await until(lambda: refused == [CLOCK_KEPT] * 2)
        with pytest.raises(IllegalAction, match="has not run out"):
            HostSeats(table).dispatch(act("time_up"))
        assert store.revision == len(setup) and store.state.step == "winter_floor"
        await conn.close()


async def test_the_hosts_p_pauses_the_tables_clock_for_every_screen():
    options = SenjiOptions(players=3, winter_timer_s=120)
    store, setup, host = floor_table(options, host_kind="human")  # the emperor's host sits at the host's terminal
    a, _ = others(host)
    async with hosting(store) as table:
        conn, ra, _ = await join(table, a)
        app = TabletopApp(bot_delay=0, start=("store", HostSeats(table)))
        table.on_note = lambda text: app.notify(text, markup=False)  # as run_host_screen does
        async with app.run_test(size=(130, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BoardScreen)
            board = screen.board
            await until(lambda: board.clock_year is not None)
            assert "p Pause" in screen_text(app).splitlines()[-1]

            await pilot.press("p")
            await pilot.pause()
            held = table.clock()
            assert held is not None and held.paused, "the host's own clock stopped"
            await until(lambda: ra.table_clock() == held)
            assert board.paused and board.clock_left == held.left
            assert f"⏱ {P.clock_words(held.left)} PAUSED" in screen_text(app)
            assert f"The host of the table paused the clock at {P.clock_words(held.left)}." in notes_of(app)
            await asyncio.sleep(0.3)
            assert table.clock() == held  # it stays where it was

            await pilot.press("p")
            await pilot.pause()
            assert not table.clock().paused and not board.paused
            await until(lambda: not ra.table_clock().paused)
            assert "The host of the table started the clock again" in notes_of(app)[-1]
        await conn.close()


async def test_a_remote_seat_shows_the_hosts_paused_clock_and_has_no_pause_key(monkeypatch):
    # This screen's own clock would run out in half a second: it follows the host's instead.
    monkeypatch.setattr(SenjiBoard, "CLOCK_TICK", 240.0)
    options = SenjiOptions(players=3, winter_timer_s=120)
    store, setup, host = floor_table(options, open_now=False)  # a bot host: a runs the floor too
    a, _ = others(host)
    async with hosting(store) as table:
        conn, ra, refused = await join(table, a)
        sent: list[P.Act] = []
        app = seat_app(("store", ra))
        wire_remote(app, conn, ra)  # as run_seat does: the table's news on this screen
        async with app.run_test(size=(130, 40)) as pilot:
            await pilot.pause()
            send = ra.send
            ra.send = lambda message: (sent.append(message), send(message))
            open_floor(store, setup)
            screen = app.screen
            assert isinstance(screen, BoardScreen)
            board = screen.board
            await until(lambda: ra.table_clock() is not None and board.clock_year is not None)
            await until(lambda: "Leave the table" in screen_text(app).splitlines()[-1])  # drawn
            footer = screen_text(app).splitlines()[-1]
            assert "Pause" not in footer and "Menu" not in footer, footer

            # this screen's clock comes to 0:00 at its first tick; the host's has not run out
            await until(lambda: board.clock_left == 0)
            await pilot.pause()
            assert board.clock_left == 0 and "⏱ 0:00" in screen_text(app)
            assert sent == [] and refused == [] and store.state.step == "winter_floor"

            table.pause_clock(True)
            held = table.clock()
            await until(lambda: board.paused)
            await pilot.pause()
            assert board.clock_left == held.left
            assert f"⏱ {P.clock_words(held.left)} PAUSED" in screen_text(app)
            said = f"The host of the table paused the clock at {P.clock_words(held.left)}."
            await until(lambda: said in notes_of(app))

            await pilot.press("p")
            await pilot.pause()
            assert "Only the host of the table can pause the winter clock" in notes_of(app)[-1]
            assert table.clock() == held and board.paused  # still paused, as the host left it
            assert "Pause" not in screen_text(app).splitlines()[-1]
            assert sent == []
        await conn.close()
