"""A seat's view shares the game's options (frozen) instead of dumping and validating them
again (issue 28's speed, for the bots that look at a view every move): the view's options
are the game's, and dump as the game's do. Options of an earlier rules edition are read
again from their dump, as before (a dump without an edition reads as the current one)."""

from __future__ import annotations

import pytest

from rules.senji import GAME
from rules.senji.state import RULES_EDITION, SenjiOptions, SenjiState


@pytest.mark.parametrize("options", [
    SenjiOptions(), SenjiOptions(players=6, autumn_order="honour", winter_timer_s=0),
    GAME.parse_options({"players": 5}),  # a recorded setup without an edition: edition 1
])
def test_a_view_carries_the_games_options(options):
    state = GAME.new(options, 4)
    for seat in (None, 0, 2):
        view = GAME.view(state, seat)
        read_again = SenjiOptions.model_validate(state.options.model_dump())
        assert view.options == read_again
        if options.rules_edition == RULES_EDITION:
            assert view.options is state.options
        assert view.options.rules_edition == read_again.rules_edition
        assert view.model_dump(mode="json")["options"] == read_again.model_dump(mode="json")
