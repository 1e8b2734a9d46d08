"""Czech Pub's AI chooses as it did when the recording was made (tests/ai_choices.py says what a
recording holds); Czech Pub's positions add what the passes say of each hand (``unlikely_cards``).

Record again only for an intended change of the AI (never for a speed step):

    PYTHONPATH=tests python tests/games/czech_pub/test_czech_pub_ai_choices.py --record
"""

from __future__ import annotations

import os

from ai_choices import Recording

from boardbot.engine.games.czech_pub import GAME, policy

RECORDING = Recording(
    GAME, os.path.join(os.path.dirname(os.path.abspath(__file__)), "ai_choices.json.gz"), seed=5300,
    extra=lambda state, key: {"unlikely": [sorted(policy.unlikely_cards(state, q)) for q in range(state.num_seats)]},
    searches=(("ismcts:hard", 24), ("ismcts:easy", 12), ("ismcts:hard,beliefs=inferred", 12),
              ("ismcts:hard,opponents=policy", 8)),
)


def test_the_ai_chooses_as_recorded():
    RECORDING.check()


if __name__ == "__main__":
    RECORDING.main(__doc__)
