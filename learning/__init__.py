"""The five games as learning environments (optional extra ``learning``; OpenSpiel: ``openspiel``).

* ``boardbot.learning.match``: one game seen as stable action ids, action masks,
  per-seat numpy observations and returns (what the environments share);
* ``boardbot.learning.pettingzoo_env``: a PettingZoo AEC environment, every seat an agent;
* ``boardbot.learning.gym_env``: a Gymnasium environment, one seat against the built-in bots;
* ``boardbot.learning.openspiel``: each game as an OpenSpiel Python game.

Generic over the registry: no module here names a game. docs/learning.md shows all three.
"""

if __name__ != "boardbot.learning":  # the folder is on sys.path (the repository root as the working directory)
    raise ImportError(f"import boardbot.learning, not {__name__}: the project installs under one name, boardbot")
