"""research/czech_pub_versus.py: three bot specs in every seating of a deal, logged and tallied by spec."""

from __future__ import annotations

import itertools
import json

import pytest

from research_modules import load

versus = load("czech_pub_versus")

SPECS = ["greedy", "ismcts:iterations=4,opponents=policy", "random"]


def test_every_seating_is_played_logged_and_tallied_by_spec(tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    versus.main(["play", "--specs", ";".join(SPECS), "--deals", "1", "--seed", "8", "--log", str(log)])
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(tuple(g["seating"]) for g in games) == sorted(itertools.permutations(SPECS))
    assert all(g["specs"] == SPECS and g["deal"] == 8 and sorted(g["ranks"])[0] == 0 for g in games)
    capsys.readouterr()
    versus.main(["tally", str(log)])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{SPECS[1]} against {SPECS[2]}, each with {SPECS[0]}:"
    counts = []
    for line in out[1:]:
        above, below, level = (int(line.split(f"{word} ")[1].split(",")[0].split(":")[0])
                               for word in ("above", "below", "level"))
        counts.append(above + below + level)
    assert counts == [6, 6, 6]


@pytest.mark.parametrize("specs,players", [("greedy;random", 3), ("greedy;greedy;random", 3),
                                           ("greedy;random;ismcts:budget=9", 3), ("greedy;random;ismcts:easy", 4)])
def test_bad_specs_are_refused_before_any_game(specs, players, tmp_path):
    with pytest.raises(SystemExit) as exit_:
        versus.main(["play", "--specs", specs, "--players", str(players), "--deals", "1",
                     "--log", str(tmp_path / "never.jsonl")])
    assert exit_.value.code == 2
    assert not (tmp_path / "never.jsonl").exists()
