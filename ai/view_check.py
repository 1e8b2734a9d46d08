"""Is a view sent by a caller one that the game could have shown? (ChooseMove's gate)

A stateless AI call rebuilds a full state from a view it was given
(``Game.from_view``), and a hostile or broken caller can send anything the
proto allows: a count of -2**31, a stage of a billion, lists that do not
add up. ``check_view`` accepts a view only if

1. every value is within generous bounds (``LIMITS``: no integer of a real
   view reaches a thousandth of ``max_int``, no list a tenth of ``max_list``),
   checked before anything is built from it;
2. the engine rebuilds a state from it without complaint;
3. that state shows the seat exactly the view that was sent (the property
   ``boardbot.engine.testing.check_views`` holds for every real view), so a
   value the rebuild ignored or could not honour is named;
4. the seat's own legal moves are the same in a second rebuild, whose hidden
   parts are dealt differently (a seat always knows what it may do: a view
   whose moves depend on others' hidden cards is inconsistent, for example
   Czech Pub's discard phase with another seat named active);
5. the game goes on from it: the legal moves exist and one random playout,
   bounded in moves, reaches the end.

It knows no game by name. It raises ``ViewRejected`` with the path of the
field at fault (``players[1].money``). The time and memory it may use are
bounded by whoever runs it: the search workers (``boardbot.ai.pool``) run
it under a timer and an address-space limit.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Mapping

from boardbot.engine.core import TERMINAL, ConfigError, Game

from .bot_specs import BotSpecError
from .instant_bots import Bot, make_instant_bot


@dataclass(frozen=True)
class Limits:
    max_int: int = 1 << 20      # the largest real value seen is 131,072 (a Dulore jutunk mask)
    max_list: int = 1024        # the longest real list is under 100
    max_string: int = 256       # the longest real string is about 100 characters
    max_depth: int = 12         # real views nest 5 deep
    playout_moves: int = 20_000  # a random game of any of ours ends well within this


LIMITS = Limits()


class ViewRejected(ValueError):
    """Not a view the game could show; ``field`` is the path at fault ('' for the whole view)."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass
class CheckedView:
    """What the gate learnt: who decides, and the legal moves of the rebuilt state."""

    decider: int
    moves: list
    texts: list[str]
    chosen: tuple | None = None  # the cheap bot's move, when one was asked for


def _join(path: str, key) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def check_bounds(value: Any, limits: Limits = LIMITS, path: str = "", depth: int = 0) -> None:
    """Every integer, list, string and nesting level within ``limits``."""
    if depth > limits.max_depth:
        raise ViewRejected(path, f"nested deeper than {limits.max_depth} levels")
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        if not -limits.max_int <= value <= limits.max_int:
            raise ViewRejected(path, f"{value} is out of range (at most {limits.max_int} in size)")
    elif isinstance(value, float):
        if not -limits.max_int <= value <= limits.max_int:  # NaN fails this too
            raise ViewRejected(path, f"{value} is out of range (at most {limits.max_int} in size)")
    elif isinstance(value, str):
        if len(value) > limits.max_string:
            raise ViewRejected(path, f"a string of {len(value)} characters (at most {limits.max_string})")
    elif isinstance(value, (list, tuple)):
        if len(value) > limits.max_list:
            raise ViewRejected(path, f"a list of {len(value)} items (at most {limits.max_list})")
        for i, item in enumerate(value):
            check_bounds(item, limits, _join(path, i), depth + 1)
    elif isinstance(value, Mapping):
        if len(value) > limits.max_list:
            raise ViewRejected(path, f"{len(value)} keys (at most {limits.max_list})")
        for key, item in value.items():
            check_bounds(item, limits, _join(path, key), depth + 1)


def first_difference(sent: Any, shown: Any, path: str = "") -> str | None:
    """The path of the first value where ``sent`` and ``shown`` differ, or None."""
    if isinstance(sent, Mapping) and isinstance(shown, Mapping):
        for key in sorted(set(sent) | set(shown), key=str):
            if key not in sent or key not in shown:
                return _join(path, key)
            found = first_difference(sent[key], shown[key], _join(path, key))
            if found is not None:
                return found
        return None
    if isinstance(sent, (list, tuple)) and isinstance(shown, (list, tuple)):
        if len(sent) != len(shown):
            return path
        for i, (a, b) in enumerate(zip(sent, shown)):
            found = first_difference(a, b, _join(path, i))
            if found is not None:
                return found
        return None
    return None if sent == shown and type(sent) is type(shown) or (
        isinstance(sent, (int, float)) and isinstance(shown, (int, float)) and not isinstance(sent, bool)
        and not isinstance(shown, bool) and sent == shown) else path


def check_view(game: Game, view: Mapping[str, Any], seed: int, limits: Limits = LIMITS,
               bot: str | None = None) -> CheckedView:
    """Accept ``view`` (a seat's view dict) or raise ``ViewRejected``; see the module docstring.
    ``bot``: the spec of a bot that answers at once (``boardbot.ai.instant_bots``: random,
    greedy): its move for the view comes back too.
    Whatever the engine raises on the way is the view's fault (the engines work from every
    real view: tests/test_hostile_views.py), so it is a ViewRejected too."""
    instant = None if bot is None else make_instant_bot(bot, game)
    if bot is not None and instant is None:
        raise BotSpecError(f"{bot!r}: not a bot that answers at once (random, greedy)")
    try:
        return _check_view(game, view, seed, limits, instant)
    except (ViewRejected, MemoryError):
        raise
    except Exception as err:  # noqa: BLE001 - see the docstring
        raise ViewRejected("", f"not a valid {game.name} view: {type(err).__name__}: {err}") from None


def _check_view(game: Game, view: Mapping[str, Any], seed: int, limits: Limits, bot: Bot | None) -> CheckedView:
    check_bounds(view, limits)
    seat = view.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ViewRejected("seat", "the view must be a seat's (the spectator's cannot be searched)")
    rng = random.Random(seed)
    try:
        root = game.from_view(view, rng)
    except ConfigError as err:
        raise ViewRejected(f"config.{err.field}" if err.field in {p.name for p in game.params} else err.field,
                           err.message) from None
    except KeyError as err:
        raise ViewRejected(str(err.args[0]) if err.args else "", f"missing or unknown {err}") from None
    except (ValueError, TypeError, IndexError, AttributeError, ArithmeticError) as err:
        raise ViewRejected("", f"not a valid {game.name} view: {type(err).__name__}: {err}") from None
    if not 0 <= seat < root.num_seats:
        raise ViewRejected("seat", f"seat {seat} does not exist (seats 0-{root.num_seats - 1})")
    shown = json.loads(json.dumps(root.view(seat)))
    sent = json.loads(json.dumps(view))
    differs = first_difference(sent, shown)
    if differs is not None:
        raise ViewRejected(differs, f"the view is not one the game could show: {differs or 'the view'} does "
                                    f"not agree with the rest")
    decider = root.decider()
    if decider == TERMINAL:
        return CheckedView(TERMINAL, [], [])
    try:
        moves = root.legal_moves()
        texts = [root.move_text(m) for m in moves]
        if not moves:
            raise ValueError("no legal move for the deciding seat")
        if decider == seat and game.from_view(view, random.Random(seed ^ 0x5EED)).legal_moves() != moves:
            raise ViewRejected("", "the view does not determine the seat's own legal moves: they change with "
                                   "the hidden cards it cannot see, so some value contradicts the rest")
        playout = root.sample_for(seat, rng)
        for _ in range(limits.playout_moves):
            if playout.decider() == TERMINAL:
                break
            playout.apply(rng.choice(playout.legal_moves()))
        else:
            raise ValueError(f"a random game from here does not end within {limits.playout_moves} moves")
    except ViewRejected:
        raise
    except (ValueError, TypeError, IndexError, KeyError, AttributeError, ArithmeticError) as err:
        raise ViewRejected("", f"the game cannot go on from this view: {type(err).__name__}: {err}") from None
    chosen = None
    if bot is not None and decider == seat:
        chosen = bot.choose(root.sample_for(seat, rng), rng)
    return CheckedView(decider, moves, texts, chosen)
