"""Fritanga modes: the chef's skills and reaction, the eight rounds and extra turns, every end and winner."""

import random

import pytest

from boardbot.engine.core import TERMINAL
from boardbot.engine.games.fritanga import GAME
from boardbot.engine.games.fritanga import data as D
from boardbot.engine.games.fritanga.scenario import build, card_at, cell, hand_keys, name


def do(state, move):
    assert move in state.legal_moves(), (move, state.legal_moves())
    state.apply(move)


def targets(state):
    return sorted(name(state, m[1]) for m in state.legal_moves() if m[0] in ("choose_card", "choose_space"))


def chef_board(skills=None, hands=None, extra=None, pieces=None, **kw):
    """Chef mode, 3 players: foods 1 (on d4) and 2 (on h8); the chef (seat 0) to play."""
    cards = {"c4": "basket", "d4": "+basket", "e4": "basket", "d3": "basket", "d5": "basket",
             "h8": "+basket", "h7": "basket", "g8": "basket", "c9": "basket"}
    cards.update(extra or {})
    return build(mode="chef", players=3, cards=cards, pieces=pieces or {1: "d4", 2: "h8"}, hands=hands,
                 chef_hand=skills if skills is not None else list(D.SKILL_KEY), turn=0, **kw)


def test_chef_plays_one_golden_skill_per_turn_and_never_the_reaction():
    s = chef_board()
    assert s.decider() == 0
    assert s.legal_moves() == [("skill", k) for k in D.SKILL_KEY if k != "not_so_fast"]


def test_skimmer_removes_two_unoccupied_cards():
    s = chef_board()
    do(s, ("skill", "skim"))
    assert "d4" not in targets(s) and "h8" not in targets(s)
    do(s, ("choose_card", cell(s, "c4")))
    do(s, ("choose_card", cell(s, "c9")))
    assert card_at(s, "c4") == "" and card_at(s, "c9") == ""
    assert s.decider() == 1 and s.chef_played == 1 and "skim" not in s.view(1)["chef_hand"]


def test_spatula_pushes_one_food():
    s = chef_board()
    do(s, ("skill", "spatula"))
    assert s.legal_moves() == [("choose_seat", 1), ("choose_seat", 2)]
    do(s, ("choose_seat", 1))
    do(s, ("choose_direction", "west"))
    assert s.pos[1] == cell(s, "c4") and card_at(s, "d4") == ""


def test_spatula_into_the_oil():
    s = chef_board()
    do(s, ("skill", "spatula"))
    do(s, ("choose_seat", 2))
    do(s, ("choose_direction", "east"))
    assert s.status[2] == D.OUT and s.fall_at[2] == cell(s, "i8"), "the fallen food lies where it fell"


def test_knife_removes_one_card_next_to_each_food():
    s = chef_board()
    do(s, ("skill", "knife"))
    assert targets(s) == ["c4", "d3", "d5", "e4"]
    do(s, ("choose_card", cell(s, "e4")))
    assert targets(s) == ["g8", "h7"]
    do(s, ("choose_card", cell(s, "h7")))
    assert card_at(s, "e4") == "" and card_at(s, "h7") == "" and s.decider() == 1


def test_lift_the_lid_reveals_three_cards_without_applying_them():
    s = chef_board(extra={"c9": "oil_geyser", "c8": "basket"})
    do(s, ("skill", "lid"))
    do(s, ("choose_card", cell(s, "c9")))
    assert card_at(s, "c8") == "basket", "not applied"
    do(s, ("choose_card", cell(s, "c4")))
    do(s, ("choose_card", cell(s, "e4")))
    spectator = {cv["cell"]: cv for cv in s.view(None)["cards"]}
    assert spectator[cell(s, "c9")]["face_up"] and spectator[cell(s, "c9")]["card"] == "oil_geyser"
    assert s.decider() == 1


def test_a_revealed_immediate_card_still_acts_when_a_piece_lands_on_it():
    s = chef_board(extra={"c4": "+oil_geyser", "b4": "basket"}, skills=["taste"])
    s.stack = [(D.A_END, 1), (D.F_MOVE, 1)]
    s.turn_seat = 1
    s._settle()
    do(s, ("move", cell(s, "c4")))
    assert card_at(s, "b4") == ""


def test_stir_swaps_two_unoccupied_cards():
    s = chef_board(extra={"c9": "oil_geyser"})
    do(s, ("skill", "stir"))
    do(s, ("choose_card", cell(s, "c9")))
    assert "c9" not in targets(s)
    do(s, ("choose_card", cell(s, "e4")))
    assert s.grid[cell(s, "e4")] == D.OIL_GEYSER and s.grid[cell(s, "c9")] == D.BASKET


def test_shake_pushes_every_food_the_same_way():
    s = chef_board()
    do(s, ("skill", "shake"))
    do(s, ("choose_direction", "north"))
    assert s.pos[1] == cell(s, "d3") and s.pos[2] == cell(s, "h7")


def test_trim_removes_an_outer_row_or_column():
    s = chef_board()
    do(s, ("skill", "trim"))
    do(s, ("choose_direction", "south"))  # row 9: c9 only
    assert card_at(s, "c9") == ""
    s = chef_board()
    do(s, ("skill", "trim"))
    do(s, ("choose_direction", "east"))  # column h: h7 goes, h8 is occupied
    assert card_at(s, "h7") == "" and card_at(s, "h8") == "basket"


def test_taste_test_discards_a_random_card_from_a_food():
    s = chef_board(hands={1: ["trampoline", "breadcrumbs"]})
    do(s, ("skill", "taste"))
    assert s.legal_moves() == [("choose_seat", 1)]
    do(s, ("choose_seat", 1))
    assert len(s.hands[1]) == 1
    assert s.discard[D.TRAMPOLINE] + s.discard[D.BREADCRUMBS] == 1


def test_no_frying_way_against_a_chef_skill_and_the_chef_reaction_against_it():
    s = chef_board(hands={1: ["no_frying_way"]})
    do(s, ("skill", "spatula"))
    do(s, ("choose_seat", 1))
    do(s, ("choose_direction", "north"))
    assert s.decider() == 1
    do(s, ("react", "no_frying_way"))
    # the chef may cancel the No frying way! with the ninth card, on his own turn
    assert s.decider() == 0 and s.legal_moves() == [("react", "not_so_fast"), ("decline",)]
    do(s, ("react", "not_so_fast"))
    assert s.pos[1] == cell(s, "d3"), "the push happens after all"
    assert "not_so_fast" not in s.view(None)["chef_hand"]


def test_chef_reaction_cancels_a_food_card():
    s = chef_board(hands={1: ["trampoline"]}, skills=["taste", "not_so_fast"])
    s.stack = [(D.A_END, 1), (D.F_MOVE, 1), (D.F_PLAY, 1)]
    s.turn_seat = 1
    s._settle()
    do(s, ("play", "trampoline"))
    assert s.decider() == 0
    do(s, ("react", "not_so_fast"))
    assert s.hands[1] == [] and s.discard[D.TRAMPOLINE] == 1 and s.pos[1] == cell(s, "d4")
    assert s.decider() == 1 and s.stack[-1][0] == D.F_PLAY
    # once used, the chef has no more reactions
    s2 = chef_board(hands={1: ["trampoline", "trampoline"]}, skills=["taste"])
    s2.stack = [(D.A_END, 1), (D.F_MOVE, 1), (D.F_PLAY, 1)]
    s2.turn_seat = 1
    s2._settle()
    do(s2, ("play", "trampoline"))
    assert s2.decider() == 1 and s2.stack[-1][0] == D.F_TRAMP


def test_chef_reaction_pass_lets_the_card_work():
    s = chef_board(hands={1: ["trampoline"]})
    s.stack = [(D.A_END, 1), (D.F_MOVE, 1), (D.F_PLAY, 1)]
    s.turn_seat = 1
    s._settle()
    do(s, ("play", "trampoline"))
    do(s, ("decline",))
    assert s.stack[-1][0] == D.F_TRAMP


def test_splatter_the_chef_pushes_the_revealing_food():
    s = chef_board(extra={"e4": "splatter", "f4": "basket"})
    s.stack = [(D.A_END, 1), (D.F_MOVE, 1)]
    s.turn_seat = 1
    s._settle()
    do(s, ("move", cell(s, "e4")))
    assert s.decider() == 0
    do(s, ("choose_direction", "east"))
    assert s.pos[1] == cell(s, "f4") and card_at(s, "e4") == "" and s.discard[D.SPLATTER] == 1


def turns_of_a_chef_game(seed, players=3):
    state = GAME.new_state({"mode": "chef", "players": players}, seed)
    rng = random.Random(seed)
    turns = [0] * players
    while state.decider() != TERMINAL:
        before_turn, seat = state.turn, state.turn_seat
        state.apply(rng.choice(state.legal_moves()))
        if state.turn != before_turn or state.decider() == TERMINAL:
            turns[seat] += 1
    return state, turns


def test_eight_chef_rounds_then_one_extra_turn_per_food():
    found = 0
    for seed in range(60):
        state, turns = turns_of_a_chef_game(seed, players=4)
        if state.final:
            found += 1
            assert turns[0] == D.GOLDEN_TURNS and state.chef_played == D.GOLDEN_TURNS
            for q in (1, 2, 3):
                if state.fried_turn[q] < 0:
                    assert turns[q] == D.GOLDEN_TURNS + 1, "8 rounds plus the extra turn"
            assert state.chef_hand in ([], [D.SK_REACTION])
    assert found >= 10


def test_the_chef_wins_when_every_food_is_fried_and_loses_otherwise():
    # every food fried: the chef wins at once
    s = build(mode="chef", players=3, cards={"c3": "trampoline", "h8": "+basket"}, pieces={2: "h8"},
              status={1: "out"}, turn=1)
    s.status[2] = D.FRIED
    s.pos[2] = -1
    s.occ[cell(s, "h8")] = -1
    s._settle()
    s._run()
    do(s, ("choose_card", cell(s, "c3")))
    assert s.decider() == TERMINAL
    res = s.result()
    assert res.winners == (0,) and res.ranks == (0, 1, 1)
    # after the chef's eighth card and the extra turns, food still on a card: the foods win
    s = build(mode="chef", players=3, cards={"c3": "basket", "d3": "basket", "h8": "basket", "h9": "basket"},
              pieces={1: "c3", 2: "h8"}, chef_hand=["taste"], turn=0)
    s.chef_played = D.GOLDEN_TURNS - 1
    do(s, ("skill", "taste"))  # nobody holds a card: no effect
    assert s.chef_played == D.GOLDEN_TURNS and s.final
    assert s.decider() == 1
    do(s, ("end_play",))
    do(s, ("move", cell(s, "d3")))
    assert s.decider() == 2
    do(s, ("end_play",))
    do(s, ("move", cell(s, "h9")))
    assert s.decider() == TERMINAL
    res = s.result()
    assert res.winners == (1, 2) and res.ranks == (2, 0, 0)


def test_the_chef_wins_when_no_food_is_in_the_playing_area_after_the_chefs_turn():
    """"Once the chef has played a card ... Check whether there is still food in the playing
    area that has not yet fried. If not, the chef has won!" A food in the oil waiting for
    its last chance is not in the playing area."""
    s = chef_board(skills=["spatula", "skim"], pieces={1: "d4"}, status={2: "out"}, fallen={2: "h8"})
    do(s, ("skill", "spatula"))
    do(s, ("choose_seat", 1))
    do(s, ("choose_direction", "north"))  # d3 is a basket: seat 1 is pushed onto it, still in
    assert s.decider() == 1 and not s.is_terminal()  # the foods play on; seat 2's last chance comes
    s = chef_board(skills=["spatula", "skim"], pieces={1: "d4"}, status={2: "out"}, fallen={2: "h8"})
    s.grid[cell(s, "d3")] = -1  # no card north of seat 1
    s._settle()
    do(s, ("skill", "spatula"))
    do(s, ("choose_seat", 1))
    do(s, ("choose_direction", "north"))  # nothing at d3: seat 1 falls into the oil
    assert s.status[1] == D.OUT and s.status[2] == D.OUT
    assert s.decider() == TERMINAL, "no food left in the playing area: no last chances"
    assert s.result().winners == (0,)


def test_chef_game_ends_after_the_extra_turns_even_with_food_in_the_oil():
    s = build(mode="chef", players=3, cards={"c3": "basket", "h8": "+basket", "h9": "basket"},
              pieces={1: "c3", 2: "h8"}, chef_hand=["taste"], turn=0)
    s.chef_played = D.GOLDEN_TURNS - 1
    do(s, ("skill", "taste"))
    assert s.final and s.decider() == 1
    do(s, ("end_play",))  # c3 is an island: seat 1 falls and has no turn left for its last chance
    assert s.status[1] == D.OUT
    do(s, ("end_play",))
    do(s, ("move", cell(s, "h9")))
    assert s.decider() == TERMINAL
    assert s.result().winners == (1, 2), "seat 2 is still on a card"


def test_versus_last_food_standing_wins():
    s = build(cards={"c3": "trampoline", "f3": "basket", "g3": "basket", "h8": "+basket"},
              pieces={1: "f3", 2: "h8"}, status={0: "out"}, turn=0)
    s.status[2] = D.FRIED
    s.fried_turn[2] = 3
    s.pos[2] = -1
    s._settle()
    s.turn = 5
    s._run()
    do(s, ("choose_card", cell(s, "c3")))
    assert s.decider() == TERMINAL
    res = s.result()
    assert res.winners == (1,)
    assert res.ranks == (1, 0, 2), "the later a food fried, the better its place"


def test_teams_last_team_standing_wins():
    s = build(mode="teams", players=4, cards={"c3": "trampoline", "f3": "basket", "g3": "basket"},
              pieces={1: "f3"}, status={0: "out", 2: "fried", 3: "out"}, turn=0)
    do(s, ("choose_card", cell(s, "c3")))
    assert s.decider() == TERMINAL
    res = s.result()
    assert res.winners == (1, 3), "a fallen teammate shares the victory"
    assert res.ranks == (2, 0, 2, 0)


@pytest.mark.parametrize("mode,players", [("versus", 3), ("teams", 4), ("chef", 5)])
def test_random_games_end_with_one_side_winning(mode, players):
    for seed in range(10):
        state = GAME.new_state({"mode": mode, "players": players}, seed)
        rng = random.Random(seed)
        while state.decider() != TERMINAL:
            state.apply(rng.choice(state.legal_moves()))
        res = state.result()
        team = state.lay.team
        assert len({team[w] for w in res.winners}) == 1
        assert set(res.winners) == {q for q in range(players) if team[q] == team[res.winners[0]]}


def five_player_chef_board(skills):
    """Chef mode, 5 players: four foods on d4, h4, d8 and h8, baskets around them; the chef to play."""
    foods = {1: "d4", 2: "h4", 3: "d8", 4: "h8"}
    cards = {}
    for spot in foods.values():
        col, row = spot[0], int(spot[1:])
        cards[spot] = "+basket"
        for c, r in ((chr(ord(col) - 1), row), (chr(ord(col) + 1), row), (col, row - 1), (col, row + 1)):
            cards[f"{c}{r}"] = "basket"
    hands = {q: ["trampoline", "breadcrumbs", "maintenance"] for q in foods}
    return build(mode="chef", players=5, cards=cards, pieces=foods, hands=hands, chef_hand=skills, turn=0)


@pytest.mark.parametrize("players,skim,pushes,lid,tastes", [(3, 2, 1, 3, 1), (5, 4, 3, 5, 3), (7, 6, 5, 7, 5)])
def test_the_scaled_skills_grow_with_the_foods(players, skim, pushes, lid, tastes):
    foods = players - 1
    amounts = D.skill_amounts(foods)
    assert (amounts[D.SK_SKIM], amounts[D.SK_SPATULA], amounts[D.SK_LID], amounts[D.SK_TASTE]) == \
        (skim, pushes, lid, tastes)
    assert str(skim) in D.skill_text(D.SK_SKIM, foods) and str(lid) in D.skill_text(D.SK_LID, foods)


def test_with_four_foods_the_skimmer_removes_four_cards():
    s = five_player_chef_board(["skim", "stir"])
    assert ("skill", "skim") in s.legal_moves()
    assert "Remove 4 unoccupied cards." in s.move_text(("skill", "skim"))
    do(s, ("skill", "skim"))
    removed = []
    for _ in range(4):
        assert s.decider() == 0
        c = next(m[1] for m in s.legal_moves() if m[0] == "choose_card")
        removed.append(c)
        do(s, ("choose_card", c))
    assert all(s.grid[c] < 0 for c in removed)
    assert s.decider() == 1, "the chef's turn ends after the fourth card"


def test_with_four_foods_the_spatula_pushes_three_different_foods():
    s = five_player_chef_board(["spatula", "stir"])
    assert "Push 3 different foods 1 card each" in s.move_text(("skill", "spatula"))
    do(s, ("skill", "spatula"))
    left = [1, 2, 3, 4]
    for q, direction in ((1, "west"), (2, "north"), (3, "south")):
        assert s.decider() == 0
        assert s.legal_moves() == [("choose_seat", f) for f in left], "a pushed food is not pushed again"
        do(s, ("choose_seat", q))
        do(s, ("choose_direction", direction))
        left.remove(q)
    assert [name(s, s.pos[q]) for q in (1, 2, 3, 4)] == ["c4", "h3", "d9", "h8"]
    assert s.decider() == 1, "the chef's turn ends after the third push"


def test_the_spatula_pushes_fewer_foods_when_fewer_stand_on_cards():
    s = five_player_chef_board(["spatula", "stir"])
    for q in (2, 3, 4):  # three foods in the oil: one food to push
        s.grid[s.pos[q]] = -1
        s.occ[s.pos[q]] = -1
        s.pos[q] = -1
        s.status[q] = D.OUT
    do(s, ("skill", "spatula"))
    assert s.legal_moves() == [("choose_seat", 1)]
    do(s, ("choose_seat", 1))
    do(s, ("choose_direction", "west"))
    assert name(s, s.pos[1]) == "c4" and s.decider() == 1, "no second push: the chef's turn is over"


def test_with_four_foods_the_taste_test_takes_a_card_from_three_different_foods():
    s = five_player_chef_board(["taste", "stir"])
    do(s, ("skill", "taste"))
    for q in (1, 2, 4):
        assert s.decider() == 0 and ("choose_seat", q) in s.legal_moves()
        do(s, ("choose_seat", q))
        assert ("choose_seat", q) not in s.legal_moves()
    assert [len(s.hands[q]) for q in (1, 2, 3, 4)] == [2, 2, 3, 2]
    assert s.decider() == 1


def test_a_spatula_frame_stored_before_the_skills_grew_is_one_push():
    s = five_player_chef_board(["stir"])
    s.stack = [(D.A_END, 0), (D.F_SK_PUSH_SEAT,)]
    s._settle()
    s._run()
    assert s.legal_moves() == [("choose_seat", f) for f in (1, 2, 3, 4)]
    do(s, ("choose_seat", 2))
    do(s, ("choose_direction", "north"))
    assert name(s, s.pos[2]) == "h3" and s.decider() == 1, "one push, then the next turn"
