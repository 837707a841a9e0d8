"""Building a game from its config and seed (H-SET-1..6, H-SET-4 deal)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from nightfall.engine import Rejected, Rng

from . import deck as decks
from . import settings
from .state import HeksState, Player
from .tables import (
    ALWAYS_TIMED,
    DISCUSS_DEFAULT,
    INGREDIENTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PARAMS,
    TIMED_SECONDS,
    Params,
)

_TABLE_QUORUM: Any = object()  # no test-only ``quorum`` in the config: Table 2.2's Q


def _params(n: int, from_days: Any, quorum: Any = _TABLE_QUORUM) -> Params:
    """Table 2.2 for n players; a test-only ``from_days`` {"attacks", "seer"} moves A and E
    (H-WAT-9, H-SEE-4), so tests of day-1 mechanics can use the 7-player deal (Decision 11),
    and a test-only ``quorum`` (null or [numerator, denominator]) replaces Q (H-EXC-8), so the
    spec's worked examples can be replayed under the row they were written for."""
    p = PARAMS[n]
    if quorum is not _TABLE_QUORUM:
        if quorum is not None and not (
            isinstance(quorum, list | tuple)
            and len(quorum) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in quorum)
            and quorum[0] <= quorum[1]
        ):
            raise Rejected("bad_config", field="quorum", reason="expected null or [numerator, denominator]")
        p = replace(p, quorum=None if quorum is None else (quorum[0], quorum[1]))
    if from_days is None:
        return p
    if not isinstance(from_days, Mapping) or not set(from_days) <= {"attacks", "seer"}:
        raise Rejected("bad_config", field="from_days", reason='expected {"attacks", "seer"}')
    for key, day in from_days.items():
        if not isinstance(day, int) or isinstance(day, bool) or day < 1:
            raise Rejected("bad_config", field=f"from_days.{key}", reason="expected a day number")
    return replace(
        p, attacks_from=from_days.get("attacks", p.attacks_from), seer_from=from_days.get("seer", p.seer_from)
    )


def _timers(mode: str, discuss: int, overrides: Mapping[str, Any]) -> dict[str, int | None]:
    """H-TIM-2. Overrides (seconds, may be fractional) exist for tests and load runs."""
    out: dict[str, int | None] = {}
    for key, seconds in {**TIMED_SECONDS, "discuss": discuss}.items():
        value = overrides.get(key, seconds)
        if not isinstance(value, int | float) or isinstance(value, bool) or value <= 0:
            raise Rejected(
                "bad_config", field=f"timers.{key}", reason="expected a positive number of seconds"
            )
        timed = mode == "timed" or key in ALWAYS_TIMED
        out[key] = int(value * 1000) if timed else None
    return out


def _stalls(mode: str, overrides: Mapping[str, Any]) -> dict[str, int]:
    """Unlimited's secret steps wait as long as it takes; past their Timed length the table
    is told that someone is still choosing, without names (issue 31 §2, H-TBL-6)."""
    if mode == "timed":
        return {}
    return {"depart": int(overrides.get("depart", TIMED_SECONDS["depart"]) * 1000)}


def new_state(config: Mapping[str, Any], seed: int) -> HeksState:
    names = config.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
        raise Rejected("bad_config", field="players", reason="expected a list of names")
    n = len(names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise Rejected("bad_player_count", "H-SET-1", players=n, min=MIN_PLAYERS, max=MAX_PLAYERS)
    host = config.get("host", 1)
    if not isinstance(host, int) or isinstance(host, bool) or not 1 <= host <= n:
        raise Rejected("bad_config", field="host", reason="expected a seat number")
    mode = config.get("mode", "timed")
    if not settings.mode_ok(mode):
        raise Rejected("bad_config", "H-SET-6", field="mode", reason='expected "timed" or "unlimited"')
    discuss = config.get("discuss_seconds", DISCUSS_DEFAULT)
    if not settings.discuss_ok(discuss):
        raise Rejected("bad_config", "H-TIM-2", field="discuss_seconds", reason="60-600 in steps of 30")
    overrides = config.get("timers", {})
    if not isinstance(overrides, Mapping):
        raise Rejected("bad_config", field="timers", reason="expected an object")
    rng = Rng.from_seed(seed)
    # H-DECK-1..6: the host's deck, or Table 2.1's row (``deck`` absent or null).
    deal = decks.role_list(decks.full_deck(n, config.get("deck")))
    fixed = config.get("roles")
    if fixed is not None:
        if not isinstance(fixed, list) or Counter(fixed) != Counter(deal):
            raise Rejected("bad_config", "H-SET-4", field="roles", reason="must be a permutation of the deck")
        roles = list(fixed)
    else:
        roles = deal
        rng.shuffle(roles)  # H-SET-4: uniformly random permutation
    recipes = config.get("recipes")
    if recipes is not None and (
        not isinstance(recipes, list)
        or not all(isinstance(r, list) and all(i in INGREDIENTS for i in r) for r in recipes)
    ):
        raise Rejected("bad_config", field="recipes", reason="expected lists of ingredients")
    return HeksState(
        players=[Player(seat=i + 1, name=name.strip(), role=roles[i]) for i, name in enumerate(names)],
        host=host,
        mode=mode,
        timers_ms=_timers(mode, discuss, overrides),
        stall_ms=_stalls(mode, overrides),
        params=_params(n, config.get("from_days"), config.get("quorum", _TABLE_QUORUM)),
        rng=rng,
        fixed_recipes=recipes,
    )
