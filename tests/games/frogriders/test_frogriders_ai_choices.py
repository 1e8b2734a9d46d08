"""Frogriders's AI chooses as it did when the recording was made (tests/ai_choices.py says what a
recording holds); Frogriders's positions add the legal moves and the decider's view, which the speed
work on move generation and views must keep. The seeded games take the configurations in turn
(2, 3 and 4 players, a public card on its back, the 24-card privilege deck).

Record again only for an intended change of the AI (never for a speed step):

    PYTHONPATH=tests python tests/games/frogriders/test_frogriders_ai_choices.py --record
"""

from __future__ import annotations

import os

from ai_choices import Recording, legal_and_view

from boardbot.engine.games.frogriders import GAME

RECORDING = Recording(
    GAME, os.path.join(os.path.dirname(os.path.abspath(__file__)), "ai_choices.json.gz"), seed=5300,
    extra=legal_and_view,
    games=200,  # forty of each of the 5 configurations
    searches=(("ismcts:hard", 24), ("ismcts:easy", 12), ("ismcts:medium", 12), ("ismcts:hard,opponents=policy", 8)),
)


def test_the_ai_chooses_as_recorded():
    RECORDING.check()


if __name__ == "__main__":
    RECORDING.main(__doc__)
