"""Round by round: each round of a duel told in one line, for the end of the game.

Read from the public log, in the words the log already uses (the rulebook's): your strikes
("a miss", "Wound 1", "Wound 2"), the counterattacks you took ("blocked", "cancelled",
"Wound 1", "Wound 2"), the Life you lost and gained, the Ki you spent and gained. In a
campaign each round is named with its duel.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

DUEL = re.compile(r"^Campaign duel (\d+): you face ")
ROUND = re.compile(r"^Round (\d+) begins\.")
STRIKE = re.compile(r"^Your strike: .*: (a miss|Wound 1|Wound 2)[ .(]")
COUNTER = re.compile(r"^.+'s counterattack (?:\d+ against your Guard \d+: (blocked|you suffer Wound [12])"
                     r"|(is cancelled))")
LIFE_LOST = re.compile(r"\byou (?:lose|pay) (\d+) Life \(Life \d+\)")
LIFE_GAINED = re.compile(r"\+(\d+) Life \(Life \d+\)")
KI_SPENT = re.compile(r"(?:\byou (?:pay|spend|lose) (\d+) Ki\b|^Meiyo: (\d+) Ki onto the card)", re.IGNORECASE)
KI_GAINED = re.compile(r"\byou gain (\d+) Ki \(Ki \d+\)")
FOE_LIFE = re.compile(r": (.+) loses (\d+) Life \(Life \d+\)")


@dataclass
class Round:
    duel: int | None
    number: int
    strikes: list[str] = field(default_factory=list)
    counters: list[str] = field(default_factory=list)
    life_lost: int = 0
    life_gained: int = 0
    ki_spent: int = 0
    ki_gained: int = 0
    foe_lost: dict[str, int] = field(default_factory=dict)

    def line(self) -> str:
        """``Round 2: strikes: a miss, Wound 1 (Yoshioka Seijūrō loses 2 Life); counterattacks:
        blocked, Wound 2; you lose 3 Life, spend 1 Ki.``"""
        head = f"Round {self.number}" if self.duel is None else f"Duel {self.duel}, round {self.number}"
        parts = []
        if self.strikes:
            hurt = ", ".join(f"{foe} loses {n} Life" for foe, n in self.foe_lost.items())
            parts.append(("strike: " if len(self.strikes) == 1 else "strikes: ") + ", ".join(self.strikes)
                         + (f" ({hurt})" if hurt else ""))
        elif self.foe_lost:
            parts.append(", ".join(f"{foe} loses {n} Life" for foe, n in self.foe_lost.items()))
        if self.counters:
            parts.append(("counterattack: " if len(self.counters) == 1 else "counterattacks: ")
                         + ", ".join(self.counters))
        you = [f"lose {self.life_lost} Life"] if self.life_lost else []
        you += [f"gain {self.life_gained} Life"] if self.life_gained else []
        you += [f"spend {self.ki_spent} Ki"] if self.ki_spent else []
        you += [f"gain {self.ki_gained} Ki"] if self.ki_gained else []
        if you:
            parts.append("you " + ", ".join(you))
        return f"{head}: " + ("; ".join(parts) if parts else "no exchange") + "."


def rounds(log: list[str]) -> list[Round]:
    """The rounds of the log, each with what happened in it (lines before the first round
    of a duel, its setup, count towards that first round)."""
    out: list[Round] = []
    duel: int | None = None
    pending = Round(duel=None, number=0)  # what comes before a duel's first round
    current: Round | None = None
    for text in log:
        if m := DUEL.match(text):
            duel = int(m.group(1))
            current = None
            pending = Round(duel=duel, number=0)
            continue
        if m := ROUND.match(text):
            current = Round(duel=duel, number=int(m.group(1)))
            if pending.number == 0:  # the setup's Ki and Life belong to the first round
                _merge(current, pending)
                pending = Round(duel=duel, number=-1)
            out.append(current)
        target = current if current is not None else pending
        _read(target, text)
    return out


def _merge(into: Round, extra: Round) -> None:
    into.life_lost += extra.life_lost
    into.life_gained += extra.life_gained
    into.ki_spent += extra.ki_spent
    into.ki_gained += extra.ki_gained


def _read(r: Round, text: str) -> None:
    if m := STRIKE.match(text):
        r.strikes.append(m.group(1))
    elif m := COUNTER.match(text):
        r.counters.append("cancelled" if m.group(2) else m.group(1).replace("you suffer ", ""))
    elif m := FOE_LIFE.search(text):
        r.foe_lost[m.group(1)] = r.foe_lost.get(m.group(1), 0) + int(m.group(2))
    for m in LIFE_LOST.finditer(text):
        r.life_lost += int(m.group(1))
    for m in LIFE_GAINED.finditer(text):
        r.life_gained += int(m.group(1))
    for m in KI_SPENT.finditer(text):
        r.ki_spent += int(m.group(1) or m.group(2))
    for m in KI_GAINED.finditer(text):
        r.ki_gained += int(m.group(1))


def round_lines(log: list[str]) -> list[str]:
    """Each round of the log in one line."""
    return [r.line() for r in rounds(log)]
