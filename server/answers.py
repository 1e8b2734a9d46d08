"""The gRPC port's answers as bytes (GetView's, CreateGame's): the master's own calls, their
answer made of the cached view's (the game summary's) serialization without a copy of it in
a new message (``boardbot.server.wire``). The master's message-returning calls serve the other
ways in. ``master``: the ``boardbot.server.master.GameMaster``."""

from __future__ import annotations

from boardbot.v1 import game_service_pb2

from . import wire
from .calls import Call
from .snapshots import Snapshot

CREATED_GAME = wire.field_tag(game_service_pb2.CreateGameResponse, "game")


async def create_game_answer(master, request: game_service_pb2.CreateGameRequest, call: Call) -> bytes:
    """``create_game``'s answer serialized: the game's summary's bytes, then the tokens."""
    live, tokens, owner = await master._create(request, call)
    return (wire.field(CREATED_GAME, Snapshot.of(live).game_message().SerializeToString())
            + game_service_pb2.CreateGameResponse(seat_tokens=tokens, owner_token=owner).SerializeToString())


async def get_view_answer(master, request: game_service_pb2.GetViewRequest, call: Call) -> bytes:
    """``get_view``'s answer serialized (``Snapshot.get_view_answer``: cached with the view)."""
    snap, seat = await master._viewed(request, call)
    return snap.get_view_answer(seat)
