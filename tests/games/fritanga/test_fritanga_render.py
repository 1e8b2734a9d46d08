"""The terminal picture of a Fritanga view (engine/games/fritanga/render.py)."""

import random

import pytest

from boardbot.server import convert
from boardbot.v1 import common_pb2
from boardbot.engine.core import TERMINAL
from boardbot.engine.games.fritanga import GAME
from boardbot.engine.games.fritanga import data as D
from boardbot.engine.games.fritanga.render import CODE, render
from boardbot.engine.games.fritanga.scenario import build, cell
from boardbot.engine.testing import config_id

CONFIGS = GAME.configurations()


def token(text: str, name: str) -> str:
    """The grid token (4 characters, the separating space dropped) at cell ``name`` (e.g. "c4") in a rendered view."""
    col, row = name[0], int(name[1:])
    lines = text.splitlines()
    header = next(line for line in lines if line.startswith("    ") and line.strip().startswith(tuple("abcdefghijklmn")))
    letters = header.split()
    i = letters.index(col)
    line = next(line for line in lines if line[:4] == f"{row:>3} ")
    return line[5 + 5 * i: 9 + 5 * i].ljust(4)


def via_proto(view: dict) -> dict:
    return convert.to_dict(convert.to_proto(common_pb2.View, "fritanga", view), "fritanga")


@pytest.mark.parametrize("cfg", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_every_view_of_random_games_renders(cfg):
    for seed in range(2):
        state = GAME.new_state(cfg, seed)
        rng = random.Random(seed)
        step = 0
        while True:
            if step % 7 == 0 or state.decider() == TERMINAL:
                for seat in [None, *range(state.num_seats)]:
                    view = state.view(seat)
                    text = render(view)
                    assert render(via_proto(view)) == text
                    assert "decision: " in text
                    # private knowledge: face-down cards only their peekers see, hand cards only
                    # the seats that know them
                    for pk in view["peeks"]:
                        name = state.lay.names[pk["cell"]]
                        known = pk["known_to_all"] or seat in pk["seats"]
                        code = CODE[D.CARD_KEY[state.grid[pk["cell"]] & D.KIND]]
                        assert (token(text, name) == f"[{code}]") == known, (seat, name, token(text, name))
                    for q, p in enumerate(view["players"]):
                        names = [h["card"] for h in p["hand"]]
                        if q == seat:
                            assert "" not in names
                        hidden = sum(1 for code in state.hands[q]
                                     if q != seat and not (code >> D.MSHIFT) & (D.PUBLIC | (1 << (seat if seat is not None else 7))))
                        assert names.count("") == hidden
            if state.decider() == TERMINAL:
                break
            state.apply(rng.choice(state.legal_moves()))
            step += 1


def test_grid_shows_pieces_cards_peeks_and_bridges():
    cards = {"c4": "basket", "d4": "+basket", "e4": "oil_geyser", "d3": "basket", "d5": "+switch",
             "i9": "+basket", "i8": "basket", "b9": "+basket", "b8": "basket"}
    s = build(mode="teams", players=4, cards=cards, pieces={0: "d4", 1: "i9", 2: "b9"},
              hands={0: ["f_rays", "fritos"], 2: ["boom"]}, status={3: "out"}, fallen={3: "f6"}, turn=0)
    s.kmask[cell(s, "e4")] = 1 << 0  # seat 0 peeked at e4
    s._settle()
    mine, theirs, spectator = render(s.view(0)), render(s.view(1)), render(s.view(None))
    assert token(mine, "d4") == "0:ba" and token(mine, "i9") == "1:ba"
    assert token(mine, "d5") == " sw "
    assert token(mine, "c4") == "[  ]"
    assert token(mine, "e4") == "[og]" and token(theirs, "e4") == "[ *]" and token(spectator, "e4") == "[ *]"
    assert token(mine, "f6") == " ~3 "
    assert "seat 0 (you), team 0: on d4; hand 2: Fritos, F-Rays" in mine
    assert "seat 3, team 1: in the oil at f6 (last chance on its next turn)" in mine
    assert "face-down cards you know: e4 Oil geyser" in mine and "Oil geyser" not in theirs
    assert "decision: you: play hand cards" in mine and "decision: seat 0: play hand cards" in theirs


def test_reaction_windows_say_who_reacts_and_to_what():
    # a food's No frying way! against a Boom! push
    cards = {"c4": "basket", "d4": "+basket", "e4": "+basket", "f4": "basket"}
    s = build(cards=cards, pieces={0: "d4", 1: "e4", 2: "c4"}, hands={0: ["boom"], 1: ["no_frying_way"]}, turn=0)
    s.apply(("play", "boom"))
    assert s.decider() == 1
    text = render(s.view(1))
    assert "decision: you to react out of turn: No frying way! against a push of you east?" in text
    # the chef's ninth card against a food's card
    cards = {"c4": "basket", "d4": "+basket", "e4": "basket", "d3": "basket", "d5": "basket"}
    s = build(mode="chef", players=3, cards=cards, pieces={1: "d4"}, hands={1: ["a_little_break"]}, turn=1)
    s.apply(("play", "a_little_break"))
    assert s.decider() == D.CHEF_SEAT
    text = render(s.view(0))
    assert ("decision: you (the chef) to react out of turn: cancel seat 1's A Little Break with Not so fast! "
            "(the ninth card)?") in text
    assert "Not so fast! (the ninth card, a reaction at any time): still in the chef's hand" in text
    assert "decision: the chef (seat 0) to react out of turn" in render(s.view(1))


def test_the_chef_is_told_how_many_foods_the_spatula_still_pushes():
    foods = {1: "d4", 2: "h4", 3: "d8", 4: "h8"}
    s = build(mode="chef", players=5, cards={spot: "+basket" for spot in foods.values()} | {"c4": "basket"},
              pieces=foods, chef_hand=["spatula", "stir"], turn=0)
    s.apply(("skill", "spatula"))
    assert "Spatula: choose a food to push (3 foods left)" in render(s.view(0))
    assert "Spatula: choose a food to push (3 foods left)" in render(via_proto(s.view(None)))
    s.apply(("choose_seat", 1))
    s.apply(("choose_direction", "west"))
    assert "(2 foods left)" in render(s.view(0))
    s.apply(("choose_seat", 2))
    s.apply(("choose_direction", "north"))
    text = render(s.view(0))
    assert "Spatula: choose a food to push" in text and "foods left" not in text, "the last push says no count"
