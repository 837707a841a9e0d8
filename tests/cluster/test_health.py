"""The node's health answer from a thread (``cluster/health.py``): it answers while
the event loop is busy, and says 503 once the loop has not ticked for a while."""

from __future__ import annotations

import asyncio
import time
import urllib.error
import urllib.request

from nightfall.cluster.health import NodeHealth
from tests.local_servers import free_port


def _get(port: int) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


async def test_a_busy_loop_is_healthy_and_a_stalled_one_is_not() -> None:
    port = free_port()
    health = NodeHealth("127.0.0.1", port, stale_s=1.0)
    health.start()
    try:
        assert await asyncio.to_thread(_get, port) == 200
        # The loop blocked for 0.5 s (busy): the thread answers at once, still healthy.
        started = time.monotonic()
        answers: list[int] = []
        asyncio.get_running_loop().run_in_executor(None, lambda: answers.append(_get(port)))
        time.sleep(0.5)
        assert answers == [200]
        assert time.monotonic() - started < 1.0
        # Blocked past stale_s (hung): 503, asked from the blocked loop's own thread.
        time.sleep(1.2)
        assert _get(port) == 503
        await asyncio.sleep(0.6)  # ticking again
        assert await asyncio.to_thread(_get, port) == 200
    finally:
        health.stop()
