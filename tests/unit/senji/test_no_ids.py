"""Issue 16: no code the saves keep reaches a Senji player, in the choices or the log.

Seeded random games (every player count); each legal action's description, each
explanation, the hint's reason, the phase and every log line are searched for diplomacy
card ids (R-M1), hanafuda ids and types (03R1, 03R), snake_case ids, seat numbers and a
samurai's letter beside its name (G Kojiro, Kojiro (G))."""

import re

from rules.common import Rng
from rules.senji import GAME
from rules.senji.data import data
from rules.senji.state import SenjiOptions

D = data()
NAMES = "|".join(s.name for s in D.samurai_list)
ID = re.compile(
    r"\b[RGPKBY]-(?:M\d|S\d[ab]?|T\d|D0)\b"  # a diplomacy card
    r"|\b\d\d(?:S|A\d?|R\d?|P\d?)\b"  # a hanafuda or a hanafuda type
    r"|\b[a-z]+_[a-z_]+\b"  # a snake_case id
    r"|\b[Ss]eat \d"  # a seat by number
    rf"|\b[A-R] (?:{NAMES})\b|\b(?:{NAMES}) \([A-R]\)"  # a samurai by letter
    r"|\b(?:LIGHTS|HUNT|POEMS|HARVEST|MONTH|SEASONS|SCROLLS)\d"  # a combination id
)


def test_the_pattern_catches_the_codes_of_the_play_test():
    for bad in ("Keep 10S", "Add 01R1", "Host: seat 2", "G Kojiro", "Bid R-M1 on K-M2", "Take a 03A",
                "setup_pick", "Kojiro (G)"):
        assert ID.search(bad), bad
    for good in ("Keep Maple sun", "Host: Green", "Keep Kojiro (honour 8)", "Red Cousin (1)"):
        assert not ID.search(good), good


def test_random_games_show_names_not_codes():
    found: dict[str, str] = {}
    for seed, players in ((11, 3), (12, 4), (13, 5), (14, 6)):
        st = GAME.new(SenjiOptions(players=players, winter_timer_s=0, turn_limit=6), seed)
        rng = Rng(seed=seed).fork("walk")
        for _ in range(1500):
            seat = GAME.to_move(st)
            if seat is None:
                break
            v = GAME.view(st, seat)
            actions = GAME.legal_actions(st)
            texts = [GAME.phase(v), GAME.why_not(v, seat), GAME.hint(v, seat, actions)[1]]
            for a in actions:
                texts += [GAME.describe(a), GAME.explain(v, seat, a)]
            for t in texts:
                m = ID.search(t)
                if m:
                    found.setdefault(m.group(0), t)
            GAME.apply(st, actions[rng.below(len(actions))])
        for line in st.log:
            m = ID.search(line.text)
            if m:
                found.setdefault(m.group(0), line.text)
    assert not found, found
