"""The first post of Day 1 (A-SETUP-17, A-GEN-3)."""

from __future__ import annotations

from typing import Any

from ..items import GIFT_LIST, item_name
from ..roles.catalogue import CLAN_COLOURS
from ..state import AndorraState, role_name


def first_post(state: AndorraState, lang: str = "ru") -> str:
    w = state.world
    ru = lang == "ru"
    lines = ["День 1." if ru else "Day 1."]
    sched: Any = state.config.get("schedule") or {}
    if isinstance(sched, dict) and sched.get("text"):
        lines.append(str(sched["text"]))
    roles = []
    for r in w.role_list:
        name = role_name(r["role"], lang)
        if r.get("clan"):
            c = CLAN_COLOURS.get(r["clan"], (r["clan"], r["clan"]))
            name += f" ({c[0] if ru else c[1]})"
        roles.append(name)
    lines.append(("Роли: " if ru else "Roles: ") + ", ".join(roles))
    lines.append(("Участники: " if ru else "Players: ") + ", ".join(p.nick for p in w.players))
    lines.append(
        ("Подарки Феи: " if ru else "Fairy's gifts: ") + ", ".join(item_name(g, lang) for g in GIFT_LIST)
    )
    lines.append("Лог голосования: —" if ru else "Vote log: —")
    return "\n".join(lines)
