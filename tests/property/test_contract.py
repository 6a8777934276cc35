"""The engine contract, checked the same way for every game (OpenSpiel's basic tests):
random play to the end, invariants after every action, JSON round-trip, replay
determinism with the global random disturbed, and views that hide what they must."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.common import Game, IllegalAction, Outcome, Rng
from tests.conftest import contract_games

GAMES = contract_games()
MAX_ACTIONS = 400  # per example; long games are played to the end by test_full_games


def play(game: Game, seed: int, choices: list[int] | None = None, data=None, limit=MAX_ACTIONS):
    """Play from ``new``; choices come from ``data`` (hypothesis) or a list of indices."""
    state = game.new(game.Options(), seed)
    taken = []
    while game.to_move(state) is not None and len(taken) < limit:
        actions = game.legal_actions(state)
        assert actions, "legal_actions is empty although the game is not over"
        if data is not None:
            i = data.draw(st.integers(0, len(actions) - 1), label="action")
        else:
            i = choices[len(taken)] % len(actions)
        game.apply(state, actions[i])
        game.check_invariants(state)
        taken.append(actions[i])
    return state, taken


@pytest.fixture(params=sorted(GAMES), ids=sorted(GAMES))
def game(request) -> Game:
    return GAMES[request.param]


def test_contract_members(game: Game):
    assert game.id and game.title and 1 <= game.min_seats <= game.max_seats
    options = game.Options()
    assert game.min_seats <= game.seat_count(options) <= game.max_seats
    assert len(game.seat_labels(options)) == game.seat_count(options)
    with pytest.raises(Exception):
        game.Options.model_validate({"no_such_option": 1})


@settings(max_examples=25)
@given(seed=st.integers(0, 2**31), data=st.data())
def test_random_play_keeps_invariants_and_round_trips(game: Game, seed: int, data):
    state, taken = play(game, seed, data=data)
    # JSON round-trip of the state and of the action log.
    again = game.parse_state(state.model_dump_json())
    assert again == state
    log = json.loads(json.dumps([game.dump_action(a) for a in taken]))
    assert [game.parse_action(a) for a in log] == taken
    # Outcome is set exactly when nobody is to move.
    over = game.to_move(state) is None
    assert (game.outcome(state) is not None) == over
    if over:
        outcome = game.outcome(state)
        assert isinstance(outcome, Outcome)
        assert len(outcome.results) == game.seat_count(state.options if hasattr(state, "options") else game.Options())
        assert game.legal_actions(state) == []


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), choices=st.lists(st.integers(0, 10_000), min_size=MAX_ACTIONS, max_size=MAX_ACTIONS))
def test_replay_is_deterministic_with_global_random_disturbed(game: Game, seed: int, choices):
    random.seed(1)
    first, taken = play(game, seed, choices)
    random.seed(999_999)
    random.random()
    second = game.new(game.Options(), seed)
    for action in taken:
        random.random()
        game.apply(second, action)
    assert second.model_dump_json() == first.model_dump_json()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), choices=st.lists(st.integers(0, 10_000), min_size=60, max_size=60), probe=st.integers(0, 2**31))
def test_view_hides_what_the_seat_may_not_see(game: Game, seed: int, choices, probe):
    state, _ = play(game, seed, choices, limit=len(choices))
    seats = range(game.seat_count(state.options if hasattr(state, "options") else game.Options()))
    for seat in [None, *seats]:
        view = game.view(state, seat)
        assert view.rng.seed == 0 and view.rng.counter == 0, "the RNG must never be visible"
        scrambled = game.scramble_hidden(state, seat, Rng(seed=probe))
        assert game.view(scrambled, seat) == view
        assert all(line.visible_to(seat) for line in view.log)


def _refusable(game: Game, seed: int) -> tuple[list, list]:
    """A seeded random game's positions (every few actions) and the pool of every action
    played in it and in two other seeded games: most are not legal at a given position."""
    positions, pool = [], []
    for other in (seed, seed + 1, seed + 2):
        state = game.new(game.Options(), other)
        rng = Rng(seed=other).fork("probe")
        steps = 0
        while game.to_move(state) is not None and steps < 300:
            if other == seed and steps % 7 == 0:
                positions.append(state.model_dump_json())
            actions = game.legal_actions(state)
            action = actions[rng.below(len(actions))]
            pool.append(action)
            game.apply(state, action)
            steps += 1
    return positions, list(dict.fromkeys(pool))


@pytest.mark.parametrize("seed", [7, 8])
def test_illegal_action_changes_nothing(game: Game, seed: int):
    """Along a seeded game, every action of the game that is not legal at a position is
    refused with a sentence, and the state's full JSON is the same before and after."""
    positions, pool = _refusable(game, seed)
    refused, where = 0, 0
    for before in positions:
        state = game.parse_state(before)
        legal = game.legal_actions(state)
        tried = [a for a in pool if a not in legal][:40]
        for action in tried:
            with pytest.raises(IllegalAction) as refusal:
                game.apply(state, action)
            assert refusal.value.reason and refusal.value.reason[0].isupper(), "a reason is a sentence"
            after = state.model_dump_json()
            assert after == before, (
                f"refusing {action!r} ({refusal.value.reason}) changed the state")
            refused += 1
        where += bool(tried)
    assert where >= 3, f"refusals were checked at only {where} positions ({refused} in all)"


def test_full_games_end(game: Game):
    """A few complete games with the random bot and each named bot end with an outcome."""
    from tabletop.bots import bot_names
    from tabletop.simulate import simulate

    from rules.common.search import Budget

    for name in bot_names(game):
        # The search bot (issue 28) on its smallest budget: its games end too.
        games = 1 if name == "strong" else 5
        report = simulate(game, games=games, seed=11, bot_name=name, budget=Budget(iterations=1, think_ms=None))
        assert report.errors == []
        assert report.finished == games
