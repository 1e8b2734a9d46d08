"""The Fritanga state (``rules.FritangaState``): its fields, each declared once with its type and in
``rules.FIELDS`` with how it is copied and stored (rules.py says how they code the game); the
forward model is in rules.py, what a seat may see in views.py."""

from __future__ import annotations

from .rules import FIELDS, FritangaState

__all__ = ["FIELDS", "FritangaState"]
