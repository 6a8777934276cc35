"""Random play over legal actions: invariants after every action, JSON round trip,
replay determinism and hidden information (spec section 8)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.common import IllegalAction, Rng
from rules.spirit import GAME
from rules.spirit.model import SpiritOptions

MAX_ACTIONS = 250

options_st = st.builds(
    SpiritOptions,
    players=st.integers(1, 7),
    solo_samurai=st.integers(2, 3),
    difficulty=st.sampled_from(["easy", "normal", "hard", "heroic"]),
    two_player_variant=st.booleans(),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=options_st, seed=st.integers(0, 2**32), data=st.data())
def test_random_play_keeps_every_invariant(options, seed, data):
    state = GAME.new(options, seed)
    GAME.check_invariants(state)
    played = []
    pool_at_turn_start = {state.turn: len(state.pool)}
    for _ in range(MAX_ACTIONS):
        if state.over:
            break
        acts = GAME.legal_actions(state)
        assert acts
        action = acts[data.draw(st.integers(0, len(acts) - 1))]
        seat = GAME.to_move(state)
        assert all(a.seat == seat for a in acts)
        GAME.apply(state, action)
        played.append(action)
        GAME.check_invariants(state)
        # the pool only shrinks, at most once per turn
        start = pool_at_turn_start.setdefault(state.turn, len(state.pool))
        assert start - 1 <= len(state.pool) <= start
        # views are identical for all seats and hide what nobody may see
        view = GAME.view(state, seat)
        assert view == GAME.view(state, None)
        scrambled = GAME.scramble_hidden(state, seat, Rng(seed=len(played)))
        assert GAME.view(scrambled, seat) == view
    if state.over:
        assert GAME.legal_actions(state) == [] and GAME.to_move(state) is None
        assert GAME.outcome(state) is not None
    # JSON round trip of the state and of the actions
    assert GAME.State.model_validate_json(state.model_dump_json()) == state
    replay = GAME.new(options, seed)
    for action in played:
        GAME.apply(replay, GAME.parse_action(GAME.dump_action(action)))
    assert replay.model_dump_json() == state.model_dump_json()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=options_st, seed=st.integers(0, 2**32), data=st.data())
def test_bot_guided_play_reaches_later_rounds_safely(options, seed, data):
    """Mostly the bot's choices (so games reach lieutenants and bosses), some random ones."""
    bot = GAME.bots()["samurai"]
    rng = Rng(seed=seed)
    state = GAME.new(options, seed)
    for _ in range(400):
        if state.over:
            break
        seat = GAME.to_move(state)
        acts = GAME.legal_actions(state)
        if data.draw(st.integers(0, 9)) == 0:
            action = acts[data.draw(st.integers(0, len(acts) - 1))]
        else:
            action = bot(GAME, GAME.view(state, seat), seat, acts, rng)
        GAME.apply(state, action)
        GAME.check_invariants(state)
    assert GAME.State.model_validate_json(state.model_dump_json()) == state


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_an_illegal_action_changes_nothing(seed, data):
    state = GAME.new(SpiritOptions(players=4), seed)
    for _ in range(40):
        if state.over:
            break
        acts = GAME.legal_actions(state)
        seat = GAME.to_move(state)
        wrong = acts[0].model_copy(update={"seat": (seat + 1) % state.n})
        before = state.model_dump_json()
        try:
            GAME.apply(state, wrong)
        except IllegalAction as exc:
            assert str(exc)
        else:
            raise AssertionError("an action of the wrong seat was accepted")
        assert state.model_dump_json() == before
        GAME.apply(state, acts[data.draw(st.integers(0, len(acts) - 1))])
