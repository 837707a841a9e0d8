"""The test/benchmark hook that shortens Heks timers (NIGHTFALL_HEKS_TIMERS)."""

from __future__ import annotations

import pytest

from nightfall.games.heks.site import HeksSite, timer_overrides


def test_no_overrides_by_default() -> None:
    # H-TIM-2: a real game keeps the rule timers
    assert timer_overrides(None) == {} == timer_overrides("")
    assert "timers" not in HeksSite(timers={}).build_config(
        ["A", "B", "C", "D"], 1, HeksSite().default_settings()
    )


def test_overrides_reach_the_game_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NIGHTFALL_HEKS_TIMERS", '{"witch": 0.5, "quarrel": 0.2}')
    adapter = HeksSite()
    config = adapter.build_config(["A", "B", "C", "D"], 1, adapter.default_settings())
    assert config["timers"] == {"witch": 0.5, "quarrel": 0.2}


@pytest.mark.parametrize("raw", ["{", "[1]", '{"witch": -1}', '{"witch": "fast"}'])
def test_bad_overrides_are_refused_with_a_reason(raw: str) -> None:
    with pytest.raises(ValueError, match="NIGHTFALL_HEKS_TIMERS"):
        timer_overrides(raw)
