"""Private results after dawn (A-RES, A-MSG, A-ROLE-JOURNALIST-8).

Per recipient, in this order: dawn messages (prompts and their outcomes),
the move's result, passive notices in pipeline order, the Journalist's lines.
Clan members' results go to their clan channel (A-CLAN-7); dawn messages stay
personal.
"""

from __future__ import annotations

from typing import Any

from ..night.ctx import ExecutedAction, Night
from ..roles.codes import Move
from ..state import DEAD, World

Msg = tuple[str, dict[str, Any]]


def result_of(ctx: Night, seat: int) -> list[Msg]:
    a = ctx.acts.get(seat)
    if a is None or a.silent or a.state == "VOID":
        return []
    if seat in ctx.blocked_at:  # A-BLOCK-2: blocked = «неудачно», never why
        return [("MSG-FAIL", {})]
    if a.code == Move.JOURNALIST_WATCH and a.result == "OK":
        return []  # the report itself is the result
    fired = ctx.bodyguard_fired.get(seat)
    if a.code == Move.PROTECT and fired:
        return [("MSG-BODYGUARD", {"list": list(dict.fromkeys(fired))})]
    if a.lines and a.state == "DONE":
        return list(a.lines)
    if a.forced and a.code == Move.SHOOT and a.state == "DONE" and a.result is not None:
        # A-ITEM-CARDSHERIFF-3: whom the card made him shoot, and that his own move did not happen
        return [("MSG-CARD-SHOT", {"X": a.target, "ok": a.result == "OK", "yes": a.replaced is not None})]
    return [("MSG-OK", {})] if a.result == "OK" else [("MSG-FAIL", {})]


def journalist_lines(ctx: Night, journalist: int, watched: int) -> list[Msg]:
    """A-ROLE-JOURNALIST-5/8: kinds 1-5, pipeline order; Domovoi and reflections hidden."""
    seen = [e for e in ctx.events if e.visible and not e.reflected]
    lines: list[Msg] = []
    own = [e for e in seen if e.actor == watched and e.target is not None and e.target != watched]
    if not own:
        lines.append(("J-HOME", {"B": watched}))
    for e in seen:
        if e.actor == journalist and e.code == Move.JOURNALIST_WATCH:
            continue
        if e.actor == watched and e.target is not None and e.target != watched:
            lines.append((_kind(e), {"A": e.actor, "B": e.target}))
        elif e.target == watched and e.actor != watched:
            if e.note == "CONFESSION":
                lines.append(("J-CONFESSED", {"B": watched}))
            else:
                lines.append((_kind(e), {"A": e.actor, "B": watched}))
    return lines


def _kind(e: ExecutedAction) -> str:
    if e.cls == "H" and e.result == "OK":
        return "J-SHOT"
    if e.cls == "W":
        return "J-WATCH"
    return "J-VISIT"


def assemble(ctx: Night, world: World) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    day = ctx.n + 1
    channel_msgs: dict[str, list[dict[str, Any]]] = {}
    for p in world.players:
        seat = p.seat
        clan = ctx.clan_at_n0.get(seat)
        dawn = [(k, prm) for s, k, prm in ctx.dawn_msgs if s == seat]
        result = result_of(ctx, seat)
        notices = [(k, prm) for s, k, prm in ctx.notices if s == seat]
        jl: list[Msg] = []
        jw = ctx.journalist_watch.get(seat)
        act = ctx.acts.get(seat)
        if jw is not None and act is not None and seat not in ctx.blocked_at:
            jl = journalist_lines(ctx, seat, jw)
        died = p.status == DEAD
        if seat == ctx.jailed and seat not in ctx.released:
            result, notices, jl = [], [], []  # A-RES-4: void moves, nothing to tell
        if died:
            dawn, notices = [], []  # A-RES-1, A-ERR-10
            if not clan:
                result, jl = [], []
        for k, prm in dawn:
            out.append(_msg(day, seat, None, None, k, prm))
        for k, prm in result + notices + jl:
            if clan:
                channel_msgs.setdefault(clan, []).append(_msg(day, None, clan, seat, k, prm))
            else:
                out.append(_msg(day, seat, None, None, k, prm))
    for clan, k, prm in ctx.clan_notices:
        channel_msgs.setdefault(clan, []).append(_msg(day, None, clan, None, k, prm))
    for clan, msgs in sorted(channel_msgs.items()):
        members = sorted(
            {s for s, c in ctx.clan_at_n0.items() if c == clan}
            | {q.seat for q in world.players if q.clan == clan}
        )
        for m in msgs:
            m["audience"] = members
            out.append(m)
    return out


def _msg(
    day: int, to: int | None, channel: str | None, about: int | None, key: str, params: dict[str, Any]
) -> dict[str, Any]:
    return {
        "day": day,
        "to": to,
        "channel": channel,
        "about": about,
        "key": key,
        "params": dict(params),
        "audience": [to] if to is not None else [],
    }
