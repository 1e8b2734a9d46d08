"""The web app's lobby with seats, the queue and clocks (issue 49), in Chromium: two people in two
browsers (clients/web/test/lobby.mjs).

* A creates a game with an open seat and a clock; B finds it in the open games (filtered by game
  and players) and joins; both tables show every seat's clock, the running one counts down, and
  both play moves.
* A second game's invitation link seats B; B leaves (a bot plays for B) and comes back from the
  lobby's list.
* Play now: A waits in a queue whose bots fill the empty seat after its 5 s wait, and is seated
  at a game with a bot no sooner than that.
* A 2 s clock runs out under each timeout policy, and the table says what that did in words.
* No identifier-shaped word on those pages, no console or page error.

The clocks' pure logic (the lobby's choices as ClockOptions, the time left from the server's
as_of, the words and units) is unit-tested in clients/web/test/unit/clocks.test.mjs, which
tests/test_web_units.py runs with the other unit tests.
"""

import os
import subprocess

from tests.test_web_app import CHROMIUM, WEB, _chromium, web_server  # noqa: F401 (web_server: the fixture)


def run_script(web_server, script: str, timeout: int) -> str:
    """Run a two-browser script of clients/web/test against the server; its output, once it passed."""
    _chromium()
    result = subprocess.run(["node", script, f"http://{web_server.running.http.address}"], cwd=WEB,
                            capture_output=True, text=True, timeout=timeout, env=dict(os.environ, CHROMIUM=CHROMIUM))
    print(result.stdout)
    assert result.returncode == 0 and "1 passed, 0 failed" in result.stdout, \
        result.stdout[-4000:] + result.stderr[-2000:]
    return result.stdout


def test_two_people_use_open_seats_invitations_the_queue_and_clocks(web_server):
    stdout = run_script(web_server, "test/lobby.mjs", 600)
    for line in ("joined from the list", "B seated, left (a bot played for B) and came back",
                 "play now: seated with a bot after", "(TIMEOUT_POLICY_FORFEIT)", "(TIMEOUT_POLICY_STAND_IN)"):
        assert line in stdout, stdout


def test_people_named_at_the_table_and_live_scores(web_server):
    """Names for human seats and live scores (issue 48, clients/web/test/names.mjs): each table
    and log names the other person by the name given in the lobby; the seat strip shows each
    seat's score if the game ended now, not counting another seat's secret card; a name with a
    control character is INVALID_ARGUMENT naming the field."""
    stdout = run_script(web_server, "test/names.mjs", 300)
    for line in ('names: A sees "Bea (seat 1)', "if it ended now:", "seats[0].player_name"):
        assert line in stdout, stdout
