"""``boardbot play``: game parameters from the command line."""

import pytest

from boardbot.tools.cli import build_parser, game_params


def test_extra_options_become_game_parameters():
    assert game_params(["--project", "easy", "--honours", "--players=3", "--public-back", "first"]) == {
        "project": "easy", "honours": True, "players": 3, "public_back": "first"}


def test_a_stray_word_is_an_error():
    with pytest.raises(SystemExit):
        game_params(["easy"])


def test_other_commands_reject_unknown_options():
    from boardbot.tools import cli

    with pytest.raises(SystemExit):
        cli.main(["arena", "frogriders", "--no-such-option", "1"])


def test_solo_and_players_flags_parse():
    args, extra = build_parser().parse_known_args(["play", "dulore-jutunk", "--solo", "--project", "easy"])
    assert args.solo and extra == ["--project", "easy"]
