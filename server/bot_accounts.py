"""Bot accounts and their one stream (Lichess's Bot API is the model): CreateBotAccount,
InviteBot and ConnectBot, the game master's calls (``master``: the ``GameMaster``).

A bot account is a name (unique, shown to other players) and a secret bot token; the store's
documents keep ``bot-account/<name>`` (the token's SHA-256) and ``bot-token/<sha-256>`` (the
name), as other documents (matchmaking's queues). A game's owner offers an open seat to a bot
(InviteBot): the seat stays open with the bot's name on it, which nobody else may join
(``seats.is_free``), and the game goes into the bot's list, ``bot-games/<name>``
(``MAX_BOT_GAMES`` at most). The owner may withdraw the offer (InviteBot ``withdraw``) until
the bot has taken the seat: the seat is an ordinary open seat again, out of the bot's list.

ConnectBot is the bot's one stream: every ``POLL_SECONDS`` it reads the bot's list, takes
each seat offered to it (an EVENT_KIND_SEAT "taken", under the bot's name) and sends
BOT_EVENT_KIND_GAME_START with the seat's token, then that game's PlayGame messages as
BOT_EVENT_KIND_PLAY. Each game is the seat's own PlayGame (``boardbot.server.playing``:
its watch slots, resume by version, deadlines, failures and replacement), run as a task that
puts its messages on one queue of ``QUEUE_SIZE`` (a bot that does not read holds every
game's task, and the transport ends the stream, as any unread stream). The seat's token is
derived from the bot token (an HMAC of the game and seat), so the server stores only its hash
and a new connection gives the same one: after a disconnect ConnectBot goes on in every game
(from the versions ``resume`` names, else from now). A game leaves the list when its
PlayGame stream ends (the game is over, or the seat is out or replaced). Nothing here names
a game.
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import hashlib
import hmac
import time
from typing import AsyncIterator

import structlog

from boardbot.v1 import game_service_pb2

from . import errors, playing
from .access import new_token, token_digest
from .calls import Call
from .creation import take_creation
from .events import now
from .lobby import commit_seat
from .records import HUMAN, OPEN, TAKEN
from .seats import MAX_NAME, is_free
from .snapshots import Snapshot

log = structlog.get_logger("boardbot.server")

MAX_BOT_GAMES = 32  # games one bot sits in or is offered at once (each is a watch stream of the client's)
POLL_SECONDS = 1.0  # how often ConnectBot reads the bot's list of games
QUEUE_SIZE = 64  # ConnectBot messages waiting for the bot to read them, from all its games
MAX_ID_LENGTH = 128
GAME_START, PLAY = game_service_pb2.BOT_EVENT_KIND_GAME_START, game_service_pb2.BOT_EVENT_KIND_PLAY
CAS_ATTEMPTS = 5


def _account_key(name: str) -> str:
    return f"bot-account/{name}"


def _token_key(digest: str) -> str:
    return f"bot-token/{digest}"


def _games_key(name: str) -> str:
    return f"bot-games/{name}"


def seat_token(bot_token: str, game_id: str, seat: int) -> str:
    """The token of the seat a bot sits at: the same at each of its connections, nobody's without its bot token."""
    digest = hmac.new(bot_token.encode(), f"{game_id}:{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def bot_name_of(value: str, field: str) -> str:
    name = " ".join(value.split())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise errors.invalid(field, f"{field} must be 1 to {MAX_NAME} printable characters", "BAD_NAME")
    return name


async def _update_games(store, name: str, change) -> list | None:
    """The bot's list of [game id, seat] changed by ``change`` (compare-and-set); the new list."""
    for _ in range(CAS_ATTEMPTS):
        found = await store.get_doc(_games_key(name))
        version, value = found if found is not None else (0, {"games": []})
        games = change([list(g) for g in value["games"]])
        if await store.put_doc(_games_key(name), version, {"games": games}):
            return games
    return None


async def create_bot_account(master, request: game_service_pb2.CreateBotAccountRequest,
                             call: Call) -> game_service_pb2.CreateBotAccountResponse:
    take_creation(master, call, "CreateBotAccount")
    name = bot_name_of(request.name, "name")
    token = new_token()
    digest = token_digest(token)
    if not await master.store.put_doc(_account_key(name), 0, {"token": digest, "created": time.time()}):
        raise errors.precondition("BOT_NAME_TAKEN", f"bots/{name}", f"a bot account named {name!r} exists")
    await master.store.put_doc(_token_key(digest), 0, {"name": name})
    log.info("bot_account_created", bot=name)
    return game_service_pb2.CreateBotAccountResponse(name=name, bot_token=token)


async def invite_bot(master, request: game_service_pb2.InviteBotRequest,
                     call: Call) -> game_service_pb2.InviteBotResponse:
    live = await master.live(request.game_id, call)
    record = live.record
    token = call.token()
    if token is None:
        raise errors.unauthenticated("InviteBot needs the game's owner token in the metadata")
    if not hmac.compare_digest(token_digest(token), record.owner):
        raise errors.permission_denied("only the game's owner token can invite a bot")
    n = len(record.seats)
    if not 0 <= request.seat < n:
        raise errors.invalid("seat", f"seat {request.seat} does not exist (seats 0-{n - 1})")
    name = bot_name_of(request.bot_name, "bot_name")
    if await master.store.get_doc(_account_key(name)) is None:
        raise errors.invalid("bot_name", f"no bot account is named {name!r}", "UNKNOWN_BOT")
    if Snapshot.of(live).finished():
        raise errors.precondition("GAME_OVER", f"games/{record.id}", "the game is over")
    info = record.seats[request.seat]
    if request.withdraw:
        return await _withdraw(master, live, request.seat, name)
    if info.kind != HUMAN or not is_free(info, now()):
        raise errors.precondition("SEAT_TAKEN", f"seats/{request.seat}", f"seat {request.seat} is not open")
    found = await master.store.get_doc(_games_key(name))
    if found is not None and len(found[1]["games"]) >= MAX_BOT_GAMES:
        raise errors.exhausted(f"bot {name!r} sits in or is offered {MAX_BOT_GAMES} games already",
                               "TOO_MANY_BOT_GAMES", {"limit": str(MAX_BOT_GAMES)}, f"bots/{name}")
    seats = list(record.seats)
    seats[request.seat] = dataclasses.replace(info, token="", state=OPEN, name=name, until=0.0)
    committed = await commit_seat(master, live, seats, request.seat, "offered", name, now())
    await _update_games(master.store, name, lambda games: games + [[record.id, request.seat]])
    return game_service_pb2.InviteBotResponse(game=Snapshot.of(committed).game_message())


async def _withdraw(master, live, seat: int, name: str) -> game_service_pb2.InviteBotResponse:
    """InviteBot with ``withdraw``: the seat's offer to ``name`` withdrawn while the bot has not taken
    it up (an open seat with its name and no token): an ordinary open seat again, out of the bot's list."""
    info = live.record.seats[seat]
    if info.kind != HUMAN or info.state != OPEN or info.name != name or info.token:
        raise errors.precondition("BOT_NOT_OFFERED", f"seats/{seat}", f"seat {seat} is not offered to the bot {name!r}"
                                  + (" (it took the seat up)" if info.name == name and info.state != OPEN else ""))
    seats = list(live.record.seats)
    seats[seat] = dataclasses.replace(info, name="")
    committed = await commit_seat(master, live, seats, seat, "withdrawn", name, now())
    await _update_games(master.store, name, lambda games: [g for g in games if g != [live.record.id, seat]])
    return game_service_pb2.InviteBotResponse(game=Snapshot.of(committed).game_message())


async def connect_bot(master, request: game_service_pb2.ConnectBotRequest,
                      call: Call) -> AsyncIterator[game_service_pb2.ConnectBotResponse]:
    token = call.token()
    if token is None:
        raise errors.unauthenticated("ConnectBot needs a bot token in the metadata (CreateBotAccount)")
    found = await master.store.get_doc(_token_key(token_digest(token)))
    if found is None:
        raise errors.unauthenticated("unknown bot token")
    name = found[1]["name"]
    call.log["bot"] = name
    if len(request.resume) > MAX_BOT_GAMES:
        raise errors.invalid("resume", f"resume names at most {MAX_BOT_GAMES} games")
    resume = {}
    for i, at in enumerate(request.resume):
        if not at.game_id or len(at.game_id) > MAX_ID_LENGTH:
            raise errors.invalid(f"resume[{i}].game_id", f"a game id of 1 to {MAX_ID_LENGTH} characters")
        if at.version < 0:
            raise errors.invalid(f"resume[{i}].version", "version must not be negative")
        resume[at.game_id] = at.version
    queue: asyncio.Queue = asyncio.Queue(maxsize=QUEUE_SIZE)
    tasks: dict[str, asyncio.Task] = {}
    games_call = Call(None, None, call.address, call.forwarded_for)

    async def pump(game_id: str, seat: int, token_of_seat: str) -> None:
        """The game's PlayGame messages onto the queue; the game leaves the bot's list at their end."""
        request = game_service_pb2.PlayGameRequest(game_id=game_id, seat=seat)
        if game_id in resume:
            request.from_version = resume[game_id]
        seat_call = Call(f"Bearer {token_of_seat}", None, games_call.address, games_call.forwarded_for)
        try:
            async for message in playing.play_game(master, request, seat_call):
                await queue.put(game_service_pb2.ConnectBotResponse(kind=PLAY, game_id=game_id, seat=seat,
                                                                     play=message))
        except errors.ServiceError as err:
            if err.code_name in ("UNAVAILABLE", "RESOURCE_EXHAUSTED"):  # the stream's own end: the bot reconnects
                await queue.put(err)
                return
            log.info("bot_game_dropped", bot=name, game_id=game_id, error=errors.clip(str(err)))
        await _update_games(master.store, name, lambda games: [g for g in games if g != [game_id, seat]])

    async def take_seats() -> list[game_service_pb2.ConnectBotResponse]:
        """Take the seats offered to the bot, and start a task per game not yet followed."""
        out = []
        found = await master.store.get_doc(_games_key(name))
        for game_id, seat in (found[1]["games"] if found else [])[:MAX_BOT_GAMES]:
            if game_id in tasks:
                continue
            live = await master.store.get_live(game_id)
            own = seat_token(token, game_id, seat)
            info = None if live is None or not 0 <= seat < len(live.record.seats) else live.record.seats[seat]
            if info is not None and info.state == OPEN and info.name == name:
                seats = list(live.record.seats)
                seats[seat] = dataclasses.replace(info, token=token_digest(own), state=TAKEN)
                try:
                    await commit_seat(master, live, seats, seat, "taken", name, now())
                except errors.ServiceError:
                    continue  # the game moved on: the next round tries again
            elif info is None or not hmac.compare_digest(info.token, token_digest(own)):
                await _update_games(master.store, name, lambda games: [g for g in games if g != [game_id, seat]])
                continue  # gone, or no more the bot's
            out.append(game_service_pb2.ConnectBotResponse(kind=GAME_START, game_id=game_id, seat=seat,
                                                           seat_token=own))
            tasks[game_id] = asyncio.get_running_loop().create_task(pump(game_id, seat, own))
        return out

    try:
        while not master.closing():
            for start in await take_seats():
                yield start
            polled = time.monotonic()
            while (left := polled + POLL_SECONDS - time.monotonic()) > 0:
                try:  # no yield inside a timeout: it would cancel the reader's task, not this one
                    item = await asyncio.wait_for(queue.get(), left)
                except TimeoutError:
                    break
                if isinstance(item, errors.ServiceError):
                    raise item
                yield item
            for game_id in [g for g, task in tasks.items() if task.done()]:
                del tasks[game_id]  # ended: its game left the list (a game offered again comes back)
        raise errors.unavailable("the server is shutting down; connect again", "SHUTTING_DOWN")
    finally:
        for task in tasks.values():
            task.cancel()
        await asyncio.gather(*tasks.values(), return_exceptions=True)
