"""boardbot.v1.GameService over gRPC: a thin adapter over the game master.

Every method hands its request and a ``Call`` (credentials and deadline
from the gRPC context) to ``boardbot.server.master.GameMaster``, which holds
all the authority; ``boardbot.server.rpc`` turns errors into statuses and
logs the call.
"""

from __future__ import annotations

from boardbot.v1 import game_service_pb2_grpc

from .master import GameMaster
from .rpc import rpc


class GameService(game_service_pb2_grpc.GameServiceServicer):
    def __init__(self, master: GameMaster):
        self.master = master

    async def close(self) -> None:
        await self.master.close()

    @rpc
    async def ListGameTypes(self, request, call, context):
        return await self.master.list_game_types(request, call)

    @rpc
    async def CreateGame(self, request, call, context):
        return await self.master.create_game_answer(request, call)  # serialized (boardbot.server.wire)

    @rpc
    async def GetGame(self, request, call, context):
        return await self.master.get_game(request, call)

    @rpc
    async def ListGames(self, request, call, context):
        return await self.master.list_games(request, call)

    @rpc
    async def GetView(self, request, call, context):
        return await self.master.get_view_answer(request, call)  # serialized (boardbot.server.wire)

    @rpc
    async def SubmitMove(self, request, call, context):
        return await self.master.submit_move(request, call)

    @rpc
    async def Resign(self, request, call, context):
        return await self.master.resign(request, call)

    @rpc
    async def TakeBack(self, request, call, context):
        return await self.master.take_back(request, call)

    @rpc
    async def DeleteGame(self, request, call, context):
        return await self.master.delete_game(request, call)

    @rpc
    async def JoinGame(self, request, call, context):
        return await self.master.join_game(request, call)

    @rpc
    async def LeaveGame(self, request, call, context):
        return await self.master.leave_game(request, call)

    @rpc
    async def Rematch(self, request, call, context):
        return await self.master.rematch(request, call)

    @rpc
    async def ListOpenGames(self, request, call, context):
        return await self.master.list_open_games(request, call)

    @rpc
    async def CreateQueue(self, request, call, context):
        return await self.master.create_queue(request, call)

    @rpc
    async def JoinQueue(self, request, call, context):
        return await self.master.join_queue(request, call)

    @rpc
    async def WaitForMatch(self, request, call, context):
        return await self.master.wait_for_match(request, call)

    @rpc
    async def LeaveQueue(self, request, call, context):
        return await self.master.leave_queue(request, call)

    @rpc
    async def WatchGame(self, request, call, context):
        async for item in self.master.watch_game(request, call):
            yield item

    @rpc
    async def PlayGame(self, request, call, context):
        async for item in self.master.play_game(request, call):
            yield item

    @rpc
    async def CreateBotAccount(self, request, call, context):
        return await self.master.create_bot_account(request, call)

    @rpc
    async def InviteBot(self, request, call, context):
        return await self.master.invite_bot(request, call)

    @rpc
    async def ConnectBot(self, request, call, context):
        async for item in self.master.connect_bot(request, call):
            yield item

    @rpc
    async def GetGameRecord(self, request, call, context):
        return await self.master.get_game_record(request, call)

    @rpc
    async def GetLeaderboard(self, request, call, context):
        return await self.master.get_leaderboard(request, call)
