"""Dűlőre jutunk terminal rendering: every configuration, every seat and the
spectator, through the protobuf round trip the client uses; private farmer
marker bonuses only in their owner's picture."""

import random

import pytest
from dulore_helpers import GAME, at, clear, fresh, play, task, turn, vineyard

from boardbot.server import convert
from boardbot.v1 import common_pb2
from boardbot.engine.core import TERMINAL
from boardbot.engine.games.dulore_jutunk import data as D
from boardbot.engine.games.dulore_jutunk.render import render
from boardbot.engine.testing import config_id

CONFIGS = GAME.configurations()


def _as_client_sees(view: dict) -> dict:
    return convert.to_dict(convert.to_proto(common_pb2.View, GAME.name, view), GAME.name)


def _player_block(text: str, title: str) -> str:
    blocks = text.split("\n\n")
    return next(b for b in blocks if b.startswith(title))


@pytest.mark.parametrize("cfg", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_render_every_seat_and_the_spectator_in_random_games(cfg):
    rng = random.Random(5)
    state = GAME.new_state(cfg, 7)
    step = 0
    while True:
        if step % 9 == 0 or state.decider() == TERMINAL:
            for seat in [None, *range(state.num_seats)]:
                view = _as_client_sees(state.view(seat))
                text = render(view)
                assert text.startswith("Dűlőre jutunk")
                assert "Vineyards" in text and "Face-up orders" in text
                if seat is not None and not state.over:
                    own = _player_block(text, f"You (seat {seat})")
                    bonuses = ", ".join(D.MARKER_BONUS_NAME[b] for b in state.supply[seat]) or "none"
                    assert f"farmer markers in supply: {bonuses}" in own
                for q in range(state.num_seats):
                    if q == seat or state.over:
                        continue
                    block = _player_block(text, f"Seat {q}")
                    assert f"farmer markers in supply: {len(state.supply[q])}" in block
                    for name in D.MARKER_BONUS_NAME:
                        if name not in view["players"][q]["known_supply_bonuses"]:
                            assert f"{name}" not in block.split("farmer markers in supply")[1]
                if state.num_seats == 1:
                    assert "Project card" in text
                # a picture is drawn from the view alone: any world the seat cannot
                # tell apart draws the same
                if seat is not None and not state.over:
                    world = state.sample_for(seat, rng)
                    assert render(_as_client_sees(world.view(seat))) == text
        if state.decider() == TERMINAL:
            break
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        step += 1
    assert "Game over: " in render(state.view(0))


def test_other_players_markers_show_hidden_unless_known():
    s = clear(fresh(3))
    vineyard(s, 0, red=1)
    vineyard(s, 1, red=1)
    s.vmark[0], s.vbonus[0] = 1, D.MB_PRESS
    s.vmark[1], s.vbonus[1], s.vknown[1] = 2, D.MB_TAKE, 1
    s.supply[1] = [D.MB_DRAW, D.MB_AGE, D.MB_TAKE]
    s.known[1] = [D.MB_AGE]
    s.supply[2] = [D.MB_DRAW, D.MB_AGE, D.MB_PRESS]
    turn(s, 0)
    mine = render(s.view(1))
    assert "your marker (press)" in mine
    theirs = render(s.view(0))
    assert "seat 1's marker (hidden)" in theirs and "seat 2's marker (take_order)" in theirs
    assert "farmer markers in supply: 3 (known: age)" in _player_block(theirs, "Seat 1")
    assert "press" not in _player_block(theirs, "Seat 1").split("farmer markers")[1]


def test_solo_shows_the_winemakers_turns_and_a_marker_bonus_decided_out_of_turn():
    s = fresh(1, project="easy", seed=7)
    play(s, ("take_order", 0), ("take_order", 1))
    text = render(s.view(0))
    assert "The Winemaker since your last turn:" in text
    card = s.wm_played[-1]
    assert f"card {card} (harvest {D.RING[D.WINEMAKER_CARDS[card][0]]}" in text
    # the Winemaker harvests a vineyard with the player's marker: the player decides its bonus
    s = clear(fresh(1, project="easy"))
    s.black, s.spaces, s.wm_extra = 6, [0] * 6, 0
    vineyard(s, 0, red=2)
    s.vmark[0], s.vbonus[0] = 0, D.MB_DRAW
    s.supply[0] = [D.MB_AGE, D.MB_TAKE, D.MB_PRESS]
    card = next(k for k, c in enumerate(D.WINEMAKER_CARDS) if c[0] == 0)
    s.wm_deck = [c for c in s.wm_deck if c != card] + [card]
    at(s, task(D.K_WM, -1))
    text = render(s.view(0))
    assert "To decide: you" in text and "during the Winemaker's turn" in text
    assert "your farmer marker 'draw'" in text


def test_a_passed_grape_choice_says_who_harvested():
    s = clear(fresh(2))
    vineyard(s, 0, D.AUTUMN, red=2, yellow=1)
    s.grapes[0] = [3, 3]
    s.grapes[1] = [2, 2]
    turn(s, 0)
    play(s, ("harvest", 0))
    text = render(s.view(1))
    assert "To decide: you" in text and "during seat 0's turn" in text
    assert "2 red and 1 yellow grapes arrive (harvested by seat 0)" in text
