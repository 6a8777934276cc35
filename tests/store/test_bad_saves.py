"""A corpus of bad save files: each is refused with one readable sentence, nothing is
loaded, and the file is left exactly as it was."""

from __future__ import annotations

import json

import pytest

from tabletop import saves
from tabletop.store import Store
from tests.games.nim import NIM, NimOptions

GAMES = {"nim": NIM}


def good_save(tmp_path) -> tuple[dict, str]:
    store = Store.new(NIM, NimOptions(), seed=5)
    for _ in range(6):
        if store.to_move() is None:
            break
        store.dispatch(store.legal_actions()[0])
    text = json.dumps(saves.envelope(store), indent=1)
    return json.loads(text), text


def mutate(data: dict, **changes) -> str:
    out = dict(data)
    for key, value in changes.items():
        if value is ...:
            out.pop(key, None)
        else:
            out[key] = value
    return json.dumps(out)


def corpus(data: dict, text: str) -> dict[str, tuple[str | bytes, str]]:
    acts = data["actions"]
    return {
        "empty": ("", "cut off"),
        "truncated": (text[: len(text) // 2], "cut off"),
        "not json": ("hello { there", "not valid JSON"),
        "binary": (b"\xff\xfe\x00garbage", "not text"),
        "not a save": (json.dumps({"hello": 1}), "not a tabletop save"),
        "a list": (json.dumps([1, 2]), "not a tabletop save"),
        "newer version": (mutate(data, version=99), "newer tabletop"),
        "no version": (mutate(data, version=...), "no valid format version"),
        "unknown game": (mutate(data, game="chess"), "unknown or unavailable game"),
        "bad options": (mutate(data, options={"players": 12}), "invalid options"),
        "bad seed": (mutate(data, seed="x"), "no valid seed"),
        "seats mismatch": (mutate(data, seats=[{"name": "A"}]), "lists 1 seat,"),
        "no actions": (mutate(data, actions=...), "no action list"),
        "unknown action": (mutate(data, actions=acts[:2] + [{"kind": "cheat"}]), "Action 3"),
        "illegal action": (mutate(data, actions=[{"kind": "select", "index": 7}]), "Action 1"),
        "action out of order": (mutate(data, actions=[acts[0], acts[0]] + acts[2:]), "Action 2"),
        "tampered digest": (mutate(data, digest="0" * 64), "changed after it was written"),
        "tampered seed": (mutate(data, seed=data["seed"] + 1), None),
    }


NAMES = [
    "empty", "truncated", "not json", "binary", "not a save", "a list", "newer version", "no version",
    "unknown game", "bad options", "bad seed", "seats mismatch", "no actions", "unknown action",
    "illegal action", "action out of order", "tampered digest", "tampered seed",
]


@pytest.mark.parametrize("name", NAMES)
def test_bad_save_is_refused_clearly_and_left_untouched(tmp_path, name):
    data, text = good_save(tmp_path)
    content, expected = corpus(data, text)[name]
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    before = path.read_bytes()
    with pytest.raises(saves.SaveError) as err:
        saves.load(path, GAMES, tmp_path / "auto")
    message = str(err.value)
    assert "\n" not in message and "Traceback" not in message
    if expected:
        assert expected in message
    assert path.read_bytes() == before
    assert not (tmp_path / "auto").exists(), "nothing was loaded, so nothing was autosaved"


def test_the_corpus_is_complete(tmp_path):
    assert sorted(corpus(*good_save(tmp_path))) == sorted(NAMES)


def test_missing_file(tmp_path):
    with pytest.raises(saves.SaveError, match="There is no file"):
        saves.load(tmp_path / "nope.json", GAMES)


def test_the_good_save_itself_loads(tmp_path):
    data, text = good_save(tmp_path)
    path = tmp_path / "good.json"
    path.write_text(text)
    store = saves.load(path, GAMES)
    assert len(store.log) == len(data["actions"])


@pytest.mark.parametrize(
    "fault, words",
    [
        (KeyError("pile"), "something it needs is missing"),
        (RecursionError(), "nest too deeply"),
        (RuntimeError("boom"), "do not make sense to this version"),
    ],
)
def test_a_move_that_breaks_the_rules_code_is_refused_in_words_not_a_class_name(tmp_path, monkeypatch, fault, words):
    """A rules bug met while replaying a save is a refusal a player can read: it says which
    move and why in words, never a Python exception's name."""
    data, text = good_save(tmp_path)
    path = tmp_path / "broken.json"
    path.write_text(text)

    def broken(*args, **kwargs):
        raise fault

    monkeypatch.setattr(Store, "_apply", broken)
    with pytest.raises(saves.SaveError) as refused:
        saves.load(path, GAMES)
    message = str(refused.value)
    assert message.startswith("Action 1 of “broken.json”")
    assert words in message
    assert "Error" not in message and type(fault).__name__ not in message
