"""Options of ``boardbot loadtest`` and its entry point."""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys

# imported by ``boardbot --help`` and ``boardbot serve``: the rest loads in main()


def add_arguments(p: argparse.ArgumentParser) -> None:
    where = p.add_argument_group("target")
    where.add_argument("--target", metavar="HOST:PORT", help="a running boardbot server")
    where.add_argument("--in-process", action="store_true",
                       help="no server: the same calls made on the game master in this process (the server's own "
                            "logic, its bots and searches, without gRPC)")
    where.add_argument("--also-in-process", action="store_true",
                       help="after the run against --target, run the same load in process; the report puts "
                            "them side by side")
    where.add_argument("--tls-ca", metavar="PEM", help="the target has TLS: trust this CA (default with "
                       "--tls-cert: the system's roots)")
    where.add_argument("--tls-cert", metavar="PEM", help="a client certificate, for a target with --tls-client-ca")
    where.add_argument("--tls-key", metavar="PEM", help="the client certificate's key")
    where.add_argument("--server-pid", type=int, action="append", default=None,
                       help="the server's pid for its CPU use (default: the process listening on the "
                            "target's port, when the target is this machine)")

    what = p.add_argument_group("games")
    what.add_argument("--game", action="append", required=True,
                      help="game name; repeat for several (played round-robin)")
    what.add_argument("--config", action="append", default=None,
                      help="game config as JSON, once for every game or once per --game; its \"players\" "
                           "sets the seats (default: 1 + the number of bot specs)")
    what.add_argument("--bots", action="append", default=None,
                      help="bot spec(s) of the bot seats: one for all (default random) or one per bot seat, "
                           "comma-separated (ismcts:iterations=2000,c=0.7 stays one spec; ';' always "
                           "separates); once for every game or once per --game")
    what.add_argument("--seat", default="0", help="the simulated client's seat: a number or 'random' (default 0)")

    load = p.add_argument_group("load")
    load.add_argument("--clients", type=int, default=8,
                      help="closed loop: this many concurrent games, each client starting its next game when "
                           "one ends (default 8)")
    load.add_argument("--move-rate", type=float, default=None, metavar="R",
                      help="paced clients: the --clients send their SubmitMoves on a schedule, R a second in "
                           "all (R/N each, evenly interleaved); SubmitMove latency is also measured from each "
                           "call's intended send time")
    load.add_argument("--rate", type=float, default=None,
                      help="open loop instead: new games per second, whatever the server does")
    load.add_argument("--arrivals", choices=("uniform", "poisson"), default="uniform",
                      help="open loop: evenly spaced or Poisson arrivals (default uniform)")
    load.add_argument("--max-in-flight", type=int, default=10000,
                      help="open loop: arrivals beyond this many running games are counted as errors "
                           "(CLIENT_TOO_MANY_IN_FLIGHT) instead of started")
    load.add_argument("--duration", type=float, default=None, help="seconds of load (default 10 unless --games)")
    load.add_argument("--games", type=int, default=None, help="stop after this many games")
    load.add_argument("--warmup", type=float, default=0.0,
                      help="seconds at the start left out of the statistics (default 0)")
    load.add_argument("--processes", type=int, default=1,
                      help="generator processes sharing the load (default 1); their samples are merged")
    load.add_argument("--channels", type=int, default=1,
                      help="gRPC connections per generator process (default 1)")

    moves = p.add_argument_group("moves")
    moves.add_argument("--moves", choices=("random", "suggest"), default="random",
                       help="the client's moves: random legal moves, or BotService.SuggestMove's (default random)")
    moves.add_argument("--suggest-bot", default="ismcts:medium", help="bot spec for SuggestMove (default ismcts:medium)")
    moves.add_argument("--budget", type=float, default=None,
                       help="SuggestMove think budget in seconds (the AI latency report compares against it)")
    moves.add_argument("--budget-iterations", type=int, default=None, help="SuggestMove iteration budget")
    moves.add_argument("--suggest-fraction", type=float, default=1.0,
                       help="with --moves suggest: the share of the client's moves that ask SuggestMove "
                            "(default 1)")
    moves.add_argument("--bot-budget", type=float, default=None,
                       help="the bot seats' think budget in seconds (as their spec sets it): the report gives "
                            "the share of bot moves over it (needs --wait watch)")
    moves.add_argument("--margin-ms", type=float, default=50.0,
                       help="report the share of suggestions slower than budget + this (default 50)")
    moves.add_argument("--wait", choices=("poll", "watch"), default="poll",
                       help="while bot seats move: GetView again after --poll-interval (poll), or follow a "
                            "WatchGame stream, which also times the server's bot moves (watch); default poll")
    moves.add_argument("--views", choices=("getview", "stream"), default="getview",
                       help="where the client reads its view: a GetView call before each move (default), or the "
                            "WatchGame stream (no GetView; implies --wait watch)")
    moves.add_argument("--poll-interval", type=float, default=0.002, help="seconds (default 0.002)")
    moves.add_argument("--submit-view", choices=("none", "after", "next"), default="none",
                       help="SubmitMove also returns the seat's view: after the move (after), or once it is the "
                            "seat's decision again, the server's bots having moved (next: one call per move, "
                            "no GetView; its latency includes the bots' replies); default none")

    misc = p.add_argument_group("calls and output")
    misc.add_argument("--timeout", type=float, default=10.0, help="per-call deadline in seconds (default 10; "
                                                                  "SuggestMove: the budget plus this)")
    misc.add_argument("--request-ids", action="store_true", help="send a request_id with every SubmitMove")
    misc.add_argument("--keep-games", action="store_true", help="do not DeleteGame finished games")
    misc.add_argument("--seed", type=int, default=1, help="seeds the games and the random moves (default 1)")
    misc.add_argument("--json-out", metavar="FILE", help="write the report as JSON")
    misc.add_argument("--html-out", metavar="FILE", help="write the report as an HTML page with charts")
    misc.add_argument("--quiet", action="store_true", help="no progress bar")
    misc.add_argument("--fail-on-errors", action="store_true", help="exit with status 1 if any call failed")


def options_from(args):
    from .driver import Options
    from .scenarios import ScenarioError, build

    if bool(args.target) == bool(args.in_process):
        raise SystemExit("boardbot loadtest: give --target HOST:PORT or --in-process")
    if args.also_in_process and not args.target:
        raise SystemExit("boardbot loadtest: --also-in-process needs --target")
    tls = None
    if args.tls_ca or args.tls_cert or args.tls_key:
        if not args.target:
            raise SystemExit("boardbot loadtest: --tls-ca, --tls-cert and --tls-key are for a --target")
        tls = (args.tls_ca, args.tls_cert, args.tls_key)
        from boardbot.client import tls_credentials

        try:  # the files are read again in each generator process; fail here, before any load
            tls_credentials(*tls)
        except (ValueError, OSError) as err:
            raise SystemExit(f"boardbot loadtest: cannot use the TLS files: {err}") from None
    try:
        scenarios = build(args.game, args.config, args.bots)
    except ScenarioError as err:
        raise SystemExit(f"boardbot loadtest: {err}") from None
    duration = args.duration
    if duration is None and args.games is None:
        duration = 10.0
    if args.seat == "random":
        seat = None
    else:
        try:
            seat = int(args.seat)
        except ValueError:
            raise SystemExit("boardbot loadtest: --seat is a number or 'random'") from None
    if args.rate is not None and args.rate <= 0:
        raise SystemExit("boardbot loadtest: --rate must be positive")
    if args.clients < 1 and args.rate is None:
        raise SystemExit("boardbot loadtest: --clients must be at least 1")
    if args.move_rate is not None and (args.move_rate <= 0 or args.rate is not None):
        raise SystemExit("boardbot loadtest: --move-rate must be positive, with --clients (not --rate)")
    if args.html_out and importlib.util.find_spec("matplotlib") is None:
        raise SystemExit("boardbot loadtest: --html-out draws its charts with matplotlib: pip install 'boardbot[loadtest]'")
    if args.submit_view != "none" and args.views == "stream":
        raise SystemExit("boardbot loadtest: --submit-view reads views from SubmitMove; not with --views stream")
    return Options(
        scenarios=scenarios, target=args.target if not args.in_process else None, tls=tls,
        model="open" if args.rate is not None else "closed", clients=args.clients, rate=args.rate or 0.0,
        move_rate=args.move_rate or 0.0, submit_view=args.submit_view,
        arrivals=args.arrivals, duration=duration, games=args.games, warmup=args.warmup, moves=args.moves,
        suggest_fraction=args.suggest_fraction, suggest_bot=args.suggest_bot, budget=args.budget,
        budget_iterations=args.budget_iterations, margin=args.margin_ms / 1000.0, bot_budget=args.bot_budget, wait="watch" if args.views == "stream" else args.wait, views=args.views,
        poll_interval=args.poll_interval, timeout=args.timeout, seed=args.seed, human_seat=seat,
        delete_games=not args.keep_games, request_ids=args.request_ids, channels=args.channels,
        processes=max(1, args.processes), max_in_flight=args.max_in_flight, progress=not args.quiet)


def server_pids(opts, given: list[int] | None) -> tuple[list[int] | None, list[str]]:
    from . import procstat

    if opts.in_process:
        return None, []
    if given:
        return given, []
    host, port = procstat.split_target(opts.target)
    if not procstat.is_local(host):
        return None, [f"server CPU not measured: {host} is not this machine (give --server-pid if it is)"]
    pids = procstat.server_roots(procstat.find_listeners(port))
    if not pids:
        return None, [f"server CPU not measured: no visible process listens on port {port} "
                      "(give --server-pid)"]
    if os.getpid() in pids:
        return None, ["server CPU not measured: the server runs inside the load generator's process"]
    return pids, []


def main(args) -> int:
    from dataclasses import replace

    from boardbot.server import eventloop
    from . import report
    from .driver import PreflightError, preflight, run

    opts = options_from(args)
    argv = ["boardbot", "loadtest"] + sys.argv[2:] if sys.argv[1:2] == ["loadtest"] else None
    plans = [opts] + ([replace(opts, target=None)] if args.also_in_process else [])
    runs = []
    for plan in plans:
        pids, notes = server_pids(plan, args.server_pid)
        label = "in process" if plan.in_process else f"gRPC {plan.target}"
        if not args.quiet:
            print(f"boardbot loadtest: {label}, " + ((f"{plan.clients} clients paced to {plan.move_rate:g} moves/s"
                                                    if plan.move_rate else f"{plan.clients} clients (closed loop)")
                                                   if plan.model == "closed" else f"{plan.rate:g} games/s (open loop)")
                  + (f", {plan.duration:g} s" if plan.duration is not None else "")
                  + (f", {plan.games} games" if plan.games is not None else ""), file=sys.stderr)
        try:
            eventloop.run(preflight(plan))
            result = eventloop.run(run(plan, pids))
        except (ConnectionError, PreflightError, RuntimeError) as err:
            print(f"boardbot loadtest: {err}", file=sys.stderr)
            return 2
        runs.append(report.build_run(plan, result, pids, label, notes))
    doc = report.document(runs, argv)
    for r in runs:
        print(report.text_summary(r))
    if args.json_out:
        report.write_json(doc, args.json_out)
    if args.html_out:
        report.write_html(doc, args.html_out)
    return 1 if args.fail_on_errors and any(r["errors"]["total"] for r in runs) else 0
