"""The rules the kernel enforces for every game (docs/rules/kernel.md)."""

from __future__ import annotations

import pytest

from nightfall.engine import HOST, Command, Rejected, kernel, tick
from nightfall.games.andorra import AndorraGame
from nightfall.games.heks import HeksGame


@pytest.mark.parametrize("actor", [1, HOST])
def test_k_tick_1_only_the_system_sends_the_clock_in_andorra(actor: object) -> None:
    """K-TICK-1 for Andorra, whose own rules would have taken the tick."""
    game = AndorraGame()
    state = game.setup({"players": ["a", "b", "c", "d"], "roles": ["BOSS", "PV", "PV", "DOCTOR"]}, 1)
    before = game.snapshot(state)
    with pytest.raises(Rejected) as refused:
        kernel.apply(game, state, Command(actor, "tick", {}, 10))  # type: ignore[arg-type]
    assert refused.value.code == "not_your_step" and refused.value.rule == "K-TICK-1"
    assert game.snapshot(state) == before  # nothing changed
    kernel.apply(game, state, tick(10))  # the system's own tick is taken


def test_k_tick_1_holds_for_heks_too() -> None:
    game = HeksGame()
    state = game.setup({"players": [f"P{i}" for i in range(5)]}, 1)
    with pytest.raises(Rejected) as refused:
        kernel.apply(game, state, Command(2, "tick", {}, 10))
    assert refused.value.code == "not_your_step"
