"""A second tabletop process for the journal tests (run as ``python -m``).

    hold DB          start a Nim game, play 3 moves, print its id, then obey stdin:
                     "more" plays 2 moves, "quit" lets go of the game and exits
    play DB          resume the latest unfinished game (or start one) and play until
                     killed, printing each action once dispatch has returned (shown)
    moves DB N       start a Nim game, play N moves, print "id ID"; then "more K" plays K
                     moves and prints "moves N" and what the player was told ("told ..."),
                     until killed
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rules.common import Rng
from tabletop.journal import Journal, attach, open_game
from tabletop.store import Store
from tests.games.nim import NIM, NimOptions

GAMES = {"nim": NIM}


def say(*words: object) -> None:
    print(*words, flush=True)


def hold(path: Path) -> None:
    journal = Journal(path)
    store = Store.new(NIM, NimOptions(stones=60), seed=4)
    attach(journal, store)
    for _ in range(3):
        store.dispatch(store.legal_actions()[-1])
    say("id", store.game_uid)
    for line in sys.stdin:
        if line.strip() == "more":
            for _ in range(2):
                store.dispatch(store.legal_actions()[-1])
            say("moves", store.revision)
        elif line.strip() == "quit":
            store.recorder.release()
            say("bye")
            return


def play(path: Path, seed: int) -> None:
    journal = Journal(path)
    rng = Rng(seed=seed)
    while True:
        row = journal.latest_unfinished(["nim"])
        if row is not None:
            store = open_game(journal, row.id, GAMES)
        else:
            store = Store.new(NIM, NimOptions(stones=60, players=3), seed=rng.below(1 << 30))
            attach(journal, store)
        say("game", store.game_uid, json.dumps([e.action for e in store.log]))
        while store.to_move() is not None:
            legal = store.legal_actions()
            store.dispatch(legal[rng.below(len(legal))])
            say("shown", store.revision, json.dumps(store.log[-1].action))


def moves(path: Path, first: int) -> None:
    journal = Journal(path)
    store = Store.new(NIM, NimOptions(stones=60), seed=4)
    attach(journal, store)
    for _ in range(first):
        store.dispatch(store.legal_actions()[0])
    say("id", store.game_uid)
    for line in sys.stdin:
        word, *rest = line.split()
        if word == "more":
            for _ in range(int(rest[0])):
                store.dispatch(store.legal_actions()[0])
            notice = store.take_save_notice()
            say("moves", store.revision)
            say("told", notice or "nothing")


if __name__ == "__main__":
    mode, db = sys.argv[1], Path(sys.argv[2])
    if mode == "hold":
        hold(db)
    elif mode == "moves":
        moves(db, int(sys.argv[3]))
    else:
        play(db, int(sys.argv[3]))
