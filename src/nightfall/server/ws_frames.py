"""How much parsing a client's bytes cost, read from the WebSocket frames' headers alone
(RFC 6455 §5.2), so ``ws_guard`` can let a socket's frames be parsed at a phone's pace.

websockets parses every frame in Python, 6-13 µs each, on the loop every room shares, and
a client may send frames as small as 6 bytes: pongs nobody asked for, empty continuations of
a message never finished, text frames past the seat's budget. 100,000 of them held every
room for over a second; a few seconds of them, for 11-34 s (attack round 4, 2026-12-07).
Reading a header here costs a fraction of that, and the guard stops reading at the budget.
A frame costs one unit, and one more for each ``BYTES_PER_UNIT`` of its payload: big frames
cost the loop too (unmasking, decoding, handing the text to the app; ~1.6 s of CPU a GB in
attack round 5), and a phone's largest message (8 KiB) is 9 units.
"""

from __future__ import annotations

_END_OF_REQUEST = b"\r\n\r\n"
MAX_HEADER = 14  # 2 bytes, 8 of extended length, 4 of mask
BYTES_PER_UNIT = 1024


def _header_size(head: bytes) -> int | None:
    """The header's size in bytes, or None if ``head`` is too short to tell."""
    if len(head) < 2:
        return None
    second = head[1]
    short = second & 0x7F
    return 2 + (2 if short == 126 else 8 if short == 127 else 0) + (4 if second & 0x80 else 0)


def _payload_size(head: bytes) -> int:
    short = head[1] & 0x7F
    if short == 126:
        return int.from_bytes(head[2:4], "big")
    if short == 127:
        return int.from_bytes(head[2:10], "big")
    return short


class FrameCounter:
    """Follows one connection's incoming bytes: first the HTTP upgrade request, then frames.

    ``take(data, budget)`` counts the units of the frames that begin in ``data`` and says
    where the next one would begin: the bytes before that point may be parsed now, the rest
    must wait. A frame begins only while the units so far are below ``budget`` (its own
    units may go past it). Its state is that of the bytes taken, so what is left is given
    again."""

    __slots__ = ("framing", "head", "skip", "tail")

    def __init__(self) -> None:
        self.framing = False  # past the upgrade request
        self.tail = b""  # the request's last bytes, for an end split between reads
        self.head = b""  # a frame header split between reads
        self.skip = 0  # bytes of the current frame still to come

    def take(self, data: bytes, budget: int) -> tuple[int, int]:
        """(units of the frames begun, bytes taken): ``bytes taken < len(data)`` only when
        the budget ran out, and then exactly where a frame begins."""
        n = len(data)
        pos = 0
        if not self.framing:
            seen = self.tail + data
            end = seen.find(_END_OF_REQUEST)
            if end < 0:
                self.tail = seen[-3:]
                return 0, n
            self.framing, self.tail = True, b""
            pos = max(0, end + 4 - (len(seen) - n))
        frames = 0
        if self.skip:
            if self.skip >= n - pos:
                self.skip -= n - pos
                return 0, n
            pos += self.skip
            self.skip = 0
        while pos < n:
            if frames >= budget and not self.head:
                return frames, pos
            seen = self.head + data[pos : pos + MAX_HEADER]
            size = _header_size(seen)
            if size is None or len(seen) < size:
                self.head = seen  # less than a header: all that is left of ``data``
                return frames, n
            pos += size - len(self.head)
            self.head = b""
            rest = _payload_size(seen)
            frames += 1 + rest // BYTES_PER_UNIT
            if rest > n - pos:
                self.skip = rest - (n - pos)
                return frames, n
            pos += rest
        return frames, n
