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
