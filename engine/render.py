"""Text pictures of views (``boardbot play``, the learning environments' ``render()``).

A game may draw its own: a ``render`` module beside its engine (``render.py`` in its package,
``render(view) -> str``, reading the view dict a seat receives and never more). Without one,
or for a view of a game this install does not have, the view's fields are written as an
indented tree.
"""

from __future__ import annotations

import importlib
from typing import Callable


def generic_render(view: dict) -> str:
    lines: list[str] = []

    def walk(value, indent: str, key: str) -> None:
        if isinstance(value, dict):
            lines.append(f"{indent}{key}:")
            for k, v in value.items():
                walk(v, indent + "  ", k)
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            lines.append(f"{indent}{key}:")
            for i, item in enumerate(value):
                parts = ", ".join(f"{k}={v}" for k, v in item.items())
                lines.append(f"{indent}  [{i}] {parts}")
        elif isinstance(value, list):
            lines.append(f"{indent}{key}: {', '.join(str(v) for v in value)}")
        else:
            lines.append(f"{indent}{key}: {value}")

    for k, v in view.items():
        walk(v, "", k)
    return "\n".join(lines)


def renderer(game) -> Callable[[dict], str]:
    """The renderer of ``game`` (a ``Game``): its package's ``render.render``, else ``generic_render``."""
    package = type(game).__module__.rpartition(".")[0]
    if not package:  # a game defined in a top-level module (a test's toy game) has no package
        return generic_render
    try:
        module = importlib.import_module(f"{package}.render")
    except ModuleNotFoundError as err:
        if err.name != f"{package}.render":
            raise
        return generic_render
    return module.render
