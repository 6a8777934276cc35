"""Issue 16: each Senji choice explained in the rulebook's words, why a routine choice is
missing, the smart bot's hint with its reason, and the help section of the moment."""

import re
from pathlib import Path

from rules.common import Rng
from rules.senji import GAME
from rules.senji.actions import Call, ChooseHost, ComboStart, KeepSamurai, Order, Seppuku, Support
from rules.senji.autumn import start_autumn
from rules.senji.data import data
from rules.senji.state import SenjiOptions

from .helpers import G, R, blank, do, give_card, kinds, place

D = data()
HELP = Path(__file__).parents[3] / "assets" / "help" / "senji.md"


def test_the_setup_pick_shows_the_samurais_honour_and_ability():
    s = GAME.new(SenjiOptions(players=4, winter_timer_s=0), 3)
    v = GAME.view(s, 0)
    text = GAME.explain(v, 0, KeepSamurai(letter="F"))
    assert GAME.describe(KeepSamurai(letter="F")) == "Keep Kenshin (honour 3)"
    assert text == ("Green samurai. A production order resolved in his province draws 4 hanafuda "
                    "instead of 2. You start with 3 honour; the highest starting honour hosts first.")


def test_a_hanafuda_set_says_what_it_takes_and_gives():
    s = blank()
    v = GAME.view(s, R)
    assert GAME.explain(v, R, ComboStart(combo="SEASONS4")) == (
        "Four Seasons: discard 1 sun + 1 animal + 1 ribbon + 1 plain from your hand to score 4 honour.")
    assert GAME.explain(v, R, ComboStart(combo="MONTH4")).startswith("Full Month: discard 4 cards of one flower")
    assert "hire a samurai" in GAME.explain(v, R, ComboStart(combo="SCROLLS5"))


def test_an_order_says_what_it_will_do_in_summer():
    s = blank()
    text = GAME.explain(GAME.view(s, R), R, Order(province="aki", order="recruitment"))
    assert text.startswith("Recruitment: when it resolves in summer you add up to 2 units there")


def test_a_support_card_and_a_seppuku_are_explained():
    s = blank()
    v = GAME.view(s, R)
    assert GAME.explain(v, R, Support(card="G-S3")) == (
        "Green Host (3). A military support card: in a battle it gives one point per rolled die "
        "showing its family's mon, up to its value.")
    assert GAME.explain(v, R, Seppuku(letter="D")).startswith("Ginchiyo leaves the board and becomes a blue kami")


def test_why_diplomatic_honour_is_missing():
    s = blank()
    place(s, R, "aki", 1)
    give_card(s, R, "G-T3")  # a Green card, but none of Purple or Black
    start_autumn(s)
    if s.step == "autumn_call":
        do(s, Call(seat=R))
    assert "diplo_start" not in kinds(s)
    assert GAME.why_not(GAME.view(s, R), R) == (
        "No diplomatic honour: it needs a card of each other player's family; you hold none of "
        "Purple, Black.")
    for c in ("P-M1", "K-S1"):
        give_card(s, R, c)
    assert "diplo_start" in kinds(s)
    assert not GAME.why_not(GAME.view(s, R), R).startswith("No diplomatic honour")


def test_the_hint_is_the_smart_bots_choice_with_its_reason():
    s = GAME.new(SenjiOptions(players=4, winter_timer_s=0), 3)
    actions = GAME.legal_actions(s)
    action, reason = GAME.hint(GAME.view(s, 0), 0, actions)
    best = max(s.setup_draws[0], key=lambda x: D.samurai[x].honor)
    assert action == KeepSamurai(letter=best)
    assert reason.startswith("The highest honour of the three")


def test_the_hint_reads_only_the_view_it_is_given():
    """The same suggestion with every hidden card scrambled, at every decision of short games."""
    for seed, players in ((1, 3), (2, 4), (3, 6)):
        st = GAME.new(SenjiOptions(players=players, winter_timer_s=0), seed)
        rng = Rng(seed=seed).fork("scramble")
        for _ in range(400):
            seat = GAME.to_move(st)
            if seat is None:
                break
            actions = GAME.legal_actions(st)
            mine = GAME.hint(GAME.view(st, seat), seat, actions)
            other = GAME.scramble_hidden(st, seat, rng)
            assert GAME.hint(GAME.view(other, seat), seat, actions) == mine
            assert mine[0] in actions and mine[1]
            GAME.apply(st, mine[0])


def test_every_choice_is_explained_and_the_help_has_the_moments_section():
    headings = {ln.lstrip("#").strip() for ln in HELP.read_text(encoding="utf-8").splitlines()
                if ln.startswith("#")}
    for seed, players in ((4, 3), (5, 5)):
        st = GAME.new(SenjiOptions(players=players, winter_timer_s=0), seed)
        rng = Rng(seed=seed).fork("bot")
        for _ in range(600):
            seat = GAME.to_move(st)
            if seat is None:
                break
            v = GAME.view(st, seat)
            actions = GAME.legal_actions(st)
            for a in actions:
                text = GAME.explain(v, seat, a)
                assert text and text.endswith("."), (a, text)
                assert not re.search(r"\b[RGPKBY]-\w+|\b\d\d[SARP]\d?\b", text), text
            assert GAME.help_topic(v) in headings, st.step
            GAME.apply(st, actions[rng.below(len(actions))])
    assert GAME.help_topic(st) in headings


def test_the_host_choice_names_the_player():
    s = blank()
    assert "Green hosts the emperor" in GAME.explain(GAME.view(s, R), R,
                                                   ChooseHost(seat=G))


def test_why_the_defender_cannot_execute_with_ginchiyo_attacking():
    from .test_combat import _execution_position

    s = _execution_position(r_sam="D")  # Red attacks Green with Ginchiyo; Green holds Red's Heir
    assert "execute" not in kinds(s)
    assert GAME.why_not(GAME.view(s, G), G) == (
        "No execution: Ginchiyo stands with Red, so no one may execute that family's members.")
    s = _execution_position()
    assert "execute" in kinds(s) and GAME.why_not(GAME.view(s, G), G) == ""


def test_why_no_offer_can_be_opened():
    from rules.senji.year import start_winter

    s = blank()
    start_winter(s)
    assert s.step == "winter_floor"
    s.offers_left[s.actor] = 0
    assert GAME.why_not(GAME.view(s, s.actor), s.actor) == (
        "No offer to open: you have opened all 3 of your offers this winter (the table's limit).")
