"""Bots as the API shows them: the ``BotSpec`` message and the bots the server offers.

A request names its bot by a spec string (``bot``) or a typed ``BotSpec`` message
(``bot_spec``); ``requested_bot`` reads whichever is set into the one typed spec
(``boardbot.ai.bot_specs.BotSpec``: the string through the one parser, the message field
by field), or answers INVALID_ARGUMENT naming the field at fault
(``seats[1].bot_spec.ismcts.exploration``). ``message_of`` writes a spec back as the
message (``Seat.bot_spec``, ``SearchStats.bot_spec``), and ``list_bots`` answers
BotService.ListBots: every bot the server offers, in plain words, with what it runs at each
game's table sizes (``search_plan``, what the server searches) and its ladder rating
there (``boardbot.ai.ladder_ratings``: what bench/ladder.py measured).
"""

from __future__ import annotations

import functools

from boardbot.ai.bot_specs import (DEFAULT_PRESET, PLAIN_BOTS, PRESETS, BotSpec, BotSpecError, parse_bot_spec,
                                   search_plan)
from boardbot.ai.ladder_ratings import rating_at
from boardbot.v1 import bot_service_pb2, common_pb2

from . import errors

DEFAULT_BOT = f"ismcts:{DEFAULT_PRESET}"  # SuggestMove's and ChooseMove's when a request names none

PRESET_ENUM = {"easy": common_pb2.BOT_PRESET_EASY, "medium": common_pb2.BOT_PRESET_MEDIUM,
               "hard": common_pb2.BOT_PRESET_HARD}
# the message's enums: its field -> (the SearchParams field, {enum value: the setting's value})
CHOICES = {
    "mode": ("mode", {common_pb2.TREE_MODE_AUTO: "auto", common_pb2.TREE_MODE_SINGLE_OBSERVER: "so",
                      common_pb2.TREE_MODE_MULTIPLE_OBSERVER: "mo"}),
    "rollout": ("rollout", {common_pb2.ROLLOUT_POLICY_GAME: "policy", common_pb2.ROLLOUT_POLICY_RANDOM: "random"}),
    "hint": ("hint", {common_pb2.SEARCH_HINT_GAME: "game", common_pb2.SEARCH_HINT_HEURISTIC: "heuristic"}),
    "opponents": ("opponents", {common_pb2.OPPONENT_MODEL_MAX_N: "maxn", common_pb2.OPPONENT_MODEL_PARANOID: "paranoid",
                                common_pb2.OPPONENT_MODEL_POLICY: "policy"}),
    "beliefs": ("beliefs", {common_pb2.WORLD_BELIEFS_UNIFORM: "uniform", common_pb2.WORLD_BELIEFS_INFERRED: "inferred"}),
    "timing": ("timing", {common_pb2.SEARCH_TIMING_FIXED: "fixed", common_pb2.SEARCH_TIMING_MANAGED: "managed"}),
}
# hints the server does not search with: the learned prior needs a fitted file no table ships
# (research runs hand theirs over in-process), and the message has no value for it
RESEARCH_HINTS = frozenset({"learned"})
# cut-off evaluations the server does not search with: the learned value needs a fitted file no
# table ships (ai/learned_value.py), and the message has no field for it
RESEARCH_VALUES = frozenset({"learned"})
# the message's optional numbers: its field -> the SearchParams field
NUMBERS = {"exploration": "c", "depth": "depth", "widening": "pw_alpha", "widening_scale": "pw_k", "bias": "bias",
           "workers": "workers"}
# the string language's keys (BotSpecError.key) -> the message's fields
FIELD_OF_KEY = {"iterations": "iterations", "time": "time", "preset": "preset", "c": "exploration", "pw": "widening",
                "pw_k": "widening_scale", **{key: key for key in ("mode", "rollout", "depth", "bias", "hint",
                                                                  "workers", "opponents", "beliefs", "timing")}}


def requested_bot(text: str, message: common_pb2.BotSpec | None, prefix: str = "",
                  default: str | None = None, reason: str = "BAD_BOT") -> BotSpec:
    """The bot a request names by ``bot`` (``text``) or ``bot_spec`` (``message``, None when
    unset); ``prefix``: the fields' path (``seats[1].``); ``default``: the spec when neither
    is set (None: one is required); ``reason``: the error's."""
    if text and message is not None:
        raise errors.invalid(f"{prefix}bot_spec", "set bot or bot_spec, not both", reason)
    if message is not None:
        return spec_of(message, f"{prefix}bot_spec", reason)
    if not text.strip():
        if default is None:
            raise errors.invalid(f"{prefix}bot", "a bot seat needs a bot spec (bot or bot_spec)", reason)
        text = default
    try:
        spec = parse_bot_spec(text)
    except BotSpecError as err:
        raise errors.invalid(f"{prefix}bot", str(err), reason) from None
    if spec.setting("hint") in RESEARCH_HINTS:
        raise errors.invalid(f"{prefix}bot", f"hint={spec.setting('hint')} is a research setting "
                             "(ai/learned_prior.py: no table ships a learned prior), not served", reason)
    if spec.setting("value") in RESEARCH_VALUES:
        raise errors.invalid(f"{prefix}bot", f"value={spec.setting('value')} is a research setting "
                             "(ai/learned_value.py: no table ships a learned value), not served", reason)
    return spec


def spec_of(message: common_pb2.BotSpec, field: str, reason: str = "BAD_BOT") -> BotSpec:
    """The typed spec of a ``BotSpec`` message at ``field`` (INVALID_ARGUMENT naming the field
    at fault: an unset oneof, an enum number it does not know, a value out of range)."""
    which = message.WhichOneof("bot")
    if which is None:
        raise errors.invalid(field, "a BotSpec names its bot: random, greedy or ismcts", reason)
    if which != "ismcts":
        return BotSpec(which)
    search = message.ismcts
    where = f"{field}.ismcts"
    presets = {number: name for name, number in PRESET_ENUM.items()}
    if search.preset and search.preset not in presets:
        raise errors.invalid(f"{where}.preset", f"unknown preset {search.preset}", reason)
    settings = []
    for name, (param, values) in CHOICES.items():
        number = getattr(search, name)
        if number and number not in values:
            raise errors.invalid(f"{where}.{name}", f"unknown {name} {number}", reason)
        if number:
            settings.append((param, values[number]))
    settings += [(param, getattr(search, name)) for name, param in NUMBERS.items() if search.HasField(name)]
    try:
        return BotSpec("ismcts", presets.get(search.preset), search.iterations if search.HasField("iterations") else None,
                       search.time.ToNanoseconds() / 1e9 if search.HasField("time") else None, tuple(settings))
    except BotSpecError as err:
        name = FIELD_OF_KEY.get(err.key or "")
        text = str(err)
        if name is None:
            raise errors.invalid(where, text, reason) from None
        if text.startswith(f"{err.key} "):  # the message names the field as the caller set it
            text = name + text[len(err.key):]
        raise errors.invalid(f"{where}.{name}", text, reason) from None


def message_of(spec: BotSpec) -> common_pb2.BotSpec:
    """The ``BotSpec`` message of a typed spec (``spec_of`` reads it back as the same spec; a
    spec's tree reuse, which no server search keeps, is left out)."""
    if spec.kind == "random":
        return common_pb2.BotSpec(random=common_pb2.RandomBot())
    if spec.kind == "greedy":
        return common_pb2.BotSpec(greedy=common_pb2.GreedyBot())
    search = common_pb2.IsmctsBot(preset=PRESET_ENUM.get(spec.preset, common_pb2.BOT_PRESET_UNSPECIFIED))
    if spec.iterations is not None:
        search.iterations = spec.iterations
    if spec.time is not None:
        search.time.FromNanoseconds(round(spec.time * 1e9))
    for name, (param, values) in CHOICES.items():
        value = spec.setting(param)
        if value is not None:
            setattr(search, name, next(number for number, v in values.items() if v == value))
    for name, param in NUMBERS.items():
        value = spec.setting(param)
        if value is not None:
            setattr(search, name, value)
    return common_pb2.BotSpec(ismcts=search)


@functools.lru_cache(maxsize=256)
def stored_message(text: str) -> common_pb2.BotSpec | None:
    """``message_of`` a stored seat's spec string, read once per text (shared: do not modify);
    None for a string that names no bot today (a game stored under older limits)."""
    try:
        return message_of(parse_bot_spec(text))
    except BotSpecError:
        return None


def _offers() -> list[tuple[BotSpec, str, str]]:
    """Every bot the server offers, weakest first: (spec, title, description)."""
    plain = [(BotSpec(kind), *PLAIN_BOTS[kind]) for kind in PLAIN_BOTS]
    return plain + [(BotSpec("ismcts", name), p.title, p.description) for name, p in PRESETS.items()]


def _at_table(spec: BotSpec, game, players: int) -> bot_service_pb2.BotAtTable:
    out = bot_service_pb2.BotAtTable(game=game.name, players=players)
    if spec.kind == "ismcts":
        plan = search_plan(spec, game, players)  # what the server searches (bots.BotRunner, advisor)
        out.iterations, out.trees = plan.budget.iterations or 0, plan.params.workers
        if plan.budget.time is not None:
            out.time.FromNanoseconds(round(plan.budget.time * 1e9))
    rated = rating_at(game, players)
    if rated is not None and spec.text in rated[1]:
        elo, low, high = rated[1][spec.text]
        out.rating.CopyFrom(bot_service_pb2.BotRating(elo=elo, elo_low=low, elo_high=high, games=rated[0]))
    return out


def list_bots(games: list) -> bot_service_pb2.ListBotsResponse:
    """BotService.ListBots for ``games`` (Game objects): each bot with its plan and rating at
    every player count the games' configurations have."""
    default = parse_bot_spec(DEFAULT_BOT)
    counts = {game.name: sorted({game.validate(c)["players"] for c in game.configurations()}) for game in games}
    bots = []
    for spec, title, description in _offers():
        bots.append(bot_service_pb2.BotOffer(
            bot=spec.text, bot_spec=message_of(spec), title=title, description=description,
            is_default=spec.text == default.text,
            tables=[_at_table(spec, game, players) for game in games for players in counts[game.name]]))
    return bot_service_pb2.ListBotsResponse(bots=bots)
