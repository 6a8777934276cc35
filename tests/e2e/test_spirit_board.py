"""Samurai Spirit on its own board, driven by keys and clicks; assertions on the store."""

from __future__ import annotations

import re

import pytest

from rules.common import Rng
from rules.spirit import GAME
from screens.spirit import SpiritBoard
from screens.app import TabletopApp
from tabletop.store import Seat, Store

from screens.board import BoardScreen
from screens.spirit.fit import Region
from screens.spirit.summary import RoundSummaryScreen

from .helpers import board_of, bot_chooser, press_action, settle

GAMES = {"spirit": GAME}

pytestmark = pytest.mark.usefixtures("quick_pilot")


async def test_a_whole_two_player_game_by_keys(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(players=2), 2026, [Seat("Ana"), Seat("Ben")])
        await settle(pilot)
        board = board_of(app)
        assert isinstance(board.query_one("#board"), SpiritBoard)
        steps, summaries = await play_by_keys(pilot, app, bot_chooser(GAME, 1))
        store = app.store
        assert summaries == store.state.round - 1, "one summary for each round that ended and led to the next"
        outcome = store.outcome()
        assert outcome is not None and steps >= store.revision
        assert set(outcome.results) <= {"win", "loss"} and len(set(outcome.results)) == 1
        # The end screen shows the outcome line and the score breakdown.
        body = str(app.screen.query_one("#outcome-body").content)
        assert outcome.explanation in body
        for line in outcome.breakdown:
            assert line in body


async def test_clicking_a_samurai_picks_the_matching_action(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(players=2, two_player_variant=False), 9, None)
        await settle(pilot)
        store = app.store
        assert board_of(app).query_one("#board") is not None
        # Begin the turn and reach the ACTION step, where Support targets the other samurai.
        for _ in range(10):
            kinds = [a.kind for a in store.legal_actions()]
            if "support" in kinds:
                break
            store.dispatch(store.legal_actions()[0])
            await settle(pilot, 1)
        support = next(a for a in store.legal_actions() if a.kind == "support")
        await pilot.click(f"#samurai-{support.to}")
        await settle(pilot, 1)
        assert store.log[-1].action == GAME.dump_action(support)
        assert store.state.samurai[support.seat].token_with == support.to


async def play_by_keys(pilot, app, choose, max_steps: int = 3000) -> tuple[int, int]:
    """Play by keys to the end screen, passing each end-of-round summary with a key.
    Returns the actions played and the summaries seen."""
    store = app.store
    board = board_of(app)
    steps = summaries = 0
    while not store.finished:
        assert steps < max_steps, "the game did not end"
        if isinstance(app.screen, RoundSummaryScreen):
            summaries += 1
            await pilot.press("space")
            await pilot.pause()
            continue
        assert app.screen is board, f"unexpected screen {app.screen}"
        before = store.revision
        await press_action(pilot, board, choose(store, board.actions))
        await pilot.pause()
        assert store.revision == before + 1, "the key did not play the action"
        steps += 1
    await settle(pilot)
    return steps, summaries


def test_every_view_draws_without_error():
    """The board draws every view of a random game (a smoke test of the drawing code)."""
    store = Store.new(GAME, GAME.Options(players=4), seed=3)
    board = SpiritBoard(GAME)
    rng = Rng(seed=3)
    steps = 0
    while not store.finished and steps < 3000:
        view = store.view(store.to_move())
        for width in (30, 44, 150):
            for lines in (board._head(view, width), board._village(view, width), board._stacks(view, width),
                          board._transit(view, width) if view.transit is not None else [],
                          *(board._samurai(view, i, view.pending.seat if view.pending else None, width)
                            for i in range(len(view.samurai)))):
                assert all(line.cell_len <= width for line in lines)
        actions = store.legal_actions()
        store._apply(actions[rng.below(len(actions))], replay=True)
        steps += 1
    assert store.finished


async def test_g_lists_the_graveyard(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(players=2), 12, None)
        await settle(pilot)
        store = app.store
        choose = bot_chooser(GAME, 1)
        while len(store.state.discard) < 2:
            store.dispatch(store.legal_actions()[choose(store, store.legal_actions())])
            await pilot.pause()
        board = board_of(app).query_one(SpiritBoard)
        graveyard = board.query_one("#sp-graveyard")
        assert not graveyard.display
        await pilot.press("g")
        await settle(pilot, 1)
        assert graveyard.display
        text = graveyard.shown.plain
        assert f"({len(store.state.discard)}," in text
        await pilot.press("g")
        await settle(pilot, 1)
        assert not graveyard.display


# -- nothing clipped, the mover in view, the end of round held, keys that stay ----------------

def _regions_fit(board) -> None:
    """Every region of the board is as tall as its lines and each line fits its width."""
    for region in board.query(Region):
        if not region.display:
            continue
        lines = region.shown.split("\n", allow_blank=True)
        assert region.outer_size.height == len(lines) + region.frame_rows, region.id
        assert all(line.cell_len <= region.content_size.width for line in lines), region.id


async def test_at_80_columns_every_family_and_pool_token_shows(data_dir):
    """Two players, the pool full: the third family and all five pool tokens are drawn in
    full, the regions as tall as their lines; the same after widening to 120 columns."""
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(players=2, samurai=("Gorobei", "Katsushiro")), 3,
                           [Seat("Ana"), Seat("Ben")])
        await settle(pilot, 3)
        spirit = board_of(app).query_one(SpiritBoard)
        for size in ((80, 24), (120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await settle(pilot, 3)
            village = spirit.query_one("#sp-village", Region).shown.plain
            stacks = spirit.query_one("#sp-stacks", Region).shown.plain
            assert "Child (discards 1 intruder)" in village and "…" not in village
            for who in ("Kanbei", "Kyuzo", "Heihachi", "Daisuke", "Kikuchiyo"):
                assert who in stacks
            _regions_fit(spirit)


async def test_the_samurai_to_move_is_scrolled_into_view(data_dir):
    """Seven players at 80x24: whoever is to move, its panel is wholly on screen."""
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(players=7), 5, [Seat(f"P{i}") for i in range(7)])
        await settle(pilot, 3)
        store = app.store
        board = board_of(app)
        area = board.query_one("#board-area")
        seen = set()
        choose = bot_chooser(GAME, 1)
        while len(seen) < 7 and not store.finished:
            if isinstance(app.screen, RoundSummaryScreen):
                await pilot.press("space")
                await pilot.pause()
                continue
            seat = store.to_move()
            seen.add(seat)
            panel = board.query_one(f"#samurai-{seat}")
            assert area.region.contains_region(panel.region), f"seat {seat} is off screen"
            await press_action(pilot, board, choose(store, board.actions))
            await pilot.pause()
        assert len(seen) == 7
        # A resize lays the board out again, and the samurai to move is found again.
        for size in ((120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await settle(pilot, 4)
            if isinstance(app.screen, RoundSummaryScreen):
                await pilot.press("space")
                await settle(pilot, 3)
            panel = board.query_one(f"#samurai-{store.to_move()}")
            assert area.region.contains_region(panel.region), f"after a resize to {size}"


async def test_the_end_of_round_stays_up_until_a_key(data_dir):
    """Everyone passes: the round's end (wounds, farmsteads, families) is held on screen for
    the whole table, and only a key lets the game go on."""
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(players=2, samurai=("Gorobei", "Katsushiro"),
                                              difficulty="hard"), 3, [Seat("Ana"), Seat("Ben")])
        await settle(pilot, 3)
        store = app.store
        while store.state.round == 1:
            kinds = [a.kind for a in store.legal_actions()]
            kind = "pass_round" if "pass_round" in kinds else "begin_turn"
            store.dispatch(next(a for a in store.legal_actions() if a.kind == kind))
            await settle(pilot, 2)
        screen = app.screen
        assert isinstance(screen, RoundSummaryScreen)
        facts = str(screen.query_one("#round-facts").content)
        assert "Katsushiro wounded: 0 → 1" in facts and "Gorobei wounded: 0 → 1" in facts
        assert "Farmsteads destroyed:" in facts and "Intruders revealed: " in facts
        # What comes next: round 2 brings the lieutenants, and the next samurai starts.
        assert "Next: round 2 of 3, lieutenants join the raiders; Katsushiro starts" in facts
        body = str(screen.query_one("#round-body").content)
        assert body.startswith("Everyone has passed") and "Round 2 begins" in body
        await pilot.pause(0.3)
        assert app.screen is screen, "nothing but a key takes it away"
        await pilot.press("x")
        await settle(pilot, 2)
        assert isinstance(app.screen, BoardScreen)


async def test_begin_turn_is_on_enter_and_pool_tokens_keep_their_letters(data_dir):
    """START with the pool: "Begin turn" is first and on Enter; each pool token keeps one
    letter (its samurai's) turn after turn, for either seat, as tokens are spent; no digit
    that a support or a gift uses ever spends a token."""
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(players=2, samurai=("Gorobei", "Katsushiro")), 3,
                           [Seat("Ana"), Seat("Ben")])
        await settle(pilot, 3)
        store = app.store
        board = board_of(app)
        letters: dict[str, str] = {}
        starts = 0
        for _ in range(60):
            if store.finished:
                break
            if isinstance(app.screen, RoundSummaryScreen):
                await pilot.press("space")
                await pilot.pause()
                continue
            actions = board.actions
            if store.state.pending.kind == "START":
                starts += 1
                first = board.rows[0]
                assert actions[first].kind == "begin_turn" and board.keys[first] == "enter"
                for a, key in zip(actions, board.keys):
                    if a.kind == "use_pool_token":
                        assert key is not None and not key.isdigit()
                        assert letters.setdefault(a.samurai, key) == key
                # Spend a token every other START, so the list shrinks under the fingers.
                spend = [i for i, a in enumerate(actions) if a.kind == "use_pool_token"]
                pick = spend[0] if spend and starts % 2 else first
            else:
                pick = bot_chooser(GAME, 1)(store, actions)
            await press_action(pilot, board, pick)
            await pilot.pause()
        assert starts >= 4 and len(letters) >= 2


async def test_the_same_choice_keeps_its_key_in_random_play(data_dir):
    """Random walks: in each kind of decision, an action (what it is and whom it names) is
    always offered under the same key."""
    for seed in (1, 2):
        app = TabletopApp(games=GAMES, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.start_new_game(GAME, GAME.Options(players=3), seed, [Seat("A"), Seat("B"), Seat("C")])
            await settle(pilot, 3)
            store = app.store
            board = board_of(app)
            rng = Rng(seed=seed)
            held: dict[tuple, str] = {}
            for _ in range(80):
                if store.finished:
                    break
                if isinstance(app.screen, RoundSummaryScreen):
                    await pilot.press("space")
                    await pilot.pause()
                    continue
                step = store.state.pending.kind
                for a, key in zip(board.actions, board.keys):
                    what = (step, a.kind, getattr(a, "to", None), getattr(a, "target", None),
                            getattr(a, "dest", None), getattr(a, "samurai", None), getattr(a, "slot", None))
                    assert held.setdefault(what, key) == key, f"{what} moved from {held[what]} to {key}"
                await press_action(pilot, board, rng.below(len(board.actions)))
                await pilot.pause()


# -- the legend covers every glyph the board draws -----------------------------------------

GLYPH_ASCII = set("*|=!_+")
ABBREVIATION = re.compile(r"(?<![A-Za-z])[A-Z]{1,2}(?![A-Za-z])")


def _glyphs(text: str) -> set[str]:
    """The glyphs of a board text: every character beyond ASCII, the ASCII signs that carry
    a meaning here, and the abbreviations (one or two capitals: H, RZ, the S of S1)."""
    out = {ch for ch in text if ord(ch) > 127 or ch in GLYPH_ASCII}
    return out | set(ABBREVIATION.findall(text))


def _drawn(board: SpiritBoard, view, width: int) -> list[str]:
    deciding = view.pending.seat if view.pending else None
    lines = board._head(view, width) + board._village(view, width) + board._stacks(view, width)
    lines += board._graveyard(view, width)
    if view.transit is not None:
        lines += board._transit(view, width)
    for i in range(len(view.samurai)):
        lines += board._samurai(view, i, deciding, min(width, 44))
    return [t.plain for t in lines]


def test_the_legend_covers_every_glyph_the_board_draws():
    board = SpiritBoard(GAME)
    legend = board.legend()
    covered = set().union(*(_glyphs(glyph) for glyph, _ in legend))
    assert all(meaning for _, meaning in legend)
    seen: dict[str, str] = {}
    options = ({"players": 3}, {"players": 2, "difficulty": "hard"},
               {"players": 7, "difficulty": "heroic"}, {"players": 1, "difficulty": "easy"})
    for seed in range(8):
        state = GAME.new(GAME.Options(**options[seed % 4]), seed)
        rng = Rng(seed=seed)
        bot = GAME.bots()["samurai"]
        while True:
            view = GAME.view(state, None)
            for width in (40, 80, 150):
                for text in _drawn(board, view, width):
                    for g in _glyphs(text):
                        seen.setdefault(g, text)
            if state.over:
                break
            actions = GAME.legal_actions(state)
            seat = state.pending.seat
            pick = bot(GAME, GAME.view(state, seat), seat, actions, rng) if seed % 2 else \
                actions[rng.below(len(actions))]
            GAME.apply(state, pick)
    missing = {g: text for g, text in seen.items() if g not in covered}
    assert not missing, missing
    # Over these games the board drew most of what the legend lists.
    assert {"▶", "◆", "●", "▮", "▯", "✗", "|", "S", "–", "◀"} <= set(seen)
