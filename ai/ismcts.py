"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

One search answers one question: which move should the deciding seat play,
given only what that seat knows. It never holds the true state: it is built
from the seat's view dict (``Game.from_view``), or from a world already
sampled for the seat, which it turns into the seat's view first, so two
positions the seat cannot tell apart give the same search (see ``Search``).

Each iteration

1. samples a world from the root's information set: ``root.sample_for(seat,
   rng)`` (hidden cards re-dealt and a fresh chance seed, so future chance
   events are re-sampled too);
2. selects down the tree by UCB1 with availability counts: a child's
   exploration term uses the number of times it was *legal* when its parent
   was visited, not the parent's visit count, because in a sampled world
   only some moves exist;
3. expands one untried legal move (optionally limited by progressive
   widening); with a ``bias`` the game's own choice at a node
   (``Game.search_hint``, asked once per node) is tried first and keeps a
   bonus ``bias / (visits + 1)`` in its UCB score (progressive bias, Chaslot
   et al. 2008), so among moves the search cannot yet tell apart it follows
   the heuristic, and leaves it only on evidence (``hint="learned"``: the
   hint is a learned policy's most likely move for the deciding seat, from its
   view in the world: ai/learned_prior.py; ``prior="puct"``: the bonus
   ``bias * sqrt(avail) / (visits + 1)``, PUCT's prior term, which keeps its
   weight as the node's visits grow);
4. plays out to the end with random moves or ``Game.playout_move``,
   optionally cut off after ``depth`` moves by ``Game.evaluate``;
5. backs up the per-seat utilities (``boardbot.ai.utility``) into every node on the
   path. A node stores the sum for every seat; at a node the deciding seat
   maximises its own value (max^n), so multi-player and team games need
   nothing special (``opponents="paranoid"``: the other seats minimise the
   searching seat's value instead; ``opponents="policy"``: the other seats
   play the rollout policy in the tree too, each from its own cards in the
   sampled world, so only the searcher's moves are chosen by UCB).

Modes (``SearchParams.mode``):

* ``so``: single-observer ISMCTS. One tree, every move (the searcher's and
  the opponents') keyed by the move itself as it was played in the sampled
  world. Cheapest; right when every move is seen by everyone, which is what
  most moves in our games are (hidden *information* -- hands, decks -- is
  handled by the world sampling, not by the tree).
* ``mo``: multiple-observer ISMCTS. One tree per seat. In seat t's tree, its
  own moves are keyed by the move, everyone else's by
  ``public_move_text(move, t)``, i.e. what t sees of it. The seat to move
  selects in its own tree, so a modelled opponent cannot react to the
  searcher's secret moves, and the searcher's tree cannot branch on an
  opponent's secret choice (a card played face down, a secret bid).
  Use it where opponents' hidden choices matter; it costs one
  ``public_move_text`` per other seat per tree step (at four seats or more
  two, the spectator's and the decider's, where they agree: then every
  seat's is that text).
* ``auto`` (the default): ``mo`` if the game overrides
  ``State.public_move_text`` (it has moves that can be secret), else ``so``.

Values are normalised per seat to the range of utilities seen in this
search before the UCB exploration term is added, so the constant ``c`` means
the same thing in every game, including solo games whose utility is a raw
score.

Budgets: a number of iterations, an end time, a cancel flag; whichever comes
first. With ``timing="managed"`` (every preset's) the search also stops once the
most visited root move cannot be overtaken in the iterations or time left, and
treats an end time as the most a decision may take: it aims to be done by
``TARGET_SHARE`` of it and spends the rest only where the decision is close
(time management; docs/search.md, "Budgets"). Rollouts check the clock every 64 moves, and an iteration cut short
by the end time is discarded, so a time budget overshoots by at most a
fraction of one iteration. The most visited root move is played (ties: the
higher mean value, then legal-move order).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, fields, replace
from math import log, sqrt
from typing import Any, Callable, Final, Mapping

from mypy_extensions import mypyc_attr

from boardbot.engine.core import Game, State

from .search_gc import search_ended, search_started
from .utility import final_utilities

# Final: the compiled search reads them as constants, not from the module's globals on every step
TERMINAL: Final = -1
NO_HINT: Final = object()
# a State, typed loosely: the compiled search then also takes stand-ins with State's interface
# (tests/test_ai.py has some) and calls a game's methods exactly as the interpreter does
World = Any


class SearchError(ValueError):
    """Bad search parameters or an unusable root."""


# Rollout moves after which the playout policy is dropped for random moves:
# far beyond any game's length (the longest, 6-player Czech Pub, run about
# 650), so only a policy that stalls (never ends the game) ever meets it,
# and an iteration-budgeted search cannot hang on it.
POLICY_STEP_LIMIT: Final = 20_000

# Time management (``SearchParams.timing = "managed"``). An end time is the most a decision may
# take; the search aims to be done by this share of it (from its first iteration) ...
TARGET_SHARE: Final = 0.7
# ... and goes on past that towards the end only where the decision is close: the runner-up
# (by visits) has at least this share of the leader's visits, or a higher mean value.
CLOSE_RATIO: Final = 0.75
# Iterations between two looks at the root for the stop rule (a look costs one pass over the
# root's children).
CHECK_EVERY: Final = 8


@dataclass(frozen=True)
class SearchParams:
    """How to search. Budgets are separate (``Budget``)."""

    c: float = 0.7                # UCB exploration constant on normalised values
    mode: str = "auto"            # so | mo | auto
    rollout: str = "policy"       # policy (Game.playout_move if defined) | random
    depth: int | None = None      # rollout cut-off in moves for Game.evaluate; 0: play to the end;
                                  # None: the game's own (Game.rollout_depth)
    pw_alpha: float = 0.0         # progressive widening: 0 off, else children <= pw_k * visits**pw_alpha
    pw_k: float = 2.0
    bias: float | None = None     # progressive bias towards Game.search_hint; 0 off;
                                  # None: the game's own (Game.search_bias)
    hint: str = "game"            # what bias favours: game (Game.search_hint, where the game
                                  # gives one) | heuristic (Game.heuristic_move at every node) |
                                  # learned (the table's learned policy on the decider's view:
                                  # ai/learned_prior.py)
    reuse: bool = False           # keep the subtree between moves (bots only; see docs/search.md)
    workers: int = 1              # independent root-parallel searches, merged
    opponents: str = "maxn"       # how other seats choose in the tree: maxn (each its own value) |
                                  # paranoid (each against the searching seat's value) |
                                  # policy (the rollout policy, from its own cards in the world)
    beliefs: str = "uniform"      # how worlds deal what the seat cannot see: uniform from the unseen,
                                  # or inferred (weighed by public evidence, State.forget_inference)
    timing: str = "fixed"         # fixed: search until the budget is spent | managed: stop once the
                                  # leading root move cannot be overtaken, an end time is the most a
                                  # decision may take (TARGET_SHARE of it unless the decision is close)
    value: str = "game"           # the cut-off evaluation: game (Game.evaluate) | learned (the
                                  # game's shipped logistic model on each seat's view: ai/learned_value.py)
    prior: str = "fading"         # the hint's bonus: fading (bias / (visits + 1), progressive bias) |
                                  # puct (bias * sqrt(avail) / (visits + 1): keeps its weight as the
                                  # budget grows, the prior term of PUCT with the hint's prior 1)

    def __post_init__(self):
        if self.mode not in ("so", "mo", "auto"):
            raise SearchError(f"mode must be so, mo or auto, not {self.mode!r}")
        if self.rollout not in ("policy", "random"):
            raise SearchError(f"rollout must be policy or random, not {self.rollout!r}")
        if not self.c >= 0:
            raise SearchError(f"c must be >= 0, not {self.c!r}")
        if self.depth is not None and self.depth < 0:
            raise SearchError("depth must be >= 0")
        if self.pw_alpha < 0 or self.pw_alpha >= 1:
            raise SearchError("pw_alpha must be in [0, 1)")
        if self.pw_k <= 0:
            raise SearchError("pw_k must be > 0")
        if self.hint not in ("game", "heuristic", "learned"):
            raise SearchError(f"hint must be game, heuristic or learned, not {self.hint!r}")
        if self.bias is not None and not self.bias >= 0:
            raise SearchError("bias must be >= 0")
        if self.workers < 1:
            raise SearchError("workers must be >= 1")
        if self.opponents not in ("maxn", "paranoid", "policy"):
            raise SearchError(f"opponents must be maxn, paranoid or policy, not {self.opponents!r}")
        if self.beliefs not in ("uniform", "inferred"):
            raise SearchError(f"beliefs must be uniform or inferred, not {self.beliefs!r}")
        if self.timing not in ("fixed", "managed"):
            raise SearchError(f"timing must be fixed or managed, not {self.timing!r}")
        if self.value not in ("game", "learned"):
            raise SearchError(f"value must be game or learned, not {self.value!r}")
        if self.prior not in ("fading", "puct"):
            raise SearchError(f"prior must be fading or puct, not {self.prior!r}")

    def with_(self, **changes) -> "SearchParams":
        return replace(self, **changes)

    def to_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class Budget:
    """When to stop. Any combination; the search stops at the first reached.

    ``iterations``: a count (deterministic for a seed). ``time``: seconds of
    wall time from the call. ``deadline``: an absolute ``time.monotonic()``
    value by which the answer must be back (an RPC deadline); the search
    leaves itself a margin to merge and reply.
    """

    iterations: int | None = None
    time: float | None = None
    deadline: float | None = None

    def __post_init__(self):
        if self.iterations is None and self.time is None and self.deadline is None:
            raise SearchError("a budget needs iterations, time or a deadline")
        if self.iterations is not None and self.iterations < 0:
            raise SearchError("iterations must be >= 0")
        if self.time is not None and not self.time >= 0:
            raise SearchError("time must be >= 0")

    def end_time(self, start: float) -> float | None:
        """The monotonic time at which searching must stop, or None."""
        end = None
        if self.time is not None:
            end = start + self.time
        if self.deadline is not None:
            remaining = self.deadline - start
            # leave room to merge, serialise and send the answer
            stop = self.deadline - min(0.025, max(0.005, 0.1 * remaining))
            end = stop if end is None else min(end, stop)
        return end


def uses_hidden_moves(state: World) -> bool:
    return type(state).public_move_text is not State.public_move_text


def resolve_mode(params: SearchParams, state: World) -> str:
    if params.mode != "auto":
        return params.mode
    return "mo" if uses_hidden_moves(state) and state.num_seats > 1 else "so"


class _Delegate(State):
    """A world that is no ``State`` (a stand-in with its interface, as some tests use) behind
    ``State``'s forward model, so that the compiled search makes every forward-model call on a
    ``State``: a call of the game's compiled method, where a call through a Python-level bound
    method costs about 100 instructions more (the world is typed ``Any`` otherwise)."""

    __slots__ = ("world",)

    world: Any

    def __init__(self, world: Any) -> None:
        self.world = world

    def decider(self) -> int:
        return self.world.decider()

    def legal_moves(self) -> list:
        return self.world.legal_moves()

    def apply(self, move: Any) -> None:
        self.world.apply(move)

    def public_move_text(self, move: Any, observer: int | None) -> str:
        return self.world.public_move_text(move, observer)


def forward_model(world: World) -> State:
    """``world`` itself when it is a ``State``, else the stand-in behind ``_Delegate``."""
    return world if isinstance(world, State) else _Delegate(world)


class Node:
    """One edge-and-node: the statistics of reaching it, and its children.

    ``visits``: times selected; ``avail``: times its move was legal when
    the parent was visited (availability; a whole number held as a float, so that the compiled
    search takes its logarithm in C, the same value as of the int); ``totals[i]``: sum of seat i's
    utilities over the visits (in seat t's tree of a multiple-observer search only seat t's, and
    with ``paranoid`` the searching seat's: the others stay 0, never read); ``squares``: sum of
    the searching seat's utilities squared (the spread of a root move's value, for its interval;
    kept on every node so that a re-rooted tree has it too). ``children`` is created on first use.
    """

    __slots__ = ("children", "visits", "avail", "totals", "squares", "hint")

    children: dict[Any, Node] | None
    hint: Any
    visits: int
    avail: float
    totals: list[float]
    squares: float

    def __init__(self, n: int):
        self.children = None
        self.hint = NO_HINT  # the game's hint here (bias only; None: no favourite), asked on the first visit
        self.visits = 0
        self.avail = 1.0
        self.totals = [0.0] * n
        self.squares = 0.0


def infers_hidden(state_class: type) -> bool:
    """Whether a game's worlds weigh public evidence about hidden parts (it overrides
    ``State.forget_inference``), so that ``SearchParams.beliefs`` changes its search."""
    return getattr(state_class, "forget_inference", State.forget_inference) is not State.forget_inference


@mypyc_attr(allow_interpreted_subclasses=True)  # research/ subclasses it
class Search:
    """One seat's search from one information set; reusable across calls.

    ``root`` must be a state rebuilt from the seat's view (``from_view``);
    use ``Search.from_view`` or ``Search.from_world``.
    """

    def __init__(self, root: World, seat: int, params: SearchParams, seed: int):
        if root.decider() != seat:
            raise SearchError(f"seat {seat} is not the seat to decide (seat {root.decider()} is)")
        self.params = params
        self.root = self._believing(root)
        self.seat = seat
        self.game: Game = root.game
        self.n: int = root.num_seats  # an int, so that the compiled loops over seats run on machine ints
        self.rng = random.Random(seed)
        self.mode = resolve_mode(params, root)
        self.trees = [Node(self.n) for _ in range(self.n if self.mode == "mo" else 1)]
        self.lo = [math.inf] * self.n   # utility range seen, per seat
        self.hi = [-math.inf] * self.n
        self.iterations = 0
        self.aborted = 0
        # time management (params.timing): when the first run began, the iterations before it
        # (a reused tree's), whether the target was passed on a close decision, and why the
        # search stopped before its budget ("": it did not; "decided"; "target")
        self.managed: bool = params.timing == "managed"
        self.started: float = -1.0
        self.started_iterations: int = 0
        self.extended: bool = False
        self.stopped: str = ""
        # what end times are read on: wall time (time.monotonic), or a thread's CPU time where a
        # bench on a shared machine plays time budgets as one quiet core would (bench/ladder.py)
        self.clock: Callable[[], float] = time.monotonic
        game_cls = type(self.game)
        self.playout: Callable[[World, random.Random], Any] | None = None
        if params.rollout == "policy":
            self.playout = self.game.ai_hook("playout_move")
        self.evaluate: Callable[[World], Any] | None = None
        self.depth: int = game_cls.rollout_depth if params.depth is None else params.depth
        if self.depth and self.n > 1:
            if params.value == "learned":
                from .learned_value import evaluator

                self.evaluate = evaluator(self.game, root.config)
            else:
                self.evaluate = self.game.ai_hook("evaluate")
        self.bias = game_cls.search_bias if params.bias is None else params.bias
        hint: Callable[[World, random.Random], Any] | None = None
        if self.bias > 0:
            if params.hint == "learned":
                from .learned_prior import hinter

                hint = hinter(self.game, root.config)
            else:
                hint = self.game.search_hint if params.hint == "game" else self.game.heuristic_move
        self.heuristic: Callable[[World, random.Random], Any] | None = hint
        self.paranoid: bool = params.opponents == "paranoid" and self.n > 2
        # Statistics at another seat's node mix every world's version of its hand, so UCB there
        # picks what is best on average over hands it may not hold; the policy plays the hand
        # it holds in this world (the tree then branches on the searcher's choices only).
        self.policy_opponents: bool = params.opponents == "policy"

    def _believing(self, root: World) -> World:
        """The root whose ``sample_for`` deals worlds as ``params.beliefs`` says (a copy where the
        game's inference is dropped: the caller's state is left as it is)."""
        if self.params.beliefs == "uniform" and infers_hidden(type(root)):
            root = root.copy()
            root.forget_inference()
        return root

    def _policy_move(self, world: World, moves: list):
        """Another seat's move in the tree when ``opponents="policy"``: the rollout policy's."""
        m = self.playout(world, self.rng) if self.playout is not None else None
        return moves[int(self.rng.random() * len(moves))] if m is None else m

    def _hint(self, node: Node, world: World):
        """The game's hint at ``node`` (or None), asked in the first world that reaches it (the world
        itself, not a copy: a game's hint leaves the state as it was, tests/test_ai.py checks)."""
        hint = node.hint
        if hint is NO_HINT and self.heuristic is not None:
            hint = node.hint = self.heuristic(world, self.rng)
        return hint

    # --- construction --------------------------------------------------
    @classmethod
    def from_view(cls, game: Game, view: Mapping[str, Any], params: SearchParams, seed: int) -> "Search":
        rng = random.Random(seed)
        root = game.from_view(view, rng)
        seat = view["seat"]
        return cls(root, seat, params, rng.getrandbits(63))

    @classmethod
    def from_world(cls, world: World, params: SearchParams, seed: int, seat: int | None = None) -> "Search":
        """From a world sampled for ``seat`` (default: the decider).

        Only the seat's view of it is used, so the search cannot depend on
        whatever the world holds in the seat's hidden parts.
        """
        seat = world.decider() if seat is None else seat
        if seat == TERMINAL:
            raise SearchError("the game is over")
        return cls.from_view(world.game, world.view(seat), params, seed)

    # --- running -------------------------------------------------------
    def run(self, iterations: int | None = None, end: float | None = None, cancel=None,
            left: int | None = None) -> int:
        """Run until ``iterations`` more, ``end`` (monotonic) or ``cancel``; returns the count.

        ``left``: the iterations the whole search still has at this call (a caller that runs it
        a slice at a time; default ``iterations``), for the managed stop rule. A managed search
        that stopped before its budget (``stopped``) runs no more."""
        if iterations is None and end is None:
            raise SearchError("run needs iterations or an end time")
        if len(self.root.legal_moves()) == 1 or self.stopped:
            return 0
        mono = self.clock
        root, seat, rng = self.root, self.seat, self.rng
        step = self._iterate_mo if self.mode == "mo" else self._iterate_so
        managed = self.managed
        if self.started < 0:
            self.started = mono()
            self.started_iterations = self.iterations
        total = iterations if left is None else left
        target = math.inf
        if managed and end is not None:
            target = self.started + TARGET_SHARE * (end - self.started)
        done = 0
        now = 0.0
        search_started()  # the collector's young threshold raised while it runs (ai/search_gc.py)
        try:
            while iterations is None or done < iterations:
                if end is not None:
                    now = mono()
                    if now >= end:
                        break
                if cancel is not None and cancel.is_set():
                    break
                if managed and (not (self.iterations + done) % CHECK_EVERY or (now >= target and not self.extended)):
                    reason = self._settled(None if total is None else total - done, end, target, now, done)
                    if reason:
                        self.stopped = reason
                        break
                if step(root.sample_for(seat, rng), end):
                    done += 1
                else:
                    self.aborted += 1
        finally:
            search_ended()
        self.iterations += done
        return done

    def _settled(self, left: int | None, end: float | None, target: float, now: float, done: int) -> str:
        """Why a managed search stops here, or "": "decided" when the most visited root move
        cannot be overtaken in the iterations left (the budget's, or what the time left allows
        at the rate so far; ``done``: this run's iterations so far), "target" when the target
        time has come and the decision is not close."""
        first, second, first_total, second_total = self._top_two()
        room = math.inf if left is None else float(left)
        if end is not None:
            if now >= target and not self.extended:
                close = second >= CLOSE_RATIO * first or (
                    second > 0 and second_total / second > first_total / first)
                if not close:
                    return "target"
                self.extended = True  # a close decision: on towards the end
            horizon = end if self.extended else target
            elapsed = now - self.started
            so_far = self.iterations + done - self.started_iterations
            if elapsed > 0 and so_far > 0:
                room = min(room, so_far / elapsed * (horizon - now))
        return "decided" if first - second > room else ""

    def _top_two(self) -> tuple[int, int, float, float]:
        """The visits and the searching seat's value sums of the two most visited root moves."""
        tree = self.trees[self.seat] if self.mode == "mo" else self.trees[0]
        first, second = 0, 0
        first_total, second_total = 0.0, 0.0
        if tree.children is not None:
            seat = self.seat
            for ch in tree.children.values():
                v = ch.visits
                if v > first:
                    second, second_total = first, first_total
                    first, first_total = v, ch.totals[seat]
                elif v > second:
                    second, second_total = v, ch.totals[seat]
        return first, second, first_total, second_total

    # --- one iteration: single observer ----------------------------------
    def _iterate_so(self, world: World, end: float | None) -> bool:
        n = self.n
        node = self.trees[0]
        path = [node]
        rng_random: Callable[[], float] = self.rng.random
        c: float = self.params.c
        lo, hi = self.lo, self.hi
        pw_alpha: float = self.params.pw_alpha
        bias: float = self.bias
        puct: bool = self.params.prior == "puct"
        paranoid, seat = self.paranoid, self.seat
        policy_opponents = self.policy_opponents
        forward = forward_model(world)
        while True:
            d = forward.decider()
            if d == TERMINAL:
                break
            moves = forward.legal_moves()
            children = node.children
            if children is None:
                children = node.children = {}
            m: Any
            if len(moves) == 1 or (policy_opponents and d != seat):
                m = moves[0] if len(moves) == 1 else self._policy_move(world, moves)
                child = children.get(m)
                if child is None:
                    child = children[m] = Node(n)
                else:
                    child.avail += 1.0
                forward.apply(m)
                node = child
                path.append(node)
                continue
            # availability, UCB and the untried moves in one pass
            vs = d  # whose value the decider maximises; paranoid: the searcher's, negated
            if paranoid and d != seat:
                vs = seat
            span = hi[vs] - lo[vs]
            if span > 1e-12:
                inv, base = 1.0 / span, lo[vs]
            else:
                inv, base = 1.0, 0.0
            if vs != d:
                inv, base = -inv, hi[vs]
            best: Any = None
            best_score = -math.inf
            untried: list | None = None
            tried = 0
            hint = self._hint(node, world) if bias else None
            for m in moves:
                ch = children.get(m)
                if ch is None:
                    if untried is None:
                        untried = [m]
                    else:
                        untried.append(m)
                    continue
                tried += 1
                a = ch.avail = ch.avail + 1.0
                v = ch.visits
                score = (ch.totals[vs] / v - base) * inv + c * sqrt(log(a) / v)
                if hint is not None and m == hint:
                    score += (bias * sqrt(a) if puct else bias) / (v + 1)
                if score > best_score:
                    best_score = score
                    best = m
            if untried is not None and (
                not pw_alpha or best is None or tried < self.params.pw_k * (node.visits + 1) ** pw_alpha
            ):
                m = hint if hint is not None and hint in untried else untried[int(rng_random() * len(untried))]
                node = children[m] = Node(n)
                path.append(node)
                forward.apply(m)
                break
            node = children[best]
            path.append(node)
            forward.apply(best)
        return self._finish(world, path, end, False)

    # --- one iteration: multiple observers -------------------------------
    def _iterate_mo(self, world: World, end: float | None) -> bool:
        n = self.n
        cur = list(self.trees)
        path = list(cur)
        rng_random: Callable[[], float] = self.rng.random
        c: float = self.params.c
        lo, hi = self.lo, self.hi
        pw_alpha: float = self.params.pw_alpha
        bias: float = self.bias
        puct: bool = self.params.prior == "puct"
        paranoid, seat = self.paranoid, self.seat
        policy_opponents = self.policy_opponents
        expanded = False
        forward = forward_model(world)
        while True:
            d = forward.decider()
            if d == TERMINAL:
                break
            moves = forward.legal_moves()
            node = cur[d]
            children = node.children
            if children is None:
                children = node.children = {}
            if len(moves) == 1 or (policy_opponents and d != seat):
                m = moves[0] if len(moves) == 1 else self._policy_move(world, moves)
                child = children.get(m)
                if child is None:
                    child = children[m] = Node(n)
                else:
                    child.avail += 1.0
            else:
                vs = d  # whose value the decider maximises; paranoid: the searcher's, negated
                if paranoid and d != seat:
                    vs = seat
                span = hi[vs] - lo[vs]
                if span > 1e-12:
                    inv, base = 1.0 / span, lo[vs]
                else:
                    inv, base = 1.0, 0.0
                if vs != d:
                    inv, base = -inv, hi[vs]
                best: Any = None
                best_score = -math.inf
                untried: list | None = None
                tried = 0
                hint = self._hint(node, world) if bias else None
                for m in moves:
                    ch = children.get(m)
                    if ch is None:
                        if untried is None:
                            untried = [m]
                        else:
                            untried.append(m)
                        continue
                    tried += 1
                    a = ch.avail = ch.avail + 1.0
                    v = ch.visits
                    score = (ch.totals[vs] / v - base) * inv + c * sqrt(log(a) / v)
                    if hint is not None and m == hint:
                        score += (bias * sqrt(a) if puct else bias) / (v + 1)
                    if score > best_score:
                        best_score = score
                        best = m
                if untried is not None and (
                    not pw_alpha or best is None or tried < self.params.pw_k * (node.visits + 1) ** pw_alpha
                ):
                    m = hint if hint is not None and hint in untried else untried[int(rng_random() * len(untried))]
                    child = children[m] = Node(n)
                    expanded = True
                else:
                    m = best
                    child = children[m]
            # every other seat's tree follows the move as that seat sees it (the path takes one
            # node of every tree a step, in seat order: the backup knows each node's tree by its place).
            # A seat sees at least what a spectator does and at most what the decider does, so where
            # those two texts agree every seat's is that one: at four seats or more, two texts a
            # step instead of one a seat (tests/test_ai.py checks the games keep to it)
            shared: str | None = None
            if n > 3:
                seen = forward.public_move_text(m, None)
                if seen == forward.public_move_text(m, d):
                    shared = seen
            for t in range(n):
                if t == d:
                    path.append(child)
                    continue
                key = shared if shared is not None else forward.public_move_text(m, t)
                tn = cur[t]
                tc = tn.children
                if tc is None:
                    tc = tn.children = {}
                other = tc.get(key)
                if other is None:
                    other = tc[key] = Node(n)
                cur[t] = other
                path.append(other)
            cur[d] = child
            forward.apply(m)
            if expanded:
                break
        return self._finish(world, path, end, True)

    # --- rollout and backup ----------------------------------------------
    def _finish(self, world: World, path: list[Node], end: float | None, by_tree: bool) -> bool:
        """Roll out from ``world`` and back the values up ``path``. ``by_tree`` (multiple
        observers): ``path`` holds one node of every seat's tree a step, in seat order, and a
        node of seat t's tree sums seat t's values only (and the searching seat's, with
        ``paranoid``): only those are read there (selection in t's tree is t's, ``root_stats``
        reads the searching seat's tree)."""
        values = self._rollout(world, end)
        if values is None:
            return False
        lo, hi = self.lo, self.hi
        n = self.n
        for i in range(n):
            u = values[i]
            if u < lo[i]:
                lo[i] = u
            if u > hi[i]:
                hi[i] = u
        seat = self.seat
        own = values[seat]
        square = own * own
        # ``t[i] = t[i] + u``, not ``t[i] += u``: compiled, an augmented item assignment takes the
        # generic in-place add of two boxed floats
        if by_tree:
            paranoid = self.paranoid
            s = 0  # the tree of the node at hand
            for node in path:
                node.visits += 1
                node.squares += square
                t = node.totals
                t[s] = t[s] + values[s]
                if paranoid and s != seat:
                    t[seat] = t[seat] + own
                s += 1
                if s == n:
                    s = 0
        elif n == 2:
            u0 = values[0]
            u1 = values[1]
            for node in path:
                node.visits += 1
                node.squares += square
                t = node.totals
                t[0] = t[0] + u0
                t[1] = t[1] + u1
        else:
            for node in path:
                node.visits += 1
                node.squares += square
                t = node.totals
                for i in range(n):
                    t[i] = t[i] + values[i]
        return True

    def _rollout(self, world: World, end: float | None) -> list[float] | None:
        rng = self.rng
        rand: Callable[[], float] = rng.random
        playout = self.playout
        evaluate = self.evaluate
        depth = self.depth if evaluate is not None else 0
        mono = self.clock
        forward = forward_model(world)
        steps = 0
        while True:
            if forward.decider() == TERMINAL:
                return final_utilities(world)
            if depth and steps >= depth and evaluate is not None:
                est = evaluate(world)
                if est is not None:
                    return list(est)
                depth = 0
            moves = forward.legal_moves()
            k = len(moves)
            if k == 1:
                m = moves[0]
            else:
                m = playout(world, rng) if playout is not None else None
                if m is None:
                    m = moves[int(rand() * k)]
            forward.apply(m)
            steps += 1
            if not steps & 63:  # every 64 moves: the clock, and a policy that never ends the game
                if steps >= POLICY_STEP_LIMIT:
                    playout = None  # random moves do end it
                if end is not None and mono() >= end:
                    return None

    # --- answers -------------------------------------------------------
    def root_stats(self, squares: bool = False) -> list[tuple]:
        """(move, visits, value sum for the seat) for every legal root move, in legal order;
        ``squares``: with a fourth item, the sum of the seat's values squared (their spread)."""
        tree = self.trees[self.seat] if self.mode == "mo" else self.trees[0]
        children = tree.children or {}
        out = []
        for m in self.root.legal_moves():
            ch = children.get(m)
            if ch is None:
                out.append((m, 0, 0.0, 0.0) if squares else (m, 0, 0.0))
            elif squares:
                out.append((m, ch.visits, ch.totals[self.seat], ch.squares))
            else:
                out.append((m, ch.visits, ch.totals[self.seat]))
        return out

    # --- tree reuse ----------------------------------------------------
    def advance(self, keys: list, new_view: Mapping[str, Any], seed: int) -> bool:
        """Re-root the searcher's own tree after ``keys`` were played.

        ``keys``: every move since this search's root, each as this seat
        knows it: the move itself for its own moves and for moves it saw in
        full, or None for a move that was (partly) hidden from it. Returns
        False (and starts afresh) when the path cannot be followed soundly:
        a hidden move in single-observer mode, or a path that leaves the
        tree. In MO mode the seat's own tree is keyed by what the seat saw,
        so texts work there; the other seats' trees restart (the searcher
        does not know exactly what each of them saw).
        """
        rng = random.Random(seed)
        root = self.game.from_view(new_view, rng)
        seat = new_view["seat"]
        own = self.trees[self.seat] if self.mode == "mo" else self.trees[0]
        node: Node | None = own
        for key in keys:
            if key is None or node is None or node.children is None:
                node = None
                break
            node = node.children.get(key)
        ok = node is not None and seat == self.seat
        self.root = self._believing(root)
        self.seat = seat
        self.rng = random.Random(rng.getrandbits(63))
        n = self.n
        if self.mode == "mo":
            self.trees = [Node(n) for _ in range(n)]
            if ok and node is not None:
                self.trees[seat] = node
        else:
            self.trees = [node if ok and node is not None else Node(n)]
        if not ok:
            self.lo = [math.inf] * n
            self.hi = [-math.inf] * n
        self.started, self.extended, self.stopped = -1.0, False, ""
        return ok


def merge_stats(parts: list[list[tuple]]) -> list[tuple]:
    """Sum root statistics of independent searches of the same root: (move, visits, value
    sum) each, or all with the sum of squares too (``root_stats(squares=True)``)."""
    if not parts:
        return []
    merged: dict[Any, list[Any]] = {}  # move -> [visits (int), value sum (float)(, sum of squares)]
    order = []
    for part in parts:
        for move, *sums in part:
            acc = merged.get(move)
            if acc is None:
                merged[move] = sums
                order.append(move)
            else:
                merged[move] = [a + b for a, b in zip(acc, sums)]
    return [(m, *merged[m]) for m in order]


def best_of(stats: list[tuple]) -> Any:
    """The most visited move; ties: higher mean value, then first in order."""
    best = None
    best_key = None
    for move, visits, total, *_ in stats:
        key = (visits, total / visits if visits else -math.inf)
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best


def derive_seed(seed: int, index: int) -> int:
    """Seed of root-parallel search ``index``; the same in every process."""
    return random.Random(f"ismcts:{seed}:{index}").getrandbits(63)
