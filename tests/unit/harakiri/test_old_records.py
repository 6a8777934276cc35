"""Games recorded before issue 27 replay, and play on, under the rules they were played with.

The records in ``records/`` were made with the code of main at 09784d7, before the fix: a save
of a scripted 2-player Drowned Shrine game in which Tomoe uses her Bandages, hands them to Akira
beside her and Akira uses them again in the same round (actions 29-42; the "used this round"
mark then stayed with Tomoe), a save of a game of three rounds with no such trade, and a journal
holding the same two games. A record without ``rules_edition`` in its setup is read as rules
edition 1 (``Harakiri.parse_options``).
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

from rules.harakiri import GAME
from rules.harakiri.model import HarakiriOptions
from tabletop import saves
from tests.unit.pins import digests
from tabletop.journal import Journal, open_game
from tabletop.simulate import play_one
from tabletop.store import Store

RECORDS = Path(__file__).parent / "records"
TWICE = RECORDS / "before_issue27_item_twice.json"
PLAIN = RECORDS / "before_issue27_plain.json"
GAMES = {"harakiri": GAME}

# These files are format 1: their digest covers the whole final state, log included, in the
# words of the day they were written. The log has been reworded since, so that digest can no
# longer match; the loader takes a format-1 file on its moves. What the moves reach is pinned
# here as the position without its words (saves.state_digest), taken at main 6c8cfdf from the
# replays that still matched the files' own digests.
POSITION = {TWICE: "efb8c36c23886991198d9be88682fdfab5eb9d42aab462d21ca8fbe5bd60b521",
            PLAIN: "73d0df09088b08731ee9b805b839f90a20b4055cb4e3fc3f333b1380dcdcaba5"}


def envelope(path: Path) -> dict:
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", [TWICE, PLAIN], ids=["item used twice", "plain"])
def test_a_save_made_before_the_fix_loads_and_reaches_its_recorded_position(path):
    store = saves.load(path, GAMES)  # the digest of the final position is checked
    old = envelope(path)
    assert "rules_edition" not in old["options"]
    assert store.options.rules_edition == 1 and len(store.log) == len(old["actions"])
    assert old["version"] == 1 and saves.state_digest(store) == POSITION[path]
    whole = hashlib.sha256(store.state.model_dump_json().encode()).hexdigest()
    assert whole != old["digest"], "the words changed since it was written, yet it loads"


def test_the_old_save_holds_the_second_use_of_the_traded_bandages():
    actions = envelope(TWICE)["actions"]
    uses = [i for i, a in enumerate(actions) if a == {"kind": "use_item", "item": "bandages", "target": None}]
    assert uses[:2] == [28, 41]
    assert {"kind": "transfer", "thing": "item:bandages", "frm": "tomoe", "to": "akira"} in actions[29:41]


def test_under_the_current_rules_the_old_record_would_not_replay():
    # Why old records keep their rules: a used item now changes hands with its mark named
    # ("item:flash_powder:used"), and Akira's second use of the Bandages would be refused.
    old = envelope(TWICE)
    old["options"]["rules_edition"] = 2
    with pytest.raises(saves.SaveError, match="is not legal there"):
        saves.load_bytes(json.dumps(old).encode(), GAMES)


def test_a_journal_game_made_before_the_fix_resumes_under_its_rules(tmp_path):
    path = tmp_path / "games.sqlite3"
    shutil.copy(RECORDS / "before_issue27_journal.sqlite", path)
    journal = Journal(path)
    rows = journal.games(["harakiri"])
    assert len(rows) == 2 and all("rules_edition" not in r.options for r in rows)
    positions = {POSITION[p] for p in (TWICE, PLAIN)}
    for row in rows:
        store = open_game(journal, row.id, GAMES)
        assert store.options.rules_edition == 1
        assert saves.state_digest(store) in positions
        store.recorder.release()


def test_a_new_game_records_its_rules_edition(tmp_path):
    store = Store.new(GAME, HarakiriOptions(), 3)
    path = saves.write_save(store, tmp_path / "new.json")
    assert envelope(path)["options"]["rules_edition"] == 2
    assert saves.load(path, GAMES).options.rules_edition == 2


# Random and bot games pinned before issue 27 (tests/unit/harakiri/test_pinned_records.py at
# 09784d7): under rules edition 1 they still end in exactly the same states. Their digests were
# of the whole state, log included, until issue 26 reworded the log: each is now the digest
# of the state without its words (tests/unit/pins.py), taken at main 6c8cfdf from the very
# state that matched the old digest.
BEFORE = [
    ({}, "random", 1, 172, "39a673bef227936f1e1f4e923aac482c777736312ef35450a46822d988d2c63c"),
    ({}, "samurai", 1, 100, "fb1ccf65508a858785fcce18d55e9bc838c2c18537a8f20af07388b7a7bb1a73"),
    ({"players": 2, "scenario": "ossuary_bell", "level": 2}, "random", 2, 314,
     "6296781037ebc5979e836df7338bd0d84961fd14aa900684559da31704981ebb"),
    ({"players": 4, "adventure_result": "failure", "level": 3, "kami_affinity": 6}, "samurai", 1, 154,
     "0a44b821a2d8b1bb9e84404bdfac1b3fbdd7491310df2d1f1ad1976e7be39b3f"),
]


@pytest.mark.parametrize("options, bot, seed, actions, digest", BEFORE)
def test_rules_edition_1_plays_the_records_pinned_before_the_fix_exactly(options, bot, seed, actions, digest):
    state, played = play_one(GAME, HarakiriOptions(**options).with_edition(1), seed, bot, 20_000)
    assert played == actions
    assert digests(state, ("reason",))[0] == digest  # the state without its words
