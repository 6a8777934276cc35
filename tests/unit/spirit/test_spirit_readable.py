"""Spirit reads at first sight (issue 16): no codes reach a player, each choice is explained
in the rulebook's words, a missing Defend or Support says why, and the hint is the samurai
bot's own choice with its reason, whatever is hidden."""

from __future__ import annotations

import re

from rules.common import Rng
from rules.common.data import asset_text
from rules.spirit import GAME, data
from rules.spirit.bots import samurai_bot
from rules.spirit.builder import act, begin, defended, line, options, stack, table
from rules.spirit.explain import GAME_OVER_TOPIC, HELP_TOPICS
from rules.spirit.model import Pending
from rules.spirit.words import words
from screens.spirit.board import SpiritBoard

OPTION_SETS = (
    {"players": 3},
    {"players": 2, "difficulty": "hard"},
    {"players": 1, "solo_samurai": 3, "difficulty": "easy"},
    {"players": 7, "difficulty": "heroic"},
)


def _id_pattern() -> re.Pattern[str]:
    """Every code the game keeps in its data and saves: card ids, penalty, talent, power,
    family and farm-back codes, farmstead ids, step names, and any snake_case word."""
    w = words()
    codes = (set(w.penalties) | set(w.talents) | set(w.powers) | set(w.families) | set(w.backs)
             | set(w.steps) | {f.id for f in data.village().farms})
    names = "|".join(sorted(map(re.escape, codes), key=len, reverse=True))
    return re.compile(r"\b(?:[PLB]\d?-\d\d?|[A-Za-z]+_[A-Za-z_]+|" + names + r")\b")


ID = _id_pattern()


def _board_text(board: SpiritBoard, view) -> list[str]:
    out = [t.plain for t in board._head(view, 80) + board._village(view, 80) + board._stacks(view, 80)
           + board._graveyard(view, 80)]
    if view.transit is not None:
        out += [t.plain for t in board._transit(view, 76)]
    for i in range(len(view.samurai)):
        out += [t.plain for t in board._samurai(view, i, view.pending.seat if view.pending else None, 44)]
    return out


def _play(seed: int, per_position):
    """A short seeded game (random choices, the bot every other seed), calling
    ``per_position(state, actions)`` before each action; returns the final state."""
    state = GAME.new(GAME.Options(**OPTION_SETS[seed % 4]), seed)
    rng = Rng(seed=seed)
    steps = 0
    while not state.over and steps < 400:
        actions = GAME.legal_actions(state)
        per_position(state, actions)
        seat = state.pending.seat
        if seed % 2:
            choice = samurai_bot(GAME, GAME.view(state, seat), seat, actions, rng)
        else:
            choice = actions[rng.below(len(actions))]
        GAME.apply(state, choice)
        steps += 1
    return state


def test_no_code_reaches_a_player_in_decisions_log_board_or_explanations():
    board = SpiritBoard(GAME)
    found: dict[str, str] = {}

    def scan(text: str) -> None:
        for m in ID.findall(text):
            found.setdefault(m, text)

    def position(state, actions) -> None:
        seat = state.pending.seat
        view = GAME.view(state, seat)
        for a in actions:
            scan(GAME.describe(a))
            scan(GAME.explain(view, seat, a))
        scan(GAME.why_not(view, seat))
        scan(GAME.hint(view, seat, actions)[1])
        scan(GAME.phase(view))
        scan(GAME.render(view, seat))
        for text in _board_text(board, view):
            scan(text)

    for seed in range(8):
        state = _play(seed, position)
        for entry in state.log:
            scan(entry.text)
        view = GAME.view(state, None)
        scan(GAME.render(view, None))
        for text in _board_text(board, view):
            scan(text)
    assert not found, found


# -- explain: a small position, the highlighted choice, what it says -------------------------

def test_a_forced_confront_warns_that_a_barricade_falls():
    t = table(("Heihachi", "Kanbei", "Kyuzo"))
    line(t, 0, "P4-04", "P3-04", "P2-10")  # 9 of Kiai 11
    t.barricades = 3
    stack(t, "P3-13")  # a 3 with no icon: it can only be confronted
    begin(t, 0)
    act(t, "fight")
    assert options(t) == ["confront"]
    view = GAME.view(t, 0)
    confront = GAME.legal_actions(t)[0]
    text = GAME.explain(view, 0, confront)
    assert "total 12 goes above the Kiai 11" in text
    assert "a barricade falls (3 → 2 of 5)" in text
    assert GAME.why_not(view, 0) == "No Defend: the 3 has no icon."


def test_with_no_barricade_left_a_confront_over_kiai_destroys_a_farmstead():
    t = table(("Heihachi", "Kanbei", "Kyuzo"))
    line(t, 0, "P4-04", "P3-04", "P2-10")
    t.barricades = 0
    stack(t, "P3-13")
    begin(t, 0)
    act(t, "fight")
    text = GAME.explain(GAME.view(t, 0), 0, GAME.legal_actions(t)[0])
    assert "no barricade is left, so a random farmstead is destroyed" in text


def test_an_exact_hit_names_the_kiai_and_the_oldest_card_to_go():
    t = table(("Kanbei", "Heihachi", "Kyuzo"))
    line(t, 0, "P4-01", "P4-03")
    stack(t, "P4-13")
    begin(t, 0)
    act(t, "fight")
    text = GAME.explain(GAME.view(t, 0), 0, GAME.legal_actions(t)[0])
    assert "reaches 12, exactly the Kiai" in text and "the 4 (hat)" in text


def test_defend_says_what_the_slot_saves_and_a_taken_slot_says_why_it_is_missing():
    t = table(("Kyuzo", "Kanbei", "Gorobei"))
    defended(t, 0, "P1-01")  # the hat slot holds a 1
    stack(t, "P3-04", "P3-02")  # a farm 3, then a hat 3
    begin(t, 0)
    act(t, "fight")
    defend = next(a for a in GAME.legal_actions(t) if a.kind == "defend")
    text = GAME.explain(GAME.view(t, 0), 0, defend)
    assert "fills your farm slot" in text and "saves a farmstead" in text
    act(t, "defend")
    assert GAME.why_not(GAME.view(t, 0), 0) == ""


def test_no_defend_names_the_slot_already_taken():
    t = table(("Kyuzo", "Kanbei", "Gorobei"))
    defended(t, 0, "P1-01")
    stack(t, "P3-02")  # a hat 3: the hat slot holds the 1
    begin(t, 0)
    act(t, "fight")
    assert options(t) == ["confront"]
    assert GAME.why_not(GAME.view(t, 0), 0) == "No Defend: the hat slot already holds the 1."


def test_no_defend_under_a_block_defend_penalty():
    t = table(("Kyuzo", "Kanbei", "Gorobei"))
    line(t, 0, "P1-08")  # family 1, block defend
    stack(t, "P3-04")
    begin(t, 0)
    act(t, "fight")
    assert GAME.why_not(GAME.view(t, 0), 0) == \
        "No Defend: the penalty \"block defend\" of the top card applies this turn."


def test_over_kiai_only_pass_is_offered_and_the_reason_is_given():
    t = table(("Heihachi", "Kanbei", "Kyuzo"))
    line(t, 0, "P4-04", "P4-13", "P3-04", "P2-10")  # 13 of Kiai 11
    begin(t, 0)
    assert options(t) == ["pass_round"]
    view = GAME.view(t, 0)
    assert GAME.why_not(view, 0) == "Only Pass: the total 13 is above the Kiai 11."
    assert GAME.explain(view, 0, GAME.legal_actions(t)[0]).startswith(
        "You must pass: your total 13 is above your Kiai 11.")


def test_support_missing_while_the_token_is_away():
    t = table(("Kanbei", "Gorobei", "Kyuzo"))
    t.samurai[0].token_with = 2
    begin(t, 0)
    assert "support{1}" not in options(t)
    assert GAME.why_not(GAME.view(t, 0), 0) == \
        "No Support: the support token is with Kyuzo until their turn ends."


def test_support_explains_the_talent_lent_and_the_card_to_the_intruders():
    t = table(("Kikuchiyo", "Kyuzo", "Gorobei"))
    begin(t, 0)
    support = next(a for a in GAME.legal_actions(t) if a.kind == "support" and a.to == 1)
    text = GAME.explain(GAME.view(t, 0), 0, support)
    assert text.startswith("Kyuzo has your talent (fight twice) on their next turn.")
    assert "goes unseen to the intruders (1 there" in text


def test_an_unable_penalty_at_the_start_is_a_wound():
    t = table(("Kyuzo", "Katsushiro", "Heihachi"), round=3)
    line(t, 0, "B-4")  # discard a defended card, with nothing defended
    t.active = 0
    t.pending = Pending(kind="START", seat=0)  # the turn's start, before the penalty
    begin_turn = next(a for a in GAME.legal_actions(t) if a.kind == "begin_turn")
    text = GAME.explain(GAME.view(t, 0), 0, begin_turn)
    assert "\"discard a defended card\", which cannot be carried out (nothing is defended)" in text
    assert "you take a wound: you then have 1 wound" in text


def test_the_order_of_a_boss_s_two_penalties_is_explained_as_the_rules_resolve_it():
    t = table(("Kyuzo", "Katsushiro", "Heihachi"), round=3)
    line(t, 0, "P2-10", "B-5")  # discard a defended card + shuffle discard into raiders
    defended(t, 0, "P1-01")
    begin(t, 0)
    view = GAME.view(t, 0)
    first_discard, first_shuffle = sorted(GAME.legal_actions(t), key=lambda a: a.first != "DISCARD_DEF")
    assert "wound" not in GAME.explain(view, 0, first_discard)
    text = GAME.explain(view, 0, first_shuffle)
    assert text.startswith("First \"shuffle discard into raiders\", which cannot be carried out"
                           " (the discard pile is empty), so you take a wound")
    assert GAME.describe(first_discard) == "Apply the penalty \"discard a defended card\" first"


def test_a_pool_token_says_whose_talent_it_lends_and_that_it_is_spent():
    t = table(("Kyuzo", "Heihachi"), players=2)
    line(t, 0, "P4-02")  # an even 4 that wounds
    begin(t, 0)
    gorobei = next(a for a in GAME.legal_actions(t) if a.kind == "use_pool_token" and a.samurai == "Gorobei")
    text = GAME.explain(GAME.view(t, 0), 0, gorobei)
    assert "Gorobei's human talent, this turn only: no penalty applies from your top card" in text
    assert "spent (4 left in the pool)" in text
    assert "is then ignored" in text


def test_every_step_opens_a_section_of_the_help_page():
    headings = {line[3:].strip() for line in asset_text("help", "spirit.md").splitlines()
                if line.startswith("## ")}
    assert set(HELP_TOPICS.values()) | {GAME_OVER_TOPIC} <= headings
    t = table(("Kyuzo", "Kanbei", "Gorobei"))
    begin(t, 0)
    assert GAME.help_topic(GAME.view(t, 0)) == "4. Your turn"
    act(t, "fight")
    assert GAME.help_topic(GAME.view(t, 0)) == "5. Placing a card: confront or defend"


def test_every_legal_choice_is_explained_in_random_play():
    def position(state, actions) -> None:
        seat = state.pending.seat
        view = GAME.view(state, seat)
        for a in actions:
            assert GAME.explain(view, seat, a), a

    for seed in range(4):
        _play(seed, position)


# -- the hint -------------------------------------------------------------------------------

def test_the_hint_is_the_bots_choice_with_a_reason_whatever_is_hidden():
    checked = 0

    def position(state, actions) -> None:
        nonlocal checked
        seat = state.pending.seat
        view = GAME.view(state, seat)
        action, reason = GAME.hint(view, seat, actions)
        assert action in actions and reason
        assert action == samurai_bot(GAME, view, seat, actions, Rng(seed=0))
        other = GAME.scramble_hidden(state, seat, Rng(seed=checked + 1))
        again = GAME.hint(GAME.view(other, seat), seat, GAME.legal_actions(other))
        assert again == (action, reason)
        checked += 1

    for seed in range(4):
        _play(seed, position)
    assert checked > 50


def test_the_hint_reason_comes_from_the_evaluation():
    t = table(("Kanbei", "Heihachi", "Kyuzo"))
    line(t, 0, "P4-01", "P4-03")
    stack(t, "P4-04")  # a farm 4: confront (exactly 12) or defend
    begin(t, 0)
    act(t, "fight")
    assert options(t) == ["confront", "defend"]
    action, reason = GAME.hint(GAME.view(t, 0), 0, GAME.legal_actions(t))
    assert action.kind == "confront" and reason == "The 4 brings you exactly to your Kiai."


def test_the_setup_form_names_each_difficulty():
    extra = GAME.Options.model_fields["difficulty"].json_schema_extra
    assert extra == {"titles": {"easy": "Easy", "normal": "Normal", "hard": "Hard", "heroic": "Heroic"}}
