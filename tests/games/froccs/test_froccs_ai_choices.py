"""Fröccs's AI chooses as it did when the recording was made (tests/ai_choices.py says what a
recording holds); Fröccs's positions add the legal moves and the decider's view, which the speed
work on move generation and views must keep.

Record again only for an intended change of the AI (never for a speed step):

    PYTHONPATH=tests python tests/games/froccs/test_froccs_ai_choices.py --record
"""

from __future__ import annotations

import os

from ai_choices import Recording, legal_and_view

from boardbot.engine.games.froccs import GAME

RECORDING = Recording(
    GAME, os.path.join(os.path.dirname(os.path.abspath(__file__)), "ai_choices.json.gz"), seed=6100,
    extra=legal_and_view,
    searches=(("ismcts:hard", 24), ("ismcts:easy", 12), ("ismcts:medium", 12), ("ismcts:hard,opponents=policy", 8)),
)


def test_the_ai_chooses_as_recorded():
    RECORDING.check()


if __name__ == "__main__":
    RECORDING.main(__doc__)
