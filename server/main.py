"""Entry points of ``boardbot serve`` and ``boardbot play``."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import multiprocessing


def serve_main(args) -> int:
    from . import logs
    from .app import ConnectionOptions, default_address, serve

    logs.configure(rpc_every=args.rpc_log_every)
    connections = ConnectionOptions(
        keepalive_time=args.keepalive_time, keepalive_timeout=args.keepalive_timeout,
        max_connection_age=args.max_connection_age, max_connection_age_grace=args.max_connection_age_grace)
    executor = None
    if args.bot_processes > 0:
        executor = concurrent.futures.ProcessPoolExecutor(
            args.bot_processes, mp_context=multiprocessing.get_context("spawn"))
    asyncio.run(serve(args.address or default_address(), bot_executor=executor, connections=connections))
    return 0


def play_main(args) -> int:
    from boardbot.play import play

    from . import logs

    config = json.loads(args.config) if args.config else {}
    config.update(getattr(args, "params", {}))
    if args.solo:
        config["players"] = 1
    elif args.players is not None:
        config["players"] = args.players
    opponents = [s.strip() for s in args.vs.split(",") if s.strip()]
    players = config.get("players")
    if players is None and len(opponents) == 1:
        try:  # the game's default seat count, when this install has its engine
            from engine import registry

            players = registry.get(args.game).validate(config)["players"]
        except Exception:  # noqa: BLE001 - the server will name the problem
            players = None
    if players is not None and len(opponents) == 1 and players >= 1:
        opponents = opponents * (players - 1)  # one spec plays every other seat
    if args.address:
        return play(args.address, args.game, opponents, seat=args.seat, config=config, seed=args.seed)
    from .app import BackgroundServer

    logs.configure(enabled=False)  # the terminal is the player's
    with BackgroundServer() as server:
        return play(server.address, args.game, opponents, seat=args.seat, config=config, seed=args.seed)

