"""Setup, Welcoming the Emperor, spring orders and the end of the game (scenarios 18, 19)."""

import pytest

from rules.common import IllegalAction
from rules.senji import GAME
from rules.senji.actions import ChooseHost, Claim, Garrison, KeepSamurai, Order, OrdersConfirm
from rules.senji.board import owned
from rules.senji.data import data
from rules.senji.state import SenjiOptions
from rules.senji.year import end_year, start_spring, start_year

from .helpers import G, P, R, blank, do, kinds, place

D = data()


@pytest.mark.parametrize("players,neutral,missing", [
    (6, [], []), (5, ["kyushu"], ["Y"]), (4, ["kyushu", "shikoku"], ["B", "Y"]),
    (3, ["kyushu", "shikoku", "mutsu"], ["B", "K", "Y"]),
])
def test_setup_by_player_count(players, neutral, missing):
    s = GAME.new(SenjiOptions(players=players), 7)
    assert [p for p, pr in s.provinces.items() if pr.neutral] == neutral
    assert sorted(s.missing_decks) == missing
    assert all(len(d) == 11 for d in s.missing_decks.values())
    assert sorted(s.boxed) == [f"{f}-D0" for f in missing]
    assert all(len(h) == 4 for h in s.hana_hands) and all(len(h) == 12 for h in s.diplo_hands)
    assert all(len(d) == 3 for d in s.setup_draws)
    GAME.check_invariants(s)


def test_land_graph_connected_without_neutrals():
    for pc in D.by_players.values():
        live = [p for p in D.province_order if p not in pc.neutral]
        seen, todo = {live[0]}, [live[0]]
        while todo:
            for n in D.neighbours[todo.pop()]:
                if n in live and n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == set(live)


def test_samurai_pick_and_placement():
    s = GAME.new(SenjiOptions(players=3), 3)
    draws = [list(d) for d in s.setup_draws]
    assert GAME.view(s, G).setup_draws[R] == ["?"] * 3
    for seat in range(3):
        assert GAME.to_move(s) == seat
        do(s, KeepSamurai(letter=draws[seat][0]))
    assert s.honor == [D.samurai[d[0]].honor for d in draws]
    assert sorted(s.samurai_discard) == sorted(x for d in draws for x in d[1:])
    assert max(s.honor) == s.honor[s.host]
    host = s.host
    assert s.step == "setup_claim" and GAME.to_move(s) == host
    assert Claim(province="kyushu") not in GAME.legal_actions(s)
    do(s, Claim(province="aki"))
    assert len(GAME.legal_actions(s)) == 8  # 0..3 units, samurai or not
    do(s, Garrison(units=0, samurai=True), Claim(province="izumo"), Garrison(units=1, samurai=False))
    do(s, Claim(province="harima"))
    assert s.provinces["harima"].units == 2 and s.provinces["aki"].samurai == [draws[host][0]]
    assert GAME.to_move(s) == (host + 1) % 3
    while s.step.startswith("setup"):
        do(s, GAME.legal_actions(s)[0])
    assert s.year == 1 and s.step == "winter_floor" and s.host == host
    assert all(len(owned(s, x)) == 3 and s.supply[x] == 9 for x in range(3))


def test_first_host_tie_rolls_dice():
    s = GAME.new(SenjiOptions(players=3), 11)
    s.setup_draws = [["A", "C", "D"], ["B", "E", "F"], ["L", "G", "H"]]
    s.samurai_deck = [x for x in D.samurai_letters if x not in "ACDBEFLGH"]
    s.forced_dice = list("RRGGPPYYB") + list("GGGRRPYYB")
    for seat, letter in enumerate("ABL"):
        do(s, KeepSamurai(letter=letter))
    assert s.honor == [4, 4, 4] and s.host == G
    assert sum("Host tie" in line.text for line in s.log) == 2


def test_host_tie_scenario_19():
    s = blank()
    s.year = 2
    s.host = G
    s.honor = [25, 22, 25, 3]
    start_year(s)
    assert s.step == "emperor_tie" and GAME.to_move(s) == G
    assert GAME.legal_actions(s) == [ChooseHost(seat=R), ChooseHost(seat=P)]
    with pytest.raises(IllegalAction):
        GAME.apply(s, ChooseHost(seat=G))
    do(s, ChooseHost(seat=P))
    assert s.host == P and s.step == "winter_floor"


def test_highest_honor_hosts():
    s = blank()
    s.year, s.honor = 1, [5, 9, 30, 3]
    start_year(s)
    assert s.host == P and s.year == 2


def test_end_of_game_tie_scenario_18():
    s = blank(3)
    s.year, s.honor = 7, [61, 61, 55]
    end_year(s)
    assert not s.over and s.tiebreak_year and s.year == 8
    s.honor = [64, 62, 58]
    end_year(s)
    o = GAME.outcome(s)
    assert s.over and o.results == ("win", "loss", "loss") and o.scores == (64, 62, 58)
    assert GAME.to_move(s) is None and GAME.legal_actions(s) == []

    s = blank(3)
    s.year, s.honor = 7, [61, 61, 55]
    end_year(s)
    s.honor = [63, 63, 58]
    end_year(s)
    assert GAME.outcome(s).results == ("win", "win", "loss")


def test_unique_leader_at_60_wins():
    s = blank(3)
    s.year, s.honor = 4, [60, 59, 10]
    end_year(s)
    assert GAME.outcome(s).results == ("win", "loss", "loss")


def test_turn_limit():
    s = blank(3, turn_limit=5)
    s.year, s.honor = 5, [10, 12, 3]
    end_year(s)
    assert GAME.outcome(s).results == ("loss", "win", "loss")


def test_spring_orders_are_secret_and_complete():
    s = blank()
    place(s, R, "aki", 1)
    place(s, R, "izumo", 1)
    place(s, G, "tango", 1)
    start_spring(s)
    assert GAME.to_move(s) == R and len(GAME.legal_actions(s)) == 6
    do(s, Order(province="aki", order="movement"))
    assert "orders_confirm" not in kinds(s)
    do(s, Order(province="izumo", order="production"))
    assert GAME.legal_actions(s) == [OrdersConfirm()]
    do(s, OrdersConfirm())
    assert GAME.to_move(s) == G
    assert GAME.view(s, G).provinces["aki"].order == "?"
    assert GAME.view(s, R).provinces["aki"].order == "movement"
    # Red's own movement order face down (→?), another player's face-down order (▪).
    assert "→?" in GAME.render(GAME.view(s, R), R) and "▪" in GAME.render(GAME.view(s, G), G)
    assert "→?" not in GAME.render(GAME.view(s, G), G)
    do(s, Order(province="tango", order="recruitment"), OrdersConfirm())
    assert s.step == "summer_pick" and GAME.to_move(s) == R
