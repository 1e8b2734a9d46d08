"""Dűlőre jutunk's AI chooses as it did when the recording was made (tests/ai_choices.py says what a
recording holds): every configuration, the solo game against the Winemaker deck (each project card)
and 2 to 4 players with and without the variants; the positions add the legal moves and the
decider's view, which the speed work on move generation and views must keep.

Record again only for an intended change of the AI (never for a speed step):

    PYTHONPATH=tests python tests/games/dulore_jutunk/test_dulore_jutunk_ai_choices.py --record
"""

from __future__ import annotations

import os

from ai_choices import Recording, legal_and_view

from boardbot.engine.games.dulore_jutunk import GAME

RECORDING = Recording(
    GAME, os.path.join(os.path.dirname(os.path.abspath(__file__)), "ai_choices.json.gz"), seed=7700,
    extra=legal_and_view,
    games=40, record_share=0.3,
    searches=(("ismcts:hard", 20), ("ismcts:easy", 10), ("ismcts:medium", 10), ("ismcts:hard,opponents=policy", 6)),
)


def test_the_ai_chooses_as_recorded():
    RECORDING.check()


if __name__ == "__main__":
    RECORDING.main(__doc__)
