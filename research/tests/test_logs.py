"""research/logs: every log is gzipped JSON lines that its script reads as it is; the Czech Pub
row of the iteration-era ladder table (research/notes/ladder-iteration-era.md, docs/ai.md's until
2026-12-05) comes out of the committed ladder logs by the command the note gives; and the ratings
the server publishes (boardbot/ai/ladder_ratings.json, docs/ai.md's ladder table) come out of the
committed logs of the served presets by the command the file records; so does the table of
research/notes/against-release.md, of logs/release/."""

from __future__ import annotations

import gzip
import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
LOGS = ROOT / "research" / "logs"
# the files the iteration-era note rates for the Czech Pub row of its ladder table
CZECH_PUB_ROW = ["czech-pub_seed8200", "czech-pub_seed8400", "czech-pub_seed8500", "czech-pub_seed84",
                 "czech-pub_seed8300", "czech-pub_seed8600"]


def ladder():
    spec = importlib.util.spec_from_file_location("bench_ladder", ROOT / "bench" / "ladder.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_log_is_gzipped_json_lines():
    logs = sorted(p for p in LOGS.rglob("*") if p.is_file())
    assert {p.parent.name for p in logs} == {"ladder", "oracle", "fit", "rollouts", "versus", "scaling", "release",
                                             "release-candidates", "solo", "tuning"}
    for path in logs:
        assert path.name.endswith(".jsonl.gz"), path
        with gzip.open(path, "rt") as f:
            lines = [json.loads(line) for line in f if line.strip()]
        assert lines and all(isinstance(line, dict) for line in lines), path


def table_rows(text: str, game: str, players: int) -> dict[str, str]:
    """The cells of a markdown ladder table's row for ``game`` at ``players``, by column name."""
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if line.startswith("| ")]
        if not lines:
            continue
        header = [c.strip().strip("`") for c in lines[0].strip("|").split("|")]
        for line in lines[2:]:
            cells = [c.strip() for c in line.strip("|").split("|")]
            if cells[:2] == [game, str(players)]:
                return dict(zip(header, cells))
    raise AssertionError(f"no {game} row at {players} players")


def test_the_ladder_tables_czech_pub_row_is_rated_from_the_committed_logs(capsys):
    paths = [str(LOGS / "ladder" / f"{name}.jsonl.gz") for name in CZECH_PUB_ROW]
    # rated under the presets' names as they were then (their iterations: docs/ai.md)
    assert ladder().main(["--rate-log", *paths, "--bootstrap", "1000", "--presets-as", "iterations",
                          "--rating-rules", "2026-12-05"]) == 0
    rated = table_rows(capsys.readouterr().out, "czech-pub", 3)
    doc = (ROOT / "research" / "notes" / "ladder-iteration-era.md").read_text()
    documented = table_rows(doc[doc.index("<!-- iteration-era-ladder-table -->"):], "czech-pub", 3)
    shared = [column for column in documented if column in rated]
    assert {"games", "random", "greedy", "ismcts:easy", "ismcts:medium", "ismcts:hard",
            "each step up (95 % interval)"} <= set(shared)
    assert {c: rated[c] for c in shared} == {c: documented[c] for c in shared}


def test_the_published_ratings_are_rated_from_the_committed_logs(tmp_path):
    published = json.loads((ROOT / "ai" / "ladder_ratings.json").read_text())
    command = published["command"].split()
    assert command[:2] == ["python", "bench/ladder.py"] and "--publish" in command
    args = command[2:]
    start = args.index("--rate-log") + 1
    logs = args[start:next((k for k in range(start, len(args)) if args[k].startswith("--")), len(args))]
    assert logs and all((ROOT / log).is_file() and log.startswith("research/logs/ladder/") for log in logs)
    out = tmp_path / "ratings.json"
    args = [str(ROOT / a) if a in logs else a for a in args]
    args[args.index("--publish") + 1] = str(out)
    assert ladder().main(args) == 0
    again = json.loads(out.read_text())
    assert len({table["game"] for table in again["tables"]}) == len(logs)
    assert again["tables"] == published["tables"]


def test_the_against_release_table_is_rated_from_the_committed_logs(capsys):
    """research/notes/against-release.md: its table is what bench/against_release.py --rate-log
    prints of the committed logs/release/ (the bootstrap is seeded, so exactly)."""
    spec = importlib.util.spec_from_file_location("bench_against_release", ROOT / "bench" / "against_release.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    logs = sorted(str(p) for p in (LOGS / "release").glob("*.jsonl.gz"))
    assert logs
    assert module.main(["--rate-log", *logs]) == 0
    rated = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    note = (ROOT / "research" / "notes" / "against-release.md").read_text()
    documented = [line for line in note.splitlines() if line.startswith("| ")]
    assert len(rated) > 2 and documented[:len(rated)] == rated


def test_the_six_player_tables_of_searches_are_tallied_from_the_committed_logs(capsys):
    """research/notes/big-tables-more-thought.md, its section of seed 9600: each row of its table is
    what research/budget_scaling.py tally prints of the committed logs (the resampling is seeded, so
    exactly), one row for each spec played against 100 iterations."""
    import re

    spec = importlib.util.spec_from_file_location("budget_scaling", ROOT / "research" / "budget_scaling.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    logs = sorted(str(p) for p in (LOGS / "scaling").glob("czech-pub_6p_100v400*_seed9600.jsonl.gz"))
    assert len(logs) == 4
    assert module.main(["tally", *logs]) == 0
    line = re.compile(r"(?P<spec>\S+) against ismcts:iterations=100 \(czech-pub, 6 players, (?P<deals>\d+) deals, "
                      r"\d+ games\): above (?P<above>\d+), below (?P<below>\d+), level (?P<level>\d+): "
                      r"(?P<share>\S+) \((?P<low>\S+) to (?P<high>\S+)\) of the decided comparisons; "
                      r"deals ahead (?P<ahead>\d+), level (?P<even>\d+), behind (?P<behind>\d+)")
    tallied = [line.fullmatch(text) for text in capsys.readouterr().out.splitlines()]
    assert len(tallied) == 4 and all(tallied)
    note = (ROOT / "research" / "notes" / "big-tables-more-thought.md").read_text().splitlines()
    for t in tallied:
        row = (f"| `{t['spec']}` | {t['deals']} | {t['above']} / {t['below']} / {t['level']} | "
               f"{t['share']} ({t['low']} to {t['high']}) | {t['ahead']} / {t['even']} / {t['behind']} |")
        assert row in note, row
