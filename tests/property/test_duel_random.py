"""Random play of the duel over every module combination: the spec's invariants after every
action, JSON round-trip, replay determinism, and views that hide the decks and the RNG."""

from __future__ import annotations

import typing

from annotated_types import Ge, Le
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.common import Rng
from rules.duel import GAME
from rules.duel.data import data
from rules.duel.models import DuelAction, DuelOptions

MAX_ACTIONS = 150


@st.composite
def options(draw) -> DuelOptions:
    mode = draw(st.sampled_from(["duel", "duel", "campaign"]))
    return DuelOptions(
        mode=mode,
        opponent=draw(st.sampled_from(["arima", "yoshioka", "shishido", "gonnosuke", "kojiro",
                                       "shiro", "versus3", "random"])),
        weapon=draw(st.sampled_from(["katana", "bokken", "kusarigama", "nodachi", "yari",
                                     "wakizashi", "random"])),
        surroundings=draw(st.sampled_from(["none", "temple_steps", "river_ford", "rice_paddies",
                                           "ganryu_shore", "bamboo_forest", "cliff", "random"])),
        random_includes_expansion=draw(st.booleans()),
        blood=mode == "duel" and draw(st.booleans()),
        bushido=draw(st.booleans()),
        gisei=draw(st.booleans()),
        yoroi=draw(st.sampled_from(["off", "player", "opponent"])),
        clan=draw(st.sampled_from(["shinmen", "hosokawa", "yagyu"])),
        campaign_finale=draw(st.sampled_from(["kojiro", "shiro"])),
        bandits_event=draw(st.booleans()),
    )


def _play(opts, seed, pick):
    state = GAME.new(opts, seed)
    GAME.check_invariants(state)
    taken = []
    while GAME.to_move(state) is not None and len(taken) < MAX_ACTIONS:
        actions = GAME.legal_actions(state)
        assert actions
        action = actions[pick(len(actions))]
        GAME.apply(state, action)
        GAME.check_invariants(state)
        taken.append(action)
    return state, taken


@settings(max_examples=30, deadline=None)
@given(opts=options(), seed=st.integers(0, 2**31), data=st.data())
def test_random_play_keeps_the_invariants(opts, seed, data):
    state, taken = _play(opts, seed, lambda n: data.draw(st.integers(0, n - 1), label="action"))
    # JSON round-trip
    assert GAME.State.model_validate_json(state.model_dump_json()) == state
    # replay determinism
    again = GAME.new(opts, seed)
    for action in taken:
        GAME.apply(again, GAME.parse_action(GAME.dump_action(action)))
    assert again.model_dump_json() == state.model_dump_json()
    # outcome exactly when no one is to move
    assert (GAME.outcome(state) is None) == (GAME.to_move(state) is not None)
    # the view hides every deck's order and the RNG
    view = GAME.view(state, 0)
    assert view.rng == Rng(seed=0)
    assert view.action_deck == sorted(state.action_deck)
    other = GAME.scramble_hidden(state, 0, Rng(seed=seed + 1))
    assert GAME.view(other, 0) == view
    assert GAME.view(other, None) == GAME.view(state, None)
    assert GAME.render(view, 0)
    assert all(len(line) <= 76 for line in GAME.render(view, 0).splitlines())


@settings(max_examples=12, deadline=None)
@given(opts=options(), seed=st.integers(0, 2**31), data=st.data())
def test_every_listed_action_applies(opts, seed, data):
    state = GAME.new(opts, seed)
    for _ in range(60):
        actions = GAME.legal_actions(state)
        if not actions:
            break
        for action in actions:
            trial = state.model_copy(deep=True)
            GAME.apply(trial, action)
            GAME.check_invariants(trial)
            assert GAME.describe(action)
        GAME.apply(state, actions[data.draw(st.integers(0, len(actions) - 1), label="action")])


@settings(max_examples=15, deadline=None)
@given(opts=options(), seed=st.integers(0, 2**31), data=st.data())
def test_every_listed_action_is_explained_and_the_hint_is_one_of_them(opts, seed, data):
    """At every decision of random play with any modules: each legal action has its sentence
    of explanation, the hint is one of the legal actions with a reason, the help topic is a
    heading of the help page and why_not reads as a sentence (or nothing)."""
    from rules.duel.explain import HELP_SECTIONS, PENDING_SECTIONS

    topics = set(HELP_SECTIONS.values()) | set(PENDING_SECTIONS.values())
    state = GAME.new(opts, seed)
    for _ in range(MAX_ACTIONS):
        actions = GAME.legal_actions(state)
        if not actions:
            break
        view = GAME.view(state, 0)
        for action in actions:
            text = GAME.explain(view, 0, action)
            assert text and text.endswith("."), (action, text)
        action, reason = GAME.hint(view, 0, actions)
        assert action in actions and reason.endswith(".")
        assert GAME.help_topic(view) in topics
        why = GAME.why_not(view, 0)
        assert why == "" or why.endswith(".")
        GAME.apply(state, actions[data.draw(st.integers(0, len(actions) - 1), label="action")])


def test_whole_games_end_with_the_bot_and_at_random():
    bot = GAME.bots()["samurai"]
    for seed in range(12):
        for use_bot in (False, True):
            opts = DuelOptions(mode="campaign" if seed % 3 == 0 else "duel",
                               opponent=["arima", "shiro", "versus3"][seed % 3])
            state = GAME.new(opts, seed)
            rng = Rng(seed=seed)
            for _ in range(4000):
                actions = GAME.legal_actions(state)
                if not actions:
                    break
                if use_bot:
                    action = bot(GAME, GAME.view(state, 0), 0, actions, rng)
                    assert action in actions
                else:
                    action = actions[rng.below(len(actions))]
                GAME.apply(state, action)
                GAME.check_invariants(state)
            assert GAME.outcome(state) is not None


# -- describe is total ---------------------------------------------------------------------

_D = data()
_KNOWN_IDS = sorted({*_D.cards, *_D.bushido, *_D.defence, *_D.counters, *_D.injuries})


def _field_values(annotation, metadata) -> st.SearchStrategy:
    """Values a duel action's field may be given: its literals, ints in its bounds, any
    text (known card ids and unknown ones), or None where the field allows it."""
    if typing.get_origin(annotation) is typing.Literal:
        return st.sampled_from(typing.get_args(annotation))
    args = typing.get_args(annotation)
    if type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return st.none() | _field_values(rest[0], metadata)
    if annotation is int:
        lo = next((m.ge for m in metadata if isinstance(m, Ge)), None)
        hi = next((m.le for m in metadata if isinstance(m, Le)), None)
        return st.integers(min_value=lo, max_value=hi)
    if annotation is str:
        return st.sampled_from(_KNOWN_IDS) | st.text(max_size=12)
    raise AssertionError(f"no strategy for {annotation!r}")


def _action_strategy(cls) -> st.SearchStrategy:
    fields = {name: _field_values(f.annotation, f.metadata)
              for name, f in cls.model_fields.items() if name != "kind"}
    return st.fixed_dictionaries(fields).map(lambda kw: cls.model_validate(kw))


_ACTION_CLASSES = typing.get_args(typing.get_args(DuelAction)[0])
ANY_ACTION = st.one_of([_action_strategy(cls) for cls in _ACTION_CLASSES])


@settings(max_examples=400, deadline=None)
@given(action=ANY_ACTION)
def test_describe_never_raises(action):
    """Every action the models accept reads as a sentence, an unknown id as the raw id."""
    text = GAME.describe(action)
    assert isinstance(text, str) and text
    card = getattr(action, "card", None)
    names_card = getattr(action, "option", "card") == "card"  # a Ki or Life penalty has none
    if card and card not in _KNOWN_IDS and names_card:
        assert card in text


# -- the legality shortcut agrees with the legal list ------------------------------------------

def _every_listed_action() -> list:
    """Every action a legal list can hold (the shared instances), and a fresh equal copy."""
    from rules.common import ActionBase
    from rules.duel import decisions

    shared = []
    for value in vars(decisions).values():
        if isinstance(value, ActionBase):
            shared.append(value)
        elif isinstance(value, dict):
            shared += [v for v in value.values() if isinstance(v, ActionBase)]
    return shared + [type(a).model_validate(a.model_dump()) for a in shared]


@settings(max_examples=25, deadline=None)
@given(opts=options(), seed=st.integers(0, 2**31), data=st.data())
def test_allowed_agrees_with_the_legal_list(opts, seed, data):
    from rules.duel import decisions

    candidates = _every_listed_action()
    state = GAME.new(opts, seed)
    for _ in range(80):
        listed = GAME.legal_actions(state)
        for action in candidates:
            assert decisions.allowed(state, action) == (action in listed), action
        if not listed:
            break
        GAME.apply(state, listed[data.draw(st.integers(0, len(listed) - 1), label="action")])
