"""Harakiri says everything in the rulebook's words (issue 16), and its legend explains
every glyph its boards draw.

Seeded random games of both scenarios are walked; at every decision the words a player
reads are collected: each legal action's description and explanation, why a choice is
missing, the hint's reason, every log line, the plain render, the grid's cells and the
character and enemy boards. None may hold a code of the data: a snake_case id
(drowned_shrine), an enemy line in the data's notation (S:filthy_tongue, +F, [-ARM]), a die
by its letter and face (G5), an attribute line like P1 K0 D1 S0, or a pool like GO/PGO.
"""

from __future__ import annotations

import random
import re
import unicodedata

from rules.harakiri import GAME
from screens.harakiri import sheets
from screens.harakiri.legend import entries
from rules.harakiri.render import cell

CODES = {
    "a snake_case id": re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"),
    "an enemy skill step": re.compile(r"\bS:\w"),
    "a focus mark of the data": re.compile(r"\w\+F\b"),
    "a priority code in brackets": re.compile(r"\[[-+](?:HP|ARM|SPI)\]|\[(?:FIRST|NEXT|NEAR)\]"),
    "dice by letter and face": re.compile(r"\b[GORP][1-6] [GORP][1-6]\b|dice [GORP][1-6]\b"),
    "an attribute line of letters": re.compile(r"\bP\d K\d D\d S\d\b"),
    "a pool of letters with a slash": re.compile(r"\b[GORP-]+/[GORP-]+\b"),
    "a model's repr": re.compile(r"\b[a-z_]+='"),
}

# An abbreviation on a board: two to four capitals, or capitals with a number (HP, PGO, S1).
ABBREVIATION = re.compile(r"(?<![\w'’])([A-Z]{2,4}|[A-Z]{1,3}\d+[A-Za-z]?)(?![\w'’])")

WALKS = [({}, 1), ({}, 2), ({"players": 2, "scenario": "ossuary_bell", "level": 3, "kami_affinity": 6}, 3),
         ({"players": 4, "scenario": "ossuary_bell", "adventure_result": "failure"}, 4)]


def codes_in(text: str) -> list[str]:
    return [f"{what}: {m.group(0)!r}" for what, rx in CODES.items() for m in rx.finditer(text)]


def walk(steps: int = 220):
    """(state, view, seat, actions) at every decision of the seeded walks."""
    for options, seed in WALKS:
        rng = random.Random(seed)
        s = GAME.new(GAME.Options(**options), seed)
        for _ in range(steps):
            if GAME.outcome(s) is not None:
                break
            seat = GAME.to_move(s)
            actions = GAME.legal_actions(s)
            yield s, GAME.view(s, seat), seat, actions
            GAME.apply(s, rng.choice(actions))
        yield s, GAME.view(s, None), None, []


def test_the_patterns_catch_the_codes_the_play_test_found():
    said = ("Line a) M+1 adj, S:filthy_tongue+F [-ARM] is resolved · P1 K0 D1 S0 · Ninjato r1 GO/PGO · "
            "dice G5 O4 · drowned_shrine")
    assert len(codes_in(said)) >= 7
    plain = ("Line a) is resolved: moves next to its target (target: the least armour first). "
             "POW 1 KNO 0 DEX 1 SPI 0 · ▶Ninjato r1 fast GO strong PGO ☯Bleeding · rolls Green 5, Orange 4")
    assert codes_in(plain) == []


def test_no_code_reaches_a_player_in_random_games():
    found: dict[str, str] = {}
    read = 0

    def read_text(where: str, text: str) -> None:
        nonlocal read
        read += 1
        for code in codes_in(text):
            found.setdefault(code, f"{where}: {text[:140]!r}")

    last_log: dict[int, int] = {}
    for s, view, seat, actions in walk():
        read_text("the phase", GAME.phase(view))
        read_text("why a choice is missing", GAME.why_not(view, seat))
        for a in actions:
            read_text("an action", GAME.describe(a))
            read_text("an explanation", GAME.explain(view, seat, a))
        if actions:
            read_text("the hint", GAME.hint(view, seat, actions)[1])
        start = last_log.get(id(s), 0)
        for line in s.log[start:]:
            read_text("the log", line.text)
        last_log[id(s)] = len(s.log)
        read_text("the render", GAME.render(view, seat))
        read_text("the character boards", "\n".join(sheets.character(view, c).plain for c in view.characters))
        for e in view.enemies:
            read_text("the enemy boards", sheets.enemies(view, e.uid).plain)
    assert read > 2000
    assert not found, "codes reach a player:\n" + "\n".join(f"  {k} in {v}" for k, v in sorted(found.items()))


def _glyphs(text: str) -> set[str]:
    out = set()
    for ch in text:
        if ch.isalnum() or ch.isspace() or ch in ".,:;'\"()-?/+=%–—…·" or not ch.isprintable():
            continue
        if 0x2500 <= ord(ch) <= 0x259F:
            continue
        if unicodedata.category(ch)[0] in "PSN":
            out.add(ch)
    return out


def test_the_legend_explains_every_glyph_and_square_code_the_boards_draw():
    legend = entries()
    shown = " ".join(g for g, _ in legend)
    missing: dict[str, str] = {}
    for _, view, _, _ in walk(160):
        texts = [cell(view, p) for p in view.squares]
        texts += [sheets.character(view, c).plain for c in view.characters]
        texts.append(sheets.characters_head().plain)
        for e in view.enemies:
            texts.append(sheets.enemies(view, e.uid).plain)
        for t in texts:
            for g in _glyphs(t):
                if g not in shown:
                    missing.setdefault(g, t[:80])
        for sq in (cell(view, p)[1:] for p in view.squares):
            # a terrain code is in the legend as it is drawn; a piece by its letters
            if not sq[0].isalnum() and sq.strip() and sq not in shown and sq[0] not in "!":
                missing.setdefault(sq, "a square")
            if sq[0] == "!" and f"!{sq[1]}" not in shown:
                missing.setdefault(sq, "an interaction point")
            if sq[0].islower() and sq[0] != "h" and sq[1].isalpha() and (sq[0] not in shown or sq[1] not in shown):
                missing.setdefault(sq, "a minion")
        for t in texts[len(view.squares):]:
            for m in ABBREVIATION.finditer(t):
                letters = re.match(r"[A-Z]+", m.group(1)).group(0)
                alone = re.compile(r"(?<![A-Za-z])" + re.escape(letters) + r"(?![a-z])")
                if not alone.search(shown):
                    missing.setdefault(m.group(1), t[:80])
    assert not missing, "the legend leaves out:\n" + "\n".join(f"  {g!r} on {t!r}" for g, t in missing.items())
