"""The rules-aware bot: it meets the revealed defence, guards with Ki and takes combos."""

from __future__ import annotations

from rules.common import Rng
from rules.duel import GAME
from rules.duel.models import Activate, DuelOptions, Revealed

from .builders import at_counter, begin, hand, new, played, push

BOT = GAME.bots()["samurai"]


def choose(st):
    actions = GAME.legal_actions(st)
    action = BOT(GAME, GAME.view(st, 0), 0, actions, Rng(seed=3))
    assert action in actions
    return action


def test_third_card_meets_the_revealed_defence():
    st = new(opponent="arima")
    begin(st)
    hand(st, ["E1", "E2", "F1", "W1", "F5"])
    played(st, ["V9", "V9".replace("9", "8")])
    st.step = "third_card"
    p = st.player
    p.s, p.t, p.g = 4, 6, 3
    st.defence_deck.remove("D08")
    st.defence = Revealed(id="D08")  # 7/6: Strength 3 short, Technique met
    assert choose(st) in (Activate(card="F1"), Activate(card="F5"))


def test_ki_on_guard_when_the_counterattack_would_wound():
    st = new(opponent="kojiro")
    begin(st)
    at_counter(st, 6, "C01", exchange=2)
    st.player.ki = 3
    assert choose(st).kind == "ki_guard"
    calm = new(opponent="arima")
    begin(calm)
    at_counter(calm, 10, "C01")  # nothing in the deck can pass Guard 10 in exchange 1
    calm.player.ki = 3
    assert choose(calm).kind == "face"


def test_takes_the_combo_and_its_reward():
    st = new(opponent="arima", bushido=True)
    begin(st)
    hand(st, ["F1", "F3", "E7", "W8", "F7"])
    played(st, ["F2", "F4"])
    st.step = "third_card"
    st.player.s, st.player.t = 8, 0
    st.defence_deck.remove("D12")
    st.defence = Revealed(id="D12")  # 6/5: a Fire card keeps the Wound 1 and makes the combo
    action = choose(st)
    assert action.kind == "activate" and action.card.startswith("F")
    push(st, "combo_reward")
    assert choose(st).choice == "bushido"


def test_bot_beats_arima_far_more_often_than_chance():
    wins = {"bot": 0, "random": 0}
    for seed in range(20):
        for who in wins:
            st = GAME.new(DuelOptions(opponent="arima", surroundings="none"), seed)
            rng = Rng(seed=seed)
            while GAME.to_move(st) is not None:
                actions = GAME.legal_actions(st)
                if who == "bot":
                    action = BOT(GAME, GAME.view(st, 0), 0, actions, rng)
                else:
                    action = actions[rng.below(len(actions))]
                GAME.apply(st, action)
            wins[who] += st.result == "win"
    assert wins["bot"] >= 14 and wins["bot"] > wins["random"] + 8
