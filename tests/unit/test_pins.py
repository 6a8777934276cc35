"""The pinned records' two digests (tests/unit/pins.py): a reworded log line moves only the
words digest, a changed rules field only the rules digest."""

from __future__ import annotations

from rules.common import LogLine
from tests.games.nim import NIM
from tests.unit.pins import digests


def _played():
    state = NIM.new(NIM.Options(), 3)
    NIM.apply(state, NIM.legal_actions(state)[0])
    assert state.log, "Nim logs its moves"
    return state


def test_a_reworded_log_line_changes_only_the_words_digest():
    state = _played()
    rules, words = digests(state)
    state.log[-1] = LogLine(text=state.log[-1].text + " (reworded)", seats=state.log[-1].seats)
    after_rules, after_words = digests(state)
    assert after_rules == rules
    assert after_words != words


def test_a_changed_rules_field_changes_only_the_rules_digest():
    state = _played()
    rules, words = digests(state)
    state.pile -= 1
    after_rules, after_words = digests(state)
    assert after_rules != rules
    assert after_words == words


def test_a_named_text_field_is_counted_with_the_words():
    state = _played()
    rules, words = digests(state, ("winner",))
    state.winner = 1
    after_rules, after_words = digests(state, ("winner",))
    assert after_rules == rules
    assert after_words != words
