"""Vang de Heks as the server hosts it: a lobby of 4-12 players (H-SET-1) whose
host is one of them (H-SET-2), Timed or Unlimited with a host-set discussion
time (H-SET-6, H-TIM-2), and the host role that moves by ``pass_host``
(H-HST-7a)."""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar

from nightfall.engine import Game, Rejected

from ..interface import GameSite, OddsRunner, OddsTally, Order, Outcome, Pages, Tally
from . import deck, odds, outcomes, tables, victory
from . import host_handover as host_handover_rules
from .commands import RESUME
from .game import HeksGame
from .settings import defaults, discuss_ok, mode_ok, schema
from .view_types import HeksSettings

TIMERS_ENV = "NIGHTFALL_HEKS_TIMERS"


def timer_overrides(raw: str | None) -> dict[str, float]:
    """Shortened timers for tests and load runs, e.g. ``{"witch": 0.5, "quarrel": 0.2}``.

    Read from ``NIGHTFALL_HEKS_TIMERS`` (JSON, seconds). Never set it for a real game
    night: the witches' 15 s and the 4 s quarrel are rules (H-TIM-2).
    """
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{TIMERS_ENV} is not JSON: {exc}") from None
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, int | float) and not isinstance(v, bool) and v > 0
        for k, v in data.items()
    ):
        raise ValueError(f'{TIMERS_ENV} must be an object of positive seconds, e.g. {{"witch": 0.5}}')
    return {k: float(v) for k, v in data.items()}


class HeksSite(GameSite):
    name = "heks"
    min_players = tables.MIN_PLAYERS
    max_players = tables.MAX_PLAYERS
    host_seated = True
    # A phone in play sends at least every ~1.25 s (GAME_HEARTBEAT's 1 s ping when quiet, on a
    # 250 ms tick); 3 s of silence is a lost link, marked for the host within 5 s (issue 31 §2).
    quiet_lost_ms = 3_000
    # The phone shows ``params.reason`` (H-DECK-1..7) under this line.
    error_texts: ClassVar[Mapping[str, str]] = {"bad_deck": "That deck cannot be played."}

    def table_roles(self) -> dict[str, list[int]]:
        """H-TBL-7: Table 2.1's row per player count, counts in its column order."""
        return _table_roles()

    pages: ClassVar[Pages] = Pages(entry="index.html", paths=("r/{code}", "board/{code}"))
    settings_type: ClassVar[Any] = HeksSettings

    def __init__(self, timers: Mapping[str, float] | None = None) -> None:
        self.timers = dict(timers) if timers is not None else timer_overrides(os.environ.get(TIMERS_ENV))

    def make_game(self) -> Game[Any]:
        return HeksGame()

    def default_settings(self) -> dict[str, Any]:
        return defaults()

    def describe_settings(self) -> dict[str, Any]:
        return schema()

    def merge_settings(self, current: Mapping[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
        unknown = set(patch) - {"mode", "discuss_seconds", "deck"}
        if unknown:
            raise Rejected("bad_settings", field=sorted(unknown)[0])
        merged = {**current, **patch}
        # H-DECK-7: a deck some table can play; whether it fits the seated count is checked at
        # start (and shown in the lobby), since players still join and leave.
        merged["deck"] = deck.check_setting(merged.get("deck"))
        if not mode_ok(merged.get("mode")):
            raise Rejected("bad_settings", field="mode")
        if not discuss_ok(merged.get("discuss_seconds")):
            raise Rejected("bad_settings", field="discuss_seconds", rule="H-TIM-2")
        return merged

    def host_seat(self, state: Any) -> int | None:
        """The engine's host seat: it moves with ``pass_host`` (H-HST-7a), the lobby follows."""
        host: int = state.host
        return host

    def host_heir(self, order: Sequence[int], host: int, connected: Callable[[int], bool]) -> int | None:
        return host_handover_rules.heir(order, host, connected)  # H-HST-7b

    def hand_over(self, state: Any, heir_seat: int, automatic: bool) -> Order:
        # H-HST-7a; automatic: H-HST-7b
        return Order(
            host_handover_rules.PASS_HOST, host_handover_rules.handover_payload(heir_seat, automatic)
        )

    def from_client(self, ctype: str, payload: Mapping[str, Any]) -> bool:
        return host_handover_rules.from_client(ctype, payload)

    def resume(self, paused_ms: int) -> Order:
        return Order(RESUME, {"paused_ms": paused_ms})  # H-TBL-4

    def outcome(self, result: Mapping[str, Any]) -> Outcome | None:
        """The winning side and its players (H-WIN-8), from the results screen's roles."""
        winner, roles = result.get("winner"), result.get("roles")
        if not isinstance(winner, str) or not isinstance(roles, dict):
            return None
        return Outcome(winner, tuple(victory.winning_seats(winner, roles)))

    def odds_key(self, players: int, settings: Mapping[str, Any]) -> Hashable | None:
        """Table 2.1's counts of the deck the lobby would deal (issue 34 §2)."""
        return odds.deck_key(players, settings.get("deck"))

    def odds_runner(self) -> OddsRunner:
        return odds.play_batch

    def odds_tally(self, key: Any) -> OddsTally:
        return odds.Tally(tuple(key))

    def tally(self, result: Mapping[str, Any]) -> Tally | None:
        return outcomes.tally(result)

    def deck_key(self, seated: int, settings: Mapping[str, Any]) -> str | None:
        """The lobby's deck (Table 2.1's, or the host's own, H-DECK-1) for ``seated`` players;
        None when it cannot be dealt to them (H-DECK-7)."""
        if not tables.MIN_PLAYERS <= seated <= tables.MAX_PLAYERS:
            return None
        try:
            counts = deck.full_deck(seated, settings.get("deck"))
        except Rejected:
            return None
        return outcomes.deck_key(counts)

    def build_config(
        self, names: list[str], host_seat: int | None, settings: Mapping[str, Any]
    ) -> dict[str, Any]:
        config: dict[str, Any] = {
            "players": list(names),
            "host": host_seat,
            "mode": settings["mode"],
            "discuss_seconds": settings["discuss_seconds"],
        }
        chosen = settings.get("deck")  # H-DECK-9: absent for the standard deck
        if chosen is not None:
            config["deck"] = dict(chosen)
        if self.timers:
            config["timers"] = dict(self.timers)
        return config


@functools.cache
def _table_roles() -> dict[str, list[int]]:
    """Table 2.1 never changes: built once, not for every room part (read-only for callers)."""
    return {
        str(n): [tables.role_multiset(n).count(r) for r in tables.ROLE_COLUMNS]
        for n in range(tables.MIN_PLAYERS, tables.MAX_PLAYERS + 1)
    }
