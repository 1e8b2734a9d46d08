"""Fritanga setup: configuration checks, deck per mode and player count, grid shape, start cards."""

import pytest

from boardbot.engine.core import ConfigError
from boardbot.engine.games.fritanga import GAME
from boardbot.engine.games.fritanga import data as D
from boardbot.engine.games.fritanga.board import layout_for
from boardbot.engine.games.fritanga.data import FACE_UP, KIND

# (mode, players) -> (deck size, columns, rows, cards in the last row)
SHAPES = {
    ("versus", 3): (49, 7, 7, 7),  # the rulebook's example: 49 cards, 7 x 7
    ("versus", 4): (65, 9, 8, 2),
    ("versus", 5): (81, 9, 9, 9),
    ("versus", 6): (86, 10, 9, 6),
    ("teams", 3): (49, 7, 7, 7),
    ("teams", 4): (65, 9, 8, 2),
    ("teams", 5): (81, 9, 9, 9),
    ("teams", 6): (86, 10, 9, 6),
    ("chef", 3): (36, 6, 6, 6),  # 4 baskets per player: the chef counts
    ("chef", 4): (48, 7, 7, 6),
    ("chef", 5): (60, 8, 8, 4),
    ("chef", 6): (64, 8, 8, 8),
    ("chef", 7): (64, 8, 8, 8),  # the 24 printed baskets: 4 per food only
}


def test_every_mode_and_player_count_is_a_configuration():
    got = {(c["mode"], c["players"]) for c in GAME.configurations()}
    assert got == set(SHAPES)


@pytest.mark.parametrize("mode,players", [("versus", 2), ("versus", 7), ("teams", 7), ("teams", 2), ("chef", 2),
                                          ("chef", 8)])
def test_player_counts_outside_the_mode_range_name_the_field(mode, players):
    with pytest.raises(ConfigError) as err:
        GAME.validate({"mode": mode, "players": players})
    assert err.value.field == "players"


def test_unknown_mode_names_the_field():
    with pytest.raises(ConfigError) as err:
        GAME.validate({"mode": "solo"})
    assert err.value.field == "mode"


def test_players_param_range_is_3_to_7():
    p = GAME.param("players")
    assert (p.minimum, p.maximum) == (3, 7)
    assert GAME.validate({"mode": "chef", "players": 7})["players"] == 7


@pytest.mark.parametrize("mode,players", sorted(SHAPES))
def test_deck_size_and_grid_shape(mode, players):
    size, cols, rows, last = SHAPES[(mode, players)]
    m = D.MODE_NAMES.index(mode)
    lay = layout_for(m, players)
    assert lay.deck_size == size
    assert (lay.cols, lay.rows, lay.last_row) == (cols, rows, last)
    assert cols >= 3 and rows >= 3
    state = GAME.new_state({"mode": mode, "players": players}, seed=3)
    cards = [c for c in range(lay.size) if state.grid[c] >= 0]
    assert sorted(cards) == sorted(lay.initial)
    assert all(state.grid[c] < FACE_UP for c in cards), "the deck is laid face down"
    rows_used = {lay.row_of[c] for c in cards}
    cols_used = {lay.col_of[c] for c in cards}
    assert len(rows_used) == rows and len(cols_used) == cols
    # the deck's contents
    counts = [0] * D.NUM_KINDS
    for c in cards:
        counts[state.grid[c] & KIND] += 1
    assert counts == lay.deck
    assert all(not h for h in state.hands), "players start with empty hands"


@pytest.mark.parametrize("mode,players", sorted(SHAPES))
def test_deck_recipe(mode, players):
    counts = D.deck_counts(D.MODE_NAMES.index(mode), players)
    per = min(players, 5)
    # "4 basket cards per player": every seat, the chef too; never more than the 24 printed
    assert counts[D.BASKET] == min(4 * players, 24)
    for k in D.BASIC:
        assert counts[k] == per
    if mode == "chef":
        assert counts[D.SPLATTER] == per
        assert counts[D.FRITOS] == 0
        assert all(counts[k] == 0 for k in D.VERSUS_CARDS)
    else:
        assert counts[D.FRITOS] == players // 3
        assert all(counts[k] == per for k in D.VERSUS_CARDS)
        assert counts[D.SPLATTER] == 0


def test_component_counts_cover_every_deck():
    # 6 foods at most: the rulebook's 106 cards (8 Fritos, 24 baskets, 35 basic, 25 Versus, 9 + 5 chef)
    biggest = [max(D.card_universe(m, n)[k] for m in range(3) for n in range(3, 8)
                   if n <= D.PLAYER_RANGE[m][1] and n >= D.PLAYER_RANGE[m][0]) for k in range(D.NUM_KINDS)]
    assert biggest[D.BASKET] == 24 and biggest[D.FRITOS] == 8
    assert sum(biggest[k] for k in D.BASIC) == 35
    assert sum(biggest[k] for k in D.VERSUS_CARDS) == 25
    assert biggest[D.SPLATTER] == 5 and len(D.CHEF_SKILLS) == 9


def test_start_cards_go_next_to_the_grid_and_the_first_player_starts():
    state = GAME.new_state({"mode": "versus", "players": 3}, seed=1)
    lay = state.lay
    grid = set(lay.initial)
    assert state.decider() == 0
    spots = [m[1] for m in state.legal_moves()]
    assert all(m[0] == "choose_space" for m in state.legal_moves())
    assert spots == sorted(spots)
    assert all(c not in grid and any(x in grid for x in lay.nbrs[c]) for c in spots)
    assert len(spots) == 4 * 7  # the 7 x 7 grid: 7 spaces along each side
    first = spots[0]
    state.apply(("choose_space", first))
    assert state.grid[first] == D.FRITOS | FACE_UP and state.pos[0] == first
    assert state.decider() == 1
    assert ("choose_space", first) not in state.legal_moves()
    state.apply(state.legal_moves()[0])
    state.apply(state.legal_moves()[0])
    # every food placed: seat 0 (the first player) plays cards
    assert state.decider() == 0 and state.stack[-1][0] == 1  # F_PLAY
    assert state.legal_moves() == [("end_play",)]


def test_chef_mode_seat_0_is_the_chef_and_seat_1_starts():
    state = GAME.new_state({"mode": "chef", "players": 4}, seed=1)
    assert state.decider() == 1
    for _ in range(3):
        state.apply(state.legal_moves()[0])
    assert state.decider() == 1
    view = state.view(None)
    assert view["chef_seat"] == 0
    assert view["players"][0]["role"] == "chef"
    assert sorted(view["chef_hand"]) == sorted(D.SKILL_KEY)


def test_teams_alternate_seats():
    for players, teams in ((3, (0, 1, 0)), (4, (0, 1, 0, 1)), (5, (0, 1, 0, 1, 0)), (6, (0, 1, 0, 1, 0, 1))):
        assert layout_for(D.TEAMS, players).team == teams
