"""The stored JSON (``boardbot.server.store.dumps``, made by orjson) is what the json module
wrote before: the same bytes for every game's states along random playthroughs, for records
and for events, and what orjson cannot write (an integer beyond 64 bits) or would write
otherwise (a searching bot's NaN value) goes through the json module as before. And
``loads`` (orjson where it reads as the json module does) reads every document as the json
module reads it: the same values of the same types."""

import json
import math
import random

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.server.records import BOT, HUMAN, GameRecord, SeatRecord
from boardbot.server.store import dumps, json_dumps, json_loads, loads, pack_event, static_part, unpack_event, unpack_events


def as_before(value) -> bytes:
    """What ``dumps`` wrote before orjson."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def test_every_games_states_are_stored_as_before():
    rng = random.Random(50)
    for name in registry.names():
        game = registry.get(name)
        config = game.validate({})
        for seed in range(3):
            state = game.new_state(config, seed)
            for _ in range(80):
                data = state.to_dict()
                assert dumps(data) == as_before(data), (name, seed)
                if state.decider() == TERMINAL:
                    break
                state.apply(rng.choice(state.legal_moves()))


def test_records_and_events_are_stored_as_before():
    seats = (SeatRecord(HUMAN, token="ab" * 32, name="Zoë \u2028 ✓"), SeatRecord(BOT, "ismcts:hard"))
    record = GameRecord("id1", "frogriders", {"players": 2}, 2**63 - 1, seats, "cd" * 32, {"k": [1, 2]},
                        1765000000.125, creator="ipv4:127.0.0.1", deal_salt="ef" * 16, rated=("a", "b"),
                        lobby={"leave": "open"}, clock={"left": [12.5, 0.001], "at": 1765000000.0})
    assert dumps(static_part(record)) == as_before(static_part(record))
    event = {"version": 3, "kind": "move", "seat": 1, "by_bot": False, "move": [2, "x", 0], "time": 1765000000.123,
             "request": {"id": "r-1", "fp": "0123456789abcdef"}}
    assert pack_event(event) == as_before(["m", 1, 0, [2, "x", 0], 1765000000.123, "0123456789abcdef", "r-1"])
    assert unpack_event(3, pack_event(event, with_request_id=False), "r-1") == event
    assert dumps({1: "a", "b": None}) == as_before({1: "a", "b": None})  # keys as the json module writes them


def test_what_orjson_cannot_write_is_written_as_before():
    big = {"seed": 2**70, "small": -(2**64)}
    assert dumps(big) == as_before(big)
    assert loads(dumps(big)) == big
    notes = {"bot": "ismcts:hard", "top": [[[1], 10, float("nan")]]}
    event = {"version": 1, "kind": "move", "seat": 0, "by_bot": True, "move": [1], "time": 1.5, "search": notes}
    packed = pack_event(event)
    assert packed == as_before(["m", 0, 1, [1], 1.5, notes])
    assert math.isnan(unpack_event(1, packed)["search"]["top"][0][2])
    assert json_dumps(notes) == as_before(notes)


def same(a, b) -> bool:
    """Equal values of the same types all the way down (1 is not 1.0; NaN is NaN)."""
    if a.__class__ is not b.__class__:
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return a == b


def read_as_before(data: bytes) -> bool:
    try:
        before = json_loads(data)
    except ValueError:
        try:
            loads(data)
        except ValueError:
            return True  # refused by both
        return False
    return same(loads(data), before)


def test_every_games_states_records_and_events_are_read_as_before():
    rng = random.Random(51)
    for name in registry.names():
        game = registry.get(name)
        config = game.validate({})
        for seed in (0, 2**63 - 1, rng.getrandbits(63)):
            state = game.new_state(config, seed)
            events = []
            for version in range(1, 60):
                data = dumps(state.to_dict())
                assert read_as_before(data), (name, seed, version)
                if state.decider() == TERMINAL:
                    break
                move = rng.choice(state.legal_moves())
                events.append((version, "r%d" % version, pack_event(
                    {"version": version, "kind": "move", "seat": state.decider(), "by_bot": False,
                     "move": game.move_to_dict(move), "time": 1765000000 + rng.random(),
                     "request": {"id": "r%d" % version, "fp": "%016x" % rng.getrandbits(64)}},
                    with_request_id=False)))
                state.apply(move)
            rows = [(v, r, b) for v, r, b in events]
            blob = b"[" + b",".join(b for _, _, b in rows) + b"]"
            assert read_as_before(blob), name
            assert unpack_events(rows) == [unpack_event(v, b, r) for v, r, b in rows]
    seats = (SeatRecord(HUMAN, token="12" * 32, name="Zoë \u2028 ✓"), SeatRecord(BOT, "ismcts:hard"))
    record = GameRecord("id1", "frogriders", {"players": 2}, 2**63 - 1, seats, "34" * 32, {"k": [1, 2]},
                        1765000000.125, creator="ipv4:127.0.0.1", deal_salt="56" * 16, rated=("a", "b"),
                        lobby={"leave": "open"}, clock={"left": [12.5, 0.001], "at": 1765000000.0})
    assert read_as_before(dumps(static_part(record)))


def test_what_orjson_would_read_otherwise_is_read_by_the_json_module():
    # integers beyond 63 bits, wherever they are; runs of digits in strings and floats; NaN
    # and the infinities (json_dumps writes them); lone surrogates, escaped or encoded;
    # text that is no JSON for either
    cases = [b"9223372036854775807", b"9223372036854775808", b"18446744073709551616", b"-9223372036854775808",
             b"-9223372036854775809", b"-18446744073709551617", b"[1,2,340282366920938463463374607431768211456]",
             b'{"a":{"b":[0,123456789012345678901234567890]}}', b'["12345678901234567890123", 5]',
             b"[1.2345678901234567890123, 12345678901234567890.5, 1e400, -1e400, 1e-400]",
             b'{"top":[[1],10,NaN],"x":Infinity,"y":-Infinity}', b'"\\ud800"', b'"\xed\xa0\x80"', b'"\xff"',
             b"[1,]", b"", b"{", b"[0" + b"9" * 40 + b"]", b"[" + b"1234567890123456789," * 3 + b"1]"]
    for data in cases:
        assert read_as_before(data), data
    assert loads(b"[18446744073709551616]") == [2**64]
    assert loads(b"[-18446744073709551617]") == [-(2**64) - 1]
    assert math.isnan(loads(b"[NaN]")[0])
    assert loads(b'"\\ud800"') == "\ud800" and loads('"\\ud800"') == "\ud800"


def test_floats_are_read_back_exactly():
    rng = random.Random(52)
    values = [rng.uniform(-1e6, 1e6) for _ in range(2000)] + [rng.random() * 10 ** rng.randint(-300, 300)
                                                             for _ in range(2000)]
    values += [1765000000.123456, 0.1, 5e-324, 1.7976931348623157e308, -0.0, 0.0, 1e16, 1e22, 123456789.0]
    for data in (dumps(values), json_dumps(values)):
        assert read_as_before(data)
        assert loads(data) == values
