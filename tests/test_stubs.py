"""The committed Python stubs, and each game's move fields in the engine, are what
scripts/gen_proto.py makes from proto/."""

import filecmp
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
COMMITTED = ROOT / "clients" / "python" / "boardbot" / "v1"
COMMITTED_CONNECT = ROOT / "server" / "connect_v1"
ENGINE_GAMES = ROOT / "engine" / "games"


def test_committed_stubs_are_fresh(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_proto.py"), "--out", str(tmp_path)],
                   check=True, capture_output=True)
    fresh = tmp_path / "boardbot" / "v1"
    names = sorted(p.name for p in fresh.iterdir())
    committed = sorted(p.name for p in COMMITTED.iterdir() if p.name != "__pycache__")
    assert committed == names, "stub files differ: run python scripts/gen_proto.py and commit"
    stale = [n for n in names if not filecmp.cmp(fresh / n, COMMITTED / n, shallow=False)]
    assert not stale, f"stale stubs {stale}: run python scripts/gen_proto.py and commit"
    fresh_connect = tmp_path / "connect_v1"
    names = sorted(p.name for p in fresh_connect.iterdir())
    assert names == ["__init__.py", "bot_service_connect.py", "game_service_connect.py"]
    assert sorted(p.name for p in COMMITTED_CONNECT.iterdir() if p.name != "__pycache__") == names
    stale = [n for n in names if not filecmp.cmp(fresh_connect / n, COMMITTED_CONNECT / n, shallow=False)]
    assert not stale, f"stale Connect stubs {stale}: run python scripts/gen_proto.py and commit"
    fresh_games = tmp_path / "engine" / "games"
    games = sorted(p.name for p in fresh_games.iterdir())
    assert games == sorted(p.parent.name for p in ENGINE_GAMES.glob("*/game.py")), (
        "every game in common.proto's oneofs has its engine folder, and every engine folder its proto")
    stale = [g for g in games if not (ENGINE_GAMES / g / "move_fields.py").exists()
             or not filecmp.cmp(fresh_games / g / "move_fields.py", ENGINE_GAMES / g / "move_fields.py", shallow=False)]
    assert not stale, f"stale move fields of {stale}: run python scripts/gen_proto.py and commit"
