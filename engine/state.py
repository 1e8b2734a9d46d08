"""The state base class (``boardbot.engine.core`` describes the interface and re-exports it).

Its own module so that the compiled build (mypyc, engine/build.py) can compile it: a game's state
class compiles as a native class only on a native base. ``allow_interpreted_subclasses``: every
game's state, compiled or not, subclasses it.
"""

from __future__ import annotations

import random
from typing import Any, Final, Sequence

from mypy_extensions import mypyc_attr

from .chance import BLAKE2B_STREAM, MERSENNE_TWISTER, ChanceStream
from .chance_random import ChanceRandom
from .errors import GameOver, IllegalMove
from .result import Result

TERMINAL: Final = -1
SEED_BITS: Final = 63

Move = tuple


def new_seed(rng: random.Random) -> int:
    return rng.getrandbits(SEED_BITS)


def rank_by(keys: Sequence[tuple]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rank seats by descending sort keys (score first, then tie-breaks).

    Returns (ranks, winners); seats with equal keys share a rank, and all
    seats with the best key are winners (a shared victory). Here, not in engine/core.py (which
    re-exports it), so that the compiled build compiles it: every game's ``result()`` calls it at
    the end of every rollout.
    """
    # a seat's place: how many seats have a better key (a handful of seats: no sort, set or dict;
    # counted in a loop, not by the builtin sum, which the compiled build calls as a Python object)
    places: list[int] = []
    for key in keys:
        better = 0
        for other in keys:
            if other > key:
                better += 1
        places.append(better)
    ranks = tuple(places)
    winners = tuple(i for i, r in enumerate(ranks) if r == 0)
    return ranks, winners


@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """One position of a game. Subclasses use ``__slots__`` and copy by hand.

    ``log``: ``None`` (no logging, the default and what searches use) or a
    list that the game appends ``(visible_to, text)`` entries to, where
    ``visible_to`` is ``None`` for everyone or a seat number. Hosted games
    turn it on to show automata turns and revealed chance events.

    ``_moves``: the legal moves of the position, or None until ``legal_moves``
    asks the game's ``_generate`` for them. Whoever changes a state's fields
    other than through ``apply`` (a test setting up a position, a tool) calls
    ``invalidate()`` afterwards.
    """

    __slots__ = ("game", "config", "num_seats", "seed", "stream", "log", "_moves")

    game: Any  # its Game (engine/core.py, which imports this module: not named here)
    config: dict
    num_seats: int
    seed: int
    stream: int  # how its chance events draw from ``seed`` (engine/chance.py): its game's
    # ``chance_stream``, or an older rules version's (``Game.older_versions``)
    log: list | None
    _moves: list | None

    # --- forward model -------------------------------------------------
    def decider(self) -> int:
        """The seat whose decision it is, or TERMINAL."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.decider() == TERMINAL

    def legal_moves(self) -> list:
        """The legal moves of the decider, in a stable order (cached until the next move)."""
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return moves

    def _generate(self) -> list:
        """The legal moves, computed afresh (``legal_moves`` caches them)."""
        raise NotImplementedError

    def invalidate(self) -> None:
        """Forget what is derived from the fields (the cached legal moves; a game may have more),
        after they were changed other than by ``apply``."""
        self._moves = None

    def apply(self, move: Move) -> None:
        """Apply a legal move (unchecked: use ``apply_checked`` on input)."""
        raise NotImplementedError

    def apply_checked(self, move: Move) -> None:
        if self.decider() == TERMINAL:
            raise GameOver("the game is over")
        if move not in self.legal_moves():
            raise IllegalMove(f"illegal move {move!r}")
        self.apply(move)

    def move_text(self, move: Move) -> str:
        """Stable human-readable text of a move, as its decider sees it."""
        raise NotImplementedError

    def public_move_text(self, move: Move, observer: int | None) -> str:
        """The text of ``move`` as ``observer`` may see it (before it is applied).

        Games whose moves can be secret (a card kept face down) override this.
        """
        return self.move_text(move)

    # --- information ---------------------------------------------------
    def view(self, seat: int | None) -> dict:
        """Everything ``seat`` may see (``None``: a spectator), JSON-safe."""
        raise NotImplementedError

    def sample_for(self, seat: int, rng: random.Random) -> "State":
        """A copy in which everything hidden from ``seat`` is re-dealt.

        The copy looks identical from ``seat`` (same view, same legal moves)
        and gets a fresh chance seed from ``rng``. ``log`` is off.
        """
        raise NotImplementedError

    def forget_inference(self) -> None:
        """Drop what this state infers about hidden parts from public evidence (Czech Pub: the
        players' passes), so that ``sample_for`` deals them uniformly from what is unseen.

        Searches call it on their own copy of the root (``SearchParams.beliefs="uniform"``); a
        game without such inference has nothing to drop.
        """

    # --- outcome -------------------------------------------------------
    def result(self) -> Result | None:
        """The final result, or None while the game runs."""
        raise NotImplementedError

    def outcome(self) -> tuple[Sequence[float], tuple[int, ...], tuple[int, ...]] | None:
        """``result()``'s scores, winners and ranks, or None while the game runs: what a search
        needs at the end of every rollout (ai/utility.py). A game whose result builds more (a
        breakdown for players' screens) overrides it to skip that; the numbers are the same."""
        result = self.result()
        return None if result is None else (result.scores, result.winners, result.ranks)

    # --- plumbing ------------------------------------------------------
    def copy(self) -> "State":
        raise NotImplementedError

    def to_dict(self) -> dict:
        raise NotImplementedError

    def __deepcopy__(self, memo) -> "State":
        # copy.deepcopy is copy(): OpenSpiel clones the Python states that hold ours with it
        return self.copy()

    def chance(self) -> random.Random | ChanceStream:
        """A generator for the next chance event; advances the state's seed."""
        if self.stream == BLAKE2B_STREAM:
            stream = ChanceStream(self.seed)
            self.seed = stream.next_seed()
            return stream
        # MERSENNE_TWISTER (rules version 1's games):
        rng = ChanceRandom(self.seed)  # random.Random(self.seed)'s draws, seeded without Python frames
        self.seed = rng.getrandbits(SEED_BITS)
        return rng

    def note(self, visible_to: int | None, text: str) -> None:
        if self.log is not None:
            self.log.append((visible_to, text))

    def _init_base(self, game: Any, config: dict, seed: int) -> None:
        self.game = game
        self.config = config
        self.num_seats = config["players"]
        self.seed = seed
        # the game's current rules' stream (Game.chance_stream: engine/core.py, not imported here)
        self.stream = getattr(game, "chance_stream", MERSENNE_TWISTER)
        self.log = None
        self._moves = None

    def _copy_base(self, other: "State") -> None:
        self.game = other.game
        self.config = other.config  # validated configs are never mutated
        self.num_seats = other.num_seats
        self.seed = other.seed
        self.stream = other.stream
        self.log = None
        self._moves = None  # a game whose cache may be shared copies it itself (its FIELDS)
