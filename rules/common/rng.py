"""A counter-based random number generator whose whole state is two integers.

Every draw hashes ``seed:counter`` with BLAKE2b and advances the counter, so a
game's randomness lives inside its state, replays identically on every Python
version and never touches the global ``random`` module. Shuffles, choices and
dice are built here on top of unbiased integers (rejection sampling).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from hashlib import blake2b
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field

from .attrs import plain_attributes

T = TypeVar("T")

_hash, _from_bytes = blake2b, int.from_bytes
_SPAN = 1 << 64
# The rejection limit of below(n) for the small n of decks and dice, worked out once.
_LIMITS = tuple(_SPAN - (_SPAN % n) if n else 0 for n in range(64))
# The decimal bytes of the first counters, which every game's setup shuffles draw.
_DIGITS_MADE = 1024
_DIGITS = tuple(b"%d" % i for i in range(_DIGITS_MADE))

# BLAKE2b of ``seed:counter`` is BLAKE2b fed ``seed:`` then the counter's digits (it buffers its
# input until a whole block), so a hash already fed each seed's prefix is kept, and a draw copies
# it and feeds it the digits: the same digest, without formatting the bytes or setting the
# hash's parameters anew (issue 28's speed: the random bot draws once for every action).
_PREFIXED: dict[int, object] = {}
_PREFIXED_MOST = 4096


def _prefixed(seed: int):
    """A BLAKE2b (8-byte digest) already fed ``f"{seed}:"``: copy it, never feed it."""
    got = _PREFIXED.get(seed)
    if got is None:
        if len(_PREFIXED) >= _PREFIXED_MOST:
            _PREFIXED.clear()
        got = _PREFIXED[seed] = _hash(b"%d:" % seed, digest_size=8)
    return got


class Rng(BaseModel):
    """Seed plus counter. Mutable: each draw advances ``counter``."""

    model_config = ConfigDict(extra="forbid")

    seed: int = Field(ge=0)
    counter: int = Field(default=0, ge=0)

    def next64(self) -> int:
        """The next unsigned 64-bit integer: the hash of the bytes of ``f"{seed}:{counter}"``."""
        # The fields are read and written in __dict__ directly: a draw is the hottest
        # call of every simulation, and pydantic's __setattr__ would cost more than the hash.
        # b"%d:%d" makes the same bytes as the f-string's encoding, in one step.
        fields = self.__dict__
        counter = fields["counter"]
        fields["counter"] = counter + 1
        self.__pydantic_fields_set__.add("counter")
        h = _prefixed(fields["seed"]).copy()
        h.update(_DIGITS[counter] if counter < _DIGITS_MADE else b"%d" % counter)
        return _from_bytes(h.digest(), "big")

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``: ``next64`` until it falls under a multiple of n."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _LIMITS[n] if n < 64 else _SPAN - (_SPAN % n)
        # The draws of next64, inlined: the random bot draws once for every action it plays.
        fields = self.__dict__
        seed, counter = fields["seed"], fields["counter"]
        prefixed = _PREFIXED.get(seed) or _prefixed(seed)
        while True:
            h = prefixed.copy()  # the hash of f"{seed}:{counter}", fed the counter's digits only
            h.update(_DIGITS[counter] if counter < _DIGITS_MADE else b"%d" % counter)
            x = _from_bytes(h.digest(), "big")
            counter += 1
            if x < limit:
                fields["counter"] = counter
                self.__pydantic_fields_set__.add("counter")
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer with ``low <= x <= high``."""
        if high < low:
            raise ValueError("randint() needs low <= high")
        return low + self.below(high - low + 1)

    def roll(self, sides: int = 6) -> int:
        """A die roll from 1 to ``sides``: ``randint(1, sides)``, one call shorter."""
        if sides < 1:
            raise ValueError("randint() needs low <= high")
        return 1 + self.below(sides)

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise ValueError("choice() from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates, from the end).

        The same draws as ``below(i + 1)`` for each ``i``, with the hashing inlined: a
        game's setup shuffles its decks, and the calls would cost more than the hashes.
        """
        fields = self.__dict__
        prefixed, counter = _prefixed(fields["seed"]), fields["counter"]  # fed f"{seed}:"
        from_bytes, digits, made = int.from_bytes, _DIGITS, _DIGITS_MADE
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < 64 else _SPAN - (_SPAN % n)
            while True:
                # the hash of f"{seed}:{counter}": the digits are made once for all games
                h = prefixed.copy()
                h.update(digits[counter] if counter < made else b"%d" % counter)
                x = from_bytes(h.digest(), "big")
                counter += 1
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        fields["counter"] = counter
        self.__pydantic_fields_set__.add("counter")

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items in random order."""
        if not 0 <= k <= len(items):
            raise ValueError("sample() size out of range")
        pool = list(items)
        out: list[T] = []
        for _ in range(k):
            out.append(pool.pop(self.below(len(pool))))
        return out

    def fork(self, label: str) -> Rng:
        """An independent generator derived from this one's seed and a label.

        Used for bots and tools that must not disturb the game's own draws.
        """
        digest = blake2b(f"{self.seed}:{label}".encode(), digest_size=8).digest()
        return Rng(seed=int.from_bytes(digest, "big") >> 1)


plain_attributes(Rng)  # reads (state.rng.counter) on CPython's fast path, as every model's
