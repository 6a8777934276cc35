"""The duel on its own table, played to the end by keys and by clicks."""

from __future__ import annotations

import re

import pytest

from rules.duel import GAME
from rules.duel.data import data as duel_data
from screens.common.curtain import CurtainScreen
from screens.common.outcome import OutcomeScreen
from screens.duel import DuelBoard
from screens.duel.board import Block, HandView
from screens.app import TabletopApp
from tabletop.store import Store

from .helpers import board_of, bot_chooser, click_action, play_to_end, press_action, screen_text, settle

GAMES = {"duel": GAME}
GAME_DATA = duel_data()

pytestmark = pytest.mark.usefixtures("quick_pilot")


async def test_a_duel_to_its_end_by_keys(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(), 31, None)
        await settle(pilot)
        assert isinstance(board_of(app).query_one("#board"), DuelBoard)
        await play_to_end(pilot, app, bot_chooser(GAME, 1))
        outcome = app.store.outcome()
        assert outcome.results[0] in ("win", "loss")
        assert outcome.explanation in str(app.screen.query_one("#outcome-body").content)


async def test_a_duel_to_its_end_by_clicks(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.start_new_game(GAME, GAME.Options(opponent="versus3"), 8, None)
        await settle(pilot)
        store = app.store
        board = board_of(app)
        choose = bot_chooser(GAME, 2)
        card_clicks = 0
        for _ in range(3000):
            if store.finished:
                break
            assert not isinstance(app.screen, CurtainScreen), "a solo game has no curtain"
            actions = list(board.actions)
            index = choose(store, actions)
            action = actions[index]
            before = store.revision
            hand_view = board.query_one(HandView)
            if action.kind == "activate" and action.card in hand_view.cards and not any(
                a.kind in ("penalty", "jin_pick", "special_keep", "special_limit", "choose")
                and getattr(a, "card", None) == action.card for a in actions
            ):
                await pilot.click(hand_view, offset=hand_view.click_offset(action.card))
                card_clicks += 1
            else:
                await click_action(pilot, board, index)
            await pilot.pause()
            assert store.revision == before + 1, f"the click did not play {GAME.describe(action)}"
        assert store.finished
        assert card_clicks > 0
        await settle(pilot)
        assert isinstance(app.screen, OutcomeScreen)


# -- what is drawn: nothing clipped, results labelled, keys that stay put --------------

def _lines(app) -> list[str]:
    return screen_text(app).splitlines()


def _new_duel(app, seed: int, **options) -> None:
    app.start_new_game(GAME, GAME.Options(**options), seed, None)


async def _play(pilot, app, *moves: str) -> None:
    """Play by keys: each move names a card ("F1") or an action kind ("begin")."""
    board = board_of(app)
    for move in moves:
        index = next(i for i, a in enumerate(board.actions)
                     if getattr(a, "card", None) == move or a.kind == move)
        before = app.store.revision
        await press_action(pilot, board, index)
        await pilot.pause()
        assert app.store.revision == before + 1, move
    await settle(pilot)


async def test_the_revealed_defence_and_the_strike_preview_show_at_once(data_dir):
    # Seed 3: Arima Kihei, a Katana, the Bamboo Forest; the hand is V9 E5 F1 V3 V8 V1.
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _new_duel(app, 3)
        await settle(pilot)
        store = app.store
        assert store.state.player.hand == ["V9", "E5", "F1", "V3", "V8", "V1"]
        await _play(pilot, app, "begin", "F1", "V9")  # the defence is revealed
        assert store.state.player.played == ["F1", "V9"]
        assert store.state.defence is not None
        text = screen_text(app)
        assert "Defence 4/8: needs S 4 · T 8" in text
        assert "strike now: Wound 1" in text
        exch = board_of(app).query_one("#du-exch")
        assert exch.size.height == len(exch.shown.plain.split("\n"))


async def test_exchange_one_and_the_last_round_are_labelled_apart_from_this_exchange(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _new_duel(app, 3)
        await settle(pilot)
        store = app.store
        # Exchange 1: F1 V9 V3 strikes for Wound 1; Arima's counterattack has Power 7.
        await _play(pilot, app, "begin", "F1", "V9", "V3", "strike")
        assert store.state.step == "counter_prepare"
        assert "Your strike: Wound 1" in screen_text(app)
        await _play(pilot, app, "face")
        assert store.state.exchange == 2 and store.state.exchange_cards == []
        text = screen_text(app)
        assert "This exchange (2 of 2): no card played yet" in text
        # Exchange 1, labelled, from the rules' notes: its cards, strike and counterattack.
        assert "Exchange 1: F1 V9 V3" in text
        assert "strike Wound 1 (defence 4/8)" in text
        assert "counterattack Power 7 vs Guard 1 → Wound 2" in text
        assert "played:" not in text
        await _play(pilot, app, "E5", "V1", "V8", "strike", "face")  # then round 2 begins
        assert store.state.round == 2 and store.state.step == "round_start"
        text = screen_text(app)
        assert "This exchange (1 of 2): no card played yet" in text
        assert "Round 1, exchange 2: E5 V1 V8" in text


async def _walk(pilot, app, choose, steps: int, check) -> None:
    store = app.store
    board = board_of(app)
    for _ in range(steps):
        if store.finished:
            return
        await check()
        await press_action(pilot, board, choose(store, board.actions))
        await pilot.pause()


async def test_nothing_is_cut_at_80x24(data_dir):
    """Every region's lines fit its width, and the whole table fits the board area
    without scrolling, at every decision of a whole duel (with Yoroi, Gisei, Bushido)."""
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _new_duel(app, 11, yoroi="player", surroundings="temple_steps")
        await settle(pilot)
        board = board_of(app)
        area = board.query_one("#board-area")
        table = board.query_one(DuelBoard)

        async def check() -> None:
            await pilot.pause()
            for block in table.query(Block):
                if not block.display:
                    continue
                lines = block.shown.split("\n", allow_blank=True)
                assert block.size.height == len(lines), block.id  # its content: every line
                assert all(ln.cell_len <= block.content_size.width for ln in lines), block.id
            assert area.max_scroll_y == 0, screen_text(app)

        await _walk(pilot, app, bot_chooser(GAME, 4), 400, check)
        assert app.store.finished


async def test_the_wide_table_pairs_its_regions_up_at_200x50(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        _new_duel(app, 3)
        await settle(pilot)
        table = board_of(app).query_one(DuelBoard)
        gauge, foe = table.query_one("#du-gauge"), table.query_one("#du-foe")
        exch, hand = table.query_one("#du-exch"), table.query_one(HandView)
        assert table.has_class("-wide")
        assert foe.region.y == gauge.region.y and foe.region.x > gauge.region.right
        assert hand.region.y == exch.region.y and hand.region.x > exch.region.right
        # With the room, each card has a row of its own and says its values in words.
        rows = hand.shown.plain.split("\n")
        assert len(rows) == len(app.store.state.player.hand)
        for row, card in zip(rows, app.store.state.player.hand):
            c = GAME_DATA.cards[card]
            assert f"Strength {c.s:+d}, Technique {c.t:+d}, Guard {c.g:+d}" in row, row
        await _play(pilot, app, "begin", "F1", "V9")  # defence 4/8 is revealed: gauge 5/2/1
        lines = _lines(app)
        s_track = next(ln for ln in lines if "│ S " in ln)
        t_track = next(ln for ln in lines if "│ T " in ln)
        assert "needs 4 ✓" in s_track and "needs 8 ✗" in t_track  # Strength 5, Technique 2
        # The cards still to come: all twelve defences but the one on the table.
        text = screen_text(app)
        # With the room, as a table: a column for each card, Strength over Technique.
        rows = {" ".join(ln.split()) for ln in table.query_one("#du-decks").shown.plain.split("\n")}
        assert "Defence cards to come (11):" in text
        assert "Strength 3 5 5 6 6 6 7 7 8 8 9" in rows
        assert "Technique 9 6 8 5 6 7 6 7 4 5 3" in rows
        assert "Counterattacks to come (12)" in text


async def test_the_card_seen_at_the_river_ford_stays_on_the_table_while_you_decide(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _new_duel(app, 3, surroundings="river_ford")
        await settle(pilot)
        board, store, choose = board_of(app), app.store, bot_chooser(GAME, 2)
        while not any(a.kind == "exploit" for a in board.actions):
            await press_action(pilot, board, choose(store, board.actions))
            await pilot.pause()
        await _play(pilot, app, "exploit")
        top = store.state.pending[-1].cards[0]
        card = GAME_DATA.counters[top]
        exch = board.query_one("#du-exch")
        assert exch.size.height == len(exch.shown.plain.split("\n"))  # on screen, every line
        text = " ".join(exch.shown.plain.split())
        assert f"River Ford: the top counterattack card is Power {card.power}, Wound {card.wound}" in text


async def test_a_card_keeps_its_digit_and_every_other_choice_its_letter(data_dir):
    """A whole duel played by keys: the routine choice is always first and on Enter,
    a card's key is the digit on its cell for as long as you hold it, and any other
    action has the same key every time it is offered."""
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _new_duel(app, 5, opponent="versus3", surroundings="cliff")
        await settle(pilot)
        store = app.store
        board = board_of(app)
        table = board.query_one(DuelBoard)
        seen: dict[str, str] = {}
        card_digit: dict[tuple[int, str], str] = {}

        async def check() -> None:
            actions, keys = list(board.actions), list(board.keys)
            assert len(set(k for k in keys if k)) == len([k for k in keys if k])  # no key twice
            routine = [i for i, a in enumerate(actions) if a.kind in DuelBoard.DEFAULT_KINDS]
            if routine:
                assert board.rows[0] == routine[0] and keys[routine[0]] == "enter"
            hand = table.query_one(HandView)
            for action, key in zip(actions, keys):
                if action.kind == "activate":
                    # The digit on the card's cell is its key, all round long.
                    row, first, _ = hand.places[action.card]
                    assert hand.shown.split("\n")[row].plain[first * hand.cell] == key
                    assert card_digit.setdefault((store.state.round, action.card), key) == key
                elif action.kind not in ("special_keep", "choose", "jin_pick", "penalty", "special_limit"):
                    name = GAME.describe(action)
                    assert seen.setdefault(name, key) == key, f"{name} moved from {seen[name]} to {key}"

        await _walk(pilot, app, bot_chooser(GAME, 9), 600, check)
        assert len(seen) >= 5


async def test_the_table_follows_a_resize_both_ways_and_its_keys_still_work(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _new_duel(app, 3)
        await settle(pilot)
        store = app.store
        table = board_of(app).query_one(DuelBoard)
        await _play(pilot, app, "begin")
        await pilot.resize_terminal(200, 50)
        await settle(pilot)
        assert table.has_class("-wide")
        assert table.query_one("#du-foe").region.y == table.query_one("#du-gauge").region.y
        await pilot.press("3")  # F1, the digit on its cell at either size
        await settle(pilot)
        assert store.state.player.played == ["F1"]
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not table.has_class("-wide")
        assert table.query_one("#du-foe").region.y > table.query_one("#du-gauge").region.bottom - 1
        await pilot.press("1")  # V9: the defence is revealed and shown at 80 columns
        await settle(pilot)
        assert store.state.player.played == ["F1", "V9"]
        assert "Defence 4/8: needs S 4 · T 8" in screen_text(app)
        assert board_of(app).query_one("#board-area").max_scroll_y == 0


async def test_with_three_enemies_the_counterattack_just_taken_stays_for_the_next_attacker(data_dir):
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        _new_duel(app, 8, opponent="versus3")
        await settle(pilot)
        board, store, choose = board_of(app), app.store, bot_chooser(GAME, 2)
        exch = board.query_one("#du-exch")
        seen = 0
        before = None
        for _ in range(600):
            if store.finished:
                break
            s = store.state
            if (before is not None and s.step == "counter_prepare" == before[0]
                    and (s.round, s.exchange) == before[1] and len(s.counters) != before[2]):
                # A second attacker: the first one's counterattack is still on the table,
                # read from the rules' note of it (its enemy, Power, your Guard, the result).
                note = s.counters[-1]
                assert (note.round, note.exchange) == (s.round, s.exchange)
                words = {"blocked": "blocked", "cancelled": "cancelled", "W1": "Wound 1",
                         "W2": "Wound 2"}[note.result]
                taken = (f"Counterattack taken: enemy {s.foes[note.foe].no} "
                         f"Power {note.power} vs Guard {note.guard} → {words}")
                assert taken in " ".join(exch.shown.plain.split())
                seen += 1
            before = (s.step, (s.round, s.exchange), len(s.counters))
            await press_action(pilot, board, choose(store, board.actions))
            await pilot.pause()
        assert seen >= 1


async def test_between_campaign_duels_the_table_shows_the_duel_won_and_the_event_drawn(data_dir):
    # The first duel of the campaign is played by the bot through the rules alone (what is
    # checked is the table between duels, not the way there), then the table opens on it.
    store, choose = Store.new(GAME, GAME.Options(mode="campaign"), 4), bot_chooser(GAME, 2)
    while store.state.step != "between_duels":
        assert not store.finished
        actions = store.legal_actions()
        store.dispatch(actions[choose(store, actions)])
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_store(store)
        await settle(pilot)
        board = board_of(app)
        assert app.store is store and app.screen is board
        camp = store.state.campaign
        event = GAME_DATA.events[camp.effects[0]]
        text = " ".join(board.query_one("#du-exch").shown.plain.split())
        assert text == f"Duel won: {camp.last_result} Event: {event.name}: {event.text}"
        assert f"campaign next duel {camp.index + 1} of {len(camp.ladder)}" in screen_text(app)
        assert board.keys[board.rows[0]] == "enter"  # go on to the next duel


# -- readable at first sight (issue 16): names, never codes; a legend for every glyph --------

CODES = re.compile(r"\b(?:D\d\d|C\d\d|I\d\d|B[1-5]|K[1-7]|G[1-5]|EV\d|SA\d)\b|\b[a-z]+_[a-z_]+\b")
PROSE = set(" .,:;()'/-+!?…\n")
COLOURS = {"red", "green", "yellow", "cyan", "magenta", "blue"}


def _drawn(table: DuelBoard) -> tuple[str, set[str]]:
    """The text the table draws (every region, the hand's border) and the colours it uses."""
    texts = [block.shown for block in table.query(Block) if block.display]
    hand = table.query_one(HandView)
    plain = "\n".join(t.plain for t in texts) + f"\n{hand.border_title}\n{hand.border_subtitle}"
    colours = {word for t in texts for span in t.spans for word in str(span.style).split()
               if word in COLOURS}
    return plain, colours


def _uncovered(plain: str, colours: set[str], legend: list[tuple[str, str]]) -> set[str]:
    keys = " ".join(glyph for glyph, _ in legend)
    letters = set(re.findall(r"\b[A-Z]\b|\b[A-Z](?=[+\-:]?\d)", keys))
    missing = {ch for ch in plain if not ch.isascii() or not (ch.isalnum() or ch in PROSE)}
    missing = {ch for ch in missing if not ch.isalpha() or not ch.isascii()} - set(keys)
    missing -= {"ū", "ō", "Ū"}  # letters of the rulebook's names (Ganryū, Kojirō)
    abbreviations = set(re.findall(r"(?<![\w/])([A-Z])(?=[+\-:]\d|\s|$)", plain))
    missing |= abbreviations - letters
    return missing | (colours - {glyph for glyph, _ in legend})


async def test_every_glyph_and_colour_the_table_draws_is_in_its_legend_and_no_code_shows(data_dir):
    """Two duels played by the bot, one with three enemies and most modules, one against
    Shiro with Blood: at every decision the table's text holds no card code, and each
    glyph, abbreviation and colour it draws is explained by its legend."""
    games = [dict(opponent="versus3", yoroi="opponent", surroundings="cliff", weapon="kusarigama"),
             dict(opponent="shiro", blood=True, surroundings="river_ford", weapon="wakizashi")]
    for size, (seed, options) in zip(((80, 24), (200, 50)), enumerate(games, start=5)):
        app = TabletopApp(games=GAMES, bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            _new_duel(app, seed, **options)
            await settle(pilot)
            board = board_of(app)
            table = board.query_one(DuelBoard)
            legend = table.legend()
            assert legend and all(glyph and meaning for glyph, meaning in legend)
            seen: set[str] = set()

            async def check() -> None:
                await pilot.pause()
                plain, colours = _drawn(table)
                assert not CODES.findall(plain), CODES.findall(plain)
                assert not _uncovered(plain, colours, legend), (_uncovered(plain, colours, legend), plain)
                seen.update(plain)

            await _walk(pilot, app, bot_chooser(GAME, seed), 400, check)
            assert {"♥", "◆", "●"} <= seen


def test_the_legend_check_finds_a_glyph_left_out():
    legend = DuelBoard(GAME).legend()
    assert not _uncovered("S ━●·· 3 ♥ 6/8", {"red"}, legend)
    assert _uncovered("S ━●·· 3 ♥ 6/8 ⚔", set(), legend) == {"⚔"}
    assert _uncovered("Q+1", set(), legend) == {"Q"}
    assert _uncovered("", {"blue"}, legend) == {"blue"}


def test_broken_rib_reads_no_void_combos():
    st = GAME.new(GAME.Options(blood=True), 3)
    st.player.die, st.player.no_combos = None, True
    words = [t.plain for t in DuelBoard(GAME)._you(GAME.view(st, 0))]
    assert "no Void combos" in words and "no combos" not in words
