"""The replay without a screen: a state at any move, round boundaries, whose eyes, the
log for sharing, and playing on from a move."""

from __future__ import annotations

import json
import random
import re
from functools import cache

import pytest

from rules.common import Rng
from rules.senji.words import card_name
from tabletop.catalog import games
from tabletop.engine import get_game
from tabletop.replay import EVERYTHING, PUBLIC, Replay, ReplayError, hidden_facts, result_words
from tabletop.saves import SaveError, load, write_save
from tabletop.store import Seat, Store
from tests.e2e.test_readable import id_tokens


@cache
def played(game_id: str, seed: int, limit: int = 5000) -> Store:
    """A game played by random choices (seeded) until it ends or ``limit`` moves."""
    game = get_game(game_id)
    store = Store.new(game, None, seed)
    rng = Rng(seed=seed)
    while store.to_move() is not None and store.revision < limit:
        store._apply(rng.choice(store.legal_actions()), replay=True)
    return store


def straight_states(store: Store) -> list[str]:
    """The state after each move, replayed from the start (what the snapshots must equal)."""
    game = store.game
    state = game.new(store.options, store.seed)
    out = [state.model_dump_json()]
    for entry in store.log:
        game.apply(state, game.parse_action(entry.action))
        out.append(state.model_dump_json())
    return out


def test_any_move_in_any_order_is_the_state_a_straight_replay_reaches():
    store = played("senji", 5)
    replay = Replay.from_store(store, snapshot_every=7)
    truth = straight_states(store)
    order = list(range(replay.length + 1))
    random.Random(3).shuffle(order)
    order += [10, 11, 12, 11, 10, 0, replay.length, replay.length - 1]  # steps back and forth
    for n in order:
        assert replay.state_at(n).model_dump_json() == truth[n], f"move {n}"


def test_the_final_state_is_the_loaded_games_and_moves_beyond_are_clamped():
    store = played("duel", 5)
    replay = Replay.from_store(store)
    assert replay.length == store.revision
    assert replay.state_at(replay.length + 50).model_dump_json() == store.state.model_dump_json()
    assert replay.state_at(-3).model_dump_json() == store.game.new(store.options, store.seed).model_dump_json()


def test_a_round_boundary_is_where_the_year_changes_and_page_keys_go_round_by_round():
    store = played("senji", 5)
    replay = Replay.from_store(store)
    truth = [json.loads(s)["year"] for s in straight_states(store)]
    expected = [0] + [n for n in range(1, len(truth)) if truth[n] != truth[n - 1]]
    assert replay.boundaries == expected
    assert len(expected) > 5, "a whole Senji game has several years"
    first, second, third = expected[1:4]
    assert replay.next_round(0) == first
    assert replay.next_round(first) == second
    assert replay.next_round(first + 1) == second
    assert replay.previous_round(second + 3) == second, "first back to the start of this year"
    assert replay.previous_round(second) == first, "then to the year before"
    assert replay.previous_round(0) == 0
    assert replay.next_round(replay.boundaries[-1]) == replay.length
    assert replay.round_text(second) == f"Year {truth[second]}"
    assert replay.round_text(0) == "Setup"


def test_an_unfinished_game_is_watched_in_the_public_view_only():
    store = played("senji", 5, limit=40)
    replay = Replay.from_store(store)
    assert not replay.finished
    assert replay.eyes_choices() == [PUBLIC]
    for eyes in (0, 1, EVERYTHING):
        assert "public view only" in replay.eyes_block(eyes)
        with pytest.raises(ReplayError):
            replay.view_at(20, eyes)
        with pytest.raises(ReplayError):
            replay.lines_at(20, eyes)
        with pytest.raises(ReplayError):
            replay.export_log(eyes)
    view = replay.view_at(20)
    assert view.model_dump_json() == store.game.view(replay.state_at(20), None).model_dump_json()


def test_a_finished_game_may_be_watched_through_any_seat_or_with_everything_revealed():
    store = played("senji", 5)
    replay = Replay.from_store(store)
    assert replay.finished
    seats = len(store.seats)
    assert replay.eyes_choices() == [PUBLIC, *range(seats), EVERYTHING]
    state = replay.state_at(30)
    assert replay.view_at(30, 1).model_dump_json() == store.game.view(state, 1).model_dump_json()
    assert replay.view_at(30, EVERYTHING).model_dump_json() == state.model_dump_json()
    assert replay.eyes_block(seats) == "There is no such seat in this game."


def test_the_log_lines_of_a_move_are_marked_and_private_lines_follow_the_eyes():
    store = played("senji", 5)
    replay = Replay.from_store(store)
    n = 30
    state = replay.state_at(n)
    before = replay.state_at(n - 1).log
    public = replay.lines_at(n)
    assert [ln.text for ln in public] == [ln.text for ln in state.log if ln.seats is None]
    assert [ln.text for ln in public if ln.current] == [ln.text for ln in state.log[len(before):] if ln.seats is None]
    private = [ln.text for ln in state.log if ln.seats == (1,)]
    assert private, "the setup deals each seat a hand only it reads"
    assert not set(private) & {ln.text for ln in public}
    assert set(private) <= {ln.text for ln in replay.lines_at(n, 1)}
    assert not set(private) & {ln.text for ln in replay.lines_at(n, 0)}
    assert [ln.text for ln in replay.lines_at(n, EVERYTHING)] == [ln.text for ln in state.log]


def test_hidden_facts_name_every_hand_by_its_seat_and_nothing_when_nothing_is_hidden():
    store = played("senji", 5)
    replay = Replay.from_store(store)
    state = replay.state_at(30)
    names = [s.name for s in store.seats]
    facts = hidden_facts(state, store.game.view(state, None), names, name_of=store.game.name_of)
    for s, name in enumerate(names):
        hand = ", ".join(card_name(c) for c in state.hana_hands[s])
        assert f"hana hands · {name}: {hand}" in facts
    public = store.game.view(state, None)
    assert hidden_facts(public, public, names) == []


@pytest.mark.parametrize("game_id", ["spirit", "senji", "duel", "harakiri"])
def test_everything_revealed_names_every_card_by_the_rulebook_never_by_its_code(game_id):
    # Issue 16: the "Hidden from the table" panel of a finished game reads like the
    # rulebook (Cherry ribbon, Defence 6/7, the 4 (farm, flame), Morning Mist), never the
    # codes of the state (03R1, D01, P1-03, g2) nor its snake_case field names.
    store = played(game_id, 3)
    replay = Replay.from_store(store)
    assert replay.finished
    names = [s.name for s in store.seats]
    read = []
    for n in sorted({*range(0, replay.length + 1, max(1, replay.length // 12)), replay.length}):
        state = replay.state_at(n)
        read += hidden_facts(state, store.game.view(state, None), names, name_of=store.game.name_of)
    assert read, "a finished game hides something at some move"
    found = {tok for line in read for _, tok in id_tokens(line, game_id)}
    assert not found, [line for line in read if id_tokens(line, game_id)][:5]
    # Nor a code of another shape (Harakiri's oracle cards are g1, r2): no word with a
    # digit in it that the game would name otherwise.
    coded = {w for line in read for w in re.findall(r"[\w-]*\d[\w-]*", line) if store.game.name_of(w) != w}
    assert not coded, sorted(coded)[:10]


def test_play_on_starts_a_new_game_from_the_prefix_and_leaves_the_replay_untouched():
    store = played("senji", 5)
    replay = Replay.from_store(store)
    before = replay.state_at(replay.length).model_dump_json()
    seats = [Seat(s.name, "random") for s in store.seats]
    new = replay.play_on(120, seats)
    assert [e.action for e in new.log] == [e.action for e in store.log[:120]]
    assert new.state.model_dump_json() == replay.state_at(120).model_dump_json()
    assert [s.controller for s in new.seats] == ["random"] * len(seats)
    new.dispatch(new.legal_actions()[0])  # it plays on
    assert replay.length == store.revision
    assert replay.state_at(replay.length).model_dump_json() == before


def test_play_on_from_the_last_move_of_a_finished_game_is_refused():
    store = played("duel", 5)
    replay = Replay.from_store(store)
    with pytest.raises(ReplayError, match="over at this move"):
        replay.play_on(replay.length, list(store.seats))


def test_a_tampered_file_gives_the_saves_own_refusal(tmp_path):
    store = played("duel", 5)
    path = write_save(store, tmp_path / "duel.json")
    data = json.loads(path.read_text())
    data["actions"][3] = data["actions"][5]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as from_load:
        load(path, games())
    with pytest.raises(SaveError) as from_replay:
        Replay.from_file(path, games())
    assert str(from_replay.value) == str(from_load.value)
    assert str(from_replay.value).count(".") >= 1 and "\n" not in str(from_replay.value)


def test_result_words():
    names = ["Aiko", "Benkei", "Chiyo"]
    assert result_words({"results": ["loss", "win", "loss"]}, names) == "Benkei won"
    assert result_words({"results": ["win", "win", "win"]}, names) == "all won"
    assert result_words({"results": ["loss"]}, ["Aiko"]) == "lost"
    assert result_words({"results": ["draw", "draw", "draw"]}, names) == "a draw"
    assert result_words(None, names) == "not finished"


# -- the log for sharing -------------------------------------------------------
def test_the_text_log_groups_the_public_lines_by_year_with_their_move():
    store = played("senji", 5)
    replay = Replay.from_store(store)
    text = replay.export_log()
    assert text.startswith("Senji · 4 players: Red (R), Green (G), Purple (P), Black (K)\n")
    assert f"{replay.length} moves · {replay.result_words()} · public view" in text
    assert "— Year 1 —" in text and "— Setup —" in text
    final = store.state.log
    for line in final:
        if line.seats is None:
            assert line.text in text
        elif not any(x.text == line.text and x.seats is None for x in final):
            assert line.text not in text, "a private line in the public log"


def test_the_log_as_a_seat_reads_it_holds_its_own_private_lines_only():
    store = played("senji", 5)
    replay = Replay.from_store(store)
    mine = replay.export_log(2, "text")
    readable = {ln.text for ln in store.state.log if ln.visible_to(2)}
    others = [ln for ln in store.state.log if not ln.visible_to(2) and ln.text not in readable]
    assert others, "the other seats have lines of their own"
    for line in store.state.log:
        if line.visible_to(2):
            assert line.text in mine
    for line in others:
        assert line.text not in mine, line.text
    assert "Purple (P)'s view" in mine


def test_the_json_log_lists_every_public_line_with_its_move_and_round():
    store = played("harakiri", 5)
    replay = Replay.from_store(store)
    data = json.loads(replay.export_log(PUBLIC, "json"))
    assert data["game"] == "harakiri" and data["moves"] == replay.length
    assert data["finished"] is True and data["result"] == replay.result_words()
    public = [ln.text for ln in store.state.log if ln.seats is None]
    assert [ln["text"] for ln in data["lines"]] == public
    moves = [ln["move"] for ln in data["lines"]]
    assert moves == sorted(moves) and moves[-1] <= replay.length
    assert {ln["round"] for ln in data["lines"]} >= {"Round 1", "Round 2"}


def test_the_markdown_log_escapes_a_players_text():
    store = played("duel", 5)
    replay = Replay.from_store(store)
    replay.seats = [Seat("*Bold* [link](x)")]
    md = replay.export_log(PUBLIC, "markdown")
    assert md.startswith("# Way of the Samurai · 1 player: \\*Bold\\* \\[link\\](x)\n")
    assert "\n## Round 1\n" in md
    assert "\n- **1** " in md or "\n- **2** " in md


def test_an_unknown_format_is_refused():
    replay = Replay.from_store(played("duel", 5))
    with pytest.raises(ReplayError, match="no log format"):
        replay.export_log(PUBLIC, "html")


# -- the command line ----------------------------------------------------------------
def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    from tabletop.cli import main

    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def saved(tmp_path, store: Store, name: str) -> str:
    return str(write_save(store, tmp_path / name))


def test_tabletop_log_prints_the_public_log_by_default(tmp_path, capsys):
    store = played("senji", 5)
    path = saved(tmp_path, store, "senji.json")
    code, out, err = run_cli(capsys, "log", path)
    assert code == 0 and err == ""
    assert out == Replay.from_store(store).export_log(PUBLIC, "text")
    assert "Your hanafuda" not in out, "a seat's own line in the public log"
    code, md, _ = run_cli(capsys, "log", path, "--format", "markdown")
    assert code == 0 and md.startswith("# Senji") and "\n## Year 1\n" in md
    code, js, _ = run_cli(capsys, "log", path, "--format", "json")
    assert code == 0 and json.loads(js)["eyes"] == "public view"


def test_tabletop_log_as_a_seat_of_a_finished_game_adds_that_seats_lines_only(tmp_path, capsys):
    store = played("senji", 5)
    path = saved(tmp_path, store, "senji.json")
    code, out, _ = run_cli(capsys, "log", path, "--seat", "2")
    assert code == 0 and "Green (G)'s view" in out
    hand = next(ln.text for ln in store.state.log if ln.seats == (1,) and ln.text.startswith("Your hanafuda"))
    assert hand in out
    assert not any(ln.text == hand for ln in store.state.log if ln.visible_to(0))
    code, first, _ = run_cli(capsys, "log", path, "--seat", "1")
    assert code == 0 and hand not in first


def test_tabletop_log_keeps_an_unfinished_game_public(tmp_path, capsys):
    path = saved(tmp_path, played("senji", 5, limit=40), "open.json")
    code, out, err = run_cli(capsys, "log", path, "--seat", "2")
    assert code == 1 and out == ""
    assert err.startswith("tabletop: This game is not over, so it is watched in the public view only")
    assert err.count("\n") == 1


def test_tabletop_log_refuses_a_seat_the_game_does_not_have_and_a_bad_format(tmp_path, capsys):
    path = saved(tmp_path, played("duel", 5), "duel.json")
    code, _, err = run_cli(capsys, "log", path, "--seat", "3")
    assert code == 2 and "this game has 1 seat: --seat is a number from 1 to 1" in err
    code, _, err = run_cli(capsys, "log", path, "--format", "html")
    assert code == 2 and err.count("\n") == 1


def test_tabletop_log_and_replay_refuse_a_bad_file_as_load_does(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "tabletop-save", "version": 1, "game": "duel"')
    code, _, load_err = run_cli(capsys, "load", str(path))
    assert code == 1
    for command in ("log", "replay"):
        code, out, err = run_cli(capsys, command, str(path))
        assert (code, out, err) == (1, "", load_err)
    assert load_err == f"tabletop: {SaveError('“broken.json” is cut off: the file ends in the middle of the save.')}\n"


def test_tabletop_replay_needs_a_file_and_a_terminal(tmp_path, capsys):
    code, _, err = run_cli(capsys, "replay")
    assert code == 2 and "usage: tabletop replay FILE" in err
    path = saved(tmp_path, played("duel", 5), "duel.json")
    code, _, err = run_cli(capsys, "replay", path)  # pytest's output is not a terminal
    assert code == 2 and "needs a terminal" in err


def test_a_move_is_named_only_to_its_chooser_or_with_everything_revealed():
    store = played("senji", 5)
    replay = Replay.from_store(store)
    n = next(i for i in range(1, replay.length + 1) if replay.mover(i) == 2)
    said = store.game.describe(store.game.parse_action(store.log[n - 1].action))
    assert replay.describe_move(n, 2) == said
    assert replay.describe_move(n, EVERYTHING) == said
    assert replay.describe_move(n, 1) is None and replay.describe_move(n, PUBLIC) is None
    unfinished = Replay.from_store(played("senji", 5, limit=40))
    k = next(i for i in range(1, 41) if unfinished.mover(i) == 2)
    assert unfinished.describe_move(k, 2) is None, "not while the game is being played"
