"""A stranger's large bodies against a running server: does the event loop stall?

An attack test (2026-12-07) found that anyone who knew an Andorra room code could send 8 MB
to ``POST /api/rooms/{code}/host/thread`` that the server read and parsed before it checked
the host's token, on the one event loop every room shares (docs/security.md, "A host tool's
large body"). This sends ``--requests`` such bodies at once (a JSON string of brackets, the
costliest case for the old depth check) with a wrong token, in the body or as a Bearer
header, while another thread asks ``/api/health`` every 50 ms, and prints the health
answers' worst latency:

    .venv/bin/nightfall serve --port 8103 --data-dir /tmp/stall &
    .venv/bin/python bench/host_tool_stall.py --base http://127.0.0.1:8103 [--bearer]

A refused request may end in a reset instead of an answer: the server answers before
reading a body it will not take, and closes the connection.
"""

from __future__ import annotations

import argparse
import json
import threading
import time
import urllib.error
import urllib.request
from typing import Any

PLAYERS = [
    {"name": "Anna", "role": "BOSS"},
    {"name": "Boris", "role": "SOLDIER"},
    {"name": "Vera", "role": "SHERIFF"},
    {"name": "Gleb", "role": "PV"},
    {"name": "Dima", "role": "PV"},
    {"name": "Egor", "role": "DOCTOR"},
]


def post(url: str, body: bytes, headers: dict[str, str]) -> str:
    req = urllib.request.Request(
        url, data=body, method="POST", headers={"Content-Type": "application/json", **headers}
    )
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return str(r.status)
    except urllib.error.HTTPError as e:
        return f"{e.code} {json.loads(e.read() or b'{}').get('error', {}).get('code')}"
    except OSError as e:  # the server answered early and closed: the rest of the body is refused
        return type(e).__name__


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", default="http://127.0.0.1:8103")
    ap.add_argument("--requests", type=int, default=4)
    ap.add_argument(
        "--bearer", action="store_true", help="the wrong token as a Bearer header, not in the body"
    )
    args = ap.parse_args()
    game: dict[str, Any] = json.loads(
        urllib.request.urlopen(
            urllib.request.Request(
                f"{args.base}/api/andorra",
                data=json.dumps({"players": PLAYERS}).encode(),
                headers={"Content-Type": "application/json"},
                method="POST",
            ),
            timeout=30,
        ).read()
    )
    text = b"[" * (8 * 1024 * 1024 - 100)
    if args.bearer:
        body, headers = b'{"pages":[{"text":"' + text + b'"}]}', {"Authorization": "Bearer nope"}
    else:
        body, headers = b'{"token":"nope","pages":[{"text":"' + text + b'"}]}', {}
    latencies: list[float] = []
    stop = threading.Event()

    def probe() -> None:
        while not stop.is_set():
            t = time.monotonic()
            urllib.request.urlopen(f"{args.base}/api/health", timeout=120).read()
            latencies.append(time.monotonic() - t)
            time.sleep(0.05)

    prober = threading.Thread(target=probe)
    prober.start()
    time.sleep(0.5)
    answers: list[str] = []
    url = f"{args.base}/api/rooms/{game['code']}/host/thread"
    attackers = [
        threading.Thread(target=lambda: answers.append(post(url, body, headers)))
        for _ in range(args.requests)
    ]
    t0 = time.monotonic()
    for a in attackers:
        a.start()
    for a in attackers:
        a.join()
    took = time.monotonic() - t0
    time.sleep(0.5)
    stop.set()
    prober.join()
    print(f"{args.requests} requests of {len(body):,} bytes: {sorted(answers)} in {took:.2f} s")
    print(f"/api/health: worst {max(latencies):.3f} s, best {min(latencies):.3f} s, {len(latencies)} answers")


if __name__ == "__main__":
    main()
