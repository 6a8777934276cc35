"""Spec §9: the character and enemy boards beside the grid (screens/harakiri/sheets.py)."""

from rules.common import Rng
from rules.harakiri import GAME
from rules.harakiri.core import skill_ready
from rules.harakiri.model import EnemyCtx, KiDie, Sub
from screens.harakiri import sheets

from .helpers import ch, en, tiny


def board_of(s, cid: str) -> list[str]:
    return sheets.character(GAME.view(s, 0), ch(s, cid)).plain.split("\n")


def line(lines: list[str], start: str) -> str:
    return next(ln for ln in lines if ln.startswith(start))


def test_character_board_shows_name_class_level_hp_arm_ap():
    s = tiny(["....."], chars={"akira": (0, 0)}, level=2)
    a = ch(s, "akira")
    a.hp, a.ap = 6, 3
    lines = board_of(s, "akira")
    assert lines[0].startswith("Ak Akira Ronin L2")
    assert "HP ██████░░░░░ 6/11" in lines[1]
    assert "ARM 1/1" in lines[1] and "AP ●●●○" in lines[1]
    assert line(lines, "POW 2 KNO 0 DEX 1 SPI 0").startswith("POW 2 KNO 0 DEX 1 SPI 0")


def test_equipped_weapon_first_with_range_dice_and_yin_yang():
    s = tiny(["....."], chars={"tomoe": (0, 0)})
    last = board_of(s, "tomoe")[-1]
    assert last == "▶Naginata r2 fast GO strong RG ☯Downed · Yumi r5"
    ch(s, "tomoe").weapons.reverse()  # swap_weapon
    last = board_of(s, "tomoe")[-1]
    assert last == "▶Yumi r5 fast - strong PGO ☯+2 hits · Naginata r2"


def test_mp_left_only_for_the_active_character_in_a_move():
    s = tiny(["....."], chars={"akira": (0, 0), "tomoe": (2, 0)}, active="c:akira")
    assert "MP" not in board_of(s, "akira")[1]
    s.sub = Sub(kind="move", mp=2)
    assert board_of(s, "akira")[1].endswith("MP 2 left")
    assert "MP" not in board_of(s, "tomoe")[1]


def test_item_used_this_round_is_marked():
    s = tiny(["....."], chars={"hikaru": (0, 0)})
    h = ch(s, "hikaru")
    assert line(board_of(s, "hikaru"), "Items") == "Items Medicinal Herbs ×1 · Prayer Beads ×3"
    h.items[1].uses = 2
    h.items[1].used_round = s.round
    items = line(board_of(s, "hikaru"), "Items")
    assert items == "Items Medicinal Herbs ×1 · Prayer Beads ×2 used this round"


def test_skill_slot_shows_die_requirement_and_tick_from_skill_ready():
    s = tiny(["....."], chars={"akira": (0, 0)}, level=3)
    a = ch(s, "akira")
    a.ki = [KiDie(value=2, place="slot:iaijutsu"), KiDie(value=5, place="supply"),
            KiDie(value=1, place="exhausted")]
    lines = board_of(s, "akira")
    assert line(lines, "Ki ").startswith("Ki supply 5 · exhausted 1")
    slots = line(lines, "Iaijutsu")
    assert not skill_ready(a, "iaijutsu") and "Iaijutsu 2/3✗" in slots
    assert "Battle Instinct ·/2✗" in slots
    a.ki[0].value = 3
    assert skill_ready(a, "iaijutsu") and "Iaijutsu 3/3✓" in line(board_of(s, "akira"), "Iaijutsu")


def test_conditions_blessed_hated_kami_and_flags():
    s = tiny(["....."], chars={"hattori": (0, 0)})
    h = ch(s, "hattori")
    lines = board_of(s, "hattori")
    assert line(lines, "Cond") == "Cond none · Blessed 0 · not hated"
    assert "✗moved · ✗attacked" in lines[2]
    assert line(lines, "Kami") == "Kami Tsukuyomi affinity 3 · Moonlit Cut 3✓ · Silver Path 5✗"
    h.conds = {"bleeding": 2, "blessed": 1}
    h.hated = True
    h.moved = True
    h.kami_used = ["moonlit_cut"]
    lines = board_of(s, "hattori")
    assert line(lines, "Cond") == "Cond Bleeding 2 · Blessed 1 · HATED"
    assert "✓moved · ✗attacked" in lines[2]
    assert line(lines, "Kami") == "Kami Tsukuyomi affinity 3 · Moonlit Cut used · Silver Path 5✗"


def test_kami_mode_state():
    s = tiny(["....."], chars={"hikaru": (0, 0)}, kami_affinity=6)
    h = ch(s, "hikaru")
    assert line(board_of(s, "hikaru"), "Ki ").endswith("Kami Mode ✗not ready")
    h.hp = 4  # HP < ⌊10 / 2⌋
    assert line(board_of(s, "hikaru"), "Ki ").endswith("Kami Mode ✓ready")
    h.kami_mode = h.kami_mode_used = True
    lines = board_of(s, "hikaru")
    assert line(lines, "Ki ").endswith("Kami Mode ACTIVE") and "KAMI MODE" in lines[0]


def test_every_character_board_keeps_its_height_through_a_game():
    s = GAME.new(GAME.Options(scenario="ossuary_bell", level=3), 7)
    rng = Rng(seed=7)
    for _ in range(150):
        if GAME.outcome(s) is not None:
            break
        v = GAME.view(s, 0)
        for c in v.characters:
            assert sheets.character(v, c).plain.count("\n") + 1 == sheets.CHAR_LINES
            assert sheets.compact(v, c).plain.count("\n") == 1  # two lines
        acts = GAME.legal_actions(s)
        GAME.apply(s, acts[rng.roll(len(acts)) - 1])


def test_focused_minion_board_marks_the_oracle_column_and_lists_bases():
    s = tiny(["....."] * 2, chars={"akira": (4, 0)}, enemies=[("ashigaru", (0, 0)), ("ashigaru", (0, 1))],
             oracle="g1")
    en(s, "ashigaru-B").damage = 2
    en(s, "ashigaru-B").conds = {"poisoned": 1}
    text = sheets.enemies(GAME.view(s, 0), "ashigaru-R").plain
    assert "Behaviour d6 · oracle Green ▶normal column" in text
    # Roll 1 of the Ashigaru: "A › M r2, A › M to" and "M r2, A+F › M+1 to", in words.
    assert " 1   ▶green attacks › moves to range 2, attacks ›\n           moves toward target\n" in text
    assert "      red   moves to range 2, attacks ◉ ›\n           moves +1 MP toward target\n" in text
    assert " ▶R (0,0) dmg 0/5 HP 5 ARM 1\n" in text
    assert "  B (0,1) dmg 2/5 HP 3 ARM 1 Poisoned 1\n" in text
    assert "targets −HP" in text and "Skills Pike Thrust · Formation" in text
    s.oracle.current = "r1"
    text = sheets.enemies(GAME.view(s, 0), "ashigaru-R").plain
    assert "oracle Red ▶aggressive column" in text
    assert "     ▶red   moves to range 2, attacks ◉ ›\n" in text
    assert "▶green" not in text


def test_unfocused_enemies_are_compact_with_arm_tokens():
    s = tiny(["....."] * 2, chars={"akira": (4, 0)}, enemies=[("ashigaru", (0, 0)), ("kachi", (0, 1))])
    en(s, "kachi-R").arm_tokens = 1
    text = sheets.enemies(GAME.view(s, 0)).plain
    assert "Behaviour" not in text and "Skills" not in text
    assert " Ashigaru R (red base) minion (0,0)\n   dmg 0/5 HP 5 ARM 1\n" in text
    assert "ARM 0 (−1×1)" in text
    text = sheets.enemies(GAME.view(s, 0), "ashigaru-R").plain
    assert "ARM 0 (−1×1)" in text and " Kachi R (red base)" in text


def test_chosen_board_shows_deck_discard_hate_and_the_card_being_resolved():
    s = tiny(["....."], chars={"akira": (3, 0)}, enemies=[("blood_oni", (0, 0))], scenario="ossuary_bell")
    s.ai.deck = ["trample", "blood_scent", "crushing_blow", "hate3"]
    s.ai.discard = ["drink_deep", "terrible_roar"]
    s.ai.beside = ["hate1"]
    text = sheets.enemies(GAME.view(s, 0), "blood_oni").plain
    assert "AI deck 4 · discard 2 · Hate beside 1" in text
    assert "Drawn: no card yet" in text
    s.ai.deck.remove("crushing_blow")
    s.ai.current = "crushing_blow"
    s.ectx = EnemyCtx(uid="blood_oni", line=["M adj, A+F"], prio="-HP", card="crushing_blow")
    text = sheets.enemies(GAME.view(s, 0), "blood_oni").plain
    assert "AI deck 3 · discard 2" in text
    assert "Drawn Crushing Blow [−HP]\n  attacks ◉ › moves next to target, attacks ◉ ›\n    moves toward target\n" in text
    assert "▶resolving  moves next to target, attacks ◉ [−HP]" in text
    assert "resolving" not in sheets.enemies(GAME.view(s, 0)).plain


def test_chosen_board_keeps_the_last_card_drawn_and_its_line_after_the_activation():
    from rules.harakiri.enemy import start

    s = tiny(["....."], chars={"akira": (3, 0)}, enemies=[("blood_oni", (0, 0))], scenario="ossuary_bell")
    s.ai.deck = ["trample", "blood_scent", "crushing_blow"]
    start(s, "blood_oni")  # the real draw, logged by the rules
    drawn = next(ln.text for ln in s.log if "activates and draws" in ln.text)
    name = drawn.split("activates and draws ")[1].rstrip(".").replace(" (empowered)", "")
    resolved = next((ln.text for ln in s.log if " is resolved: " in ln.text), None)
    s.ai.current, s.ectx = None, None  # the activation is over
    text = sheets.enemies(GAME.view(s, 0), "blood_oni").plain
    assert f"Last drawn {name}" in text
    if resolved is not None:
        assert resolved.partition(" is resolved: ")[2].removesuffix(".") in text

