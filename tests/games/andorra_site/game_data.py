"""The worked example of docs/andorra-cli.md as a site game (8 players, two cycles)."""

from __future__ import annotations

from typing import Any

NAMES = ["Anna", "Boris", "Gleb", "Egor", "Kira", "Lev", "Mila", "Nikita"]
ROLES = ["BOSS", "RECRUITER", "SHERIFF", "DOCTOR", "PV", "JOURNALIST", "PSYCHO", "VAMPIRE"]


def create_body(**extra: Any) -> dict[str, Any]:
    return {"players": [{"name": n, "role": r} for n, r in zip(NAMES, ROLES, strict=True)], **extra}


# Day 1: (voter, target) — Nikita is jailed.
DAY1 = [(1, 8), (2, 8), (3, 8), (4, 8), (5, 8), (6, 8), (7, 1), (8, 1)]
# Night 1: (seat, action, target); the Recruiter's offer to Kira is accepted on her page.
NIGHT1 = [
    (1, "SHOOT", 7),
    (2, "RECRUIT", 5),
    (3, "SEARCH_BOSS", 1),
    (4, "HEAL", 4),
    (5, "PV_WATCH", 3),
    (6, "JOURNALIST_WATCH", 2),
]
DAY2 = [(2, 3), (3, 2), (4, 2), (5, 3), (6, 2)]
NIGHT2 = [
    (3, "SEARCH_REBEL", 5),
    (4, "HEAL", 3),
    (6, "JOURNALIST_WATCH", 5),
]
