"""Every game's option flags accept what their own help shows, typed as the Options model
types them; a refusal names the flag the player typed, in one sentence."""

from __future__ import annotations

import re
import typing

import pytest

from tabletop import cli
from tabletop.catalog import games
from tabletop.flags import option_flags

GAMES = ["spirit", "senji", "duel", "harakiri"]


def parse(game_id: str, *args: str):
    game, ns = cli._parse_game_args("play", [game_id, *args])
    return cli._options_from(ns, game)


def help_of(game_id: str, capsys) -> str:
    with pytest.raises(SystemExit):
        cli._parse_game_args("play", [game_id, "--help"])
    return capsys.readouterr().out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_example_the_help_shows_is_accepted(game_id, capsys):
    game = games()[game_id]
    text = help_of(game_id, capsys)
    flat = " ".join(text.split())
    assert "OPT_" not in text and "opt_" not in text, "metavars are words, not dest names"
    flags = option_flags(game)
    assert flags, "every game has options"
    for flag in flags:
        assert flag.flag in text
        assert flag.examples, f"{flag.flag} shows no example value"
        for example in flag.examples:
            assert example in flat, f"{example!r} of {flag.flag} is not in the help"
            args = [example] if flag.kind == "bool" else [flag.flag, example]
            options = parse(game_id, *args)
            value = getattr(options, flag.field)
            annotation = game.Options.model_fields[flag.field].annotation
            if typing.get_origin(annotation) is typing.Literal:
                assert value in typing.get_args(annotation)
                assert str(value).replace("_", "-") == example
            elif annotation is int:
                assert value == int(example)
            elif annotation is bool:
                assert value is (not example.startswith("--no-"))
            else:
                assert len(value) == len(example.split(","))


@pytest.mark.parametrize("game_id", [g for g in GAMES if "players" in games()[g].Options.model_fields])
def test_players_takes_its_whole_range(game_id):
    info = games()[game_id].Options.model_fields["players"]
    low = next(m.ge for m in info.metadata if hasattr(m, "ge"))
    high = next(m.le for m in info.metadata if hasattr(m, "le"))
    assert parse(game_id, "--players", str(low)).players == low
    assert parse(game_id, "--players", str(high)).players == high


def test_the_winter_timer_takes_the_values_its_help_lists():
    for seconds in (0, 120, 240, 360):
        assert parse("senji", "--winter-timer-s", str(seconds)).winter_timer_s == seconds


def test_seats_have_one_documented_syntax():
    options = parse("senji", "--players", "3", "--seats", "Ann:R,Bob:G,Cleo:P:smart")
    assert [(s.name, s.family, s.bot) for s in options.seats] == [
        ("Ann", "R", None), ("Bob", "G", None), ("Cleo", "P", "smart")]
    game = games()["senji"]
    seats = cli._seats_from(game, options)
    assert [s.controller for s in seats] == ["human", "human", "smart"]
    assert seats[0].name.startswith("Ann")


def test_choices_accept_the_written_id_too():
    assert parse("duel", "--surroundings", "temple-steps").surroundings == "temple_steps"
    assert parse("duel", "--surroundings", "temple_steps").surroundings == "temple_steps"


@pytest.mark.parametrize(
    "args, flag",
    [
        (["spirit", "--samurai", "Bob,Alice", "--players", "2"], "--samurai"),
        (["spirit", "--samurai", "Kyuzo,Kanbei", "--players", "3"], "--samurai"),
        (["senji", "--players", "3", "--seats", "Ann:R,Bob:R,Cleo:P"], "--seats"),
        (["duel", "--mode", "campaign", "--blood"], "--mode and --blood do not fit together"),
    ],
)
def test_a_check_across_fields_names_the_real_flag(args, flag, capsys):
    with pytest.raises(SystemExit) as stop:
        cli._options_from(*reversed(cli._parse_game_args("play", args)))
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert (f"invalid option {flag}:" in err) if flag.startswith("--") and " " not in flag else flag in err
    assert "--options" not in err and ".." not in err
    line = err.strip()
    assert line.endswith(".") and err.count("\n") == 1
    # One sentence: no full stop inside it but the last (decimal points and "e.g." aside).
    assert not re.search(r"\.\s+[A-Z]", line)


def test_a_fixed_seat_game_refuses_players(capsys):
    with pytest.raises(SystemExit) as stop:
        cli._parse_game_args("play", ["duel", "--players", "2"])
    assert stop.value.code == 2
    assert "fixed number of players" in capsys.readouterr().err


HOSTILE = "Ann\x1b]0;PWNED\x07\x1b[2J\u202e"


@pytest.mark.parametrize(
    "args, flag",
    [
        (["senji", "--players", "3", "--seats", f"{HOSTILE}:R,Bob:G,Cleo:P"], "--seats"),
        (["senji", "--players", "3", "--seats", f"Ann:R\x07,Bob:G,Cleo:P"], "--seats"),
        (["spirit", "--players", "2", "--samurai", f"Kyuzo,{HOSTILE}"], "--samurai"),
        (["senji", "--players", "3", "--seats", f"{'A' * 41}:R,Bob:G,Cleo:P"], "--seats"),
    ],
)
def test_a_name_with_control_characters_or_too_long_is_refused_naming_its_flag(args, flag, capsys):
    with pytest.raises(SystemExit) as stop:
        parse(*args)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.startswith(f"tabletop: invalid option {flag}: a name ") and err.count("\n") == 1
    assert err.isascii() and err[:-1].isprintable()


@pytest.mark.parametrize(
    "args",
    [
        ["senji", "--seed", HOSTILE],
        ["senji", "--winter-timer-s", HOSTILE],
        ["senji", "--offers-per-winter", HOSTILE],
        ["senji", HOSTILE],
        [HOSTILE],
    ],
)
def test_a_refusal_quotes_what_was_typed_without_its_control_characters(args, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["play", *args])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1
    assert err[:-1].isprintable(), repr(err)
    assert "]0;PWNED" in err, "quoted, as plain words"
