"""Lobbies that keep the server's odds pool busy, for ``bench/load.py --odds-lobbies N``.

N rooms stay in their lobby, each asking for a different deck (issue 34 §2), with the
host's socket open so every odds update is pushed to it: the server started with
``--odds-target 0`` never finishes a deck, so the worker computes for the whole run
and the lobbies keep receiving updates (at most 2 a second each). Decks: a custom
deck per lobby when the server takes the ``deck`` setting (issue 34 §1), else
Table 2.1's decks of distinct player counts (4..12, then again).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing as mp
from typing import Any

import httpx
import websockets

# Custom 12-player decks (the non-Villager roles' counts), one per lobby: all differ.
CUSTOM = [
    {"WITCH": w, "CROW": c, "JESTER": j, "SEER": 1, "PROTECTOR": 1}
    for w in (2, 3)
    for c in (1, 2)
    for j in (0, 1)
]
CUSTOM += [
    {"WITCH": w, "CROW": 1, "SEER": 1, "HERB_DOCTOR": 1, "PICKPOCKET": p} for w in (2, 3) for p in (0, 1)
]
CUSTOM += [{"WITCH": 4, "CROW": c, "SEER": 1} for c in (0, 1, 2)]


async def _lobby(url: str, index: int, counts: dict[str, int], stop: Any) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        created = (await http.post("/api/rooms", json={"name": f"Odds{index}", "game": "heks"})).json()
        code = created["code"]
        deck = CUSTOM[index % len(CUSTOM)]
        players = 12 if "custom" in counts else 4 + index % 9
        for i in range(1, players):
            r = await http.post(f"/api/rooms/{code}/join", json={"name": f"P{index}x{i}"})
            r.raise_for_status()
        ws_url = url.replace("http://", "ws://") + f"/ws/{code}"
        async with websockets.connect(ws_url, max_size=2**20) as ws:
            await ws.send(json.dumps({"type": "hello", "v": 1, "token": created["token"]}))
            if "custom" in counts:
                await ws.send(
                    json.dumps({"type": "lobby", "id": "d", "action": "settings", "payload": {"deck": deck}})
                )
            while not stop.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), 1.0)
                except TimeoutError:
                    continue
                message = json.loads(raw)
                if message.get("type") == "error" and message.get("id") == "d":
                    counts["refused"] = counts.get("refused", 0) + 1
                odds = message.get("room", {}).get("odds") if message.get("type") == "state" else None
                if odds:
                    counts["updates"] = counts.get("updates", 0) + 1
                    counts[f"games{index}"] = odds["games"]


async def _main(url: str, n: int, stop: Any, report: Any, custom: bool) -> None:
    counts: dict[str, Any] = {"custom": True} if custom else {}
    await asyncio.gather(*(_lobby(url, i, counts, stop) for i in range(n)))
    report.put(counts)


def worker(url: str, n: int, stop: Any, report: Any, custom: bool) -> None:
    asyncio.run(_main(url, n, stop, report, custom))


def start(url: str, n: int, custom: bool = False) -> tuple[mp.Process, Any, Any]:
    """Start the lobbies in their own process; ``stop.set()`` then ``report.get()``."""
    stop = mp.Event()
    report: mp.Queue[dict[str, Any]] = mp.Queue()
    proc = mp.Process(target=worker, args=(url, n, stop, report, custom), daemon=True)
    proc.start()
    return proc, stop, report


def finish(proc: mp.Process, stop: Any, report: Any) -> dict[str, Any]:
    stop.set()
    counts: dict[str, Any] = report.get(timeout=30)
    proc.join(10)
    games = [v for k, v in counts.items() if k.startswith("games")]
    return {
        "lobbies_with_odds": len(games),
        "odds_updates": counts.get("updates", 0),
        "games_simulated": sum(games),
        "deck_refused": counts.get("refused", 0),
    }
