"""The client for asyncio programs, on ``grpc.aio``: ``boardbot.client``'s calls, awaited.

    import asyncio
    from boardbot.client.aio import Client

    async def main():
        async with Client("127.0.0.1:50051") as client:
            game = await client.create_game("frogriders", seats=["human", "ismcts:easy"])
            me = game.seat(0)
            async for event, view in me.watch():
                if view.finished:
                    print(view.outcome)
                    break
                if view.my_turn:
                    hint = await me.suggest(seconds=0.2)     # the loop serves others meanwhile
                    await me.play(move_id=hint.move.id, expected_version=view.version)

    asyncio.run(main())

The same surface as the blocking client (``create_game``, ``Seat.view``, ``play``,
``suggest``, ``resign``, ``watch`` as an async iterator with the same resume rules,
``list_games`` as an async iterator, ``choose_move``, ``serving_stats``, ``list_bots``,
``delete_game``, ``game_record`` and ``Seat.record``, ``leaderboard``; ``credentials=tls_credentials(...)`` for TLS), the same views,
events and error details (errors are ``grpc.aio.AioRpcError``, a ``grpc.RpcError``:
``error_details`` reads them), and the same channel retry policy: both clients send
what ``boardbot.client._core`` builds. Cancelling the task that awaits a call
cancels the call; the server then stops its work (a SuggestMove's search ends).
Make the client inside the event loop that uses it (``grpc.aio`` binds a channel to
its loop).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, AsyncIterator, Mapping, Sequence, TypeVar

import grpc
import grpc.aio

from . import _core as calls
from ._core import (HUMAN, OPEN, Event, LegalMove, LiveScore, SeatCalls, Ticket, Unary, View, error_details, game_message,
                    message_dict, tls_credentials)
from ._tracing import unary_span
from ..v1 import bot_service_pb2, common_pb2, game_record_pb2, game_service_pb2, ratings_pb2

__all__ = ["Client", "Game", "Seat", "Ticket", "View", "Event", "LegalMove", "LiveScore", "HUMAN", "OPEN",
           "error_details", "tls_credentials", "message_dict", "game_message"]

T = TypeVar("T")


class Client(calls.Connection):
    """A ``grpc.aio`` connection to a boardbot server (``credentials``: see ``tls_credentials``)."""

    def __init__(self, address: str, timeout: float = 30.0, credentials: grpc.ChannelCredentials | None = None):
        super().__init__(address, timeout, credentials, grpc.aio)

    async def close(self) -> None:
        await self.channel.close()

    async def __aenter__(self) -> "Client":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def send(self, call: Unary[T]) -> T:
        """Make ``call`` (built by ``boardbot.client._core``) and read its answer."""
        with unary_span(call.name, call.metadata) as metadata:
            response = await self.method(call)(call.request, metadata=metadata, timeout=call.timeout or self.timeout)
        return call.parse(response)

    async def wait_ready(self, timeout: float = 10.0) -> None:
        await asyncio.wait_for(self.channel.channel_ready(), timeout)

    async def game_types(self) -> list[common_pb2.GameType]:
        return await self.send(calls.game_types())

    async def create_game(self, game: str, config: Mapping[str, Any] | common_pb2.GameConfig | None = None,
                          seats: Sequence[str | common_pb2.BotSpec] = (), seed: int | None = None,
                          reproducible: bool = False, rated: bool = False, player_names: Sequence[str] = (),
                          clock: common_pb2.ClockOptions | Mapping[str, Any] | None = None,
                          lobby: common_pb2.LobbyOptions | Mapping[str, Any] | None = None) -> "Game":
        """Start a game (``boardbot.client._core.create_game`` says what each argument means)."""
        reply = await self.send(calls.create_game(game, config, seats, seed, reproducible, rated, player_names,
                                                  clock=clock, lobby=lobby))
        return Game(self, *calls.created_game(reply))

    async def join_game(self, game_id: str, seat: int | None = None, name: str = "") -> "Seat":
        """Reserve an open seat (``boardbot.client.Client.join_game``)."""
        joined = await self.send(calls.join_game(game_id, seat, name))
        return Seat(self, game_id, joined.seat_token.seat, joined.seat_token.token)

    async def create_queue(self, game: str, config: Mapping[str, Any] | common_pb2.GameConfig | None = None,
                           backfill_after: float | None = None, backfill_bot: str | common_pb2.BotSpec = "",
                           clock: common_pb2.ClockOptions | Mapping[str, Any] | None = None,
                           lobby: common_pb2.LobbyOptions | Mapping[str, Any] | None = None,
                           ) -> game_service_pb2.MatchQueue:
        """A matchmaking queue (``boardbot.client.Client.create_queue``)."""
        return await self.send(calls.create_queue(game, config, backfill_after, backfill_bot, clock, lobby))

    async def join_queue(self, queue_id: str, name: str = "") -> Ticket:
        """Ask to play in a queue: a ticket to wait on (``match``)."""
        return calls.joined_queue(queue_id, await self.send(calls.join_queue(queue_id, name)))

    async def wait_for_match(self, ticket: Ticket, timeout: float | None = None) -> "Seat | None":
        """One WaitForMatch (``boardbot.client.Client.wait_for_match``)."""
        answer = await self.send(ticket.wait_call(timeout))
        return Seat(self, answer.game_id, answer.seat, ticket.token) if answer.HasField("game_id") else None

    async def match(self, ticket: Ticket, seconds: float = 120.0) -> "Seat":
        """Wait until the ticket is matched (at most ``seconds``; TimeoutError after): its seat."""
        loop = asyncio.get_running_loop()
        until = loop.time() + seconds
        while (seat := await self.wait_for_match(ticket, min(calls.MATCH_WAIT, max(0.1, until - loop.time())))) is None:
            if loop.time() >= until:
                raise TimeoutError(f"no match within {seconds} s")
        return seat

    async def leave_queue(self, ticket: Ticket) -> None:
        await self.send(ticket.leave_call())

    async def list_open_games(self, page_size: int = 0, game: str = "", players: int | None = None,
                              clock: common_pb2.ClockKind | None = None) -> AsyncIterator[common_pb2.Game]:
        """Games with an open seat (``boardbot.client.Client.list_open_games``)."""
        pages = calls.OpenGamePages(page_size, game, players, clock)
        while not pages.done:
            for listed in await self.send(pages.call()):
                yield listed

    async def get_game(self, game_id: str) -> common_pb2.Game:
        return await self.send(calls.get_game(game_id))

    async def list_games(self, page_size: int = 0, game: str = "") -> AsyncIterator[common_pb2.Game]:
        pages = calls.GamePages(page_size, game)
        while not pages.done:
            for listed in await self.send(pages.call()):
                yield listed

    def seat(self, game_id: str, seat: int | None, token: str | None = None) -> "Seat":
        return Seat(self, game_id, seat, token)

    async def choose_move(self, game: str, view: View | common_pb2.View | Mapping[str, Any],
                          bot: str | common_pb2.BotSpec = "",
                          seconds: float | None = None, iterations: int | None = None, seed: int | None = None,
                          timeout: float | None = None) -> bot_service_pb2.ChooseMoveResponse:
        """BotService.ChooseMove (``boardbot.client.Client.choose_move``)."""
        return await self.send(calls.choose_move(game, view, bot, seconds, iterations, seed, timeout))

    async def serving_stats(self) -> bot_service_pb2.GetServingStatsResponse:
        return await self.send(calls.serving_stats())

    async def list_bots(self, game: str = "") -> list[bot_service_pb2.BotOffer]:
        """BotService.ListBots (``boardbot.client.Client.list_bots``)."""
        return await self.send(calls.list_bots(game))

    async def delete_game(self, game_id: str, owner_token: str) -> None:
        await self.send(calls.delete_game(game_id, owner_token))

    async def leaderboard(self, game: str, config: Mapping[str, Any] | common_pb2.GameConfig | None = None,
                          page_size: int = 0) -> AsyncIterator[ratings_pb2.RatingEntry]:
        """GetLeaderboard, every page (``boardbot.client.Client.leaderboard``)."""
        pages = calls.LeaderboardPages(game, config, page_size)
        while not pages.done:
            for entry in await self.send(pages.call()):
                yield entry

    async def game_record(self, game_id: str, seat: int | None = None,
                          token: str | None = None) -> game_record_pb2.GameRecord:
        """The game's record (``boardbot.client._core.game_record``): complete once it is over."""
        return await self.send(calls.game_record(game_id, seat, token))


    async def create_bot_account(self, name: str) -> game_service_pb2.CreateBotAccountResponse:
        """A bot account (``boardbot.client.Client.create_bot_account``)."""
        return await self.send(calls.create_bot_account(name))

    async def bot_decisions(self, bot_token: str,
                            resume: bool = True) -> AsyncIterator[game_service_pb2.ConnectBotResponse]:
        """A bot account's one stream (``boardbot.client.Client.bot_decisions``)."""
        async for seen in self._follow(calls.BotCursor(bot_token, resume), self.stub.ConnectBot):
            yield seen

    @staticmethod
    async def _follow(cursor: calls.WatchCursor, open_stream: Any) -> AsyncIterator[Any]:
        """What ``cursor`` accepts of the stream ``open_stream`` opens, opened again as it says."""
        while (opening := cursor.opening()) is not None:
            stream = open_stream(opening.request, metadata=opening.metadata)
            try:
                async for item in stream:
                    if (seen := cursor.accept(item)) is not None:
                        yield seen
                cursor.finished()
            except grpc.RpcError as err:
                await asyncio.sleep(cursor.failed(err))
            finally:
                cursor.closed()
                stream.cancel()  # a caller that stops reading frees the server's watch slot at once


@dataclass
class Game(calls.GameCalls["Seat"]):
    """A game created through this client, with its secrets: ``seat(n)``, ``spectator()``."""

    client: Client

    async def info(self) -> common_pb2.Game:
        return await self.client.get_game(self.game_id)

    async def delete(self) -> None:
        await self.client.delete_game(self.game_id, self.owner_token)

    async def invite_bot(self, seat: int, bot_name: str) -> common_pb2.Game:
        """Offer the open ``seat`` to a bot account (``boardbot.client.Game.invite_bot``)."""
        return await self.client.send(calls.invite_bot(self.game_id, seat, bot_name, self.owner_token))

    async def withdraw_bot(self, seat: int, bot_name: str) -> common_pb2.Game:
        """Withdraw the offer of a seat to a bot account (``boardbot.client.Game.withdraw_bot``)."""
        return await self.client.send(calls.invite_bot(self.game_id, seat, bot_name, self.owner_token, withdraw=True))


class Seat(SeatCalls):
    """Acting as one seat (or watching as a spectator when ``seat`` is None)."""

    def __init__(self, client: Client, game_id: str, seat: int | None, token: str | None):
        super().__init__(game_id, seat, token)
        self.client = client

    async def view(self) -> View:
        return await self.client.send(self.view_call())

    async def play(self, move_id: int | None = None, *, text: str | None = None,
                   move: Mapping[str, Any] | None = None, expected_version: int | None = None,
                   request_id: str | None = None, game: str | None = None) -> game_service_pb2.SubmitMoveResponse:
        """Make a move by id, by text, or as a move dict (then ``game`` names the game)."""
        return await self.client.send(self.play_call(move_id, text, move, expected_version, request_id, game))

    async def suggest(self, bot: str | common_pb2.BotSpec = "", seconds: float | None = None,
                      iterations: int | None = None,
                      seed: int | None = None, timeout: float | None = None) -> bot_service_pb2.SuggestMoveResponse:
        """BotService.SuggestMove for this seat (``boardbot.client.Seat.suggest``); cancelling
        the awaiting task stops the server's search."""
        return await self.client.send(self.suggest_call(bot, seconds, iterations, seed, timeout))

    async def resign(self) -> common_pb2.Game:
        return await self.client.send(self.resign_call())

    async def take_back(self, expected_version: int | None = None) -> game_service_pb2.TakeBackResponse:
        """Take this seat's last move back (an unrated game without clocks, against bots only): the
        game goes back to the seat's last decision as a new version; ``expected_version``: refused
        (ABORTED) unless the game is still at it, so a retry takes no second move back."""
        return await self.client.send(self.take_back_call(expected_version))

    async def leave(self) -> common_pb2.Game:
        """Leave the seat without resigning (``come_back`` reclaims it)."""
        return await self.client.send(self.leave_call())

    async def come_back(self) -> common_pb2.Game:
        return await self.client.send(self.come_back_call())

    async def rematch(self) -> "Seat":
        """This seat in the finished game's rematch (the same token holds it)."""
        answer = await self.client.send(self.rematch_call())
        return Seat(self.client, answer.game.game_id, answer.seat_token.seat, answer.seat_token.token)

    async def record(self) -> game_record_pb2.GameRecord:
        """The game's record as this seat may see it (complete once the game is over)."""
        return await self.client.send(self.record_call())

    async def watch(self, from_version: int | None = None,
                    resume: bool = True) -> AsyncIterator[tuple[Event | None, View]]:
        """(None, first view), then (event, view after it) per version, until the game ends;
        a stream the server ends early is opened again (``boardbot.client._core.WatchCursor``
        says when; ``resume=False`` raises instead)."""
        async for seen in Client._follow(self.watch_cursor(from_version, resume), self.client.stub.WatchGame):
            yield seen

    async def decisions(self, from_version: int | None = None, resume: bool = True,
                        waits: bool = False) -> AsyncIterator[game_service_pb2.PlayGameResponse]:
        """The seat's decisions, then the stream's end (the blocking client's ``Seat.decisions``)."""
        async for seen in Client._follow(self.decision_cursor(from_version, resume, waits), self.client.stub.PlayGame):
            yield seen
