"""Derived structures kept for issue 28's speed must always answer as a fresh computation:
the reach search on the flat board (squares numbered, steps as lists of numbers), the board
lookups a character's legal list takes over from the last list, and the enemies' statistics
read once per type."""

from __future__ import annotations

from rules.common import Rng
from rules.harakiri import GAME, character, core, data, grid
from rules.harakiri.core import enemy_stats, stats_of
from rules.harakiri.model import Enemy

from .helpers import random_game

OPTION_SETS = ({}, {"players": 2, "scenario": "ossuary_bell", "level": 2},
               {"players": 4, "adventure_result": "failure", "level": 3, "kami_affinity": 6})


def _random_play(seeds, each_position=None):
    """Play random games; ``each_position(state)`` is called before every action."""
    for opts in OPTION_SETS:
        options = GAME.parse_options(opts) if opts else GAME.Options()
        for seed in seeds:
            random_game(options, seed, before=each_position)


def _plain_reach(g, m, start, budget, occ, res, blocked, ends_only):
    """The reach search as the spec tells it, over the squares themselves: breadth first by
    steps, keeping per square the least MP spent (a visit spending as much or more goes no
    further), a square's steps and parent from the visit that first reached it."""
    edges, ends = g.tables(m)
    steps, parent, least = {start: 0}, {}, {start: 0}
    layer, k = [(start, 0)], 0
    while layer:
        k += 1
        nxt = []
        for p, spent in layer:
            for n, cost, must_be_free in edges.get(p, ()):
                total = spent + cost
                if total > budget or any(s in blocked for s in must_be_free):
                    continue
                if total >= least.get(n, budget + 1):
                    continue
                if n not in least:
                    steps[n], parent[n] = k, p
                least[n] = total
                nxt.append((n, total))
        layer = nxt
    if ends_only:
        steps = {s: v for s, v in steps.items()
                 if s == start or (s in ends and s not in res and s not in occ)}
    return steps, parent


def test_the_flat_reach_search_finds_what_the_plain_one_finds_over_random_play(monkeypatch):
    searched = []
    flat = grid._reachable

    def noted(*args):
        searched.append(args)
        return flat(*args)

    monkeypatch.setattr(grid, "_reachable", noted)
    # searches remembered by earlier tests in this process would not be searched again here
    monkeypatch.setattr(grid, "_REACHED", {})
    _random_play(range(1, 9))
    assert len(searched) > 200
    diagonal_blocked = 0
    for g, m, start, budget, occ, res, blocked, ends_only in searched:
        for ends in (True, False):
            got = flat(g, m, start, budget, occ, res, blocked, ends)
            want = _plain_reach(g, m, start, budget, occ, res, blocked, ends)
            assert got == want
            assert list(got[0]) == list(want[0]) and list(got[1]) == list(want[1])  # same order
        edges, _ = g.tables(m)
        diagonal_blocked += any(len(dyn) == 3 and dyn[2] in blocked and dyn[0] not in blocked
                                for row in edges.values() for _, _, dyn in row)
    assert diagonal_blocked > 20  # steps whose far corner alone is blocked were searched


def test_the_board_lookups_taken_over_are_the_fresh_ones_over_random_play():
    seen = {"lists": 0, "taken_over": 0, "sights": 0}
    last = [None]

    def check(state):
        if state.pending is not None or not (state.active or "").startswith("c:"):
            return
        board = character._Board(state)
        occ, res, g = board.occ, board.res, board.g
        seen["lists"] += 1
        seen["taken_over"] += occ is last[0]
        last[0] = occ
        assert occ == grid.occupancy(state)
        assert res == grid.resistor_squares(state)
        assert g is grid.geometry(state)
        for k, v in list(board.seen.items()):
            a, b = k >> 16, k & 0xFFFF
            assert v == grid.los(state, "ally", a, b), (a, b)
            seen["sights"] += 1

    _random_play(range(1, 9), check)
    assert seen["lists"] > 1000 and seen["taken_over"] > 500 and seen["sights"] > 500, seen


def test_each_enemy_statistics_are_its_definitions():
    types = [*data.minions().minions, *data.bosses().bosses]
    assert len(types) > 5
    for etype in types:
        d = data.enemy_def(etype)
        for plus in (False, True):
            printed = d.plus if plus and isinstance(d, data.MinionDef) else d
            want = {"hp": printed.hp, "arm": printed.arm, "eva": printed.eva, "mov": printed.mov,
                    "dice": list(printed.dice), "range": d.range}
            e = Enemy(uid="u1", type=etype, kind="minion" if isinstance(d, data.MinionDef) else d.kind,
                      p=0, zone="z", plus=plus)
            assert enemy_stats(e) == want
            assert stats_of(etype, plus).dice == tuple(want["dice"])
            enemy_stats(e)["dice"].append("white")  # a caller's copy: the shared one stays
            assert enemy_stats(e) == want


def test_a_zone_laid_from_its_kept_layout_is_laid_as_read_afresh(monkeypatch):
    scenarios = ("drowned_shrine", "ossuary_bell")
    kept = {}
    for _ in range(2):  # the second time, every layout comes from what was kept
        for sid in scenarios:
            sc = data.scenario(sid)
            for z in sc.zones:
                kept[sid, z.id] = core._layout(sid, sc, z.id)
    assert len(kept) >= 4
    for (sid, zid), layout in kept.items():
        monkeypatch.setattr(core, "_LAYOUTS", {})
        assert layout == core._layout(sid, data.scenario(sid), zid)
        assert layout[0] and all(key[2] == zid for _, key in layout[0])
    # whole games: the boards built from kept layouts are the ones built afresh
    def final(opts, seed):
        state, rng = GAME.new(GAME.parse_options(opts), seed), Rng(seed=seed)
        for _ in range(3000):
            if GAME.outcome(state) is not None:
                break
            acts = GAME.legal_actions(state)
            GAME.apply(state, acts[rng.below(len(acts))])
        return state.model_dump_json()

    runs = [({"scenario": sid}, seed) for sid in scenarios for seed in range(1, 4)]
    monkeypatch.undo()
    with_kept = [final(*run) for run in runs]
    monkeypatch.setattr(core, "_LAYOUTS", _Forgetful())
    assert with_kept == [final(*run) for run in runs]


class _Forgetful(dict):
    """A layout memo that keeps nothing: every zone is read afresh."""

    def __setitem__(self, key, value) -> None:
        pass


def test_legal_lists_from_kept_skill_tables_are_the_fresh_ones_over_random_play(monkeypatch):
    """A character's techniques, slot needs and kami techniques are read once per list of
    skills (``character._own_skills``, ``_kami_techniques``), and the board lookups and attack
    targets are taken over while no miniature moved (``_LOOKED_UP``); every list made with
    them kept is the list made with nothing kept."""
    lists = [0]

    def check(state):
        if state.pending is not None or not (state.active or "").startswith("c:"):
            return
        kept = GAME.legal_actions(state)
        with monkeypatch.context() as m:
            m.setattr(character, "_OWN", _Forgetful())
            m.setattr(character, "_KAMI_TECHNIQUES", _Forgetful())
            m.setattr(character, "_LOOKED_UP", [None])
            assert GAME.legal_actions(state) == kept
        lists[0] += 1

    _random_play(range(1, 6), check)
    assert lists[0] > 1000


def test_each_character_name_is_its_sheets(monkeypatch):
    sheets = data.characters().characters
    assert len(sheets) >= 4
    for _ in range(2):  # the second time, every name comes from what was kept
        for cid, sheet in sheets.items():
            assert core.char_name(cid) == sheet.name
    monkeypatch.setattr(core, "_CHAR_NAMES", _Forgetful())
    assert [core.char_name(cid) for cid in sheets] == [sheet.name for sheet in sheets.values()]
