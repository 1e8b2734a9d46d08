"""The release's side of bench/against_release.py: a bot of another checkout, spoken to in JSON lines.

    /work/wt/base-917/.venv/bin/python bench/release_worker.py --release /work/wt/base-917

Run with the other checkout's own Python, so ``boardbot`` imports that checkout's engine and
search (the worker checks it does: a module from elsewhere is a failure, not a silent
mismatch). It keeps its own copy of each game, dealt from the same configuration and seed as
the controller's (the controller's engine is the authority), applies every move by its text,
and at every move checks that the deciding seat and the legal moves' texts are the ones the
controller sent: a disagreement ends that game as an error. It imports nothing of the
controller's checkout, so one file serves any release with the engine API of 917ee18
(``Game.new_state``, ``State.decider/legal_moves/move_text/sample_for/result``) and its bot
specs (``make_bot``, ``ismcts:...,time=SECONDS``).

One request a line on stdin, one answer a line on stdout (at most ``MAX_LINE`` bytes each way):

    {"op": "hello"}                                        -> {"ok": true, "root": ..., "games": [...]}
    {"op": "new", "game", "config", "seed", "spec", "seats", "clock": "cpu"|"wall"}
                                                           -> {"ok": true}
    {"op": "choose", "decider", "legal": [texts], "time": seconds or null}
                                                           -> {"ok": true, "move": text, "cpu": s, "iterations": n}
    {"op": "play", "decider", "legal": [texts], "move": text}  -> {"ok": true}
    {"op": "end", "scores", "ranks"}                       -> {"ok": true}

``choose`` asks the bot of the deciding seat (one of ``seats``) for its move, with ``time``
seconds of budget read on ``clock`` (``spec`` + ``,time=...``: the release's spec language;
null: ``spec`` as it is); ``play`` applies a move; ``end`` checks the worker's game is over
with the same result. A failed check answers ``{"error": ..., "kind": "disagree"}`` (the game
is over for the worker; the next ``new`` starts another); anything else that goes wrong,
``{"error": ..., "kind": "failure"}`` with the traceback's last lines.

The clock: a CPU clock (``clock: cpu``) makes a time budget mean the same on a loaded machine
as on a quiet core. Where the bot has a ``clock`` (this project's search since the ladder's
``--clock cpu``), it is set; the release's search has none and reads ``time.monotonic`` through
its modules' ``time``, so the worker gives those modules a ``time`` whose ``monotonic`` is
``time.thread_time`` (as a bench's own process only: the release's files are not touched).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
import traceback
import types

MAX_LINE = 1 << 20  # the longest request or answer line, in bytes
SEARCH_MODULES = ("boardbot.ai.ismcts", "boardbot.ai.service_api")  # where the release reads its clock


RELEASE_RULES_VERSION = 1  # every game's rules version in release 917ee18


def release_rules_state(game, config: dict, seed: int, version: int = RELEASE_RULES_VERSION):
    """The deal of ``seed`` under rules ``version`` (by default the release's): an engine with later
    rules versions (rules version 2 of the games with chance events draws them from another stream:
    docs/storage.md, "The chance stream") still plays version 1, so both sides of a comparison meet
    the same chance; an engine of one version (the release) deals as it does."""
    if getattr(game, "rules_version", version) != version:
        return game.new_state(config, seed, rules_version=version)
    return game.new_state(config, seed)


class Disagreement(Exception):
    """The two engines disagree about the game: the game ends as an error."""


def clocked_time_module(clock=time.thread_time) -> types.ModuleType:
    """A stand-in for the ``time`` module whose ``monotonic`` is ``clock`` (by default this thread's
    CPU time): what a release's search, which reads ``time.monotonic``, is given to run on a bench's
    clock without its files being edited (here and bench/solo_vs_release.py)."""
    shim = types.ModuleType("time")
    shim.__dict__.update({k: v for k, v in vars(time).items() if not k.startswith("__")})
    shim.monotonic = clock
    return shim


def commit_of(root: str) -> str:
    """The checkout's short commit, or "unknown"."""
    try:
        out = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def module_root(module) -> str:
    return os.path.realpath(getattr(module, "__file__", None) or "")


class Worker:
    def __init__(self, root: str):
        from boardbot.engine import registry

        self.root = os.path.realpath(root)
        where = module_root(registry)
        if not where.startswith(self.root + os.sep):
            raise SystemExit(f"release_worker: boardbot.engine.registry comes from {where}, not from {self.root}: "
                             "run the worker with that checkout's own Python")
        self.registry = registry
        self.game = None
        self.state = None
        self.bots: dict = {}
        self.spec = ""
        self.clock = "wall"
        self.rng = random.Random(0)
        self.patched = False

    def hello(self, msg: dict) -> dict:
        return {"ok": True, "root": self.root, "games": list(self.registry.names()),
                "python": sys.version.split()[0]}

    def new(self, msg: dict) -> dict:
        self.game = self.registry.get(msg["game"])
        self.state = release_rules_state(self.game, dict(msg["config"]), int(msg["seed"]),
                                         int(msg.get("rules_version", RELEASE_RULES_VERSION)))
        self.spec = str(msg.get("spec") or "random")
        self.seats = [int(q) for q in msg.get("seats", [])]
        self.clock = msg.get("clock", "wall")
        if self.clock not in ("wall", "cpu"):
            raise ValueError(f"clock must be wall or cpu, not {self.clock!r}")
        if self.clock == "cpu" and not self.patched:
            self._patch_clock()
        # its own stream of worlds and search seeds, from the deal (the controller has its own)
        self.rng = random.Random(int(msg["seed"]) ^ 0x0D1E)
        return {"ok": True}

    def _patch_clock(self) -> None:
        shim = clocked_time_module()
        for name in SEARCH_MODULES:
            module = sys.modules.get(name) or __import__(name, fromlist=["_"])
            if hasattr(module, "time") and getattr(module, "time") is time:
                module.time = shim
        self.patched = True

    def _check(self, msg: dict) -> list:
        """The legal moves, after checking the decider and their texts against the controller's."""
        from boardbot.engine.core import TERMINAL

        if self.state is None:
            raise Disagreement("no game")
        decider = self.state.decider()
        if decider == TERMINAL or decider != msg["decider"]:
            raise Disagreement(f"the decider is {decider}, the controller's {msg['decider']}")
        moves = self.state.legal_moves()
        texts = [self.state.move_text(m) for m in moves]
        if texts != list(msg["legal"]):
            ours, theirs = set(texts), set(msg["legal"])
            raise Disagreement(f"seat {decider}'s legal moves differ ({len(texts)} against {len(msg['legal'])}; "
                               f"only here: {sorted(ours - theirs)[:3]}, only there: {sorted(theirs - ours)[:3]})")
        return moves

    def _bot(self, seconds):
        from boardbot.ai.bots import make_bot

        spec = self.spec if seconds is None else f"{self.spec},time={float(seconds):.6f}"
        bot = make_bot(spec, self.game)
        if getattr(bot, "wants_observations", False):
            raise ValueError(f"{self.spec!r} keeps its tree between moves, which the worker does not feed")
        if self.clock == "cpu" and hasattr(bot, "clock"):
            bot.clock = time.thread_time
        return bot

    def choose(self, msg: dict) -> dict:
        self._check(msg)
        seat = msg["decider"]
        if seat not in self.seats:
            raise Disagreement(f"seat {seat} is not the worker's ({self.seats})")
        bot = self._bot(msg.get("time"))
        bot.new_game()
        world = self.state.sample_for(seat, self.rng)
        started = time.thread_time()
        move = bot.choose(world, self.rng)
        cpu = time.thread_time() - started
        last = getattr(bot, "last", None)
        return {"ok": True, "move": self.state.move_text(move), "cpu": cpu,
                "iterations": getattr(last, "iterations", 0) if last is not None else 0}

    def play(self, msg: dict) -> dict:
        moves = self._check(msg)
        matches = [m for m in moves if self.state.move_text(m) == msg["move"]]
        if len(matches) != 1:
            raise Disagreement(f"{msg['move']!r} is {'not a' if not matches else 'more than one'} legal move here")
        self.state.apply_checked(matches[0])
        return {"ok": True}

    def end(self, msg: dict) -> dict:
        from boardbot.engine.core import TERMINAL

        if self.state is None or self.state.decider() != TERMINAL:
            raise Disagreement("the game is not over here")
        res = self.state.result()
        if list(res.scores) != list(msg["scores"]) or list(res.ranks) != list(msg["ranks"]):
            raise Disagreement(f"the result differs: scores {list(res.scores)}, ranks {list(res.ranks)} here")
        return {"ok": True}

    def answer(self, line: str) -> dict:
        try:
            msg = json.loads(line)
            op = msg.get("op") if isinstance(msg, dict) else None
            if op not in ("hello", "new", "choose", "play", "end"):
                raise ValueError(f"unknown op {op!r}")
            return getattr(self, op)(msg)
        except Disagreement as err:
            self.state = None
            return {"error": str(err), "kind": "disagree"}
        except Exception:
            self.state = None
            return {"error": "".join(traceback.format_exc().splitlines(True)[-6:]), "kind": "failure"}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--release", required=True, help="the checkout whose boardbot this Python imports")
    args = ap.parse_args(argv)
    out = sys.stdout
    sys.stdout = sys.stderr  # whatever the release prints goes to stderr, not into the answers
    worker = Worker(args.release)
    while True:
        line = sys.stdin.readline(MAX_LINE + 1)
        if not line:
            return 0
        if len(line) > MAX_LINE:
            reply = {"error": f"a request line is at most {MAX_LINE} bytes", "kind": "failure"}
        else:
            reply = worker.answer(line)
        text = json.dumps(reply)
        if len(text) >= MAX_LINE:
            text = json.dumps({"error": f"an answer of {len(text)} bytes is too long", "kind": "failure"})
        out.write(text + "\n")
        out.flush()
        if len(line) > MAX_LINE:
            return 1  # the rest of that line cannot be told from the next request


if __name__ == "__main__":
    sys.exit(main())
