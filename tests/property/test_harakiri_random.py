"""Random play over Harakiri's legal actions: invariants, JSON round-trip, replay, hidden info."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.common import Rng
from rules.harakiri import GAME

OPTIONS = st.builds(
    GAME.Options,
    players=st.integers(1, 4),
    scenario=st.sampled_from(["drowned_shrine", "ossuary_bell"]),
    adventure_result=st.sampled_from(["success", "failure"]),
    level=st.integers(1, 3),
    kami_affinity=st.integers(0, 6),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 10_000), data=st.data())
def test_random_play_keeps_the_invariants(options, seed, data):
    state = GAME.new(options, seed)
    GAME.check_invariants(state)
    played = []
    for _ in range(250):
        if GAME.to_move(state) is None:
            assert GAME.outcome(state) is not None
            break
        actions = GAME.legal_actions(state)
        assert actions
        assert len(set(actions)) == len(actions), "an action is offered twice"
        action = actions[data.draw(st.integers(0, len(actions) - 1))]
        GAME.apply(state, action)
        played.append(action)
        GAME.check_invariants(state)
    assert GAME.State.model_validate_json(state.model_dump_json()) == state
    again = GAME.new(options, seed)
    for action in played:
        again_action = GAME.parse_action(GAME.dump_action(action))
        GAME.apply(again, again_action)
    assert again.model_dump_json() == state.model_dump_json()
    for seat in [None, *range(options.players)]:
        view = GAME.view(state, seat)
        assert view.oracle.deck == [] and view.ai.deck == []
        other = GAME.scramble_hidden(state, seat, Rng(seed=seed + 1))
        assert GAME.view(other, seat) == view
    GAME.render(GAME.view(state, 0), 0)


def test_bot_games_finish():
    bot = GAME.bots()["samurai"]
    for seed in range(6):
        options = GAME.Options(scenario=("drowned_shrine", "ossuary_bell")[seed % 2], players=1 + seed % 4)
        state = GAME.new(options, seed)
        rng = Rng(seed=seed)
        for _ in range(4000):
            seat = GAME.to_move(state)
            if seat is None:
                break
            actions = GAME.legal_actions(state)
            GAME.apply(state, bot(GAME, GAME.view(state, seat), seat, actions, rng))
            GAME.check_invariants(state)
        assert GAME.outcome(state) is not None


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 10_000), data=st.data())
def test_applying_checks_an_action_exactly_as_the_full_list_does(options, seed, data):
    # ``apply`` checks an action against the family of actions of its kind only: for every
    # action offered now, and every action offered one decision earlier, the answer must be
    # the one the full list of legal actions gives.
    from rules.harakiri.character import legal
    from rules.harakiri.core import char
    state = GAME.new(options, seed)
    before: list = []
    for _ in range(200):
        if GAME.to_move(state) is None:
            break
        actions = GAME.legal_actions(state)
        if state.pending is None and state.active and state.active.startswith("c:"):
            c = char(state, state.active[2:])
            for a in actions + before:
                assert (a in legal(state, c, only=a)) == (a in actions), a
        before = actions
        GAME.apply(state, actions[data.draw(st.integers(0, len(actions) - 1))])
