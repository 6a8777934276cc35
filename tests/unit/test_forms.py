"""The setup form is generated from an Options model."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.common import Frozen, OptionsBase
from tabletop.forms import option_fields


class Seat(Frozen):
    name: str = ""


class Opts(OptionsBase):
    players: int = Field(default=3, ge=2, le=6, title="Players")
    level: Literal["easy", "hard"] = "easy"
    fast: bool = Field(default=False, description="Play faster")
    names: tuple[str, ...] = ()
    seats: tuple[Seat, ...] = ()
    note: str = "hi"


def test_fields_become_inputs_of_the_right_kind():
    fields = {f.name: f for f in option_fields(Opts)}
    assert fields["players"].kind == "int" and (fields["players"].low, fields["players"].high) == (2, 6)
    assert fields["players"].title == "Players"
    assert fields["level"].kind == "choice" and fields["level"].choices == ("easy", "hard")
    assert fields["fast"].kind == "bool" and fields["fast"].description == "Play faster"
    assert fields["names"].kind == "list"
    assert fields["note"].kind == "text" and fields["note"].default == "hi"
    assert "seats" not in fields, "structured lists keep their default"


def test_choices_read_as_words_not_ids():
    from rules.duel import GAME as DUEL
    from rules.harakiri import GAME as HARAKIRI

    duel = {f.name: f for f in option_fields(DUEL.Options)}
    assert dict(zip(duel["clan"].choices, duel["clan"].choice_titles))["yagyu"] == "Yagyū"
    assert dict(zip(duel["surroundings"].choices, duel["surroundings"].choice_titles))["none"] == "Open ground"
    harakiri = {f.name: f for f in option_fields(HARAKIRI.Options)}
    for title in harakiri["scenario"].choice_titles:
        assert "_" not in title
