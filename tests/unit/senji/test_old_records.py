"""Games recorded before issue 27 replay, and play on, under the rules they were played with.

The records in ``records/`` were made with the code of main at 09784d7, before the fix: a save
of a scripted 4-player game in which Green hires Tadakatsu with the five-ribbon set (action
105; the hire then added his 5 honour), a save of a game with no hire that played two winters
under the clock, and a journal holding the same two games. A record without ``rules_edition``
in its setup is read as rules edition 1 (``Senji.parse_options``).
Issue 26 reworded the log, and a save's digest now leaves the words out (a rewording
must not make a save look changed): each record's digest was re-taken as the digest of
its final position without its words, at main 6c8cfdf, from the replay that matched the
digest it was written with. Its moves are untouched.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from rules.common import Rng
from rules.senji import GAME
from rules.senji.data import data
from rules.senji.state import SenjiOptions
from tabletop import saves
from tests.unit.pins import digests
from tabletop.journal import Journal, attach, open_game
from tabletop.store import Store

RECORDS = Path(__file__).parent / "records"
HIRE = RECORDS / "before_issue27_hire.json"
NO_HIRE = RECORDS / "before_issue27_no_hire.json"
GAMES = {"senji": GAME}

# These files are format 1: their digest covers the whole final state, log included, in the
# words of the day they were written. The log has been reworded since, so that digest can no
# longer match; the loader takes a format-1 file on its moves. What the moves reach is pinned
# here as the position without its words (saves.state_digest), taken at main 6c8cfdf from the
# replays that still matched the files' own digests.
POSITION = {HIRE: "5fad687f7d9752b309429d1dbcefd6bd54680c8c2ec0079c45c94fd38d865215",
            NO_HIRE: "e62eb6fc91a96d5911b2a0abaf17adfd362f7929e6188e4164254f5d9744c484"}


def envelope(path: Path) -> dict:
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", [HIRE, NO_HIRE], ids=["hire", "no hire"])
def test_a_save_made_before_the_fix_loads_and_reaches_its_recorded_position(path):
    store = saves.load(path, GAMES)  # the digest of the final position is checked
    old = envelope(path)
    assert "rules_edition" not in old["options"]
    assert store.options.rules_edition == 1 and len(store.log) == len(old["actions"])
    assert old["version"] == 1 and saves.state_digest(store) == POSITION[path]
    whole = hashlib.sha256(store.state.model_dump_json().encode()).hexdigest()
    assert whole != old["digest"], "the words changed since it was written, yet it loads"


def test_the_hire_in_an_old_save_replays_with_the_honour_it_then_gave():
    actions = envelope(HIRE)["actions"]
    n = next(i for i, a in enumerate(actions) if a["kind"] == "hire_keep")
    before = saves.replay(GAME, envelope(HIRE)["options"], envelope(HIRE)["seed"], envelope(HIRE)["seats"],
                          actions[:n], "the save")
    after = saves.replay(GAME, envelope(HIRE)["options"], envelope(HIRE)["seed"], envelope(HIRE)["seats"],
                         actions[: n + 1], "the save")
    seat, letter = before.state.hire.seat, actions[n]["letter"]
    assert after.state.honor[seat] - before.state.honor[seat] == data().samurai[letter].honor == 5


def test_under_the_current_rules_the_old_hire_would_not_replay():
    # This is why the old records keep their rules: the hire's honour changed who hosts later.
    old = envelope(HIRE)
    old["options"]["rules_edition"] = 2
    with pytest.raises(saves.SaveError, match="is not legal there"):
        saves.load_bytes(json.dumps(old).encode(), GAMES)


def test_an_old_game_exported_again_keeps_its_rules(tmp_path):
    store = saves.load(HIRE, GAMES)
    again = saves.write_save(store, tmp_path / "again.json")
    assert "rules_edition" not in envelope(again)["options"]
    assert saves.load(again, GAMES).options.rules_edition == 1


def test_a_journal_game_made_before_the_fix_resumes_under_its_rules(tmp_path):
    path = tmp_path / "games.sqlite3"
    shutil.copy(RECORDS / "before_issue27_journal.sqlite", path)
    journal = Journal(path)
    rows = journal.games(["senji"])
    assert len(rows) == 2 and all("rules_edition" not in r.options for r in rows)
    positions = {POSITION[p] for p in (HIRE, NO_HIRE)}
    for row in rows:
        store = open_game(journal, row.id, GAMES)
        assert store.options.rules_edition == 1
        assert saves.state_digest(store) in positions
        store.recorder.release()


def test_a_new_game_records_its_rules_edition(tmp_path):
    store = saves.load(NO_HIRE, GAMES)
    new = Store.new(GAME, SenjiOptions(players=3), 5)
    assert new.options.rules_edition == 2
    path = saves.write_save(new, tmp_path / "new.json")
    assert envelope(path)["options"]["rules_edition"] == 2
    assert saves.load(path, GAMES).options.rules_edition == 2
    journal = Journal(tmp_path / "games.sqlite3")
    for s in (new, store):
        attach(journal, s).release()
    editions = {r.id: r.options.get("rules_edition") for r in journal.games(["senji"])}
    assert editions == {new.game_uid: 2, store.game_uid: None}
    assert open_game(journal, new.game_uid, GAMES).options.rules_edition == 2


def test_a_save_of_an_unknown_rules_edition_is_refused_in_one_sentence():
    old = envelope(NO_HIRE)
    old["options"]["rules_edition"] = 3
    with pytest.raises(saves.SaveError) as refused:
        saves.load_bytes(json.dumps(old).encode(), GAMES)
    assert str(refused.value) == ("The save has invalid options for Senji: value: unknown rules edition 3 "
                                  "(from a newer tabletop?).")


# The random games pinned before issue 27 (tests/unit/senji/test_pinned_records.py at 09784d7):
# under rules edition 1 they still end in exactly the same states. Their digests were
# of the whole state, log included, until issue 26 reworded the log: each is now the digest
# of the state without its words (tests/unit/pins.py), taken at main 6c8cfdf from the very
# state that matched the old digest.
BEFORE = [
    ({}, 1, 1018, "684731ef9d08b0e6bb0d91409e3e6971498ffc4fc2a30f35bd7f849a11a8c8dd"),
    ({}, 2, 1255, "91b4bb9f06ae59ab2efda18ad3550829b611d584dc614d9d3307962aa78388da"),
    ({"players": 3}, 5, 938, "a432f697844fd8b390b53b3b928e45dc8e65dc7f6429368f23ad3f9e30a0409b"),
    ({"players": 5, "offers_per_winter": 1}, 7, 1173,
     "5e8a647d4802754aa697cc21fcc12c8ed6752026158c414296f7e10598da4868"),
]


@pytest.mark.parametrize("opts, seed, actions, digest", BEFORE)
def test_rules_edition_1_plays_the_records_pinned_before_the_fix_exactly(opts, seed, actions, digest):
    rng = Rng(seed=seed).fork("bot:random")
    state = GAME.new(SenjiOptions(**opts).with_edition(1), seed)
    played = 0
    while GAME.to_move(state) is not None:
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[rng.below(len(legal))])
        played += 1
    assert played == actions
    assert digests(state, ("end_reason",))[0] == digest  # the state without its words
