"""Split a py-spy profile of ``nightfall serve`` into Nightfall's own Python and the rest,
and say what that means for a throughput ratio: the most that making Nightfall's
Python faster could buy (Amdahl's law).

A py-spy raw profile (``py-spy record -f raw``) is one line per stack, ``frame;frame;...
count``, each frame ``function (file:line)``. A sample is charged to its innermost
Python frame (its *leaf*). A leaf in ``nightfall/`` is Nightfall's Python, except a line
that only calls into C: ``self.transport.write(...)`` is the kernel's ``write``, and
``orjson.dumps(...)`` is orjson. Those lines are listed in ``C_CALLS`` and charged to
what they call, because compiling or trimming our Python would not make them faster.
The source lines are read from this checkout, so split a profile taken of this code.

If Nightfall's Python cost nothing, the main thread would do the same work in
``1 - ours`` of the time: ``1 / (1 - ours)`` is the ceiling on any speed-up of our code
at the same CPU. ``--ratio`` multiplies a measured ratio (e.g. saturation messages/s
against the baseline's) by that ceiling.

    taskset -c 1 .venv/bin/py-spy record -p SERVER_PID -d 25 -r 200 -f raw -o pin.txt
    .venv/bin/python bench/profile_split.py pin.txt --ratio 0.282
"""

from __future__ import annotations

import argparse
import json
import linecache
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OURS = "Nightfall's Python"
# Lines of ours that are one call into C: charged to what they call.
C_CALLS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\.transport\.write\("), "socket writes (the kernel's write)"),
    (re.compile(r"\borjson\.(dumps|loads)\("), "orjson"),
)
# The innermost Python frame of the event loop: below it is uvloop's C code.
LOOP_LEAF = re.compile(r"^Runner\.run \(asyncio/runners\.py:")
FRAME = re.compile(r"^(?P<function>.*) \((?P<file>[^():]+):(?P<line>\d+)\)$")


@dataclass(frozen=True)
class Split:
    samples: int
    shares: dict[str, float]  # category -> share of the thread's samples
    unread: frozenset[str] = frozenset()  # files of ours not in this checkout: their lines counted as ours

    @property
    def ours(self) -> float:
        return self.shares.get(OURS, 0.0)

    @property
    def ceiling(self) -> float:
        """The most any speed-up of Nightfall's Python could multiply throughput by."""
        rest = 1.0 - self.ours
        return float("inf") if rest <= 0 else 1.0 / rest


class MissingSource(Exception):
    """A frame of ours whose file is not in this checkout (a profile of other code)."""


def category(leaf: str, src: Path) -> str:
    if LOOP_LEAF.match(leaf):
        return "the event loop's C code (uvloop)"
    frame = FRAME.match(leaf)
    if frame is None:
        return "other"
    file = frame["file"]
    if file.startswith("nightfall/"):
        if not (src / file).is_file():
            raise MissingSource(file)
        line = linecache.getline(str(src / file), int(frame["line"]))
        for pattern, name in C_CALLS:
            if pattern.search(line):
                return name
        return OURS
    # A package's top folder (uvicorn, websockets, asyncio, json); a lone module is
    # the standard library's (enum.py, threading.py).
    return file.split("/", 1)[0] if "/" in file else "the standard library"


def split(lines: list[str], root: str, src: Path) -> Split:
    counts: Counter[str] = Counter()
    unread: set[str] = set()
    for raw in lines:
        stack, _, n = raw.rstrip("\n").rpartition(" ")
        if not stack or not n.isdigit():
            continue
        frames = stack.split(";")
        if not frames[0].startswith(root):
            continue  # another thread (the store's, the executor's)
        try:
            counts[category(frames[-1], src)] += int(n)
        except MissingSource as missing:
            unread.add(str(missing))
            counts[OURS] += int(n)
    total = sum(counts.values())
    shares = {name: n / total for name, n in counts.most_common()} if total else {}
    return Split(total, shares, frozenset(unread))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("profiles", nargs="+", type=Path, help="py-spy raw profiles of the same server code")
    parser.add_argument(
        "--root",
        default="_run_module_as_main",
        help="the thread to split: its stacks start with this frame (default: the main thread)",
    )
    parser.add_argument("--ratio", type=float, help="a measured ratio to multiply by the ceiling")
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="where nightfall/ is (default: ./src)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    lines: list[str] = []
    for path in args.profiles:
        try:
            lines += path.read_text().splitlines()
        except OSError as exc:
            parser.error(f"cannot read {path}: {exc.strerror}")
    result = split(lines, args.root, args.src)
    if not result.samples:
        parser.error(f"no samples of a thread starting with {args.root!r} in {len(lines)} stacks")
    if result.unread:
        print(
            f"warning: {len(result.unread)} file(s) of the profile are not under {args.src} "
            f"(e.g. {min(result.unread)}): their lines count as ours; split a profile of this checkout",
            file=sys.stderr,
        )
    report: dict[str, object] = {
        "samples": result.samples,
        "shares": {name: round(share, 4) for name, share in result.shares.items()},
        "ours": round(result.ours, 4),
        "ceiling": round(result.ceiling, 3),
    }
    if args.ratio is not None:
        report["ratio"] = args.ratio
        report["ratio_if_ours_were_free"] = round(args.ratio * result.ceiling, 3)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    print(f"{result.samples} samples of the thread starting with {args.root}")
    for name, share in result.shares.items():
        print(f"  {100 * share:5.1f} %  {name}")
    print(f"if Nightfall's Python cost nothing: at most {result.ceiling:.2f}x the throughput")
    if args.ratio is not None:
        print(f"the ratio {args.ratio:g} could rise to at most {args.ratio * result.ceiling:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
