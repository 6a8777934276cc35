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

T = TypeVar("T")

_hash, _from_bytes = blake2b, int.from_bytes
_SPAN = 1 << 64
# The rejection limit of below(n) for the small n of decks and dice, worked out once.
_LIMITS = tuple(_SPAN - (_SPAN % n) if n else 0 for n in range(64))
# The decimal bytes of the first counters, which every game's setup shuffles draw.
_DIGITS_MADE = 1024
_DIGITS = tuple(b"%d" % i for i in range(_DIGITS_MADE))


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
        digest = _hash(b"%d:%d" % (fields["seed"], counter), digest_size=8).digest()
        return _from_bytes(digest, "big")

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``: ``next64`` until it falls under a multiple of n."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _LIMITS[n] if n < 64 else _SPAN - (_SPAN % n)
        # The draws of next64, inlined: the random bot draws once for every action it plays.
        fields = self.__dict__
        seed, counter = fields["seed"], fields["counter"]
        while True:
            x = _from_bytes(_hash(b"%d:%d" % (seed, counter), digest_size=8).digest(), "big")
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
        """A die roll from 1 to ``sides``."""
        return self.randint(1, sides)

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
        prefix, counter = b"%d:" % fields["seed"], fields["counter"]  # the bytes of f"{seed}:"
        hash_, from_bytes, digits, made = blake2b, int.from_bytes, _DIGITS, _DIGITS_MADE
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < 64 else _SPAN - (_SPAN % n)
            while True:
                # f"{seed}:{counter}" as bytes: the counter's digits are made once for all games
                text = prefix + digits[counter] if counter < made else b"%s%d" % (prefix, counter)
                x = from_bytes(hash_(text, digest_size=8).digest(), "big")
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
