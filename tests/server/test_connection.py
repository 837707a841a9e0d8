"""Connection: messages are written at once when the socket can take them,
in order behind a send that has to wait, and a broken socket loses nothing but
itself (docs/protocol.md §4.4)."""

from __future__ import annotations

import asyncio

import pytest

from nightfall.server.connection import Connection
from nightfall.server.protocol import CLOSE_TOO_SLOW

pytestmark = pytest.mark.timeout(10)


class Peer:
    """A fake socket: writes complete at once unless ``gate`` is closed."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed_with: int | None = None
        self.gate = asyncio.Event()
        self.gate.set()
        self.fail_with: Exception | None = None
        self.waits = 0

    async def send_text(self, text: str) -> None:
        if self.fail_with is not None:
            raise self.fail_with
        if not self.gate.is_set():
            self.waits += 1
            await self.gate.wait()
        self.sent.append(text)

    async def close(self, code: int) -> None:
        self.closed_with = code


async def settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


def connection(peer: Peer, outbox_size: int = 64) -> Connection:
    conn = Connection(peer, outbox_size=outbox_size)  # type: ignore[arg-type]
    conn.start()
    return conn


async def test_a_socket_that_can_take_it_is_written_at_once_without_a_task() -> None:
    peer = Peer()
    conn = connection(peer)
    conn.offer("a")
    conn.offer("b")
    assert peer.sent == ["a", "b"]  # no await in between: written synchronously
    assert conn.pending == 0 and conn._sender is None


async def test_messages_keep_their_order_behind_a_send_that_waits() -> None:
    peer = Peer()
    conn = connection(peer)
    peer.gate.clear()
    for m in ("a", "b", "c"):
        conn.offer(m)
    await settle()
    assert peer.sent == [] and peer.waits == 1 and conn.pending == 2
    peer.gate.set()
    await settle()
    assert peer.sent == ["a", "b", "c"] and conn.pending == 0
    conn.offer("d")  # back to writing at once
    assert peer.sent[-1] == "d"


async def test_close_comes_after_what_was_queued() -> None:
    peer = Peer()
    conn = connection(peer)
    peer.gate.clear()
    conn.offer("a")
    conn.offer("b")
    conn.close(4000)
    conn.offer("late")  # ignored: closing
    peer.gate.set()
    await settle()
    assert peer.sent == ["a", "b"] and peer.closed_with == 4000


async def test_a_peer_that_stops_reading_is_closed_for_being_too_slow() -> None:
    peer = Peer()
    conn = connection(peer, outbox_size=4)
    peer.gate.clear()
    for i in range(10):
        conn.offer(f"m{i}")  # never blocks
    assert conn.closed
    peer.gate.set()
    await settle()
    assert peer.sent == ["m0"] and peer.closed_with == CLOSE_TOO_SLOW  # the backlog is dropped


async def test_a_broken_socket_closes_the_connection_without_raising() -> None:
    peer = Peer()
    conn = connection(peer)
    peer.fail_with = RuntimeError("socket gone")
    conn.offer("a")  # raises nothing: the room must never see a socket's failure
    assert conn.closed and conn.pending == 0
    conn.offer("b")
    assert peer.sent == []


async def test_a_send_that_fails_after_waiting_closes_the_connection() -> None:
    class Breaks(Peer):
        async def send_text(self, text: str) -> None:
            await self.gate.wait()
            raise RuntimeError("peer reset")

    peer = Breaks()
    conn = connection(peer)
    peer.gate.clear()
    conn.offer("a")
    conn.offer("b")
    peer.gate.set()
    await settle()
    assert conn.closed and conn.pending == 0 and conn._sender is None


async def test_stop_cancels_a_waiting_send() -> None:
    peer = Peer()
    conn = connection(peer)
    peer.gate.clear()
    conn.offer("a")
    await settle()
    await conn.stop()
    assert conn._sender is None and conn.pending == 0
    peer.gate.set()
    await settle()
    assert peer.sent == []


async def test_offers_before_start_wait_for_it() -> None:
    peer = Peer()
    conn = Connection(peer)  # type: ignore[arg-type]
    conn.offer("a")
    assert peer.sent == []
    conn.start()
    assert peer.sent == ["a"]


async def test_an_offer_made_during_a_send_waits_its_turn() -> None:
    """Should a send ever call back into the connection, order still holds."""

    class Echo(Peer):
        conn: Connection | None = None

        async def send_text(self, text: str) -> None:
            if text == "a" and self.conn is not None:
                self.conn.offer("c")  # re-entered before "a" is written
            self.sent.append(text)

    peer = Echo()
    conn = connection(peer)
    peer.conn = conn
    conn.offer("a")
    conn.offer("b")
    assert peer.sent == ["a", "c", "b"]  # never "c" before "a"
    assert conn.pending == 0
