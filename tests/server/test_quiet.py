"""Quiet sockets (server/quiet.py, issue 31 §2): a seated phone silent in a running game is lost."""

from __future__ import annotations

from types import SimpleNamespace

from nightfall.server import quiet
from nightfall.server.connection import Connection


def _conn(pid: int | None, heard_at: float) -> Connection:
    conn = Connection(ws=SimpleNamespace(send_text=None))  # type: ignore[arg-type]  # never written
    conn.pid = pid
    conn.heard_at = heard_at
    return conn


def test_only_seated_sockets_silent_past_the_limit_are_marked_once() -> None:
    loud, silent, spectator = _conn(1, 98.0), _conn(2, 95.0), _conn(None, 0.0)
    assert quiet.newly_quiet([loud, silent, spectator], 3_500, since=0.0, now=100.0) == [silent]
    assert silent.quiet and not loud.quiet and not spectator.quiet
    assert quiet.newly_quiet([loud, silent, spectator], 3_500, since=0.0, now=100.5) == []


def test_silence_before_the_game_started_does_not_count() -> None:
    lobby = _conn(1, 10.0)  # the lobby keeps the slow keepalive
    assert quiet.newly_quiet([lobby], 3_500, since=99.0, now=100.0) == []
    assert quiet.newly_quiet([lobby], 3_500, since=99.0, now=103.0) == [lobby]


def test_a_frame_brings_a_quiet_socket_back() -> None:
    conn = _conn(1, 0.0)
    assert quiet.heard(conn) is False
    conn.quiet = True
    assert quiet.heard(conn) is True and conn.heard_at > 0.0
