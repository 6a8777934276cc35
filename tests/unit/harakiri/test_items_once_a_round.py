"""Issue 27, from the rulebook's "Use an item": "Each item may be used a maximum of once per round."

The mark is the item's: handed to another character after its use, the item cannot be used
again that round by its new holder, and can be the next round.
"""

import pytest

from rules.common import IllegalAction
from rules.harakiri import GAME
from rules.harakiri.flow import round_end
from rules.harakiri.model import EndActivation, EndTrade, InteractCharacter, ItemState, Transfer, UseItem
from screens.harakiri import sheets

from .helpers import ch, tiny

BANDAGES = UseItem(item="bandages")
USED = Transfer(thing="item:bandages:used", frm="tomoe", to="akira")
FRESH = Transfer(thing="item:bandages", frm="tomoe", to="akira")


def tomoe_beside_akira(edition=2):
    earlier = {"rules_edition": edition} if edition != 2 else {}
    s = tiny(["....."], chars={"tomoe": (0, 0), "akira": (1, 0)}, active="c:tomoe", **earlier)
    for c in s.characters:
        c.ap, c.hp = 3, 5
    return s


def akiras_turn(s):
    """Tomoe's activation ends: the queue passes to Akira beside her."""
    GAME.apply(s, EndActivation())
    assert s.active == "c:akira" and s.step == "ACTIVATE"
    ch(s, "akira").ap = 3


def test_tomoe_uses_her_bandages_hands_them_to_akira_who_is_refused_a_second_use():
    s = tomoe_beside_akira()
    assert [i.id for i in ch(s, "tomoe").items] == ["bandages"]
    GAME.apply(s, BANDAGES)
    assert ch(s, "tomoe").hp == 6 and ch(s, "tomoe").items[0].uses == 1
    assert BANDAGES not in GAME.legal_actions(s)  # once per round for Tomoe too
    GAME.apply(s, InteractCharacter(other="akira"))
    assert USED in GAME.legal_actions(s) and FRESH not in GAME.legal_actions(s)
    GAME.apply(s, USED)
    assert "Tomoe gives Bandages (used this round) to Akira." in [ln.text for ln in s.log]
    GAME.apply(s, EndTrade())
    akiras_turn(s)
    akira = ch(s, "akira")
    assert [i.id for i in akira.items] == ["rice_ball", "bandages"]
    assert BANDAGES not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, BANDAGES)
    assert str(refused.value) == (
        "Akira cannot use the Bandages again this round: it was already used this round, and each "
        "item is used at most once per round, whoever holds it. It can be used again next round.")
    assert akira.hp == 5 and akira.items[1].uses == 1  # nothing changed
    why = GAME.why_not(GAME.view(s, akira.seat), akira.seat)
    assert "no Bandages: used this round" in why
    board = sheets.character(GAME.view(s, 0), akira).plain
    assert "Bandages ×1 used this round" in board and "Rice Ball ×1 used" not in board


def test_next_round_akira_may_use_the_bandages():
    s = tomoe_beside_akira()
    GAME.apply(s, BANDAGES)
    GAME.apply(s, InteractCharacter(other="akira"))
    GAME.apply(s, USED)
    GAME.apply(s, EndTrade())
    akiras_turn(s)
    round_end(s)
    s.step, s.active = "ACTIVATE", "c:akira"
    assert BANDAGES in GAME.legal_actions(s)
    GAME.apply(s, BANDAGES)
    akira = ch(s, "akira")
    assert akira.hp == 6 and "bandages" not in [i.id for i in akira.items]  # Use: 2, both spent


def test_of_two_bandages_the_one_not_used_this_round_can_be_handed_on_and_used():
    s = tomoe_beside_akira()
    tomoe = ch(s, "tomoe")
    tomoe.items = [ItemState(id="bandages", uses=2), ItemState(id="bandages", uses=2)]
    GAME.apply(s, BANDAGES)
    assert BANDAGES in GAME.legal_actions(s)  # her second Bandages is another item
    GAME.apply(s, InteractCharacter(other="akira"))
    assert USED in GAME.legal_actions(s) and FRESH in GAME.legal_actions(s)
    GAME.apply(s, FRESH)
    GAME.apply(s, EndTrade())
    assert tomoe.items[0].used_round == s.round
    akiras_turn(s)
    GAME.apply(s, BANDAGES)
    assert ch(s, "akira").hp == 6


def test_a_game_begun_under_the_earlier_rules_replays_the_second_use():
    s = tomoe_beside_akira(edition=1)
    GAME.apply(s, BANDAGES)
    GAME.apply(s, InteractCharacter(other="akira"))
    GAME.apply(s, Transfer(thing="item:bandages", frm="tomoe", to="akira"))
    GAME.apply(s, EndTrade())
    akiras_turn(s)
    GAME.apply(s, BANDAGES)  # edition 1 kept the mark on Tomoe
    assert ch(s, "akira").hp == 6
    assert '"used_round"' not in s.model_dump_json()  # the items carry no mark of their own
