"""Who took a move on the winter floor: an offer opened by Green in the (bot) host's turn
is Green's move in the log, in undo's words and in a replay's eyes."""

from rules.senji import GAME
from rules.senji.actions import OpenOffer
from rules.senji.year import start_winter
from tabletop.replay import Replay
from tabletop.store import Seat, Store

from .helpers import G, R, blank, place


def floor_store() -> Store:
    s = blank(4)
    place(s, R, "aki", 1)
    start_winter(s)
    seats = [Seat("Red", "smart"), Seat("Green"), Seat("Purple"), Seat("Black")]
    return Store(GAME, s.options, 1, seats, s)


def test_an_offer_opened_on_the_floor_is_the_move_of_the_player_who_opened_it():
    store = floor_store()
    assert store.to_move() == R  # the host: Red, a bot
    entry = store.dispatch(OpenOffer(by=G))
    assert entry.seat == G
    # Undo takes back bot moves down to a human's: Green's own move is where it stops.
    assert store.seats[entry.seat].is_human


def test_the_host_ending_the_negotiation_is_still_the_hosts_move():
    store = floor_store()
    from rules.senji.actions import EndNegotiation

    assert store.dispatch(EndNegotiation()).seat == R


def test_a_replay_shows_the_offer_through_the_eyes_of_the_player_who_opened_it():
    import random

    from rules.senji.state import SenjiOptions

    options = SenjiOptions(players=3)
    store = Store.new(GAME, options, 7, [Seat(n) for n in GAME.seat_labels(options)])
    rng = random.Random(2)
    while store.state.step != "winter_floor":
        store.dispatch(rng.choice(store.legal_actions()))
    other = next(s for s in range(3) if s != store.to_move() and OpenOffer(by=s) in store.legal_actions())
    store.dispatch(OpenOffer(by=other))
    replay = Replay.from_store(store)
    assert replay.mover(replay.length) == other
