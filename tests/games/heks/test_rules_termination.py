"""§14.3 termination and closure, driven only by the clock and the host's absent marks.

Nobody acts: every input is a timeout default (Timed) or an absent default (Unlimited), so
each game exercises the random defaults of §10.2 and H-WAT-4. Invariants are read from
views after every command.
"""

from __future__ import annotations

from typing import Any

import pytest

from nightfall.engine import Command, kernel, tick
from nightfall.games.heks import HeksGame

from .kit import NAMES

WINNER = {
    "SEALS_COMPLETE": "village",
    "ALL_WITCHES_EXILED": "village",
    "ALL_WITCHES_FROGS": "village",
    "KNIGHTS_VOTE_WITCH": "village",
    "TAKEOVER": "witch",
    "KNIGHTS_VOTE_FAILED": "witch",
    "JESTER_EXILED": "solo",
}


def run(n: int, seed: int, mode: str) -> tuple[dict[str, Any], int]:
    game = HeksGame()
    state = game.setup({"players": NAMES[:n], "host": 1, "mode": mode, "discuss_seconds": 60}, seed)
    now = 1_000
    last_step = -1
    for _ in range(5_000):
        public = game.view(state, "public")
        if public["phase"] == "GAME_END":
            break
        # Invariants on every step: H-ING-2 (hand limit), H-CUR-4, H-SET-8, Table 2.2.
        assert public["curse"] <= 3 and public["seals"] <= public["seals_needed"]
        if public["seals"] == public["seals_needed"]:
            assert public["phase"] == "RITUAL_RESULT"  # H-RIT-8: the result scene, then the end
        assert public["day"] <= public["knights_day"]
        if public["step"] != last_step:
            last_step = public["step"]
            for seat in range(1, n + 1):
                assert len(game.view(state, seat)["me"]["hand"]) <= 3
        cats = [p for p in public["players"] if p["status"] == "CAT"]
        if public["phase"] in ("PROPOSAL", "APPROVAL_VOTE", "RITUAL"):
            assert len(cats) >= 3  # §14.3 (2): a night always has at least 3 cats
            assert len(public["recipe"]) == min(public["recipe_size"], len(cats))
        deadline = game.next_deadline(state)
        if deadline is not None:
            now = max(now, deadline)
            kernel.apply(game, state, tick(now))
            continue
        # No timer: the host marks whoever still owes input (H-HST-1, H-HST-2, H-HST-4).
        pending = game.view(state, 1)["host"]["pending"] or [
            p["seat"] for p in public["players"] if p["status"] == "CAT"
        ]
        step = public["step"]
        for seat in pending:
            if game.view(state, "public")["step"] != step or game.next_deadline(state) is not None:
                break
            kernel.apply(game, state, Command(actor=1, type="mark_absent", payload={"seat": seat}, now=now))
        after = game.view(state, "public")
        if after["phase"] == "DEPART_A" and game.next_deadline(state) is None:
            kernel.apply(game, state, Command(actor=1, type="force_continue", payload={}, now=now))
    result = game.result(state)
    assert result is not None, "the game did not end"
    return result, game.view(state, "public")["day"]


@pytest.mark.parametrize("n", range(4, 13))
@pytest.mark.parametrize("mode", ["timed", "unlimited"])
def test_every_game_ends_by_the_knights_day_with_exactly_one_winner(n: int, mode: str) -> None:
    # §14.3 (1)-(5), H-GEN-3, H-EXC-7, H-PRI-3, H-PRI-4, H-PRI-6, H-PRI-7, H-WIN-8, H-TIM-4,
    # H-RNG-1, H-WAT-4, H-CHF-4, H-APR-4, H-EXV-3, H-RIT-5, H-DEP-5, H-DEP-8, H-HST-4.
    reasons = set()
    for seed in range(4):
        result, day = run(n, seed, mode)
        assert result["winner"] == WINNER[result["reason"]]
        assert result["day"] == day
        roles = result["roles"]
        assert sorted(roles) == sorted(str(s) for s in range(1, n + 1))
        assert isinstance(result["score"], int) and 0 <= result["score"] <= n
        reasons.add(result["reason"])
    assert reasons <= set(WINNER)
