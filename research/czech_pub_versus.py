"""Three bot specs at a Czech Pub table, in every seating of each deal: which places above which.

    python research/czech_pub_versus.py play --specs "ismcts:medium;ismcts:medium,opponents=policy;ismcts:hard,opponents=policy" --deals 9 --seed 8000 --log L.jsonl
    python research/czech_pub_versus.py tally L.jsonl [M.jsonl ...]

The same loop and tally as research/czech_pub_search_fit.py and
research/czech_pub_rollouts.py, for searches that differ only in their spec (a
parameter of the search, not of the game's model). Seats past the third are
greedy. Figures only: nothing here changes the engine.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from boardbot.ai.bots import BotSpecError, make_bot, split_seat_specs  # noqa: E402
from boardbot.engine import registry  # noqa: E402
from czech_pub_search_fit import GAME, load, play_every_seating, tally  # noqa: E402


def play(players: int, specs: list[str], deals: int, seed: int, log: str | None) -> list[dict]:
    game = registry.get(GAME)
    names = list(specs) + ["greedy"] * (players - 3)
    games = play_every_seating(players, names, lambda k: make_bot(names[k], game), deals, seed, log,
                               {"specs": list(specs)})
    print("\n".join(tally(games, tuple(specs))))
    return games


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--specs", required=True, help="three bot specs, the first the reference, ';' between them")
    p.add_argument("--deals", type=int, default=8)
    p.add_argument("--seed", type=int, default=8000)
    p.add_argument("--log")
    t = sub.add_parser("tally", help="the pairs' figures from play logs (a run stopped by the clock)")
    t.add_argument("paths", nargs="+")
    args = ap.parse_args(argv)
    if args.cmd == "play":
        specs = split_seat_specs(args.specs)
        if len(specs) != 3 or len(set(specs)) != 3:
            ap.error("--specs takes three different bot specs")
        if not 3 <= args.players <= 6:
            ap.error("--players must be 3 to 6")
        if args.players > 3 and "greedy" in specs:
            ap.error("the seats past the third are greedy: with --players above 3 no spec may be greedy")
        try:
            for spec in specs:
                make_bot(spec, registry.get(GAME))
        except BotSpecError as err:
            ap.error(str(err))
        play(args.players, specs, args.deals, args.seed, args.log)
    else:
        games = load(args.paths)
        for specs in sorted({tuple(g["specs"]) for g in games}):
            print(" against ".join(specs[1:]) + f", each with {specs[0]}:")
            print("\n".join(tally([g for g in games if tuple(g["specs"]) == specs], specs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
