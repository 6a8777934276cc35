"""Senji's winter floor over the network: the players open their own offers (spec 4.3).

At one screen a player walks to the terminal and the host's screen opens an offer for
them. Over the network each player opens it at their own screen: the rules' open actions
(``Game.open_actions``) reach every seat that may take one, the host accepts one only
from the seat it names, and a bot host leaves the floor open while a player at the table
may still open an offer and the winter clock runs; meanwhile those players run the floor
for it (end the negotiation), as the players at one screen do.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from rules.common import IllegalAction, Rng
from rules.senji import GAME as SENJI
from rules.senji.state import SenjiOptions
from tabletop.net import protocol as P
from tabletop.net.client import Connection
from tabletop.net.host import ANOTHERS, REMOTE, HostSeats

from .helpers import GAMES, hosting, seat_rng, senji_store

SEED = 21
WINTER = ("winter_floor", "offer_compose", "offer_respond", "offer_confirm")


def act(kind: str, **fields):
    return SENJI.parse_action({"kind": kind, **fields})


def to_the_floor(options: SenjiOptions) -> tuple[list, int]:
    """Setup played at one screen by each seat's bot: the actions and the first host."""
    store = senji_store(options.players, SEED, ["human"] * options.players, options)
    bot = SENJI.bots()["smart"]
    rngs = {seat: seat_rng(SEED, seat) for seat in range(options.players)}
    while store.state.step != "winter_floor":
        seat = store.to_move()
        store.dispatch(bot(SENJI, store.view(seat), seat, store.legal_actions(), rngs[seat]))
    return [SENJI.parse_action(e.action) for e in store.log], store.state.host


def floor_table(options: SenjiOptions, host_kind: str = "smart", open_now: bool = True):
    """The same game at the floor, the host's seat played as ``host_kind`` (a bot, or
    "remote"), every other seat remote. Returns the store, the setup actions and the host;
    with ``open_now`` false the store is one action short of the floor (``open_floor``),
    so that the players can be at the table when it opens."""
    setup, host = to_the_floor(options)
    controllers = [host_kind if seat == host else REMOTE for seat in range(options.players)]
    store = senji_store(options.players, SEED, controllers, options)
    for action in setup if open_now else setup[:-1]:
        store.dispatch(action)
    if open_now:
        assert store.state.step == "winter_floor" and store.to_move() == host
    return store, setup, host


def open_floor(store, setup) -> None:
    """The setup's last action (its player's, played here for brevity): the floor opens."""
    store.dispatch(setup[-1])
    assert store.state.step == "winter_floor"


def at_one_screen(options: SenjiOptions, actions: list):
    """The same actions applied at one screen (every seat human)."""
    store = senji_store(options.players, SEED, ["human"] * options.players, options)
    for action in actions:
        store.dispatch(action)
    return store


async def until(condition, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("it did not happen in time")


async def choose(remote, action) -> None:
    """A player picks ``action`` at their screen and sees the table move on."""
    before = remote.revision
    remote.dispatch(action)
    await until(lambda: remote.revision > before)


def first(remote, kind: str, face: str | None = None):
    return next(a for a in remote.legal_actions() if a.kind == kind and (face is None or a.face == face))


async def join(host, seat: int):
    conn = Connection(host.address, host.codes[seat], GAMES)
    remote = await conn.join()
    refusals: list[str] = []
    remote.on_refused = refusals.append
    return conn, remote, refusals


def entries(store, since: int) -> list:
    return [SENJI.parse_action(e.action) for e in store.log[since:]]


# -- the rules' contract ------------------------------------------------------------------
def test_a_player_with_offers_left_may_open_one_on_the_floor_and_only_there():
    options = SenjiOptions(players=4, offers_per_winter=2, winter_timer_s=0)  # no clock: the table's limit
    store = senji_store(4, SEED, ["human"] * 4, options)
    bot = SENJI.bots()["smart"]
    rng = Rng(seed=3)
    floors = 0
    while store.state.year <= 2 and not store.state.over:
        state = store.state
        for seat in range(4):
            mine = SENJI.open_actions(state, seat)
            if state.step == "winter_floor" and state.offers_left[seat] > 0:
                floors += 1
                assert mine == [act("open_offer", by=seat)]
                assert all(a in SENJI.legal_actions(state) for a in mine)  # one of the mover's
                # Public facts only: every seat's view gives the same.
                assert all(SENJI.open_actions(SENJI.view(state, v), seat) == mine for v in (None, 0, 1, 2, 3))
            else:
                assert mine == []
        seat = store.to_move()
        actions = store.legal_actions()
        if state.step == "winter_floor" and any(a.kind == "open_offer" for a in actions) and rng.below(2):
            store.dispatch(rng.choice([a for a in actions if a.kind == "open_offer"]))
        else:
            store.dispatch(bot(SENJI, store.view(seat), seat, actions, rng))
    assert floors > 4


def test_a_bot_waits_on_the_floor_while_a_player_can_open_an_offer():
    options = SenjiOptions(players=3, offers_per_winter=1, winter_timer_s=0)  # no clock: the table's limit
    store, _, host = floor_table(options)
    others = [s for s in range(3) if s != host]
    state = store.state
    assert SENJI.humans_may_act(state, others)
    assert not SENJI.humans_may_act(state, [])  # an all-bot table: the host closes at once
    state.offers_left[others[0]] = 0
    assert SENJI.humans_may_act(state, others) and not SENJI.humans_may_act(state, others[:1])


def test_the_winter_clock_runs_from_the_floor_to_its_close():
    options = SenjiOptions(players=3, winter_timer_s=120)
    store, _, _ = floor_table(options)
    key, seconds, action = SENJI.clock(store.state)
    assert seconds == 120 and action == act("time_up")
    store.dispatch(act("end_negotiation"))
    assert SENJI.clock(store.state) is None
    no_clock, _, _ = floor_table(SenjiOptions(players=3, winter_timer_s=0))
    assert SENJI.clock(no_clock.state) is None


# -- over the network -----------------------------------------------------------------------
async def test_remote_players_negotiate_under_a_bot_host_until_they_are_done():
    options = SenjiOptions(players=3, offers_per_winter=1, winter_timer_s=0)
    store, setup, host = floor_table(options, open_now=False)
    a, b = [s for s in range(3) if s != host]
    states = {}
    store.subscribe(lambda s: states.__setitem__(s.revision, s.state))  # committed states never change
    async with hosting(store) as table:
        conn_a, ra, refused_a = await join(table, a)
        conn_b, rb, refused_b = await join(table, b)
        open_floor(store, setup)
        await until(lambda: ra.state.step == rb.state.step == "winter_floor")
        # Each player is offered their own offer, never the other's; the players run the
        # floor for the bot host, so ending the negotiation is theirs too (as at one screen).
        assert ra.legal_actions() == [act("open_offer", by=a), act("end_negotiation")]
        assert rb.legal_actions() == [act("open_offer", by=b), act("end_negotiation")]
        await asyncio.sleep(0.3)  # the bot host (no delay) does not close the floor under them
        assert store.state.step == "winter_floor" and store.revision == len(setup)

        await choose(ra, act("open_offer", by=a))
        assert ra.to_move() == a and ra.state.step == "offer_compose"
        await choose(ra, act("offer_to", seat=b))
        give = first(ra, "offer_add", "up")
        await choose(ra, give)
        await choose(ra, act("offer_send"))
        await until(lambda: rb.to_move() == b)
        reply = first(rb, "reply_add", "down")
        await choose(rb, reply)
        await choose(rb, act("accept"))
        await until(lambda: ra.to_move() == a)
        await choose(ra, act("confirm"))
        assert store.state.step == "winter_floor"
        assert give.card in store.state.diplo_hands[b] and reply.card in store.state.diplo_hands[a]

        # a has no offer left; b has one: the floor stays open for b.
        await until(lambda: ra.legal_actions() == [] and rb.legal_actions()[0] == act("open_offer", by=b))
        await asyncio.sleep(0.3)
        assert store.state.step == "winter_floor"
        await choose(rb, act("open_offer", by=b))
        await choose(rb, act("offer_to", seat=a))
        await choose(rb, act("offer_cancel"))
        # Nobody at the table can open an offer now: the bot host closes the floor.
        await until(lambda: store.state.step not in WINTER)
        assert refused_a == refused_b == []
        await conn_a.close()
        await conn_b.close()
    floor = [
        act("open_offer", by=a), act("offer_to", seat=b), give, act("offer_send"), reply, act("accept"),
        act("confirm"), act("open_offer", by=b), act("offer_to", seat=a), act("offer_cancel"),
        act("end_negotiation"),
    ]
    assert entries(store, len(setup))[:len(floor)] == floor
    opened = [e for e in store.log[len(setup):] if e.action["kind"] in ("open_offer", "end_negotiation")]
    # Each offer is the move of the player who opened it (in the host's turn); the host
    # (a bot) ends the negotiation.
    assert [e.seat for e in opened] == [a, b, host]
    # The table goes on into the auction (the bot host may have bid already): compare the
    # host's state at the floor's close with the same actions played at one screen.
    reference = at_one_screen(options, setup + floor)
    assert states[reference.revision].model_dump_json() == reference.state.model_dump_json()
    assert "The host ends the negotiation." in [ln.text for ln in reference.state.log]


async def test_the_floor_stays_open_under_a_bot_host_until_the_winter_clock_runs_out():
    options = SenjiOptions(players=3, offers_per_winter=3, winter_timer_s=120)
    store, setup, host = floor_table(options, open_now=False)
    a, b = [s for s in range(3) if s != host]
    states = {}
    store.subscribe(lambda s: states.__setitem__(s.revision, s.state))
    speed = 80.0  # the 2:00 clock runs in 1.5 s (the offer and its refusal take some 0.06 s)
    async with hosting(store, clock_speed=speed) as table:
        conn_a, ra, _ = await join(table, a)
        conn_b, rb, _ = await join(table, b)
        open_floor(store, setup)  # the clock starts
        started = time.monotonic()
        await until(lambda: ra.state.step == "winter_floor")
        await choose(ra, act("open_offer", by=a))
        await choose(ra, act("offer_to", seat=b))
        await choose(ra, act("offer_send"))  # a pure request
        await until(lambda: rb.to_move() == b)
        await choose(rb, act("refuse"))
        await until(lambda: store.state.step not in WINTER)
        closed = time.monotonic() - started
        await conn_a.close()
        await conn_b.close()
    assert closed >= 120 / speed - 0.2  # not before 0:00, though both still had offers
    floor = [act("open_offer", by=a), act("offer_to", seat=b), act("offer_send"), act("refuse"), act("time_up")]
    assert entries(store, len(setup))[:len(floor)] == floor
    reference = at_one_screen(options, setup + floor)
    assert "Time is up: the winter floor closes." in [ln.text for ln in reference.state.log]
    assert states[reference.revision].model_dump_json() == reference.state.model_dump_json()


async def test_a_player_cannot_open_an_offer_for_another_seat():
    options = SenjiOptions(players=3, winter_timer_s=0)
    store, setup, host = floor_table(options, open_now=False)
    a, b = [s for s in range(3) if s != host]
    async with hosting(store) as table:
        conn, ra, refused = await join(table, a)
        open_floor(store, setup)
        await until(lambda: ra.state.step == "winter_floor")
        with pytest.raises(IllegalAction):
            ra.dispatch(act("open_offer", by=b))  # the screen refuses at once
        # A hostile screen sending it anyway is refused by the host, and the table is unchanged.
        ra.send(P.Act(revision=ra.revision, action=SENJI.dump_action(act("open_offer", by=b))))
        await until(lambda: len(refused) == 1)
        assert refused == [ANOTHERS]
        assert store.revision == len(setup) and store.state.step == "winter_floor"
        await conn.close()


async def test_a_remote_host_opens_only_its_own_offer_and_ends_the_negotiation():
    options = SenjiOptions(players=3, winter_timer_s=0)
    store, setup, host = floor_table(options, host_kind=REMOTE)
    a, b = [s for s in range(3) if s != host]
    async with hosting(store) as table:
        conn, rh, refused = await join(table, host)
        assert rh.legal_actions() == [act("open_offer", by=host), act("end_negotiation")]
        rh.send(P.Act(revision=rh.revision, action=SENJI.dump_action(act("open_offer", by=a))))
        await until(lambda: refused == [ANOTHERS])
        assert store.revision == len(setup)
        await choose(rh, act("end_negotiation"))
        assert store.state.step not in WINTER
        await conn.close()


async def test_a_bot_host_closes_the_floor_once_the_players_with_offers_have_left():
    options = SenjiOptions(players=3, winter_timer_s=0)
    store, setup, host = floor_table(options, open_now=False)
    a, _ = [s for s in range(3) if s != host]
    async with hosting(store) as table:
        conn, ra, _ = await join(table, a)
        open_floor(store, setup)
        await asyncio.sleep(0.3)
        assert store.state.step == "winter_floor"  # a is at the table with offers
        await conn.close()
        # Nobody left at the table may open an offer: the bot host acts on the floor (as at
        # a table of bots it gives itself the floor, issue 28: its offer waits for an answer).
        await until(lambda: store.state.step != "winter_floor")
    assert entries(store, len(setup))[0] in (act("end_negotiation"), act("open_offer", by=host))


async def test_the_hosts_screen_opens_offers_for_its_own_players_only():
    options = SenjiOptions(players=3, winter_timer_s=0)
    setup, host = to_the_floor(options)
    here = (host + 1) % 3
    controllers = ["smart" if s == host else "human" if s == here else REMOTE for s in range(3)]
    store = senji_store(3, SEED, controllers, options)
    for action in setup:
        store.dispatch(action)
    far = next(s for s in range(3) if s not in (host, here))
    async with hosting(store) as table:
        seats = HostSeats(table)
        await asyncio.sleep(0.3)  # the player here may open an offer: the bot host waits
        assert store.state.step == "winter_floor"
        assert seats.legal_actions() == [act("open_offer", by=here), act("end_negotiation")]
        with pytest.raises(IllegalAction):
            seats.dispatch(act("open_offer", by=far))
        seats.dispatch(act("open_offer", by=here))
        assert store.state.step == "offer_compose" and store.to_move() == here
        assert store.log[-1].seat == here  # the move of the player who opened it


async def test_a_remote_players_board_shows_their_offer_and_opens_it_with_a_key():
    from screens.board import BoardScreen
    from screens.app import seat_app

    options = SenjiOptions(players=3, winter_timer_s=0)
    store, setup, host = floor_table(options, open_now=False)
    a, _ = [s for s in range(3) if s != host]
    async with hosting(store) as table:
        conn, ra, _ = await join(table, a)
        app = seat_app(("store", ra))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            open_floor(store, setup)
            screen = app.screen
            assert isinstance(screen, BoardScreen)
            await until(lambda: screen.actions == [act("open_offer", by=a), act("end_negotiation")])
            assert screen.frame.seat is None  # the public floor, no curtain
            await pilot.press(next(k for k in screen.keys if k is not None))  # as a player
            await until(lambda: store.state.step == "offer_compose" and store.to_move() == a)
            await until(lambda: screen.actions and all(x.kind in ("offer_to", "offer_cancel") for x in screen.actions))
            assert screen.frame.seat == a
        await conn.close()


async def test_a_remote_player_ends_the_negotiation_for_a_bot_host_as_at_one_screen():
    options = SenjiOptions(players=3, winter_timer_s=120)
    store, setup, host = floor_table(options, open_now=False)
    a, b = [s for s in range(3) if s != host]
    async with hosting(store) as table:
        conn_a, ra, _ = await join(table, a)
        conn_b, rb, _ = await join(table, b)
        open_floor(store, setup)
        await until(lambda: act("end_negotiation") in rb.legal_actions())
        await choose(rb, act("end_negotiation"))
        assert store.state.step not in WINTER
        assert store.log[len(setup)].seat == host and store.log[len(setup)].action["kind"] == "end_negotiation"
        await conn_a.close()
        await conn_b.close()
