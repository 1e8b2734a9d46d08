"""One typed bot plan (issue 46): a bot is named by its spec string or by the API's typed
``BotSpec``, both read into the same ``boardbot.ai.bot_specs.BotSpec``; every field of the
message is checked, and a bad one is INVALID_ARGUMENT naming it; ListBots publishes the
bots the server offers."""

from __future__ import annotations

import math

import grpc
import pytest
from google.protobuf import duration_pb2

from boardbot.ai.bot_specs import MAX_SPEC_LENGTH, PRESETS, BotSpec, BotSpecError, parse_bot_spec, search_plan
from boardbot.ai.ladder_ratings import rating_at
from boardbot.engine import registry
from boardbot.server.bot_plans import message_of, spec_of
from boardbot.server.errors import ServiceError
from boardbot.v1 import bot_service_pb2 as bpb
from boardbot.v1 import common_pb2 as pb

from conftest import error_of, my_turn_game

SPECS = ["random", "greedy", "ismcts", "ismcts:easy", "ismcts:medium", "ismcts:hard", "ismcts:hard,workers=2",
         "ismcts:iterations=2000,c=0.7", "ismcts:time=0.25", "ismcts:easy,iterations=40,time=1.5",
         "ismcts:mode=mo,rollout=random,depth=0,pw=0.5,pw_k=3,bias=2,hint=heuristic,opponents=paranoid,"
         "beliefs=inferred", "ismcts:mode=auto,opponents=policy,beliefs=uniform,rollout=policy,hint=game"]


def typed(**fields) -> pb.BotSpec:
    return pb.BotSpec(ismcts=pb.IsmctsBot(**fields))


# --- one typed spec, two spellings --------------------------------------------------
@pytest.mark.parametrize("text", SPECS)
def test_the_string_and_the_message_are_one_spec(text):
    spec = parse_bot_spec(text)
    assert parse_bot_spec(spec.text) == spec  # the string it writes reads back the same
    assert spec_of(message_of(spec), "bot_spec") == spec  # and so does the message
    assert spec_of(pb.BotSpec.FromString(message_of(spec).SerializeToString()), "bot_spec") == spec


def test_the_spec_language_reads_one_typed_spec():
    assert parse_bot_spec("  ismcts:hard , workers=2 ") == BotSpec("ismcts", "hard", settings=(("workers", 2),))
    assert parse_bot_spec("ismcts:pw_alpha=0.5") == parse_bot_spec("ismcts:pw=0.5")
    assert parse_bot_spec("ismcts:reuse=yes").setting("reuse") is True
    # ``ismcts`` and ``ismcts:medium`` name one search (the default preset)
    assert search_plan(parse_bot_spec("ismcts")) == search_plan(parse_bot_spec("ismcts:medium"))
    # an explicit budget replaces the preset's whole budget, the preset's other settings stay
    easy = search_plan(parse_bot_spec("ismcts:easy,time=0.5"))
    assert easy.budget.iterations is None and easy.budget.time == 0.5
    assert easy.params.rollout == "random"


@pytest.mark.parametrize("text,key", [
    ("ismcts:iterations=-1", "iterations"), ("ismcts:iterations=10000001", "iterations"),
    ("ismcts:time=-0.5", "time"), ("ismcts:time=61", "time"), ("ismcts:time=nan", "time"),
    ("ismcts:c=-1", "c"), ("ismcts:c=inf", "c"), ("ismcts:c=101", "c"), ("ismcts:depth=10001", "depth"),
    ("ismcts:pw=1", "pw"), ("ismcts:pw_k=0", "pw_k"), ("ismcts:bias=1e9", "bias"), ("ismcts:workers=0", "workers"),
    ("ismcts:workers=65", "workers"), ("ismcts:mode=xo", "mode"), ("ismcts:beliefs=psychic", "beliefs"),
    ("ismcts:fast", "preset"), ("ismcts:frobnicate=1", "frobnicate"),
])
def test_every_setting_is_checked_and_named(text, key):
    with pytest.raises(BotSpecError) as err:
        parse_bot_spec(text)
    assert err.value.key == key


def test_a_long_spec_is_refused_before_it_is_read():
    with pytest.raises(BotSpecError, match=f"at most {MAX_SPEC_LENGTH} characters"):
        parse_bot_spec("ismcts:" + "c=1," * 200)


@pytest.mark.parametrize("field,message", [
    ("preset", typed(preset=7)), ("iterations", typed(iterations=-1)), ("iterations", typed(iterations=10_000_001)),
    ("time", typed(time=duration_pb2.Duration(seconds=-1))), ("time", typed(time=duration_pb2.Duration(seconds=61))),
    ("exploration", typed(exploration=math.nan)), ("exploration", typed(exploration=math.inf)),
    ("exploration", typed(exploration=-0.1)), ("exploration", typed(exploration=100.5)), ("depth", typed(depth=-1)),
    ("depth", typed(depth=10_001)), ("widening", typed(widening=1.0)), ("widening", typed(widening=-0.5)),
    ("widening_scale", typed(widening_scale=0.0)), ("widening_scale", typed(widening_scale=1001)),
    ("bias", typed(bias=-1)), ("bias", typed(bias=math.inf)), ("workers", typed(workers=0)),
    ("workers", typed(workers=65)), ("mode", typed(mode=9)), ("rollout", typed(rollout=9)), ("hint", typed(hint=9)),
    ("opponents", typed(opponents=9)), ("beliefs", typed(beliefs=9)),
])
def test_every_field_of_the_message_is_checked_and_named(field, message):
    with pytest.raises(ServiceError) as err:
        spec_of(message, "seats[1].bot_spec")
    assert err.value.code_name == "INVALID_ARGUMENT"
    assert err.value.field == f"seats[1].bot_spec.ismcts.{field}"
    assert field in str(err.value)  # the message names the field as the caller set it


# --- through the API ------------------------------------------------------------------
def test_a_typed_spec_plays_as_its_string(client):
    game, seat, view = my_turn_game(client)
    me = game.seat(seat)
    spelled = me.suggest(bot="ismcts:iterations=30,c=0.5", seed=4)
    as_typed = me.suggest(bot=typed(iterations=30, exploration=0.5), seed=4)
    assert as_typed.move.id == spelled.move.id and as_typed.stats.iterations == 30
    assert as_typed.stats.bot == spelled.stats.bot == "ismcts:iterations=30,c=0.5"
    assert spec_of(as_typed.stats.bot_spec, "") == parse_bot_spec("ismcts:iterations=30,c=0.5")
    chosen = client.choose_move("frogriders", view, bot=typed(iterations=30, exploration=0.5), seed=4)
    assert chosen.move.id == spelled.move.id
    greedy = client.choose_move("frogriders", view, bot=pb.BotSpec(greedy=pb.GreedyBot()), seed=1)
    assert greedy.stats.bot == "greedy" and greedy.stats.bot_spec.WhichOneof("bot") == "greedy"
    # a hosted seat, typed: the game keeps its spec and shows it both ways
    hosted = client.create_game("frogriders", seats=["human", typed(preset=pb.BOT_PRESET_EASY, iterations=5)], seed=3)
    seat_one = hosted.info().seats[1]
    assert seat_one.bot == "ismcts:easy,iterations=5"
    assert spec_of(seat_one.bot_spec, "") == parse_bot_spec("ismcts:easy,iterations=5")
    assert client.create_game("frogriders", seats=["human", "random"]).info().seats[1].bot_spec.HasField("random")


@pytest.mark.parametrize("seats,field", [
    ([pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_spec=pb.BotSpec())],
     "seats[1].bot_spec"),
    ([pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot="random",
                                                        bot_spec=pb.BotSpec(random=pb.RandomBot()))],
     "seats[1].bot_spec"),
    ([pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, bot_spec=pb.BotSpec(random=pb.RandomBot())),
      pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)], "seats[0].bot_spec"),
    ([pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_spec=typed(exploration=-2))],
     "seats[1].bot_spec.ismcts.exploration"),
    # a hosted seat thinks at most the server's ceiling a move (10 s by default)
    ([pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN),
      pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_spec=typed(time=duration_pb2.Duration(seconds=30)))],
     "seats[1].bot_spec.ismcts.time"),
])
def test_bad_typed_seats_are_refused_naming_the_field(client, seats, field):
    from boardbot.v1 import game_service_pb2, game_service_pb2_grpc

    stub = game_service_pb2_grpc.GameServiceStub(client.channel)
    code, _, details = error_of(stub.CreateGame, game_service_pb2.CreateGameRequest(game="frogriders", seats=seats))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert details["BadRequest"].field_violations[0].field == field


def test_bad_typed_requests_are_refused_naming_the_field(client):
    game, seat, view = my_turn_game(client, seed=2)
    code, _, details = error_of(game.seat(seat).suggest, bot=typed(workers=100))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert details["BadRequest"].field_violations[0].field == "bot_spec.ismcts.workers"
    code, _, details = error_of(client.choose_move, "frogriders", view, bot=typed(depth=-4))
    assert details["BadRequest"].field_violations[0].field == "bot_spec.ismcts.depth"
    request = bpb.SuggestMoveRequest(game_id=game.game_id, seat=seat, bot="random", bot_spec=typed())
    code, _, details = error_of(client.bots.SuggestMove, request,
                                metadata=(("authorization", f"Bearer {game.tokens[seat]}"),))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "bot_spec"
    code, _, details = error_of(game.seat(seat).suggest, bot="ismcts:" + "x" * 600)
    assert details["BadRequest"].field_violations[0].field == "bot"


def test_list_bots_publishes_what_each_bot_is(client):
    offers = client.list_bots()
    assert [o.bot for o in offers] == ["random", "greedy", *(f"ismcts:{p}" for p in PRESETS)]
    assert [o.bot for o in offers if o.is_default] == ["ismcts:medium"]
    for offer in offers:
        assert spec_of(offer.bot_spec, "") == parse_bot_spec(offer.bot)
        # plain words for players: a name and a sentence, no internal identifier
        assert offer.title and offer.description.endswith(".") and "ismcts" not in (offer.title + offer.description)
        every = {(t.game, t.players) for t in offer.tables}
        assert {g for g, _ in every} == set(registry.names())
        for t in offer.tables:
            game = registry.get(t.game)
            searching = offer.bot.startswith("ismcts")
            assert (t.iterations > 0, t.trees) == ((True, 1) if searching else (False, 0))
            rated = rating_at(game, t.players)
            assert t.HasField("rating") == (rated is not None)
            if rated is not None:
                assert (t.rating.elo, t.rating.elo_low, t.rating.elo_high) == rated[1][offer.bot]
                assert t.rating.games == rated[0]
    czech = client.list_bots("czech-pub")
    hard = next(o for o in czech if o.bot == "ismcts:hard")
    assert {t.game for t in hard.tables} == {"czech-pub"}
    assert {t.players: t.iterations for t in hard.tables} == {
        n: registry.get("czech-pub").preset_iterations[n]["hard"] for n in (3, 4, 5, 6)}
    code, _, details = error_of(client.list_bots, "chess")
    assert code == grpc.StatusCode.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "game"
