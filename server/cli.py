"""The ``boardbot`` command: serve, play, arena, loadtest."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boardbot", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    arena = sub.add_parser("arena", help="play bots against each other and summarise")
    arena.add_argument("game")
    arena.add_argument("--players", type=int, default=None)
    arena.add_argument("--config", default="", help="game config as JSON, e.g. '{\"public_back\": \"first\"}'")
    arena.add_argument("--seats", default="random", help="bot specs, one per seat (or one for all), comma-separated; key=value items "
                       "continue the previous spec (ismcts:iterations=2000,c=0.7,random); ';' also separates")
    arena.add_argument("--games", type=int, default=100)
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--rotate", choices=("on", "off"), default=None,
                       help="rotate bots over the seats (default: on when the bots differ)")
    arena.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    arena.add_argument("--quiet", action="store_true", help="no progress bar or timings on stderr")
    arena.set_defaults(run="ai.arena:main")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    module, func = args.run.split(":")
    import importlib

    return getattr(importlib.import_module(module), func)(args) or 0


if __name__ == "__main__":
    sys.exit(main())
