"""Speed of boardbot.server.convert on every game's mid-game views and legal moves.

    python bench/convert_speed.py [--games 3] [--repeat 5] [--game NAME ...]

Plays a few random games per game, keeps the views (every seat and a
spectator) and legal-move dicts of the positions a third of the way in,
then times, per view or move (the best of ``--repeat`` rounds, in µs):

* ``view->proto``: ``convert.to_proto(View, game, view)``;
* ``proto->view``: ``convert.to_dict`` of that message;
* ``move->proto``: ``convert.to_proto(Move, game, move)``;
* ``seatview``: a whole ``SeatView`` (the view and its seat's legal moves) as
  GetView may build it: ``field``, one constructor call given the engine dicts
  as they are (only where ``convert.constructor_field`` allows it: no game
  since the per-game enums); ``arg``, one constructor call given
  ``convert.constructor_arg`` of each part; ``parts``, ``to_proto`` per part
  copied in (the service's fallback). "-": not available.
"""

from __future__ import annotations

import argparse
import functools
import random
import time

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.server import convert
from boardbot.v1 import common_pb2


def positions(name: str, games: int) -> list[tuple[dict, list[dict], list[str]]]:
    game = registry.get(name)
    out = []
    for cfg in game.configurations():
        for seed in range(games):
            rng = random.Random(seed)
            state = game.new_state(cfg, seed)
            length = 0
            probe = state.copy()
            while probe.decider() != TERMINAL:
                moves = probe.legal_moves()
                probe.apply(moves[rng.randrange(len(moves))])
                length += 1
            rng = random.Random(seed)
            for _ in range(length // 3):
                moves = state.legal_moves()
                state.apply(moves[rng.randrange(len(moves))])
            decider = state.decider()
            moves = state.legal_moves()
            for seat in [None, *range(state.num_seats)]:
                mine = moves if seat == decider else []
                out.append((state.view(seat), [game.move_to_dict(m) for m in mine],
                            [state.move_text(m) for m in mine]))
    return out


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def seat_view_builder(name: str, how: str):
    """GetView's SeatView: "arg" with convert.constructor_arg (one constructor call),
    "field" with constructor_field (the engine dicts as they are, when the types allow),
    "parts" with to_proto per part (the service's fallback)."""
    if how == "arg":
        view_arg, move_arg = (functools.partial(convert.constructor_arg, c, name)
                              for c in (common_pb2.View, common_pb2.Move))

        def build(view, moves, texts):
            return common_pb2.SeatView(game_id="g", version=1, seat=0, view=view_arg(view), decider=0, legal_moves=[
                {"id": i, "text": t, "move": move_arg(m)} for i, (t, m) in enumerate(zip(texts, moves))])
        return build
    field = convert.constructor_field(common_pb2.View, name)
    if how == "field" and field is not None and field == convert.constructor_field(common_pb2.Move, name):
        def build(view, moves, texts):
            return common_pb2.SeatView(game_id="g", version=1, seat=0, view={field: view}, decider=0, legal_moves=[
                {"id": i, "text": t, "move": {field: m}} for i, (t, m) in enumerate(zip(texts, moves))])
        return build
    if how == "field":
        return None

    def build(view, moves, texts):
        out = common_pb2.SeatView(game_id="g", version=1, seat=0, decider=0,
                                  view=convert.to_proto(common_pb2.View, name, view))
        for i, (t, m) in enumerate(zip(texts, moves)):
            out.legal_moves.add(id=i, text=t, move=convert.to_proto(common_pb2.Move, name, m))
        return out
    return build


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--game", action="append")
    args = parser.parse_args()
    hows = ["field", "parts"] + (["arg"] if hasattr(convert, "constructor_arg") else [])
    print(f"{'game':<14} {'views':>5} {'moves':>5} {'view->proto':>11} {'proto->view':>11} {'move->proto':>11} "
          + " ".join(f"{'seatview ' + h:>14}" for h in hows) + "  (µs each; seatview per view with its moves)")
    for name in args.game or registry.names():
        pos = positions(name, args.games)
        views = [v for v, _, _ in pos]
        moves = [m for _, ms, _ in pos for m in ms]
        msgs = [convert.to_proto(common_pb2.View, name, v) for v in views]
        t_view = best(lambda: [convert.to_proto(common_pb2.View, name, v) for v in views], args.repeat)
        t_back = best(lambda: [convert.to_dict(m, name) for m in msgs], args.repeat)
        t_move = best(lambda: [convert.to_proto(common_pb2.Move, name, m) for m in moves], args.repeat)
        seats = []
        for how in hows:
            build = seat_view_builder(name, how)
            t = None if build is None else best(lambda: [build(v, ms, ts) for v, ms, ts in pos], args.repeat)
            seats.append(f"{'-' if t is None else format(1e6 * t / len(views), '.1f'):>14}")
        print(f"{name:<14} {len(views):>5} {len(moves):>5} {1e6 * t_view / len(views):>11.1f} "
              f"{1e6 * t_back / len(views):>11.1f} {1e6 * t_move / max(len(moves), 1):>11.1f} " + " ".join(seats))


if __name__ == "__main__":
    main()
