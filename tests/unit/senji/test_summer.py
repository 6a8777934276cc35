"""Summer resolution (spec §4.5, §5.1-5.5) and acceptance scenarios 5-8."""

import pytest

from rules.common import IllegalAction
from rules.senji import GAME
from rules.senji.actions import (
    Activate, ActivateFleet, AddSamurai, AddUnits, Dest, FleetLand, FleetSail, FleetStay, Go,
    MoveDone, Support,
)
from rules.senji.board import fleet
from rules.senji.state import Fleet

from .helpers import G, P, R, blank, do, kinds, place, summer


def test_sea_raid_scenario_5():
    s = blank()
    place(s, R, "nagato", 4, "N")
    s.provinces["nagato"].order = "movement"
    summer(s)
    do(s, Activate(province="nagato"), Dest(province="kii", sea="S"), AddUnits(n=4),
       AddSamurai(letter="N"))
    s.forced_dice = list("RGRB")
    do(s, Go())
    kii = s.provinces["kii"]
    assert kii.owner == R and kii.units == 2 and kii.samurai == ["N"]
    assert s.supply[R] == 12 - 2
    assert any("Landing roll: R G R B: 2 units lost" in line.text for line in s.log)
    fortresses = sum(1 for pr in s.provinces.values() if pr.owner == R)
    assert fortresses == 2  # one more fortress left R's supply


def test_sea_raid_into_enemy_starts_combat():
    s = blank()
    place(s, R, "nagato", 4, "N")
    place(s, P, "kii", 1)
    s.provinces["nagato"].order = "movement"
    summer(s)
    do(s, Activate(province="nagato"), Dest(province="kii", sea="S"), AddUnits(n=4),
       AddSamurai(letter="N"))
    s.forced_dice = list("RGRB")
    do(s, Go())
    assert s.step == "combat_support_D" and s.combat.att_units == 2
    assert s.combat.att_samurai == ["N"]


def test_recruitment_caps_scenario_6():
    s = blank()
    place(s, R, "aki", 5)
    s.provinces["aki"].order = "recruitment"
    summer(s)
    do(s, Activate(province="aki"))
    assert s.provinces["aki"].units == 6

    s = blank()
    for p, n in (("aki", 6), ("nagato", 3), ("harima", 2)):
        place(s, R, p, n)
    assert s.supply[R] == 1
    s.provinces["harima"].order = "recruitment"
    summer(s)
    do(s, Activate(province="harima"))
    assert s.provinces["harima"].units == 3 and s.supply[R] == 0

    s = blank()
    place(s, R, "aki", 5)
    place(s, R, "harima", 2, "H")
    assert s.supply[R] == 5
    s.provinces["harima"].order = "recruitment"
    summer(s)
    do(s, Activate(province="harima"))
    assert s.provinces["harima"].units == 5


def test_production_and_kenshin():
    s = blank()
    place(s, R, "aki", 1)
    place(s, R, "harima", 1, "F")
    s.provinces["aki"].order = "production"
    s.provinces["harima"].order = "production"
    summer(s)
    n = len(s.hana_hands[R])
    do(s, Activate(province="aki"))
    assert len(s.hana_hands[R]) == n + 2
    do(s, Activate(province="harima"))
    assert len(s.hana_hands[R]) == n + 6


def test_fleet_limit_scenario_7():
    s = blank()
    place(s, R, "echizen", 3)
    s.fleets.append(Fleet(sea="N", seat=R, units=5))
    s.supply[R] -= 5
    s.provinces["echizen"].order = "movement"
    summer(s)
    do(s, Activate(province="echizen"), Dest(sea="N"))
    assert [a.n for a in GAME.legal_actions(s) if a.kind == "add_units"] == [1]

    s = blank()
    place(s, R, "aki", 0)
    s.fleets += [Fleet(sea="S", seat=R, units=4), Fleet(sea="N", seat=R, units=5)]
    s.supply[R] -= 9
    summer(s)
    do(s, ActivateFleet(sea="S", family="R"))
    assert "fleet_sail" not in kinds(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, FleetSail())


def test_fleet_sails_and_lands_without_roll():
    s = blank()
    place(s, R, "aki", 1)
    s.fleets.append(Fleet(sea="S", seat=R, units=3, samurai=["O"]))
    s.supply[R] -= 3
    s.samurai_deck.remove("O")
    summer(s)
    assert s.fleets[0].due
    do(s, ActivateFleet(sea="S", family="R"), FleetLand(), Dest(province="kii"), AddUnits(n=2), Go())
    assert s.provinces["kii"].owner == R and s.provinces["kii"].units == 2
    assert fleet(s, "S", R).units == 1
    do(s, MoveDone())
    assert s.step == "autumn_call"


def test_new_fleet_is_not_due_but_joiners_ride_along():
    s = blank()
    place(s, R, "aki", 3)
    place(s, R, "izumo", 2)
    s.provinces["aki"].order = "movement"
    s.provinces["izumo"].order = "movement"
    s.fleets.append(Fleet(sea="N", seat=R, units=1))
    s.supply[R] -= 1
    summer(s)
    do(s, Activate(province="aki"), Dest(sea="S"), AddUnits(n=3), Go())
    assert not fleet(s, "S", R).due
    do(s, Activate(province="izumo"), Dest(sea="N"), AddUnits(n=2), Go())
    assert fleet(s, "N", R).due and fleet(s, "N", R).units == 3
    assert ActivateFleet(sea="S", family="R") not in GAME.legal_actions(s)
    do(s, ActivateFleet(sea="N", family="R"), FleetStay())
    assert s.step == "autumn_call"


def test_province_cap_scenario_8():
    s = blank()
    for p in ("echigo", "echizen", "shinano", "musashi", "dewa", "owari"):
        place(s, R, p, 1)
    place(s, R, "echigo", 3)
    place(s, G, "mutsu", 1)
    s.provinces["echigo"].order = "movement"
    summer(s)
    do(s, Activate(province="echigo"))
    dests = [a for a in GAME.legal_actions(s) if a.kind == "dest"]
    lands = {a.province for a in dests if a.sea is None and a.province}
    assert lands == {"echizen", "shinano", "musashi", "dewa"}
    assert Dest(sea="N") in dests
    assert all(s.provinces[a.province].owner == R for a in dests if a.province)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Dest(province="mutsu"))
    assert "6" in str(e.value)
    s.provinces["owari"].owner = None
    s.supply[R] += 1
    s.provinces["owari"].units = 0
    dests = [a for a in GAME.legal_actions(s) if a.kind == "dest"]
    assert Dest(province="mutsu") in dests and Dest(province="izumo", sea="N") in dests


def test_neutral_provinces_are_never_targets():
    s = blank()
    place(s, R, "nagato", 2)
    s.provinces["nagato"].order = "movement"
    summer(s)
    do(s, Activate(province="nagato"))
    dests = GAME.legal_actions(s)
    assert Dest(province="kyushu") not in dests and Dest(province="shikoku", sea="S") not in dests


def test_chain_moves_and_samurai_alone():
    s = blank()
    place(s, R, "nagato", 1, "O")
    place(s, R, "aki", 0)
    s.provinces["nagato"].order = "movement"
    s.provinces["aki"].order = "movement"
    summer(s)
    do(s, Activate(province="nagato"), Dest(province="aki"), AddSamurai(letter="O"), Go(), MoveDone())
    do(s, Activate(province="aki"), Dest(province="harima"), AddSamurai(letter="O"), Go())
    assert s.provinces["harima"].owner == R and s.provinces["harima"].samurai == ["O"]


def test_attacker_wins_with_nothing_left_still_captures():
    s = blank()
    place(s, R, "nagato", 1)
    place(s, G, "izumo", 1)
    s.provinces["nagato"].order = "movement"
    summer(s)
    s.forced_dice = list("RYYYYYYYY")
    do(s, Activate(province="nagato"), Dest(province="izumo"), AddUnits(n=1), Go(),
       Support(card="G-D0"), Support(card="R-D0"))
    assert s.provinces["izumo"].owner == R and s.provinces["izumo"].units == 0
