"""Czech Pub: pauses, players out, the deck and the Last Order card, the game end,
titles, hidden information and the greedy bot."""

import json
import random
from collections import Counter

import pytest

from boardbot.engine.core import TERMINAL
from boardbot.engine.games.czech_pub import GAME
from boardbot.engine.games.czech_pub import data as D
from boardbot.engine.games.czech_pub.data import (
    LO_ASIDE, LO_DRAWN, LO_IN_DECK, OUT_DRUNK, OUT_THROWN, OVER, PLAY, WINDOW,
)
from boardbot.engine.games.czech_pub.state import CzechPubState

PASS = ("decline",)
DONE = ("done",)


def setup(players=3, hands=None, active=0, seed=7, **cfg):
    s = GAME.new_state({"players": players, **cfg}, seed=seed)
    for q in range(players):
        s.deck.extend(s.hands[q])
        s.hands[q] = []
    for q, names in (hands or {}).items():
        for name in names:
            c = D.CARD_BY_ID[name]
            s.deck.remove(c)
            s.hands[q].append(c)
        s.hands[q].sort()
    random.Random(seed).shuffle(s.deck)
    s.active = s.dec = active
    s.phase = PLAY
    s.invalidate()
    return s


def play(s, *moves):
    for m in moves:
        assert m in s.legal_moves(), (m, s.legal_moves())
        s.apply(m)


def order(name):
    return ("play", name, -1, "")


def pass_window(s):
    while s.phase == WINDOW:
        play(s, PASS)


@pytest.fixture
def dice(monkeypatch):
    rolls = []
    monkeypatch.setattr(CzechPubState, "_roll_die", lambda self: rolls.pop(0))
    return rolls


def all_cards(s):
    """Every card wherever it is: deck, discard, hands, in front of players, placed on players."""
    cards = Counter(s.deck) + Counter(s.discard) + Counter(e[0] for e in s.table)
    for q in range(s.num_seats):
        cards += Counter(s.hands[q])
        cards[D.URAZKA] += s.insults[q]
        cards[D.DAM_SI] += s.copying[q] >= 0
    cards[D.POSLEDNI] += s.lo_state != LO_IN_DECK
    return cards


FULL = Counter(D.full_deck()) + Counter([D.POSLEDNI])


# --- pauses and players out --------------------------------------------------------------

def test_running_off_a_row_means_the_next_stage_and_a_pause(dice):
    s = setup(3, {0: ["pivo"], 1: ["caj"], 2: ["caj"]})
    s.cell[0] = D.ROW_LEN[0] - 1
    dice.append(6)  # total 0 + 5: a 6 copes, one cell forward and off the row
    play(s, order("pivo"), DONE)
    pass_window(s)
    assert (s.stage[0], s.cell[0], s.paused[0]) == (1, 0, True)
    hand = len(s.hands[0])
    assert hand == D.HAND_SIZE[1], "clean-up draws to the new stage's hand size"
    # while paused: not a target, not asked, not in a round or a brawl
    s.hands[1] = [D.URAZKA, D.RUNDA, D.RVACKA, D.PIVO]
    s.hands[2] = [D.CAJ]
    s.invalidate()
    assert s.active == 1
    moves = s.legal_moves()
    assert ("play", "urazka_vrchniho", 0, "") not in moves and ("play", "urazka_vrchniho", 2, "") in moves
    play(s, order("pivo"), DONE)
    assert s.queue == (2,), "the paused player is not asked to react"
    dice.extend([6] * 4)
    pass_window(s)
    play(s, DONE)  # seat 2
    assert s.active == 1, "seat 0's paused turn is skipped"
    assert not s.paused[0] and len(s.hands[0]) == hand, "only the coaster is flipped back: no draw"
    assert s.abst[0] == 0, "a pause is not an abstinence"


def test_running_off_the_last_row_puts_you_out_but_your_points_count(dice):
    s = setup(3, {0: ["pivo", "pivo"], 1: ["caj"], 2: ["caj"]})
    s.stage[0], s.cell[0] = D.STAGES - 1, D.ROW_LEN[-1] - 1
    s.points[0] = 40
    play(s, order("pivo"), order("pivo"), DONE)
    dice.append(6)
    pass_window(s)
    assert s.out[0] == OUT_DRUNK and s.hands[0] == []
    assert s.active == 1
    s.phase, s.dec = OVER, TERMINAL
    assert s.result().scores[0] == 40 + 3 and s.result().winners == (0,)


def test_all_but_one_out_the_last_one_has_a_last_turn():
    s = setup(3, {0: ["caj"]})
    s.out[1] = OUT_DRUNK
    s.out[2] = OUT_THROWN
    play(s, DONE)
    assert s.decider() == 0 and s.lone == 0, "one more turn"
    play(s, DONE)
    assert s.decider() == TERMINAL


# --- the deck and the Last Order card -------------------------------------------------------

@pytest.mark.parametrize("players,at,first_half", [(3, 1, True), (4, 1, False), (5, 2, True), (6, 2, False)])
def test_last_order_is_shuffled_in_by_player_count(players, at, first_half):
    s = setup(players)
    for reshuffle in range(1, 3):
        s.discard = s.deck
        s.deck = []
        s._reshuffle()
        size = len(s.deck)
        if reshuffle < at:
            assert s.lo_state == LO_ASIDE and D.POSLEDNI not in s.deck
            continue
        assert s.lo_state == LO_IN_DECK
        position = size - s.deck.index(D.POSLEDNI)  # 1 = drawn first
        half = (size - 1) // 2
        if first_half:
            assert 1 <= position <= half and (s.lo_lo, s.lo_hi) == (1, half)
        else:
            assert half < position <= size and (s.lo_lo, s.lo_hi) == (half + 1, size)
        break


def test_the_deck_is_reshuffled_when_it_runs_out():
    s = setup(3, {0: [], 1: ["caj"]})
    discard = s.deck[:-3]
    s.discard = discard
    s.deck = s.deck[-3:]
    play(s, DONE)  # seat 0 draws 7: 3 from the deck, then a reshuffle
    assert len(s.hands[0]) == 7 and s.reshuffles == 1 and s.discard == []
    assert s.lo_state != LO_ASIDE, "three players: the Last Order goes in at the first reshuffle"


def test_drawing_the_last_order_starts_the_last_round():
    s = setup(4, {0: [], 1: ["caj"], 2: ["caj"], 3: ["pivo"] * 7}, active=3)
    s.deck.append(D.POSLEDNI)
    s.lo_state, s.lo_lo, s.lo_hi = LO_IN_DECK, 1, 1
    play(s, DONE)  # seat 3 ends; seat 0 draws the Last Order card
    assert s.active == 0 and s.lo_state == LO_DRAWN and s.lo_holder == 0
    assert s.last_round and s.owed == (1, 2, 3)
    assert len(s.hands[0]) == 7 and D.POSLEDNI not in s.hands[0], "shown, put in front, replaced"
    for seat in (0, 1, 2):
        assert s.decider() == seat
        play(s, DONE)
    assert s.decider() == 3, "every other player has one more turn"
    play(s, DONE)
    assert s.decider() == TERMINAL and s.result() is not None


def test_last_order_drawn_at_the_clean_up_gives_the_drawer_a_last_chance_after_the_others():
    """"máte poslední šanci něco si objednat a pak i všichni ostatní": the drawer's turn is
    already over, so the drawer orders once more, after the others' last turns."""
    s = setup(4, {0: ["pivo"] * 7, 1: ["caj"], 2: ["caj"], 3: ["caj"]}, active=0)
    s.deck.append(D.POSLEDNI)
    s.lo_state, s.lo_lo, s.lo_hi = LO_IN_DECK, 1, 1
    play(s, order("pivo"), DONE)
    pass_window(s)  # seat 0 drinks, then draws the Last Order card at the clean-up
    assert s.lo_holder == 0 and s.last_round and s.active == 1
    assert sorted(s.owed) == [0, 2, 3]  # seat 1's final turn has begun
    for seat in (1, 2, 3, 0):
        assert s.decider() == seat
        play(s, DONE)
    assert s.decider() == TERMINAL and s.result() is not None


def test_the_last_order_position_stays_within_its_known_range_in_sampled_worlds():
    s = setup(3, {0: ["caj"], 1: ["caj"], 2: ["caj"]})
    s.discard, s.deck = s.deck, []
    s._reshuffle()
    for _ in range(5):  # draw a few cards from the top
        s.deck.pop() if s.deck[-1] != D.POSLEDNI else None
        s.lo_lo = max(1, s.lo_lo - 1)
        s.lo_hi -= 1
    rng = random.Random(5)
    for _ in range(50):
        world = s.sample_for(1, rng)
        position = len(world.deck) - world.deck.index(D.POSLEDNI)
        assert s.lo_lo <= position <= s.lo_hi


# --- result, titles, variant ------------------------------------------------------------------

def test_final_bonus_by_shot_kinds_and_shared_victory():
    s = setup(4)
    s.points = [20, 24, 30, 10]
    s.tokens = [0b11111, 0b1111, 0b1, 0b111]  # 5, 4, 1 and 3 kinds: +15, +10, +1, +6
    s.phase, s.dec = OVER, TERMINAL
    res = s.result()
    assert res.scores == (35, 34, 31, 16)
    assert res.winners == (0,) and res.ranks == (0, 1, 2, 3)
    s.points[1] = 25
    res = s.result()
    assert res.winners == (0, 1) and res.ranks == (0, 0, 2, 3)
    assert [b["kinds_bonus"] for b in res.breakdown] == [15, 10, 1, 6]


def test_titles_go_to_the_first_players_to_reach_them():
    s = setup(3, {0: ["pivo"]})
    s.points[0] = 14
    s.title_pool[0] = 1
    play(s, order("pivo"), DONE)
    assert s.titles[0] == 1 and s.title_pool[0] == 0
    assert s.view(None)["players"][0]["titles"] == [1]
    s2 = setup(3, {0: ["pivo"]})
    s2.points[0] = 14
    s2.title_pool[0] = 0
    play(s2, order("pivo"), DONE)
    assert s2.titles[0] == 0, "no title token left"


def test_real_drinking_variant_counts_the_real_shots():
    s = setup(3, {0: ["runda_dokola", "pojd_na_panaka"], 1: ["caj"], 2: ["caj"]}, real_drinking=True)
    play(s, order("runda_dokola"), ("pay", ""), ("pay", ""))
    assert s.real == [1, 1, 1], "Runda dokola: everybody drinks"
    play(s, ("play", "pojd_na_panaka", 1, ""), ("pay", ""))
    assert s.real == [2, 2, 1], "Pojď na panáka: you and the target"
    s2 = setup(3, {0: ["runda_dokola"], 1: ["caj"], 2: ["caj"]})
    play(s2, order("runda_dokola"), ("pay", ""), ("pay", ""))
    assert s2.real == [0, 0, 0]


# --- hidden information -------------------------------------------------------------------------

def test_views_hide_hands_and_the_deck():
    s = GAME.new_state({"players": 4}, seed=3)
    v0, v1, spectator = s.view(0), s.view(1), s.view(None)
    assert len(v0["players"][0]["hand"]) == 7 and v0["players"][1]["hand"] == []
    assert v1["players"][0]["hand"] == [] and v1["players"][0]["hand_card_count"] == 7
    assert all(p["hand"] == [] for p in spectator["players"])
    assert "deck" not in v0 and v0["deck_size"] == len(s.deck)
    world = s.sample_for(0, random.Random(1))
    assert world.hands[0] == s.hands[0]
    assert json.dumps(world.view(0), sort_keys=True) == json.dumps(v0, sort_keys=True)


def test_sampled_worlds_redeal_everything_hidden():
    s = GAME.new_state({"players": 3}, seed=4)
    rng = random.Random(2)
    worlds = [s.sample_for(0, rng) for _ in range(10)]
    assert any(w.hands[1] != s.hands[1] for w in worlds)
    assert any(w.deck != s.deck for w in worlds)
    assert all(w.seed != s.seed for w in worlds)
    for w in worlds:
        assert all_cards(w) == FULL


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_cards_are_conserved_and_reaction_windows_ask_every_eligible_seat(players):
    rng = random.Random(players)
    windows = 0
    for seed in range(15):
        s = GAME.new_state({"players": players}, seed=seed)
        while s.decider() != TERMINAL:
            assert all_cards(s) == FULL
            if s.phase == WINDOW:
                windows += 1
                # every seat in the queue is in the game and not on a pause (leak-free asking)
                assert all(not s.out[q] and not s.paused[q] and q != s.active for q in s.queue)
                assert s.decider() in s.queue
            moves = s.legal_moves()
            s.apply(moves[rng.randrange(len(moves))])
        assert all_cards(s) == FULL
    assert windows > 0


# --- the greedy bot ------------------------------------------------------------------------------

def _greedy_game(players, seed, greedy_seats):
    s = GAME.new_state({"players": players}, seed=seed)
    rng = random.Random(seed)
    while s.decider() != TERMINAL:
        d = s.decider()
        if d in greedy_seats:
            move = GAME.heuristic_move(s.sample_for(d, rng), rng)
            assert move in s.legal_moves()
        else:
            moves = s.legal_moves()
            move = moves[rng.randrange(len(moves))]
        s.apply(move)
    return s.result()


def test_greedy_bot_beats_random_players():
    wins = 0
    games = 40
    for seed in range(games):
        seat = seed % 4
        wins += seat in _greedy_game(4, seed, {seat}).winners
    assert wins >= games * 0.6, f"greedy won only {wins} of {games}"


def test_greedy_bot_reads_only_what_its_seat_sees():
    rng = random.Random(9)
    checked = 0
    for seed in range(10):
        s = GAME.new_state({"players": 4}, seed=seed)
        while s.decider() != TERMINAL and checked < 400:
            d = s.decider()
            world = s.sample_for(d, rng)
            assert GAME.heuristic_move(s, random.Random(1)) == GAME.heuristic_move(world, random.Random(1))
            checked += 1
            moves = s.legal_moves()
            s.apply(moves[rng.randrange(len(moves))])


def test_evaluate_is_per_seat_in_unit_range():
    s = GAME.new_state({"players": 5}, seed=1)
    s.points = [10, 0, 5, 20, 3]
    values = GAME.evaluate(s)
    assert len(values) == 5 and all(0.0 <= v <= 1.0 for v in values)
    assert values[3] == max(values)


def test_playout_policy_plays_legal_moves_to_the_end():
    rng = random.Random(4)
    for players in (3, 6):
        s = GAME.new_state({"players": players}, seed=players)
        steps = 0
        while s.decider() != TERMINAL:
            move = GAME.playout_move(s, rng)
            assert move in s.legal_moves()
            s.apply(move)
            steps += 1
        assert s.result() is not None and steps > 20
