"""A view's repeated messages of scalars (a board's cells) built from kept bytes give exactly the
message the plain constructor builds (``boardbot.server.convert.kept_arg``): for every game along
random playthroughs, every seat and the spectator, the same bytes, with the kept elements shared
across versions, seats and games as a server shares them."""

import random

import pytest

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.server import convert, encoders
from boardbot.server.records import HUMAN, GameRecord, SeatRecord
from boardbot.server.snapshots import Snapshot
from boardbot.v1 import common_pb2

from conftest import scaled

GAMES = int(scaled(3, 30))
CASES = [(game.name, cfg) for game in registry.all_games() for cfg in game.configurations()]


def plain_view(name: str, data: dict) -> common_pb2.View:
    return common_pb2.View(**convert.constructor_arg(common_pb2.View, name, data))


def kept_view(name: str, data: dict) -> tuple[common_pb2.View, int]:
    parts: list = []
    out = common_pb2.View(**convert.kept_arg(common_pb2.View, name, data, parts))
    convert.merge_kept(out, name, parts)
    return out, len(parts)


def plain_seat_view(snap: Snapshot, seat: int | None, monkeypatch) -> bytes:
    """``snap.seat_view(seat)`` serialized, made as before kept parts: the view by the constructor."""
    called = []

    def constructor_arg(container, game, data, parts):
        called.append(game)
        return convert.constructor_arg(container, game, data)

    with monkeypatch.context() as patch:
        patch.setattr(convert, "kept_arg", constructor_arg)
        out = snap.seat_view(seat).SerializeToString()
    assert called  # (the compiled snapshots module calls convert's function as patched)
    return out


@pytest.mark.parametrize("name,cfg", CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_kept_parts_give_the_constructors_bytes(name, cfg, monkeypatch):
    game = registry.get(name)
    kept_anything = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = game.new_state(game.validate(cfg), seed)
        n = state.num_seats
        record = GameRecord(f"g{seed}", name, game.validate(cfg), seed, tuple(SeatRecord(HUMAN) for _ in range(n)),
                            "", state.to_dict(), 0.0, rules_version=game.rules_version)
        version = 0
        while True:
            snap = Snapshot(record, state, version, [False] * n)
            for seat in [None, *range(n)]:
                data = state.view(seat)
                plain = plain_view(name, data)
                kept, parts = kept_view(name, data)
                kept_anything += parts
                assert kept.SerializeToString() == plain.SerializeToString(), (name, seed, version, seat)
                # the server's own view (snapshots.seat_view): the bytes of the one it made before
                # (the view by constructor_arg, all else alike)
                served = snap.seat_view(seat).SerializeToString()
                assert served == plain_seat_view(snap, seat, monkeypatch), (name, seed, version, seat)
            if state.decider() == TERMINAL:
                break
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            version += 1
    keepable = [f.name for f in getattr(common_pb2.View, "DESCRIPTOR").fields_by_name[convert.oneof_field(name)]
                .message_type.fields if convert._keepable(f)]
    assert (kept_anything > 0) == bool(keepable), (name, keepable)


def test_frogriders_cells_are_kept():
    """The Frogriders board's cells come as kept parts (the bench's view: its largest part)."""
    game = registry.get("frogriders")
    state = game.new_state(game.validate({"players": 2}), 1)
    data = state.view(0)
    _, parts = kept_view("frogriders", data)
    assert len(data["cells"]) > 50 and parts == len(data["cells"]) + len(data["public_cards"])


def test_what_does_not_fit_is_refused_as_by_the_constructor():
    """An element the constructor refuses (an unknown enum value, a list for a scalar) is not
    kept and raises TypeError, as constructor_arg's does, so the reference path says why."""
    game = registry.get("frogriders")
    data = game.new_state(game.validate({"players": 2}), 1).view(0)
    for bad in ({**data["cells"][0], "unit": "purple"}, {**data["cells"][0], "cell": [1]}):
        wrong = {**data, "cells": [bad, *data["cells"][1:]]}
        with pytest.raises(TypeError):
            common_pb2.View(**convert.kept_arg(common_pb2.View, "frogriders", wrong, []))
        with pytest.raises(convert.ProtoMismatch):
            convert.to_proto(common_pb2.View, "frogriders", wrong)


def test_kept_elements_are_bounded():
    made = []

    def make(item: dict) -> bytes:
        value = item.get("x", item.get("z"))
        made.append(value)
        return bytes([value])

    plan = encoders.Plan("t")
    kept = encoders.Kept(make, 2)
    plan.steps.append(encoders.Step(encoders.KEPT, "xs", kept=kept))
    parts: list = []
    assert encoders.encode(plan, {"xs": [{"x": 1}, {"x": 2}, {"x": 1}], "y": 5}, parts) == {"y": 5}
    assert parts == [b"\x01", b"\x02", b"\x01"] and made == [1, 2]
    encoders.encode(plan, {"xs": [{"x": 3}]}, parts)  # full: emptied, then kept
    assert len(kept.made) == 1 and made == [1, 2, 3]
    parts.clear()  # an element of other keys with equal values: made, not taken for {"x": 3}
    encoders.encode(plan, {"xs": [{"z": 3}, {"z": 3}]}, parts)
    assert parts == [b"\x03", b"\x03"] and made == [1, 2, 3, 3, 3] and len(kept.made) == 1


def test_live_scores_kept_apart_where_json_says_the_same():
    """The live scores' cache (snapshots._live_score) is keyed by orjson's bytes; NaN, which orjson
    writes as None's null, and an int beyond 64 bits, which it refuses, are kept by their repr."""
    import math

    from boardbot.server import snapshots

    def score(value):
        return {"points": 1.0, "partial": False, "breakdown": {"x": value}}

    for first, second in ((None, float("nan")), (float("nan"), None), (2 ** 70, 2 ** 70 + 1)):
        a = common_pb2.LiveScore.FromString(snapshots._live_score(score(first)))
        b = common_pb2.LiveScore.FromString(snapshots._live_score(score(second)))
        for value, got in ((first, a), (second, b)):
            field = got.breakdown.fields["x"]
            if value is None:
                assert field.WhichOneof("kind") == "null_value"
            elif isinstance(value, float) and math.isnan(value):
                assert math.isnan(field.number_value)
            else:
                assert field.number_value == float(value)
    assert snapshots._live_score(score(3)) == snapshots._live_score(score(3))


def test_a_summary_s_seats_from_kept_bytes_are_the_seats_added_one_by_one():
    """``Snapshot.game_message`` merges a game's seats from bytes kept by line-up (kind, bot,
    name, resignation of each seat; games without lobby options): the same summary, to the byte,
    as the seats added one by one, and a line-up differing in any of those is made, not taken."""
    from boardbot.server import snapshots
    from boardbot.server.records import BOT
    from boardbot.server.store import Live

    game = registry.get("frogriders")
    config = game.validate({"players": 3})
    state = game.new_state(config, 5)
    line_ups = [(SeatRecord(HUMAN, token="a" * 64, name="Ann"), SeatRecord(BOT, "random"), SeatRecord(BOT, "greedy")),
                (SeatRecord(HUMAN, token="b" * 64, name="Bo"), SeatRecord(BOT, "random"), SeatRecord(BOT, "greedy")),
                (SeatRecord(HUMAN, token="a" * 64, name="Ann"), SeatRecord(BOT, "greedy"), SeatRecord(BOT, "random")),
                (SeatRecord(BOT, "ismcts:hard"), SeatRecord(BOT, "no such bot"), SeatRecord(HUMAN, token="c" * 64))]
    seen = set()
    for round_ in range(2):  # the second round finds every line-up kept
        for i, seats in enumerate(line_ups):
            for resigned in ([False, False, False], [False, True, False]):
                record = GameRecord(f"{i:032x}", "frogriders", config, 5, seats, "c" * 64, None, 1.5, True, None, 1,
                                    "d" * 32).with_resigned(resigned)
                summary = Snapshot.of(Live(record, state)).game_message()
                by_hand = common_pb2.Game()
                by_hand.CopyFrom(summary)
                by_hand.ClearField("seats")
                snapshots._add_seats(by_hand, record, resigned)
                assert summary.SerializeToString() == by_hand.SerializeToString()
                assert [s.player_name for s in summary.seats] == [s.name for s in seats]
                assert [s.resigned for s in summary.seats] == resigned
                seen.add(summary.seats.__repr__())
    assert len(seen) == len(line_ups) * 2 and len(snapshots._SEATS) >= len(line_ups) * 2
