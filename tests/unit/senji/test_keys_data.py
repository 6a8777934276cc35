"""The keys of Senji's things are data (assets/senji/keys.json), checked when loaded
(issue 25): one key per province and sea, samurai, family, card, flower; never a key the
table or the board keeps for itself; never one key for two things of a table."""

from __future__ import annotations

import json
from importlib import resources

import pytest
from pydantic import ValidationError

from screens.senji.keys import SenjiKeys, keys

RAW = json.loads(resources.files("assets").joinpath("senji", "keys.json").read_text(encoding="utf-8"))


def _with(**changes) -> dict:
    raw = json.loads(json.dumps(RAW))
    for table, change in changes.items():
        raw[table] = {**raw[table], **change} if isinstance(change, dict) else change
    return raw


def test_the_table_as_shipped_loads():
    k = keys()
    assert k.places["aki"] == RAW["places"]["aki"]
    assert len(set(k.places.values())) == len(k.places) == 20  # 18 provinces and 2 seas


def test_two_provinces_on_one_key_are_refused():
    with pytest.raises(ValidationError, match="twice in places"):
        SenjiKeys.model_validate(_with(places={"kii": RAW["places"]["aki"]}))


@pytest.mark.parametrize("key", ["u", "w", "q", "L", "H", "m", "p", "?"])
def test_a_key_the_table_or_the_board_keeps_is_refused(key):
    with pytest.raises(ValidationError, match="not free keys"):
        SenjiKeys.model_validate(_with(samurai={"A": key}))


def test_a_province_without_a_key_is_refused():
    raw = _with()
    del raw["places"]["mutsu"]
    with pytest.raises(ValidationError, match="places must key exactly"):
        SenjiKeys.model_validate(raw)
