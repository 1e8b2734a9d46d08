"""boardbot.v1.BotService over gRPC: a thin adapter over ``boardbot.server.advisor``.

The AI as a service (SuggestMove for a hosted game's seat, the stateless
ChooseMove, GetServingStats, ListBots) is answered by ``BotAdvisor``, which reaches
hosted games only through the game master; ``boardbot.server.rpc`` makes the
``Call``, turns errors into statuses and logs the call.
"""

from __future__ import annotations

from boardbot.v1 import bot_service_pb2_grpc

from .advisor import BotAdvisor
from .rpc import rpc


class BotService(bot_service_pb2_grpc.BotServiceServicer):
    def __init__(self, advisor: BotAdvisor):
        self.advisor = advisor
        self.master = advisor.master  # what ``rpc`` counts each call with (quotas)

    @rpc
    async def SuggestMove(self, request, call, context):
        return await self.advisor.suggest_move(request, call)

    @rpc
    async def ChooseMove(self, request, call, context):
        return await self.advisor.choose_move(request, call)

    @rpc
    async def GetServingStats(self, request, call, context):
        return await self.advisor.get_serving_stats(request, call)

    @rpc
    async def ListBots(self, request, call, context):
        return await self.advisor.list_bots(request, call)
