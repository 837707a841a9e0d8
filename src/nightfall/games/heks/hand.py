"""Ingredient hands (H-ING-2, H-ING-6, H-ING-7)."""

from __future__ import annotations

from .tables import HAND_LIMIT


def add_card(hand: list[str], card: str) -> str | None:
    """Append ``card``; a full hand first discards its oldest card (H-ING-2). Returns the discard."""
    dropped = None
    if len(hand) >= HAND_LIMIT:
        dropped = hand.pop(0)
    hand.append(card)
    return dropped


def remove_oldest(hand: list[str], card: str) -> None:
    """Remove the oldest card of type ``card`` (H-ING-7); list.remove takes the first, i.e. oldest."""
    hand.remove(card)
