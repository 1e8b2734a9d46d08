"""The packages of the main distribution, found rather than listed.

Everything else is in pyproject.toml. Its [tool.setuptools.package-dir] maps the design
card's folders onto the one import name (engine/ is boardbot.engine, ...); setuptools' own
package finding cannot prefix the names it finds, so this finds every package under each of
those folders (a folder with an __init__.py, a new game's engine folder among them) and names
it after the mapping: engine/games/froccs is boardbot.engine.games.froccs.
"""

import pathlib
import tomllib

from setuptools import find_packages, setup

ROOT = pathlib.Path(__file__).resolve().parent


def packages() -> list[str]:
    folders = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    return [f"{name}.{sub}" if sub else name for name, folder in folders.items() if (ROOT / folder).is_dir()
            for sub in ["", *find_packages(str(ROOT / folder))]]


if __name__ == "__main__":
    setup(packages=packages())
