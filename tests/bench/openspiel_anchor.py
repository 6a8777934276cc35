"""The speed anchor for `tabletop simulate`: OpenSpiel's pure-Python tic-tac-toe
(``python_tic_tac_toe``) played by a uniform random loop, in a fresh process.

    python tests/bench/openspiel_anchor.py [--games N] [--seed S]

prints one JSON line with ``actions_per_second``, the same field `tabletop simulate
--json` prints, so the two are compared in one run on one machine. Needs the optional
``bench`` extra (open_spiel); it is not part of the test suite's dependencies.
"""

from __future__ import annotations

import argparse
import json
import random
import time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import open_spiel.python.games  # noqa: F401  registers the Python games
    import pyspiel

    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(args.seed)
    actions = 0
    start = time.perf_counter()
    for _ in range(args.games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    seconds = time.perf_counter() - start
    print(json.dumps({"game": "python_tic_tac_toe", "games": args.games, "actions": actions,
                      "seconds": round(seconds, 3), "actions_per_second": round(actions / seconds)}))


if __name__ == "__main__":
    main()
