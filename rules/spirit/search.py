"""Samurai Spirit's hooks for the search bot (rules/common/search.py).

The view turns the raider stack, the intruders, the reserve and the box into "?" and the
backs under standing farmsteads too. A determinization deals them again from what the
view leaves unseen, keeping what the table knows of each pile's make-up (setup 3-5): the
reserve holds the lieutenants still to come before the bosses; the lieutenants join the
raiders after round 1 and the bosses after round 2, so the stacks in play hold that many
of each not yet seen, and plunderers for the rest; every other unseen card is in the box.
The backs still face down are the farmsteads' backs not yet burnt open, in any order.
"""

from __future__ import annotations

from rules.common import Game, Rng
from rules.common.search import SearchHooks, strings_in

from . import data
from .bots import samurai_bot
from .model import SpiritState

KINDS = ("plunderer", "lieutenant", "boss")
ZONES = ("raiders", "intruders", "reserve", "box")


def determinize(game, view: SpiritState, seat: int, rng: Rng) -> SpiritState:
    world = Game.scramble_hidden(game, view, seat, rng)  # a copy, with fresh dice
    world.hidden = False
    seen: set[str] = set()
    strings_in(view.model_dump(exclude={"log", "rng", "backs", *ZONES}), seen)
    unseen = {k: rng.shuffled([c for c in data.ids_of(k) if c not in seen]) for k in KINDS}
    m = view.extra
    bosses_held = min(len(view.reserve), m) if view.round <= 2 else 0
    reserve = ["lieutenant"] * (len(view.reserve) - bosses_held) + ["boss"] * bosses_held
    in_play = len(view.raiders) + len(view.intruders)
    lts = min(in_play, max(0, (m if view.round >= 2 else 0) - (len(data.ids_of("lieutenant")) - len(unseen["lieutenant"]))))
    bosses = min(in_play - lts, max(0, (m if view.round >= 3 else 0) - (len(data.ids_of("boss")) - len(unseen["boss"]))))
    # The bosses and (in round 2) the lieutenants joined the raider stack this round; the
    # intruders are the last round's leftovers.
    raiders, intruders = len(view.raiders), len(view.intruders)
    top = ["boss"] * min(bosses, raiders)
    if view.round == 2:
        top += ["lieutenant"] * min(lts, raiders - len(top))
    rest_kinds = (["lieutenant"] * (lts - top.count("lieutenant")) + ["boss"] * (bosses - top.count("boss"))
                  + ["plunderer"] * (in_play - lts - bosses))
    rng.shuffle(rest_kinds)
    play_r = top + rest_kinds[:raiders - len(top)]
    rng.shuffle(play_r)
    play_i = rest_kinds[raiders - len(top):]
    rng.shuffle(play_i)
    play = play_r + play_i

    def deal(kind: str) -> str:
        pool = unseen[kind] or next(unseen[k] for k in KINDS if unseen[k])
        return pool.pop()

    world.reserve = [deal(k) for k in reserve]
    world.raiders = [deal(k) for k in play[:len(view.raiders)]]
    world.intruders = [deal(k) for k in play[len(view.raiders):]]
    rest = [c for k in KINDS for c in unseen[k]]
    rng.shuffle(rest)
    world.box = rest[:len(view.box)]
    backs = rng.shuffled([f.id for f in data.village().farms if f.id not in view.backs])
    world.backs = [backs.pop() if b == "?" else b for b in view.backs]
    return world


# The samurai bot reads none of the hidden piles, so it may read the sampled world itself.
HOOKS = SearchHooks(determinize=determinize, rollout=samurai_bot, rollout_view=False)
