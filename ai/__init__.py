"""Game-agnostic AI: bots and information-set MCTS over the engine interface."""

if __name__ != "boardbot.ai":  # the folder is on sys.path (the repository root as the working directory)
    raise ImportError(f"import boardbot.ai, not {__name__}: the project installs under one name, boardbot")

import boardbot.engine  # noqa: E402,F401  the compiled-or-pure decision (engine/build.py) comes first
