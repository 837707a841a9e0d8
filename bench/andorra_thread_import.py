"""Issue 32 §1: importing a 1,000-post thread takes ≤ 1 s.

Builds 20 phpBB prosilver pages of 50 posts each (the fixture's markup: quotes, several
colours, edits, a deleted post, blue text), a Discourse topic of 1,000 posts and a BBCode
multi-quote of 1,000 posts, in a 28-player game, then times reading every page, merging
and applying the §09 rules (names matched exactly, by alias and fuzzily). Reports the
median of ``--rounds`` runs and the ratio against the calibration workload timed in the
same process (docs/benchmarks.md).

    PYTHONPATH=src .venv/bin/python bench/andorra_thread_import.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "games" / "andorra" / "thread_pages"))

from calibration import calibration
from nightfall.games.andorra.thread.names import Names
from nightfall.games.andorra.thread.readers import merge, read_any
from nightfall.games.andorra.thread.votes import DayWindow, read_votes

NICKS = [f"игрок {i}" if i % 3 else f"Player_{i}" for i in range(1, 29)]
BASE = 1796540400  # 2026-12-06 10:00 MSK
POSTS = 1000


def _body(i: int) -> str:
    target = NICKS[(i * 7) % 28]
    if i % 10 == 3:
        target = target.upper()  # fuzzy: waits for the host
    quoted = f'<blockquote><div><cite>{NICKS[i % 28]} писал(а):</cite><span style="color:#FF0000">{NICKS[0]}</span></div></blockquote>'
    return (
        (quoted if i % 4 == 0 else "")
        + "Текст поста, довольно длинный, как на форуме бывает. " * 6
        + f'<span style="color:#FF0000">{target}</span> <span style="color:#0000FF">вопрос</span>'
        + ' <span style="color:#008000">игровой момент</span>'
    )


def phpbb_pages() -> list[str]:
    import make_pages as mp  # type: ignore[import-not-found]  # the fixture's prosilver markup

    pages = []
    for pg in range(POSTS // 50):
        posts = []
        for k in range(50):
            i = pg * 50 + k
            at = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(BASE + i * 30))
            posts.append(
                mp.post(1000 + i, NICKS[i % 28], 10 + i % 28, at, _body(i), bg=1 + i % 2,
                        notice=mp.EDITED if i % 97 == 0 else "", deleted=i % 89 == 0)
            )  # fmt: skip
        pages.append(mp.HEAD.format(page=pg + 1) + "".join(posts) + mp.TAIL.format(n=POSTS, page=pg + 1))
    return pages


def discourse_topic() -> str:
    posts = [
        {
            "id": 5000 + i,
            "username": NICKS[i % 28].replace(" ", "_"),
            "created_at": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(BASE + i * 30)),
            "cooked": f"<p>{_body(i)}</p>",
            "post_number": i + 1,
            "version": 2 if i % 97 == 0 else 1,
            "topic_id": 4242,
            "deleted_at": None,
        }
        for i in range(POSTS)
    ]
    return json.dumps({"id": 4242, "slug": "andorra", "post_stream": {"posts": posts}}, ensure_ascii=False)


def bbcode() -> str:
    return "\n".join(
        f'[quote="{NICKS[i % 28]}" post_id={1000 + i} time={BASE + i * 30} user_id=1]'
        f"{'Текст поста. ' * 6}[color=#FF0000]{NICKS[(i * 7) % 28]}[/color][/quote]"
        for i in range(POSTS)
    )


def run(pages: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds): on a loaded machine the CPU time is the firmer number."""
    t, c = time.perf_counter(), time.process_time()
    posts = merge([read_any(p, "https://forum.example/viewtopic.php?t=1") for p in pages])
    nicks = dict(enumerate(NICKS, 1))
    votes = read_votes(posts, DayWindow(nicks, set(nicks)), Names(nicks, {"Player_3": 3}))
    assert len(posts) == POSTS and len(votes) >= POSTS - 20
    return time.perf_counter() - t, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    inputs = {"phpbb 20 pages": phpbb_pages(), "discourse json": [discourse_topic()], "bbcode": [bbcode()]}
    cals = []
    for _ in range(3):
        c0 = time.process_time()
        cals.append((calibration(), time.process_time() - c0))
    cal, cal_cpu = statistics.median(w for w, _ in cals), statistics.median(c for _, c in cals)
    print(f"calibration wall {cal * 1000:.1f} ms, CPU {cal_cpu * 1000:.1f} ms")
    for name, pages in inputs.items():
        runs = [run(pages) for _ in range(args.rounds)]
        wall, cpu = statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)
        mb = sum(len(p.encode()) for p in pages) / 1e6
        print(
            f"{name:16s} {POSTS} posts, {mb:.1f} MB: wall median {wall * 1000:.0f} ms, CPU median "
            f"{cpu * 1000:.0f} ms, ×{cpu / cal_cpu:.1f} the calibration's CPU; target 1 s: "
            + ("met" if cpu <= 1 else "NOT met")
        )


if __name__ == "__main__":
    main()
