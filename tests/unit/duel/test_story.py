"""The end of a duel tells each round in one line: the strikes, the counterattacks, the Life
and Ki of the round (issue 26: it said only "Round 1 ends. Round 2 ends.")."""

from __future__ import annotations

import pytest

from rules.common import Rng
from rules.duel import GAME as DUEL
from rules.duel.models import DuelOptions
from rules.duel.story import round_lines


def test_a_round_of_two_exchanges_in_one_line():
    # Round 2 as the log tells it: two exchanges, one strike wounds, one counterattack hits.
    log = [
        "Round 2 begins. Gauge 1/1/1. You draw E2, F1, V2, F9, W5, W6.",
        "You spend 1 Ki on your Guard: +2 (Guard 3).",
        "Round 2, exchange 1 opens.",
        "Your strike: Strength 5 against 6, Technique 4 against 5: a miss.",
        "Arima Kihei's counterattack 9 against your Guard 3: you suffer Wound 2.",
        "You draw the Injury card Twisted Knee, Wound 2: 2 Life.",
        "Arima Kihei's counterattack: you lose 2 Life (Life 4).",
        "Round 2, exchange 2 opens.",
        "Your strike: Strength 9 against 7, Technique 7 against 6: Wound 1.",
        "Your attack: Arima Kihei loses 1 Life (Life 6).",
        "Combo reward: you gain 1 Ki (Ki 2).",
        "Arima Kihei's counterattack 6 against your Guard 7: blocked.",
        "Round 2 ends.",
    ]
    assert round_lines(log) == [
        "Round 2: strikes: a miss, Wound 1 (Arima Kihei loses 1 Life); counterattacks: Wound 2, blocked; "
        "you lose 2 Life, spend 1 Ki, gain 1 Ki."
    ]


def played(options, seed: int):
    """A duel played by seeded random choices: every state along the way (after setup and
    after each action) and the final public view."""
    state = DUEL.new(options or DUEL.parse_options({}), seed)
    rng = Rng(seed=seed)
    states = [state.model_copy(deep=True)]
    while DUEL.to_move(state) is not None and len(states) < 3000:
        DUEL.apply(state, rng.choice(DUEL.legal_actions(state)))
        states.append(state.model_copy(deep=True))
    return states, DUEL.view(state, None)


def noted(states) -> tuple[dict, dict]:
    """The strikes and counterattacks the rules noted, by (duel, round), in order: read from
    the state's own notes, not from the log."""
    strikes: dict = {}
    counters: dict = {}
    seen = set()
    words = {"miss": "a miss", "W1": "Wound 1", "W2": "Wound 2", "blocked": "blocked", "cancelled": "cancelled"}
    for st in states:
        for n in st.strikes:
            if ("s", n.duel, n.round, n.exchange) not in seen:
                seen.add(("s", n.duel, n.round, n.exchange))
                strikes.setdefault((n.duel, n.round), []).append(words[n.result])
        for n in st.counters:  # one counterattack a foe an exchange
            if ("c", n.duel, n.round, n.exchange, n.foe) not in seen:
                seen.add(("c", n.duel, n.round, n.exchange, n.foe))
                counters.setdefault((n.duel, n.round), []).append(words[n.result])
    return strikes, counters


@pytest.mark.parametrize("seed", range(1, 9))
def test_every_round_of_a_duel_is_told_with_the_strikes_and_counterattacks_the_rules_noted(seed):
    states, view = played(None, seed)
    lines = DUEL.round_lines(view)
    rounds = view.round
    assert [line.split(":")[0] for line in lines] == [f"Round {n}" for n in range(1, rounds + 1)]
    strikes, counters = noted(states)
    for n, line in enumerate(lines, start=1):
        got = strikes.get((1, n), [])
        if got:
            assert (("strike: " if len(got) == 1 else "strikes: ") + ", ".join(got)) in line, line
        else:
            assert "strike" not in line, line
        got = counters.get((1, n), [])
        if got:
            assert (("counterattack: " if len(got) == 1 else "counterattacks: ") + ", ".join(got)) in line, line
        else:
            assert "counterattack" not in line, line


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_life_and_ki_told_add_up_to_what_the_duel_took_and_gave(seed):
    import re

    states, view = played(None, seed)
    start, end = states[0].player, states[-1].player
    setup = len(states[0].log)  # what the setup said is before the first action
    lines = DUEL.round_lines(view.model_copy(update={"log": view.log[setup - len(states[0].log):]}))
    told = " ".join(lines)

    def total(pattern: str) -> int:
        return sum(int(m) for m in re.findall(pattern, told))

    life = total(r"gain (\d+) Life") - total(r"lose (\d+) Life")
    ki = total(r"gain (\d+) Ki") - total(r"spend (\d+) Ki")
    before = [re.findall(r"\(Life (\d+)\)|\(Ki (\d+)\)", ln.text) for ln in states[0].log]
    assert not any(before), "the setup changes no Life or Ki"
    assert ki == end.ki - start.ki
    if end.life > 0:
        assert life == end.life - start.life
    else:  # the last blow is told as the rules dealt it, though Life stops at 0
        assert life <= end.life - start.life


def test_a_campaign_tells_its_rounds_duel_by_duel():
    states, view = played(DuelOptions(mode="campaign"), 3)
    lines = DUEL.round_lines(view)
    strikes, _ = noted(states)
    duels = sorted({d for d, _ in strikes})
    assert len(duels) >= 2
    for d in duels:
        mine = [ln for ln in lines if ln.startswith(f"Duel {d}, round ")]
        assert mine and mine[0].startswith(f"Duel {d}, round 1:")
        assert len(mine) == max(r for dd, r in strikes if dd == d) or len(mine) == max(r for dd, r in strikes if dd == d) + 1


def test_the_temple_steps_log_says_the_ki_they_cost_and_the_round_counts_it():
    # Temple Steps: 1 Ki before the strike for Strength +2. The log says the Ki paid, as
    # the other exploits' lines do, and the round's line counts it from that log line.
    from rules.duel.models import Exploit

    from .builders import at_attack, begin, new

    st = new(surroundings="temple_steps")
    begin(st)
    at_attack(st, (4, 0, 0), "D07")
    said = len(st.log)
    DUEL.apply(st, Exploit(place="temple_steps"))
    line = next(ln.text for ln in st.log[said:] if ln.text.startswith("Temple Steps"))
    assert "you pay 1 Ki" in line and "Strength +2 (Strength 6)" in line
    assert "spend 1 Ki" in round_lines([ln.text for ln in st.log])[-1]
