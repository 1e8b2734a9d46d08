"""The draws of the standard ``random.Random`` that the rules and the AI make most, compiled with
them: ``shuffle``, ``randrange(n)`` and ``randint``. Each makes exactly the draws of the method of
the same name (Python's random.py: ``_randbelow_with_getrandbits`` over ``getrandbits``), so a game
or a search plays the same with either; the methods themselves are Python code, about a
microsecond a draw, where these run compiled (engine/build.py).

For a ``random.Random`` (or a subclass that keeps its ``getrandbits``), as the engine's chance
(``State.chance``) and the searches use. tests/test_chance.py compares them with the methods.
"""

from __future__ import annotations

import random
import struct
from hashlib import blake2b
from typing import Any, Callable, Final, Union


# What a rule draws from: a chance event's generator (``State.chance``: a ``random.Random`` under
# rules version 1, a ``ChanceStream`` under 2) or a deal's or a search's ``random.Random``.
Rng = Union[random.Random, "ChanceStream"]


def randbelow(rng: random.Random | ChanceStream, n: int) -> int:
    """``rng.randrange(n)`` for n > 0: an int in [0, n)."""
    if isinstance(rng, ChanceStream):
        return rng.randbelow(n)
    k = n.bit_length()  # as random.py: not (n - 1), since n can be 1
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def randrange(rng: random.Random | ChanceStream, n: int) -> int:
    """``rng.randrange(n)``."""
    if n > 0:
        return randbelow(rng, n)
    raise ValueError("empty range for randrange()")


def randint(rng: random.Random | ChanceStream, a: int, b: int) -> int:
    """``rng.randint(a, b)``: an int in [a, b]."""
    width = b + 1 - a
    if width > 0:
        return a + randbelow(rng, width)
    raise ValueError(f"empty range for randrange() ({a}, {b + 1}, {width})")


def shuffle(rng: random.Random | ChanceStream, x: list) -> None:
    """``rng.shuffle(x)``: x shuffled in place."""
    if isinstance(rng, ChanceStream):
        rng.shuffle(x)
        return
    # randbelow's draws inline: ``getrandbits`` looked up once, the draw's width k (n's bit length)
    # kept as n comes down rather than asked of every n, and passed boxed once a width (compiled,
    # each call of randbelow looks getrandbits up on the generator's class again, and every call
    # boxed its int argument): 15 % fewer instructions a 90-card shuffle, the same draws
    getrandbits: Callable[[Any], int] = rng.getrandbits
    n = len(x)  # the places still to fill: x[n - 1] gets x[j] for a j drawn below n
    if n < 2:
        return
    k = n.bit_length()
    width: Any = k
    low = 1 << (k - 1)  # the least n of bit length k
    while n > 1:
        j = getrandbits(width)
        while j >= n:
            j = getrandbits(width)
        n -= 1
        x[n], x[j] = x[j], x[n]
        if n < low:
            k -= 1
            width = k
            low >>= 1


# --- the chance stream of rules version 2 (State.chance) ------------------------------------------
# A chance event's generator seeded in O(1): the words of BLAKE2b digests of (seed, block), read in
# order (hashlib: C in both builds), where the Mersenne Twister of rules version 1 initialises 624
# words from the seed and twists them all at the first draw (about 36,000 instructions, most of a
# chance event). docs/storage.md, "The chance stream", specifies the draws.

MERSENNE_TWISTER: Final = 1  # rules version 1: random.Random(seed) (engine/chance_random.py)
BLAKE2B_STREAM: Final = 2  # ChanceStream(seed), below

_KEY: Final = struct.Struct("<QQ")  # a digest's input: the seed (mod 2**64) and the block's number
_WORDS: Final = struct.Struct("<16I")  # a 64-byte digest: 16 little-endian 32-bit words
# a digest's first four words: a chance event draws two for the next seed and about two more, so
# its first digest is unpacked whole only when it draws more (compiled, unpacking 16 words into a
# tuple of ints cost 2,100 instructions; the pure build reads the words from a tuple as fast as ever)
_HEAD: Final = struct.Struct("<4I")
_MASK64: Final = (1 << 64) - 1
_M30: Final = (1 << 30) - 1
# randbelow's multiply-shift takes a word's top 30 bits: the compiled build multiplies unboxed
# ints only when both factors are below 2**30 (a 32-bit word took the boxed path, 680
# instructions a product)
_LEMIRE_MAX: Final = 1 << 30
_WORDS_A_BLOCK: Final = 16
# hashlib's constructor as a constant: compiled, read from a C static, not looked up by name in the
# module's dict at every digest
_BLAKE2B: Final = blake2b


def _block(seed: int, block: int) -> bytes:
    """The digest of (seed, block): the block's 16 words."""
    return _BLAKE2B(_KEY.pack(seed & _MASK64, block)).digest()


class ChanceStream:
    """The generator of one chance event under rules version 2: the 32-bit words of the BLAKE2b
    digests of (seed, 0), (seed, 1), ..., in order, each draw taking whole words. The same numbers
    in both builds and on every platform (the words are read little-endian; tests/test_chance_stream.py)."""

    __slots__ = ("seed", "block", "digest", "words", "pos")

    seed: int
    block: int
    digest: bytes  # the current block's digest
    words: tuple[int, ...]  # its words unpacked so far (its first four, or all 16), read from ``pos`` on
    pos: int

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.block = 0
        digest = self.digest = _block(seed, 0)
        self.words = _HEAD.unpack_from(digest)
        self.pos = 0

    def _more(self, pos: int) -> int:
        """``words`` drawn to their end at ``pos``: unpacks the rest of the block's, or past its 16th
        the next block's (all 16: a draw this long draws on); the position to read next."""
        if pos < _WORDS_A_BLOCK:
            self.words = _WORDS.unpack(self.digest)
            return pos
        self.block += 1
        digest = self.digest = _block(self.seed, self.block)
        self.words = _WORDS.unpack(digest)
        return 0

    def word(self) -> int:
        """The next 32 bits."""
        pos = self.pos
        words = self.words
        if pos == len(words):
            pos = self._more(pos)
            words = self.words
        self.pos = pos + 1
        return words[pos]

    def next_seed(self) -> int:
        """``getrandbits(63)``, as the event's first draw (``State.chance``: the state's next seed)."""
        if self.pos != 0:
            return self.getrandbits(63)
        words = self.words
        self.pos = 2
        return words[0] | (words[1] >> 1) << 32

    def getrandbits(self, k: int) -> int:
        """k random bits (k >= 0): a word's top k bits for k <= 32, else whole words, lowest first
        (the last one's top bits), as the Mersenne Twister's."""
        if k <= 32:
            if k <= 0:
                if k < 0:
                    raise ValueError("number of bits must be non-negative")
                return 0
            return self.word() >> (32 - k)
        r = 0
        shift = 0
        while k > 32:
            r |= self.word() << shift
            shift += 32
            k -= 32
        return r | (self.word() >> (32 - k)) << shift

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits (two words, as the Mersenne Twister's)."""
        a = self.word() >> 5
        b = self.word() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def randbelow(self, n: int) -> int:
        """An int in [0, n) for n > 0, unbiased. Below 2**30, Lemire's multiply-shift on a word's
        top 30 bits r: r * n >> 30, redrawn in the rare case r * n's low 30 bits fall below
        2**30 mod n (the values that would favour some draws); from 2**30 up, bit_length(n) bits
        redrawn while >= n."""
        if n < _LEMIRE_MAX:
            m = (self.word() >> 2) * n
            if m & _M30 < n:
                threshold = (_LEMIRE_MAX - n) % n
                while m & _M30 < threshold:
                    m = (self.word() >> 2) * n
            return m >> 30
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def shuffle(self, x: list) -> None:
        """Fisher-Yates, as random.Random.shuffle, with ``randbelow``'s draws inline."""
        if len(x) > _LEMIRE_MAX:
            raise ValueError("a chance stream shuffles lists of at most 2**30 items")
        words = self.words
        end = len(words)  # kept, not asked at every draw (the pure build calls len)
        pos = self.pos
        for i in range(len(x) - 1, 0, -1):
            n = i + 1
            if pos == end:
                pos = self._more(pos)
                words = self.words
                end = len(words)
            m = (words[pos] >> 2) * n
            pos += 1
            if m & _M30 < n:
                threshold = (_LEMIRE_MAX - n) % n
                while m & _M30 < threshold:
                    if pos == end:
                        pos = self._more(pos)
                        words = self.words
                        end = len(words)
                    m = (words[pos] >> 2) * n
                    pos += 1
            j = m >> 30
            x[i], x[j] = x[j], x[i]
        self.pos = pos
