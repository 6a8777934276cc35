"""An enemy step's clause (``words.step_words``), a whole line's (``words.line_words``) and a
character's or enemy's label (``core.ref_label``) are kept once worked out (issue 28's speed): they depend on the printed
data alone. Every kept answer must be the one worked out afresh, and whole games must say
the same lines with nothing kept."""

from __future__ import annotations

from rules.harakiri import GAME, core, words

from .helpers import random_game

GAMES = [({}, range(1, 9)), ({"players": 2, "scenario": "ossuary_bell", "level": 2}, range(1, 6))]


class _Forgetful(dict):
    """A memory that never holds anything: every answer is worked out afresh."""

    def get(self, key, default=None):
        return default

    def __setitem__(self, key, value):
        pass


def _logs() -> list[list[str]]:
    out = []
    for opts, seeds in GAMES:
        options = GAME.parse_options(opts) if opts else GAME.Options()
        out += [[line.text for line in random_game(options, seed).log] for seed in seeds]
    return out


def test_every_kept_clause_and_label_is_the_one_worked_out_afresh(monkeypatch):
    monkeypatch.setattr(words, "_STEP_WORDS", {})
    monkeypatch.setattr(words, "_LINE_WORDS", {})
    monkeypatch.setattr(core, "_REF_LABELS", {})
    _logs()
    assert len(words._STEP_WORDS) > 30 and len(words._LINE_WORDS) > 30 and len(core._REF_LABELS) > 10
    for (etype, line), said in words._LINE_WORDS.items():
        assert said == words._line_words(etype, line)
    for (etype, step, target), said in words._STEP_WORDS.items():
        assert said == words._step_words(etype, step, target)
    for ref, label in core._REF_LABELS.items():
        assert ref[:2] in ("c:", "e:")
        assert label == core._ref_label(None, ref)


def test_games_say_the_same_lines_with_nothing_kept(monkeypatch):
    kept = _logs()
    monkeypatch.setattr(words, "_STEP_WORDS", _Forgetful())
    monkeypatch.setattr(words, "_LINE_WORDS", _Forgetful())
    monkeypatch.setattr(core, "_REF_LABELS", _Forgetful())
    assert _logs() == kept
