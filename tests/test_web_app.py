"""The web app (clients/web) as a player meets it: served by the browser port, played in Chromium.

* The committed bundle (server/web) is what the sources build now, and the sources type-check.
  The page finds the games' modules without a list (clients/web/src/games/<game>.ts, bundled by
  the import() pattern of games/index.ts) and reads the titles, blurbs and card texts from
  ListGameTypes.
* The browser port serves the page and its files (index.html at /, content types, no-cache
  with ETag revalidation, a CSP that admits only the page's own origin), nothing outside its
  folder, and still answers the API.
* The hidden-information rule holds in the page (clients/web/test/hidden.mjs): what one seat's
  page receives and shows holds no other seat's hidden cards.
* Debian's Chromium, headless, driven by playwright-core (clients/web/test/play.mjs; nothing
  is downloaded), creates a game of each registered game and each solo mode (the Winemaker) in the
  lobby against quick bots and plays it to the end by clicks, with no console error; axe-core
  finds no serious or critical accessibility violation in the lobby nor in any table mid-play; the
  screenshots of each table mid-play and at the end are written to reports/web-screenshots/
  (the test prints the folder).
* The AI's numbers there (issue 48): every number of every hint reads with its unit and lies
  within its range (a solo game's expected final score in points within the game's score
  bounds; elsewhere a percentage, 0 to 100), and a hinted move the player played is the AI's
  own in the review, never a slip: from the hint's kept answer (the solo game) and from a
  search done again with the same preset, seed and iterations (Frogriders, its kept answers
  forgotten, the review run while two more processes keep the cores busy).
* Taking a move back and replaying (issue 48 item 7): in Dűlőre jutunk against a bot the player
  takes a move back and is at that decision again; the finished game is replayed from its record
  in the page, the record downloaded and replayed from the file there, and here as
  ``boardbot records replay`` does (take-back included).
  How the page reads those numbers and judges a move (clients/web/src/advice.ts) is unit-tested
  with Node's test runner (clients/web/test/unit/advice.test.mjs).

scripts/test installs Chromium (apt), clients/web's packages (npm ci) and sets
BOARDBOT_REQUIRE_CHROMIUM=1 when /usr/bin/chromium is there: then a missing browser fails.
"""

import argparse
import gzip
import http.client
import json
import os
import pathlib
import re
import shutil
import subprocess
import time

import pytest

from boardbot.engine import registry
from boardbot.tools.records import read_records, replay as replay_records
from boardbot.v1 import common_pb2
from boardbot.server import logs
from boardbot.server.app import BackgroundServer
from boardbot.server.http_port import WEB_DIR

ROOT = pathlib.Path(__file__).resolve().parent.parent
WEB = ROOT / "clients" / "web"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = ROOT / "reports" / "web-screenshots"
DOCS_PICTURES = ROOT / "docs" / "web"

# One game of each registered game against the random bot (the quickest), with the fewest players
# that seat a bot, and each solo mode; a hint is asked once in each, its numbers checked against
# the case's range (valueRange: a solo game's score bounds in points, else a percentage). In every
# game the last move of another seat is outlined on the table, and every bot move of the log says
# why it was made. On top, in some of them: the frogriders game is against the quickest searching
# bot (ISMCTS easy), whose reasons (its search's statistics) open from the log once the game is
# over, its first six decisions are made with the keyboard alone, the hinted move is played at two
# later ones, and the game is reviewed with the AI afterwards with the hints' answers forgotten
# (searched again); in Czech Pub the other seats' moves come one at a time for a while, each when
# the player asks, and the page makes the player's single moves by itself (the option); the Fröccs
# player resigns at its 25th decision (the random bot finishes the game for it), the solo game
# plays three hinted moves, is reviewed and is also shot on a phone-sized screen, and the chef of a
# 5-player Fritanga sees its skills' amounts for 4 foods.
def _case(game, solo: bool = False) -> dict:
    players = 1 if solo else max(2, game.param("players").minimum)
    case = {"name": game.name + ("-solo" if solo else ""), "choice": f"game-{game.name}" + ("-solo" if solo else ""),
            "params": {"players": players}, "seats": ["random"] * (players - 1), "hintAt": 3, "midAfter": 8}
    if solo:  # the hint speaks in points, within the score bounds (the same for every solo configuration)
        least, greatest = game.score_bounds(game.validate({"players": 1}))
        case["valueRange"] = {"unit": "points", "least": least, "greatest": greatest}
    return case


FEATURES = {
    "frogriders": {"review": True, "keyboard": 6, "seats": ["ismcts:easy"], "explain": True, "followHints": [8, 9],
                   "freshReview": True},
    "czech-pub": {"stepAt": 4, "steps": 6, "autoForced": True},
    "froccs": {"midAfter": 10, "resignAfter": 25},
    "dulore-jutunk": {"midAfter": 10, "takeBackAt": 4, "replay": True},
    "dulore-jutunk-solo": {"params": {"project": "DULORE_JUTUNK_PROJECT_MEDIUM"}, "midAfter": 10, "phone": True,
                           "followHints": [3, 6, 9], "review": True},
}
CASES = [_case(game) for game in registry.all_games()] + [
    _case(game, solo=True) for game in registry.all_games() if game.solo is not None] + [
    {"name": "fritanga-chef", "choice": "game-fritanga", "params": {"mode": "FRITANGA_MODE_CHEF", "players": 5},
     "seats": ["random"] * 4, "hintAt": 3, "midAfter": 8, "showsText": "Remove 4 unoccupied cards."},
    # the player takes seat 1, a food, against a bot chef (seat 0 is the chef)
    {"name": "fritanga-food", "choice": "game-fritanga", "params": {"mode": "FRITANGA_MODE_CHEF", "players": 3},
     "mySeat": 1, "seats": ["random"] * 2, "hintAt": 3, "midAfter": 6, "showsText": "The chef's skills"},
]
CASES = [{**case, **FEATURES.get(case["name"], {})} for case in CASES]


def _node_modules() -> None:
    if shutil.which("node") is None:
        pytest.fail("Node.js is needed (scripts/test checks for it)")
    for package in (WEB, ROOT / "clients" / "typescript"):
        if not (package / "node_modules").is_dir():
            pytest.fail(f"{package.relative_to(ROOT)}/node_modules is missing: run npm ci there (scripts/test does)")


def test_bundle_is_fresh_and_holds_every_game():
    _node_modules()
    typecheck = subprocess.run(["node", "node_modules/typescript/bin/tsc", "-p", "tsconfig.json", "--noEmit"], cwd=WEB,
                               capture_output=True, text=True, timeout=300)
    assert typecheck.returncode == 0, typecheck.stdout + typecheck.stderr
    bundle = subprocess.run(["node", "scripts/build.mjs", "--check"], cwd=WEB, capture_output=True, text=True,
                            timeout=300)
    assert bundle.returncode == 0, bundle.stdout + bundle.stderr
    assert {p.name for p in WEB_DIR.iterdir()} == {"index.html", "app.js", "app.css"}
    bundled = (WEB_DIR / "app.js").read_text()
    for name in registry.names():  # each game's table, found by the bundler
        assert f'"./{name.replace("-", "_")}.tsx"' in bundled, f"no clients/web/src/games/{name.replace('-', '_')}.tsx"


@pytest.fixture(scope="module")
def web_server():
    logs.configure(enabled=False)
    server = BackgroundServer(http_address="127.0.0.1:0")
    yield server
    server.stop()


def test_the_advice_module_reads_the_numbers_and_judges_moves(tmp_path):
    """clients/web/test/unit/advice.test.mjs with Node's test runner (no browser): each number
    with its unit and interval, the position's seed, and the review's verdicts (the AI's own
    move never a slip, a slip only beyond both intervals). The test imports the TypeScript
    source, so it is bundled first with the web app's esbuild."""
    _node_modules()
    bundled = tmp_path / "advice.test.mjs"
    build = subprocess.run([str(WEB / "node_modules" / ".bin" / "esbuild"), "test/unit/advice.test.mjs", "--bundle",
                            "--platform=node", "--format=esm", "--log-level=warning", f"--outfile={bundled}"],
                           cwd=WEB, capture_output=True, text=True, timeout=120)
    assert build.returncode == 0, build.stdout + build.stderr
    run = subprocess.run(["node", "--test", str(bundled)], cwd=WEB, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "# fail 0" in run.stdout, run.stdout + run.stderr
    assert int(re.search(r"# pass (\d+)", run.stdout)[1]) >= 4, run.stdout


def _get(server, path: str, method: str = "GET", headers: dict | None = None) -> tuple[int, dict, bytes]:
    host, port = server.running.http.address.rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.putrequest(method, path, skip_accept_encoding=True)  # the path exactly as given
    for name, value in (headers or {}).items():
        connection.putheader(name, value)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def test_the_browser_port_serves_the_page(web_server):
    status, headers, body = _get(web_server, "/")
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert body == (WEB_DIR / "index.html").read_bytes()
    assert headers["cache-control"] == "no-cache"
    assert "default-src 'none'" in headers["content-security-policy"]
    assert "connect-src 'self'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    for name, kind in (("app.js", "text/javascript"), ("app.css", "text/css")):
        status, headers, body = _get(web_server, f"/{name}")
        assert status == 200 and headers["content-type"].startswith(kind) and body == (WEB_DIR / name).read_bytes()
        again, _, empty = _get(web_server, f"/{name}", headers={"If-None-Match": headers["etag"]})
        assert again == 304 and empty == b""
    status, headers, body = _get(web_server, "/app.js", headers={"Accept-Encoding": "gzip"})
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == (WEB_DIR / "app.js").read_bytes() and len(body) < 120_000  # issue 48: under 120 kB gzipped
    status, headers, body = _get(web_server, "/app.js", method="HEAD")
    assert status == 200 and body == b"" and int(headers["content-length"]) == (WEB_DIR / "app.js").stat().st_size


@pytest.mark.parametrize("path", ["/../http_port.py", "/%2e%2e/http_port.py", "/..%2fhttp_port.py",
                                  "/web/../../pyproject.toml", "/nothing-here.js", "/%00"])
def test_nothing_outside_the_web_folder_is_served(web_server, path):
    status, _, body = _get(web_server, path)
    assert status in (400, 404), (status, body[:200])
    assert b"import" not in body and b"[project]" not in body


def test_the_api_still_answers_beside_the_page(web_server):
    status, _, body = _get(web_server, "/boardbot.v1.GameService/NoSuchMethod")
    assert status == 404 and b"<html" not in body  # the service's answer, not the page
    host, port = web_server.running.http.address.rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("POST", "/boardbot.v1.GameService/ListGameTypes", body=b"{}",
                       headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    games = json.loads(response.read())["gameTypes"]
    assert response.status == 200 and [g["name"] for g in games] == registry.names()
    status, _, _ = _get(web_server, "/", method="POST")
    assert status == 404  # the page is GET only; a POST elsewhere is no API call


def _chromium() -> None:
    if not pathlib.Path(CHROMIUM).exists():
        if os.environ.get("BOARDBOT_REQUIRE_CHROMIUM") == "1":
            pytest.fail(f"{CHROMIUM} is missing (scripts/test installs Debian's chromium)")
        pytest.skip(f"{CHROMIUM} is missing: apt-get install chromium (scripts/test does, as root)")
    _node_modules()


def test_chromium_plays_every_game_to_the_end_by_clicks(web_server, tmp_path):
    _chromium()
    if SHOTS.exists():
        shutil.rmtree(SHOTS)
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps(CASES))
    started = time.monotonic()
    result = subprocess.run(["node", "test/play.mjs", f"http://{web_server.running.http.address}", str(cases),
                             str(SHOTS)], cwd=WEB, capture_output=True, text=True, timeout=900,
                            env=dict(os.environ, CHROMIUM=CHROMIUM))
    print(result.stdout)
    print(f"screenshots of every table, mid-play and at the end: {SHOTS} ({time.monotonic() - started:.0f} s)")
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]
    # the lobby's accessibility and words, the games, then the lobby's list of them
    assert f"{len(CASES) + 2} passed, 0 failed" in result.stdout
    for case in CASES:
        for moment in ("mid", "end"):
            assert (SHOTS / f"{case['name']}-{moment}.png").stat().st_size > 10_000
    assert (SHOTS / "frogriders-review.png").exists() and (SHOTS / "dulore-jutunk-solo-mid-phone.png").exists()
    pictures = sorted((SHOTS / "docs").glob("*.jpg"))  # docs/web.md's: each game on a desktop and a phone
    assert {p.name for p in pictures} >= {f"{case['name']}-{size}.jpg" for case in CASES for size in ("desktop", "phone")}
    if os.environ.get("BOARDBOT_WEB_DOCS") == "1":  # the pictures of docs/web.md, taken again
        DOCS_PICTURES.mkdir(exist_ok=True)
        for picture in pictures:
            shutil.copyfile(picture, DOCS_PICTURES / picture.name)
    for case in CASES:  # the hints' numbers were read, and the hinted moves played were the review's own
        line = next(line for line in result.stdout.splitlines() if line.startswith(f"ok {case['name']}:"))
        assert re.search(r"\(\d+ numbers within range with their unit\)", line) and " (0 numbers" not in line, line
        if case.get("followHints") and case.get("review"):
            played = re.search(r"(\d+) hinted moves played, all (\d+) the AI's own in the review", line)
            assert played and int(played[1]) == int(played[2]) >= 1, line
        if case.get("takeBackAt"):
            assert ", 1 move taken back" in line, line
        if case.get("replay"):  # the record the page downloaded replays as `boardbot records replay` replays it
            assert re.search(r"replayed from its record file \(\d+ versions\)", line), line
            saved = SHOTS / "records" / f"{case['name']}.json"
            records = list(read_records(str(saved)))
            assert len(records) == 1 and records[0].complete
            if case.get("takeBackAt"):
                assert any(e.kind == common_pb2.EVENT_KIND_TAKE_BACK for e in records[0].events)
            assert replay_records(argparse.Namespace(files=[str(saved)], quiet=False)) == 0


def test_the_page_shows_no_other_seats_hidden_cards(web_server):
    # clients/web/test/hidden.mjs: two people in two browsers and a bot play Czech Pub to the end;
    # the first page's every API answer and its DOM at each decision are checked against the
    # second person's real hand
    _chromium()
    result = subprocess.run(["node", "test/hidden.mjs", f"http://{web_server.running.http.address}"], cwd=WEB,
                            capture_output=True, text=True, timeout=600, env=dict(os.environ, CHROMIUM=CHROMIUM))
    print(result.stdout)
    assert result.returncode == 0 and "1 passed, 0 failed" in result.stdout, result.stdout[-4000:] + result.stderr[-2000:]
