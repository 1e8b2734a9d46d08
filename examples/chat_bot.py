"""A Discord-style chat bot on boardbot.client.aio: it hosts a game against the server's AI
for whoever asks in the channel, tells the channel the AI's moves as they come, and answers
``!hint`` (BotService.SuggestMove, a search of a few tenths of a second on the server)
without holding anything else up: the event loop keeps answering the channel meanwhile.

    python examples/chat_bot.py [--address 127.0.0.1:50051] [--game frogriders]
                                [--opponent ismcts:easy] [--hints 3] [--hint-seconds 0.3]

Runnable without Discord: the channel is simulated with asyncio queues and a scripted player
plays a whole game through it (``!play``, ``!hint`` then ``!ping`` while the hint is thought
about, ``!move``), and the transcript is printed. Start a server first (``boardbot serve``).

Commands: ``!play GAME [vs BOT]``, ``!board``, ``!move ID`` (or ``!move`` and the move's
text), ``!hint``, ``!resign``, ``!ping``.

With discord.py the same ``ChatBot.on_message`` is the handler (discord.py runs each event
in its own task, as ``SimulatedChat`` does here; its messages have the same ``author``,
``content`` and ``channel.send``)::

    import discord
    from boardbot.client.aio import Client

    intents = discord.Intents.default()
    intents.message_content = True
    discord_client = discord.Client(intents=intents)

    @discord_client.event
    async def on_message(message):
        if message.author != discord_client.user:
            await bot.on_message(message)

    async def main():
        global bot
        async with Client("127.0.0.1:50051") as boardbot, discord_client:
            bot = ChatBot(boardbot)
            await discord_client.start(TOKEN)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from dataclasses import dataclass, field
from typing import Any, Protocol

import grpc

from boardbot.client import error_details
from boardbot.client.aio import Client, Game, Seat, View

MAX_MOVES_SHOWN = 8  # legal moves listed in a prompt; the rest are counted


class Channel(Protocol):
    async def send(self, content: str) -> Any: ...


class Message(Protocol):  # what a discord.Message has that the bot reads
    @property
    def author(self) -> Any: ...

    @property
    def content(self) -> str: ...

    @property
    def channel(self) -> Channel: ...


@dataclass
class Table:
    """One player's game: their seat, and the task that tells the channel what happens."""

    game: Game
    seat: Seat
    me: int
    opponent: str
    watcher: asyncio.Task[None] | None = None
    hints: set[asyncio.Task[None]] = field(default_factory=set)


class ChatBot:
    """Hosts one game per chat author on a boardbot server, through the asyncio client."""

    def __init__(self, client: Client, default_opponent: str = "ismcts:easy", hint_seconds: float = 0.3):
        self.client = client
        self.default_opponent = default_opponent
        self.hint_seconds = hint_seconds
        self.tables: dict[Any, Table] = {}

    async def on_message(self, message: Message) -> None:
        words = message.content.split()
        if not words or not words[0].startswith("!"):
            return
        command, args = words[0][1:].lower(), words[1:]
        handler = getattr(self, f"do_{command}", None)
        if handler is None:
            await message.channel.send(f"I do not know !{command}: try !play, !board, !move, !hint, !resign, !ping")
            return
        try:
            await handler(message, args)
        except grpc.RpcError as err:  # the server said no: say why, in its words
            info = error_details(err).get("ErrorInfo")
            reason = f" ({info.reason.lower().replace('_', ' ')})" if info is not None else ""
            await message.channel.send(f"the server refused: {err.details()}{reason}")

    async def do_ping(self, message: Message, args: list[str]) -> None:
        table = self.tables.get(message.author)
        thinking = sum(not task.done() for task in table.hints) if table else 0
        await message.channel.send(f"pong ({thinking} hint{'s' if thinking != 1 else ''} being thought about)")

    async def do_play(self, message: Message, args: list[str]) -> None:
        name = args[0] if args else "frogriders"
        opponent = args[2] if len(args) >= 3 and args[1] == "vs" else self.default_opponent
        old = self.tables.pop(message.author, None)
        if old is not None and old.watcher is not None:
            old.watcher.cancel()
        game = await self.client.create_game(name, seats=["human", opponent])
        table = Table(game, game.seat(0), 0, opponent)
        self.tables[message.author] = table
        await message.channel.send(f"{message.author}: a game of {name} against {opponent}; you are seat 0")
        table.watcher = asyncio.create_task(self.follow(table, message.channel))

    async def follow(self, table: Table, channel: Channel) -> None:
        """Tell the channel each of the opponent's moves, each of the player's turns, and the end."""
        async for event, view in table.seat.watch():
            if event is not None and event.seat != table.me:
                await channel.send(f"{table.opponent} played: {event.text}")
            if view.finished:
                scores = (view.outcome or {}).get("scores", [0, 0])
                mine, theirs = scores[table.me], scores[1 - table.me]
                await channel.send(f"game over: you scored {mine:g}, {table.opponent} {theirs:g}")
                return
            if view.my_turn:
                await channel.send(self.prompt(view))

    @staticmethod
    def prompt(view: View) -> str:
        shown = "; ".join(f"{m.id}) {m.text}" for m in view.legal_moves[:MAX_MOVES_SHOWN])
        more = len(view.legal_moves) - MAX_MOVES_SHOWN
        return f"your move: {shown}" + (f"; and {more} more (!board)" if more > 0 else "")

    async def do_board(self, message: Message, args: list[str]) -> None:
        table = await self.table_of(message)
        if table is not None:
            view = await table.seat.view()
            moves = "; ".join(f"{m.id}) {m.text}" for m in view.legal_moves)
            await message.channel.send(f"move {view.version}: " + (moves if moves else "waiting for the opponent"))

    async def do_move(self, message: Message, args: list[str]) -> None:
        table = await self.table_of(message)
        if table is None:
            return
        if len(args) == 1 and args[0].isdigit():
            await table.seat.play(move_id=int(args[0]))
        else:
            await table.seat.play(text=" ".join(args))

    async def do_hint(self, message: Message, args: list[str]) -> None:
        """The search runs on the server; this handler only awaits it, so the loop (and every
        other command) goes on meanwhile."""
        table = await self.table_of(message)
        if table is None:
            return
        task = asyncio.current_task()
        assert task is not None
        table.hints.add(task)
        try:
            hint = await table.seat.suggest(seconds=self.hint_seconds)
        finally:
            table.hints.discard(task)
        await message.channel.send(f"hint: {hint.move.id}) {hint.move.text} "
                                   f"({hint.stats.iterations} searches in {self.hint_seconds:g} s)")

    async def do_resign(self, message: Message, args: list[str]) -> None:
        table = await self.table_of(message)
        if table is not None:
            await table.seat.resign()
            await message.channel.send("you resigned; the server's random bot plays your seat to the end")

    async def table_of(self, message: Message) -> Table | None:
        table = self.tables.get(message.author)
        if table is None:
            await message.channel.send("no game yet: !play frogriders")
        return table


# --- the simulated chat -----------------------------------------------------------------------
@dataclass
class ChatMessage:
    author: str
    content: str
    channel: "SimulatedChat"


class SimulatedChat:
    """A channel: what is sent to it goes to the transcript and to every reader's queue;
    each message from a player is handed to the bot in a task of its own (as discord.py does)."""

    def __init__(self, bot_name: str = "boardbot"):
        self.bot_name = bot_name
        self.lines: list[str] = []
        self.readers: list[asyncio.Queue[str]] = []
        self.handling: set[asyncio.Task[None]] = set()

    def say(self, author: str, content: str) -> None:
        line = f"{author}: {content}"
        self.lines.append(line)
        print(line, flush=True)

    async def send(self, content: str) -> None:  # the bot speaks
        self.say(self.bot_name, content)
        for reader in self.readers:
            reader.put_nowait(content)

    def post(self, author: str, content: str, bot: ChatBot) -> None:  # a player speaks
        self.say(author, content)
        task = asyncio.create_task(bot.on_message(ChatMessage(author, content, self)))
        self.handling.add(task)
        task.add_done_callback(self.handling.discard)

    def reader(self) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue()
        self.readers.append(queue)
        return queue


async def scripted_player(chat: SimulatedChat, bot: ChatBot, game: str, opponent: str, hints: int) -> str:
    """A player who plays a whole game through the chat: on each of their first ``hints`` turns
    they ask for a hint, ping the bot while it is thought about, and play the hinted move; on
    the others they play the first move listed. Returns the bot's last line."""
    heard = chat.reader()
    chat.post("ada", f"!play {game} vs {opponent}", bot)
    while True:
        line = await heard.get()
        if line.startswith("game over"):
            return line
        if not line.startswith("your move"):
            continue
        if hints > 0:
            hints -= 1
            chat.post("ada", "!hint", bot)
            chat.post("ada", "!ping", bot)
            while not line.startswith("hint:"):
                line = await heard.get()
            chat.post("ada", f"!move {line.split()[1].rstrip(')')}", bot)
        else:
            chat.post("ada", f"!move {line.split()[2].rstrip(')')}", bot)


async def main_async(args: argparse.Namespace) -> int:
    async with Client(args.address) as client:
        await client.wait_ready(timeout=args.connect_timeout)
        bot = ChatBot(client, args.opponent, args.hint_seconds)
        chat = SimulatedChat()
        last = await asyncio.wait_for(scripted_player(chat, bot, args.game, args.opponent, args.hints),
                                      args.timeout)
        for table in bot.tables.values():
            if table.watcher is not None:
                await table.watcher
        await asyncio.gather(*chat.handling)
    return 0 if last.startswith("game over") else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--address", default=os.environ.get("BOARDBOT_ADDRESS", "127.0.0.1:50051"))
    parser.add_argument("--game", default="frogriders")
    parser.add_argument("--opponent", default="ismcts:easy", help="the server's bot in the other seat")
    parser.add_argument("--hints", type=int, default=3, help="the player's first turns with a hint")
    parser.add_argument("--hint-seconds", type=float, default=0.3, help="each hint's search (seconds)")
    parser.add_argument("--timeout", type=float, default=300.0, help="give up after this many seconds")
    parser.add_argument("--connect-timeout", type=float, default=10.0)
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
