"""Issue 17's Samurai Spirit corrections, each as the rulebook would put it.

- "Place 6 farmsteads": their backs are shuffled face down onto the six slots and stay secret
  until that farmstead is destroyed (spec 3 step 2, corrected).
- The log reads as English: a lost defence names "the defended card", counts agree with nouns.
- Describing an action never fails, even for an action that names an unknown card or samurai.
"""

from __future__ import annotations

import typing

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.common import Rng
from rules.spirit import GAME
from rules.spirit.builder import begin, defended, farmsteads, line, pile, table
from rules.spirit.model import Confront, GiveCard, SpiritAction, SpiritOptions, UsePoolToken
from rules.spirit.village import destroy


def logtext(state) -> str:
    return "\n".join(x.text for x in state.log)


def burn_one(t, slot: int):
    """Destroy farmsteads at random until the one on ``slot`` is the one that burns."""
    for c in range(80):
        t2 = t.model_copy(deep=True)
        t2.rng.counter = c
        destroy(t2, "test")
        if slot in t2.burnt:
            return t2
    raise AssertionError(f"slot {slot} never picked")


# -- farm backs lie face down on the slots ----------------------------------------------

def test_the_same_slot_hides_different_backs_from_game_to_game():
    under_slot_1 = {GAME.new(SpiritOptions(difficulty="hard"), seed).backs[0] for seed in range(30)}
    assert len(under_slot_1) >= 4


def test_a_view_shows_the_slots_but_no_back_of_a_standing_farmstead():
    t = GAME.new(SpiritOptions(difficulty="hard"), 3)
    for seat in (None, 0, 1, 2):
        v = GAME.view(t, seat)
        assert v.farms == [1, 2, 3, 4, 5, 6]
        assert v.backs == ["?"] * 6


def test_a_destroyed_farmstead_shows_its_back_to_everyone():
    t = table(("Kyuzo", "Kanbei", "Heihachi"), difficulty="hard")
    t.barricades = 0
    farmsteads(t, "F6", "F2", "F3")  # F6 (Quiet) on slot 1
    t = burn_one(t, 1)
    v = GAME.view(t, 2)
    assert v.backs[0] == "F6"
    assert v.backs[1] == v.backs[2] == "?"
    assert "Farmstead 1 is destroyed (test), chosen at random; 2 farmsteads left." in logtext(t)
    assert "Its back shows Quiet." in logtext(t)


def test_two_games_that_differ_only_in_face_down_backs_look_the_same():
    t = table(("Kyuzo", "Kanbei", "Heihachi"), difficulty="hard")
    u = t.model_copy(deep=True)
    u.backs[0], u.backs[5] = u.backs[5], u.backs[0]
    for seat in (0, 1, 2):
        assert GAME.view(t, seat) == GAME.view(u, seat)


def test_scramble_hidden_moves_the_face_down_backs_and_keeps_the_burnt_ones():
    t = table(("Kyuzo", "Kanbei", "Heihachi"), difficulty="hard")
    t.barricades = 0
    farmsteads(t, "F1", "F2", "F3", "F4")  # F5, F6 burnt on slots 5 and 6
    seen = set()
    for probe in range(20):
        other = GAME.scramble_hidden(t, 0, Rng(seed=probe))
        assert other.backs[4:] == ["F5", "F6"]
        assert sorted(other.backs[:4]) == ["F1", "F2", "F3", "F4"]
        assert GAME.view(other, 0) == GAME.view(t, 0)
        seen.add(tuple(other.backs[:4]))
    assert len(seen) > 1


def test_the_board_names_standing_farmsteads_by_slot_and_a_burnt_back_in_hard():
    t = table(("Kyuzo", "Kanbei", "Heihachi"), difficulty="hard")
    t.barricades = 0
    farmsteads(t, "F6", "F2", "F3", "F4", "F5")
    begin(t, 0)
    t = burn_one(t, 1)
    text = GAME.render(GAME.view(t, 0), 0)
    assert "Farms 2 3 4 5 (burnt 1 (Quiet back) 6 (Burn back))" in text
    for back in ("F1", "F2", "F3", "F4", "F5", "F6"):
        assert back not in text


def test_in_normal_the_board_and_log_never_mention_backs():
    t = table(("Kyuzo", "Kanbei", "Heihachi"))
    t.barricades = 0
    farmsteads(t, "F6", "F2", "F3", "F4", "F5")
    begin(t, 0)
    t = burn_one(t, 1)
    text = GAME.render(GAME.view(t, 0), 0)
    assert "Farms 2 3 4 5 (burnt 1 6)" in text
    for word in ("Quiet", "Burn", "back"):
        assert word not in text and word not in logtext(t)


# -- the log reads as English -------------------------------------------------------------

def test_discard_def_names_the_defended_card_once():
    t = table(("Kyuzo", "Katsushiro", "Heihachi"), round=3)
    line(t, 0, "B-4")  # DISCARD_DEF
    defended(t, 0, "P2-07")
    begin(t, 0)
    text = logtext(t)
    assert "Kyuzo loses the defended card, the 2 (family), from the family slot." in text
    assert "the defended the" not in text


def test_a_reshuffle_of_one_card_says_1_card():
    t = table(("Kyuzo", "Katsushiro", "Heihachi"), round=3)
    line(t, 0, "B-2")  # RESHUFFLE
    pile(t, "discard", "P1-01")
    size = len(t.raiders)
    begin(t, 0)
    text = logtext(t)
    assert f"The discard pile (1 card) is shuffled into the raider stack: {size + 1} cards." in text
    assert "1 cards" not in text


def test_setup_counts_agree_with_their_nouns():
    t = GAME.new(SpiritOptions(players=2, difficulty="easy"), 1)  # one lieutenant and one boss
    text = logtext(t)
    assert "1 lieutenant and 1 boss wait face down" in text
    assert "(s)" not in text and "(es)" not in text


# -- describe is total --------------------------------------------------------------------

ACTION_MODELS = typing.get_args(typing.get_args(SpiritAction)[0])


@pytest.mark.parametrize("model", ACTION_MODELS, ids=lambda m: m.__name__)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_describe_never_raises_on_unknown_ids(model, data):
    """Any well-formed action is described; an unknown card or samurai reads as its raw id."""
    action = data.draw(st.builds(model))
    text = GAME.describe(action)
    assert isinstance(text, str) and text


def test_an_unknown_card_reads_as_its_raw_id():
    assert GAME.describe(Confront(seat=0, card="Q-99")) == "Confront Q-99"
    assert GAME.describe(GiveCard(seat=0, to=1, name="Kyuzo", card="Q-99")) == "Give the Q-99 to Kyuzo"
    assert GAME.describe(UsePoolToken(seat=0, samurai="Nobody")) == "Use Nobody's pool token (?)"
