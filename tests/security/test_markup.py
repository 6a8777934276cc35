"""What a player types is shown as typed, never read as markup, and a control character in
it is refused where it is typed (issue 23, item 5 and "the setup form, and every other line
that shows what a user typed, draws it as plain text"). Driven with Textual's Pilot."""

from __future__ import annotations

import pytest

from screens.common.dialogs import SaveDialog
from screens.history import HistoryScreen, RenameDialog
from screens.setup import SetupScreen
from screens.app import TabletopApp
from tabletop.catalog import games
from tabletop.journal import Journal, attach
from tabletop.paths import journal_path
from tabletop.store import Store
from tests.e2e.helpers import settle
from tests.games.nim import NIM, NimOptions
from tests.security.pty_app import HOSTILE_NAME

SIZE = (100, 40)
KEYS = {"[": "left_square_bracket", "]": "right_square_bracket", "/": "slash", "@": "at", "=": "equals_sign",
        ".": "full_stop", " ": "space", ",": "comma"}


def text_of(widget) -> str:
    return str(widget.render())


async def type_into(pilot, widget, text: str) -> None:
    widget.focus()
    await pilot.pause()
    await pilot.press(*[KEYS.get(ch, ch) for ch in text])


async def open_setup(pilot, app, game_id: str) -> SetupScreen:
    await settle(pilot)
    app.open_setup(game_id)
    await settle(pilot)
    assert isinstance(app.screen, SetupScreen)
    return app.screen


@pytest.mark.parametrize("typed", ["[/]", "[bold]Kyuzo", "[@click=app.quit]x[/]"])
async def test_markup_typed_as_a_samurai_and_start_shows_it_as_typed(data_dir, typed):
    """Issue 23, item 5: ``[/]`` in Spirit's samurai option, then Start, killed the app
    with a MarkupError. Now the error line quotes it as typed and the app goes on."""
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app, "spirit")
        await type_into(pilot, setup.query_one("#opt-samurai"), typed)
        assert setup.query_one("#opt-samurai").value == typed
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.is_running and app.screen is setup and app.store is None
        error = text_of(setup.query_one("#setup-error"))
        assert error.startswith(f"{typed} is not a samurai of this game ("), error
        assert "Value error" not in error


async def test_a_control_character_pasted_in_a_seat_name_is_refused_in_words(data_dir):
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app, "spirit")
        setup.query_one("#seat-name-0").value = HOSTILE_NAME  # as a paste would put it
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.store is None and app.screen is setup
        assert text_of(setup.query_one("#setup-error")) == (
            "Seat 1's name may hold only printable characters, at most 40.")


async def test_a_name_with_markup_in_a_seat_starts_the_game_with_that_name(data_dir):
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app, "spirit")
        await type_into(pilot, setup.query_one("#seat-name-0"), "[b]Eve[/b]")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.store is not None and app.store.seats[0].name == "[b]Eve[/b]"


async def test_a_game_renamed_with_a_control_character_is_refused_and_keeps_its_name(data_dir):
    store = Store.new(NIM, NimOptions(), seed=3)
    attach(Journal(journal_path()), store)
    store.dispatch(store.legal_actions()[0])
    store.recorder.release()
    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.open_history()
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, RenameDialog)
        app.screen.query_one("#rename-name").value = "Friday\x1b]0;PWNED\x07"
        await pilot.press("enter")
        await settle(pilot)
        said = [n.message for n in app._notifications]
        assert any("only printable characters" in m for m in said), said
    assert Journal(journal_path()).game(store.game_uid).name == ""


async def test_a_save_name_with_a_control_character_is_refused(data_dir, tmp_path):
    app = TabletopApp(games={"nim": NIM}, bot_delay=0)
    chosen = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(SaveDialog(tmp_path, "x.json"), chosen.append)
        await settle(pilot)
        app.screen.query_one("#save-name").value = "game\x1b[2J.json"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SaveDialog) and chosen == []
        assert any("only printable characters" in n.message for n in app._notifications)


def test_every_options_text_field_refuses_a_control_character():
    """Every string field of every game's options (Senji's seats, Spirit's samurai) is a
    checked text: a name holding ESC is refused, a plain one accepted."""
    from pydantic import ValidationError

    senji, spirit = games()["senji"], games()["spirit"]
    ok = senji.Options.model_validate({"players": 3, "seats": [{"name": "Ann", "family": "R"},
                                                                {"name": "Bob", "family": "G"},
                                                                {"name": "Cy", "family": "P"}]})
    assert ok.seats[0].name == "Ann"
    for field in ("name", "family"):
        seats = [{"name": "Ann", "family": "R"}, {"name": "Bob", "family": "G"}, {"name": "Cy", "family": "P"}]
        seats[0] = {**seats[0], field: seats[0][field] + "\x1b[2J"}
        with pytest.raises(ValidationError, match="printable characters"):
            senji.Options.model_validate({"players": 3, "seats": seats})
    with pytest.raises(ValidationError, match="at most|40"):
        senji.Options.model_validate({"players": 3, "seats": [{"name": "A" * 41, "family": "R"},
                                                               {"name": "Bob", "family": "G"},
                                                               {"name": "Cy", "family": "P"}]})
    with pytest.raises(ValidationError, match="printable characters"):
        spirit.Options.model_validate({"players": 2, "samurai": ["Kyuzo", "Kanbei\u202e"]})


def test_no_options_model_has_an_unchecked_text_field():
    """A new string field in any game's options must be a checked text (PlainName or
    PlainLine), found here by walking every Options model and the records inside it."""
    import typing

    from pydantic import BaseModel

    from rules.common.text import PlainLine, PlainName

    checked = {id(PlainName), id(PlainLine)}
    found: list[str] = []

    def walk(model: type[BaseModel], where: str) -> None:
        for name, info in model.model_fields.items():
            visit(info.annotation, info.metadata, f"{where}.{name}")

    def visit(ann, metadata, where: str) -> None:
        if ann is str:
            validators = [m for m in metadata if type(m).__name__ == "AfterValidator"]
            if not validators:
                found.append(where)
            return
        if typing.get_origin(ann) is typing.Annotated:
            base, *meta = typing.get_args(ann)
            if base is str and not any(type(m).__name__ == "AfterValidator" for m in meta):
                found.append(where)
            return
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            walk(ann, where)
            return
        for arg in typing.get_args(ann):
            if arg is not Ellipsis and typing.get_origin(arg) is not typing.Literal:
                visit(arg, (), where)

    for game in games().values():
        walk(game.Options, game.id)
    assert checked and found == [], f"text fields without the check: {found}"
