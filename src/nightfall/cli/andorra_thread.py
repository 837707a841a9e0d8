"""``nightfall andorra thread GAME.json PAGE_OR_URL… [--day N] [--json] [--apply]``: the day's
votes read from the forum thread (A-THREAD-1..8, docs/andorra-host.md).

Prints the vote log the thread gives (in thread order, with each post's time and link,
void votes with their reason, names that wait for the host); ``--apply`` records it in
the game file, and refuses while a name is unmatched: the host confirms a name with
``--alias "FORUM NAME=nick"``. The CLI's game clock is not the forum's, so the day's
window comes from ``--since``/``--until`` (ISO 8601), not from the game file.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from nightfall.cli.andorra import InputError, _load_game, _Run, _wrap
from nightfall.engine import HOST
from nightfall.games.andorra.day import void_reason_text
from nightfall.games.andorra.reports.header import MSK_MIN, clock
from nightfall.games.andorra.state import AndorraState
from nightfall.games.andorra.thread.names import Names
from nightfall.games.andorra.thread.post import Post
from nightfall.games.andorra.thread.readers import command_rows, merge, read_any
from nightfall.games.andorra.thread.votes import (
    IGNORED,
    DayWindow,
    ThreadVote,
    as_json,
    blue_notes,
    read_votes,
)
from nightfall.server.thread_fetch import FetchError, fetch


def _pages(sources: list[str], base: str) -> list[list[Post]]:
    pages = []
    for src in sources:
        try:
            if src.startswith(("http://", "https://")):
                text, url = fetch(src, allow_private=True), src  # the host's own machine
            else:
                text, url = (sys.stdin.read() if src == "-" else Path(src).read_text(encoding="utf-8")), base
            pages.append(read_any(text, url))
        except (OSError, FetchError, ValueError, KeyError) as exc:
            raise InputError(src, None, "page", str(exc)) from exc
    return pages


def _ms(value: str | None, flag: str) -> int | None:
    if value is None:
        return None
    try:
        at = datetime.fromisoformat(value)
    except ValueError as exc:
        raise InputError(flag, None, flag, f"not an ISO 8601 time: {value!r}") from exc
    if at.tzinfo is None:
        raise InputError(flag, None, flag, f"give the time zone: {value!r} (e.g. 2026-12-06T21:00+03:00)")
    return int(at.timestamp() * 1000)


def _aliases(state: AndorraState, pairs: list[str]) -> dict[str, int]:
    nicks = {p.nick: p.seat for p in state.world.players}
    out: dict[str, int] = {}
    for pair in pairs:
        name, _, nick = pair.partition("=")
        if nick.strip() not in nicks:
            raise InputError("--alias", None, "--alias", f"{pair!r}: write FORUM NAME=nick, nick a player's")
        out[name.strip()] = nicks[nick.strip()]
    return out


def _line(v: ThreadVote, nicks: dict[int, str], offset: int) -> str:
    j = as_json(v, nicks)
    tgt = "пустой голос" if j["target"] is None else j["target"]
    out = f"{clock(v.time_ms, offset)}  {j['voter']}: {tgt}"
    if v.void:
        out += f" (нарушение: {void_reason_text(v.void)})"
    if v.ignored:
        out += f" (не учтён: {IGNORED[v.ignored][0]})"
    if v.unmatched:
        out += f" [ждёт ведущего: автор «{v.author}», голос «{v.target_text or ''}»]"
    return f"{out}  {v.link}"


def cmd_thread(args: argparse.Namespace) -> int:
    t, state = _load_game(args.game)
    world = state.world
    if args.day is not None and args.day != world.day:
        raise InputError(args.game, None, "--day", f"the game is on day {world.day}, not {args.day}")
    nicks = {p.seat: p.nick for p in world.players}
    window = DayWindow(
        nicks, {p.seat for p in world.alive()}, _ms(args.since, "--since"), _ms(args.until, "--until")
    )
    posts = merge(_pages(args.sources, args.base))
    votes = read_votes(posts, window, Names(nicks, _aliases(state, args.alias)))
    log = [v for v in votes if v.ignored is None]
    if args.json:
        print(json.dumps([as_json(v, nicks) for v in log], ensure_ascii=False, indent=1))
    else:
        sched: Any = state.config.get("schedule") or {}
        offset = sched.get("utc_offset_min", MSK_MIN) if isinstance(sched, dict) else MSK_MIN
        print(f"День {world.day}: голоса из темы ({len(posts)} постов)")
        for v in votes:
            print(_line(v, nicks, offset))
        for note in blue_notes(posts, window):
            print(f"Ведущему (синим) от {note['author']}: {note['text']}  {note['post']}")
    waiting = [v for v in log if v.unmatched]
    if args.apply:
        if waiting:
            for v in waiting:
                print(f"ждёт ведущего: «{v.author}» → «{v.target_text}» {v.link}", file=sys.stderr)
            raise InputError(
                args.game, None, "--apply", "names wait for the host: confirm with --alias NAME=nick"
            )
        rows = command_rows(log, posts)
        run = _Run(t, state, args.game)
        run.do(HOST, "thread_votes", None, "thread_votes", votes=rows)
        Path(args.game).write_text(t.dumps(), encoding="utf-8")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    th = sub.add_parser("thread", help="read the day's red votes from the forum thread")
    th.add_argument("game")
    th.add_argument("sources", nargs="+", metavar="PAGE_OR_URL", help="a saved page, a URL, or - for stdin")
    th.add_argument("--day", type=int, help="the day the votes are for (checked against the game)")
    th.add_argument("--json", action="store_true", help="print the vote log as JSON")
    th.add_argument("--apply", action="store_true", help="record the votes in the game file")
    th.add_argument(
        "--alias", action="append", default=[], help='"FORUM NAME=nick", the host\'s confirmation'
    )
    th.add_argument("--since", help="the day's start (ISO 8601 with zone): earlier posts are skipped")
    th.add_argument("--until", help="the day's deadline (ISO 8601 with zone): later posts are ignored")
    th.add_argument("--base", default="", help="the page's address, for the post links of a saved page")
    th.set_defaults(func=_wrap(cmd_thread))
