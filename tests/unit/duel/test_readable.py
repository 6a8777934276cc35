"""Readable at first sight (issue 16): the duel names its cards as the rulebook does, explains
the highlighted choice, says why a routine one is missing, hints from the samurai bot and
opens the help at the section of the moment."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

from rules.common import Rng
from rules.duel import GAME
from rules.duel.models import (
    Activate,
    Begin,
    BuyCard,
    DuelOptions,
    Exploit,
    Face,
    KiGuard,
    Peek,
    Penalty,
    Strike,
    Target,
)

from .builders import at_attack, at_counter, begin, hand, log_text, new, played, push, top

HELP = Path(__file__).resolve().parents[3] / "assets" / "help" / "duel.md"

# What must never reach a player: card codes (defence D07, counterattack C05, injury I05,
# Blood B1, Bushido K5, Gisei G3, event EV2, Special Action SA2), snake_case ids and the
# lower-case ids of the options. Action cards keep their printed label (F3, W1, E5, V9).
ID_PATTERNS = re.compile(
    r"\b(?:D\d\d|C\d\d|I\d\d|B[1-5]|K[1-7]|G[1-5]|EV\d|SA\d)\b"
    r"|\b[a-z]+_[a-z_]+\b"
    r"|\b(?:arima|yoshioka|shishido|gonnosuke|kojiro|shiro|versus3|katana|bokken|kusarigama|"
    r"nodachi|yari|wakizashi|shinmen|hosokawa|yagyu|ganryu)\b"
)


def ids_in(text: str) -> list[str]:
    return ID_PATTERNS.findall(text)


def view(st):
    return GAME.view(st, 0)


def explain(st, action) -> str:
    return GAME.explain(view(st), 0, action)


# -- names, never codes ------------------------------------------------------------------

OPTION_SETS = [
    DuelOptions(),
    DuelOptions(opponent="versus3", weapon="random", surroundings="random", yoroi="opponent"),
    DuelOptions(opponent="shiro", blood=True, weapon="wakizashi", surroundings="river_ford"),
    DuelOptions(mode="campaign", weapon="yari", clan="hosokawa", campaign_finale="shiro",
                yoroi="player"),
    DuelOptions(opponent="random", weapon="kusarigama", surroundings="ganryu_shore", blood=True),
    DuelOptions(opponent="gonnosuke", weapon="bokken", surroundings="rice_paddies"),
    DuelOptions(opponent="kojiro", weapon="nodachi", surroundings="temple_steps"),
]


@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: f"{o.mode}-{o.opponent}-{o.weapon}")
def test_random_duels_name_every_card_and_choice_without_a_code(opts):
    for seed in range(4):
        st = GAME.new(opts, seed)
        rng = Rng(seed=seed).fork("readable")
        for _ in range(160):
            if GAME.to_move(st) is None:
                break
            v = view(st)
            actions = GAME.legal_actions(st)
            texts = [GAME.phase(v), GAME.render(v, 0), GAME.why_not(v, 0)]
            for a in actions:
                texts += [GAME.describe(a), GAME.explain(v, 0, a)]
            texts.append(GAME.hint(v, 0, actions)[1])
            for text in texts:
                assert not ids_in(text), (ids_in(text), text)
            GAME.apply(st, actions[rng.below(len(actions))])
        for line in st.log:
            assert not ids_in(line.text), line.text
        assert not ids_in(GAME.phase(view(st)) + GAME.render(view(st), 0))


def test_the_id_patterns_catch_what_the_log_used_to_show():
    # The lines as they read before: each is caught, so the test above can fail.
    for old in ("Arima Kihei's defence D07 (6/7): you need Strength 6", "Injury card I05 Deep Cut",
                "You take the Special Action card SA2 Kiai.", "Event EV2 Mountain temple",
                "used: ganryu_shore"):
        assert ids_in(old), old


def test_the_log_names_the_defence_and_the_counterattack_by_their_values():
    st = new(opponent="arima")
    begin(st)
    hand(st, ["F1", "F2", "W3", "E1", "E2", "V1"])
    top(st.defence_deck, "D07")  # 6/7
    top(st.counter_deck, "C04")  # Power 5, Wound 1
    for card in ("F1", "F2", "W3"):
        GAME.apply(st, Activate(card=card))
    GAME.apply(st, Strike())
    GAME.apply(st, Face())
    log = log_text(st)
    assert "Arima Kihei's defence card 6/7: you need Strength 6 and Technique 7." in log
    assert "Arima Kihei's counterattack card: Power 5 (5), Wound 1." in log  # you hit: no +1
    assert "D07" not in log and "C04" not in log


def test_setup_choices_have_the_rulebook_names():
    titles = {name: (f.json_schema_extra or {}).get("titles", {})
              for name, f in DuelOptions.model_fields.items()}
    for name, f in DuelOptions.model_fields.items():
        if typing.get_origin(f.annotation) is typing.Literal:
            assert set(titles[name]) == set(typing.get_args(f.annotation)), name
    assert titles["opponent"]["arima"] == "Arima Kihei"
    assert titles["opponent"]["versus3"] == "1 Versus 3"
    assert titles["surroundings"]["ganryu_shore"] == "Ganryū Shore"
    assert titles["clan"]["shinmen"] == "Shinmen"


# -- the header at the end --------------------------------------------------------------

def test_the_header_ends_with_the_result_once_the_duel_is_over():
    st = new(opponent="arima")
    st.foes[0].life = 1
    at_attack(st, (9, 9, 5), "D09")  # Wound 2: Arima falls
    GAME.apply(st, Strike())
    assert st.result == "win"
    assert GAME.phase(view(st)) == "Round 1 · exchange 1 · You win"
    st = new(opponent="arima")
    st.player.life = 1
    st.foes[0].life = 7
    at_counter(st, guard=0, counter="C12")
    GAME.apply(st, Face())
    assert st.result == "loss" and GAME.phase(view(st)).endswith("· You lose")


# -- the notes of each exchange -----------------------------------------------------------

def test_each_strike_and_counterattack_is_noted_with_its_round_and_exchange():
    st = new(opponent="arima")
    begin(st)
    hand(st, ["F1", "F2", "W3", "E1", "E2", "V1", "E3"])
    top(st.defence_deck, "D07")
    top(st.counter_deck, "C01")  # Power 3 against Guard 0 (1 - 1 from F2)
    for card in ("F1", "F2", "W3"):
        GAME.apply(st, Activate(card=card))
    GAME.apply(st, Strike())
    GAME.apply(st, Face())
    assert st.exchange == 2
    strike, counter = st.strikes[-1], st.counters[-1]
    assert (strike.round, strike.exchange, strike.result) == (1, 1, "W1")  # S 7 ≥ 6, T 5 < 7
    assert (strike.need_s, strike.need_t, strike.defence) == (6, 7, "D07")
    assert (counter.round, counter.exchange, counter.power, counter.guard, counter.result) == \
        (1, 1, 3, 0, "W1")
    # Exchange 2 opens: exchange 1's notes stay; a round later they are dropped.
    top(st.defence_deck, "D01")
    for card in ("E1", "E2", "V1"):
        GAME.apply(st, Activate(card=card))
    GAME.apply(st, Strike())
    assert [(n.round, n.exchange) for n in st.strikes] == [(1, 1), (1, 2)]
    GAME.apply(st, Face())
    GAME.apply(st, Begin())
    assert [(n.round, n.exchange) for n in st.strikes] == [(1, 2)]
    assert all((n.round, n.exchange) == (1, 2) for n in st.counters)


def test_the_text_board_labels_exchange_one_apart_from_this_exchange():
    st = new(opponent="arima")
    begin(st)
    hand(st, ["F1", "F2", "W3", "E1", "E2", "V1", "E3"])
    top(st.defence_deck, "D07")
    top(st.counter_deck, "C01")
    for card in ("F1", "F2", "W3", "E1"):
        if card == "E1":
            GAME.apply(st, Strike())
            GAME.apply(st, Face())
        GAME.apply(st, Activate(card=card))
    text = GAME.render(view(st), 0)
    assert "Exchange 2 (this one): E1[E]+0/+0/+3" in text
    assert "Round 1, exchange 1: your strike, Wound 1 against the defence 6/7" in text
    assert "Round 1, exchange 1: Arima Kihei's counterattack Power 3 vs Guard 0, Wound 1" in text
    assert "Exchange 1: F1[F]+3/+0/+0  F2[F]+3/+1/-1  W3[W]+1/+2/+0" in text


# -- explain ----------------------------------------------------------------------------

def test_a_card_is_explained_by_the_gauge_it_leaves_and_the_strike_it_would_score():
    # Third card against the revealed defence 6/7: F1 (+3/0/0) takes Strength 4 → 7.
    st = new(opponent="arima")
    begin(st)
    hand(st, ["F1", "W1"])
    played(st, ["F2", "F3"])
    st.step = "third_card"
    p = st.player
    p.s, p.t, p.g = 4, 7, 1
    st.defence_deck.remove("D07")
    from rules.duel.models import Revealed

    st.defence = Revealed(id="D07")
    text = explain(st, Activate(card="F1"))
    assert text.startswith("F1 (Fire): Strength 7, Technique 7, Guard 1.")
    assert "A Fire combo: choose a reward" in text
    assert "your strike would score Wound 2" in text
    assert "Your strike would score Wound 1" in explain(st, Activate(card="W1"))


def test_a_special_action_card_is_explained_by_its_name_and_effect():
    st = new(opponent="arima")
    begin(st)
    hand(st, ["SA7", "F1"])
    text = explain(st, Activate(card="SA7"))
    assert text.startswith("Void Cut (Void): Strength 2, Technique 2, Guard 2.")
    assert "A miss in this exchange becomes Wound 1" in text


def test_the_strike_says_what_it_scores_and_why():
    st = new(opponent="arima", weapon="bokken")
    at_attack(st, (9, 9, 5), "D09")
    assert explain(st, Strike()) == ("Strength 9 against 6, Technique 9 against 6: Wound 1 "
                                     "(the wooden Bokken makes it Wound 1). "
                                     "Then Arima Kihei's counterattack.")


def test_facing_the_counterattack_counts_the_cards_that_would_beat_your_guard():
    # Gonnosuke: Atk +1, and with Ki his surge adds +3. Guard 6 in exchange 1.
    st = new(opponent="gonnosuke")
    at_counter(st, guard=6, counter="C01")
    st.counter_discard, st.counter_deck = [], ["C01", "C02", "C09", "C10"]  # 3, 4, 5, 6* W2
    text = explain(st, Face())
    # Powers 4, 5, 6, and 6+1+3 = 10 with the surge: only the last beats Guard 6.
    assert text == ("Reveal Musō Gonnosuke's counterattack against your Guard 6: "
                    "1 of the 4 cards that can come would beat it.")
    assert explain(st, KiGuard()) == ("Pay 1 Ki: Guard 6 → 8 for the rest of the round; "
                                      "1 of 4 cards would still beat it.")


def test_a_penalty_says_what_it_costs():
    st = new(opponent="shiro")
    begin(st)
    hand(st, ["F1"])
    played(st, ["F8"])
    p = st.player
    p.s, p.t, p.g = 9, 4, 3
    push(st, "shiro_penalty")
    assert explain(st, Penalty(option="card", card="F8")) == (
        "F8 leaves the game from the played row and takes back the levels it raised: "
        "Strength 5, Technique 4, Guard 3.")
    p.life = 1
    assert explain(st, Penalty(option="life")).endswith("You lose the game.")


def test_the_cliff_and_the_target_are_explained():
    st = new(opponent="versus3", surroundings="cliff")
    begin(st)
    assert "4-6 you fall and lose" in explain(st, Exploit(place="cliff"))
    assert explain(st, Target(n=3)).startswith("Enemy 3, the Bandit chief: Life 5, Ki 2")


# -- why a routine choice is missing --------------------------------------------------------

def test_why_not_says_why_the_early_look_and_the_seventh_card_are_missing():
    st = new(opponent="arima", weapon="nodachi")
    begin(st)
    assert GAME.why_not(view(st), 0) == "The Nodachi cannot pay Ki to reveal the defence early."
    st = new(opponent="arima")
    st.player.ki = 0
    assert "buy_card" not in [a.kind for a in GAME.legal_actions(st)]
    assert GAME.why_not(view(st), 0) == "No 7th card: you have no Ki."
    st.player.ki = 3
    GAME.apply(st, BuyCard())
    assert GAME.why_not(view(st), 0) == "You already bought a 7th card this round."
    begin(st)
    assert Peek() in GAME.legal_actions(st) and GAME.why_not(view(st), 0) == ""


def test_why_not_says_ki_guard_is_spent_for_this_attacker():
    st = new(opponent="arima")
    at_counter(st, guard=3, counter="C05")
    st.player.ki = 3
    GAME.apply(st, KiGuard())
    assert KiGuard() not in GAME.legal_actions(st)
    assert GAME.why_not(view(st), 0) == ("Ki Guard is spent once per counterattack: "
                                         "done for this one.")
    st = new(opponent="arima", weapon="kusarigama")
    at_counter(st, guard=0, counter="C05")
    assert "Kusarigama locks your Guard at 0" in GAME.why_not(view(st), 0)


# -- the hint ---------------------------------------------------------------------------

def test_the_hint_is_the_bot_choice_with_its_reason():
    st = new(opponent="arima")
    at_attack(st, (6, 3, 2), "D07")  # S 6 meets 6, T 3 misses 7
    action, reason = GAME.hint(view(st), 0, GAME.legal_actions(st))
    assert action == Strike() and reason == "It scores Wound 1 now."
    bot = GAME.bots()["samurai"]
    assert bot(GAME, view(st), 0, GAME.legal_actions(st), Rng(seed=1)) == action


def test_the_hint_reads_only_the_view_it_is_given():
    """The same suggestion with every hidden card scrambled, at every decision of duels."""
    for opts in OPTION_SETS[:4]:
        st = GAME.new(opts, 7)
        rng = Rng(seed=7).fork("scramble")
        for _ in range(120):
            if GAME.to_move(st) is None:
                break
            actions = GAME.legal_actions(st)
            mine = GAME.hint(view(st), 0, actions)
            other = GAME.scramble_hidden(st, 0, rng)
            assert GAME.hint(GAME.view(other, 0), 0, actions) == mine
            GAME.apply(st, mine[0])


# -- help ---------------------------------------------------------------------------------

def _headings() -> list[str]:
    return [ln[3:].strip() for ln in HELP.read_text(encoding="utf-8").splitlines()
            if ln.startswith("## ")]


def test_help_opens_with_playing_here_and_every_topic_is_a_heading():
    from rules.duel.explain import HELP_SECTIONS, PENDING_SECTIONS

    headings = _headings()
    assert headings[0] == "Playing here"
    for topic in set(HELP_SECTIONS.values()) | set(PENDING_SECTIONS.values()):
        assert topic in headings, topic


def test_help_topic_follows_the_moment():
    st = new(opponent="arima")
    assert GAME.help_topic(view(st)) == "The round"
    begin(st)
    assert GAME.help_topic(view(st)) == "The exchange"
    push(st, "combo_reward")
    assert GAME.help_topic(view(st)) == "Combos"
    st = new(opponent="arima")
    at_counter(st, guard=3, counter="C05")
    assert GAME.help_topic(view(st)) == "The counterattack"


def test_help_reads_at_80_columns():
    for line in HELP.read_text(encoding="utf-8").splitlines():
        if line.startswith("|"):
            assert len(line) <= 78, line


def test_a_save_from_before_the_notes_still_loads():
    import json

    st = new(opponent="arima")
    data = json.loads(st.model_dump_json())
    del data["strikes"], data["counters"]
    data["last_defence"], data["last_counter"] = "D07 6/7: needs S 6, T 7", "C05 power 5: blocked"
    loaded = GAME.State.model_validate_json(json.dumps(data))
    assert loaded.strikes == [] and loaded.counters == [] and loaded.player == st.player
    # With Blood: the kept cards' wound levels are read back from their lasting effects.
    st = new(opponent="arima", blood=True)
    data = json.loads(st.model_dump_json())
    data["last_counter"] = "C12 power 8: Wound 2"
    del data["player"]["blood_levels"]
    data["player"].update(blood_kept=["B1", "B2"], no_combos=True, die=None)
    data["blood_deck"] = ["B3", "B4", "B5"]
    loaded = GAME.State.model_validate_json(json.dumps(data))
    assert loaded.player.blood_levels == [2, 1]  # Broken rib, Broken finger
