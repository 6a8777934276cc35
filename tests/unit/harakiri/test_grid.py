"""Spec §5.1-§5.3 and acceptance scenarios 1-5: range, line of sight, movement."""

import pytest

from rules.common import IllegalAction
from rules.harakiri import GAME
from rules.harakiri.grid import distance, los, trace
from rules.harakiri.model import EndMove, StartMove, Step, Sub, pos

from .helpers import ch, tiny

EMPTY5 = ["....."] * 5


@pytest.mark.parametrize("b, r", [((3, 1), 3), ((2, 2), 2), ((1, 2), 3), ((4, 0), 4), ((1, 1), 1), ((4, 2), 6)])
def test_range_from_origin(b, r):
    assert distance(pos(0, 0), pos(*b)) == r
    assert len(trace(pos(0, 0), pos(*b))[0]) == r


def test_corner_line_enters_only_the_diagonal():
    entered, touched = trace(pos(0, 0), pos(1, 1))
    assert entered == [pos(1, 1)]
    assert sorted(touched) == sorted([pos(1, 0), pos(0, 1)])


def _los(rows, a, b, chars=None, enemies=None):
    s = tiny(rows, chars=chars, enemies=enemies)
    return los(s, "ally", pos(*a), pos(*b))


def test_los_one_corner_is_allowed():
    assert _los([".o...", ".....", "....."], (0, 0), (2, 2), enemies=[("ashigaru", (2, 2))])


def test_los_two_corners_block():
    assert not _los([".o...", ".....", ".o..."], (0, 0), (2, 2), enemies=[("ashigaru", (2, 2))])


def test_los_allies_never_block_but_enemies_do():
    assert _los(EMPTY5, (0, 0), (2, 2), chars={"hikaru": (0, 0), "tomoe": (1, 1)},
                enemies=[("ashigaru", (2, 2))])
    assert not _los(EMPTY5, (0, 0), (2, 2), chars={"hikaru": (0, 0)},
                    enemies=[("ashigaru", (2, 2)), ("akaname", (1, 1))])


def test_los_entered_square_blocks_touched_does_not():
    assert not _los([".o...", "....."], (0, 0), (3, 1))
    assert _los(["..o..", "....."], (0, 0), (3, 1))
    assert not _los(["..o..", ".o..."], (0, 0), (3, 1))


def _mover(rows, chars, enemies, who, mp):
    s = tiny(rows, chars=chars, enemies=enemies, active="c:" + who)
    ch(s, who).ap = 0
    ch(s, who).moved = True
    s.sub = Sub(kind="move", mp=mp)
    return s


def test_diagonal_past_an_enemy_is_blocked():
    s = _mover(EMPTY5, {"hikaru": (1, 1)}, [("ashigaru", (2, 1))], "hikaru", 3)
    assert Step(x=2, y=2) not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, Step(x=2, y=2))
    GAME.apply(s, Step(x=1, y=2))
    GAME.apply(s, Step(x=2, y=2))
    assert ch(s, "hikaru").p == pos(2, 2) and s.sub.mp == 1


def test_diagonal_past_an_ally_is_allowed():
    s = _mover(EMPTY5, {"hikaru": (1, 1), "tomoe": (2, 1)}, [], "hikaru", 3)
    assert Step(x=2, y=2) in GAME.legal_actions(s)


def test_difficult_terrain_is_paid_when_leaving():
    s = tiny([".~...", "....."], chars={"hikaru": (0, 0)}, active="c:hikaru")
    ch(s, "hikaru").ap = 3
    GAME.apply(s, StartMove())
    assert s.sub.mp == 3
    GAME.apply(s, Step(x=1, y=0))
    assert s.sub.mp == 2
    GAME.apply(s, Step(x=2, y=0))
    assert s.sub.mp == 0
    s = tiny([".~...", "....."], chars={"hikaru": (1, 0)}, active="c:hikaru")
    ch(s, "hikaru").ap = 3
    GAME.apply(s, StartMove())
    GAME.apply(s, Step(x=2, y=0))
    assert s.sub.mp == 1


def test_end_move_needs_an_empty_square():
    s = _mover(EMPTY5, {"hikaru": (1, 1), "tomoe": (2, 1)}, [], "hikaru", 3)
    GAME.apply(s, Step(x=2, y=1))
    assert EndMove() not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, EndMove())
    GAME.apply(s, Step(x=3, y=1))
    GAME.apply(s, EndMove())
    assert s.sub is None


def test_ladder_links_heights():
    rows = ["..L..", "....."]
    heights = ["00001", "00000"]
    s = tiny(rows, heights=heights, chars={"hikaru": (2, 0)}, active="c:hikaru")
    from rules.harakiri.grid import Mover, occupancy, resistor_squares, step_ok
    occ, res = occupancy(s), resistor_squares(s)
    m = Mover(side="ally")
    assert not step_ok(s, m, pos(3, 0), pos(4, 0), 3, occ, res)
    s.squares[pos(3, 0)] = s.squares[pos(3, 0)].model_copy(update={"link": pos(4, 0)})
    s.squares[pos(4, 0)] = s.squares[pos(4, 0)].model_copy(update={"link": pos(3, 0)})
    assert step_ok(s, m, pos(3, 0), pos(4, 0), 3, occ, res)
    assert not step_ok(s, Mover(side="foe", large=True), pos(3, 0), pos(4, 0), 3, occ, res)



def test_a_square_costs_the_cheapest_path_not_the_fewest_steps():
    # From (0,0) to (2,0) in two steps: straight over the difficult (1,0) costs 1 + 2 = 3 MP
    # (difficult is paid when leaving it), the diagonal dip through (1,1) costs 2.
    from rules.harakiri.grid import Mover, cheapest, occupancy, path_to, resistor_squares
    s = tiny([".~.", "..."], chars={"hikaru": (0, 0)}, active="c:hikaru")
    cost, parent = cheapest(s, Mover(side="ally"), pos(0, 0), 3, occupancy(s), resistor_squares(s))
    assert cost[pos(2, 0)] == 2
    assert path_to(parent, pos(0, 0), pos(2, 0)) == [pos(0, 0), pos(1, 1), pos(2, 0)]
    assert cost[pos(1, 0)] == 1  # entering difficult terrain costs 1
    # With 1 MP the character can only take one step of the way.
    cost, _ = cheapest(s, Mover(side="ally"), pos(0, 0), 1, occupancy(s), resistor_squares(s))
    assert pos(2, 0) not in cost and cost[pos(1, 1)] == 1
