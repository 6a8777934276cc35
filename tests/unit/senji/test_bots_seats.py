"""A seat's temperament (issue 28): chosen by the bot's name in ``--seats NAME:FAMILY:BOT``
and in the setup form's list of who plays a seat; a bad name is refused in one sentence."""

from typing import get_args

import pytest

from rules.senji import GAME
from rules.senji.state import SeatSpec
from tabletop.bots import bot_names, get_bot
from tabletop.cli import _options_from, _parse_game_args, _seats_from, main


def options(argv):
    game, args = _parse_game_args("play", ["senji", *argv])
    return _options_from(args, game)


def test_seats_name_a_temperament_per_seat():
    opts = options(["--seats", "Ann:R,Bob:G:smart-treacherous,Cleo:P:smart-cunning,Dai:K:smart"])
    assert [s.bot for s in opts.seats] == [None, "smart-treacherous", "smart-cunning", "smart"]
    assert [seat.controller for seat in _seats_from(GAME, opts)] == [
        "human", "smart-treacherous", "smart-cunning", "smart"]


def test_smart_honest_is_the_smart_bot():
    assert SeatSpec(name="Dai", family="K", bot="smart-honest").bot == "smart"
    assert options(["--seats", "A:R,B:G,C:P,D:K:Smart-Honest"]).seats[3].bot == "smart"


def test_a_bad_bot_is_refused_in_one_sentence(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["play", "senji", "--seats", "A:R,B:G,C:P,D:K:sneaky"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err == ("tabletop: invalid option --seats: 'sneaky' is not a bot: choose random, smart (honest), "
                   "smart-cunning, smart-treacherous or strong.\n")


def test_the_help_names_the_temperaments(capsys):
    with pytest.raises(SystemExit):
        main(["play", "senji", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for words in ("smart (honest: keeps its word)", "smart-cunning (bluffs, breaks its word when it pays well)",
                  "smart-treacherous (lies, breaks its word whenever it pays)"):
        assert words in text.replace("- ", "-")


def test_the_setup_form_and_every_bot_seat_offer_the_three_temperaments():
    # The setup screen lists "Bot: <name>" for each of these (screens/setup.py), a replay's
    # seat changer too; each name plays its own temperament.
    # ...and the search bot (issue 28).
    assert bot_names(GAME) == ["random", "smart", "smart-cunning", "smart-treacherous", "strong"]
    for name in bot_names(GAME)[1:4]:
        assert get_bot(GAME, name).__name__ == "smart_" + {"smart": "honest"}.get(name, name.removeprefix("smart-"))
    literal = get_args(SeatSpec.model_fields["bot"].annotation)[0]  # Literal[...] | None
    assert set(get_args(literal)) == set(bot_names(GAME))


async def test_the_setup_form_seats_a_treacherous_bot(data_dir):
    from textual.widgets import Select

    from screens.app import TabletopApp
    from tests.e2e.test_table import open_setup, settle

    app = TabletopApp(games={"senji": GAME}, bot_delay=60)
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await open_setup(pilot, app, GAME.title)
        who = setup.query_one("#seat-who-1", Select)
        labels = [str(prompt) for prompt, _ in who._options]
        assert {"Bot: smart", "Bot: smart-cunning", "Bot: smart-treacherous"} <= set(labels)
        who.value = "smart-treacherous"
        await settle(pilot, 1)
        setup.action_start()
        await settle(pilot)
        assert [seat.controller for seat in app.store.seats] == ["human", "smart-treacherous", "human", "human"]
