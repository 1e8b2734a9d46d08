"""Game records: a game's whole history as one message, its deal commitment, and its replay.

A record (``boardbot.v1.GameRecord``, proto/boardbot/v1/game_record.proto) is the
game's public summary (config, rules version, seats, outcome, the deal's
commitment), every event with who made it and when, and the observer's final
view. A finished game's record is *complete*: every move in full, every log
line, and the seed, revealed; a running game's is what one observer (a seat
with its token, or a spectator) may see, event by event as WatchGame shows it.

The deal: CreateGame draws a salt of 16 random bytes, and every seat sees
``SHA-256(salt || seed as 8 bytes big-endian)`` from the start
(``Game.deal.seed_sha256``); the seed and the salt are shown once the game is
over. The engines are deterministic, so the seed and the moves give the
whole game: ``replay`` checks the commitment, plays the record's moves from
the seed through the engine (each one must be legal for the seat that made
it), and checks that every event reads as recorded and that the final view
and the outcome are the record's. ``boardbot records replay FILE`` runs it
(tools/records.py), and ``trajectories`` turns complete records into
training data for the learning environments (``boardbot.learning``).
"""

from __future__ import annotations

from google.protobuf import json_format

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL, ConfigError, EngineError
from boardbot.v1 import common_pb2, game_record_pb2

from . import convert, errors, take_back
from .deals import check_deal
from .events import DOWN_TEXT, EVENT_KIND, FINISHED, RUNNING, event_message, seat_change_of, timestamp
from .records import BOT, HUMAN, GameRecord, SeatRecord
from .snapshots import KIND, Snapshot, check_rules
from .store import GameStore, Live

def full_event(event: dict, game_name: str) -> common_pb2.Event:
    """An event of a finished game, in full: the move, the mover's own text, every log line."""
    seat = event["seat"]
    out = common_pb2.Event(
        version=event["version"], kind=EVENT_KIND[event["kind"]], seat=seat, by_bot=event["by_bot"],
        move_text=event["texts"][seat + 1], log=[text for _, text in event["log"]],
        status=FINISHED if event["finished"] else RUNNING, time=timestamp(event["time"]))
    if event["kind"] == "move":  # a seat's change and the clocks' restart keep their details in "move" too
        out.move.CopyFrom(convert.to_proto(common_pb2.Move, game_name, event["move"]))
    elif event["kind"] == "take_back":
        out.back_to_version = event["move"]["to"]
    return out


def build(live: Live, stored: list[dict], seat: int | None) -> game_record_pb2.GameRecord:
    """The record of ``live`` from its stored events (``stored``: from version 1; later ones
    are left out), as ``seat`` (None: a spectator) may see it; complete when the game is
    over. The caller has authorized ``seat`` and checked the rules version (the events are
    replayed to describe them)."""
    snap = Snapshot.of(live)
    complete = snap.finished()
    observer = None if complete else seat
    name = live.record.game
    out = game_record_pb2.GameRecord(game=snap.game_message(), seat=observer, complete=complete)
    if complete and not out.game.HasField("deal"):  # stored before commitments: the seed without one
        out.game.deal.seed = live.record.seed
    replay = Snapshot.initial(live.record)
    for event in stored:
        if event["version"] > live.version:
            break
        replay, seen = replay.advance(event)
        out.events.append(full_event(seen, name) if complete else event_message(seen, observer, name))
    out.final_view.CopyFrom(snap.seat_view(observer))
    return out


async def of_live(live: Live, store: GameStore, seat: int | None) -> game_record_pb2.GameRecord:
    """``build`` from the store's events of ``live``: FAILED_PRECONDITION for a game of other
    rules (its events are not replayed here), NOT_FOUND for one deleted meanwhile."""
    check_rules(live.record, "replay its events into a record")
    stored = await store.events(live.record.id, 0)
    if stored is None:
        raise errors.not_found(live.record.id)
    return build(live, stored, seat)


# --- replaying a record -------------------------------------------------------------------
class ReplayError(Exception):
    """A record that does not replay: the reason in words."""


def _stored_event(event: common_pb2.Event, name: str, game) -> dict:
    """A record's event as the master stores one (``boardbot.server.events.stored_event``)."""
    kinds = {v: k for k, v in EVENT_KIND.items()}
    if event.kind not in kinds:
        raise ReplayError(f"event {event.version}: unknown kind {event.kind}")
    move = None
    if event.kind == common_pb2.EVENT_KIND_SEAT:  # the game did not change: its details are in its words
        change = seat_change_of(event.move_text, event.seat)
        if change is None:
            raise ReplayError(f"event {event.version}: {event.move_text!r} is no change of seat {event.seat}")
        move = {"change": change[0], "name": change[1]}
    elif event.kind == common_pb2.EVENT_KIND_CLOCKS_RESUMED:
        down = DOWN_TEXT.fullmatch(event.move_text)
        if down is None:
            raise ReplayError(f"event {event.version}: {event.move_text!r} is not the clocks' restart")
        move = {"down": float(down.group(1))}
    elif event.kind == common_pb2.EVENT_KIND_MOVE:
        if convert.game_of(event.move) != convert.oneof_field(name):
            raise ReplayError(f"event {event.version}: the move is not a {name} move")
        try:
            move = game.move_to_dict(game.move_from_dict(convert.to_dict(event.move, name)))
        except (EngineError, convert.ProtoMismatch, KeyError, TypeError, ValueError) as err:
            raise ReplayError(f"event {event.version}: not a move: {err}") from None
    elif event.kind == common_pb2.EVENT_KIND_TAKE_BACK:
        if not event.HasField("back_to_version") or not 0 <= event.back_to_version < event.version:
            raise ReplayError(f"event {event.version}: a take-back to no earlier version")
        move = {"to": event.back_to_version}  # and that version's state, which the replay has (replay)
    return {"version": event.version, "kind": kinds[event.kind], "seat": event.seat, "by_bot": event.by_bot,
            "move": move, "time": event.time.ToNanoseconds() / 1e9}


def replay(record: game_record_pb2.GameRecord) -> Snapshot:
    """Play a complete record again from its seed (see the module's docstring): the final
    snapshot, or ReplayError saying what does not hold."""
    summary = record.game
    name = summary.game_name
    if name not in registry.names():
        raise ReplayError(f"unknown game {name!r}")
    game = registry.get(name)
    if not game.plays(summary.rules_version):
        raise ReplayError(f"the game was played under {name} rules version {summary.rules_version}, and this "
                          f"boardbot plays version {game.rules_version}" + (f" (and {', '.join(map(str, sorted(game.older_versions)))})"
                                                                   if game.older_versions else "")
                          + ": replay it with a boardbot of those rules")
    if not record.complete or not summary.deal.HasField("seed"):
        raise ReplayError("the record is not complete (a running game's): only a finished game's record, "
                          "with its seed revealed, replays")
    if check_deal(summary.deal) is False:
        raise ReplayError("the seed and salt do not give the deal's commitment (seed_sha256): the deal was changed")
    try:
        config = game.validate(convert.to_dict(summary.config, name) if summary.HasField("config") else {})
        state = game.new_state(config, summary.deal.seed, summary.rules_version)  # its version's chance stream
    except (ConfigError, EngineError, convert.ProtoMismatch, KeyError, TypeError, ValueError) as err:
        raise ReplayError(f"the config does not make a game: {err}") from None
    seats = tuple(SeatRecord(HUMAN if s.kind == KIND[HUMAN] else BOT, s.bot) for s in summary.seats)
    if len(seats) != state.num_seats:
        raise ReplayError(f"{len(seats)} seats for a game of {state.num_seats}")
    base = GameRecord(summary.game_id, name, config, summary.deal.seed, seats, "", state.to_dict(),
                      summary.create_time.ToNanoseconds() / 1e9, summary.reproducible, None, summary.rules_version,
                      summary.deal.salt)
    snap = Snapshot.initial(base)
    # the states the take-backs go back to, kept as the replay passes them
    targets = {e.back_to_version for e in record.events if e.kind == common_pb2.EVENT_KIND_TAKE_BACK}
    kept = {0: snap.state.copy()} if 0 in targets else {}
    history: list[dict] = []
    for i, recorded in enumerate(record.events):
        if recorded.version != i + 1:
            raise ReplayError(f"event {i + 1} is numbered {recorded.version}")
        stored = _stored_event(recorded, name, game)
        seat = stored["seat"]
        decider = snap.state.decider()
        if decider == TERMINAL:
            raise ReplayError(f"event {recorded.version}: the game was already over")
        if not 0 <= seat < len(seats):
            raise ReplayError(f"event {recorded.version}: no seat {seat}")
        if stored["kind"] in ("resign", "timeout") and snap.resigned[seat]:
            raise ReplayError(f"event {recorded.version}: seat {seat} was out already")
        if stored["kind"] == "move":  # a resigned seat's moves are the random bot's
            move = game.move_from_dict(stored["move"])
            if seat != decider or move not in snap.state.legal_moves():
                raise ReplayError(f"event {recorded.version}: seat {seat} could not play {stored['move']} "
                                  f"(seat {decider} was to decide)")
        if stored["kind"] == "take_back":
            why = take_back.refusal(summary.rated, summary.HasField("clocks"), [s.kind == BOT for s in seats], seat) or (
                "a seat had resigned" if any(snap.resigned) else "")
            if why or stored["move"]["to"] != take_back.last_decision(history, seat):
                raise ReplayError(f"event {recorded.version}: seat {seat} could not take a move back to version "
                                  f"{stored['move']['to']}" + (f" ({why})" if why else ""))
            stored["move"]["state"] = kept[stored["move"]["to"]].to_dict()
        history.append(stored)
        snap, seen = snap.advance(stored)
        if snap.version in targets:
            kept[snap.version] = snap.state.copy()
        if full_event(seen, name) != recorded:
            raise ReplayError(f"event {recorded.version} reads differently when replayed: "
                              f"{json_format.MessageToJson(full_event(seen, name), indent=None)}")
    if not snap.finished():
        raise ReplayError(f"the game is not over after its {len(record.events)} events")
    # the clocks are not the game's state (a timeout replays as its event): the rest must be the same
    view, recorded_view = common_pb2.SeatView(), common_pb2.SeatView()
    view.CopyFrom(snap.seat_view(None))
    recorded_view.CopyFrom(record.final_view)
    recorded_view.ClearField("clocks")
    if view != recorded_view:
        raise ReplayError("the replayed final view differs from the record's")
    outcome = snap.outcome()
    if outcome != summary.outcome:
        raise ReplayError(f"the replayed outcome {list(outcome.scores)} differs from the record's "
                          f"{list(summary.outcome.scores)}")
    return snap
