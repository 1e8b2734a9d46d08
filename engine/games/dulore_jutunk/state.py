"""The Dűlőre jutunk state (``rules.DuloreState``): its fields, each declared once with its type and
in ``rules.FIELDS`` with how it is copied and stored; the forward model is in rules.py, what a seat
may see in views.py."""

from __future__ import annotations

from .rules import FIELDS, DuloreState

__all__ = ["FIELDS", "DuloreState"]
