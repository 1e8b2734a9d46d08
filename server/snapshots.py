"""A hosted game at one version: the store's live game, or replayed from its events.

``Snapshot`` gives what every call shows of a game: a seat's (or the spectator's)
view with its legal moves, the public summary, the outcome; shared snapshots of a
store's ``Live`` cache those messages per game, version and seat. The events that
advance a private snapshot are ``boardbot.server.events``'.

A game is played to its end under the rules version it was created under
(``GameRecord.rules_version``). Under another (the server's engine changed a
rule since), nothing applies an event to it: ``advance`` (every replay) and
``apply_move`` (every new move) raise FAILED_PRECONDITION (``check_rules``),
and its views, made from the stored state, offer no legal moves.
"""

from __future__ import annotations

import dataclasses
from typing import Sequence

import orjson
from google.protobuf import struct_pb2

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL, State, rank_by
from boardbot.v1 import common_pb2

from boardbot.v1 import game_service_pb2

from . import bot_plans, clocks, convert, errors, seats, wire
from .deals import fill_deal
from .events import (FINISHED, RUNNING, WAITING, clocks_event, move_event, resign_event, seat_event, take_back_event,
                     timeout_event, timestamp)
from .records import BOT, HUMAN, RESERVED, GameRecord
from .store import Live, initial_state

KIND = {HUMAN: common_pb2.SEAT_KIND_HUMAN, BOT: common_pb2.SEAT_KIND_BOT}
GET_VIEW_VIEW = wire.field_tag(game_service_pb2.GetViewResponse, "view")


def same_rules(record: GameRecord) -> bool:
    """Whether the game is played under rules this server's engine plays by (its own, or an older
    version it keeps: ``Game.older_versions``)."""
    return registry.get(record.game).plays(record.rules_version)


def check_rules(record: GameRecord, refused: str = "replay its events") -> None:
    """FAILED_PRECONDITION (``errors.rules_changed``) unless the game is played under this
    server's rules; ``refused``: what the call would have done ("play on", ...)."""
    game = registry.get(record.game)
    if not game.plays(record.rules_version):
        raise errors.rules_changed(record.id, record.game, record.rules_version, game.rules_version, refused)


def _seat_or_none(seat: int) -> int | None:
    """A seat for an optional field: None (unset) for the engine's TERMINAL."""
    return None if seat == TERMINAL else seat


# serialized live scores by their JSON (orjson's, a tenth of the repr's cost; the repr where that
# is not exact: NaN and the infinities, which orjson writes as None's null, or what it refuses):
# most moves change nobody's score, and a Struct costs several times the key to build; emptied
# when full (the most a process keeps)
_LIVE_SCORES: dict[bytes | str, bytes] = {}
_LIVE_SCORES_KEPT = 4096


def _score_key(score: dict) -> bytes | str:
    """A key equal for equal scores only (bytes; a str, the repr, where JSON is not exact)."""
    try:
        key = orjson.dumps(score)
    except TypeError:  # (orjson.JSONEncodeError) an int beyond 64 bits, a key that is no str...
        return repr(score)
    return repr(score) if b"null" in key else key


def _live_score(score: dict) -> bytes:
    """A seat's score if the game ended now (``boardbot.engine.core.live_score``), serialized."""
    key = _score_key(score)
    hit = _LIVE_SCORES.get(key)
    if hit is None:
        out = common_pb2.LiveScore(points=score["points"], partial=score["partial"])
        out.breakdown.update(score["breakdown"])
        hit = out.SerializeToString()
        if len(_LIVE_SCORES) >= _LIVE_SCORES_KEPT:
            _LIVE_SCORES.clear()
        _LIVE_SCORES[key] = hit
    return hit


# a legal move's LegalMove.move (the constructor's argument) by game and move: a move's dict
# is the game's function of the move alone, and the views of a game list the same moves
# version after version; emptied when full (the most a process keeps)
_MOVE_ARGS: dict[tuple, dict] = {}
_MOVE_ARGS_KEPT = 8192


def _move_arg(game, name: str, move) -> dict:
    """``convert.constructor_arg`` of the move's dict (``game``: the engine's game ``name``);
    read only (it goes to message constructors)."""
    key = (name, move)
    try:
        hit = _MOVE_ARGS.get(key)
    except TypeError:  # a move that is no key (a list in it): made every time
        return convert.constructor_arg(common_pb2.Move, name, game.move_to_dict(move))
    if hit is None:
        hit = convert.constructor_arg(common_pb2.Move, name, game.move_to_dict(move))
        if len(_MOVE_ARGS) >= _MOVE_ARGS_KEPT:
            _MOVE_ARGS.clear()
        _MOVE_ARGS[key] = hit
    return hit


# a game's config as its summary carries it (GameConfig), serialized, by game and the config's
# repr: the games of a server share a few configs, and converting one costs the summary a
# sixth of its time; emptied when full (the most a process keeps)
_CONFIGS: dict[tuple[str, str], bytes] = {}
_CONFIGS_KEPT = 1024


def _config_bytes(game: str, config: dict) -> bytes:
    """``convert.to_proto`` of ``game``'s ``config`` as a GameConfig, serialized."""
    key = (game, repr(config))
    hit = _CONFIGS.get(key)
    if hit is None:
        hit = convert.to_proto(common_pb2.GameConfig, game, config).SerializeToString()
        if len(_CONFIGS) >= _CONFIGS_KEPT:
            _CONFIGS.clear()
        _CONFIGS[key] = hit
    return hit


class Snapshot:
    """A game's engine state and seat flags at one version.

    Shared (``Snapshot.of`` a store's ``Live``: read-only, and its converted
    views are cached on the ``Live``, i.e. per game, version and seat) or
    private (``Snapshot.initial``, ``Snapshot.current``: replayed with
    ``advance``, never cached)."""

    __slots__ = ("record", "state", "version", "resigned", "cache", "updated")

    def __init__(self, record: GameRecord, state: State, version: int, resigned: list[bool],
                 cache: dict | None = None, updated: float | None = None):
        self.record = record
        self.state = state
        self.version = version
        self.resigned = resigned
        self.cache = cache  # None: private (may be advanced)
        self.updated = updated  # when the version was made (None: not known, as in a replay)

    @classmethod
    def of(cls, live: Live) -> "Snapshot":
        return cls(live.record, live.state, live.version, [s.resigned for s in live.record.seats], live.cache,
                   live.updated)

    @classmethod
    def current(cls, live: Live) -> "Snapshot":
        """A private snapshot of a store's live game (its state copied)."""
        return cls(live.record, live.state.copy(), live.version, [s.resigned for s in live.record.seats],
                   updated=live.updated)

    @classmethod
    def initial(cls, record: GameRecord) -> "Snapshot":
        """Version 0, to replay from. The record's clocks are its current version's, not kept per
        version: a replayed view shows none."""
        state = initial_state(record)  # (its stored initial state, or its deal again)
        if record.clock is not None:
            record = dataclasses.replace(record, clock=None)
        return cls(record, state, 0, [False] * len(record.seats), updated=record.created)

    @classmethod
    def next_of(cls, live: Live) -> "Snapshot":
        """A private snapshot to apply the next event to (copy on write: ``live`` stays as it is)."""
        return cls(live.record, live.state.copy(), live.version, [s.resigned for s in live.record.seats])

    def next_live(self, live: Live, event: dict, views: dict | None = None) -> Live:
        """This snapshot (private, one event past ``live``) as the game's next version:
        ``event`` as observers see it (kept in the new version's cache); ``views``: seat ->
        SeatView of this snapshot already made (they go to the new version's cache too)."""
        if event["kind"] in ("resign", "timeout"):
            self.record = self.record.with_resigned(self.resigned)
        nxt = Live(self.record, self.state, self.version, event["time"], event["time"] if event["finished"] else None,
                   bot_to_move(self), live.seq)
        nxt.cache["event"] = event
        if views:
            nxt.cache.update(views)
        return nxt

    def advance(self, event: dict, describe: bool = True) -> tuple["Snapshot", dict | None]:
        """The snapshot after one stored event (the engine is deterministic: the same state
        results), and, with ``describe``, the event as observers see it (``describe_event``:
        its texts and log, derived by applying it). A private snapshot is advanced in
        place, a shared one copied first."""
        assert event["version"] == self.version + 1, (event["version"], self.version)
        check_rules(self.record)
        out = self
        if self.cache is not None:
            out = Snapshot(self.record, self.state.copy(), self.version, list(self.resigned))
        if event["kind"] == "move":
            state = out.state
            move = state.game.move_from_dict(event["move"])
            if describe:
                full = out.apply_move(event["seat"], move, event["by_bot"], event["time"], event.get("search"))
                return out, full
            state.apply(move)
        elif event["kind"] in ("resign", "timeout"):
            out.resigned[event["seat"]] = True
        elif event["kind"] == "take_back":  # back to an earlier version's state, which the event keeps
            out.state = registry.get(self.record.game).from_dict(event["move"]["state"])
        out.version = event["version"]
        return out, (out.describe(event) if describe else None)

    def apply_move(self, seat: int, move: tuple, by_bot: bool, when: float, search: dict | None = None) -> dict:
        """Apply ``move`` for ``seat`` to this private snapshot, one version on; the event as
        observers see it (``boardbot.server.events.move_event``; ``search``: a bot's search notes)."""
        check_rules(self.record, "play on")
        self.version += 1
        return move_event(self.state, seat, move, by_bot, when, self.version, search)

    def resign_event(self, seat: int, when: float) -> dict:
        """The resignation of ``seat``, already marked in this snapshot, as observers see it."""
        return resign_event(self.version, seat, len(self.resigned), self.finished(), when)

    def describe(self, stored: dict) -> dict:
        """A stored event other than a move, which brought this snapshot to its version, as
        observers see it."""
        kind, seat, n, when = stored["kind"], stored["seat"], len(self.resigned), stored["time"]
        if kind == "resign":
            return self.resign_event(seat, when)
        if kind == "timeout":
            return timeout_event(self.version, seat, n, self.finished(), when)
        if kind == "seat":
            return seat_event(self.version, seat, n, stored["move"]["change"], stored["move"]["name"], when)
        if kind == "take_back":
            return take_back_event(self.version, seat, n, stored["move"]["to"], stored["move"]["state"], when)
        return clocks_event(self.version, seat, n, stored["move"]["down"], when)

    @classmethod
    def seat_change(cls, live: Live, changed: list, seat: int, change: str, name: str,
                    when: float, rated: tuple[str, ...] | None = None) -> tuple["Snapshot", dict]:
        """The game one version past ``live`` with its seats as ``changed`` (``seat``'s ``change``,
        ``boardbot.server.events.seat_event``), its clocks settled, and the event; ``rated``: a
        rated game's entrants from then on (``boardbot.server.ratings.joined``), if they change."""
        snap = cls.next_of(live)
        # a game whose seat changes has a lobby from then on (its seats show their states)
        snap.record = dataclasses.replace(live.record, seats=tuple(changed),
                                          lobby=live.record.lobby or dict(seats.DEFAULT_LOBBY),
                                          rated=live.record.rated if rated is None else rated)
        snap.version += 1
        event = seat_event(snap.version, seat, len(changed), change, name, when)
        snap.settle(seat, False, when)
        return snap, event

    def settle(self, acted: int | None, moved: bool, when: float, timed_out: int | None = None) -> None:
        """Settle the clocks of this private snapshot's new version (its record's seats as they
        are now, ``resigned`` included): see ``boardbot.server.clocks.settle``."""
        if self.record.clock is None:
            return
        record = self.record.with_resigned(self.resigned)
        self.record = clocks.settle(record, seats.running_seat(record, self.state), acted, moved, when, timed_out)

    @property
    def game_name(self) -> str:
        return self.record.game

    def finished(self) -> bool:
        return self.state.decider() == TERMINAL

    def status(self) -> int:
        if self.finished():
            return FINISHED
        return WAITING if seats.waiting(self.record) else RUNNING

    def outcome(self) -> common_pb2.Outcome | None:
        result = self.state.result()
        if result is None:
            return None
        ranks: Sequence[int] = list(result.ranks)
        winners: Sequence[int] = list(result.winners)
        if any(self.resigned) and not all(self.resigned):
            ranks, winners = rank_by([(0 if self.resigned[q] else 1, -result.ranks[q]) for q in range(len(ranks))])
        breakdown = []
        for part in result.breakdown:
            box = struct_pb2.Struct()
            box.update(part)
            breakdown.append(box)
        return common_pb2.Outcome(scores=[float(s) for s in result.scores], winners=winners, ranks=ranks,
                                  breakdown=breakdown)

    def seat_view(self, seat: int | None) -> common_pb2.SeatView:
        """The seat's (None: the spectator's) view and legal moves. Shared snapshots
        cache it: the caller must not change the message (copy it into a response)."""
        cache = self.cache
        if cache is not None:
            hit = cache.get(seat)
            if hit is not None:
                return hit
        state, name = self.state, self.game_name
        decider = state.decider()
        moves: Sequence[tuple] = ()
        status = self.status()
        if (seat is not None and decider == seat and not self.resigned[seat] and same_rules(self.record)
                and status == RUNNING):
            moves = state.legal_moves()
        out = None
        try:
            # the whole message in one constructor call (C): the converter's plan gives the
            # constructor's arguments (enums as numbers, sentinels dropped); boardbot.server.convert.
            # A board's cells (repeated messages of scalars) come apart as bytes kept by value,
            # merged in after: protobuf appends them as the constructor would have
            game, text = state.game, state.move_text
            kept: list = []
            out = common_pb2.SeatView(
                game_id=self.record.id, version=self.version, seat=seat,
                view=convert.kept_arg(common_pb2.View, name, state.view(seat), kept),
                decider=_seat_or_none(decider), status=status,
                legal_moves=[{"id": i, "text": text(m), "move": _move_arg(game, name, m)}
                             for i, m in enumerate(moves)])
            if kept:
                convert.merge_kept(out.view, name, kept)
        except (TypeError, ValueError, AttributeError, KeyError, convert.ProtoMismatch):
            out = None  # the reference path below converts it, or says what does not fit
        if out is None:
            out = common_pb2.SeatView(
                game_id=self.record.id, version=self.version, seat=seat,
                view=convert.to_proto(common_pb2.View, name, state.view(seat)),
                decider=_seat_or_none(decider), status=status)
            game = state.game
            for i, move in enumerate(moves):
                out.legal_moves.add(id=i, text=state.move_text(move),
                                    move=convert.to_proto(common_pb2.Move, name, game.move_to_dict(move)))
        if status == FINISHED:
            outcome = self.outcome()
            if outcome is not None:
                out.outcome.CopyFrom(outcome)
        elif status == RUNNING:
            for q, (own, others) in enumerate(self.live_scores()):  # the seat's own, the others' as all see them
                out.live_scores.add().MergeFromString(own if q == seat else others)
        if self.record.clock is not None:
            out.clocks.CopyFrom(clocks.message(self.record.clock))
        if cache is not None:
            cache[seat] = out
        return out

    def live_scores(self) -> list[tuple[bytes, bytes]]:
        """This version's live scores (``Game.live_scores``), per seat as serialized LiveScore
        messages: as the seat sees its own, as every other viewer sees it. Built once per version
        (cached like ``seat_view``) for all the viewers' views."""
        cache = self.cache
        hit = cache.get("live scores") if cache is not None else None
        if hit is None:
            hit = []
            for own, others in self.state.game.live_scores(self.state) or ():
                mine = _live_score(own)
                hit.append((mine, mine if others is own else _live_score(others)))  # a score that hides nothing: once
            if cache is not None:
                cache["live scores"] = hit
        return hit

    def get_view_answer(self, seat: int | None) -> bytes:
        """GetView's answer for the seat (None: the spectator), serialized: the view's bytes
        in a ``GetViewResponse`` (``boardbot.server.wire``), cached like ``seat_view``."""
        cache = self.cache
        key = ("GetView", seat)
        if cache is not None:
            hit = cache.get(key)
            if hit is not None:
                return hit
        out = wire.field(GET_VIEW_VIEW, self.seat_view(seat).SerializeToString())
        if cache is not None:
            cache[key] = out
        return out

    def game_message(self) -> common_pb2.Game:
        """The public summary (cached like ``seat_view``)."""
        cache = self.cache
        if cache is not None:
            hit = cache.get("game")
            if hit is not None:
                return hit
        rec = self.record
        created = timestamp(rec.created)
        updated = rec.created if self.updated is None else self.updated
        out = common_pb2.Game(
            game_id=rec.id, game_name=rec.game,
            version=self.version, status=self.status(), decider=_seat_or_none(self.state.decider()),
            create_time=created, update_time=created if updated == rec.created else timestamp(updated),
            reproducible=rec.reproducible, rules_version=rec.rules_version, rated=bool(rec.rated))
        out.config.MergeFromString(_config_bytes(rec.game, rec.config))
        if rec.deal_salt:  # unset for a game stored before commitments (its record carries the seed)
            fill_deal(out.deal, rec, self.finished())
        if rec.lobby is None:  # (each seat's message then its kind's, bot's, name's and resignation's alone)
            out.MergeFromString(_seats_bytes(rec, self.resigned))
        else:
            _add_seats(out, rec, self.resigned)
        outcome = self.outcome()
        if outcome is not None:
            out.outcome.CopyFrom(outcome)
        if rec.clock is not None:
            out.clocks.CopyFrom(clocks.message(rec.clock))
        if rec.lobby is not None:
            out.lobby.CopyFrom(seats.lobby_message(rec))
        if cache is not None:
            cache["game"] = out
        return out


def _add_seats(out: common_pb2.Game, rec: GameRecord, resigned: list[bool]) -> None:
    """The summary's seats, added to ``out``."""
    for q, seat in enumerate(rec.seats):
        added = out.seats.add(index=q, kind=KIND[seat.kind], bot=seat.bot, resigned=resigned[q])
        seats.seat_message(rec, q, added)
        if seat.kind == BOT:
            typed = bot_plans.stored_message(seat.bot)
            if typed is not None:
                added.bot_spec.CopyFrom(typed)


# the seats of a summary of a game without lobby options, serialized as a Game holding them alone (merged
# into the summary: protobuf appends repeated fields on a merge), by each seat's kind, bot, name and
# resignation: the games of a server share a few line-ups, and adding them cost a create's summary a
# third of its instructions; emptied when full (the most a process keeps)
_SEATS: dict[tuple, bytes] = {}
_SEATS_KEPT = 4096


def _seats_bytes(rec: GameRecord, resigned: list[bool]) -> bytes:
    key = tuple([(seat.kind, seat.bot, seat.name, resigned[q]) for q, seat in enumerate(rec.seats)])
    hit = _SEATS.get(key)
    if hit is None:
        made = common_pb2.Game()
        _add_seats(made, rec, resigned)
        hit = made.SerializeToString()
        if len(_SEATS) >= _SEATS_KEPT:
            _SEATS.clear()
        _SEATS[key] = hit
    return hit


def bot_to_move(snap: Snapshot) -> bool:
    """Whether the master has to act in this version: it plays the next decision (a bot seat,
    a resigned one, one the stand-in bot plays), or a client's clock runs, which it enforces
    (``boardbot.server.bot_driver``). Nothing while the game waits for players."""
    seat = snap.state.decider()
    record = snap.record
    if seat == TERMINAL:
        return False
    if record.lobby is None and record.clock is None:  # no seat waits, no clock runs (and none stands in)
        return record.seats[seat].kind == BOT or snap.resigned[seat] or seats.stands_in(record, seat)
    if seats.waiting(record):  # a reservation may lapse (the driver opens the seat again)
        return any(s.state == RESERVED for s in record.seats)
    return (record.seats[seat].kind == BOT or snap.resigned[seat] or seats.stands_in(record, seat)
            or seats.running_seat(record, snap.state) is not None)
