"""The log's words for the turns of the round, written by the rules and read back by the
board (to play an enemy turn out a line at a time, to recall a chosen's last card).

The phrases are defined here once: ``enemy`` and ``flow`` write them, the readers below
parse them, so the two can never drift apart.
"""

from __future__ import annotations

from .core import char_name, enemy_label, ref_label
from .model import Enemy, HarakiriState
from .words import line_words, prio_words

ENEMY_ACTIVATES = " activates and "  # "<enemy> activates and rolls 4 (normal behaviour)."
BLEEDS = " bleeds for "  # a bleeding minion, just before it activates
CHARACTER_ACTIVATES = " activates with "  # "<character> activates with 3 AP."
DRAWS = "draws "  # a chosen's activation: "<chosen> activates and draws <card>."
RESOLVED = " is resolved: "  # "Line a) is resolved: <the line in words> (target: <priority>)."
UNRESOLVED = " cannot be resolved: "  # "Line a) cannot be resolved: <why> (<the line in words>)."


def resolved_line(letter: str, etype: str, text: str, prio: str) -> str:
    """The line an enemy resolves, its steps and its priority in words, never in the
    data's notation (``M+1 adj, S:filthy_tongue+F [-ARM]``)."""
    return f"Line {letter}){RESOLVED}{line_words(etype, text)} (target: {prio_words(prio)})."


def unresolved_line(letter: str, etype: str, text: str, why: str) -> str:
    return f"Line {letter}){UNRESOLVED}{why} ({line_words(etype, text)})."


def enemy_names(state: HarakiriState) -> set[str]:
    names = {ref_label(state, q.ref) for q in state.queue if q.ref.startswith("e:")}
    return names | {enemy_label(e) for e in state.enemies}


def opens_enemy_turn(state: HarakiriState, line: str) -> bool:
    """Whether a log line opens an enemy activation (or is a minion's bleeding before it)."""
    for sep in (ENEMY_ACTIVATES, BLEEDS):
        head, found, _ = line.partition(sep)
        if found and head in enemy_names(state):
            return True
    return False


def enemy_turn(state: HarakiriState, lines: list[str]) -> list[str]:
    """The lines of an enemy turn, up to the next character's activation (their own turn)."""
    names = {char_name(c.id) for c in state.characters}
    for i, line in enumerate(lines):
        head, found, _ = line.partition(CHARACTER_ACTIVATES)
        if found and head in names:
            return lines[:i]
    return lines


def last_draw(state: HarakiriState, e: Enemy) -> tuple[str, str | None] | None:
    """The card a chosen drew at its last activation and the line it resolved (the rules
    keep no record of the card once the activation is over; the public log does)."""
    lines = [ln.text for ln in state.log if ln.seats is None]
    head = f"{enemy_label(e)}{ENEMY_ACTIVATES}{DRAWS}"
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].startswith(head):
            name = lines[i][len(head):].rstrip(".").removesuffix(" (empowered)")
            resolved = None
            for ln in lines[i + 1:i + 8]:
                if ln.startswith("Line ") and RESOLVED in ln:
                    resolved = ln.partition(RESOLVED)[2].removesuffix(".")
                    break
            return name, resolved
    return None


ROLLS = ": rolls "  # "<attacker> uses <attack> on <target>: rolls Green 5, Orange 4."
AFTER_ROLL = ("Hits: ", "The focus die shows ")  # the lines that tell a roll's result


def roll_lines(lines: list[str]) -> tuple[int, list[str]] | None:
    """The last attack roll in ``lines`` (the public log): where it starts, and its lines:
    the roll with its dice, the hits, and the damage to each target."""
    for i in range(len(lines) - 1, -1, -1):
        head, found, _ = lines[i].partition(ROLLS)
        if found and " uses " in head:
            out = [lines[i]]
            for line in lines[i + 1:i + 6]:
                if line.startswith(AFTER_ROLL) or " defence = " in line:
                    out.append(line)
                else:
                    break
            return i, out
    return None


def roller(state: HarakiriState, line: str) -> str | None:
    """Whose roll a roll line tells: a character's name, or None for an enemy's."""
    who = line.partition(" uses ")[0]
    return who if who in {char_name(c.id) for c in state.characters} else None
