"""What a seat wants: a number per seat from a finished game's ``Result``.

Every seat maximises its own utility (max^n, not two-player zero-sum):

    u_i = 0.8 * win_i + 0.1 * place_i + 0.1 * margin_i        (2 or more seats)

* ``win_i``: the seat's share of the victory, ``1 / len(winners)`` if it is
  among the winners, else 0. A shared win (a tie, or a team that wins
  together) is worth the same to every seat that shares it, so team mates
  pull in the same direction; within one game all team wins have the same
  size, so the scale does not change which move is best.
* ``place_i = (n - 1 - rank_i) / (n - 1)``: 1 for first place, 0 for last,
  so a seat that cannot win still prefers second place to last.
* ``margin_i``: the seat's score against the mean of all scores, scaled by
  the mean absolute score and squashed into (0, 1):
  ``x = (s_i - mean) / (1 + mean|s|)``, ``margin = 0.5 + 0.5 x / (1 + |x|)``.
  It breaks ties between equally won (or lost) games in favour of bigger
  margins; using the mean of all seats (not the best other seat) keeps team
  mates, who share a score, from counting each other as rivals.

With one seat (a solo game against an automaton) the utility is the raw
score: the result's winners say nothing then. The search normalises values
by the range it has seen (see ``boardbot.ai.ismcts``), so the raw scale is harmless.

All terms lie in [0, 1], so ``u_i`` does too for two or more seats, which is
also the range of ``Game.evaluate``'s estimates used at a rollout cut-off.
"""

from __future__ import annotations

from boardbot.engine.core import Result

WIN_WEIGHT = 0.8
PLACE_WEIGHT = 0.1
MARGIN_WEIGHT = 0.1


def utilities(result: Result) -> list[float]:
    scores = result.scores
    n = len(scores)
    if n == 1:
        return [float(scores[0])]
    winners = result.winners
    share = 1.0 / len(winners)
    mean = sum(scores) / n
    scale = 1.0 + sum(abs(s) for s in scores) / n
    ranks = result.ranks
    out = []
    for i in range(n):
        x = (scores[i] - mean) / scale
        margin = 0.5 + 0.5 * x / (1.0 + abs(x))
        place = (n - 1 - ranks[i]) / (n - 1)
        win = share if i in winners else 0.0
        out.append(WIN_WEIGHT * win + PLACE_WEIGHT * place + MARGIN_WEIGHT * margin)
    return out
