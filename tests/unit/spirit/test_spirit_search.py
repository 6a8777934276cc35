"""Issue 28: what Samurai Spirit lends the search bot (rules/spirit/search.py).

A rollout plays only to the end of its round; a finished game is a win (1) or a loss (0),
and a village between rounds is worth its fitted chance to win (assets/spirit/value.json,
a logistic regression on the samurai bot's own games).
"""

from __future__ import annotations

import copy
import math

import pytest
from pydantic import ValidationError

from rules.common import Rng
from rules.common.search import Budget, search
from rules.spirit import GAME, bots
from rules.spirit.bots import decide
from rules.spirit.builder import begin, defended, stack, table
from rules.spirit.model import SpiritOptions
from rules.spirit.search import (
    FEATURES, HOOKS, VALUE_FILE, RoundFit, ValueModel, at_round_start, evaluate, fit_logistic,
    play_round, refit, value_model, win_chance,
)


def hand_model(**weights: float) -> ValueModel:
    """A value model with these weights (every other weight 0) for both rounds."""
    w = {k: weights.get(k, 0.0) for k in FEATURES}
    fit = RoundFit(weights=w, positions=1, win_share=0.5)
    return ValueModel(about="by hand", games=1, seed=0, rounds={2: fit, 3: fit})


def test_the_fit_finds_the_odds_of_a_hand_worked_sample():
    # Without the feature, 1 game in 4 is won: odds 1/3; with it, 3 in 4: odds 3.
    # So the bias is ln(1/3) and the feature's weight ln 3 - ln(1/3) = 2 ln 3.
    rows = [([1.0, 0.0], y) for y in (1.0, 0.0, 0.0, 0.0)] + [([1.0, 1.0], y) for y in (1.0, 1.0, 1.0, 0.0)]
    bias, weight = fit_logistic(rows, ridge=0.0)
    assert bias == pytest.approx(-math.log(3), abs=1e-6)
    assert weight == pytest.approx(2 * math.log(3), abs=1e-6)


def test_the_chance_of_a_hand_made_village():
    t = table(("Kanbei", "Gorobei", "Kyuzo"), round=2)
    t.barricades = 3             # 1 a samurai
    t.families = ["ELDER", "CHILD"]
    for seat, wounds in enumerate((1, 0, 2)):
        t.samurai[seat].wounds = wounds  # 1 a samurai
    model = hand_model(bias=-1.0, barricades_per_samurai=1.0, families=0.5, wounds_per_samurai=-2.0)
    # z = -1 + 1·1 + 0.5·2 - 2·1 = -1, and 1 / (1 + e^1)
    assert win_chance(t, model) == pytest.approx(1 / (1 + math.e), abs=1e-12)


def test_the_shipped_fit_loads_and_a_worse_village_is_worth_less():
    model = value_model()
    assert model.rounds[2].positions > 1000 and model.rounds[3].positions > 1000
    t = table(("Kanbei", "Gorobei", "Kyuzo"), round=3)
    full = win_chance(t)
    t.families = t.families[:1]
    fewer_families = win_chance(t)
    t.barricades = 0
    no_barricades = win_chance(t)
    t.samurai[0].wounds = 3
    wounded = win_chance(t)
    assert full > fewer_families > no_barricades > wounded


def test_a_value_file_without_every_weight_is_refused():
    data = value_model().model_dump(mode="json")
    del data["rounds"]["2"]["weights"]["families"]
    with pytest.raises(ValidationError, match="the weights must name exactly"):
        ValueModel.model_validate(data)
    data = value_model().model_dump(mode="json")
    del data["rounds"]["3"]
    with pytest.raises(ValidationError, match="round 2 and one for round 3"):
        ValueModel.model_validate(data)


def test_the_shipped_file_is_what_the_refit_wrote():
    # The file is the refit's output, field for field (python -m rules.spirit.search --refit).
    assert ValueModel.model_validate_json(VALUE_FILE.read_text(encoding="utf-8")) == value_model()
    assert value_model().seed == 28 and value_model().games == 4000


def test_a_refit_is_the_same_for_the_same_games():
    one, two = refit(24, seed=5), refit(24, seed=5)
    assert one == two
    assert refit(24, seed=6) != one


def defended_table(round: int):
    """Every slot of the three samurai defended with plain cards; the raider stack holds one
    plain 1 without an icon."""
    t = table(("Kanbei", "Gorobei", "Kyuzo"), round=round)
    defended(t, 0, "P1-01", "P1-04", "P1-07")
    defended(t, 1, "P2-01", "P2-04", "P2-07")
    defended(t, 2, "P3-01", "P3-04", "P2-09")
    stack(t, "P1-10", size=1)
    return t


def test_a_round_three_the_village_survives_is_a_win():
    # Whether the 1 is fought or left to the intruders (no flame), every slot is defended:
    # no wound, no farmstead, no family lost at the end of round 3: the samurai win.
    t = begin(defended_table(3), 0)
    assert evaluate(GAME, t) == [1.0]
    assert t.over and t.won


def test_a_round_three_that_loses_the_last_family_is_a_loss():
    # Kyuzo's family slot is empty and one family is left: step 3 of the round's end takes it.
    t = defended_table(3)
    t.discard.append(t.samurai[2].slots["family"])
    t.samurai[2].slots["family"] = None
    t.families = ["CHILD"]
    t = begin(t, 0)
    assert evaluate(GAME, t) == [0.0]
    assert t.over and not t.won


def test_a_village_at_a_round_start_is_read_without_playing():
    t = begin(table(("Kanbei", "Gorobei", "Kyuzo"), round=2), 0)
    assert at_round_start(t)
    before = t.model_dump_json()
    assert evaluate(GAME, t) == [win_chance(t)]
    assert t.model_dump_json() == before
    GAME.apply(t, next(a for a in GAME.legal_actions(t) if a.kind == "fight"))
    assert not at_round_start(t)  # a card is drawn: the round is under way


def test_round_one_is_played_out_to_round_two_and_then_read():
    t = GAME.new(SpiritOptions(players=3), 7)
    assert play_round(GAME, t) and (t.over or (t.round == 2 and at_round_start(t)))


def _play(state, actions):
    for _ in range(actions):
        if state.over:
            return
        seat = GAME.to_move(state)
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[0] if len(legal) == 1 else decide(state, seat, legal)[0])


def the_endless_fight():
    """Two players, Easy, seed 102795: in round 3 Kanbei fights alone, and his top card's
    penalty (discard a defended card, shuffle the discard into the raiders) gives him the
    same card to defend again, turn after turn."""
    state = GAME.new(SpiritOptions(players=2, difficulty="easy"), 102795)
    _play(state, 1500)
    return state


def test_the_samurai_bot_passes_out_of_the_endless_fight():
    state = the_endless_fight()
    assert state.over and state.won  # the village held


def test_a_round_the_bot_never_ends_is_worth_nothing_and_the_search_passes(monkeypatch):
    # A samurai bot that fought on forever (as it did before it counted its turns alone):
    # the search's own guard counts such a round as lost, and passes out of it.
    monkeypatch.setattr(bots, "_refilling", lambda view, seat: False)
    state = the_endless_fight()
    assert not state.over and state.round == 3
    assert not play_round(GAME, copy.deepcopy(state))
    assert evaluate(GAME, copy.deepcopy(state)) == [0.0]
    while state.pending.kind != "ACTION":
        seat, legal = GAME.to_move(state), GAME.legal_actions(state)
        GAME.apply(state, legal[0] if len(legal) == 1 else decide(state, seat, legal)[0])
    seat, legal = GAME.to_move(state), GAME.legal_actions(state)
    view = GAME.view(state, seat)
    assert decide(view, seat, legal)[0].kind == "fight"  # that bot fights on, forever
    found = search(GAME, view, seat, legal, Rng(seed=1), HOOKS, Budget(iterations=30, think_ms=None))
    assert found.action.kind == "pass_round"  # passing ends the round, and the village holds


def test_a_sampled_world_is_a_copy_the_rollout_may_change():
    # The copy made part by part shares nothing the rules change with the view.
    state = GAME.new(SpiritOptions(), 3)
    view = GAME.view(state, 0)
    before = view.model_dump_json()
    world = HOOKS.determinize(GAME, view, 0, Rng(seed=1))
    assert not world.hidden and "?" not in world.raiders
    while not world.over:
        seat, legal = GAME.to_move(world), GAME.legal_actions(world)
        GAME.apply(world, legal[0] if len(legal) == 1 else decide(world, seat, legal)[0])
    assert view.model_dump_json() == before
