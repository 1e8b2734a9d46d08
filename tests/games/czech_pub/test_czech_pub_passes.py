"""Czech Pub: the passes on reaction windows, public evidence about hands, and the
sampled worlds that weigh it (rules.pass_record, policy.unlikely_cards,
views.sample_for)."""

import random

import pytest

from test_czech_pub_flow import PASS, order, play, setup

from boardbot.ai.bots import BotSpecError, make_bot, parse_ismcts
from boardbot.ai.ismcts import Search
from boardbot.ai.view_check import ViewRejected, check_view
from boardbot.engine.core import TERMINAL
from boardbot.engine.games.czech_pub import GAME, policy
from boardbot.engine.games.czech_pub import data as D
from boardbot.engine.games.czech_pub.data import WINDOW
from boardbot.engine.games.czech_pub.drinks import records
from boardbot.engine.games.czech_pub.rules import MAX_PASSES

CANCEL_CARDS = {D.CARD_BY_ID[c] for c in ("zvrhnuta_sklenice", "blazkova", "to_pivo_je_teply")}
SPILLS = {D.CARD_BY_ID[c] for c in ("zvrhnuta_sklenice", "blazkova")}  # cancel any order


def big_order_passed():
    """Seat 0 orders three beers and a rum, its whole hand (so it cannot order again if one is
    cancelled); seats 1 and 2, holding tea and small beers (full hands: nobody draws before
    seat 1's turn), let it through."""
    hand = ["caj"] * 4 + ["male_pivo"] * 3
    s = setup(3, {0: ["pivo", "pivo", "pivo", "rum"], 1: hand, 2: hand})
    play(s, order("pivo"), order("pivo"), order("pivo"), order("rum"), ("done",))
    record = s.pass_record(1)
    play(s, PASS, PASS)  # the reaction window; then the turn is evaluated
    return s, record


def test_a_pass_is_recorded_with_what_stood_to_be_drunk_and_shown_to_everyone():
    s, _ = big_order_passed()
    assert s.passes[0] is None
    [record] = records(s.passes[1])
    active, table, stage, cell, tokens, abst, insults, lead, ordered, last_round, hand = record.fields()
    assert (active, [e[0] for e in table]) == (0, [D.PIVO] * 3 + [D.RUM])
    assert (stage, cell, tokens, insults, lead, ordered, last_round, hand) == (0, 0, 0, 0, 0, True, False, 0)
    views = [s.view(q) for q in (0, 1, 2, None)]
    shown = [v["players"][1]["passes"] for v in views]
    assert shown[0] == shown[1] == shown[2] == shown[3]  # public: every seat and the spectator
    assert shown[0][0]["table"][0]["card"] == "pivo" and shown[0][0]["points_ahead"] == 0
    rebuilt = GAME.from_view(views[0], random.Random(1))
    assert rebuilt.passes[1] == s.passes[1] and rebuilt.view(0) == views[0]
    assert GAME.from_dict(s.to_dict()).passes == s.passes


def test_a_stored_game_lists_a_pass_as_its_fields_in_order():
    """The stored format of games recorded when a pass was a tuple: a list of its fields, the
    table's entries as lists (a record is a class with declared fields now: the JSON is the same)."""
    s, _ = big_order_passed()
    table = [[D.PIVO, -1, D.OWN, -1]] * 3 + [[D.RUM, -1, D.OWN, -1]]
    assert s.to_dict()["passes"][1] == [[0, table, 0, 0, 0, 0, 0, 0, True, False, 0]]
    [record] = records(GAME.from_dict(s.to_dict()).passes[1])
    assert record.fields() == (0, tuple(map(tuple, table)), 0, 0, 0, 0, 0, 0, True, False, 0)


def test_passes_are_forgotten_when_the_seat_draws_and_bounded():
    s, _ = big_order_passed()
    assert s.passes[1] and s.passes[2]
    s.discard.append(s.hands[1].pop())
    s._draw(1)  # a card the others did not see
    assert s.passes[1] is None and s.passes[2]
    first = s.passes[2]
    lead = s.pass_record(2).lead
    for _ in range(MAX_PASSES + 5):
        s.points[s.active] += 1  # each pass's lead tells it apart
        s._note_pass(2)
    kept = records(s.passes[2])
    assert len(kept) == MAX_PASSES == s.passes[2].count
    # the latest, oldest first (the 6th to the 21st noted here), each counting the chain up to it
    assert [r.lead for r in kept] == list(range(lead + 6, lead + MAX_PASSES + 6))
    assert [r.count for r in kept] == list(range(1, MAX_PASSES + 1))
    assert first.prev is None and first.count == 1  # the records dropped from the chain are not changed


def test_a_game_stored_before_passes_existed_still_loads():
    s, _ = big_order_passed()
    data = s.to_dict()
    del data["passes"]
    old = GAME.from_dict(data)
    assert old.passes == [None, None, None]
    assert old.legal_moves() == s.legal_moves()


def test_a_pass_on_a_big_order_makes_cancel_cards_unlikely_in_the_sampled_worlds():
    s, record = big_order_passed()
    assert policy.cancel_gain(record, D.CARD_BY_ID["zvrhnuta_sklenice"]) > policy.REACT_THRESHOLD
    assert policy.unlikely_cards(s, 1) == SPILLS  # the rum was worth spilling; a beer was not
    root = GAME.from_view(s.view(0), random.Random(3))
    blind = root.copy()
    blind.forget_inference()
    rng = random.Random(4)

    def share(state):
        worlds = [state.sample_for(0, rng) for _ in range(3000)]
        return sum(any(c in SPILLS for c in w.hands[q]) for w in worlds for q in (1, 2)) / 6000

    weighed, uniform = share(root), share(blind)
    assert uniform > 0.1  # four hidden cards each hold one of the 9 cancel cards often enough
    assert weighed < uniform / 4
    world = root.sample_for(0, rng)
    assert world.view(0) == root.view(0)  # the weighing changes nothing the seat can see


def test_only_beliefs_inferred_weighs_the_passes_and_the_callers_state_keeps_them():
    s, _ = big_order_passed()
    seat = s.decider()
    view = s.view(seat)
    kept = GAME.from_view(view, random.Random(3)).passes
    assert any(kept)
    for spec, weighs in (("ismcts:easy", False), ("ismcts:medium", False), ("ismcts:hard", False),
                         ("ismcts:medium,beliefs=inferred", True), ("ismcts:iterations=50,beliefs=inferred", True),
                         ("ismcts:hard,beliefs=uniform", False)):
        root = GAME.from_view(view, random.Random(3))
        search = Search(root, seat, parse_ismcts(spec).params, 5)
        assert (search.root.passes == kept) is weighs, spec
        assert root.passes == kept  # the search dropped them from its own copy only
        search.run(iterations=20)
        search.advance([], view, 6)  # tree reuse re-roots from the view: the same beliefs
        assert (search.root.passes == kept) is weighs
    with pytest.raises(BotSpecError, match="beliefs must be uniform or inferred"):
        make_bot("ismcts:beliefs=psychic", GAME)


def test_greedy_never_passes_where_the_model_says_it_would_cancel():
    """cancel_gain is the greedy bot's own reckoning: holding a cancel card worth more than the
    threshold, greedy reacts, so a pass there does say the card is not in the hand; at a tie it
    declines, and the model counts no tie as evidence (version 1's games 33 and 54 at 4 players
    hold gains of exactly the threshold, which the model once read as a reaction)."""
    game, greedy = GAME, make_bot("greedy", GAME)
    checked = ties = 0
    for version in (1, 2):
        for g in range(60):
            s = game.new_state({"players": 3 + g % 4}, 300 + g, rules_version=version)
            rng = random.Random(g)
            while (seat := s.decider()) != TERMINAL:
                move = greedy.choose(s.sample_for(seat, rng), rng)
                if s.phase == WINDOW:
                    record = s.pass_record(seat)
                    gains = [policy.cancel_gain(record, c) for c in CANCEL_CARDS if c in s.hands[seat]]
                    if any(gain > policy.REACT_THRESHOLD for gain in gains):
                        assert move[0] == "react", (version, g, s.view(seat))
                        checked += 1
                    elif move[0] != "react":
                        # a pass: the model must not count it against a card the seat holds
                        assert not set(policy.unlikely_in(record)) & set(s.hands[seat]), (version, g)
                        ties += any(gain == policy.REACT_THRESHOLD for gain in gains)
                s.apply_checked(move)
    assert checked > 100 and ties >= 2


def test_a_view_with_too_many_passes_is_refused():
    s, _ = big_order_passed()
    view = s.view(0)
    view["players"][1]["passes"] = view["players"][1]["passes"] * (MAX_PASSES + 1)
    try:
        check_view(GAME, view, 1)
    except ViewRejected as err:
        assert "passes" in err.message
    else:
        raise AssertionError("a view with 17 passes was accepted")
