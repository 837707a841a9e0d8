"""The odds pool alone (issue 34 §2), with a fake game in a thread: warming the standard
decks, a lobby's deck first, the cache keeping standard decks, a failing runner."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
from collections.abc import AsyncIterator
from typing import Any

import pytest

from nightfall.games.heks.site import HeksSite
from nightfall.games.heks.tables import MAX_PLAYERS, MIN_PLAYERS, ROLE_TABLE
from nightfall.server import odds_pool
from nightfall.server.odds_pool import DEFAULT_NICE, OddsPool

ORDER: list[tuple[int, ...]] = []


def village_always(key: Any, start: int, count: int) -> list[tuple[str, int]]:
    ORDER.append(tuple(key))
    return [("village", 2)] * count


def broken(key: Any, start: int, count: int) -> list[tuple[str, int]]:
    raise ValueError("a bug in the bots")


class Fake(HeksSite):
    def odds_runner(self) -> Any:
        return village_always


class Broken(HeksSite):
    def odds_runner(self) -> Any:
        return broken


@pytest.fixture
async def threads() -> AsyncIterator[concurrent.futures.ThreadPoolExecutor]:
    ORDER.clear()
    executor = concurrent.futures.ThreadPoolExecutor(1)
    yield executor
    executor.shutdown(wait=True)


async def until(check: Any) -> None:
    for _ in range(1000):
        if check():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("timed out")


async def test_warming_computes_every_standard_deck_and_a_lobby_goes_first(
    threads: concurrent.futures.ThreadPoolExecutor,
) -> None:
    site = Fake()
    pool = OddsPool(target=20.0, executor=threads, batch=4)
    pool.warm_defaults([site])
    got: list[Any] = []
    sub, _ = pool.subscribe(site, (3, 2, 0, 1, 1, 1, 1, 3), got.append)  # a custom 12-player deck
    await until(lambda: bool(got) and got[-1]["done"])
    sub.cancel()
    custom_batches = ORDER.index((3, 2, 0, 1, 1, 1, 1, 3))
    assert custom_batches <= 1, ORDER[:5]  # at most the one warm batch already running
    standard = [ROLE_TABLE[n] for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
    await until(
        lambda: all((t := pool.tally(site, k)) is not None and t.precision() <= 20.0 for k in standard)
    )
    await pool.close()


async def test_standard_decks_stay_cached_when_many_custom_decks_come(
    threads: concurrent.futures.ThreadPoolExecutor, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(odds_pool, "MAX_KEPT", 3)
    site = Fake()
    pool = OddsPool(target=20.0, executor=threads, batch=50)
    got: list[Any] = []
    sub, _ = pool.subscribe(site, ROLE_TABLE[12], got.append)
    await until(lambda: bool(got) and got[-1]["done"])
    sub.cancel()
    for villagers in range(1, 8):  # seven custom decks, more than the three kept
        s, _ = pool.subscribe(site, (1, 0, 0, 1, 0, 1, 0, villagers), lambda _o: None)
        s.cancel()
    assert pool.tally(site, ROLE_TABLE[12]) is not None  # the standard deck is kept
    kept = [v for v in range(1, 8) if pool.tally(site, (1, 0, 0, 1, 0, 1, 0, v)) is not None]
    # three kept: the first one, whose batch was running when the others came (a running
    # deck is never dropped), and the two newest
    assert kept == [1, 6, 7], kept
    again, first = pool.subscribe(site, ROLE_TABLE[12], lambda _o: None)
    assert first == got[-1] and first["done"]  # at once, from the cache
    again.cancel()
    await pool.close()


async def test_a_failing_runner_stops_its_deck_not_the_pool(
    threads: concurrent.futures.ThreadPoolExecutor,
) -> None:
    pool = OddsPool(target=20.0, executor=threads, batch=4)
    bad, _ = pool.subscribe(Broken(), ROLE_TABLE[5], lambda _o: None)
    good: list[Any] = []
    ok, _ = pool.subscribe(Fake(), ROLE_TABLE[6], good.append)
    await until(lambda: bool(good) and good[-1]["done"])
    assert not pool.computing(Broken(), ROLE_TABLE[5])
    bad.cancel()
    ok.cancel()
    await pool.close()


async def test_an_executor_that_refuses_work_stops_the_pool_without_spinning() -> None:
    """A shut-down executor refuses every batch: the pool stops once (no busy loop)."""
    executor = concurrent.futures.ThreadPoolExecutor(1)
    executor.shutdown()
    pool = OddsPool(target=20.0, executor=executor, batch=4)
    sub, first = pool.subscribe(Fake(), ROLE_TABLE[7], lambda _o: None)
    assert first["games"] == 0 and pool.batches == 0  # subscribe came back: no loop
    again, _ = pool.subscribe(Fake(), ROLE_TABLE[8], lambda _o: None)  # a closed pool takes no work
    assert pool.batches == 0
    again.cancel()
    sub.cancel()
    await pool.close()


async def test_a_dead_worker_gets_a_new_process_pool_for_the_next_deck() -> None:
    """A worker killed under a batch (out of memory, a signal) fails that batch's deck only."""
    pool = OddsPool(workers=1, target=30.0)
    site = HeksSite()
    sub, _ = pool.subscribe(site, ROLE_TABLE[4], lambda _o: None)
    executor = pool._executor
    assert isinstance(executor, concurrent.futures.ProcessPoolExecutor)
    await until(lambda: bool(executor._processes))
    for process in list(executor._processes.values()):
        process.kill()
    await until(lambda: pool.batches >= 1 and not pool.computing(site, ROLE_TABLE[4]))
    done: list[Any] = []
    again, _ = pool.subscribe(site, ROLE_TABLE[5], done.append)
    for _ in range(4000):
        if done and done[-1]["done"]:
            break
        await asyncio.sleep(0.01)
    assert done and done[-1]["done"], "a new worker plays the next deck"
    assert pool._executor is not executor
    sub.cancel()
    again.cancel()
    await pool.close()


async def test_start_forks_the_niced_worker_before_any_lobby_asks() -> None:
    import os

    pool = OddsPool(workers=1)
    await pool.start()
    executor = pool._executor
    assert isinstance(executor, concurrent.futures.ProcessPoolExecutor)
    workers = list(executor._processes.values())
    pid = workers[0].pid
    assert len(workers) == 1 and pid is not None and os.getpriority(os.PRIO_PROCESS, pid) >= 10
    await pool.close()
    assert not any(w.is_alive() for w in workers)


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="SCHED_IDLE is Linux's")
def test_the_workers_run_only_on_time_the_rooms_leave() -> None:
    """The odds workers take a CPU only when nothing else wants it (SCHED_IDLE), so a room
    woken by a tap never waits for one (issue 34 §2); with ``priority="nice"`` they are niced."""
    for priority, policy in (("idle", os.SCHED_IDLE), ("nice", os.SCHED_OTHER)):
        executor = OddsPool(workers=1, priority=priority)._start_executor()
        try:
            assert executor.submit(os.sched_getscheduler, 0).result(timeout=30) == policy, priority
            assert executor.submit(os.nice, 0).result(timeout=30) >= min(19, os.nice(0) + DEFAULT_NICE)
        finally:
            executor.shutdown(wait=True)
    with pytest.raises(ValueError):
        OddsPool(priority="later")


async def test_many_lobbies_of_one_owner_share_one_turn_with_another_owners_lobby(
    threads: concurrent.futures.ThreadPoolExecutor,
) -> None:
    """Security gap 11: one client's fourteen lobbies, each its own deck, against one
    table's deck. The turns go round the owners first, so the table's deck gets every
    other batch, not one in fifteen (the attack round cut it from 554 games in 10 s to 88)."""
    site = Fake()
    pool = OddsPool(target=0, executor=threads, batch=1)  # never done: the decks compete all along
    theirs = [(1, 0, 0, 1, 0, 1, 0, v) for v in range(1, 15)]
    subs = [pool.subscribe(site, key, lambda _o: None, "203.0.113.9")[0] for key in theirs]
    table = (3, 2, 0, 1, 1, 1, 1, 3)
    subs.append(pool.subscribe(site, table, lambda _o: None, "192.168.1.20")[0])
    await until(lambda: len(ORDER) >= 40)
    for sub in subs:
        sub.cancel()
    await pool.close()
    first = ORDER[:40]
    assert first.count(table) >= 19, first
    assert len(set(first) - {table}) == 14  # and the other owner's decks take their turns among themselves
