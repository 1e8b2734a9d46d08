"""The stored JSON (``boardbot.server.store.dumps``, made by orjson) is what the json module
wrote before: the same bytes for every game's states along random playthroughs, for records
and for events, and what orjson cannot write (an integer beyond 64 bits) or would write
otherwise (a searching bot's NaN value) goes through the json module as before."""

import json
import math
import random

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.server.records import BOT, HUMAN, GameRecord, SeatRecord
from boardbot.server.store import dumps, json_dumps, loads, pack_event, static_part, unpack_event


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
