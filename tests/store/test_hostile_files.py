"""Save files from a hostile friend or an unlucky disk: every one is refused with one
sentence of at most 200 characters, the file is left exactly as it was, nothing is
written anywhere, and reading it costs little memory, whatever its size or shape.

The corpus is generated here from one good save, so each case reads as "the good save,
with this one thing wrong".
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import tracemalloc
from pathlib import Path

import pytest

from tabletop import saves
from tabletop.engine import games
from tabletop.store import Store
from tests.games.nim import NIM, NimOptions

GAMES = {"nim": NIM}
MB = 1 << 20


def good_envelope() -> dict:
    store = Store.new(NIM, NimOptions(), seed=5)
    for i in range(8):
        if store.to_move() is None:
            break
        legal = store.legal_actions()
        store.dispatch(legal[i % len(legal)])
    return json.loads(json.dumps(saves.envelope(store)))


GOOD = good_envelope()


def but(**changes) -> str:
    """The good save with some fields changed (``...`` removes one)."""
    out = dict(GOOD)
    for key, value in changes.items():
        if value is ...:
            out.pop(key, None)
        else:
            out[key] = value
    return json.dumps(out)


def raw_but(field: str, raw_value: str) -> str:
    """The good save with one field's JSON text replaced by ``raw_value`` (for numbers and
    shapes ``json.dumps`` would not write)."""
    text = json.dumps({**GOOD, field: "@@@"})
    return text.replace('"@@@"', raw_value)


def seats_but(**changes) -> str:
    seat = {**GOOD["seats"][0], **changes}
    return but(seats=[seat, GOOD["seats"][1]])


ACTS = GOOD["actions"]


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# name -> file content (text or bytes)
CONTENT: dict[str, str | bytes] = {
    # not a save at all
    "empty": "",
    "only spaces": "   \n  ",
    "binary": b"\xff\xfe\x00garbage\x00",
    "utf-16": json.dumps(GOOD).encode("utf-16"),
    "not json": "hello { there",
    "cut in half": json.dumps(GOOD, indent=1)[: len(json.dumps(GOOD, indent=1)) // 2],
    "cut before the end": json.dumps(GOOD)[:-1],
    "a list": json.dumps([1, 2, 3]),
    "a string": json.dumps("tabletop-save"),
    "a number": "42",
    "null": "null",
    "another format": but(format="chess-save"),
    "no format": but(format=...),
    # versions
    "version true": raw_but("version", "true"),
    "version false": raw_but("version", "false"),
    "version 0": but(version=0),
    "version -3": but(version=-3),
    "version 1.0": raw_but("version", "1.0"),
    "version as text": but(version="1"),
    "version null": raw_but("version", "null"),
    "version missing": but(version=...),
    "version from the future": but(version=99),
    "version of 5000 digits": raw_but("version", "9" * 5000),
    # the game id
    "unknown game": but(game="chess"),
    "game as a path": but(game="../nim"),
    "game as a number": but(game=7),
    # the uid: never a path, and refused when it could be one
    "uid climbing out": but(uid="../../x"),
    "uid climbing far": but(uid="../../../../../../tmp/owned"),
    "uid absolute": but(uid="/tmp/owned"),
    "uid with folders": but(uid="a/b/c"),
    "uid with a NUL": but(uid="abc\x00def"),
    "uid of 300 characters": but(uid="u" * 300),
    "uid empty": but(uid=""),
    "uid a number": but(uid=12345),
    "uid with markup": but(uid="[@click=app.quit]x[/]"),
    # nesting and numbers
    "nested 1,000 deep": raw_but("options", nested(1000)),
    "nested 100,000 deep": raw_but("actions", nested(100_000)),
    "opened 100,000 times": "[" * 100_000,
    "objects nested 5,000 deep": '{"a":' * 5000 + "1" + "}" * 5000,
    "seed of 5000 digits": raw_but("seed", "7" * 5000),
    "action index of 5000 digits": raw_but("actions", '[{"kind": "select", "index": ' + "1" * 5000 + "}]"),
    "float of 400 digits": raw_but("seed", "1." + "0" * 400),
    "NaN": raw_but("seed", "NaN"),
    "Infinity": raw_but("seed", "Infinity"),
    "minus Infinity": raw_but("seed", "-Infinity"),
    "huge exponent": raw_but("actions", '[{"kind": "select", "index": 1e999999}]'),
    # options
    "options a list": but(options=[1]),
    "options out of range": but(options={"players": 12}),
    "options with a 5000-character key": but(options={"k" * 5000: 1}),
    # the seed
    "seed negative": but(seed=-1),
    "seed true": raw_but("seed", "true"),
    "seed as text": but(seed="x"),
    "seed too large": but(seed=1 << 64),
    # seats
    "seats missing": but(seats=...),
    "seats a dict": but(seats={"name": "A"}),
    "seats too few": but(seats=GOOD["seats"][:1]),
    "seats too many": but(seats=GOOD["seats"] * 3),
    "seat controller naming no bot": seats_but(controller="skynet"),
    "seat controller a number": seats_but(controller=5),
    "seat controller a path": seats_but(controller="../../bin/sh"),
    "seat name empty": seats_but(name=""),
    "seat name of 200 characters": seats_but(name="N" * 200),
    "seat name with a newline": seats_but(name="Bob\nAlice"),
    "seat name with a NUL": seats_but(name="Bob\x00"),
    "seat name a number": seats_but(name=3),
    "seat with an extra field": seats_but(password="x"),
    "seat a string": but(seats=["Ana", "Bob"]),
    # actions
    "actions missing": but(actions=...),
    "actions a dict": but(actions={"kind": "roll"}),
    "action of an unknown kind": but(actions=ACTS[:2] + [{"kind": "cheat"}]),
    "action naming an unknown card": but(actions=[{"kind": "select", "index": 7}]),
    "action with a negative index": but(actions=[{"kind": "select", "index": -1}]),
    "action with an extra field": but(actions=[{"kind": "roll", "stones": 21}]),
    "action a list": but(actions=[["roll"]]),
    "action a string": but(actions=["roll"]),
    "action null": but(actions=[None]),
    "actions out of order": but(actions=[ACTS[0], ACTS[0], *ACTS[2:]]),
    "more actions than any game": but(actions=[{"kind": "roll"}] * (saves.MAX_ACTIONS + 1)),
    "more values than any game": but(actions=[{"kind": "roll", "n": [0] * 50}] * 6000),
    "actions truncated, digest kept": but(actions=ACTS[:-2]),
    "actions truncated, digest removed": but(actions=ACTS[:-2], digest=...),
    # the digest
    "digest missing": but(digest=...),
    "digest tampered": but(digest="0" * 64),
    "digest short": but(digest="abc"),
    "digest a number": but(digest=7),
    "digest in capitals": but(digest=GOOD["digest"].upper()),
    "seed tampered": but(seed=GOOD["seed"] + 1),
    # other fields
    "created a number": but(created=5),
    "updated of 1,000 characters": but(updated="2026" * 250),
    "finished as text": but(finished="yes"),
    "an unknown field": but(extra={"a": 1}),
}

LARGE: dict[str, bytes] = {
    "20 MB of zeros in a list": b"[" + b"0," * (10 * MB - 2) + b"0]",
    "19 MB of empty objects": b"[" + b"{}," * (6 * MB) + b"{}]",
    "a seat name of 19 MB": but(seats=[{"name": "x" * (19 * MB)}, GOOD["seats"][1]]).encode(),
}


def digest_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def refuse(path: Path, games_: dict | None = None, memory_mb: float = 24) -> str:
    """Load ``path``; it must be refused in one sentence, within ``memory_mb`` of memory."""
    tracemalloc.start()
    try:
        with pytest.raises(saves.SaveError) as err:
            saves.load(path, games_ or GAMES)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    message = str(err.value)
    assert "\n" not in message and "Traceback" not in message
    assert 0 < len(message) <= 200, message
    assert peak < memory_mb * MB, f"{peak / MB:.1f} MB to refuse it"
    return message


def test_the_corpus_is_large_and_the_good_save_loads(tmp_path):
    assert len(CONTENT) + len(LARGE) + len(SPECIAL) >= 60
    path = tmp_path / "good.json"
    path.write_text(json.dumps(GOOD))
    assert saves.load(path, GAMES).revision == len(ACTS)


@pytest.mark.parametrize("name", sorted(CONTENT))
def test_a_hostile_file_is_refused_in_one_sentence_and_left_as_it_was(tmp_path, data_dir, name):
    content = CONTENT[name]
    path = tmp_path / "hostile.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    before = digest_of(path)
    refuse(path)
    assert digest_of(path) == before
    assert not data_dir.exists(), "reading a file writes nothing"


@pytest.mark.parametrize("name", sorted(LARGE))
def test_a_large_hostile_file_is_refused_before_it_is_parsed(tmp_path, name):
    path = tmp_path / "large.json"
    path.write_bytes(LARGE[name])
    before = digest_of(path)
    refuse(path, memory_mb=100)  # the file itself is read once (about 20 MB)
    assert digest_of(path) == before


# -- things that are not regular files ----------------------------------------------
def make_fifo(p: Path) -> Path:
    os.mkfifo(p / "pipe.json")
    return p / "pipe.json"


def make_link_to_zero(p: Path) -> Path:
    (p / "zero.json").symlink_to("/dev/zero")
    return p / "zero.json"


def make_link_to_null(p: Path) -> Path:
    (p / "null.json").symlink_to("/dev/null")
    return p / "null.json"


def make_sparse_200mb(p: Path) -> Path:
    path = p / "big.json"
    with open(path, "wb") as fh:
        fh.truncate(200 * MB)  # sparse: costs no disk
    return path


def make_just_over_the_cap(p: Path) -> Path:
    path = p / "over.json"
    with open(path, "wb") as fh:
        fh.truncate(saves.MAX_BYTES + 1)
    return path


def make_link_to_big(p: Path) -> Path:
    (p / "link.json").symlink_to(make_sparse_200mb(p))
    return p / "link.json"


def make_folder(p: Path) -> Path:
    (p / "folder.json").mkdir()
    return p / "folder.json"


def make_link_to_folder(p: Path) -> Path:
    (p / "dir.json").symlink_to(p)
    return p / "dir.json"


def make_link_loop(p: Path) -> Path:
    (p / "a.json").symlink_to(p / "b.json")
    (p / "b.json").symlink_to(p / "a.json")
    return p / "a.json"


def make_dangling_link(p: Path) -> Path:
    (p / "gone.json").symlink_to(p / "nowhere.json")
    return p / "gone.json"


def make_socket(p: Path) -> Path:
    path = p / "sock.json"
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(path))
    s.close()
    return path


SPECIAL = {
    "a FIFO": make_fifo,
    "a symlink to /dev/zero": make_link_to_zero,
    "a symlink to /dev/null": make_link_to_null,
    "a 200 MB sparse file": make_sparse_200mb,
    "one byte over the cap": make_just_over_the_cap,
    "a symlink to a 200 MB file": make_link_to_big,
    "a folder": make_folder,
    "a symlink to a folder": make_link_to_folder,
    "a symlink loop": make_link_loop,
    "a dangling symlink": make_dangling_link,
    "a socket": make_socket,
}


@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_only_a_regular_file_below_the_cap_is_read(tmp_path, name):
    path = SPECIAL[name](tmp_path)
    before = os.lstat(path)
    message = refuse(path, memory_mb=4)  # nothing is read: no FIFO hangs, no device drains
    after = os.lstat(path)
    assert (before.st_mode, before.st_size, before.st_mtime_ns) == (after.st_mode, after.st_size, after.st_mtime_ns)
    assert "Traceback" not in message


def test_the_device_and_size_refusals_say_why(tmp_path):
    assert "not a regular file" in refuse(make_fifo(tmp_path))
    assert "not a regular file" in refuse(make_link_to_zero(tmp_path))
    assert "too large" in refuse(make_sparse_200mb(tmp_path))


# -- what the sentences say ----------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("version true", "no valid format version"),
        ("version 0", "no valid format version"),
        ("version -3", "no valid format version"),
        ("version from the future", "newer tabletop"),
        ("uid climbing out", "invalid game id"),
        ("uid of 300 characters", "invalid game id"),
        ("nested 1,000 deep", "nested more than 64 deep"),
        ("opened 100,000 times", "nested more than 64 deep"),
        ("seed of 5000 digits", "number longer than 30"),
        ("seat controller naming no bot", "not a player or a bot of Nim"),
        ("digest missing", "no valid digest"),
        ("actions truncated, digest removed", "no valid digest"),
        ("actions truncated, digest kept", "changed after it was written"),
        ("action naming an unknown card", "Action 1"),
        ("cut in half", "cut off"),
        ("binary", "not text"),
    ],
)
def test_each_refusal_names_the_problem(tmp_path, name, words):
    path = tmp_path / "x.json"
    content = CONTENT[name]
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    assert words in refuse(path)


def test_a_file_name_with_markup_or_control_characters_is_quoted_as_plain_words(tmp_path):
    path = tmp_path / "game [v2]\x1b[31m.json"
    path.write_text("{")
    message = refuse(path)
    assert "game [v2]" in message and "\x1b" not in message


def test_a_refusal_never_runs_past_200_characters(tmp_path):
    folder = tmp_path / ("f" * 200)
    folder.mkdir()
    path = folder / ("n" * 250 + ".json")
    path.write_text(but(actions=[{"kind": "k" * 5000}]))
    assert len(refuse(path)) <= 200
    assert len(refuse(folder / "missing.json")) <= 200


# -- unknown ids in real games ---------------------------------------------------------
def _first_string_field(action: dict) -> str | None:
    return next((k for k, v in action.items() if k != "kind" and isinstance(v, str)), None)


@pytest.mark.parametrize("game_id", ["spirit", "senji", "duel", "harakiri"])
def test_an_action_naming_an_unknown_id_is_refused_in_every_game(tmp_path, game_id):
    game = games()[game_id]
    store = Store.new(game, game.Options(), seed=3)
    target = None
    while store.to_move() is not None and store.revision < 400:
        legal = store.legal_actions()
        dumped = [game.dump_action(a) for a in legal]
        target = next((d for d in dumped if _first_string_field(d)), None)
        if target is not None:
            break
        store.dispatch(legal[0])
    assert target is not None, "the game has an action naming something"
    data = saves.envelope(store)
    data["actions"].append({**target, _first_string_field(target): "no-such-id"})
    path = tmp_path / f"{game_id}.json"
    path.write_text(json.dumps(data))
    message = refuse(path, games(), memory_mb=64)
    assert f"Action {store.revision + 1}" in message


def test_a_rules_describe_that_raises_does_not_break_the_refusal(tmp_path):
    class Mumbling(type(NIM)):
        def describe(self, action):
            raise KeyError(action)

    path = tmp_path / "x.json"
    path.write_text(but(actions=[{"kind": "select", "index": 7}]))
    message = refuse(path, {"nim": Mumbling()})
    assert message.startswith("Action 1") and "select" in message


# -- loading never chooses a path ------------------------------------------------------
def test_a_loaded_file_is_a_new_game_whatever_its_uid(tmp_path):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(GOOD))
    first, second = saves.load(path, GAMES), saves.load(path, GAMES)
    assert first.game_uid != GOOD["uid"] and second.game_uid != first.game_uid
    assert first.state == second.state


def test_brackets_inside_strings_are_words_not_nesting(tmp_path):
    path = tmp_path / "g.json"
    store = Store.new(NIM, NimOptions(), seed=5, seats=None)
    data = saves.envelope(store)
    data["seats"][0]["name"] = "[[[[[[[[ Bob [/] ]]]]]"
    data["seats"][1]["name"] = '"[' * 20
    path.write_text(json.dumps(data))
    loaded = saves.load(path, GAMES)
    assert loaded.seats[0].name == "[[[[[[[[ Bob [/] ]]]]]"
