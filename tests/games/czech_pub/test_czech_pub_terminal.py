"""Czech Pub in the terminal client against greedy bots: the human seat is asked to react in
other players' turns, and the log lines show the dice and the evaluations."""

import io

from boardbot.tools.play import play


def test_terminal_game_with_reactions_out_of_turn(server):
    out = io.StringIO()
    code = play(server.address, "czech-pub", ["greedy"] * 3, seat=0, config={"players": 4}, seed=5,
                inp=io.StringIO("1\n" * 3000), out=out)
    text = out.getvalue()
    assert code == 0, text[-2000:]
    assert "game over" in text and "GAME OVER" in text
    # decisions in the human's own turn and in other players' turns
    for prompt in ("YOUR TURN", "X-CARD WINDOW", "YOUR PAYMENT"):
        assert prompt in text, prompt
    assert "is done ordering" in text
    # the evaluation, the die and private draws reach the human through the log lines
    assert "drinks" in text and "rolls" in text and "cell value" in text
    assert "you draw" in text
