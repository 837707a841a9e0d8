"""Passing the host role to another seat (H-HST-7a, H-HST-7b).

The host seat lives in the engine because the host controls are engine
commands: a game must replay from (config, seed, commands), so a change of
host is a command too. The server uses the same command for the automatic
handover when the host's phone is gone (H-HST-7b), marked with
``"reason": "host_away"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from nightfall.engine import Command, Event, Rejected

from .checks import player_of, seat_arg
from .events import public
from .state import HeksState

# Why the host changed: absent (the host chose) or the server's automatic handover.
HOST_AWAY = "host_away"
REASONS = frozenset({HOST_AWAY})
PASS_HOST = "pass_host"


def heir(order: Iterable[int], host: int, connected: Callable[[int], bool]) -> int | None:
    """H-HST-7b: the first connected member in seat order other than the host (None:
    nobody is here; the server asks again when someone connects)."""
    return next((pid for pid in order if pid != host and connected(pid)), None)


def handover_payload(heir_seat: int, automatic: bool) -> dict[str, Any]:
    """``pass_host``'s payload; the automatic handover carries its reason (H-HST-7b)."""
    return {"seat": heir_seat, "reason": HOST_AWAY} if automatic else {"seat": heir_seat}


def from_client(ctype: str, payload: Mapping[str, Any]) -> bool:
    """Only the server marks a handover as automatic: a phone's ``reason`` is refused, so
    ``host_away`` in a transcript always means the server (H-HST-7b)."""
    return not (ctype == PASS_HOST and "reason" in payload)


def pass_host(state: HeksState, cmd: Command) -> list[Event]:
    """H-HST-7a: only the host, to another seat of this game, in any phase before the end.

    Allowed in step C and the quarrel too (unlike H-HST-5): it reveals, pauses and
    changes no hidden information, and a stuck table must never wait for a phase.
    """
    out: list[Event] = []
    me = player_of(state, cmd)
    if me.seat != state.host:
        raise Rejected("not_host", "H-HST-7a")
    seat = seat_arg(state, cmd.payload, "seat")
    assert seat is not None  # not nullable: seat_arg rejects a missing seat
    if seat == me.seat:
        raise Rejected("already_host", "H-HST-7a", seat=seat)
    reason = cmd.payload.get("reason")
    if reason is not None and reason not in REASONS:
        raise Rejected("bad_payload", field="reason", reason="expected host_away or nothing")
    state.host = seat  # a memo's step part is keyed on the host too (view_memo._step_key)
    public(out, "host_passed", seat=seat, previous=me.seat, reason=reason)
    return out
