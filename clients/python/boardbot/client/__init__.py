"""A thin typed helper over the generated stubs, for bot authors and tools.

    from boardbot.client import Client

    with Client("127.0.0.1:50051") as client:
        game = client.create_game("frogriders", seats=["human", "random"])
        me = game.seat(0)
        for event, view in me.watch():
            if view.finished:
                print(view.outcome)
                break
            if view.my_turn:
                me.play(move_id=0, expected_version=view.version)   # or text=..., or move={...}

Views, moves and configs are plain dicts in the protobuf JSON mapping of the
per-game messages, with the .proto field names (``View.state``,
``LegalMove.move``): enum values by name (``"FROCCS_PHASE_REACT"``), an unset
optional field absent (a spectator's view has no ``seat``; see
docs/api-contract.md). ``View.message`` is the ``SeatView`` itself. Errors are
``grpc.RpcError``; ``error_details`` decodes their ``google.rpc`` details.

A server with TLS (``boardbot serve --tls-cert``): ``Client(address,
credentials=tls_credentials(ca_file="ca.pem"))``, with ``cert_file`` and
``key_file`` too where it asks for client certificates (``--tls-client-ca``).
Calls that may safely be sent twice are retried by gRPC when the connection
they were sent on was closing (UNAVAILABLE): the server ends every connection
after ``--max-connection-age`` so clients rebalance, and a call can lose that
race (``RETRY_POLICY``).

The same client for asyncio programs (a Discord bot, an aiohttp or FastAPI
backend): ``boardbot.client.aio``, with the same calls awaited. Both send what
``boardbot.client._core`` builds (requests, views, error details, the retry and
resume rules are written once), and with OpenTelemetry installed both send the
caller's trace context (``boardbot.client._tracing``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence, TypeVar

import grpc

from . import _core as calls
from ._core import (GAME_ONEOF, HUMAN, OPEN, RESUME_ATTEMPTS, RESUME_BACKOFF, RETRIED_CALLS, RETRY_POLICY, Event,
                    LegalMove, LiveScore, SeatCalls, Ticket, Unary, View, error_details, game_message, message_dict,
                    service_config, tls_credentials)
from ._tracing import unary_span
from ..v1 import bot_service_pb2, common_pb2, game_record_pb2, game_service_pb2, ratings_pb2

__all__ = ["Client", "Game", "Seat", "Ticket", "View", "Event", "LegalMove", "LiveScore", "HUMAN", "OPEN",
           "error_details", "tls_credentials", "message_dict", "game_message", "service_config", "RETRIED_CALLS",
           "RETRY_POLICY", "RESUME_ATTEMPTS", "RESUME_BACKOFF", "GAME_ONEOF"]

T = TypeVar("T")


class Client(calls.Connection):
    """A connection to a boardbot server (``credentials``: see ``tls_credentials``)."""

    def __init__(self, address: str, timeout: float = 30.0, credentials: grpc.ChannelCredentials | None = None):
        super().__init__(address, timeout, credentials, grpc)

    def close(self) -> None:
        self.channel.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, call: Unary[T]) -> T:
        """Make ``call`` (built by ``boardbot.client._core``) and read its answer."""
        with unary_span(call.name, call.metadata) as metadata:
            response = self.method(call)(call.request, metadata=metadata, timeout=call.timeout or self.timeout)
        return call.parse(response)

    def wait_ready(self, timeout: float = 10.0) -> None:
        grpc.channel_ready_future(self.channel).result(timeout=timeout)

    def game_types(self) -> list[common_pb2.GameType]:
        return self.send(calls.game_types())

    def create_game(self, game: str, config: Mapping[str, Any] | common_pb2.GameConfig | None = None,
                    seats: Sequence[str | common_pb2.BotSpec] = (), seed: int | None = None,
                    reproducible: bool = False, rated: bool = False, player_names: Sequence[str] = (),
                    clock: common_pb2.ClockOptions | Mapping[str, Any] | None = None,
                    lobby: common_pb2.LobbyOptions | Mapping[str, Any] | None = None) -> "Game":
        """Start a game (``boardbot.client._core.create_game`` says what each argument means)."""
        return Game(self, *calls.created_game(self.send(calls.create_game(
            game, config, seats, seed, reproducible, rated, player_names, clock=clock, lobby=lobby))))

    def join_game(self, game_id: str, seat: int | None = None, name: str = "") -> "Seat":
        """Reserve an open seat (``seat``, or the first open one): the seat, with its token.
        Its first call (``view``, ``watch``, ``play``) takes it up before the reservation
        lapses (``JoinGameResponse.reservation_expire_time``)."""
        joined = self.send(calls.join_game(game_id, seat, name))
        return Seat(self, game_id, joined.seat_token.seat, joined.seat_token.token)

    def create_queue(self, game: str, config: Mapping[str, Any] | common_pb2.GameConfig | None = None,
                     backfill_after: float | None = None, backfill_bot: str | common_pb2.BotSpec = "",
                     clock: common_pb2.ClockOptions | Mapping[str, Any] | None = None,
                     lobby: common_pb2.LobbyOptions | Mapping[str, Any] | None = None) -> game_service_pb2.MatchQueue:
        """A matchmaking queue (``boardbot.client._core.create_queue``)."""
        return self.send(calls.create_queue(game, config, backfill_after, backfill_bot, clock, lobby))

    def join_queue(self, queue_id: str, name: str = "") -> Ticket:
        """Ask to play in a queue: a ticket to wait on (``match``)."""
        return calls.joined_queue(queue_id, self.send(calls.join_queue(queue_id, name)))

    def wait_for_match(self, ticket: Ticket, timeout: float | None = None) -> "Seat | None":
        """One WaitForMatch (the server waits up to 20 s, or ``timeout``): the seat, once matched."""
        answer = self.send(ticket.wait_call(timeout))
        return Seat(self, answer.game_id, answer.seat, ticket.token) if answer.HasField("game_id") else None

    def match(self, ticket: Ticket, seconds: float = 120.0) -> "Seat":
        """Wait until the ticket is matched (at most ``seconds``; TimeoutError after): its seat."""
        until = time.monotonic() + seconds
        while (seat := self.wait_for_match(ticket, min(calls.MATCH_WAIT, max(0.1, until - time.monotonic())))) is None:
            if time.monotonic() >= until:
                raise TimeoutError(f"no match within {seconds} s")
        return seat

    def leave_queue(self, ticket: Ticket) -> None:
        self.send(ticket.leave_call())

    def list_open_games(self, page_size: int = 0, game: str = "", players: int | None = None,
                        clock: common_pb2.ClockKind | None = None) -> Iterator[common_pb2.Game]:
        """Games with an open seat (of ``game``, of ``players`` players, of that clock kind:
        CLOCK_KIND_UNSPECIFIED for games without a clock)."""
        pages = calls.OpenGamePages(page_size, game, players, clock)
        while not pages.done:
            yield from self.send(pages.call())

    def get_game(self, game_id: str) -> common_pb2.Game:
        return self.send(calls.get_game(game_id))

    def list_games(self, page_size: int = 0, game: str = "") -> Iterator[common_pb2.Game]:
        pages = calls.GamePages(page_size, game)
        while not pages.done:
            yield from self.send(pages.call())

    def seat(self, game_id: str, seat: int | None, token: str | None = None) -> "Seat":
        return Seat(self, game_id, seat, token)

    def choose_move(self, game: str, view: View | common_pb2.View | Mapping[str, Any],
                    bot: str | common_pb2.BotSpec = "",
                    seconds: float | None = None, iterations: int | None = None, seed: int | None = None,
                    timeout: float | None = None) -> bot_service_pb2.ChooseMoveResponse:
        """BotService.ChooseMove: a move for the seat whose view this is (a View, its
        message, or its dict). ``timeout`` is the call's deadline."""
        return self.send(calls.choose_move(game, view, bot, seconds, iterations, seed, timeout))

    def serving_stats(self) -> bot_service_pb2.GetServingStatsResponse:
        return self.send(calls.serving_stats())

    def list_bots(self, game: str = "") -> list[bot_service_pb2.BotOffer]:
        """The bots the server offers (``boardbot.client._core.list_bots``)."""
        return self.send(calls.list_bots(game))

    @staticmethod
    def _follow(cursor: calls.WatchCursor, open_stream: Any) -> Iterator[Any]:
        """What ``cursor`` accepts of the stream ``open_stream`` opens, opened again as it says."""
        while (opening := cursor.opening()) is not None:
            stream = open_stream(opening.request, metadata=opening.metadata)
            try:
                for item in stream:
                    if (seen := cursor.accept(item)) is not None:
                        yield seen
                cursor.finished()
            except grpc.RpcError as err:
                time.sleep(cursor.failed(err))
            finally:
                cursor.closed()
                stream.cancel()  # a caller that stops reading frees the server's watch slot at once

    def create_bot_account(self, name: str) -> game_service_pb2.CreateBotAccountResponse:
        """A bot account: ``name`` (unique, shown to other players) and its secret ``bot_token``."""
        return self.send(calls.create_bot_account(name))

    def bot_decisions(self, bot_token: str, resume: bool = True) -> Iterator[game_service_pb2.ConnectBotResponse]:
        """A bot account's one stream (GameService.ConnectBot): GAME_START for each game it sits in
        (``seat_token``: play it with ``seat(game_id, seat, seat_token)``), then that game's PlayGame
        messages as PLAY (``play``: DECISION, WAIT, and GAME_OVER, SEAT_OUT or SEAT_REPLACED last),
        until the caller stops; opened again after a disconnect from each game's last version
        seen (``boardbot.client._core.BotCursor``)."""
        yield from self._follow(calls.BotCursor(bot_token, resume), self.stub.ConnectBot)

    def delete_game(self, game_id: str, owner_token: str) -> None:
        self.send(calls.delete_game(game_id, owner_token))

    def leaderboard(self, game: str, config: Mapping[str, Any] | common_pb2.GameConfig | None = None,
                    page_size: int = 0) -> Iterator[ratings_pb2.RatingEntry]:
        """GetLeaderboard, every page: the ratings of ``game`` in ``config`` (defaults for what is
        unset), best first."""
        pages = calls.LeaderboardPages(game, config, page_size)
        while not pages.done:
            yield from self.send(pages.call())

    def game_record(self, game_id: str, seat: int | None = None, token: str | None = None) -> game_record_pb2.GameRecord:
        """The game's record (``boardbot.client._core.game_record``): complete once it is over."""
        return self.send(calls.game_record(game_id, seat, token))


@dataclass
class Game(calls.GameCalls["Seat"]):
    """A game created through this client, with its secrets: ``seat(n)``, ``spectator()``."""

    client: Client

    def info(self) -> common_pb2.Game:
        return self.client.get_game(self.game_id)

    def invite_bot(self, seat: int, bot_name: str) -> common_pb2.Game:
        """Offer the open ``seat`` to the bot account ``bot_name`` (its ``bot_decisions`` stream takes it)."""
        return self.client.send(calls.invite_bot(self.game_id, seat, bot_name, self.owner_token))

    def withdraw_bot(self, seat: int, bot_name: str) -> common_pb2.Game:
        """Withdraw the offer of ``seat`` to ``bot_name`` before the bot took it up: an ordinary open seat again
        (FAILED_PRECONDITION BOT_NOT_OFFERED otherwise)."""
        return self.client.send(calls.invite_bot(self.game_id, seat, bot_name, self.owner_token, withdraw=True))

    def delete(self) -> None:
        self.client.delete_game(self.game_id, self.owner_token)


class Seat(SeatCalls):
    """Acting as one seat (or watching as a spectator when ``seat`` is None)."""

    def __init__(self, client: Client, game_id: str, seat: int | None, token: str | None):
        super().__init__(game_id, seat, token)
        self.client = client

    def view(self) -> View:
        return self.client.send(self.view_call())

    def play(self, move_id: int | None = None, *, text: str | None = None, move: Mapping[str, Any] | None = None,
             expected_version: int | None = None, request_id: str | None = None,
             game: str | None = None) -> game_service_pb2.SubmitMoveResponse:
        """Make a move by id, by text, or as a move dict (then ``game`` names the game)."""
        return self.client.send(self.play_call(move_id, text, move, expected_version, request_id, game))

    def suggest(self, bot: str | common_pb2.BotSpec = "", seconds: float | None = None,
                iterations: int | None = None, seed: int | None = None,
                timeout: float | None = None) -> bot_service_pb2.SuggestMoveResponse:
        """BotService.SuggestMove for this seat (nothing is played). ``bot``: a spec string
        or a typed ``BotSpec`` (default ismcts:medium); ``seconds``/``iterations`` replace
        its budget; ``timeout`` is the call's deadline (the search answers before it)."""
        return self.client.send(self.suggest_call(bot, seconds, iterations, seed, timeout))

    def resign(self) -> common_pb2.Game:
        return self.client.send(self.resign_call())

    def take_back(self, expected_version: int | None = None) -> game_service_pb2.TakeBackResponse:
        """Take this seat's last move back (an unrated game without clocks, against bots only): the
        game goes back to the seat's last decision as a new version; ``expected_version``: refused
        (ABORTED) unless the game is still at it, so a retry takes no second move back."""
        return self.client.send(self.take_back_call(expected_version))

    def leave(self) -> common_pb2.Game:
        """Leave the seat without resigning (``come_back`` reclaims it)."""
        return self.client.send(self.leave_call())

    def come_back(self) -> common_pb2.Game:
        return self.client.send(self.come_back_call())

    def rematch(self) -> "Seat":
        """This seat in the finished game's rematch (the same token holds it)."""
        answer = self.client.send(self.rematch_call())
        return Seat(self.client, answer.game.game_id, answer.seat_token.seat, answer.seat_token.token)

    def record(self) -> game_record_pb2.GameRecord:
        """The game's record as this seat may see it (complete once the game is over)."""
        return self.client.send(self.record_call())

    def watch(self, from_version: int | None = None, resume: bool = True) -> Iterator[tuple[Event | None, View]]:
        """(None, first view), then (event, view after it) per version, until the game ends;
        a stream the server ends early is opened again (``boardbot.client._core.WatchCursor``
        says when; ``resume=False`` raises instead)."""
        yield from Client._follow(self.watch_cursor(from_version, resume), self.client.stub.WatchGame)

    def decisions(self, from_version: int | None = None, resume: bool = True,
                  waits: bool = False) -> Iterator[game_service_pb2.PlayGameResponse]:
        """This seat played from elsewhere (GameService.PlayGame): each decision (kind
        PLAY_EVENT_KIND_DECISION: ``view`` with its legal moves, ``deadline``, ``time_left``,
        the seat's ``failures``), answered with ``play(..., expected_version=d.view.version)``,
        and last the stream's end (GAME_OVER, SEAT_OUT or SEAT_REPLACED); the WAIT messages
        too with ``waits``. A stream the server ends early is opened again from the last
        version seen (``boardbot.client._core.DecisionCursor``)."""
        yield from Client._follow(self.decision_cursor(from_version, resume, waits), self.client.stub.PlayGame)
