"""Names for people and live scores through the real API (issue 48): the name a human seat's
player gives CreateGame or JoinGame is what every seat sees (GetGame), bounded and checked like
every string; a running game's views carry each seat's score if the game ended now
(SeatView.live_scores), another seat's secret card not counted, and none once it is over."""

import asyncio
import random

import grpc
import pytest

from boardbot.client import OPEN, Client, LiveScore, aio, error_details
from boardbot.v1 import common_pb2, game_service_pb2_grpc
from boardbot.v1 import game_service_pb2 as pb
from tests.conftest import error_of, play_randomly


def field(details) -> str:
    return details["BadRequest"].field_violations[0].field


def test_a_name_given_to_create_game_is_what_every_seat_sees(server):
    with Client(server.address) as host:
        game = host.create_game("frogriders", seats=["human", "greedy"], player_names=["Ann Smith"], seed=3)
        assert [s.player_name for s in host.get_game(game.game_id).seats] == ["Ann Smith", ""]


def test_names_are_bounded_and_printable(server):
    with Client(server.address) as host:
        for name in ("Ann\x07", "x" * 65, "Ann\u200b"):
            code, _, details = error_of(host.create_game, "frogriders", seats=["human", "greedy"], player_names=[name])
            assert code == grpc.StatusCode.INVALID_ARGUMENT and field(details) == "seats[0].player_name", name
        request = pb.CreateGameRequest(game="frogriders", seats=[
            common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN, player_name="Ann"),
            common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN, open=True, player_name="Bea")])
        with grpc.insecure_channel(server.address) as channel:
            code, _, details = error_of(game_service_pb2_grpc.GameServiceStub(channel).CreateGame, request)
        assert code == grpc.StatusCode.INVALID_ARGUMENT and field(details) == "seats[1].player_name", \
            "an open seat's name comes from the player who joins it"
        game = host.create_game("frogriders", seats=["human", OPEN], seed=4)
        code, _, details = error_of(host.join_game, game.game_id, name="Bea\n\x00")
        assert code == grpc.StatusCode.INVALID_ARGUMENT and field(details) == "player_name"


def test_live_scores_hide_another_seats_set_card(server):
    with Client(server.address) as host, Client(server.address) as guest:
        game = host.create_game("frogriders", seats=["human", OPEN], player_names=["Ann"], seed=5)
        bea = guest.join_game(game.game_id, name="Bea")
        bea.view()  # takes the seat up: the game starts
        ann = host.seat(game.game_id, 0, game.tokens[0])
        assert [s.player_name for s in host.get_game(game.game_id).seats] == ["Ann", "Bea"]
        rng = random.Random(1)
        while not all(p.get("chose_set_card") for p in ann.view().state["players"]):
            seat = (ann, bea)[ann.view().decider]  # both keep a set card: the game's first decisions
            seat.play(move_id=rng.choice(seat.view().legal_moves).id)
        own, other = ann.view().message.live_scores, bea.view().message.live_scores
        assert [s.partial for s in own] == [False, True] and [s.partial for s in other] == [True, False]
        assert "private_set_card" in own[0].breakdown and "private_set_card" not in own[1].breakdown
        # Ann's own score counts her card; Bea sees it without
        assert own[0].points - own[0].breakdown["private_set_card"] == other[0].points
        assert [s.partial for s in host.seat(game.game_id, None).view().message.live_scores] == [True, True]


def test_live_scores_end_with_the_game(server):
    with Client(server.address) as host:
        game = host.create_game("czech-pub", seats=["human", "greedy", "greedy"], seed=6)
        seat = host.seat(game.game_id, 0, game.tokens[0])
        first = seat.view().message.live_scores
        assert len(first) == 3 and not any(s.partial for s in first) and "kinds_bonus" in first[0].breakdown
        final = play_randomly(seat, random.Random(2))
        assert final.finished and not final.message.live_scores, "once it is over Outcome has the scores"
        assert list(final.message.outcome.scores)


def test_both_clients_send_a_name_given_for_an_open_seat_and_the_server_refuses_it(server):
    """The clients send every name as given (they used to drop one on an open seat): the
    server's refusal names the field, and a name left empty still opens the seat."""
    with Client(server.address) as host:
        code, _, details = error_of(host.create_game, "frogriders", seats=["human", OPEN], player_names=["Ann", "Bea"])
        assert code == grpc.StatusCode.INVALID_ARGUMENT and field(details) == "seats[1].player_name"
        assert host.create_game("frogriders", seats=["human", OPEN], player_names=["Ann", ""]).tokens.keys() == {0}
        with pytest.raises(ValueError):
            host.create_game("frogriders", seats=["human", OPEN], player_names=["Ann", "", "Cy"])

    async def scenario():
        async with aio.Client(server.address) as client:
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await client.create_game("frogriders", seats=[OPEN, "greedy"], player_names=["Bea"])
            return refused.value.code(), error_details(refused.value)
    code, details = asyncio.run(scenario())
    assert code == grpc.StatusCode.INVALID_ARGUMENT and field(details) == "seats[0].player_name"


def test_both_clients_views_carry_the_live_scores(server):
    """``View.live_scores`` reads ``SeatView.live_scores``: one per seat, points, breakdown and
    partial as the view's seat may see them, in the blocking and the asyncio client alike."""
    with Client(server.address) as host:
        game = host.create_game("czech-pub", seats=["human", "greedy", "greedy"], seed=6)
        view = game.seat(0).view()
        assert len(view.live_scores) == 3 and all(isinstance(s, LiveScore) for s in view.live_scores)
        for score, sent in zip(view.live_scores, view.message.live_scores):
            assert (score.points, score.partial) == (sent.points, sent.partial)
            assert score.breakdown == dict(sent.breakdown) and "kinds_bonus" in score.breakdown
        spectator = game.spectator().view()

        async def read():
            async with aio.Client(server.address) as client:
                return await client.seat(game.game_id, 0, game.tokens[0]).view(), \
                    await client.seat(game.game_id, None).view()
        assert asyncio.run(read()) == (view, spectator)
        final = play_randomly(game.seat(0), random.Random(3))
        assert final.finished and final.live_scores == [] and final.outcome is not None
