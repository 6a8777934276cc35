"""Every board reads in words (issue 26): no code-like token on the screen that its legend
does not list.

Seeded games of each of the four games are played at the real table, at 80x24 and
200x50, and at several moments the whole screen is read (the board, its decisions and
log). A code-like token is one a table cannot read without the legend:

- digits glued to capitals ("3D", "R1", "4F*") or to a letter ("r2" in "M r2"; not "2nd");
- a glyph glued to a capital ("A◉"), or an enemy line's one-letter step ("M to", "M+1 adj");
- colon codes ("2F*:IN", "F:2", "4:ND"; a clock's "3:59" is a time);
- a `!` or `*` suffix on a word or number ("M!", "14!/13", "6*").

Each such token must be a form the board's legend lists (its glyph column), where a number
in a listed form stands for any number ("R3" lists R4 too; "S1…S7" every seat). A letter
code stays only where the legend explains it and nothing else on that board uses it.
"""

from __future__ import annotations

import random
import re

import pytest

from screens.app import TabletopApp
from tabletop.engine import get_game
from tabletop.store import Seat
from tests.e2e.helpers import board_of, bot_chooser, screen_text, settle

pytestmark = pytest.mark.usefixtures("quick_pilot")

GAMES = {
    "spirit": {"players": 3},
    "senji": {"players": 3},
    "duel": {},
    "harakiri": {"players": 2},
}
SIZES = ((80, 24), (200, 50))

CODE = {
    "digits glued to capitals": re.compile(r"(?<![\w'’])(?:[A-Z]+\d+|\d+[A-Z]+)[A-Za-z\d]*[!*]?(?![\w])"),
    "digits glued to a letter": re.compile(r"(?<![\w'’])(?!\d+(?:st|nd|rd|th)\b)(?:[a-z]+\d+|\d+[a-z]+)(?![\w])"),
    "a glyph glued to a capital": re.compile(r"(?<![\w])[A-Z][◉◀▶]"),
    "a one-letter step code": re.compile(r"(?<![\w])[MAH](?:\+\d+)?(?: (?:r\d+|to|adj|away|hide)\b|(?=[◉,]))"),
    "a colon code": re.compile(r"(?<![\w:])[\w*]*[A-Za-z*][\w*]*:[\w*]+|(?<![\w:])\d+[A-Za-z*]*:[A-Za-z*][\w*]*"),
    "a ! or * suffix": re.compile(r"(?<![\w])\w+[!*](?![\w!*])"),
}


def code_tokens(text: str) -> set[tuple[str, str]]:
    """(what it looks like, the token) for each code-like token in ``text``."""
    return {(what, m.group(0)) for what, pattern in CODE.items() for m in pattern.finditer(text)}


def listed(legend: list[tuple[str, str]]) -> list[re.Pattern]:
    """What the legend's glyph column lists, as patterns: each code-like token of a listed
    form, its numbers standing for any number."""
    forms = set()
    for glyph, _ in legend:
        for _, token in code_tokens(glyph):
            forms.add(re.escape(token).replace(r"\*", r"\*"))
    # A number stands for any number; a key glued to a place's name ("4Aki": the key of the
    # row that chooses Aki) stands for that form with any name.
    return [re.compile("^" + re.sub(r"(?<=\\d\+)[A-Z][a-z]+", "[A-Z][a-z]+", re.sub(r"\d+", r"\\d+", f)) + "$")
            for f in forms]


def unlisted(text: str, patterns: list[re.Pattern]) -> set[tuple[str, str]]:
    return {(what, tok) for what, tok in code_tokens(text) if not any(p.match(tok) for p in patterns)}


def test_the_patterns_catch_the_codes_issue_26_found():
    said = ("line 3D 2F*:IN ◀top · defence: hat 4:ND ◀top (block defend) · 6*:DD · 14!/13 · "
            "R1 G · M! · its D0 may be one · F:2 W:0 · M r2, A◉ › M to")
    found = {tok for _, tok in code_tokens(said)}
    for code in ("3D", "2F*:IN", "4:ND", "6*:DD", "14!", "R1", "M!", "D0", "F:2", "M r2", "A◉", "M to"):
        assert any(code in tok for tok in found), (code, found)
    plain = ("2, farm, flame: top raider to the intruders · hat 3 · 12 of 12 Kiai fires · G 3 Ko → · "
             "moves to range 2, attacks ◉ › moves toward target · Reed Ambush (Zone 1 event) · "
             "⏱ 3:59 · Round 1 · (14,4) · 80x24 · Ann's turn · 2nd card")
    assert code_tokens(plain) == set(), code_tokens(plain)
    # A listed form covers its numbers, and nothing else.
    # A key beside a place's name stands for any name, never for a code.
    keyed = listed([("4Aki‹", "a choice's key beside its province")])
    assert unlisted("0Echizen · 9Kii", keyed) == set()
    assert unlisted("3D · R1 · 4F", keyed) == {("digits glued to capitals", t) for t in ("3D", "R1", "4F")}
    patterns = listed([("S1…S7", "a seat"), ("R3", "a resistor")])
    assert unlisted("S4 Kanbei · R9 · 3D", patterns) == {("digits glued to capitals", "3D")}


async def _walk(app, pilot, game, options: dict, seed: int, stops: tuple[int, ...], seen) -> None:
    """One game at the table, every seat human: the game's bot (odd seeds) or random
    moves through the store; at each of ``stops`` (a number of moves) the screen goes to
    ``seen``."""
    rng = random.Random(seed)
    opts = game.Options(**options)
    seats = [Seat(f"Player {i + 1}", "human") for i in range(game.seat_count(opts))]
    app.start_new_game(game, opts, seed, seats)
    await settle(pilot)
    board = board_of(app)
    store = app.store
    choose = bot_chooser(game, seed) if seed % 2 else None
    moves = 0
    for stop in stops:
        while moves < stop and not store.finished:
            actions = store.legal_actions()
            store.dispatch(actions[choose(store, actions)] if choose else rng.choice(actions))
            moves += 1
        await pilot.pause()
        for _ in range(6):  # a hand-off curtain or a results screen: let the table look
            if app.screen is board or store.finished:
                break
            await pilot.press("enter")
            await pilot.pause()
        if app.screen is board:
            seen(board, screen_text(app))
        if store.finished:
            break


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_every_board_draws_words_or_what_its_legend_lists(data_dir, name):
    game = get_game(name)
    found: dict[tuple[str, str], str] = {}
    screens = 0
    patterns: list[re.Pattern] = []

    def seen(board, text: str) -> None:
        nonlocal screens, patterns
        screens += 1
        if not patterns:
            patterns = listed(board.board.legend())
        for token in unlisted(text, patterns):
            line = next((ln for ln in text.split("\n") if token[1] in ln), "")
            found.setdefault(token, line.strip()[:150])

    for size in SIZES:
        app = TabletopApp(games={game.id: game}, bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            for seed in (3, 4):
                await _walk(app, pilot, game, GAMES[name], seed, (0, 8, 25, 60, 120), seen)
    assert screens >= 8
    report = "\n".join(f"  {what}: {tok!r} in {line!r}" for (what, tok), line in sorted(found.items()))
    assert not found, f"{game.title} draws codes its legend does not list:\n{report}"


async def test_harakiri_shows_the_last_roll_yours_or_the_enemys(data_dir):
    """Once an enemy turn has played out, the part under the top shows the last roll,
    a character's or an enemy's, with its dice, hits and damage (issue 26)."""
    from rules.harakiri.narration import ROLLS, opens_enemy_turn, roll_lines, roller
    from screens.common.parts import Part

    game = get_game("harakiri")
    app = TabletopApp(games={game.id: game}, bot_delay=0)
    async with app.run_test(size=(130, 45)) as pilot:
        await settle(pilot)
        opts = game.Options(players=1)
        app.start_new_game(game, opts, 3, [Seat("Player 1", "human")])
        await settle(pilot)
        store = app.store
        choose = bot_chooser(game, 3)
        seen = set()
        for _ in range(400):
            if store.finished or seen == {"yours", "the enemy's"}:
                break
            actions = store.legal_actions()
            store.dispatch(actions[choose(store, actions)])
            lines = [ln.text for ln in store.state.log if ln.seats is None][-60:]
            roll = roll_lines(lines)
            opened = max((i for i, ln in enumerate(lines) if opens_enemy_turn(store.state, ln)), default=-1)
            if roll is None or roll[0] < opened:  # no roll since the last enemy turn began
                continue
            whose = "yours" if roller(store.state, roll[1][0]) else "the enemy's"
            if whose in seen:
                continue
            await settle(pilot)
            shown = board_of(app).board.query_one("#hk-turn", Part).shown.plain
            dice = roll[1][0].partition(ROLLS)[2]
            assert shown.startswith(f"Last roll ({whose}): "), shown
            assert f"rolls {dice}" in shown, (dice, shown)
            # The damage to the first target, as the log says it, when the roll hit.
            damage = next((ln for ln in roll[1] if " defence = " in ln), None)
            if damage is not None:
                assert damage in shown, (damage, shown)
            seen.add(whose)
        assert seen == {"yours", "the enemy's"}, seen


def test_senji_winter_panel_shows_in_winter_only():
    """The lots, bids and offers of winter show while it is winter; a lot left over from a
    tied auction waits for the next winter without holding the panel up all year."""
    from rules.senji.state import Lot
    from screens.senji.board import SenjiBoard

    game = get_game("senji")
    board = SenjiBoard(game)
    state = game.new(game.Options(players=3, winter_timer_s=0), 5)
    rng = random.Random(5)
    steps_seen = set()
    for _ in range(600):
        if game.outcome(state) is not None or {"winter", "spring"} <= steps_seen:
            break
        view = game.view(state, game.to_move(state))
        if not view.lots:  # as if an auction were tied: a lot stays for the next winter
            view.lots = [Lot(card=view.diplo_hands[0][0], deck="K")] if view.diplo_hands[0] else []
        panel = board._panel(view, game.to_move(state)).plain
        if view.combat is None:
            winter = view.step.startswith(("winter", "offer"))
            steps_seen.add("winter" if winter else view.step.split("_")[0])
            assert ("Lots: " in panel) == (winter and bool(view.lots)), (view.step, panel)
            assert panel.startswith("Winter") == winter, (view.step, panel)
        game.apply(state, rng.choice(game.legal_actions(state)))
    assert {"winter", "spring"} <= steps_seen, steps_seen


def _harakiri_texts(seeds=range(1, 5), steps=250):
    """Every enemy board in full and every character board, over seeded random games of
    both scenarios (the screen shows an enemy's full board only under the cursor)."""
    from rules.harakiri.game import GAME
    from screens.harakiri import sheets

    for seed in seeds:
        scenario = ("drowned_shrine", "ossuary_bell")[seed % 2]
        state = GAME.new(GAME.Options(players=2, scenario=scenario), seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if GAME.outcome(state) is not None:
                break
            view = GAME.view(state, None)
            for e in view.enemies:
                yield sheets.enemies(view, e.uid).plain
            for c in view.characters:
                yield sheets.character(view, c).plain
            GAME.apply(state, rng.choice(GAME.legal_actions(state)))


def _senji_texts(seeds=range(1, 4), steps=500):
    """Every province's status row and every sea's fleet row, through each seat's eyes."""
    from rules.senji.data import data
    from rules.senji.view import fleet_row, status_line

    game = get_game("senji")
    D = data()
    for seed in seeds:
        state = game.new(game.Options(players=4, winter_timer_s=0), seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if game.outcome(state) is not None:
                break
            seat = game.to_move(state)
            view = game.view(state, seat)
            yield " · ".join(status_line(view, p, seat) for p in D.province_order)
            yield " · ".join(fleet_row(view, s)[2] for s in D.sea_order)
            game.apply(state, rng.choice(game.legal_actions(state)))


def _spirit_texts(seeds=range(1, 5)):
    """Every region of the Spirit board at three widths, over seeded bot games."""
    from rules.common import Rng
    from screens.spirit.board import SpiritBoard

    game = get_game("spirit")
    board = SpiritBoard(game)
    bot = game.bots()["samurai"]
    for seed in seeds:
        options = ({"players": 3}, {"players": 2, "difficulty": "hard"}, {"players": 7, "difficulty": "heroic"},
                   {"players": 1, "difficulty": "easy"})[seed % 4]
        state = game.new(game.Options(**options), seed)
        rng = Rng(seed=seed)
        while not state.over:
            view = game.view(state, None)
            deciding = view.pending.seat if view.pending else None
            for width in (40, 80, 150):
                lines = board._head(view, width) + board._village(view, width) + board._stacks(view, width)
                lines += board._graveyard(view, width)
                if view.transit is not None:
                    lines += board._transit(view, width)
                for i in range(len(view.samurai)):
                    lines += board._samurai(view, i, deciding, min(width, 44))
                yield "\n".join(t.plain for t in lines)
            seat = state.pending.seat
            game.apply(state, bot(game, game.view(state, seat), seat, game.legal_actions(state), rng))


@pytest.mark.parametrize("name, texts, board", [
    ("harakiri", _harakiri_texts, "screens.harakiri.board:HarakiriBoard"),
    ("senji", _senji_texts, "screens.senji.board:SenjiBoard"),
    ("spirit", _spirit_texts, "screens.spirit.board:SpiritBoard"),
])
def test_every_part_a_board_draws_is_words_or_listed(name, texts, board):
    """The parts a walk at the table may not reach (an enemy's full board, every status
    row of the map, every samurai panel at three widths) over seeded positions."""
    import importlib

    module, cls = board.split(":")
    legend = getattr(importlib.import_module(module), cls)(get_game(name)).legend()
    patterns = listed(legend)
    found: dict[tuple[str, str], str] = {}
    read = 0
    for text in texts():
        read += 1
        for token in unlisted(text, patterns):
            line = next((ln for ln in text.split("\n") if token[1] in ln), "")
            found.setdefault(token, line.strip()[:150])
    assert read > 100
    report = "\n".join(f"  {what}: {tok!r} in {line!r}" for (what, tok), line in sorted(found.items()))
    assert not found, f"{name} draws codes its legend does not list:\n{report}"
