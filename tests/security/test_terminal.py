"""Nothing a file or a flag holds reaches the terminal as a control sequence (issue 23,
item 1): the real app runs in a pseudo-terminal and every byte it writes is searched for
the hostile input's own sequences (an OSC window title, a CSI clear-screen, BEL, NUL,
bidirectional overrides).

The hostile text comes in through a save file whose digest is right (so only the text
check can refuse it), through the same game written in the journal by an older version
(History and Resume), and through ``--seats`` and ``--samurai`` flags. Each is refused
with one sentence that never quotes the control characters.
"""

from __future__ import annotations

import json
import os
import re

import pytest

from rules.common.text import MAX_LINE
from tabletop.catalog import games
from tabletop.journal import JournalError, open_game
from tabletop.replay import Replay
from tabletop.saves import SaveError, load, state_digest
from tests.security.hostile import record_as_an_older_version_did, senji_with_a_hostile_seat, write_hostile_save
from tests.security.pty_app import HOSTILE_ARG, HOSTILE_NAME, PtyApp, hostile_bytes_in, run_once, screen_text


def one_sentence(text: str) -> bool:
    """One line, at most about 200 characters, ending in a full stop, with no second
    sentence inside ("x. Y")."""
    text = text.strip()
    return ("\n" not in text and 0 < len(text) <= MAX_LINE and text.endswith(".")
            and re.search(r"[.!?] [A-Z]", text[:-1]) is None)


def refusal_line(raw: bytes) -> str:
    lines = [ln for ln in screen_text(raw).splitlines() if ln.startswith("tabletop: ")]
    assert len(lines) == 1, screen_text(raw)
    return lines[0].removeprefix("tabletop: ")


@pytest.fixture
def env(data_dir) -> dict[str, str]:
    return {"TABLETOP_DATA_DIR": str(data_dir)}


@pytest.fixture
def hostile_save(tmp_path):
    return write_hostile_save(tmp_path / "hostile.json", senji_with_a_hostile_seat())


def test_the_hostile_game_is_what_the_issue_describes(hostile_save):
    """The file is right in every way but the name: its digest matches its moves, and the
    name in its options holds every sequence of the issue."""
    assert "\x1b]0;PWNED\x07" in HOSTILE_NAME and "\x1b[2J" in HOSTILE_NAME
    assert "\x00" in HOSTILE_NAME and "\u202e" in HOSTILE_NAME and "\u2066" in HOSTILE_NAME
    data = json.loads(hostile_save.read_text())
    assert data["options"]["seats"][0]["name"] == HOSTILE_NAME
    assert data["digest"] == state_digest(senji_with_a_hostile_seat()), "its digest is right"
    with pytest.raises(SaveError) as refused:
        load(hostile_save, games())
    assert "printable characters" in str(refused.value)
    assert one_sentence(str(refused.value)), str(refused.value)


@pytest.mark.parametrize("command", ["load", "replay", "log"])
def test_a_save_with_a_hostile_name_is_refused_in_one_sentence_and_nothing_reaches_the_terminal(
        env, hostile_save, command):
    code, raw = run_once([command, str(hostile_save)], env)
    assert code == 1
    assert hostile_bytes_in(raw) == []
    said = refusal_line(raw)
    assert "seats 1 name" in said and "printable characters" in said
    assert one_sentence(said), said


def test_a_hostile_name_in_the_envelope_is_refused_too(env, tmp_path):
    path = write_hostile_save(tmp_path / "envelope.json", senji_with_a_hostile_seat(name="Ann"),
                              seat_names=[HOSTILE_NAME, "Bob (G)", "Cy (P)"])
    code, raw = run_once(["load", str(path)], env)
    assert code == 1 and hostile_bytes_in(raw) == []
    said = refusal_line(raw)
    assert "invalid name for seat 1" in said and one_sentence(said), said


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (["play", "senji", "--players", "3", "--seats", f"{HOSTILE_ARG}:R,Bob:G,Cy:P"], "--seats"),
        (["play", "spirit", "--players", "2", "--samurai", f"Kyuzo,{HOSTILE_ARG}"], "--samurai"),
        (["play", "senji", "--players", "3", "--seats", f"Ann:{HOSTILE_ARG},Bob:G,Cy:P"], "--seats"),
    ],
)
def test_a_hostile_name_on_the_command_line_is_refused_in_one_sentence(env, args, flag):
    code, raw = run_once(args, env)
    assert code == 2
    assert hostile_bytes_in(raw) == []
    said = refusal_line(raw)
    assert said.startswith(f"invalid option {flag}:") and "printable characters" in said
    assert one_sentence(said), said


def test_an_unknown_argument_is_quoted_without_its_control_characters(env):
    code, raw = run_once(["play", "senji", HOSTILE_ARG], env)
    assert code == 2 and hostile_bytes_in(raw) == []
    assert "]0;PWNED" in refusal_line(raw), "quoted, as plain words"


def test_the_hostile_game_in_the_journal_is_refused_by_resume_and_history(env, data_dir):
    """An older version wrote the game into the journal: the menu offers to resume it,
    History lists it. Its names are drawn as plain words, and opening it (Resume, or its
    replay from History) is refused with one sentence. No hostile byte is written."""
    from tabletop.paths import journal_path

    game_id = record_as_an_older_version_did(journal_path(), senji_with_a_hostile_seat())
    with PtyApp([], env) as app:
        app.wait_for("Resume Senji")
        app.press("enter")
        app.wait_for("cannot be opened")
        app.wait_for("printable characters")
        app.press("enter")
        app.wait_for("History: replay")
        for _ in range(6):  # Resume, the four games, Load: then History
            app.press("down")
        app.press("enter")
        app.wait_for("every game played here")
        app.wait_for("Bob (G)")  # the row's players, drawn
        app.press("enter")
        app.wait_for("cannot be replayed")
        app.press("enter")
        app.press("escape")
        app.press("ctrl+q")
        app.wait_exit()
        raw = bytes(app.output)
    assert hostile_bytes_in(raw) == []
    assert "Ann ]0;PWNED" in screen_text(raw), "the name is shown, as plain words"
    # The sentences on those screens, as the app has them:
    from tabletop.journal import Journal

    for opener in (lambda j: open_game(j, game_id, games()), lambda j: Replay.from_journal(j, game_id, games())):
        with pytest.raises(JournalError) as refused:
            opener(Journal(journal_path()))
        assert "printable characters" in str(refused.value) and one_sentence(str(refused.value))


def test_a_hostile_save_read_through_the_load_screen_leaves_the_terminal_alone(env, hostile_save):
    with PtyApp([], env) as app:
        app.wait_for("Load a saved game")
        for _ in range(4):  # the four games: then Load
            app.press("down")
        app.press("enter")
        app.wait_for("Or type the path")
        app.press(*"ignored")  # the list has the focus: letters do nothing there
        app.press("tab")
        app.press(str(hostile_save), "enter")
        app.wait_for("cannot be loaded")
        app.wait_for("printable characters")
        app.press("enter")
        app.press("ctrl+q")
        app.wait_exit()
        raw = bytes(app.output)
    assert hostile_bytes_in(raw) == []


def test_a_stray_byte_on_the_terminal_is_ignored(env):
    """Half of a multi-byte character (or any byte that is not UTF-8) typed at the menu is
    ignored: the app keeps running, answers the next key and ends cleanly, no traceback."""
    with PtyApp([], env) as app:
        app.wait_for("Load a saved game")
        os.write(app._fd, b"\xe2")  # the first byte of "⏎", alone
        app.settle(0.5)
        os.write(app._fd, b"\xff\xfe")
        app.settle(0.5)
        assert app.process.poll() is None, screen_text(bytes(app.output))[-600:]
        app.press("ctrl+q")
        code = app.wait_exit()
        text = screen_text(bytes(app.output))
    assert code == 0
    assert "Traceback" not in text and "UnicodeDecodeError" not in text
