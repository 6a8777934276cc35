"""`tabletop simulate` counts the levers the bots pulled (issue 28): every choice taken, by
kind, in the text report and in --json."""

import json

from rules.senji import GAME
from tabletop.cli import main
from tabletop.simulate import simulate


def test_the_report_counts_every_choice_by_kind():
    report = simulate(GAME, 2, 1, "smart-treacherous")
    assert report.finished == 2 and not report.errors
    assert sum(report.choices.values()) == report.actions  # each choice counted once
    for lever in ("open_offer", "offer_send", "accept", "confirm", "reveal_hostage"):
        assert report.choices[lever] > 0, lever
    assert report.as_dict()["choices"] == dict(sorted(report.choices.items()))


def test_simulate_prints_the_counts_in_text_and_json(capsys):
    assert main(["simulate", "senji", "--games", "1", "--seed", "3", "--bot", "smart"]) == 0
    text = capsys.readouterr().out
    assert "choices     by kind, over all games" in text
    assert any(line.split()[:1] == ["accept"] for line in text.splitlines() if line.startswith("  "))
    assert main(["simulate", "senji", "--games", "1", "--seed", "3", "--bot", "smart", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sum(data["choices"].values()) == round(data["mean_actions_per_game"])


def _says(state, who: str) -> int:
    return sum(1 for line in state.log if line.text.startswith(f"{who} says: "))


def test_simulate_plays_the_bot_each_seat_names_in_seats(capsys):
    """`--seats Ann:R:smart,...`: Ann is played by the smart bot (it speaks a line with each
    offer), the seats naming no bot by the run's --bot (the random bot says nothing)."""
    from tabletop.simulate import play_one

    from rules.senji.state import SeatSpec

    options = GAME.Options(players=4, seats=[SeatSpec(name="Ann", family="R", bot="smart"),
                                             SeatSpec(name="Bo", family="G"),
                                             SeatSpec(name="Cy", family="P"),
                                             SeatSpec(name="Di", family="K")])
    state, _ = play_one(GAME, options, 3, "random", 20_000)
    assert _says(state, "Ann") > 0
    assert sum(_says(state, who) for who in ("Bo", "Cy", "Di")) == 0
    assert main(["simulate", "senji", "--games", "1", "--seed", "3", "--seats",
                 "Ann:R:smart-treacherous,Bo:G,Cy:P:smart,Di:K", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bot"] == "by seat: smart-treacherous, random, smart, random"
    assert data["finished"] == 1
