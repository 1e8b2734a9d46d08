"""Setup, components, hero modes and the drinks-menu price table."""

import pytest

from boardbot.engine.core import ConfigError
from froccs_testlib import GAME, D, G, config, do, glass, kinds, make, phase, total_cards


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_components(n):
    s = GAME.new_state(config(n), 7)
    assert total_cards(s) == 106
    assert [sum(h) for h in s.hands] == [5] * n
    assert all(sorted(G.SIZE[g] for g in gl) == [2, 3] and all(G.TOTAL[g] == 0 for g in gl) for gl in s.glasses)
    assert len(s.counter) == 3
    # 26 glass cards: two per player, three at the counter, the rest in the glass deck
    assert 2 * n + 3 + len(s.glass_deck) == 26
    sizes = s.counter + s.glass_deck + [G.SIZE[g] for gl in s.glasses for g in gl]
    assert [sizes.count(k) for k in (2, 3, 5)] == list(D.GLASS_COUNTS)
    assert s.money == [0] * n
    assert s.decider() == 0 and phase(s) == "action"


def test_deck_composition():
    assert D.DECK_COUNTS[:5] == (10, 16, 22, 35, 4)  # rulebook
    assert sum(D.DECK_COUNTS[5:]) == 19  # 19 mischief cards (split: ASSUMPTION)
    assert sum(D.DECK_COUNTS) == 106
    s = GAME.new_state(config(4), 3)
    all_cards = list(s.deck)
    for h in s.hands:
        for c in range(D.NUM_CARDS):
            all_cards.extend([c] * h[c])
    assert tuple(all_cards.count(c) for c in range(D.NUM_CARDS)) == D.DECK_COUNTS


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_first_game_heroes_leave_out_the_four(n):
    seen = set()
    for seed in range(30):
        s = GAME.new_state(config(n), seed)
        assert len(set(s.heroes)) == n
        seen.update(s.heroes)
    assert seen <= set(D.BASIC_HEROES)
    assert not seen & {D.BUZGO, D.ICUKA, D.HOLLOSI, D.BOSKE}


def test_choose_mode_deals_two_and_each_seat_chooses_in_secret():
    s = GAME.new_state(config(3, "choose"), 11)
    assert phase(s) == "choose_hero" and s.decider() == 0
    dealt = [list(d) for d in s.dealt]
    assert all(len(d) == 2 for d in dealt) and len({h for d in dealt for h in d}) == 6
    assert sum(map(sum, s.hands)) == 0  # cards are dealt after the heroes (setup order)
    first = s.legal_moves()
    assert first == [("choose_hero", D.HEROES[h][0]) for h in dealt[0]]
    assert s.public_move_text(first[1], 1) == "choose a hero"
    assert s.public_move_text(first[1], 0) != "choose a hero"
    do(s, first[1])
    # seat 0's choice is hidden from the others until everyone has chosen
    assert s.view(1)["players"][0]["hero"] == "" and s.view(1)["players"][0]["hero_chosen"]
    assert s.view(0)["players"][0]["hero"] == D.HEROES[dealt[0][1]][0]
    assert s.view(1)["dealt_heroes"] == [D.HEROES[h][0] for h in dealt[1]]
    do(s, s.legal_moves()[0])
    do(s, s.legal_moves()[0])
    assert phase(s) == "action" and s.heroes == [dealt[0][1], dealt[1][0], dealt[2][0]]
    assert s.view(2)["players"][0]["hero"] == D.HEROES[dealt[0][1]][0]
    assert [sum(h) for h in s.hands] == [5, 5, 5]


def test_choose_mode_uses_all_twelve_heroes_with_six_players():
    s = GAME.new_state(config(6, "choose"), 1)
    assert sorted(h for d in s.dealt for h in d) == list(range(12))


def test_two_player_choose_mode_leaves_out_the_four():
    for seed in range(20):
        s = GAME.new_state(config(2, "choose"), seed)
        assert {h for d in s.dealt for h in d} <= set(D.BASIC_HEROES)


def test_config_errors_name_the_field():
    with pytest.raises(ConfigError) as err:
        GAME.validate({"players": 1})
    assert err.value.field == "players"
    with pytest.raises(ConfigError) as err:
        GAME.validate({"heroes": "all"})
    assert err.value.field == "heroes"
    with pytest.raises(ConfigError) as err:
        GAME.validate({"one_more_round": "yes"})
    assert err.value.field == "one_more_round"


def test_configurations_cover_every_count_mode_and_variant():
    cfgs = GAME.configurations()
    assert {c["players"] for c in cfgs} == {2, 3, 4, 5, 6}
    assert {c["heroes"] for c in cfgs} == {"first_game", "choose"}
    assert any(c["everyones_my_guest"] and not c["one_more_round"] for c in cfgs)
    assert any(c["one_more_round"] and not c["everyones_my_guest"] for c in cfgs)
    assert any(c["one_more_round"] and c["everyones_my_guest"] for c in cfgs)
    assert any(not c["one_more_round"] and not c["everyones_my_guest"] for c in cfgs)


# --- the drinks menu ---------------------------------------------------------------
PRICE_TABLE = {  # (size, wine cards): (Zöld Veltelini, Szürkebarát, Sárgamuskotály); ASSUMED values
    (2, 1): (50, 40, 30),
    (3, 2): (90, 70, 50),
    (3, 1): (60, 50, 40),
    (5, 4): (170, 130, 90),
    (5, 3): (140, 110, 80),
    (5, 2): (110, 90, 70),
    (5, 1): (80, 70, 60),
}


def test_price_table_is_the_data_table():
    assert D.PRICES == PRICE_TABLE
    # the rulebook's constraints: more wine pays more, a rarer wine pays more
    for (size, wine), row in PRICE_TABLE.items():
        assert row[0] > row[1] > row[2]
        if (size, wine + 1) in PRICE_TABLE:
            assert all(a > b for a, b in zip(PRICE_TABLE[(size, wine + 1)], row))
        assert min(row) > D.END_FINISHED  # selling beats keeping a finished spritzer


@pytest.mark.parametrize("mix", sorted(PRICE_TABLE))
@pytest.mark.parametrize("wine", [D.ZV, D.SZ, D.SM])
def test_selling_pays_the_menu_price(mix, wine):
    size, w = mix
    contents = [0, 0, 0]
    contents[wine] = w
    g = glass(size, *contents, size - w)
    s = make(2, glasses={0: [g]}, money=[0, 0])
    do(s, ("sell_spritzers",), ("sell", 0, "none"))
    assert s.money[0] == PRICE_TABLE[mix][wine]
    assert s.glasses[0] == []
    assert s.discard[wine] == w and s.discard[D.SODA] == size - w
    assert s.glass_discard[0][D.SIZE_INDEX[size]] == 1  # the glass goes to the personal glass discard


def test_unfinished_or_invalid_glasses_cannot_be_sold():
    s = make(2, glasses={0: [glass(3, sz=2), glass(2, sm=1), glass(5, soda=4)]})
    assert ("sell_spritzers",) not in s.legal_moves()


def test_glass_rules_table():
    # capacity, one wine type per glass, a full glass never all wine or all soda
    assert G.POUR[False][glass(2, sm=1, soda=1)][D.SODA] == G.NO_GLASS
    assert G.POUR[False][glass(3, sm=1)][D.ZV] == G.NO_GLASS
    assert G.POUR[True][glass(3, sm=1)][D.ZV] == glass(3, zv=1, sm=1)  # Kiw Évi
    assert G.POUR[True][glass(5, zv=1, sm=1)][D.SZ] == G.NO_GLASS  # at most two wines even for Kiw Évi
    assert G.POUR[False][glass(2, sz=1)][D.SZ] == G.NO_GLASS
    assert G.POUR[False][glass(3, soda=2)][D.SODA] == G.NO_GLASS
    assert G.POUR[False][glass(3, soda=2)][D.SM] == glass(3, sm=1, soda=2)
    assert G.FINISHED[glass(3, sm=1, soda=2)] and not G.FINISHED[glass(3, sm=1, soda=1)]
