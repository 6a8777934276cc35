"""A finished or unfinished game watched move by move: no Textual here.

A ``Replay`` is made from a store that was replayed through the rules (``saves.load`` for
a file, ``journal.open_replay`` for a game of this machine), so it never trusts anything
the rules did not reach. It replays the log once more to keep a copy of the state every
``SNAPSHOT_EVERY`` actions, and notes after each action how long the game log was and
which round or year it was in; going to any move then starts from the nearest snapshot
at or before it (or from the move on show, when that is nearer), so a step costs the same
at move 1,000 as at move 10.

Whose eyes: ``PUBLIC`` (nobody's hand), a seat's own view, or ``EVERYTHING`` (the whole
state, every log line). Only a finished game (the rules say it is over) may be watched
through a seat's eyes or with everything revealed; ``eyes_block`` says why not otherwise,
and ``view_at`` refuses, so a replay can never show a game still being played any more
than the table saw of it.

``export_log`` writes the game log for sharing (text, Markdown or JSON) with the same
rule: public lines only, unless the game is over and a seat's lines are asked for.
"""

from __future__ import annotations

import copy
import json
from bisect import bisect_right
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from rules.common import ActionBase, Game, LogLine, OptionsBase, Outcome, StateBase

    from .journal import Journal
    from .store import Seat, Store

SNAPSHOT_EVERY = 50

PUBLIC: None = None  # the eyes of anyone at the table (``view(state, None)``)
EVERYTHING = "everything"  # every hand, order, back and deck revealed (a finished game only)
Eyes = int | str | None

FORMATS = ("text", "markdown", "json")

# The fields of a state that count its rounds, outermost first (a campaign's duel, then
# its round). They are public: every game's view keeps them as they are.
ROUND_FIELDS = ("duel_no", "year", "round")


class ReplayError(Exception):
    """What a replay cannot do; ``str()`` is one sentence for the player."""


def _state_copy(state: StateBase) -> StateBase:
    """A deep copy that shares the frozen log lines (as the store's working copy does)."""
    return copy.deepcopy(state, {id(state.log): list(state.log)})


def round_key(state: StateBase) -> tuple[int, ...]:
    """The round (year, duel and round) a state is in, from its public fields."""
    key = []
    for name in ROUND_FIELDS:
        value = getattr(state, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            key.append(value)
    return tuple(key)


def round_words(state: StateBase) -> str:
    """The round as the header says it: "Year 3", "Round 2", "Duel 2 · Round 1"."""
    words = []
    for name, word in (("duel_no", "Duel"), ("year", "Year"), ("round", "Round")):
        value = getattr(state, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            if name == "duel_no" and getattr(state, "campaign", None) is None:
                continue
            words.append(f"{word} {value}" if value > 0 else "Setup")
    return " · ".join(dict.fromkeys(words))


@dataclass(frozen=True)
class Line:
    """One game log line as a replay shows it: the move that wrote it (0: the setup)."""

    move: int
    text: str
    current: bool  # written by the move on show


class Replay:
    """A game's whole log, stepped through; ``state_at(n)`` is the state after move n."""

    def __init__(
        self,
        game: Game,
        options: OptionsBase,
        seed: int,
        seats: list[Seat],
        actions: list[dict[str, Any]],
        created: float | None = None,
        title: str = "",
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> None:
        self.game = game
        self.options = options
        self.seed = seed
        self.seats = list(seats)
        self.actions = list(actions)
        self.created = created
        self.title = title
        self.every = max(1, snapshot_every)
        self._parsed: list[ActionBase] = [game.parse_action(a) for a in self.actions]
        state = game.new(options, seed)
        self._snapshots: list[StateBase] = [_state_copy(state)]
        self._log_end: list[int] = [len(state.log)]  # game log length after move n
        self._rounds: list[tuple[int, ...]] = [round_key(state)]
        self._movers: list[int | None] = []  # _movers[n - 1]: the seat that chose move n
        self._words: list[str] = [round_words(state)]
        for n, action in enumerate(self._parsed, start=1):
            self._movers.append(game.actor(state, action))
            game.apply(state, action)
            self._log_end.append(len(state.log))
            key = round_key(state)
            self._rounds.append(key)
            self._words.append(round_words(state) if key != self._rounds[-2] else self._words[-1])
            if n % self.every == 0:
                self._snapshots.append(_state_copy(state))
        self._final = state
        # _line_move[i]: the move that wrote line i of the game log (0: the setup).
        self._line_move: list[int] = []
        for n, end in enumerate(self._log_end):
            self._line_move.extend([n] * (end - len(self._line_move)))
        self._outcome = game.outcome(state)
        self._boundaries = [0] + [n for n in range(1, len(self._rounds)) if self._rounds[n] != self._rounds[n - 1]]
        self._at: tuple[int, StateBase] = (len(self._parsed), state)  # the move on show, owned here

    # -- making one --------------------------------------------------------
    @classmethod
    def from_store(cls, store: Store, title: str = "", snapshot_every: int = SNAPSHOT_EVERY) -> Replay:
        """A replay of a store's game (a store replayed through the rules: a loaded save
        or a game opened from the journal)."""
        return cls(store.game, store.options, store.seed, list(store.seats),
                   [e.action for e in store.log], created=store.created, title=title,
                   snapshot_every=snapshot_every)

    @classmethod
    def from_file(cls, path: Path, games: Mapping[str, Game]) -> Replay:
        """A save file read and replayed through the rules; SaveError with one sentence."""
        from .saves import load

        return cls.from_store(load(path, games))

    @classmethod
    def from_journal(cls, journal: Journal, game_id: str, games: Mapping[str, Game]) -> Replay:
        """A game of this machine's journal, replayed through the rules like any save.
        It is only read: the game is not claimed, so it may be watched (in the public
        view) while another tabletop plays it. JournalError with one sentence."""
        import sqlite3

        from .journal import JournalError, _reason
        from .saves import SaveError, replay

        try:
            row = journal.game(game_id)
            if row is None:
                raise JournalError("That game is no longer in the saved games.")
            game = games.get(row.game)
            if game is None:
                raise JournalError("That game's rules are not available in this version of tabletop.")
            actions = journal.actions(game_id)
        except (sqlite3.Error, OSError, ValueError) as exc:
            journal.reset()
            raise JournalError(f"The saved games cannot be read ({_reason(exc)}).") from None
        try:
            seats = [{"name": name, "controller": controller} for name, controller in row.seats]
            store = replay(game, row.options, row.seed, seats, actions, "the saved game")
        except SaveError as exc:
            raise JournalError(str(exc)) from None
        store.created = row.created
        return cls.from_store(store, title=row.name)

    # -- what it is ----------------------------------------------------------
    @property
    def length(self) -> int:
        return len(self._parsed)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def finished(self) -> bool:
        """Over by the rules (never by what a file says)."""
        return self._outcome is not None

    def mover(self, n: int) -> int | None:
        """The seat that chose move ``n`` (None for the rules' own step)."""
        return self._movers[n - 1] if 1 <= n <= self.length else None

    def describe_move(self, n: int, eyes: Eyes) -> str | None:
        """What move ``n`` was, in the words of the decision panel, for eyes that may know
        it: everything revealed, or the seat that chose it (a finished game only: a
        choice may be a secret, an order face down). None for anyone else."""
        if not 1 <= n <= self.length or self.eyes_block(eyes) is not None:
            return None
        if eyes == EVERYTHING or (eyes is not None and eyes == self.mover(n)):
            return self.game.describe(self._parsed[n - 1])
        return None

    def round_text(self, n: int) -> str:
        return self._words[self._clamp(n)]

    def round_of(self, n: int) -> tuple[int, ...]:
        return self._rounds[self._clamp(n)]

    @property
    def boundaries(self) -> list[int]:
        """The moves after which a new round or year has begun (0 first)."""
        return list(self._boundaries)

    def next_round(self, n: int) -> int:
        """The first move of the next round or year (the end when there is none)."""
        i = bisect_right(self._boundaries, n)
        return self._boundaries[i] if i < len(self._boundaries) else self.length

    def previous_round(self, n: int) -> int:
        """The start of this round, or of the one before when already at its start."""
        i = bisect_right(self._boundaries, n) - 1
        start = self._boundaries[max(i, 0)]
        if start < n:
            return start
        return self._boundaries[max(i - 1, 0)]

    def _clamp(self, n: int) -> int:
        return max(0, min(int(n), self.length))

    # -- the state at a move ---------------------------------------------------
    def state_at(self, n: int) -> StateBase:
        """The whole state after move ``n`` (0: the setup). Do not change it: it is the
        replay's own copy until the next call."""
        n = self._clamp(n)
        at, state = self._at
        base_n = (n // self.every) * self.every
        if at == n:
            return state
        if not base_n <= at < n:  # the move on show is not on the way: start from a snapshot
            at, state = base_n, _state_copy(self._snapshots[n // self.every])
        game = self.game
        for action in self._parsed[at:n]:
            game.apply(state, action)
        self._at = (n, state)
        return state

    def eyes_block(self, eyes: Eyes) -> str | None:
        """Why these eyes may not watch this game, or None when they may."""
        if eyes is PUBLIC:
            return None
        if eyes != EVERYTHING and not (isinstance(eyes, int) and 0 <= eyes < len(self.seats)):
            return "There is no such seat in this game."
        if not self.finished:
            return ("This game is not over, so it is watched in the public view only: "
                    "nobody's hand or orders are shown until it ends.")
        return None

    def eyes_choices(self) -> list[Eyes]:
        """Whose eyes this game may be watched through: the public first."""
        if not self.finished:
            return [PUBLIC]
        return [PUBLIC, *range(len(self.seats)), EVERYTHING]

    def eyes_words(self, eyes: Eyes) -> str:
        if eyes is PUBLIC:
            return "public view"
        if eyes == EVERYTHING:
            return "everything revealed"
        return f"{_plain(self.seats[int(eyes)].name)}'s view"

    def _check(self, eyes: Eyes) -> None:
        block = self.eyes_block(eyes)
        if block is not None:
            raise ReplayError(block)

    def view_at(self, n: int, eyes: Eyes = PUBLIC) -> StateBase:
        """What ``eyes`` see after move ``n``: the rules' view, or (everything revealed)
        a copy of the whole state. Refuses eyes the game may not be watched through."""
        self._check(eyes)
        state = self.state_at(n)
        if eyes == EVERYTHING:
            return _state_copy(state)
        return self.game.view(state, eyes)

    def _readable(self, line: LogLine, eyes: Eyes) -> bool:
        return eyes == EVERYTHING or line.visible_to(eyes)

    def lines_at(self, n: int, eyes: Eyes = PUBLIC) -> list[Line]:
        """The game log as ``eyes`` read it after move ``n``; the lines move ``n`` wrote
        are marked current."""
        self._check(eyes)
        n = self._clamp(n)
        log = self._final.log  # the log only grows: the first _log_end[n] lines are move n's
        end = self._log_end[n]
        start = self._log_end[n - 1] if n > 0 else end
        moves = self._line_move
        return [Line(moves[i], line.text, start <= i < end)
                for i, line in enumerate(log[:end]) if self._readable(line, eyes)]

    def to_store(self, n: int | None = None) -> Store:
        """The game up to move ``n`` (all of it by default) as a store, replayed through
        the rules: for a save file to share (``saves.write_save``)."""
        from .saves import SaveError, replay

        n = self.length if n is None else self._clamp(n)
        try:
            return replay(self.game, self.options, self.seed,
                          [{"name": s.name, "controller": s.controller} for s in self.seats],
                          self.actions[:n], "the replay")
        except SaveError as exc:
            raise ReplayError(str(exc)) from None

    # -- play on -----------------------------------------------------------------
    def play_on(self, n: int, seats: list[Seat]) -> Store:
        """A new game whose log is this one's first ``n`` moves, with ``seats`` playing it
        (replayed through the rules like any save; the replay itself is untouched)."""
        from .saves import SaveError, replay

        n = self._clamp(n)
        if len(seats) != len(self.seats):
            raise ReplayError(f"This game has {len(self.seats)} seats.")
        try:
            store = replay(self.game, self.options, self.seed,
                           [{"name": s.name, "controller": s.controller} for s in seats],
                           self.actions[:n], "the replay")
        except SaveError as exc:
            raise ReplayError(str(exc)) from None
        if store.to_move() is None:
            raise ReplayError("The game is over at this move: choose an earlier one to play on from.")
        return store

    # -- the log for sharing -------------------------------------------------------
    def result_words(self) -> str:
        return result_words(self._outcome, [s.name for s in self.seats])

    def export_log(self, eyes: Eyes = PUBLIC, fmt: str = "text") -> str:
        """The game log for sharing, as ``eyes`` may read it. ReplayError for eyes the game
        may not be watched through or an unknown format."""
        self._check(eyes)
        if fmt not in FORMATS:
            raise ReplayError(f"There is no log format {fmt!r} (choose from {', '.join(FORMATS)}).")
        lines = self.lines_at(self.length, eyes)
        rounds = [self.round_text(ln.move) for ln in lines]
        head = {
            "game": self.game.id,
            "title": self.game.title,
            "players": [s.name for s in self.seats],
            "moves": self.length,
            "finished": self.finished,
            "result": self.result_words() if self.finished else None,
            "explanation": self._outcome.explanation if self._outcome is not None else None,
            "eyes": self.eyes_words(eyes),
        }
        if fmt == "json":
            head["lines"] = [{"move": ln.move, "round": r, "text": ln.text} for ln, r in zip(lines, rounds)]
            return _printable_json(json.dumps(head, indent=1, ensure_ascii=False))
        if fmt == "markdown":
            return _markdown(head, lines, rounds)
        return _text(head, lines, rounds)


SKIP_FIELDS = frozenset({"rng", "log", "hidden", "reveals", "forced_dice"})


def _words(name: str) -> str:
    return str(name).replace("_", " ")


def _named(value: Any, name_of: Callable[[str], str]) -> str:
    """A value of the state in words: every string leaf named by the game, a field name
    as words, a list joined by commas, a record as "field value" pairs."""
    if isinstance(value, str):
        return name_of(value)
    if isinstance(value, list):
        parts = [_named(v, name_of) for v in value]
        nested = any(isinstance(v, (list, dict)) for v in value)
        if not parts:
            return "none"
        return "; ".join(f"({p})" for p in parts) if nested else ", ".join(parts)
    if isinstance(value, dict):
        return ", ".join(f"{_words(k)} {_named(v, name_of)}" for k, v in value.items()) or "none"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _value_text(value: Any, limit: int, name_of: Callable[[str], str] = str) -> str:
    text = _named(value, name_of)
    return _plain(text) if len(text) <= limit else _plain(text[: limit - 1]) + "…"


def hidden_facts(state: StateBase, public: StateBase, seat_names: list[str], limit: int = 300,
                 name_of: Callable[[str], str] = str) -> list[str]:
    """What the whole state holds that the public view does not: one line per place
    (a hand, a deck's order, a face-down order), found by comparing the two field by
    field, so it holds for every game. A list with one entry per seat is told seat by
    seat, by the seats' names. Field names read as words and every code through
    ``name_of`` (the game's ``Game.name_of``), so no code of the state reaches a player."""
    out: list[str] = []
    seats = len(seat_names)

    def walk(full: Any, seen: Any, path: list[str]) -> None:
        if full == seen:
            return
        if isinstance(full, dict) and isinstance(seen, dict):
            for key in full:
                if not path and key in SKIP_FIELDS:
                    continue
                walk(full[key], seen.get(key), [*path, _words(key)])
            return
        if (isinstance(full, list) and isinstance(seen, list) and len(full) == len(seen) == seats
                and seats > 1 and all(isinstance(x, (list, dict)) for x in full)):
            for i, (a, b) in enumerate(zip(full, seen)):
                walk(a, b, [*path, seat_names[i]])
            return
        out.append(f"{' · '.join(path) or 'state'}: {_value_text(full, limit, name_of)}")

    walk(state.model_dump(mode="json"), public.model_dump(mode="json"), [])
    return out


def _plain(text: str) -> str:
    """One line of a player's or a file's text: no control characters."""
    from rules.common.text import plain

    return plain(text)


def _printable_json(text: str) -> str:
    """JSON text with every unprintable character but its own line breaks written as a
    ``\\uXXXX`` escape: the same data, nothing that acts on a terminal. (Outside strings
    JSON has only spaces and line breaks, so every such character is inside a string.)"""
    if text.isprintable() or all(ch.isprintable() or ch == "\n" for ch in text):
        return text
    return "".join(ch if ch.isprintable() or ch == "\n" else _u_escape(ch) for ch in text)


def _u_escape(ch: str) -> str:
    code = ord(ch)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def _headline(head: dict[str, Any]) -> list[str]:
    count = len(head["players"])
    out = [f"{head['title']} · {count} player{'' if count == 1 else 's'}: "
           f"{', '.join(_plain(p) for p in head['players'])}"]
    status = head["result"] if head["finished"] else "not finished"
    out.append(f"{head['moves']} moves · {status} · {head['eyes']}")
    if head["explanation"]:
        out.append(_plain(head["explanation"]))
    return out


def _text(head: dict[str, Any], lines: list[Line], rounds: list[str]) -> str:
    out = _headline(head)
    shown = None
    for ln, r in zip(lines, rounds):
        if r != shown:
            shown = r
            out += ["", f"— {r or 'Setup'} —"]
        out.append(f"{ln.move:>5}  {_plain(ln.text)}")
    return "\n".join(out) + "\n"


_MD_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]<>|~"})


def _md(text: str) -> str:
    return _plain(text).translate(_MD_SPECIAL)


def _markdown(head: dict[str, Any], lines: list[Line], rounds: list[str]) -> str:
    title, *rest = _headline(head)
    out = [f"# {_md(title)}", ""] + [f"{_md(r)}  " for r in rest]
    shown = None
    for ln, r in zip(lines, rounds):
        if r != shown:
            shown = r
            out += ["", f"## {_md(r or 'Setup')}", ""]
        out.append(f"- **{ln.move}** {_md(ln.text)}")
    return "\n".join(out) + "\n"


def result_words(outcome: Any, names: list[str]) -> str:
    """A finished game's result in a few words: who won, all won, all lost, a draw.
    ``outcome`` is an Outcome or its JSON form (a journal row's)."""
    if outcome is None:
        return "not finished"
    results = list(outcome.get("results", ()) if isinstance(outcome, dict) else outcome.results)
    if not results:
        return "over"
    if len(set(results)) == 1:
        only = results[0]
        if len(results) == 1:
            return {"win": "won", "loss": "lost", "draw": "a draw"}.get(only, "over")
        return {"win": "all won", "loss": "all lost", "draw": "a draw"}.get(only, "over")
    winners = [names[i] if i < len(names) else f"Seat {i + 1}" for i, r in enumerate(results) if r == "win"]
    if winners:
        return " and ".join(_plain(w) for w in winners) + " won"
    return "a draw"
