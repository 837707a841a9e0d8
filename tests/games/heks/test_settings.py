"""The host's settings (H-SET-6 mode, H-TIM-2 discussion time) are checked in one
place: the lobby accepts exactly what the rules accept, from the rules' tables."""

from __future__ import annotations

from typing import Any

import pytest

from nightfall.engine import Rejected
from nightfall.games.heks import HeksGame, tables
from nightfall.games.heks.site import HeksSite

NAMES = ["Anna", "Bram", "Cas", "Dewi"]


def lobby_accepts(settings: dict[str, Any]) -> bool:
    try:
        HeksSite(timers={}).merge_settings(HeksSite(timers={}).default_settings(), settings)
    except Rejected as rejected:
        assert rejected.code == "bad_settings"
        return False
    return True


def rules_accept(settings: dict[str, Any]) -> bool:
    config = HeksSite(timers={}).build_config(
        NAMES, 1, {**HeksSite(timers={}).default_settings(), **settings}
    )
    try:
        HeksGame().setup(config, 1)
    except Rejected as rejected:
        assert rejected.code == "bad_config"
        return False
    return True


VALUES: list[Any] = [*range(0, 700, 5), 59.5, "180", None, True]


def test_the_lobby_accepts_exactly_what_the_rules_accept() -> None:
    """H-TIM-2: 60-600 s in steps of 30; H-SET-6: timed or unlimited."""
    for seconds in VALUES:
        assert lobby_accepts({"discuss_seconds": seconds}) == rules_accept({"discuss_seconds": seconds}), (
            seconds
        )
    for mode in ("timed", "unlimited", "fast", "", None):
        assert lobby_accepts({"mode": mode}) == rules_accept({"mode": mode}), mode
    assert lobby_accepts({"discuss_seconds": 90}) and not lobby_accepts({"discuss_seconds": 75})


def test_the_limits_come_from_the_rules_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """H-TIM-2: change the table and both the lobby and the rules follow (no copies)."""
    monkeypatch.setattr(tables, "DISCUSS_MAX", 900)
    monkeypatch.setattr(tables, "DISCUSS_STEP", 60)
    site = HeksSite(timers={})
    assert site.describe_settings()["discuss_seconds"] == {"min": 60, "max": 900, "step": 60}
    for seconds in (90, 120, 660, 900, 960):
        assert lobby_accepts({"discuss_seconds": seconds}) == rules_accept({"discuss_seconds": seconds}), (
            seconds
        )
    assert lobby_accepts({"discuss_seconds": 900}) and not lobby_accepts({"discuss_seconds": 90})
