"""The two shapes every part of the Andorra view uses: a seat, and a text in the desk's two
languages. Apart so that the view's parts (``view_types.py``, ``review_types.py``) can share
them without importing each other."""

from __future__ import annotations

from typing import TypedDict

Seat = int


class AndorraWords(TypedDict):
    ru: str
    en: str
