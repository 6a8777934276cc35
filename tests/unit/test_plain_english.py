"""Plain English in everything a player reads, in all four games (issue 26).

Seeded random games of each game are played through the rules, and every sentence a
player reads is collected: each log line, each legal action's description and
explanation, the phase, why a usual choice is missing, the board text the rules render,
and every help page. The text must:

- speak of a player as "they/their", never "its" (a player is a person: "Ann has placed
  their orders", "Kihei pays 1 Ki for their mark");
- agree a count with its noun, never hedge it ("2 unit(s)");
- spell honour one way: "honour" (the project's spelling; the rulebook's "Honor" stays
  only in the published title "Harakiri: Blades of Honor");
- never say the same thing twice in a row ("Game over · the game is over").
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tabletop.engine import get_game

GAMES = {
    "spirit": {"players": 3},
    "senji": {"players": 4},
    "duel": {},
    "harakiri": {"players": 2},
}
HELP = Path(__file__).resolve().parents[2] / "assets" / "help"
TITLE = "Blades of Honor"  # the published title of Harakiri, a name

# What a player is called in these games' sentences: their names, and the words that
# stand for a player or a samurai a person plays.
PERSON = (r"(?:Player \d|Ann|Ben|Kihei|[A-Z][a-z]+ (?:has|pays|hands|keeps|places|spends|loses|gains)"
          r"|the (?:player|host|defender|attacker|target|winner|loser))")
RULES = {
    "'its' said of a player": re.compile(
        r"\b(?:has placed|pays \d+ \w+ for) its\b"
        r"|\b(?:player|host|daimyo|defender|attacker|target|winner|loser|opponent|foe|seat)\b"
        r"[^.;:]{0,40}\bits (?:orders|mark|turn|hand|bid|bids|honour|honor|Ki|units|samurai|seat|cards)\b"),
    "a hedged plural '(s)'": re.compile(r"\w\(s\)"),
    "a count that disagrees with its noun": re.compile(
        r"(?<![\d.+/-])(?<![\d.+/-] )\b1 (?:units|cards|wounds|hits|Ki points|points|barricades|samurai's|fleets"
        r"|actions|moves|squares|rounds|years|lots|hanafuda cards|bids|players)\b"
        r"|\b(?:[02-9]|\d\d+) (?:unit|card|wound|barricade|fleet|square|round|year|lot|player)\b(?![-'’])"),
    "the spelling 'honor'": re.compile(r"\b[Hh]onou?r\b(?<![Hh]onour)|\b[Hh]onors?\b|\b[Hh]onorable\b"),
    "a doubled phrase": re.compile(r"\b[Gg]ame over\b.{0,8}\bthe game is over\b"
                                   r"|\b(\w+(?: \w+){1,3}) · \1\b"),
}


def problems(text: str) -> list[tuple[str, str]]:
    """(which rule, the words) for every lapse in ``text``."""
    text = text.replace(TITLE, "")
    found = []
    for what, pattern in RULES.items():
        for m in pattern.finditer(text):
            found.append((what, m.group(0)))
    return found


def test_the_rules_catch_the_wording_the_play_test_found():
    for bad in ("Ann has placed its orders.", "Kihei pays 1 Ki for its mark (+1)",
                "Ann hires 1 units for 3 honour", "Ann hires 2 mercenary unit(s)",
                "Ann gains 2 honor (combination)", "Year 1 · Game over · the game is over",
                "the host loses its turn", "Ann, 1 cards left", "Hattori: 1 hits - 1 defence"):
        assert problems(bad), bad
    for good in ("Ann has placed their orders.", "Kihei pays 1 Ki for their mark (+1)",
                 "Ann hires 1 mercenary unit for 3 honour", "Ann hires 2 mercenary units",
                 "Harakiri: Blades of Honor", "the card goes back to its owner",
                 "a red kami lets its owner reroll", "Year 1 · Game over", "3 units"):
        assert not problems(good), (good, problems(good))


class Findings:
    def __init__(self) -> None:
        self.seen: dict[str, str] = {}

    def read(self, where: str, text: str) -> None:
        for what, words in problems(text):
            line = next((ln for ln in text.split("\n") if words in ln), text)
            self.seen.setdefault(f"{what}: {words!r}", f"in {where}: {line.strip()[:140]!r}")

    def report(self) -> str:
        return "\n".join(f"  {k} {v}" for k, v in sorted(self.seen.items())[:40])


def walk(name: str, seeds: range, steps: int, findings: Findings) -> int:
    game = get_game(name)
    read = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new(game.Options(**GAMES[name]), seed)
        for _ in range(steps):
            if game.outcome(state) is not None:
                break
            seat = game.to_move(state)
            view = game.view(state, seat)
            findings.read("the phase", game.phase(view))
            findings.read("why a choice is missing", game.why_not(view, seat))
            findings.read("the board", game.render(view, seat))
            for action in game.legal_actions(state):
                findings.read("an action", game.describe(action))
                findings.read("an action's explanation", game.explain(view, seat, action))
                read += 1
            game.apply(state, rng.choice(game.legal_actions(state)))
        view = game.view(state, None)
        findings.read("the phase", game.phase(view))
        findings.read("the board", game.render(view, None))
        for line in state.log:
            findings.read("the log", line.text)
            read += 1
    return read


@pytest.mark.parametrize("name", sorted(GAMES))
def test_plain_english_in_what_a_game_says(name):
    findings = Findings()
    assert walk(name, range(1, 5), 400, findings) > 200
    assert not findings.seen, f"{name} says:\n{findings.report()}"


def test_plain_english_in_the_help_pages():
    findings = Findings()
    pages = sorted(HELP.glob("*.md"))
    assert len(pages) >= 5
    for page in pages:
        findings.read(page.name, page.read_text(encoding="utf-8"))
    assert not findings.seen, f"the help pages say:\n{findings.report()}"


def test_a_rewording_never_makes_a_save_look_changed(tmp_path):
    """A save's digest leaves the words out: the same moves with reworded log lines or a
    reworded outcome still load; a changed position does not."""
    from tabletop import saves
    from tabletop.store import Store
    from tests.unit.duel.test_pinned_records import WORDS as DUEL_WORDS
    from tests.unit.harakiri.test_pinned_records import WORDS as HARAKIRI_WORDS
    from tests.unit.senji.test_pinned_records import WORDS as SENJI_WORDS
    from tests.unit.spirit.test_pinned_records import WORDS as SPIRIT_WORDS

    # The save's words are the pinned records' words, game by game.
    assert saves.WORDS == {"spirit": SPIRIT_WORDS, "senji": SENJI_WORDS, "harakiri": HARAKIRI_WORDS,
                           "duel": DUEL_WORDS}
    game = get_game("senji")
    store = Store.new(game, game.Options(players=3), 4)
    for _ in range(30):
        store.dispatch(store.legal_actions()[0])
    before = saves.state_digest(store)
    last = store.state.log[-1]
    store.state.log[-1] = last.model_copy(update={"text": "The same move, said in other words."})
    store.state.end_reason = "Reworded."
    assert saves.state_digest(store) == before
    store.state.honor[0] += 1
    assert saves.state_digest(store) != before
