"""No internal identifier reaches a player, in any of the four games (issue 16).

Random games (seeded, short) of each game are walked through the rules and through the
real table. Everything a player reads is collected: the description and the explanation
of every legal action, the phase, every log line, and the screen
itself at several positions (the text of the whole terminal, as Pilot draws it). Any
token that looks like a code fails the test: penalty codes (DISCARD_DEF, NO_SUPPORT),
card ids (P3-12, D03, I01, EV2, 10S, 01R1, F1:BURN, R1G), combo codes (LIGHTS4),
snake_case ids (drowned_shrine) and enum or model reprs (Step.FIGHT, kind='x').
Codes may stay in saves and data; the test reads only what is drawn or said.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from screens.common.curtain import CurtainScreen
from screens.app import TabletopApp
from tabletop.engine import get_game
from tabletop.store import Seat
from tests.e2e.helpers import board_of, screen_text, settle

pytestmark = pytest.mark.usefixtures("quick_pilot")

GAMES = {
    "spirit": {"players": 2},
    "senji": {"players": 3},
    "duel": {},
    "harakiri": {"players": 1},
}

# What an internal identifier looks like in these four games' data and code.
ID_PATTERNS = {
    "a penalty or constant code": re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b"),
    "a snake_case id": re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"),
    "a raider card id": re.compile(r"\b[A-Z]\d-\d{1,2}\b"),
    "a numbered card id": re.compile(r"\b[A-Z]{1,2}\d{2}\b"),
    "an event or Special Action id": re.compile(r"\b(?:EV|SA)\d\b"),
    "a hanafuda code": re.compile(r"\b\d{2}(?:[SP]|[AR]\d?)\b"),
    "a card code with its effect code": re.compile(r"\b[A-Z]\d:[A-Z]{2,}\b"),
    "a samurai code": re.compile(r"\b[A-Z]\d[A-Z]\b"),
    "a combo code": re.compile(r"\b[A-Z]{3,}\d\b"),
    "an enum name": re.compile(r"\b[A-Z][A-Za-z]+\.[A-Z][A-Z_]+\b"),
    "a model's repr": re.compile(r"\b[a-z_]+='|<[A-Z]\w+\.\w+: "),
}


RULES = Path(__file__).resolve().parents[2] / "rules"


@cache
def enum_names(game_id: str) -> re.Pattern | None:
    """The game's upper-case enum values (``Literal["ROUND_END", ...]`` in its rules),
    as words: the step and kind names a player must never read as such. Three-letter
    abbreviations are left out (a rulebook may use them: DEX, POW)."""
    names: set[str] = set()
    for path in sorted((RULES / game_id).glob("*.py")):
        for literal in re.findall(r"Literal\[(.*?)\]", path.read_text(encoding="utf-8"), re.S):
            names |= {n for n in re.findall(r'"([A-Z][A-Z0-9_]{3,})"', literal)}
    if not names:
        return None
    return re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, names), key=len, reverse=True)) + r")\b")


def id_tokens(text: str, game_id: str | None = None) -> list[tuple[str, str]]:
    """(what it looks like, the token) for every code-like token in ``text``."""
    found = []
    for what, pattern in ID_PATTERNS.items():
        for match in pattern.finditer(text):
            found.append((what, match.group(0)))
    enums = enum_names(game_id) if game_id else None
    if enums is not None:
        found += [("an enum value of the rules", m.group(0)) for m in enums.finditer(text)]
    return found


def test_the_patterns_catch_the_codes_the_play_test_found():
    said = ("Confront the 3 (no icon, NO_SUPPORT) · Apply DISCARD_DEF first · [P3-12] · "
            "Keep 10S · Add 01R1 · burnt F1:BURN · D03 · R1G · drowned_shrine · LIGHTS4 · Step.FIGHT")
    tokens = {t for _, t in id_tokens(said)}
    assert tokens == {"NO_SUPPORT", "DISCARD_DEF", "P3-12", "10S", "01R1", "F1:BURN", "D03", "R1G",
                      "drowned_shrine", "LIGHTS4", "Step.FIGHT"}
    plain = "Round 1/3 · Kiai 11 (fox 14) · S1 Katsushiro · 2 Life · the 10 of Pine · move 12"
    assert id_tokens(plain) == []
    # A step's enum value of the rules, as the rules spell it, is caught too.
    assert ("an enum value of the rules", "ROUND_END") in id_tokens("step ROUND_END", "harakiri")
    assert ("an enum value of the rules", "ACTIVATE") in id_tokens("Round 1 · ACTIVATE", "harakiri")
    assert id_tokens("Round 1 · activate", "harakiri") == []


class Findings:
    """Code-like tokens met, each with where it was first seen."""

    def __init__(self, game_id: str | None = None) -> None:
        self.game_id = game_id
        self.seen: dict[str, str] = {}

    def read(self, where: str, text: str) -> None:
        for what, token in id_tokens(text, self.game_id):
            line = next((ln for ln in text.split("\n") if token in ln), text)
            self.seen.setdefault(token, f"{what} in {where}: {line.strip()[:120]!r}")

    def report(self, most: int = 40) -> str:
        rows = [f"  {token}: {where}" for token, where in sorted(self.seen.items())]
        more = f"\n  ... and {len(rows) - most} more" if len(rows) > most else ""
        return "\n".join(rows[:most]) + more


def rules_walk(game, options: dict, seeds: range, steps: int, findings: Findings) -> int:
    """Random games through the rules alone: every action's words, every log line."""
    read = 0
    for seed in seeds:
        rng = random.Random(seed)
        opts = game.Options(**options)
        state = game.new(opts, seed)
        for _ in range(steps):
            if game.outcome(state) is not None:
                break
            seat = game.to_move(state)
            view = game.view(state, seat)
            actions = game.legal_actions(state)
            findings.read("the phase", game.phase(view))
            findings.read("why a choice is missing", game.why_not(view, seat))
            for action in actions:
                findings.read("an action", game.describe(action))
                findings.read("an action's explanation", game.explain(view, seat, action))
                read += 1
            state_before = len(state.log)
            game.apply(state, rng.choice(actions))
            for line in state.log[max(0, state_before - 1):]:
                findings.read("the log", line.text)
        for line in state.log:
            findings.read("the log", line.text)
    return read


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_internal_id_in_what_the_rules_say(name):
    game = get_game(name)
    findings = Findings(name)
    read = rules_walk(game, GAMES[name], range(1, 4), 150, findings)
    assert read > 50
    assert not findings.seen, f"{game.title} shows internal ids:\n{findings.report()}"


async def walk_screens(app, pilot, game, options: dict, seed: int, stops: tuple[int, ...], seen):
    """One game at the table, every seat human: random moves through the store, and at
    each of ``stops`` (a number of moves) the screen is handed to ``seen(board, text)``."""
    rng = random.Random(seed)
    opts = game.Options(**options)
    seats = [Seat(f"Player {i + 1}", "human") for i in range(game.seat_count(opts))]
    app.start_new_game(game, opts, seed, seats)
    await settle(pilot)
    board = board_of(app)
    store = app.store
    moves = 0
    for stop in stops:
        while moves < stop and not store.finished:
            actions = store.legal_actions()
            store.dispatch(rng.choice(actions))
            moves += 1
        await pilot.pause()
        for _ in range(6):  # the hand-off curtain or a public pause: let the seat look
            if app.screen is board or store.finished:
                break
            await pilot.press("enter")
            await pilot.pause()
        if app.screen is board:
            seen(board, screen_text(app))
        if store.finished:
            break


# The random positions both screen checks read: this file's (no internal id on the screen)
# and test_legend.py's (the legend covers every glyph the board draws). Each game is walked
# once per worker at both sizes; the two tests share one xdist group, so they run on the
# same worker and the second reads the screens the first walked.
SCREEN_SIZES = ((80, 24), (160, 48))
SCREEN_SEEDS = (2, 7)
SCREEN_STOPS = (0, 6, 20, 45, 60)


@dataclass(frozen=True)
class Shown:
    """A position on the screen as a test reads it: the whole terminal's text, and the
    board's own part of it, its legend and the keys of the decision on show."""

    size: tuple[int, int]
    seed: int
    text: str
    board_area: tuple[int, int, int, int]  # x, y, width, height of the board widget's part
    legend: tuple[tuple[str, str], ...]
    keys: tuple[str | None, ...]

    def board_lines(self) -> list[str]:
        x, y, width, height = self.board_area
        return [line[x: x + width] for line in self.text.split("\n")[y: y + height]]


_SHOWN: dict[str, list[Shown]] = {}


def screens_group(names):
    """The games as parameters, each in the xdist group of its shared walk."""
    return [pytest.param(name, marks=pytest.mark.xdist_group(f"screens-{name}")) for name in sorted(names)]


async def random_screens(name: str) -> list[Shown]:
    """The screens of a few random positions of the game, at both sizes (walked once)."""
    if name in _SHOWN:
        return _SHOWN[name]
    game = get_game(name)
    found: list[Shown] = []
    size, seed = SCREEN_SIZES[0], SCREEN_SEEDS[0]

    def seen(board, text: str) -> None:
        region = board.board.region.intersection(board.query_one("#board-area").scrollable_content_region)
        found.append(Shown(size, seed, text, (region.x, region.y, region.width, region.height),
                           tuple(board.board.legend()), tuple(board.keys)))

    for size in SCREEN_SIZES:
        app = TabletopApp(games={game.id: game}, bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            for seed in SCREEN_SEEDS:
                await walk_screens(app, pilot, game, GAMES[name], seed, SCREEN_STOPS, seen)
    _SHOWN[name] = found
    return found


@pytest.mark.parametrize("name", screens_group(GAMES))
async def test_no_internal_id_on_the_screen(data_dir, name):
    findings = Findings(name)
    shown = await random_screens(name)
    for screen in shown:
        findings.read("the screen", screen.text)
    assert len(shown) >= 8
    assert {screen.size for screen in shown} == set(SCREEN_SIZES)
    assert not findings.seen, f"{get_game(name).title}'s screen shows internal ids:\n{findings.report()}"
