"""The chance stream of rules version 2 (engine/chance.py, ``ChanceStream``; docs/storage.md, "The
chance stream"): its words are BLAKE2b's, read as documented (a reference computed here from
hashlib); its draws are uniform and its streams for consecutive seeds independent (chi-square
tests, which reject a biased generator); the compiled and pure builds draw the same numbers; and a
state draws from its rules version's stream (version 1's games still play the Mersenne Twister), and
Frogriders' version 2 deals from it.
"""

from __future__ import annotations

import json
import math
import os
import struct
import subprocess
import sys
from hashlib import blake2b

import random

import pytest

from boardbot.engine import build, chance, registry
from boardbot.engine.chance import BLAKE2B_STREAM, MERSENNE_TWISTER, ChanceStream
from boardbot.engine.state import SEED_BITS, TERMINAL


def reference_words(seed: int, count: int) -> list[int]:
    """The stream's first ``count`` words as docs/storage.md describes them."""
    words: list[int] = []
    block = 0
    while len(words) < count:
        digest = blake2b(struct.pack("<QQ", seed % 2 ** 64, block)).digest()
        words.extend(struct.unpack("<16I", digest))
        block += 1
    return words[:count]


def chained_seeds(first: int, count: int) -> list[int]:
    """Seeds as a state's chance events meet them: each the previous event's 63 bits (State.chance)."""
    seeds = [first]
    while len(seeds) < count:
        seeds.append(ChanceStream(seeds[-1]).getrandbits(SEED_BITS))
    return seeds


def chi_square_p(observed: list[int], expected: list[float]) -> float:
    """The upper-tail probability of Pearson's statistic (Wilson-Hilferty's approximation)."""
    stat = sum((o - e) ** 2 / e for o, e in zip(observed, expected))
    k = len(observed) - 1
    z = ((stat / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


def uniform_p(values: list[int], n: int) -> float:
    counts = [0] * n
    for v in values:
        counts[v] += 1
    return chi_square_p(counts, [len(values) / n] * n)


P_MIN = 1e-4  # the seeds are fixed: a pass is a pass every run; a biased stream fails by far


def test_the_words_are_blake2b_of_the_seed_and_the_block():
    for seed in (0, 1, 2 ** 63 - 1, 123456789, -1, 2 ** 64 + 5):
        stream = ChanceStream(seed)
        assert [stream.word() for _ in range(40)] == reference_words(seed, 40)
    # pinned: a stream that changes is a new rules version (the stored games replay from it)
    stream = ChanceStream(0)
    assert [stream.word() for _ in range(3)] == reference_words(0, 3)
    assert reference_words(0, 1)[0] == struct.unpack("<I", blake2b(bytes(16)).digest()[:4])[0]


def test_the_draws_are_made_of_words_as_documented():
    words = reference_words(77, 64)
    stream = ChanceStream(77)
    assert stream.getrandbits(7) == words[0] >> 25
    assert stream.getrandbits(63) == words[1] | (words[2] >> 1) << 32
    assert ChanceStream(77).next_seed() == words[0] | (words[1] >> 1) << 32 == ChanceStream(77).getrandbits(63)
    assert stream.random() == ((words[3] >> 5) * 67108864 + (words[4] >> 6)) / 2 ** 53
    i = 5
    for n in (6, 1000, 2 ** 29 + 7):  # Lemire's on a word's top 30 bits: redrawn while r * n's low 30 < 2**30 % n
        while ((words[i] >> 2) * n) % 2 ** 30 < 2 ** 30 % n:
            i += 1
        assert stream.randbelow(n) == (words[i] >> 2) * n >> 30, n
        i += 1
    k = (2 ** 40 + 3).bit_length()  # from 2**30 up: bit_length bits, redrawn while >= n
    r = words[i] | (words[i + 1] >> (64 - k)) << 32
    while r >= 2 ** 40 + 3:
        i += 2
        r = words[i] | (words[i + 1] >> (64 - k)) << 32
    assert stream.randbelow(2 ** 40 + 3) == r
    assert stream.getrandbits(0) == 0
    with pytest.raises(ValueError):
        stream.getrandbits(-1)


def test_the_engine_draws_dispatch_to_the_stream():
    a, b = ChanceStream(5), ChanceStream(5)
    x, y = list(range(30)), list(range(30))
    chance.shuffle(a, x)
    b.shuffle(y)
    assert x == y and sorted(x) == list(range(30)) and x != list(range(30))
    assert chance.randrange(a, 1000) == b.randbelow(1000)
    assert chance.randint(a, -3, 3) == -3 + b.randbelow(7)
    assert chance.randrange(a, 2 ** 40 + 3) == b.randbelow(2 ** 40 + 3)
    with pytest.raises(ValueError):
        chance.randrange(a, 0)


def test_randbelow_is_uniform():
    seeds = chained_seeds(11, 400)
    for n in (2, 3, 5, 6, 7, 10, 13, 52, 100, 2 ** 33 + 1):
        values = []
        for seed in seeds:
            stream = ChanceStream(seed)
            values.extend(stream.randbelow(n) for _ in range(60))
        if n > 100:
            values = [v * 16 // n for v in values]  # a large range, in 16 bins
            n = 16
        assert uniform_p(values, n) > P_MIN, n


def test_random_is_uniform_in_the_unit_interval():
    values = []
    for seed in chained_seeds(12, 300):
        stream = ChanceStream(seed)
        values.extend(stream.random() for _ in range(50))
    assert all(0.0 <= v < 1.0 for v in values)
    assert uniform_p([int(v * 64) for v in values], 64) > P_MIN
    assert abs(sum(values) / len(values) - 0.5) < 0.01


def test_a_shuffle_puts_every_item_anywhere_alike():
    size = 9
    where = [[0] * size for _ in range(size)]
    for seed in chained_seeds(13, 6000):
        items = list(range(size))
        ChanceStream(seed).shuffle(items)
        for position, item in enumerate(items):
            where[item][position] += 1
    for item in range(size):
        assert chi_square_p(where[item], [6000 / size] * size) > P_MIN, item


def test_consecutive_seeds_draw_independent_bits():
    # chained seeds (a game's chance events) and neighbouring integers (games created with seeds
    # 1, 2, 3...): each bit of the first word, alone and as a pair with the next seed's
    for seeds in (chained_seeds(14, 4000), list(range(4000))):
        firsts = [ChanceStream(seed).word() for seed in seeds]
        for bit in (0, 1, 15, 30, 31):
            bits = [(w >> bit) & 1 for w in firsts]
            pairs = [bits[i] * 2 + bits[i + 1] for i in range(len(bits) - 1)]
            assert uniform_p(bits, 2) > P_MIN and uniform_p(pairs, 4) > P_MIN, bit
        agree = [32 - bin(a ^ b).count("1") for a, b in zip(firsts, firsts[1:])]  # equal bits of neighbours
        assert abs(sum(agree) / len(agree) - 16) < 0.2


def test_the_tests_reject_a_biased_generator():
    # the chi-square checks above can fail: a modulo draw from a few bits (as ``word % n`` would
    # be from a short word) and a sequence repeating its neighbour are rejected
    biased = [(w >> 29) % 6 for w in reference_words(1, 20000)]
    assert uniform_p(biased, 6) < P_MIN
    bits = [(w >> 31) for w in reference_words(2, 4000)]
    sticky = [b for b in bits for _ in range(2)]
    pairs = [sticky[i] * 2 + sticky[i + 1] for i in range(len(sticky) - 1)]
    assert uniform_p(pairs, 4) < P_MIN


DIGEST = r"""
import hashlib, json, sys
from boardbot.engine import build
from boardbot.engine.chance import ChanceStream
from boardbot.engine.state import SEED_BITS
out, seed = [], 99
for i in range(int(sys.argv[1])):
    s = ChanceStream(seed)
    items = list(range(i % 60))
    s.shuffle(items)
    out.append([s.randbelow(1 + i % 500), s.random(), s.getrandbits(1 + i % 90), items, s.randbelow(2 ** 40 + i)])
    seed = s.getrandbits(SEED_BITS)
print(json.dumps({"build": build.describe(), "draws": hashlib.sha256(json.dumps(out).encode()).hexdigest(), "seed": seed}))
"""


@pytest.mark.skipif(os.environ.get(build.PURE_ENV, "") not in ("", "0"),
                    reason="the pure-build run (BOARDBOT_PURE): no compiled build to compare")
def test_the_compiled_and_pure_builds_draw_the_same_numbers():
    assert build.describe().startswith("compiled"), build.describe()
    results = []
    for pure in (True, False):
        env = dict(os.environ)
        env.pop(build.PURE_ENV, None)
        if pure:
            env[build.PURE_ENV] = "1"
        out = subprocess.run([sys.executable, "-c", DIGEST, "3000"], env=env, capture_output=True, text=True, check=True)
        results.append(json.loads(out.stdout))
    pure, compiled = results
    assert pure["build"].startswith("pure") and compiled["build"].startswith("compiled")
    assert pure["draws"] == compiled["draws"] and pure["seed"] == compiled["seed"]


# --- the stream a state draws from: version 2's, or version 1's in a game of that version ------------

CHANGED = ("czech-pub", "froccs", "fritanga", "dulore-jutunk")  # the games with chance events


@pytest.mark.parametrize("name", CHANGED)
def test_a_state_draws_from_its_rules_versions_stream(name):
    game = registry.get(name)
    assert game.rules_version == 2 and game.older_versions == {1: MERSENNE_TWISTER}
    assert game.chance_stream == BLAKE2B_STREAM
    assert game.plays(1) and game.plays(2) and not game.plays(3)
    new, old = game.new_state({}, 5), game.new_state({}, 5, rules_version=1)
    assert new.stream == BLAKE2B_STREAM and old.stream == MERSENNE_TWISTER
    # the same deal (a deal draws from its own generator, no chance event), the same next seed
    assert {k: v for k, v in new.to_dict().items() if k != "stream"} == {
        k: v for k, v in old.to_dict().items() if k != "stream"}
    assert type(new.copy().chance()) is ChanceStream and isinstance(old.copy().chance(), random.Random)
    # stored with its stream; a state stored before streams is version 1's
    assert game.from_dict(new.to_dict()).stream == BLAKE2B_STREAM
    assert game.from_dict(old.to_dict()).stream == MERSENNE_TWISTER
    assert "stream" not in old.to_dict()  # stored as before streams
    stored = new.to_dict()
    del stored["stream"]
    assert game.from_dict(stored).stream == MERSENNE_TWISTER
    # a searched world keeps its root's stream
    seat = new.decider() if new.decider() >= 0 else 0
    assert old.sample_for(seat, random.Random(1)).stream == MERSENNE_TWISTER
    with pytest.raises(ValueError):
        game.new_state({}, 5, rules_version=3)


@pytest.mark.parametrize("name", CHANGED)
def test_the_two_streams_play_different_games_from_one_seed(name):
    game = registry.get(name)
    played = []
    for version in (1, 2):
        state, rng, moves = game.new_state({}, 11, rules_version=version), random.Random(3), []
        while state.decider() != TERMINAL and len(moves) < 400:
            legal = state.legal_moves()
            move = legal[rng.randrange(len(legal))]
            moves.append(state.move_text(move))
            state.apply(move)
        played.append((moves, state.to_dict()["seed"]))
    assert played[0] != played[1]


def dealt(state) -> dict:
    """A state's stored form without its stream."""
    return {k: v for k, v in state.to_dict().items() if k != "stream"}


def test_frogriders_deals_from_the_stream_under_version_2():
    # no chance event follows its deal: version 2 deals from the stream of the game's seed
    # (Game.stream_deals), version 1 from the Mersenne Twister, as the release dealt
    from boardbot.engine.core import DealRandom
    from boardbot.engine.games.frogriders.state import FrogridersState

    game = registry.get("frogriders")
    assert game.rules_version == 2 and game.older_versions == {1: MERSENNE_TWISTER}
    assert game.chance_stream == BLAKE2B_STREAM and game.stream_deals == {2}
    assert game.plays(1) and game.plays(2) and not game.plays(3)
    for cfg in game.configurations():
        cfg = game.validate(cfg)
        for seed in (0, 1, 2 ** 62 + 5):
            new, old = game.new_state(cfg, seed), game.new_state(cfg, seed, rules_version=1)
            assert new.stream == BLAKE2B_STREAM and old.stream == MERSENNE_TWISTER
            # version 1: the release's deal (``_new_state`` with ``random.Random(seed)``), stored as before streams
            # (a state made outside new_state has the current version's stream: compared without it)
            assert "stream" not in old.to_dict()
            assert old.to_dict() == dealt(game._new_state(cfg, random.Random(seed)))
            assert old.to_dict() == dealt(FrogridersState.deal(game, cfg, DealRandom(seed)))
            # version 2: the deal of the stream, stored with its stream
            assert new.to_dict() == {**dealt(FrogridersState.deal(game, cfg, ChanceStream(seed))),
                                     "stream": BLAKE2B_STREAM}
            assert game.from_dict(new.to_dict()).stream == BLAKE2B_STREAM
            assert game.from_dict(old.to_dict()).stream == MERSENNE_TWISTER
            assert (new.board, new.stack) != (old.board, old.stack)
    with pytest.raises(ValueError):
        game.new_state({}, 5, rules_version=3)


def test_a_deals_later_shuffles_from_neighbouring_seeds_are_uniform():
    # a Frogriders deal under version 2 shuffles 36 units, then 28 privilege cards (across the first
    # block's end), 6 public and 10 set cards from one stream, its seed the game's (neighbouring
    # integers in the benches' games): where each of the second shuffle's items lands, and the
    # last shuffle's first card
    size = 28
    where = [[0] * size for _ in range(size)]
    first_set_card: list[int] = []
    games = 6000
    for seed in range(games):
        stream = ChanceStream(seed)
        stream.shuffle(list(range(36)))
        items = list(range(size))
        stream.shuffle(items)
        for position, item in enumerate(items):
            where[item][position] += 1
        stream.shuffle(list(range(6)))
        set_cards = list(range(10))
        stream.shuffle(set_cards)
        first_set_card.append(set_cards[0])
    for item in range(size):
        assert chi_square_p(where[item], [games / size] * size) > P_MIN, item
    assert uniform_p(first_set_card, 10) > P_MIN
