"""What a bot reads: a smaller copy of a seat's view, built for the bot driver (issue 21 §3).

A simulation asks for a view at nearly every decision, each at a new state version,
so the parts of ``seat_view`` no bot reads are left out: the live counts of the
public part (``progress`` and ``waiting`` are None, as in ``step_view``), the host's
extras, and ``side``, ``choice`` and ``spells_cast`` of ``me``. Every key it has
holds the seat view's value (``tests/games/heks/test_bot_view.py``), so a bot learns
nothing its seat could not see (H-VIS-1).
"""

from __future__ import annotations

from typing import Any

from .public_part import step_view
from .state import GUARD_B, HeksState
from .tables import PICKPOCKET, PROTECTOR, SEER, WITCH
from .view import role_parts, seat_owes, seat_static
from .view_types import HeksMe

# The keys of a seat's view that a bot's view leaves out (None, or absent). No bot reads the
# exile quorum (H-EXC-8), so its keys stay out of the step part every bot view copies.
# ``roles_in_play`` is in it: the strong bots' belief needs the deck (H-DECK-9).
LEFT_OUT = frozenset({"progress", "waiting", "host", "exile_quorum", "exile_needed", "stall"})
LEFT_OUT_OF_ME = frozenset({"side", "choice", "spells_cast"})
_ROLE_PARTS = frozenset({WITCH, PROTECTOR, SEER, PICKPOCKET})


def bot_view(state: HeksState, seat: int) -> dict[str, Any]:
    me = state.players[seat - 1]
    static = state.cache.get(seat) or seat_static(state, me)  # seat_static's own cache, read here
    mine: HeksMe = {  # type: ignore[typeddict-item]  # a subset of HeksMe, see LEFT_OUT_OF_ME
        "seat": seat,
        "role": me.role,
        "known_witches": list(static[1]),
        "status": me.status,
        "hand": list(me.hand),
        "owes": seat_owes(state, seat),
        "inbox": list(state.inbox.get(seat, ())),
    }
    if me.role in _ROLE_PARTS or static[2] is not None:  # the roles role_parts adds keys for
        role_parts(state, me, mine, static[2])
    out: dict[str, Any] = step_view(state).copy()  # type: ignore[assignment]
    out["me"] = mine
    day = state.day
    if state.phase == GUARD_B and seat == day.guarding:  # H-DEP-12: the guard's own clock
        out["phase"] = GUARD_B
        out["deadline"] = state.deadline
        out["deadline_total"] = state.timer_ms
    return out
