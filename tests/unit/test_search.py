"""Issue 28: the search bot (`strong`) of every game, rules/common/search.py.

It samples the hidden cards from its own view only (the sampled worlds agree with the
view, and a deck's contents are what the view leaves unaccounted for), its choice does not
move when every hidden card of the true state is scrambled, it is the same for the same
RNG and iteration budget, and it finds the winning move its heuristic walks past.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

import pytest

from rules.common import ActionBase, Game, IllegalAction, OptionsBase, Outcome, Rng, StateBase
from rules.common.search import Budget, SearchHooks, search, strong_bot
from tabletop.bots import bot_names, get_bot, search_hooks
from tabletop.catalog import get_game

GAMES = ("spirit", "duel", "harakiri", "senji")
TINY = Budget(iterations=3, think_ms=None)


def positions(game_id: str, seed: int, every: int, limit: int):
    """(state, seat) at every ``every``-th decision with a real choice, by the game's bot."""
    game = get_game(game_id)
    bot = next(iter(game.bots().values()))
    state, rng, n, found = game.new(game.Options(), seed), Rng(seed=seed), 0, 0
    while game.to_move(state) is not None and found < limit:
        seat = game.to_move(state)
        actions = game.legal_actions(state)
        if len(actions) > 1:
            if n % every == 0:
                found += 1
                yield state.model_copy(deep=True), seat
            n += 1
        game.apply(state, bot(game, game.view(state, seat), seat, actions, rng))


def test_every_game_offers_the_strong_bot():
    for game_id in GAMES:
        game = get_game(game_id)
        assert "strong" in bot_names(game)
        assert search_hooks(game_id) is not None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sampled_world_agrees_with_the_seats_view(game_id):
    game = get_game(game_id)
    hooks = search_hooks(game_id)
    checked = 0
    every = 25 if game_id == "senji" else 3  # Senji's seasons are long: reach its spring and summer
    for state, seat in positions(game_id, 5, every, 12):
        view = game.view(state, seat)
        for probe in range(2):
            world = hooks.determinize(game, view, seat, Rng(seed=probe))
            assert game.view(world, seat) == view
            assert game.legal_actions(world) == game.legal_actions(state)
            assert "?" not in world.model_dump_json(exclude={"log"})  # no mask is left in a world
            checked += 1
    assert checked >= 10


def test_the_harakiri_decks_hold_what_the_view_leaves_unaccounted_for():
    game = get_game("harakiri")
    hooks = search_hooks("harakiri")
    seen_ai = 0
    for opts in (game.Options(), game.Options(scenario="ossuary_bell")):
        bot = game.bots()["samurai"]
        state, rng = game.new(opts, 2), Rng(seed=2)
        while game.to_move(state) is not None:
            seat = game.to_move(state)
            view = game.view(state, seat)
            world = hooks.determinize(game, view, seat, Rng(seed=len(state.log)))
            assert Counter(world.oracle.deck) == Counter(state.oracle.deck)
            assert Counter(world.ai.deck) == Counter(state.ai.deck)
            seen_ai += bool(state.ai.deck)
            game.apply(state, bot(game, view, seat, game.legal_actions(state), rng))
    assert seen_ai > 0


def test_the_spirit_piles_hold_the_unseen_cards_and_the_reserve_its_kinds():
    from rules.spirit import data

    game = get_game("spirit")
    hooks = search_hooks("spirit")
    for state, seat in positions("spirit", 3, 2, 30):
        world = hooks.determinize(game, game.view(state, seat), seat, Rng(seed=1))
        zones = ("raiders", "intruders", "reserve", "box")
        assert Counter(c for z in zones for c in getattr(world, z)) == Counter(c for z in zones for c in getattr(state, z))
        kinds = lambda cards: Counter(data.card(c).type for c in cards)  # noqa: E731
        assert kinds(world.reserve) == kinds(state.reserve)
        assert sorted(world.backs) == sorted(state.backs)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_choice_is_unchanged_with_every_hidden_card_scrambled(game_id):
    game = get_game(game_id)
    hooks = search_hooks(game_id)
    bot = get_bot(game, "strong", TINY)
    checked = 0
    for state, seat in positions(game_id, 11, 4, 4):
        actions = game.legal_actions(state)
        mine = bot(game, game.view(state, seat), seat, actions, Rng(seed=7))
        searched = search(game, game.view(state, seat), seat, actions, Rng(seed=7), hooks, TINY)
        for probe in range(2):
            other = game.scramble_hidden(state, seat, Rng(seed=100 + probe))
            theirs = bot(game, game.view(other, seat), seat, game.legal_actions(other), Rng(seed=7))
            assert theirs == mine
            again = search(game, game.view(other, seat), seat, game.legal_actions(other), Rng(seed=7), hooks, TINY)
            assert (again.action, again.visits, again.value) == (searched.action, searched.visits, searched.value)
        checked += 1
    assert checked == 4


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_rng_and_iteration_budget_give_the_same_search(game_id):
    game = get_game(game_id)
    hooks = search_hooks(game_id)
    state, seat = next(iter(positions(game_id, 4, 3, 2)))
    view, actions = game.view(state, seat), game.legal_actions(state)
    one = search(game, view, seat, actions, Rng(seed=3), hooks, Budget(iterations=4, think_ms=None))
    two = search(game, view, seat, actions, Rng(seed=3), hooks, Budget(iterations=4, think_ms=None))
    assert one.action == two.action and one.visits == two.visits and one.value == two.value
    assert one.iterations + one.failed == 4 and one.failed == 0


def test_a_time_budget_stops_the_search_in_time():
    game = get_game("duel")
    hooks = search_hooks("duel")
    state, seat = next(iter(positions("duel", 4, 3, 1)))
    ticks = iter(range(10_000))
    fake_clock = lambda: next(ticks) / 1000.0  # noqa: E731  - a millisecond a look
    result = search(game, game.view(state, seat), seat, game.legal_actions(state), Rng(seed=1), hooks,
                    Budget(think_ms=40), clock=fake_clock)
    assert result.seconds <= 0.040 + 0.002
    assert result.action in game.legal_actions(state)


# -- the search beats its own heuristic: a small race ---------------------------------
class RaceOptions(OptionsBase):
    pass


class RaceState(StateBase):
    left: int = 3          # steps to the gate
    secret: int = 0        # a hidden die that the seat cannot see
    over: bool = False
    won: bool = False


class Step(ActionBase):
    kind: Literal["step"] = "step"


class Wait(ActionBase):
    kind: Literal["wait"] = "wait"


class Race(Game):
    """One seat walks to a gate in ``left`` steps; waiting lets the hidden clock run down
    (a loss after two waits). The heuristic below always waits: the search must walk."""

    id = "race"
    title = "Race"
    min_seats = max_seats = 1
    Options = RaceOptions
    State = RaceState
    Action = Step | Wait

    def new(self, options, seed):
        return RaceState(rng=Rng(seed=seed))

    def to_move(self, state):
        return None if state.over else 0

    def legal_actions(self, state):
        return [Wait(), Step()]

    def apply(self, state, action):
        if state.over:
            raise IllegalAction("the race is over")
        if action.kind == "step":
            state.left -= 1
            if state.left == 0:
                state.over = state.won = True
        else:
            state.secret += 1
            if state.secret >= 2:
                state.over = True

    def view(self, state, seat):
        v = state.model_copy(deep=True)
        v.secret = 0
        v.rng = Rng(seed=0)
        return v

    def outcome(self, state):
        return Outcome(results=("win" if state.won else "loss",), explanation="") if state.over else None

    def describe(self, action):
        return action.kind

    def render(self, view, seat):
        return ""


def always_wait(game, view, seat, actions, rng):
    return next(a for a in actions if a.kind == "wait")


def guess(game, view, seat, rng):
    world = view.model_copy(deep=True)
    world.secret = rng.below(2)  # the hidden clock may already have run
    return world


RACE_HOOKS = SearchHooks(determinize=guess, rollout=always_wait)


def test_the_search_walks_to_the_gate_its_heuristic_waits_at():
    game = Race()
    state = game.new(RaceOptions(), 1)
    bot = strong_bot(RACE_HOOKS, Budget(iterations=40, think_ms=None))
    rng = Rng(seed=2)
    while not state.over:
        game.apply(state, bot(game, game.view(state, 0), 0, game.legal_actions(state), rng))
    assert state.won
    assert always_wait(game, None, 0, game.legal_actions(state), rng).kind == "wait"


# -- the ladder: --jobs and the league -----------------------------------------------
def test_jobs_give_the_same_report_as_one_process():
    from tabletop.simulate import simulate

    game = get_game("duel")
    budget = Budget(iterations=2, think_ms=None)
    one = simulate(game, 3, 40, "strong", budget=budget, jobs=1).as_dict()
    two = simulate(game, 3, 40, "strong", budget=budget, jobs=2).as_dict()
    for d in (one, two):
        d.pop("seconds"), d.pop("actions_per_second")
    assert one == two and one["games"] == 3 and one["errors"] == 0


def test_the_league_plays_each_bot_on_the_same_seeds_with_intervals():
    from tabletop.simulate import league, wilson

    game = get_game("duel")
    report = league(game, ["samurai", "strong"], 2, 70, budget=Budget(iterations=2, think_ms=None))
    rows = report.as_dict()["rows"]
    assert [r["bot"] for r in rows] == ["samurai", "strong"]
    for r in rows:
        assert r["games"] == 2 and r["errors"] == 0
        low, high = r["ci95"]
        assert low <= r["win_rate"] <= high
    text = report.text().splitlines()
    assert text[0].startswith("league") and "2 iterations a move" in text[1]
    assert text[3].split()[:2] == ["samurai", "2"] and text[4].split()[:2] == ["strong", "2"]
    # The interval of 8 wins in 10 (Wilson, 95%), worked by hand: 0.4902 .. 0.9433.
    low, high = wilson(8, 10)
    assert round(low, 3) == 0.490 and round(high, 3) == 0.943


def test_a_senji_league_seats_the_bot_among_smart_bots():
    from tabletop.simulate import league

    game = get_game("senji")
    report = league(game, ["random"], 1, 1, max_actions=60)
    assert "among smart bots" in report.table
    assert report.rows[0].games == 1 and report.rows[0].wins == 0


# -- paired sampling at the root (SearchHooks.paired) ------------------------------------
def test_a_paired_gain_overrules_the_heuristic_only_past_the_confidence():
    from rules.common.search import _paired_pick

    # Four worlds; the heuristic's choice ("home") and another action played in each.
    # Gains world by world: +0.5, 0, +0.5, 0 -> mean 0.25; sample variance
    # 4 x 0.25² / 3 = 0.08333; standard error sqrt((0.08333 + 0.0001) / 4) = 0.1444;
    # the gain is 1.73 standard errors. The fifth world has no home result: not paired.
    rewards = {"home": [0.5, 0.5, 0.0, 1.0, None], "other": [1.0, 0.5, 0.5, 1.0, 0.0]}
    assert _paired_pick(["home", "other"], rewards, "home", 1.5) == ("other", 0.6)
    assert _paired_pick(["home", "other"], rewards, "home", 1.8) == ("home", 0.5)
    # An action that never gains is never taken, however sure the search is.
    rewards["worse"] = [0.5, 0.5, 0.0, 1.0, 1.0]
    assert _paired_pick(["home", "worse"], rewards, "home", 0.0) == ("home", 0.5)
    # Two worlds that agree to the last digit are not certainty: a gain of 0.001 in both
    # has a standard error of at least sqrt(0.0001 / 2) = 0.0071 (the floor), so it is
    # 0.14 standard errors, not infinitely many.
    tiny = {"home": [0.5, 0.2], "other": [0.501, 0.201]}
    assert _paired_pick(["home", "other"], tiny, "home", 1.0)[0] == "home"


def test_paired_worlds_stop_when_the_choices_end_alike():
    # At 3 steps from the gate, stepping or waiting both lose every rollout (the rollouts
    # always wait): after ``paired_same`` worlds of equal results the step leaves the
    # race, and with the heuristic's wait alone the search stops well inside its budget.
    game = Race()
    hooks = SearchHooks(determinize=guess, rollout=always_wait, paired=True, paired_same=8)
    state = game.new(RaceOptions(), 1)
    result = search(game, game.view(state, 0), 0, game.legal_actions(state), Rng(seed=4), hooks,
                    Budget(iterations=100, think_ms=None))
    assert result.visits == {Wait(): 8, Step(): 8} and result.iterations == 16
    assert result.action == Wait()
    # One step from the gate, the step wins in every world and the wait loses: taken.
    state.left = 1
    result = search(game, game.view(state, 0), 0, game.legal_actions(state), Rng(seed=4), hooks,
                    Budget(iterations=100, think_ms=None))
    assert result.action == Step() and result.value == 1.0


class TossState(StateBase):
    side: str = ""  # the side called: "plain" or "lucky"
    coin: str = ""  # how the rollout's coin fell


class Call(ActionBase):
    kind: Literal["call"] = "call"
    side: Literal["plain", "lucky"]


class Fall(ActionBase):
    kind: Literal["fall"] = "fall"
    coin: Literal["heads", "tails"]


class Toss(Game):
    """Call a side, then a coin falls. Heads is worth 0.9; the lucky side adds 0.1 however
    the coin falls. The coin (chosen by the rollout bot from its RNG) is all the noise."""

    id = "toss"
    title = "Toss"
    min_seats = max_seats = 1
    Options = RaceOptions
    State = TossState
    Action = Call | Fall

    def new(self, options, seed):
        return TossState(rng=Rng(seed=seed))

    def to_move(self, state):
        return None if state.coin else 0

    def legal_actions(self, state):
        if not state.side:
            return [Call(side="plain"), Call(side="lucky")]
        return [Fall(coin="heads"), Fall(coin="tails")]

    def apply(self, state, action):
        if action.kind == "call":
            state.side = action.side
        else:
            state.coin = action.coin

    def view(self, state, seat):
        return state.model_copy(deep=True)

    def outcome(self, state):
        return Outcome(results=("win" if state.coin == "heads" else "loss",), explanation="") if state.coin else None

    def describe(self, action):
        return action.kind

    def render(self, view, seat):
        return ""


def call_plain_then_flip(game, view, seat, actions, rng):
    return actions[0] if actions[0].kind == "call" else actions[rng.below(2)]


def toss_value(game, state):
    return [0.9 * (state.coin == "heads") + 0.1 * (state.side == "lucky")]


def test_paired_worlds_share_the_rollouts_luck():
    # Each world's two rollouts start from one seed, so the coin falls alike after either
    # call and the lucky call gains exactly 0.1 in every world: 6 worlds are certainty.
    # (Rollouts drawing on one running RNG would see the coins differ, gains of ±0.9.)
    game = Toss()
    hooks = SearchHooks(determinize=lambda g, v, s, r: v.model_copy(deep=True), rollout=call_plain_then_flip,
                        reward=toss_value, paired=True, confidence=3.0)
    state = game.new(RaceOptions(), 1)
    result = search(game, game.view(state, 0), 0, game.legal_actions(state), Rng(seed=5), hooks,
                    Budget(iterations=12, think_ms=None))
    assert result.action == Call(side="lucky")


def test_with_no_rollout_of_its_choice_the_heuristic_stands():
    # A budget of one rollout plays out only the first root action ("plain" here, while
    # the heuristic below calls "lucky"): nothing to compare with, so the heuristic's call.
    game = Toss()
    call_lucky = lambda g, v, s, actions, r: actions[-1] if actions[0].kind == "call" else actions[0]  # noqa: E731
    hooks = SearchHooks(determinize=lambda g, v, s, r: v.model_copy(deep=True), rollout=call_lucky,
                        reward=toss_value, paired=True)
    state = game.new(RaceOptions(), 1)
    result = search(game, game.view(state, 0), 0, game.legal_actions(state), Rng(seed=5), hooks,
                    Budget(iterations=1, think_ms=None))
    assert result.visits == {Call(side="plain"): 1, Call(side="lucky"): 0}
    assert result.action == Call(side="lucky")
