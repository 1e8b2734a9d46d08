"""The gRPC service: authoritative game hosting over the engine interface."""

if __name__ != "boardbot.server":  # the folder is on sys.path (the repository root as the working directory)
    raise ImportError(f"import boardbot.server, not {__name__}: the project installs under one name, boardbot")


import boardbot.engine  # noqa: E402,F401  (its build's finder first: boardbot.server.encoders is compiled too)
