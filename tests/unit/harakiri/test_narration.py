"""The log's turn phrases are read back as the rules wrote them (the board's playback)."""

from rules.common import Rng
from rules.harakiri import GAME
from rules.harakiri.narration import CHARACTER_ACTIVATES, enemy_turn, opens_enemy_turn


def test_an_enemy_turn_runs_from_its_opening_line_to_the_next_characters_activation():
    s = GAME.new(GAME.Options(scenario="drowned_shrine"), 2)
    bot, rng = GAME.bots()["samurai"], Rng(seed=2)
    for _ in range(400):
        lines = [ln.text for ln in s.log]
        starts = [i for i, ln in enumerate(lines) if opens_enemy_turn(s, ln)]
        later = [i for i in starts if any(CHARACTER_ACTIVATES in ln for ln in lines[i:])]
        if later:
            break
        seat = GAME.to_move(s)
        GAME.apply(s, bot(GAME, GAME.view(s, seat), seat, GAME.legal_actions(s), rng))
    else:
        raise AssertionError("no enemy turn followed by a character's in 400 actions")
    start = later[0]
    turn = enemy_turn(s, lines[start:])
    assert turn and turn[0] == lines[start]
    after = lines[start + len(turn)]
    assert CHARACTER_ACTIVATES in after and not opens_enemy_turn(s, after)
    assert all(CHARACTER_ACTIVATES not in ln for ln in turn)
