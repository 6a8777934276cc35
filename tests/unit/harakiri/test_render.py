"""The grid's cells: a door is shown closed until it is opened, then open (spec §9)."""

from rules.harakiri import GAME
from rules.harakiri.core import open_doors
from rules.harakiri.effects import effect, events_left
from rules.harakiri.model import Job, pos
from rules.harakiri.render import cell


def test_the_temple_door_is_closed_until_opened_then_shows_open():
    s = GAME.new(GAME.Options(scenario="ossuary_bell"), 1)
    door = pos(4, 6)
    assert s.squares[door].terrain == "door" and not open_doors(s)
    assert cell(s, door) == " !D"  # the interaction point stands on the closed door
    effect(s, Job(kind="effect", text="open_door", target="D"))
    s.points = [pt for pt in s.points if pt.id != "D"]  # the entry's "remove"
    assert open_doors(s) == {door}
    assert cell(s, door) == " ''"


def test_events_left_count_down_as_zone_events_are_drawn():
    s = GAME.new(GAME.Options(scenario="drowned_shrine"), 1)
    before = events_left(s)["Z1"]
    z = next(z for z in s.zones if z.id == "Z1")
    z.next["green"] += 1
    assert events_left(s)["Z1"]["green"] == before["green"] - 1
    assert events_left(s)["Z1"]["red"] == before["red"]
