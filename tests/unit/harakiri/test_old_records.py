"""Games recorded before issue 27 replay, and play on, under the rules they were played with.

The records in ``records/`` were made with the code of main at 09784d7, before the fix: a save
of a scripted 2-player Drowned Shrine game in which Tomoe uses her Bandages, hands them to Akira
beside her and Akira uses them again in the same round (actions 29-42; the "used this round"
mark then stayed with Tomoe), a save of a game of three rounds with no such trade, and a journal
holding the same two games. A record without ``rules_edition`` in its setup is read as rules
edition 1 (``Harakiri.parse_options``).
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
from tabletop.journal import Journal, open_game
from tabletop.simulate import play_one
from tabletop.store import Store

RECORDS = Path(__file__).parent / "records"
TWICE = RECORDS / "before_issue27_item_twice.json"
PLAIN = RECORDS / "before_issue27_plain.json"
GAMES = {"harakiri": GAME}


def envelope(path: Path) -> dict:
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", [TWICE, PLAIN], ids=["item used twice", "plain"])
def test_a_save_made_before_the_fix_loads_and_reaches_its_recorded_position(path):
    store = saves.load(path, GAMES)  # the digest of the final position is checked
    old = envelope(path)
    assert "rules_edition" not in old["options"]
    assert store.options.rules_edition == 1 and len(store.log) == len(old["actions"])
    assert saves.state_digest(store) == old["digest"]


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
    digests = {envelope(p)["digest"] for p in (TWICE, PLAIN)}
    for row in rows:
        store = open_game(journal, row.id, GAMES)
        assert store.options.rules_edition == 1
        assert saves.state_digest(store) in digests
        store.recorder.release()


def test_a_new_game_records_its_rules_edition(tmp_path):
    store = Store.new(GAME, HarakiriOptions(), 3)
    path = saves.write_save(store, tmp_path / "new.json")
    assert envelope(path)["options"]["rules_edition"] == 2
    assert saves.load(path, GAMES).options.rules_edition == 2


# Random and bot games pinned before issue 27 (tests/unit/harakiri/test_pinned_records.py at
# 09784d7): under rules edition 1 they still end in exactly the same states, byte for byte.
BEFORE = [
    ({}, "random", 1, 172, "bf480faa2854af92742fd1ba792a81ba3f30f02a991ecd9ee3d0873cc1093de0"),
    ({}, "samurai", 1, 100, "70eb0106849230beb018b99e7aebbecb2e072b01cdb2af1a6097e649479fbf8a"),
    ({"players": 2, "scenario": "ossuary_bell", "level": 2}, "random", 2, 314,
     "6ddc0b96a67e46d3c967ba35c66d9683b14cb070dec7cfb901aa3ed7c83ba43c"),
    ({"players": 4, "adventure_result": "failure", "level": 3, "kami_affinity": 6}, "samurai", 1, 154,
     "9368480ff00adbabc83f697600f108929efa6b6840bcc3e32d461566b62424c8"),
]


@pytest.mark.parametrize("options, bot, seed, actions, digest", BEFORE)
def test_rules_edition_1_plays_the_records_pinned_before_the_fix_exactly(options, bot, seed, actions, digest):
    state, played = play_one(GAME, HarakiriOptions(**options).with_edition(1), seed, bot, 20_000)
    assert played == actions
    assert hashlib.sha256(state.model_dump_json().encode()).hexdigest() == digest
