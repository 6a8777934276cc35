"""A Harakiri board's long lines wrap between facts, never between a word and its number
(at 200x50 an enemy's line used to end on "armour" with its "1" alone on the next line)."""

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text

from screens.harakiri.side_boards import wrap_lines

ENEMY = " Ashigaru R (red base) minion (6,1): 0 of 5 damage, 5 HP left, armour 1"
STATS = "POW 1 KNO 0 DEX 1 SPI 0 · heads 0 · ✗moved · ✗attacked"


def lines(text: str, width: int, **kw) -> list[str]:
    return wrap_lines(Text(text), width, **kw)[0].plain.split("\n")


def test_an_enemy_line_breaks_after_a_comma_and_goes_on_indented():
    assert lines(ENEMY, 60) == [" Ashigaru R (red base) minion (6,1): 0 of 5 damage,",
                                "   5 HP left, armour 1"]


def test_a_break_between_facts_drops_the_dot_the_line_break_replaces():
    assert lines(STATS, 40) == ["POW 1 KNO 0 DEX 1 SPI 0 · heads 0", "  ✗moved · ✗attacked"]


def test_a_fact_longer_than_the_line_breaks_at_its_spaces():
    assert lines("Kami Hachiman, affinity 3 and a very long remark about it", 24) == [
        "Kami Hachiman,", "  affinity 3 and a very", "  long remark about it"]


def test_lines_that_fit_are_left_alone_and_each_line_start_is_reported():
    text, starts = wrap_lines(Text(f"short\n{ENEMY}\nend"), 40)
    assert text.plain.split("\n")[0] == "short" and text.plain.split("\n")[-1] == "end"
    assert starts == [0, 1, 3]


def test_the_top_wraps_between_its_facts_without_indent():
    top = "Round 1  Oracle not drawn yet  Malice □□□□□□ 0/6  Events 4 green 4 red"
    assert lines(top, 60, indent=False) == [
        "Round 1  Oracle not drawn yet  Malice □□□□□□ 0/6", "Events 4 green 4 red"]


def test_styles_stay_with_their_letters():
    text = Text(ENEMY)
    text.stylize("bold", 1, 11)  # "Ashigaru R"
    out = wrap_lines(text, 40)[0]
    bold = [out.plain[s.start:s.end] for s in out.spans if s.style == "bold"]
    assert bold == ["Ashigaru R"]


def test_a_label_stays_with_what_it_names():
    keys = "g: grid Cursor (2,4) plain  v line of sight · c/e next character/enemy  tabs: g grid · c characters · e enemies"
    assert lines(keys, 78, indent=False) == [
        "g: grid Cursor (2,4) plain  v line of sight · c/e next character/enemy",
        "tabs: g grid · c characters · e enemies"]


PHRASES = ["armour 1", "HP 5", "Kami Mode ✗not ready", "tabs: g grid", "x", "Skills: Iaijutsu",
           "a very long phrase without any separators at all in it"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PHRASES), st.sampled_from([", ", " · ", ": ", "  ", " "])),
                min_size=1, max_size=8),
       st.integers(min_value=10, max_value=80), st.booleans())
def test_no_piece_is_wider_than_the_line_and_no_letter_is_lost(parts, width, indent):
    line = "".join(p + sep for p, sep in parts).rstrip()
    out = wrap_lines(Text(line), width, indent=indent)[0].plain
    assert all(len(piece) <= width for piece in out.split("\n"))
    # only spaces and the dots a line break replaces may go
    assert "".join(out.split()).replace("·", "") == "".join(line.split()).replace("·", "")
