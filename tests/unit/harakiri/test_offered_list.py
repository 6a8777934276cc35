"""The legal list handed out is remembered so that applying one of its actions does not
search again (issue 28's speed): a change to the state in between must still be caught."""

import pytest

from rules.common import IllegalAction
from rules.harakiri import GAME
from rules.harakiri.model import StartMove, Step, Sub, pos

from .helpers import ch, en, tiny

EMPTY5 = ["....."] * 5


def test_an_action_from_the_list_is_applied_as_usual():
    s = tiny(EMPTY5, chars={"akira": (1, 1)}, active="c:akira")
    ch(s, "akira").ap = 3
    start = next(a for a in GAME.legal_actions(s) if isinstance(a, StartMove))
    GAME.apply(s, start)
    assert ch(s, "akira").ap == 2 and s.sub is not None and s.sub.kind == "move"


def test_action_points_spent_after_the_list_was_given_refuse_its_start_move():
    s = tiny(EMPTY5, chars={"akira": (1, 1)}, active="c:akira")
    ch(s, "akira").ap = 3
    start = next(a for a in GAME.legal_actions(s) if isinstance(a, StartMove))
    ch(s, "akira").ap = 0  # "Move (1 AP)": no action point is left
    before = s.model_dump_json()
    with pytest.raises(IllegalAction):
        GAME.apply(s, start)
    assert s.model_dump_json() == before


def test_an_enemy_come_onto_the_square_after_the_list_was_given_refuses_the_step():
    s = tiny(EMPTY5, chars={"hikaru": (1, 1)}, enemies=[("ashigaru", (4, 4))], active="c:hikaru")
    ch(s, "hikaru").ap, ch(s, "hikaru").moved = 0, True
    s.sub = Sub(kind="move", mp=3)
    step = next(a for a in GAME.legal_actions(s) if isinstance(a, Step) and (a.x, a.y) == (2, 1))
    en(s, s.enemies[0].uid).p = pos(2, 1)  # a foe now stands where the step goes
    before = s.model_dump_json()
    with pytest.raises(IllegalAction):
        GAME.apply(s, step)
    assert s.model_dump_json() == before


def _a_tie(seed_from: int = 1):
    """A game paused on the players' choice of a tie (two options or more)."""
    from rules.common import Rng
    for seed in range(seed_from, seed_from + 40):
        s, rng = GAME.new(GAME.Options(), seed), Rng(seed=seed)
        for _ in range(3000):
            if GAME.outcome(s) is not None:
                break
            pd = s.pending
            if pd is not None and pd.kind == "tie" and len(pd.options) >= 2:
                return s
            acts = GAME.legal_actions(s)
            GAME.apply(s, acts[rng.below(len(acts))])
    raise AssertionError("no tie in 40 random games")


def test_an_answer_from_the_list_is_taken_as_usual():
    s = _a_tie()
    answers = GAME.legal_actions(s)
    GAME.apply(s, answers[-1])
    assert s.pending is None or s.pending.options != [a.choice for a in answers]


def test_an_option_withdrawn_after_the_answers_were_listed_is_refused():
    s = _a_tie()
    first = GAME.legal_actions(s)[0]
    s.pending.options = s.pending.options[1:]  # the question changed (a test's hand, an editor)
    before = s.model_dump_json()
    with pytest.raises(IllegalAction):
        GAME.apply(s, first)
    assert s.model_dump_json() == before


def test_a_new_question_does_not_take_the_old_questions_answers():
    s = _a_tie()
    first = GAME.legal_actions(s)[0]
    s.pending = s.pending.model_copy(update={"options": s.pending.options[1:]})
    before = s.model_dump_json()
    with pytest.raises(IllegalAction):
        GAME.apply(s, first)
    assert s.model_dump_json() == before
