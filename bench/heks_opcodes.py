"""Python opcodes per complete 12-player game, by function: where a simulated game's
interpreted work goes, without valgrind and whatever the machine's load.

    PYTHONHASHSEED=0 OPENBLAS_NUM_THREADS=1 PYTHONPATH=src .venv/bin/python bench/heks_opcodes.py --bots strong --games 4

Plays one game to warm up (tables built on first use), then ``--games`` more under
``sys.settrace`` with opcode events, and prints the opcodes per game, the functions and
files that executed most of them, and each function's calls per game. An opcode is not an
instruction (a dict literal costs more than a jump), so this says where to look, and
callgrind (``heks_instructions.py``) says what a change is worth: comparing issue 33 §2's
trees, a heuristic game's ~34,000 more opcodes were ~3.0 M more instructions.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from types import FrameType
from typing import Any

from nightfall.cli.simulate import play_one

Key = tuple[str, int, str]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, default=12)
    ap.add_argument("--bots", default="heuristic")
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args()
    bots = (("solo", args.bots), ("village", args.bots), ("witch", args.bots))
    play_one((args.players, 0, 2026, bots, "timed", None))
    ops: Counter[Key] = Counter()
    calls: Counter[Key] = Counter()

    def on_call(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        code = frame.f_code
        key = (code.co_filename.split("/src/")[-1], code.co_firstlineno, code.co_name)
        calls[key] += 1

        def on_opcode(frame: FrameType, event: str, arg: Any) -> Any:
            if event == "opcode":
                ops[key] += 1
            return on_opcode

        return on_opcode

    sys.settrace(on_call)
    for i in range(1, args.games + 1):
        play_one((args.players, i, 2026, bots, "timed", None))
    sys.settrace(None)
    n = args.games
    print(f"opcodes per game: {sum(ops.values()) // n:,}")
    print("\nper game: opcodes, calls, function")
    for key, count in ops.most_common(args.top):
        print(f"{count // n:>9,} {calls[key] / n:>8.1f}  {key[0]}:{key[1]} {key[2]}")
    files: Counter[str] = Counter()
    for key, count in ops.items():
        files[key[0]] += count
    print("\nper game: opcodes, file")
    for name, count in files.most_common(args.top):
        print(f"{count // n:>9,}  {name}")


if __name__ == "__main__":
    main()
