"""``boardbot records``: fetch, replay and learn from hosted games' records.

    boardbot records export --server HOST:PORT [--game NAME] [--out FILE.jsonl]
        every finished game's complete record (GetGameRecord), one JSON object a line
    boardbot records replay FILE [FILE ...]
        each record (a JSON file of one, or JSON lines) replayed from its revealed seed:
        the deal's commitment checked, every move legal and read as recorded, the same
        final view and scores; exit status 1 when one does not hold
    boardbot records trajectories FILE [FILE ...] --out DIR
        the records as training trajectories, one .npz per configuration
        (boardbot.learning.trajectories)

A record's JSON form is the protobuf JSON mapping of ``boardbot.v1.GameRecord``
(docs/api-contract.md, "Game records").
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Iterator

from google.protobuf import json_format

from boardbot.v1 import common_pb2, game_record_pb2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="records_command", required=True)
    export = sub.add_parser("export", help="every finished game's record from a server, as JSON lines")
    export.add_argument("--server", default="127.0.0.1:50051", help="the server's gRPC address")
    export.add_argument("--game", default="", help="only games of this name")
    export.add_argument("--out", default="-", help="the file to write (default: standard output)")
    export.add_argument("--limit", type=int, default=0, help="at most this many records (0: all)")
    replay = sub.add_parser("replay", help="replay records and check their deal and final state")
    replay.add_argument("files", nargs="+")
    replay.add_argument("--quiet", action="store_true", help="print only what does not replay")
    trajectories = sub.add_parser("trajectories", help="records as training trajectories (.npz per configuration)")
    trajectories.add_argument("files", nargs="+")
    trajectories.add_argument("--out", required=True, help="the folder to write the .npz files to")


def read_records(path: str) -> Iterator[game_record_pb2.GameRecord]:
    """The records of a file: one JSON object, or one a line (``export``'s form)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        values = [json.loads(text)]
    except json.JSONDecodeError:  # JSON lines
        values = [json.loads(line) for line in text.splitlines() if line.strip()]
    for value in values:
        record = game_record_pb2.GameRecord()
        json_format.ParseDict(value.get("gameRecord", value), record)  # a GetGameRecordResponse as well
        yield record


def to_json(record: game_record_pb2.GameRecord) -> str:
    """A record as one line of JSON (the protobuf JSON mapping)."""
    return json.dumps(json_format.MessageToDict(record), separators=(",", ":"), ensure_ascii=False)


def export(args) -> int:
    from boardbot.client import Client

    written = 0
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    try:
        with Client(args.server) as client:
            for game in client.list_games(game=args.game):
                if game.status != common_pb2.GAME_STATUS_FINISHED:
                    continue
                out.write(to_json(client.game_record(game.game_id)) + "\n")
                written += 1
                if args.limit and written >= args.limit:
                    break
    finally:
        if out is not sys.stdout:
            out.close()
    print(f"{written} records", file=sys.stderr)
    return 0


def replay(args) -> int:
    from boardbot.server.deals import check_deal
    from boardbot.server.game_records import ReplayError, replay as replay_record

    failed = 0
    for path in args.files:
        for record in read_records(path):
            game = record.game
            try:
                replay_record(record)
            except ReplayError as err:
                failed += 1
                print(f"{path}: game {game.game_id} ({game.game_name}) does not replay: {err}")
                continue
            if not args.quiet:
                deal = {True: f"deal commitment {game.deal.seed_sha256[:16]}… checks",
                        None: "no deal commitment (stored before commitments)"}[check_deal(game.deal)]
                scores = ", ".join(f"{s:g}" for s in game.outcome.scores)
                print(f"{path}: game {game.game_id} ({game.game_name}, rules version {game.rules_version}): "
                      f"{len(record.events)} events replayed from seed {game.deal.seed}; {deal}; "
                      f"same final view and scores ({scores})")
    return 1 if failed else 0


def trajectories(args) -> int:
    import numpy as np

    from boardbot.learning.trajectories import arrays, by_configuration

    records = [r for path in args.files for r in read_records(path)]
    os.makedirs(args.out, exist_ok=True)
    for key, group in by_configuration(records).items():
        path = os.path.join(args.out, f"{key}.npz")
        data = arrays(group)
        np.savez_compressed(path, **data)
        print(f"{path}: {len(group)} games, {len(data['action'])} decisions")
    return 0


def main(args) -> int:
    return {"export": export, "replay": replay, "trajectories": trajectories}[args.records_command](args)
