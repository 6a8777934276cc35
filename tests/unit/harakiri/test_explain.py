"""The detail line for Harakiri (issue 16): each highlighted choice explained in the
rulebook's words (the pool you will roll, a skill's or item's effect, a step's cost), why a
Move or an attack is missing, the bot's hint with its reason, the help section, and the
enemy lines and setup choices in words."""

from __future__ import annotations

import random
import re
from pathlib import Path

from rules.common import Rng
from rules.harakiri import GAME
from rules.harakiri.model import (
    DeclareAttack, Draft, HarakiriOptions, KiDie, PlaceKi, Roll, SetFocus, SetSkill, StartMove, Step, Sub,
    Technique, UseItem,
)
from rules.harakiri.narration import resolved_line, unresolved_line
from rules.harakiri.words import line_short, line_words

from .helpers import ch, tiny

HELP = Path(__file__).resolve().parents[3] / "assets" / "help" / "harakiri.md"


def _akira_by_ashigaru(**kw):
    s = tiny(["....", "...."], chars={"akira": (0, 0)}, enemies=[("ashigaru", (1, 0))], active="c:akira", **kw)
    ch(s, "akira").ap = 3
    return s


def explain(s, action) -> str:
    return GAME.explain(GAME.view(s, 0), 0, action)


# -- the pool you will roll -----------------------------------------------------------

def test_a_fast_katana_attack_rolls_two_green_dice_and_names_the_target_and_the_yin_yang():
    s = _akira_by_ashigaru()
    text = explain(s, DeclareAttack(target="e:ashigaru-R", mode="fast"))
    assert "you roll 2 dice: Green, Green" in text
    assert "yin and yang together: +2 hits" in text
    assert "Ashigaru R has 5 HP left, ARM 1, evasion 1" in text
    assert "Costs 1 AP" in text


def test_a_strong_katana_attack_rolls_red_green_orange():
    s = _akira_by_ashigaru()
    assert "you roll 3 dice: Red, Green, Orange" in explain(s, DeclareAttack(target="e:ashigaru-R", mode="strong"))


def test_iaijutsu_adds_a_red_die_to_the_pool_the_builder_shows():
    s = _akira_by_ashigaru()
    s.sub = Sub(kind="attack", draft=Draft(targets=["e:ashigaru-R"], mode="fast"))
    text = explain(s, SetSkill(skill="iaijutsu"))
    assert text.startswith("Iaijutsu: add 1 red die to the pool.")
    assert "you roll 3 dice: Green, Green, Red" in text
    assert "and the focus die" in explain(s, SetFocus(on=True))
    s.sub.draft.skill = "iaijutsu"
    assert "Roll now with Iaijutsu: you roll 3 dice: Green, Green, Red" in explain(s, Roll())


def test_kami_mode_of_hachiman_adds_a_red_die_to_every_attack():
    s = _akira_by_ashigaru()
    ch(s, "akira").kami_mode = True
    assert "you roll 3 dice: Green, Green, Red" in explain(s, DeclareAttack(target="e:ashigaru-R", mode="fast"))


# -- skills, items, Ki, moves ---------------------------------------------------------

def test_an_item_says_its_effect_and_that_it_is_spent():
    s = _akira_by_ashigaru()
    text = explain(s, UseItem(item="rice_ball"))
    assert text == "Rice Ball: heal 3. Costs 1 AP. It is spent."


def test_a_technique_says_its_effect():
    s = tiny(["....", "...."], chars={"hikaru": (0, 0)}, active="c:hikaru")
    assert explain(s, Technique(skill="dawn")).startswith("Dawn: every character heals 2.")


def test_placing_a_ki_die_says_what_the_slot_needs_and_what_the_skill_does():
    s = _akira_by_ashigaru()
    ch(s, "akira").ki = [KiDie(value=4)]
    text = explain(s, PlaceKi(die=0, slot="iaijutsu"))
    assert text == "Put the Ki die showing 4 on Iaijutsu (needs 3): Iaijutsu is ready. add 1 red die to the pool."


def test_a_move_costs_one_ap_for_three_plus_dexterity_mp():
    s = _akira_by_ashigaru()
    dex = ch(s, "akira").attrs["DEX"]
    assert explain(s, StartMove()).startswith(f"1 AP: a Move of {3 + dex} MP (3 + Dexterity), once per activation")


def test_leaving_difficult_ground_costs_two_mp():
    s = tiny(["~...", "...."], chars={"akira": (0, 0)}, active="c:akira")
    ch(s, "akira").ap = 3
    s.sub = Sub(kind="move", mp=4)
    assert explain(s, Step(x=1, y=0)) == "One step: costs 2 MP (leaving difficult ground), 2 MP left."
    s2 = tiny(["..~.", "...."], chars={"akira": (1, 0)}, active="c:akira")
    s2.sub = Sub(kind="move", mp=4)
    assert explain(s2, Step(x=2, y=0)) == "One step into difficult ground (2 MP to leave it): costs 1 MP, 3 MP left."


# -- why a routine choice is missing --------------------------------------------------

def test_why_no_attack_when_no_enemy_is_in_reach():
    s = tiny(["....", "...."], chars={"akira": (0, 0)}, enemies=[("ashigaru", (3, 1))], active="c:akira")
    ch(s, "akira").ap = 3
    assert GAME.why_not(GAME.view(s, 0), 0) == \
        "No attack: no enemy within range 1 and line of sight of the Katana."


def test_why_no_attack_and_no_move_once_both_are_made():
    s = _akira_by_ashigaru()
    c = ch(s, "akira")
    c.attacked, c.moved = True, True
    assert GAME.why_not(GAME.view(s, 0), 0) == ("No attack: one attack per activation, already made; "
                                                 "no Move: one Move per activation, already made.")
    c.attacked, c.moved = False, False
    assert GAME.why_not(GAME.view(s, 0), 0) == ""


# -- the hint --------------------------------------------------------------------------

def test_the_hint_is_the_bots_choice_with_its_reason_whatever_is_hidden():
    bot = GAME.bots()["samurai"]
    checked = 0
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        s = GAME.new(GAME.Options(players=2, scenario="ossuary_bell"), seed)
        for _ in range(120):
            if GAME.outcome(s) is not None:
                break
            seat = GAME.to_move(s)
            acts = GAME.legal_actions(s)
            action, reason = GAME.hint(GAME.view(s, seat), seat, acts)
            assert action in acts and reason.endswith(".") and reason[0].isupper()
            assert action == bot(GAME, GAME.view(s, seat), seat, acts, Rng(seed=0))
            other = GAME.scramble_hidden(s, seat, Rng(seed=seed))
            assert GAME.hint(GAME.view(other, seat), seat, GAME.legal_actions(other)) == (action, reason)
            checked += 1
            GAME.apply(s, rng.choice(acts))
    assert checked > 100


def test_the_hint_says_why_a_strong_attack():
    s = _akira_by_ashigaru()
    ch(s, "akira").ki = []  # no Ki die to place first
    action, reason = GAME.hint(GAME.view(s, 0), 0, GAME.legal_actions(s))
    assert action == DeclareAttack(target="e:ashigaru-R", mode="strong")
    assert reason == "Attack Ashigaru R: a strong attack rolls more dice."


# -- help, setup, enemy lines ------------------------------------------------------------

def test_every_help_topic_is_a_heading_of_the_help_page():
    from rules.harakiri.explain import HELP as TOPICS
    headings = {ln.lstrip("#").strip() for ln in HELP.read_text().splitlines() if ln.startswith("#")}
    assert set(TOPICS.values()) <= headings
    s = _akira_by_ashigaru()
    assert GAME.help_topic(GAME.view(s, 0)) == "A hero's activation"
    s.sub = Sub(kind="attack", draft=Draft(targets=["e:ashigaru-R"], mode="fast"))
    assert GAME.help_topic(GAME.view(s, 0)) == "Attacking"


def test_every_setup_choice_has_a_name():
    for name, field in HarakiriOptions.model_fields.items():
        choices = getattr(field.annotation, "__args__", ())
        if all(isinstance(c, str) for c in choices) and choices:
            titles = (field.json_schema_extra or {}).get("titles", {})
            assert set(titles) == set(choices), name
    assert HarakiriOptions.model_fields["scenario"].json_schema_extra["titles"]["drowned_shrine"] == \
        "The Drowned Shrine"


def test_an_enemy_line_reads_in_words_in_the_log_and_in_short_words_on_the_board():
    line = resolved_line("a", "akaname", "M+1 adj, S:filthy_tongue+F", "-ARM")
    assert line == ("Line a) is resolved: moves with 1 extra MP next to its target, then uses Filthy Tongue "
                    "with the focus die (target: the least armour first).")
    assert line_short("akaname", "M+1 adj, S:filthy_tongue+F") == "moves +1 MP next to target, Filthy Tongue ◉"
    assert line_words("kachi", "S:support, S:kenjutsu") == "uses Support, then uses Kenjutsu"
    assert line_words("undertaker", "?hp<=15, S:grave_rest") == \
        "only if its health left is 15 or less, then uses Grave Rest"
    bad = unresolved_line("b", "kappa", "A adj", "no target in reach for an adjacent attack")
    assert bad == "Line b) cannot be resolved: no target in reach for an adjacent attack (attacks an adjacent target)."
    assert not re.search(r"\b[a-z]+_[a-z_]+\b|S:|\+F|\[-", line + bad)
