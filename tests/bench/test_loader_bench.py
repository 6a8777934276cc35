"""The save loader on the worst files under its size cap (issue 23, item 2).

Off by default like every benchmark here; run with

    .venv/bin/python -m pytest tests/bench/test_loader_bench.py --benchmark-enable

Each case is a 19 MB file built to be slow for some way of reading JSON: escaped quotes (a
string scan that backtracks is quadratic on them: the old loader took 20 s at 64 KiB and
about 7 minutes at 256 KiB on ``"`` then ``\\"`` repeated), deep nesting, nesting just
under the limit, one long string, runs of backslashes, many tiny values. ``parse_json``
is what reads a file's bytes: it must refuse or read any of them well inside 2 s on this
machine; the whole ``load_bytes`` (parse, check, replay) is timed too for the realistic
ones. The anchor is ``json.loads`` of a 19 MB string, the least any reading can cost.

Figures (2 cores, shared; min of the rounds): see the notes of issue 23.
"""

from __future__ import annotations

import json

import pytest

from tabletop import saves
from tests.games.nim import NIM, NimOptions
from tabletop.store import Store

MB = 1 << 20
SIZE = 19 * MB
GAMES = {"nim": NIM}


def _good_envelope() -> dict:
    store = Store.new(NIM, NimOptions(), seed=5)
    for _ in range(6):
        store.dispatch(store.legal_actions()[0])
    return saves.envelope(store)


def worst_cases(size: int = SIZE) -> dict[str, bytes]:
    half = size // 2
    good = _good_envelope()
    at_the_limit = b"[" * (saves.MAX_DEPTH - 1) + b"]" * (saves.MAX_DEPTH - 1)
    long_name = dict(good, seats=[{"name": "x" * (size - 2000), "controller": "human"}, good["seats"][1]])
    return {
        "escaped quotes, never closed": b'"' + b'\\"' * ((size - 1) // 2),
        "escaped quotes in one string": b'["' + b'\\"' * ((size - 4) // 2) + b'"]',
        "backslash runs": b'["' + b"\\\\" * ((size - 4) // 2) + b'"]',
        "opened brackets": b"[" * size,
        "nested brackets": b"[" * half + b"]" * half,
        "nested to the limit, repeated": b"[" + b",".join([at_the_limit] * (size // (len(at_the_limit) + 1))) + b"]",
        "one long string": b'["' + b"x" * (size - 4) + b'"]',
        "a seat name of 19 MB": json.dumps(long_name).encode(),
        "many empty strings": b"[" + b'"",' * (size // 3 - 1) + b'""]',
        "many quotes": b'"' * size,
        "many empty lists": b"[" + b"[]," * (size // 3 - 1) + b"[]]",
        "strings just under the entry cap": b"[" + b",".join([b'"' + b"y" * (size // saves.MAX_ITEMS) + b'"']
                                                             * (saves.MAX_ITEMS - 10)) + b"]",
    }


CASES = worst_cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_parse_a_worst_case(benchmark, name):
    raw = CASES[name]
    assert len(raw) <= saves.MAX_BYTES

    def read() -> str:
        try:
            saves.parse_json(raw, "“x.json”")
        except saves.SaveError as exc:
            return str(exc)
        return "read"

    said = benchmark.pedantic(read, rounds=3, iterations=1)
    assert said == "read" or said.startswith("“x.json”"), said


@pytest.mark.parametrize("name", ["a seat name of 19 MB", "escaped quotes, never closed", "many empty lists"])
def test_load_a_worst_case(benchmark, name):
    raw = CASES[name]

    def load() -> str:
        try:
            saves.load_bytes(raw, GAMES, "“x.json”")
        except saves.SaveError as exc:
            return str(exc)
        return "loaded"

    said = benchmark.pedantic(load, rounds=3, iterations=1)
    assert said != "loaded" and len(said) <= saves.MAX_MESSAGE


def test_anchor_json_loads_of_19_mb(benchmark):
    text = json.dumps(["x" * SIZE])
    benchmark.pedantic(json.loads, args=(text,), rounds=3, iterations=1)
