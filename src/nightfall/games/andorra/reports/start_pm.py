"""The players' starting PMs (issue 32 §2): what the host sends each player at the start, as
forum-ready BBCode: the nick, the role (with the clan's colour), the side, the role's
description from the seed, the items and whom he knows. The private link is the desk's to add
(only the creator's answer and the desk's storage hold it, never the state)."""

from __future__ import annotations

from typing import Any

from ..items import item_name
from ..roles.catalogue import ROLES
from ..roles.descriptions import description
from ..setup import knows
from ..state import AndorraState, display_role
from ..win import WIN_RU


def start_pm(state: AndorraState, seat: int) -> str:
    """One player's PM in Russian BBCode, as the world stands (on Day 1: the start)."""
    world = state.world
    p = world.player(seat)
    lines = [
        f"[b]{p.nick}[/b]",
        f"[b]Роль:[/b] {display_role(world, p, 'ru')} ({WIN_RU[ROLES[p.role].faction]})",
    ]
    text = description(p.role)["ru"]
    if text:
        lines.append(text)
    items = [f"{item_name(code, 'ru')} ×{len(nights)}" for code, nights in sorted(p.items.items())]
    if items:
        lines.append(f"[b]Вещи:[/b] {', '.join(items)}")
    known = knows(world, seat)
    if known:
        lines.append(f"[b]Вы знаете:[/b] {', '.join(k['nick'] for k in known)}")
    return "\n".join(lines)


def start_pms(state: AndorraState) -> list[dict[str, Any]]:
    """Every seat's PM, in seat order."""
    return [{"seat": p.seat, "nick": p.nick, "text": start_pm(state, p.seat)} for p in state.world.players]
