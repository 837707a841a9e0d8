"""What players say out loud at the table, for bots.

The engine cannot see speech (H-DEP-3); bots still need it to play sensibly:
a Seer announcing a result is how the village learns anything. Claims may be
lies; bots that read them decide whom to believe.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Claim:
    day: int
    speaker: int
    target: int
    witch: bool


@dataclass(slots=True)
class TableTalk:
    claims: list[Claim] = field(default_factory=list)
    # "I hold ...", said in the evening discussion: seat -> (day, ingredient types). May be lies.
    hands: dict[int, tuple[int, tuple[str, ...]]] = field(default_factory=dict)
    # The chief's plan for the circle: (day, members, member -> the ingredient they should play).
    plan: tuple[int, tuple[int, ...], dict[int, str]] | None = None
    # What the strong bots make of the public facts, computed once for the whole table.
    belief: Any = None
    said: int = 0  # how many hand claims were made: the version of ``hands``
    # The strong bots' per-seat cover codes from the hand claims, per (day, recipe, said):
    # every seat's decision reads the same claims.
    cover_codes: dict[tuple[Any, ...], list[int]] = field(default_factory=dict)

    def say_hand(self, seat: int, day: int, hand: tuple[str, ...]) -> None:
        self.hands[seat] = (day, hand)
        self.said += 1

    def announce(self, day: int, speaker: int, target: int, witch: bool) -> None:
        self.claims.append(Claim(day, speaker, target, witch))
