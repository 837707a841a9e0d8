"""The room's inbox: in order, one consumer, and a run of wanted items taken at once."""

from __future__ import annotations

import asyncio

from nightfall.server.inbox import Inbox


async def test_get_waits_for_a_put_and_keeps_the_order() -> None:
    inbox: Inbox[int] = Inbox()
    waiting = asyncio.create_task(inbox.get())
    await asyncio.sleep(0)
    assert not waiting.done()
    inbox.put_nowait(1)
    inbox.put_nowait(2)
    assert await waiting == 1
    assert await inbox.get() == 2
    assert inbox.empty()


def test_take_while_stops_at_the_first_unwanted_item_and_at_the_limit() -> None:
    inbox: Inbox[int] = Inbox()
    for n in (2, 4, 5, 6):
        inbox.put_nowait(n)
    assert inbox.take_while(lambda n: n % 2 == 0, 10) == [2, 4]
    assert inbox.get_nowait() == 5
    assert inbox.take_while(lambda n: True, 0) == []
    assert len(inbox) == 1
