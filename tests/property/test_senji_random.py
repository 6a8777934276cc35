"""Random play of Senji over legal actions: invariants, JSON round-trip, replay, secrecy."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.common import IllegalAction, Rng
from rules.senji import GAME
from rules.senji.state import SenjiOptions

ALL_KINDS = ["claim", "go", "confirm", "end_turn", "bid_done", "orders_confirm", "react_roll"]


def _probe_illegal(state, actions):
    """An action of a kind not offered now is refused and changes nothing."""
    legal_kinds = {a.kind for a in actions}
    for kind in ALL_KINDS:
        if kind in legal_kinds:
            continue
        bad = GAME.parse_action({"kind": kind, "province": "aki"} if kind == "claim" else {"kind": kind})
        before = state.model_dump_json()
        try:
            GAME.apply(state, bad)
        except IllegalAction as e:
            assert str(e)
        else:
            raise AssertionError(f"{kind} was accepted at {state.step}")
        assert state.model_dump_json() == before
        return


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(3, 6),
    seed=st.integers(0, 10_000),
    warmup=st.integers(0, 1500),
    data=st.data(),
)
def test_random_play(players, seed, warmup, data):
    opts = SenjiOptions(players=players, turn_limit=12)
    state = GAME.new(opts, seed)
    rng = Rng(seed=seed + 1)
    history = []
    for i in range(warmup + 120):
        actions = GAME.legal_actions(state)
        if GAME.to_move(state) is None:
            assert actions == [] and GAME.outcome(state) is not None
            break
        assert actions, state.step
        if i < warmup:
            action = rng.choice(actions)
        else:
            action = actions[data.draw(st.integers(0, len(actions) - 1), label="action")]
            if i % 10 == 0:
                _probe_illegal(state, actions)
            if i % 15 == 0:
                seat = GAME.to_move(state)
                for who in (seat, None):
                    other = GAME.scramble_hidden(state, who, rng)
                    assert GAME.view(state, who) == GAME.view(other, who)
        GAME.apply(state, action)
        history.append(action)
        GAME.check_invariants(state)
    dump = state.model_dump_json()
    assert GAME.State.model_validate_json(dump) == state
    replay = GAME.new(opts, seed)
    for action in history:
        GAME.apply(replay, GAME.parse_action(GAME.dump_action(action)))
    assert replay.model_dump_json() == dump


def test_a_few_whole_games_end():
    bot = GAME.bots()["smart"]
    for seed in range(6):
        state = GAME.new(SenjiOptions(players=3 + seed % 4, turn_limit=30), seed)
        rng = Rng(seed=seed)
        for _ in range(40_000):
            seat = GAME.to_move(state)
            if seat is None:
                break
            actions = GAME.legal_actions(state)
            if seed % 2:
                action = bot(GAME, GAME.view(state, seat), seat, actions, rng)
            else:
                action = rng.choice(actions)
            GAME.apply(state, action)
        assert GAME.outcome(state) is not None
        GAME.check_invariants(state)
