"""The boardbot command and the tools that drive the service: terminal play and the load tester."""

if __name__ != "boardbot.tools":  # the folder is on sys.path (the repository root as the working directory)
    raise ImportError(f"import boardbot.tools, not {__name__}: the project installs under one name, boardbot")

