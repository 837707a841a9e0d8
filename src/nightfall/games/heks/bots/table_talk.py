"""What players say out loud at the table, for bots.

The engine cannot see speech (H-DEP-3); bots still need it to play sensibly:
a Seer announcing a result is how the village learns anything. Claims may be
lies; bots that read them decide whom to believe.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Claim:
    day: int
    speaker: int
    target: int
    witch: bool


@dataclass(slots=True)
class TableTalk:
    claims: list[Claim] = field(default_factory=list)

    def announce(self, day: int, speaker: int, target: int, witch: bool) -> None:
        self.claims.append(Claim(day, speaker, target, witch))
