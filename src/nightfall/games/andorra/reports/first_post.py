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


def header(state: AndorraState, lang: str = "ru") -> str:
    """A-REPORT-6 / A-GEN-3: participants with their public status and today's log."""
    from ..state import ALIVE, DEAD, JAILED_JAILER, display_role

    w = state.world
    ru = lang == "ru"
    out = [("День " if ru else "Day ") + str(w.day) + "."]
    for p in w.players:
        if p.status == ALIVE:
            st = "жив" if ru else "alive"
        elif p.status == DEAD:
            st = ("убит" if ru else "killed") + f" ({display_role(w, p, lang)})"
        elif p.status == JAILED_JAILER:
            st = "посажен Тюремщиком" if ru else "jailed by the Jailer"
        else:
            role = (
                display_role(w, p, lang) if p.revealed else ("роль не вскрыта" if ru else "role not revealed")
            )
            st = ("сел" if ru else "jailed") + f" ({role})"
        out.append(f"{p.nick} — {st}")
    out.append("Лог голосования:" if ru else "Vote log:")
    for seat in w.penalties.get(str(w.day), []):
        if w.p(seat).status == ALIVE:  # A-ERR-9
            out.append(f"+1 {w.p(seat).nick} ({'штраф' if ru else 'penalty'})")
    for v in sorted(state.votes, key=lambda v: (v.ts, v.seq)):
        tgt = ("пустой голос" if ru else "blank") if v.target is None else w.p(v.target).nick
        out.append(f"{w.p(v.voter).nick}: {tgt}")
    return "\n".join(out)
