"""Save files from a hostile friend or an unlucky disk: every one is refused with one
sentence of at most 200 characters that names its own problem, the file is left exactly
as it was, nothing is written anywhere, and reading it costs little memory, whatever its
size or shape.

The corpus is generated here from one good save, so each case reads as "the good save,
with this one thing wrong", and each names the words its refusal must hold. The digest of
every case is recomputed for the position its options, seed and moves reach (``but`` and
``raw_but`` do it), so the check of the field under test is what refuses it, never the
digest: remove that check and the case loads, or is refused for another reason, and its
test fails by name. Only the cases about the digest itself keep a wrong one.
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


def played(moves: int | None) -> Store:
    """A Nim game of seed 5, ``moves`` moves in (to its end for None)."""
    store = Store.new(NIM, NimOptions(), seed=5)
    i = 0
    while store.to_move() is not None and (moves is None or i < moves):
        legal = store.legal_actions()
        store.dispatch(legal[i % len(legal)])
        i += 1
    return store


GOOD = json.loads(json.dumps(saves.envelope(played(8))))
OVER = json.loads(json.dumps(saves.envelope(played(None))))
assert not GOOD["finished"] and OVER["finished"]


def digest_for(data: object) -> str | None:
    """The digest of the position a save's options, seed and moves reach, worked out
    without any of the loader's checks (None when the rules cannot even start it)."""
    try:
        options = NIM.parse_options(data.get("options", {}))
        store = Store.new(NIM, options, data["seed"])
        for action in data["actions"]:
            store._apply(NIM.parse_action(action), replay=True)
        return saves.state_digest(store)
    except Exception:
        return None


def redigest(text: str, base: dict) -> str:
    """``text`` (a save's JSON text made from ``base``) with its digest made right."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return text
    found = digest_for(data) if isinstance(data, dict) else None
    return text if found is None else text.replace(base["digest"], found)


def but(base: dict | None = None, **changes) -> str:
    """The good save with some fields changed (``...`` removes one), digest made right
    unless the case sets it."""
    base = base or GOOD
    out = dict(base)
    for key, value in changes.items():
        if value is ...:
            out.pop(key, None)
        else:
            out[key] = value
    text = json.dumps(out)
    return text if "digest" in changes else redigest(text, base)


def raw_but(field: str, raw_value: str) -> str:
    """The good save with one field's JSON text replaced by ``raw_value`` (for numbers and
    shapes ``json.dumps`` would not write), digest made right where it can be."""
    text = json.dumps({**GOOD, field: "@@@"}).replace('"@@@"', raw_value)
    return redigest(text, GOOD)


def seats_but(**changes) -> str:
    seat = {**GOOD["seats"][0], **changes}
    return but(seats=[seat, GOOD["seats"][1]])


def twice(field: str, first: str) -> str:
    """The good save with ``field`` given twice: ``first`` (JSON text), then its own value."""
    text = json.dumps(GOOD)
    return "{" + f'"{field}": {first}, ' + text[1:]


ACTS = GOOD["actions"]


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def case(content: str | bytes, *words: str) -> tuple[str | bytes, tuple[str, ...]]:
    return content, words


NUMBER = "number longer than 30 characters or not finite"
NOT_A_SAVE = "is not a tabletop save"
VERSION = "no valid format version"

# name -> (file content, the words its refusal must hold)
CONTENT: dict[str, tuple[str | bytes, tuple[str, ...]]] = {
    # not a save at all
    "empty": case("", "cut off"),
    "only spaces": case("   \n  ", "cut off"),
    "binary": case(b"\xff\xfe\x00garbage\x00", "not text"),
    "utf-16": case(json.dumps(GOOD).encode("utf-16"), "not text"),
    "not json": case("hello { there", "not valid JSON"),
    "cut in half": case(json.dumps(GOOD, indent=1)[: len(json.dumps(GOOD, indent=1)) // 2], "cut off"),
    "cut before the end": case(json.dumps(GOOD)[:-1], "cut off"),
    "a list": case(json.dumps([1, 2, 3]), NOT_A_SAVE),
    "a string": case(json.dumps("tabletop-save"), NOT_A_SAVE),
    "a number": case("42", NOT_A_SAVE),
    "null": case("null", NOT_A_SAVE),
    "another format": case(but(format="chess-save"), NOT_A_SAVE),
    "no format": case(but(format=...), NOT_A_SAVE),
    # versions
    "version true": case(raw_but("version", "true"), VERSION),
    "version false": case(raw_but("version", "false"), VERSION),
    "version 0": case(but(version=0), VERSION),
    "version -3": case(but(version=-3), VERSION),
    "version 1.0": case(raw_but("version", "1.0"), VERSION),
    "version as text": case(but(version="1"), VERSION),
    "version null": case(raw_but("version", "null"), VERSION),
    "version missing": case(but(version=...), VERSION),
    "version from the future": case(but(version=99), "newer tabletop", "format 99"),
    "version of 5000 digits": case(raw_but("version", "9" * 5000), NUMBER),
    # the game id
    "unknown game": case(but(game="chess"), "unknown or unavailable game", "chess"),
    "game as a path": case(but(game="../nim"), "unknown or unavailable game"),
    "game as a number": case(but(game=7), "unknown or unavailable game"),
    # the uid: never a path, and refused when it could be one
    "uid climbing out": case(but(uid="../../x"), "invalid game id"),
    "uid climbing far": case(but(uid="../../../../../../tmp/owned"), "invalid game id"),
    "uid absolute": case(but(uid="/tmp/owned"), "invalid game id"),
    "uid with folders": case(but(uid="a/b/c"), "invalid game id"),
    "uid with a NUL": case(but(uid="abc\x00def"), "invalid game id"),
    "uid of 300 characters": case(but(uid="u" * 300), "invalid game id"),
    "uid empty": case(but(uid=""), "invalid game id"),
    "uid a number": case(but(uid=12345), "invalid game id"),
    "uid with markup": case(but(uid="[@click=app.quit]x[/]"), "invalid game id"),
    # nesting and numbers
    "nested 1,000 deep": case(raw_but("options", nested(1000)), "nested more than 64 deep"),
    "nested 100,000 deep": case(raw_but("actions", nested(100_000)), "nested more than 64 deep"),
    "opened 100,000 times": case("[" * 100_000, "nested more than 64 deep"),
    "objects nested 5,000 deep": case('{"a":' * 5000 + "1" + "}" * 5000, "nested more than 64 deep"),
    "seed of 5000 digits": case(raw_but("seed", "7" * 5000), NUMBER),
    "action index of 5000 digits": case(
        raw_but("actions", '[{"kind": "select", "index": ' + "1" * 5000 + "}]"), NUMBER),
    "float of 400 digits": case(raw_but("seed", "1." + "0" * 400), NUMBER),
    "NaN": case(raw_but("seed", "NaN"), NUMBER),
    "Infinity": case(raw_but("seed", "Infinity"), NUMBER),
    "minus Infinity": case(raw_but("seed", "-Infinity"), NUMBER),
    "huge exponent": case(raw_but("actions", '[{"kind": "select", "index": 1e999999}]'), "Action 1", "not a move"),
    # a field given twice (which one would count is a guess)
    "seed given twice": case(twice("seed", "6"), "gives the field “seed” twice"),
    "digest given twice": case(twice("digest", json.dumps("0" * 64)), "“digest” twice"),
    "a key twice inside the options": case(raw_but("options", '{"players": 3, "players": 2}'), "“players” twice"),
    "a key twice inside an action": case(raw_but("actions", '[{"kind": "roll", "kind": "select", "index": 0}]'),
                                         "“kind” twice"),
    # options
    "options a list": case(but(options=[1]), "invalid options"),
    "options out of range": case(but(options={"players": 12}), "invalid options", "players"),
    "options with a 5000-character key": case(but(options={"k" * 5000: 1}), "invalid options"),
    # the seed
    "seed negative": case(but(seed=-1), "no valid seed"),
    "seed true": case(raw_but("seed", "true"), "no valid seed"),
    "seed as text": case(but(seed="x"), "no valid seed"),
    "seed too large": case(but(seed=1 << 64), "no valid seed"),
    "seed one past the largest": case(but(seed=1 << 63), "no valid seed"),
    # seats
    "seats missing": case(but(seats=...), "invalid list of seats"),
    "seats a dict": case(but(seats={"name": "A"}), "invalid list of seats"),
    "seats too few": case(but(seats=GOOD["seats"][:1]), "lists 1 seat, but its options need 2"),
    "seats too many": case(but(seats=GOOD["seats"] * 3), "lists 6 seats, but its options need 2"),
    "seat controller naming no bot": case(seats_but(controller="skynet"), "not a player or a bot of Nim"),
    "seat controller a number": case(seats_but(controller=5), "not a player or a bot"),
    "seat controller a path": case(seats_but(controller="../../bin/sh"), "not a player or a bot"),
    "seat name empty": case(seats_but(name=""), "invalid name for seat 1"),
    "seat name of 200 characters": case(seats_but(name="N" * 200), "invalid name for seat 1"),
    "seat name with a newline": case(seats_but(name="Bob\nAlice"), "invalid name for seat 1"),
    "seat name with a NUL": case(seats_but(name="Bob\x00"), "invalid name for seat 1"),
    "seat name with a terminal title": case(seats_but(name="Bob\x1b]0;PWNED\x07"), "invalid name for seat 1"),
    "seat name with a bidi override": case(seats_but(name="Bob\u202e"), "invalid name for seat 1"),
    "seat name a number": case(seats_but(name=3), "invalid name for seat 1"),
    "seat with an extra field": case(seats_but(password="x"), "invalid seat 1"),
    "seat a string": case(but(seats=["Ana", "Bob"]), "invalid seat 1"),
    # actions
    "actions missing": case(but(actions=...), "no action list"),
    "actions a dict": case(but(actions={"kind": "roll"}), "no action list"),
    "action of an unknown kind": case(but(actions=ACTS[:2] + [{"kind": "cheat"}]), "Action 3", "not a move"),
    "action naming an unknown card": case(but(actions=[{"kind": "select", "index": 7}]), "Action 1", "not legal"),
    "action with a negative index": case(but(actions=[{"kind": "select", "index": -1}]), "Action 1", "not legal"),
    "action with an extra field": case(but(actions=[{"kind": "roll", "stones": 21}]), "Action 1", "not a move"),
    "action a list": case(but(actions=[["roll"]]), "Action 1", "not a move"),
    "action a string": case(but(actions=["roll"]), "Action 1", "not a move"),
    "action null": case(but(actions=[None]), "Action 1", "not a move"),
    "actions out of order": case(but(actions=[ACTS[0], ACTS[0], *ACTS[2:]]), "Action 2", "not legal"),
    "more actions than any game": case(but(actions=[{"kind": "roll"}] * (saves.MAX_ACTIONS + 1)),
                                       "more actions than any game"),
    "more values than any game": case(but(actions=[{"kind": "roll", "n": [0] * 50}] * 6000), "far more entries"),
    # the digest (these keep a wrong one: the digest is what they test)
    "actions truncated, digest kept": case(but(actions=ACTS[:-2], digest=GOOD["digest"]), "changed after it was written"),
    "actions truncated, digest removed": case(but(actions=ACTS[:-2], digest=...), "no valid digest"),
    "digest missing": case(but(digest=...), "no valid digest"),
    "digest tampered": case(but(digest="0" * 64), "changed after it was written"),
    "digest short": case(but(digest="abc"), "no valid digest"),
    "digest a number": case(but(digest=7), "no valid digest"),
    "digest in capitals": case(but(digest=GOOD["digest"].upper()), "no valid digest"),
    "seed tampered": case(but(seed=GOOD["seed"] + 1, digest=GOOD["digest"]), "changed after it was written"),
    # finished and the dates, against the moves
    "finished but the moves do not end it": case(but(finished=True), "says the game is over"),
    "not finished but the moves end it": case(but(OVER, finished=False), "says the game is not over"),
    "finished as text": case(but(finished="yes"), "invalid finished mark"),
    "created a number": case(but(created=5), "invalid created time"),
    "created in year 1": case(but(created="0001-01-01T00:00:00+00:00"), "created time in the year 1,"),
    "updated in year 9999": case(but(updated="9999-12-31T23:59:59+00:00"), "updated time in the year 9999"),
    "created in 1970": case(but(created="1970-01-01T00:00:00+00:00"), "created time in the year 1970"),
    "created not a date": case(but(created="last tuesday"), "invalid created time", "not a date"),
    "created after updated": case(but(created="2025-06-01T00:00:00+00:00", updated="2024-01-01T00:00:00+00:00"),
                                  "before it began"),
    "updated of 1,000 characters": case(but(updated="2026" * 250), "invalid updated time"),
    "an unknown field": case(but(extra={"a": 1}), "a field no save has (extra)"),
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
    path.write_text(json.dumps(OVER))
    assert saves.load(path, GAMES).finished


@pytest.mark.parametrize("name", sorted(CONTENT))
def test_each_hostile_file_is_refused_for_its_own_reason_and_left_as_it_was(tmp_path, data_dir, name):
    content, words = CONTENT[name]
    path = tmp_path / "hostile.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    before = digest_of(path)
    message = refuse(path)
    for word in words:
        assert word in message, f"{name}: the refusal should say {word!r}: {message}"
    assert digest_of(path) == before
    assert not data_dir.exists(), "reading a file writes nothing"


def test_the_cases_carry_a_right_digest_so_their_own_check_refuses_them():
    """Every case whose position the rules can reach has that position's digest; only the
    cases about the digest itself do not."""
    about_the_digest = {n for n in CONTENT if "digest" in n or n == "seed tampered"}
    right = 0
    for name, (content, _) in CONTENT.items():
        try:
            data = json.loads(content)
        except (ValueError, UnicodeDecodeError, RecursionError):
            continue
        if not isinstance(data, dict) or name in about_the_digest:
            continue
        reached = digest_for(data)
        if reached is not None:
            assert data.get("digest") == reached, name
            right += 1
    assert right >= 50, "most cases are a good save with one field wrong, its digest right"


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
