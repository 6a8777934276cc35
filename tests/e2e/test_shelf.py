"""History is a shelf of games (issue 26): every unfinished game continues in place, from
the menu's Resume list or from History; a game's own name names its file. The real app,
driven by keys with Pilot; assertions are on the journal and the files."""

from __future__ import annotations

import time

import pytest

from rules.common import Rng
from screens.app import TabletopApp
from screens.board import BoardScreen
from screens.common.curtain import CurtainScreen
from screens.history import HistoryScreen
from screens.menu import MenuScreen
from tabletop.journal import Journal, attach
from tabletop.paths import journal_path, saves_dir
from tabletop.saves import file_name_for, load
from tabletop.store import Seat, Store
from tests.e2e.helpers import screen_text, settle, wait_until
from tests.games.nim import NIM, NimOptions

GAMES = {"nim": NIM}

pytestmark = pytest.mark.usefixtures("quick_pilot")


def nim_games(journal: Journal, moves: list[int | None]) -> list[Store]:
    """Nim games written to ``journal``, one after another (the last is the newest), each
    played ``moves`` moves by seeded random choices, or to its end for None."""
    stores = []
    for seed, count in enumerate(moves, start=1):
        store = Store.new(NIM, NimOptions(stones=15), seed=seed, seats=[Seat("Aiko"), Seat("Benkei")])
        attach(journal, store)
        rng = Rng(seed=seed)
        while store.to_move() is not None and (count is None or store.revision < count):
            store.dispatch(rng.choice(store.legal_actions()))
        store.recorder.release()
        stores.append(store)
        moment = journal.game(store.game_uid).updated
        while time.time() <= moment:  # the next game is written later
            time.sleep(0.001)
    return stores


async def open_history(pilot, app) -> HistoryScreen:
    await settle(pilot)
    app.open_history()
    await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen), "the history")
    await settle(pilot)
    return app.screen


async def test_the_export_is_named_after_the_games_own_name(data_dir):
    journal = Journal(journal_path())
    (store,) = nim_games(journal, [None])
    journal.rename(store.game_uid, "Kojiro's revenge / round 2")
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot, app)
        await pilot.press("w")
        await wait_until(pilot, lambda: app.screen.query("#save-name"), "the save dialog")
        assert app.screen.query_one("#save-name").value == "Kojiros-revenge-round-2.json"
        await pilot.press("enter")
        await settle(pilot, 1)
    saved = saves_dir() / "Kojiros-revenge-round-2.json"
    assert [e.action for e in load(saved, GAMES).log] == [e.action for e in store.log]


async def test_w_on_the_board_offers_the_games_own_name_as_historys_export_does(data_dir):
    journal = Journal(journal_path())
    (store,) = nim_games(journal, [2])
    journal.rename(store.game_uid, "Kojiro's revenge / round 2")
    app = TabletopApp(games=GAMES, bot_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.resume_game(store.game_uid)
        await wait_until(pilot, lambda: any(isinstance(s, BoardScreen) for s in app.screen_stack), "the board")
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("w")
        await wait_until(pilot, lambda: app.screen.query("#save-name"), "the save dialog")
        assert app.screen.query_one("#save-name").value == "Kojiros-revenge-round-2.json"


def test_a_games_name_never_makes_a_path_a_dot_file_or_an_empty_name():
    when = time.mktime((2026, 11, 29, 3, 40, 0, 0, 0, -1))
    assert file_name_for("duel", "Kyoto  falls", when) == "Kyoto-falls.json"
    assert file_name_for("duel", "../../.ssh/id", when) == "ssh-id.json"
    assert file_name_for("duel", "..", when) == "duel-20261129-0340.json"
    assert file_name_for("duel", "", when) == "duel-20261129-0340.json"
    assert file_name_for("duel", "雪の 決闘", when) == "雪の-決闘.json"
    assert file_name_for("duel", "a\x1b[31mb", when) == "a-31mb.json"


async def play_one_move(pilot, app) -> None:
    """At the board just opened: past the hand-off curtain, then the first decision by its key."""
    from screens.common.curtain import CurtainScreen
    from tests.e2e.helpers import board_of, press_action

    await wait_until(pilot, lambda: any(isinstance(s, BoardScreen) for s in app.screen_stack), "the board")
    await settle(pilot)
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("enter")
        await settle(pilot)
    board = board_of(app)
    before = app.store.revision
    await press_action(pilot, board, 0)
    await wait_until(pilot, lambda: app.store.revision > before, "the move")
    await settle(pilot)


async def test_the_menu_lists_every_unfinished_game_and_its_key_continues_it_in_place(data_dir):
    journal = Journal(journal_path())
    oldest, _done, middle, newest = nim_games(journal, [2, None, 3, 1])
    app = TabletopApp(games=GAMES, bot_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await wait_until(pilot, lambda: app.screen.resumable, "the Resume rows")
        menu = app.screen.query_one("#menu")
        rows = [str(menu.get_option_at_index(i).prompt) for i in range(3)]
        assert [r.split(" Resume ")[0] for r in rows] == ["1", "2", "3"]
        assert ["1 action" in rows[0], "3 actions" in rows[1], "2 actions" in rows[2]] == [True] * 3
        assert "Resume" not in str(menu.get_option_at_index(3).prompt), "the finished game is not offered"
        await pilot.press("3")  # the oldest unfinished game
        await play_one_move(pilot, app)
        assert app.store.game_uid == oldest.game_uid and app.store.revision == 3
    assert journal.game(oldest.game_uid).moves == 3, "the move went into the game's own row"
    assert len(journal.history(GAMES)) == 4, "no copy was made"
    assert journal.game(middle.game_uid).moves == 3 and journal.game(newest.game_uid).moves == 1


async def test_past_five_unfinished_games_the_menu_sends_to_history(data_dir):
    journal = Journal(journal_path())
    stores = nim_games(journal, [1, 1, 1, 1, 1, 1])
    app = TabletopApp(games=GAMES, bot_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await wait_until(pilot, lambda: app.screen.resumable, "the Resume rows")
        menu = app.screen
        assert [r.id for r in menu.resumable] == [s.game_uid for s in reversed(stores[1:])]
        more = menu.query_one("#menu").get_option("history-more")
        assert "History" in str(more.prompt)
        await pilot.press("6")  # no sixth key: nothing opens
        await settle(pilot)
        assert app.screen is menu and app.store is None
        await pilot.press("5")
        await wait_until(pilot, lambda: app.store is not None, "the fifth game")
        assert app.store.game_uid == stores[1].game_uid


async def test_history_c_continues_an_unfinished_game_in_place_and_not_a_finished_one(data_dir):
    journal = Journal(journal_path())
    finished, unfinished = nim_games(journal, [None, 2])
    app = TabletopApp(games=GAMES, bot_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        history = await open_history(pilot, app)
        assert [r.id for r in history.rows] == [unfinished.game_uid, finished.game_uid]
        await pilot.press("down", "c")  # the finished game: replayed, not continued
        await settle(pilot)
        assert app.screen is history and app.store is None
        assert any("This game is over" in n.message for n in app._notifications)
        await pilot.press("up", "c")
        await play_one_move(pilot, app)
        assert app.store.game_uid == unfinished.game_uid and app.store.revision == 3
    assert journal.game(unfinished.game_uid).moves == 3, "the move went into the game's own row"
    assert [r.id for r in journal.history(GAMES)] == [unfinished.game_uid, finished.game_uid], "no copy"


def campaign(journal: Journal, seed: int, moves: int | None = None) -> Store:
    """A Way of the Samurai campaign written to ``journal`` move by move, played by seeded
    random choices (to its end, or ``moves`` moves)."""
    from rules.duel.models import DuelOptions
    from tabletop.engine import get_game

    store = Store.new(get_game("duel"), DuelOptions(mode="campaign"), seed)
    attach(journal, store)
    rng = Rng(seed=seed)
    while store.to_move() is not None and (moves is None or store.revision < moves):
        store.dispatch(rng.choice(store.legal_actions()))
    store.recorder.release()
    return store


def duels_fought(store: Store) -> tuple[int, str]:
    """From the game's own log: how many campaign duels began, and whom the last one faced."""
    import re

    began = [re.match(r"Campaign duel (\d+): you face (.+?)\. ", line.text) for line in store.state.log]
    began = [m for m in began if m]
    return len(began), began[-1].group(2)


async def test_a_campaign_row_tells_its_duels_and_whom_it_was_lost_to(data_dir):
    from tabletop.catalog import games

    journal = Journal(journal_path())
    lost = campaign(journal, 3)  # this seed wins the first duel and falls in the second
    assert lost.finished and lost.outcome().results == ("loss",)
    fought, foe = duels_fought(lost)
    assert fought == 2
    moment = journal.game(lost.game_uid).updated
    while time.time() <= moment:  # the next game is written later
        time.sleep(0.001)
    playing = campaign(journal, 3, moves=20)
    app = TabletopApp(games=games(), bot_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        history = await open_history(pilot, app)
        assert [r.id for r in history.rows] == [playing.game_uid, lost.game_uid]
        text = screen_text(app)
        # the default ladder of the rulebook is five duels (no Shiro finale, no bandits drawn)
        assert f"Way of the Samurai · {journal.game(lost.game_uid).updated_text} · Campaign · {fought} of 5 duels · lost to {foe}" in text
        assert "Campaign · 1 of 5 duels · facing Arima Kihei · not finished" in text
        assert "actions · lost" not in text
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen) and app.screen.resumable, "the menu")
        assert "1 Resume Way of the Samurai · Campaign · 1 of 5 duels · facing Arima Kihei" in screen_text(app)


async def test_the_duels_end_tells_each_round_in_one_line(data_dir):
    """Issue 26: the end screen said "Round 1 ends. Round 2 ends." and nothing else."""
    from rules.duel import GAME as DUEL
    from screens.common.outcome import OutcomeScreen
    from tests.e2e.helpers import board_of, press_action

    seed = 7
    state = DUEL.new(DUEL.parse_options({}), seed)
    rng, moves = Rng(seed=seed), []
    while DUEL.to_move(state) is not None:
        moves.append(rng.choice(DUEL.legal_actions(state)))
        DUEL.apply(state, moves[-1])
    store = Store.new(DUEL, DUEL.parse_options({}), seed)
    for action in moves[:-1]:
        store.dispatch(action)
    app = TabletopApp(games={"duel": DUEL}, bot_delay=3600, start=("store", store))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: any(isinstance(s, BoardScreen) for s in app.screen_stack), "the board")
        await settle(pilot)
        board = board_of(app)
        await press_action(pilot, board, board.actions.index(moves[-1]))
        await wait_until(pilot, lambda: isinstance(app.screen, OutcomeScreen), "the end of the duel")
        await settle(pilot)
        body = str(app.screen.query_one("#outcome-body").render())
    assert store.finished
    told = body.split("Round by round\n", 1)[1].splitlines()
    rounds = store.view(None).round
    assert [line.strip().split(":")[0] for line in told] == [f"Round {n}" for n in range(1, rounds + 1)]
    assert "ends." not in body
    assert all("strike" in line and "counterattack" in line for line in told[:-1]), told
