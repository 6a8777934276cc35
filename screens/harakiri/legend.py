"""The Harakiri table's legend (issue 16): every glyph, abbreviation and colour the grid,
the top lines and the character and enemy boards draw, with what it means in the
rulebook's words. Names come from the assets, so a new minion or point is explained too."""

from __future__ import annotations

from rules.harakiri import data
from rules.harakiri.words import PRIO_SHORT, PRIO_WORDS, dice_names


def _codes() -> list[tuple[str, str]]:
    chars = data.characters().characters
    out = [(" ".join(d.short for d in chars.values()),
            "a character (white on blue): " + ", ".join(f"{d.short} {d.name}" for d in chars.values()))]
    minions = data.minions().minions
    bases = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "purple", "W": "white"}
    out.append(("aR nB …", "a minion (white on its base colour): its letter, then its base's letter"))
    out.append(("a n j c k o s", "minions: " + ", ".join(f"{d.code} {d.name}" for d in minions.values())))
    out.append(("R B G Y P W", "a minion's base: " + ", ".join(f"{k} {v}" for k, v in bases.items())))
    bosses = data.bosses().bosses
    out.append((" ".join(d.code for d in bosses.values()),
                "servants, wanderers and chosen: " + ", ".join(f"{d.code} {d.name}" for d in bosses.values())))
    return out


def _points() -> list[tuple[str, str]]:
    out = []
    for sid in ("drowned_shrine", "ossuary_bell"):
        sc = data.scenario(sid)
        pts = [f"!{p.id[0]} {p.name}" for z in sc.zones for p in z.points]
        if pts:
            out.append((" ".join("!" + p.id[0] for z in sc.zones for p in z.points),
                        f"interaction points in {sc.name}: " + ", ".join(pts)))
    return out


def _pools() -> str:
    """Every pool of attack dice a board can draw (a weapon's, an enemy's, a skill's)."""
    pools: list[list[str] | None] = []
    for w in data.weapons().values():
        pools += [w.fast, w.strong]
    for d in list(data.minions().minions.values()) + list(data.bosses().bosses.values()):
        pools.append(d.dice)
        plus = getattr(d, "plus", None)
        if plus is not None:
            pools.append(plus.dice)
        pools += [sk.dice for sk in d.skills.values()]
    return " ".join(sorted({"".join(p) for p in pools if p}, key=lambda t: (len(t), t)))


def entries() -> list[tuple[str, str]]:
    dice = ", ".join(f"{k} {v}" for k, v in dice_names().items())
    prio = [(short, f"targets {PRIO_WORDS[code]}") for code, short in PRIO_SHORT.items()]
    return [
        # the grid
        ("·", "a plain square; between facts: a separator"),
        ("1 2 3", "first character of a square: its height (none: ground level)"),
        ("##", "inaccessible: a wall (grey)"),
        ("▲▲", "an obstacle (orange): blocks movement and line of sight"),
        ("~~", "difficult ground (blue): leaving it costs 2 MP"),
        ("**", "a special square (magenta)"),
        ("H=", "a ladder (yellow): the way up or down"),
        ("[]", "a closed door (orange)"),
        ("''", "an open door"),
        *_codes(),
        ("!A", "an interaction point (yellow): interact from next to it, same height"),
        *_points(),
        ("R3", "a resistor (magenta) with its resistance tokens"),
        ("h2", "heads left on the square (red): pick them up from next to it"),
        ("S1", "a spawn point (red): where new enemies arrive"),
        ("›", "after a square: a choice is on it (a target, a start square, a point); "
              "between lines: the next line to try"),
        ("₀₁₂₃₄₅₆₇₈₉", "after a square: the MP a move there costs"),
        ("Hax", "a key after a square (reverse video): the one choice on it, then its move cost; "
                "press it (the same key as in the decisions). A start square: the key placing "
                "the character listed first; a step: its direction as on a number pad"),
        ("Akira", "under a square two or three lines tall: who stands on it"),
        ("ₐ", "after a square: an ally of the characters (white on green)"),
        ("•", "after a square: the enemy turn being played back is about it (yellow ground)"),
        ("+", "line of sight shown (v): the line crosses this square freely (cyan)"),
        ("×", "line of sight: what blocks it (red); after an item: how many"),
        ("-", "line of sight: a square past the block; in a pool: no dice"),
        ("reverse video", "the grid cursor; a bar down the grid's left edge: the arrows move it"),
        ("green ground, underlined", "the path a move would take to the cursor"),
        # the top lines
        ("Oracle Green / Red", "the oracle card showing, by its colour and name: green keeps the "
                                "minions' normal behaviour column, red the aggressive one"),
        ("■□", "the malice track: ■ a malice point; at 6 the exploration fails"),
        ("Queue", "the initiative row, left to right"),
        ("▶", "the active card or character; the board drawn in full; the line being resolved"),
        ("✓", "in the queue: a card already activated; on a board: met, ready or done"),
        ("✗", "not ready, not met or not done yet"),
        ("→", "the path a move would take"),
        ("->", "in the enemy turn's lines: the squares of a move, or a value before and after"),
        # the character boards
        ("L1 L2 L3", "the character's level"),
        ("HP █░", "health: █ left, ░ lost (red below half)"),
        ("ARM", "armour now / printed"),
        ("AP ●○", "action points: ● held, ○ empty (at most 4)"),
        ("MP", "movement points left in the Move"),
        ("POW KNO DEX SPI", "Power, Knowledge, Dexterity, Spirit"),
        ("3/4", "a skill slot: the Ki die in it / the value it needs (· no die)"),
        ("Ki supply", "Ki dice ready to place; exhausted: spent until all are"),
        ("affinity", "Kami affinity: skill II needs 3, skill III 5, Kami Mode 6"),
        ("r1 / range 1", "range 1 (a weapon's or a skill's)"),
        ("fast GO strong RGO", "the dice a fast or strong attack rolls"),
        ("R G O P", f"attack dice: {dice}"),
        (_pools(), "a pool of attack dice, one letter a die (R Red, G Green, O Orange, P Purple)"),
        ("☯", "what the weapon does when yin and yang both show"),
        ("HATED", "the Blood Oni's Hate is on this character: no Kami skills"),
        # the enemy boards
        ("dmg 2/5", "damage taken / health"),
        ("EVA MOV RNG", "evasion, movement, range"),
        ("(−1×2)", "ARM −1 tokens on the enemy"),
        ("(+)", "the upgraded (black card) version"),
        ("d6", "the behaviour roll: the row of the roll is resolved"),
        *prio,
        ("moves next to / toward / away from target", "moves next to, toward or away from its"
                                                        " target (the priority below picks it)"),
        ("moves to range 2", "moves within range 2 and line of sight of its target"),
        ("moves +1 MP", "moves with 1 extra MP"),
        ("moves to hide", "moves onto the obstacle nearest its target"),
        ("attacks / attacks adjacent", "attacks a target in range and line of sight / only an adjacent one"),
        ("◉", "the attack adds the focus die"),
        ("heals 2", "heals 2 damage"),
        ("if health ≤ 15", "the line is tried only if its health left is 15 or less"),
        (", ", "in an enemy line: then the next step"),
        ("▮", "a Hate card beside the Blood Oni's board"),
        ("splash / sweep", "an area attack: also every one next to the target / next to the attacker"),
        ("red / green / blue", "colour repeats a word or glyph: hurt or hostile / met or allied / "
                               "a character"),
    ]
