"""The game-agnostic rules-engine interface.

Every game implements two classes:

* a ``Game``: the static description (name, parameters, move schema) and the
  factories (new game from a validated config and a seed, restore from a dict,
  rebuild a state from one seat's view);
* a ``State``: one position with its forward model (decider, legal moves,
  apply), per-seat views, hidden-information sampling, copy, serialisation
  and the result.

Moves are plain tuples whose first item names the kind, e.g.
``("leap", 40, 41, 42, 0)``. They are immutable, hashable and cheap; the
game's ``move_fields`` table names the remaining items, which is all the
server needs to turn a move into its per-game protobuf message and back.

Chance: a state holds a 63-bit ``seed``; each chance event draws a
generator from it with ``self.chance()`` and advances it (the state's ``stream``:
``engine/chance.py``'s ``ChanceStream`` under the current rules of the games with
chance events, ``random.Random`` under their rules version 1; docs/storage.md). Copying a
state is therefore free of RNG cost, and a sampled world for a search gets a
fresh seed from the searcher's RNG, so hidden future draws are re-sampled too
and the real game's future is never disturbed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from . import chance
from .errors import ConfigError, EngineError, GameOver, IllegalMove, NotYourTurn  # noqa: F401 (the engine's API)
from .playout import random_playout as play_random  # noqa: F401  (the engine's API: engine/playout.py, compiled)
from .result import Result  # noqa: F401  (the engine's API: engine/result.py)
from .state import SEED_BITS, TERMINAL, Move, State, new_seed, rank_by  # noqa: F401  (State, rank_by: engine/state.py)


class DealRandom(random.Random):
    """The ``random.Random`` a game is dealt with (``Game.new_state``): its ``shuffle`` of a list
    is ``boardbot.engine.chance.shuffle``, the same draws, compiled (a Frogriders deal makes 76
    draws in 4 shuffles: a fifth of a CreateGame's CPU in random.py's Python)."""

    def shuffle(self, x) -> None:  # type: ignore[override]
        if type(x) is list:
            chance.shuffle(self, x)
        else:
            super().shuffle(x)


@dataclass(frozen=True)
class Param:
    """One named game parameter (a rule variant or the player count)."""

    name: str
    default: Any
    doc: str = ""
    choices: tuple | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Any:
        expected = type(self.default)
        if expected is bool:
            if not isinstance(value, bool):
                raise ConfigError(self.name, f"expected true or false, got {value!r}")
        elif expected is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ConfigError(self.name, f"expected an integer, got {value!r}")
        elif not isinstance(value, expected):
            raise ConfigError(self.name, f"expected {expected.__name__}, got {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise ConfigError(self.name, f"{value!r} is not one of: {allowed}")
        if self.minimum is not None and value < self.minimum:
            raise ConfigError(self.name, f"{value} is below the minimum {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise ConfigError(self.name, f"{value} is above the maximum {self.maximum}")
        return value


NO_DEFAULT = object()  # a ParamRule that gives no default


@dataclass(frozen=True)
class ParamRule:
    """A rule tying parameters together, declared as data so that clients can be
    told it (ListGameTypes) and ``Game.validate`` enforces it.

    Whenever every ``(name, values)`` condition of ``when`` holds (the parameter
    has one of the values), ``param`` must be one of ``allowed`` (if given) and
    within ``minimum``..``maximum`` (if given); a caller who leaves ``param``
    out gets ``default`` (if given) instead of the parameter's own default.
    ``doc`` is the rule in words, the message of the error for a config that
    breaks it."""

    when: tuple[tuple[str, tuple], ...]
    param: str
    doc: str
    allowed: tuple | None = None
    minimum: int | None = None
    maximum: int | None = None
    default: Any = NO_DEFAULT

    def applies(self, cfg: Mapping[str, Any]) -> bool:
        return all(cfg[name] in values for name, values in self.when)

    def check(self, cfg: Mapping[str, Any]) -> None:
        value = cfg[self.param]
        if ((self.allowed is not None and value not in self.allowed)
                or (self.minimum is not None and value < self.minimum)
                or (self.maximum is not None and value > self.maximum)):
            raise ConfigError(self.param, f"{value!r} breaks a rule: {self.doc}")


@dataclass(frozen=True)
class Solo:
    """A game's one-player mode against its own automaton (``players`` 1), as a lobby offers it
    beside the game (ListGameTypes: ``GameType.solo``)."""

    title: str  # what the mode is, after the game's title: "solo against the Winemaker"
    blurb: str  # one sentence for a player choosing it
    opponent: str  # who plays against the player, in words: "the Winemaker"
    note: str = ""  # what the player should know at the table about the automaton


@dataclass(frozen=True)
class EnumTable:
    """Rows of components (cards, heroes, ...) keyed by the engine's ids of one kind of thing,
    which a view names by values of the ``boardbot.v1`` enum ``enum`` (``"FroccsCard"``: the id
    ``"soda"`` is ``FROCCS_CARD_SODA`` by the naming rule of docs/api-contract.md). Clients get
    the table keyed by those value names (``GameType.components``)."""

    enum: str
    rows: Mapping[str, Any]


class Game:
    """Static description of one game and the factories for its states."""

    name: str = ""
    rules_version: int  # each game sets its own: bumped when a rule changes (docs/storage.md, "Rules versions")
    # older rules versions this engine still plays, each with its chance stream (``State.stream``,
    # engine/chance.py): a version that differs from the current one only in how its chance events
    # draw (docs/storage.md, "The chance stream"); its stored games play on
    older_versions: Mapping[int, int] = {}
    # the chance stream of the current rules version: the Mersenne Twister (rules version 1) unless
    # the game moved to the BLAKE2b stream (docs/storage.md, "The chance stream")
    chance_stream: int = chance.MERSENNE_TWISTER
    # the rules versions (the current one or older ones kept) whose deal draws from the chance stream
    # (``ChanceStream`` of the game's seed), where the others' deal draws from a Mersenne Twister
    # seeded with it (``DealRandom``): Frogriders from version 2 (docs/storage.md, "The chance stream")
    stream_deals: frozenset[int] = frozenset()
    # what players call it, and one sentence for a player choosing a game (ListGameTypes)
    title: str = ""
    blurb: str = ""
    # the one-player mode against the game's automaton, when ``players`` can be 1
    solo: Solo | None = None
    params: tuple[Param, ...] = ()
    # rules between the parameters, enforced by validate and told to clients
    param_rules: tuple[ParamRule, ...] = ()
    # move kind -> names of the tuple's remaining items (all ints, strs or bools); a hosted game's
    # comes from its <Game>Move message (move_fields.py, generated by scripts/gen_proto.py)
    move_fields: Mapping[str, tuple[str, ...]] = {}
    # the keys of the serialised state (``State.to_dict``) that hold the seats' hidden cards, and
    # the moves that show hidden cards because the rules say so: move kind ("*": any) -> the view
    # keys it may change (tests/test_hidden_moves.py varies the one and allows the other)
    secret_fields: tuple[str, ...] = ()
    shown_by_rule: Mapping[str, frozenset[str]] = {}

    def components(self) -> dict[str, Any]:
        """The game's components as a player reads them (names and rule texts of its cards,
        tiles, boards), for a client drawing its views: JSON-safe values and ``EnumTable``s.
        ListGameTypes carries them (``GameType.components``). Default: none."""
        return {}

    # --- configuration -------------------------------------------------
    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)

    def validate(self, config: Mapping[str, Any] | None = None) -> dict:
        """Fill defaults and check every value; ConfigError names the field."""
        given = dict(config or {})
        known = {p.name for p in self.params}
        for key in given:
            if key not in known:
                raise ConfigError(key, f"unknown option for {self.name} (known: {', '.join(sorted(known))})")
        cfg = {p.name: p.check(given[p.name]) if p.name in given else p.default for p in self.params}
        for rule in self.param_rules:
            if rule.default is not NO_DEFAULT and rule.param not in given and rule.applies(cfg):
                cfg[rule.param] = rule.default
        for rule in self.param_rules:
            if rule.applies(cfg):
                rule.check(cfg)
        self.check_config(cfg)
        return cfg

    def check_config(self, cfg: dict) -> None:
        """Cross-field checks ``param_rules`` cannot say; raise ConfigError. Override where needed."""

    def configurations(self) -> list[dict]:
        """Every configuration the generic tests must cover."""
        raise NotImplementedError

    def plays(self, rules_version: int) -> bool:
        """Whether this engine plays games created under ``rules_version`` (its own or an older
        one it keeps: ``older_versions``)."""
        return rules_version == self.rules_version or rules_version in self.older_versions

    # --- factories -----------------------------------------------------
    def new_state(self, config: Mapping[str, Any] | None = None, seed: int = 0,
                  rules_version: int | None = None) -> State:
        return self.new_validated_state(self.validate(config), seed, rules_version)

    def new_validated_state(self, cfg: dict, seed: int = 0, rules_version: int | None = None) -> State:
        """``new_state`` for a config ``validate`` returned (not checked a second time).
        ``rules_version``: an older one the engine plays (``older_versions``), for a stored game's
        replay from its seed; default the current one."""
        # ``self.rules_version`` is read only where a version matters: a game defined outside the
        # package (tests' toy games, a researcher's) need not declare one to be played
        older = rules_version is not None and rules_version != self.rules_version
        if older and rules_version not in self.older_versions:
            raise ValueError(f"{self.name} rules version {rules_version} is not played here "
                             f"(this engine plays version {self.rules_version})")
        streamed = bool(self.stream_deals) and (rules_version if older else self.rules_version) in self.stream_deals
        state = self._new_state(cfg, chance.ChanceStream(seed) if streamed else DealRandom(seed))
        if older:
            state.stream = self.older_versions[rules_version]
        return state

    def _new_state(self, cfg: dict, rng: Any) -> State:
        """The deal of a validated config from ``rng``: a ``DealRandom`` (a ``random.Random``), or a
        ``chance.ChanceStream`` under a rules version in ``stream_deals``."""
        raise NotImplementedError

    def from_dict(self, data: Mapping[str, Any]) -> State:
        raise NotImplementedError

    def from_view(self, view: Mapping[str, Any], rng: random.Random) -> State:
        """A full state consistent with one seat's view, hidden parts sampled.

        This is what a stateless AI call uses: the view is all it was given.
        """
        raise NotImplementedError

    # --- moves as data -------------------------------------------------
    def move_to_dict(self, move: Move) -> dict:
        kind = move[0]
        names = self.move_fields[kind]
        return {kind: dict(zip(names, move[1:]))}

    def move_from_dict(self, data: Mapping[str, Any]) -> Move:
        if len(data) != 1:
            raise IllegalMove("a move names exactly one kind")
        ((kind, values),) = data.items()
        if kind not in self.move_fields:
            raise IllegalMove(f"unknown move kind {kind!r}")
        values = values or {}
        names = self.move_fields[kind]
        unknown = set(values) - set(names)
        if unknown:
            raise IllegalMove(f"unknown field(s) for {kind}: {', '.join(sorted(unknown))}")
        missing = [n for n in names if n not in values]
        if missing:
            raise IllegalMove(f"missing field(s) for {kind}: {', '.join(missing)}")
        return (kind, *(values[n] for n in names))

    def move_to_json(self, move: Move) -> list:
        return list(move)

    def move_from_json(self, data: Iterable) -> Move:
        return tuple(data)

    # --- learning environments (boardbot.learning) ---------------------
    # An upper bound on the moves of one game (OpenSpiel's max_game_length); the
    # environments truncate a game that reaches it. 0: not declared.
    max_moves: int = 0

    def score_bounds(self, cfg: dict) -> tuple[float, float] | None:
        """The least and greatest score of a solo game (its reward), or None."""
        return None

    def action_kinds(self, cfg: dict) -> list:
        """Every move the configuration ``cfg`` can ever have, as ``(kind, rows)``
        pairs in id order (``boardbot.engine.actions.ActionSpace``)."""
        raise NotImplementedError

    def action_space(self, config: Mapping[str, Any] | None = None):
        """The stable numbering of this configuration's moves (built once per configuration)."""
        cfg = self.validate(config)
        key = tuple(cfg.items())
        cache = self.__dict__.setdefault("_action_spaces", {})
        space = cache.get(key)
        if space is None:
            from .actions import ActionSpace

            space = cache[key] = ActionSpace(self.action_kinds(cfg))
        return space

    def observation_layout(self, config: Mapping[str, Any] | None = None):
        """The blocks of this configuration's observations (``boardbot.engine.observation``)."""
        return self.layout_of(self.validate(config))

    def layout_of(self, cfg: dict):
        """``observation_layout`` of a validated configuration (games set it from their observation.py)."""
        raise NotImplementedError

    def observe(self, view: Mapping[str, Any]):
        """One view (a seat's or the spectator's) as a float32 numpy array of
        ``observation_layout(view's config).size``; built from the view alone."""
        raise NotImplementedError

    # --- scores during play (optional) ---------------------------------
    def live_scores(self, state: State) -> list[tuple[dict, dict]] | None:
        """Each seat's score if the game ended now, as ``live_score`` makes them: per seat, as
        the seat itself sees it and as every other seat and the spectator see it (its secrets
        left out, ``partial``); None where the rules score nothing public during play. The
        views show them (SeatView.live_scores): each must follow from what its viewer may see
        (tests/test_live_scores.py). Default: None."""
        return None

    # --- AI knowledge (optional; the AI works without it) -------------
    # Rollout cut-off (moves) the search uses unless its spec sets ``depth``:
    # worth setting where games are long and ``evaluate`` is good. 0: play out.
    rollout_depth: int = 0
    # Progressive bias towards ``search_hint`` the search uses unless its
    # spec sets ``bias``: worth setting where the game knows decisions whose
    # moves are too close for a small search to tell apart. 0: off.
    search_bias: float = 0.0
    # Iterations that replace an ISMCTS preset's own (ai/bots.py) at some table sizes:
    # {players: {preset: iterations}}. For a game whose search stops gaining strength early
    # at a table size, so that easy, medium and hard stay distinct steps there. Empty: none.
    preset_iterations: Mapping[int, Mapping[str, int]] = {}
    # The game's AI knowledge: a module (its policy.py) with any of ``heuristic_move(state, rng)``,
    # ``playout_move(state, rng)`` and ``evaluate(state)``; the hooks below call them. None: none.
    policy: Any = None

    def ai_hook(self, name: str):
        """The function behind the hook ``name`` (``playout_move``, ``evaluate``, ...), or None
        where the game has none: what a search calls directly, without the hook's indirection."""
        if getattr(type(self), name) is not getattr(Game, name):
            return getattr(self, name)  # the game's class overrides the hook itself
        return getattr(self.policy, name, None)

    def heuristic_move(self, state: State, rng: random.Random) -> Move:
        """The ``greedy`` bot's choice. Default: the policy's, else a random legal move."""
        fn = getattr(self.policy, "heuristic_move", None)
        if fn is not None:
            return fn(state, rng)
        return rng.choice(state.legal_moves())

    def search_hint(self, state: State, rng: random.Random) -> Move | None:
        """The move a search with ``bias`` should favour here, or None for no
        favourite. Default: ``heuristic_move`` everywhere; a game can keep the
        hint to the decisions where its heuristic beats a small search."""
        return self.heuristic_move(state, rng)

    def playout_move(self, state: State, rng: random.Random) -> Move | None:
        """A cheap move for MCTS rollouts (the policy's); None means uniformly random."""
        fn = getattr(self.policy, "playout_move", None)
        return None if fn is None else fn(state, rng)

    def evaluate(self, state: State) -> list[float] | None:
        """Estimated per-seat value in [0, 1] for a rollout cut-off (the policy's), or None."""
        fn = getattr(self.policy, "evaluate", None)
        return None if fn is None else fn(state)


def live_score(breakdown: Mapping[str, Any], hidden: Sequence[str] = ()) -> dict:
    """One seat's score if the game ended now (``Game.live_scores``), from its final-score
    ``breakdown`` (the keys of ``Result.breakdown``, its ``total`` the points) without the
    ``hidden`` parts, those the viewer may not see (then the score is ``partial``)."""
    shown = {key: value for key, value in breakdown.items() if key not in hidden}
    shown["total"] = breakdown["total"] - sum(breakdown[key] for key in hidden)
    return {"points": float(shown["total"]), "breakdown": shown, "partial": bool(hidden)}


def public_scores(breakdowns: Iterable[Mapping[str, Any]]) -> list[tuple[dict, dict]]:
    """``Game.live_scores`` of a game whose scores hide nothing: each seat's as everyone sees it."""
    return [(score, score) for score in map(live_score, breakdowns)]
