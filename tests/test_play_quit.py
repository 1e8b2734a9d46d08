"""``boardbot play``: quitting leaves the seat as it is, resigning gives it up, and the
header of a solo game has no dangling seat list (through a real server)."""

import io

from boardbot.client import Client
from boardbot.tools.play import play


def _play(server, answers, game="frogriders", opponents=("random",), cfg=None):
    with Client(server.address) as client:
        before = {g.game_id for g in client.list_games()}
        out = io.StringIO()
        code = play(server.address, game, list(opponents), seat=0, config=cfg, seed=4,
                    inp=io.StringIO(answers), out=out)
        (new,) = [g for g in client.list_games() if g.game_id not in before]
        return code, out.getvalue(), client.get_game(new.game_id)


def test_q_quits_without_resigning(server):
    code, text, game = _play(server, "q\n")
    assert code == 0 and "you quit without resigning" in text and "resigned" not in text
    assert not game.seats[0].resigned


def test_the_end_of_the_input_quits_too(server):
    code, text, game = _play(server, "")
    assert code == 0 and "you quit without resigning" in text
    assert not game.seats[0].resigned


def test_resign_gives_the_seat_up(server):
    code, text, game = _play(server, "resign\n")
    assert code == 0 and "you resigned" in text
    assert game.seats[0].resigned


def test_the_solo_header_names_no_other_seats(server):
    code, text, _ = _play(server, "q\n", game="dulore-jutunk", opponents=(), cfg={"players": 1})
    header = text.splitlines()[0]
    assert header == "dulore-jutunk: you are seat 0 (a solo game)"
    code, text, _ = _play(server, "q\n")
    assert text.splitlines()[0] == "frogriders: you are seat 0; seat 1: random"
