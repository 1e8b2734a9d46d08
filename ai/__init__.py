"""Game-agnostic AI: bots and information-set MCTS over the engine interface."""
