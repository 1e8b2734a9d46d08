"""The terminal rendering of Czech Pub views (engine/games/czech_pub/render.py)."""

import random

import pytest

from boardbot.server import convert
from boardbot.v1 import common_pb2
from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.engine.games.czech_pub import data as D
from boardbot.engine.games.czech_pub.render import render
from boardbot.engine.testing import config_id

GAME = registry.get("czech-pub")
CONFIGS = GAME.configurations()

# what the decider's picture says, by phase
PROMPT = {
    "play": "YOUR TURN",
    "abstinence_discard": "YOUR ABSTINENCE TURN",
    "reaction_window": "X-CARD WINDOW",
    "target_response": "YOUR ANSWER",
    "round_response": "YOUR PAYMENT",
    "brawl_response": "YOUR CHOICE",
}


def _hand_line(text: str) -> str | None:
    for line in text.splitlines():
        if line.startswith("Your hand"):
            return line
    return None


def _games(cfg, count, seed):
    """Random games (moves half greedy, half random), yielding every state along the way."""
    rng = random.Random(seed)
    for _ in range(count):
        state = GAME.new_state(cfg, rng.getrandbits(32))
        while True:
            yield state
            if state.decider() == TERMINAL:
                break
            moves = state.legal_moves()
            move = GAME.heuristic_move(state, rng) if rng.random() < 0.5 else moves[rng.randrange(len(moves))]
            state.apply(move)


@pytest.mark.parametrize("cfg", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_render_every_seat_and_the_spectator(cfg):
    rng = random.Random(5)
    n = cfg["players"]
    phases = set()
    for i, state in enumerate(_games(cfg, 2, seed=n)):
        if i % 3 and state.decider() != TERMINAL:
            continue
        for seat in [*range(n), None]:
            view = state.view(seat)
            text = render(view)
            assert text.startswith("Czech Pub")
            line = _hand_line(text)
            if seat is None:
                assert line is None and "(you)" not in text
                continue
            hand = view["players"][seat]["hand"]
            assert line is not None and line.startswith(f"Your hand ({len(hand)})")
            for card in set(hand):
                assert D.CARD_NAME[D.CARD_BY_ID[card]] in line
            # the picture depends only on what the seat may know: re-deal the hidden cards
            world = state.sample_for(seat, rng)
            assert render(world.view(seat)) == text
            if seat == state.decider():
                phases.add(view["phase"])
                assert PROMPT[view["phase"]] in text, text
    assert {"play", "reaction_window"} <= phases


def test_render_after_protobuf_and_with_missing_keys():
    cfg = CONFIGS[0]
    for i, state in enumerate(_games(cfg, 1, seed=9)):
        if i % 7:
            continue
        for seat in (0, None):
            view = state.view(seat)
            back = convert.to_dict(convert.to_proto(common_pb2.View, "czech-pub", view), "czech-pub")
            assert render(back) == render(view)
            # a view missing keys still draws
            sparse = {k: v for j, k_v in enumerate(view.items()) for k, v in [k_v] if j % 2}
            render(sparse)
    assert render({}).startswith("Czech Pub")


def _drive_to(cfg, seed, phase, pending=""):
    """A state whose decider faces ``phase`` (and pending card), from greedy play."""
    for state in _games(cfg, 6, seed):
        if state.decider() != TERMINAL and state.view(None)["phase"] == phase and (
                not pending or state.view(None)["pending_card"] == pending):
            return state
    pytest.skip(f"no {phase} {pending} reached")


@pytest.mark.parametrize("phase,pending,words", [
    ("reaction_window", "", ["done ordering", "X-CARD WINDOW", "Your X cards"]),
    ("target_response", "pojd_na_panaka", ["played Pojď na panáka", "on you", "lose 5"]),
    ("target_response", "urazka_vrchniho", ["may order nothing in your next turn", "YOUR ANSWER"]),
    ("round_response", "runda_dokola", ["played Runda dokola", "YOUR PAYMENT"]),
    ("brawl_response", "rvacka", ["started Rvačka", "YOUR CHOICE: join the brawl"]),
])
def test_render_explains_reactions_out_of_turn(phase, pending, words):
    state = _drive_to({"players": 4, "real_drinking": False}, 3, phase, pending)
    me = state.decider()
    assert me != state.view(None)["active"]
    text = render(state.view(me))
    for w in words:
        assert w in text, text
    # the others are told who is deciding
    other = next(q for q in range(state.num_seats) if q != me)
    assert f"Waiting for seat {me}" in render(state.view(other))
    assert f"Waiting for seat {me}" in render(state.view(None))


def test_render_previews_the_evaluation():
    state = _drive_to({"players": 3, "real_drinking": False}, 4, "reaction_window")
    text = render(state.view(state.decider()))
    assert "if evaluated now:" in text
    assert "In front of seat" in text


def test_render_game_over_totals():
    for state in _games({"players": 3, "real_drinking": False}, 1, seed=2):
        pass
    text = render(state.view(0))
    assert "GAME OVER" in text
    result = state.result()
    for q in range(3):
        assert f"= {result.scores[q]:g}" in text.replace(".0\n", "\n")
