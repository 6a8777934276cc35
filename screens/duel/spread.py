"""What the duel table adds when it has the room (``spread``): Life and Ki as tracks of
glyphs, the rounds as a track, your weapon, the surroundings and your clan in their own
words, the opponent's bonuses in words, and the rounds so far told one line each.

The table draws these only when all of it still fits the board area without scrolling;
each is read from the view and the game's data, as the compact table's facts are."""

from __future__ import annotations

from rich.text import Text

from rules.duel.story import round_lines
from rules.duel.words import ICON_NAMES

from .texts import C, D, card_text

LIMITS = {"round": "once per round", "duel": "once per duel"}
# The steps of an exchange as the table names them, and where each decision step stands.
STEPS = ("1st card", "2nd card", "3rd card", "strike", "counterattack")
STEP_AT = {"exchange_open": 0, "second_card": 1, "third_card": 2, "attack": 3, "injury_die": 3,
           "counter_prepare": 4, "counter_revealed": 4}


def steps_track(step: str) -> Text | None:
    """The exchange's steps: ``✓ 1st card  ✓ 2nd card  ● 3rd card  · strike  · counterattack``."""
    at = STEP_AT.get(step)
    if at is None:
        return None
    out = Text("  ")
    for i, name in enumerate(STEPS):
        if i:
            out.append("  ")
        glyph = ("✓", "bold green") if i < at else (("●", "bold white") if i == at else ("·", "dim"))
        out.append(*glyph)
        out.append(f" {name}", style="bold" if i == at else "dim")
    return out


def life_track(life: int, most: int) -> Text:
    """``♥♥♥♥♥♥♡♡ 6 of 8``: a ♥ for each Life point, a ♡ for each one lost."""
    out = Text("♥" * max(0, life), style="red")
    out.append("♡" * max(0, most - life), style="dim")
    out.append(f" {life} of {most}")
    return out


def ki_track(ki: int, most: int | None) -> Text:
    """``◆◆◆◆◆◇◇◇◇◇ 5 of 10``: a ◆ for each Ki, a ◇ for each one you may still gain
    (the opponent's Ki has no most: only his ◆ are drawn)."""
    out = Text("◆" * max(0, ki), style="cyan")
    if most is None:
        out.append(f" {ki}" if ki > 0 else "0")
        return out
    out.append("◇" * max(0, most - ki), style="dim")
    out.append(f" {ki} of {most}")
    return out


def rounds_track(view) -> Text:
    """The rounds: ``Round 3 of 20 at most ━━●················· exchange 1 of 2``, a cell
    for each round up to the last one a duel may last (undecided then, it is lost)."""
    out = Text(f"Round {view.round} of {C.round_cap} at most ", style="bold")
    for i in range(1, C.round_cap + 1):
        if i < view.round:
            out.append("━", style="green")
        elif i == view.round:
            out.append("●", style="bold white")
        else:
            out.append("·", style="dim")
    out.append(f" exchange {view.exchange} of 2")
    return out


def card_words(cid: str) -> Text:
    """A card in hand in words: ``V9 Void: Strength +1, Technique +1, Guard +0``, a
    Special Action card with what it does."""
    c = D.cards[cid]
    out = card_text(cid, values=False)
    out.append(f" ({ICON_NAMES[c.icon]})" if c.special else f" {ICON_NAMES[c.icon]}")
    out.append(f": Strength {c.s:+d}, Technique {c.t:+d}, Guard {c.g:+d}")
    if c.special and c.text:
        out.append(f"; {c.text}", style="dim")
    return out


def deck_table(title: str, rows: list[tuple[str, list[str]]], width: int) -> list[Text] | None:
    """The cards to come as a table, a column for each card (None: wider than ``width``)."""
    label = len("Technique") + 2
    cells = max((len(cell) for _, cells in rows for cell in cells), default=1) + 2
    count = len(rows[0][1])
    if 2 + label + cells * count > width:
        return None
    out = [Text(title, style="bold")]
    for name, values in rows:
        line = Text("  " + name.ljust(label), style="dim")
        line.append("".join(v.rjust(cells) for v in values).rstrip())
        out.append(line)
    return out


class Spread:
    """The spread table's lines (mixed into DuelBoard)."""

    def _you_tracks(self, view) -> list[Text]:
        p = view.player
        return [Text.assemble(("You  ", "bold"), "Life ", life_track(p.life, p.life_max)),
                Text.assemble("     Ki   ", ki_track(p.ki, C.ki_max))]

    def _foe_tracks(self, foe) -> Text:
        return Text.assemble("Life ", life_track(foe.life, foe.life_start), "  Ki ", ki_track(foe.ki, None),
                             style="dim" if foe.dead else "")

    @staticmethod
    def _foe_bonuses(foe) -> list[Text]:
        """What he adds to each defence card and counterattack, in words: ``his defence:
        Strength +1, Technique +0`` and ``his counterattack: Power +1``."""
        return [Text(f"his defence: Strength {foe.defs:+d}, Technique {foe.deft:+d}", style="dim"),
                Text(f"his counterattack: Power {foe.atk:+d}", style="dim")]

    def _setting(self, view) -> list[Text]:
        """Your weapon, the surroundings and your clan (in a campaign), each in its words."""
        w = D.weapons[view.weapon]
        weapon = Text.assemble((w.name, "bold"), f": {w.advantage}")
        if w.drawback != "none":
            weapon.append(f"; but {w.drawback}")
        place = D.surroundings[view.surroundings]
        where = Text(place.name, style="bold")
        if place.limit != "none":
            used = place.id in view.used_duel or place.id in view.used_round
            where.append(" (used)" if used else " (exploit ready)", style="dim" if used else "green")
        text = place.text
        if place.limit in LIMITS and LIMITS[place.limit] not in text:
            text += f", {LIMITS[place.limit]}"
        where.append(f": {text}")
        out = [weapon + ".", where + "."]
        if view.campaign is not None and view.campaign.clan in D.clans:
            clan = D.clans[view.campaign.clan]
            out.append(Text.assemble(("Clan " + clan.name, "bold"), f": {clan.text}."))
        return out

    def _deck_tables(self, defences, counters, width: int) -> list[Text] | None:
        """The defence and counterattack cards to come, one column each (None: no room)."""
        top = deck_table(f"Defence cards to come ({len(defences)}):",
                         [("Strength", [str(d.s) for d in defences]),
                          ("Technique", [str(d.t) for d in defences]),
                          ("Ki mark", ["◆" if d.ki_mark else "" for d in defences])], width)
        low = deck_table(f"Counterattacks to come ({len(counters)}):",
                         [("Power", [str(c.power) for c in counters]),
                          ("Wound", [str(c.wound) for c in counters]),
                          ("Ki mark", ["◆" if c.ki_mark else "" for c in counters])], width)
        if top is None or low is None:
            return None
        return top + low

    def _rounds_told(self, view) -> list[str]:
        """The rounds of this duel already over, one line each (the end screen's words)."""
        told = round_lines([ln.text for ln in view.log if ln.visible_to(None)])
        if view.campaign is not None:
            mine = f"Duel {view.duel_no}, round "
            told = [t for t in told if t.startswith(mine)]
        return told[: max(0, view.round - 1)] if view.step != "between_duels" else told
