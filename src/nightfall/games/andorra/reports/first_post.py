"""The first post of Day 1 (A-SETUP-17, A-GEN-3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..items import GIFT_LIST, item_name
from ..replacement import as_of
from ..state import AndorraState
from .header import role_list_text, schedule_line


def first_post(state: AndorraState, lang: str = "ru", bbcode: bool = False) -> str:
    """The day's schedule with its deadlines, the role list as of the start (A-SETUP-17a:
    never in seat order), the participants, the Fairy's gifts and the empty vote log."""
    ru = lang == "ru"

    def b(text: str) -> str:
        return f"[b]{text}[/b]" if bbcode else text

    lines = [b("День 1." if ru else "Day 1.")]
    # after Day 1 the post is history: it keeps the schedule it was posted with
    when = state.first_schedule.get(lang) or schedule_line(state, lang)
    lines.append(f"{b('Расписание:' if ru else 'Schedule:')} {when}")
    sched: Any = state.config.get("schedule") or {}
    if isinstance(sched, Mapping) and sched.get("text"):
        lines.append(str(sched["text"]))
    lines.append(f"{b('Роли:' if ru else 'Roles:')} {role_list_text(state, lang)}")
    lines.append(
        f"{b('Участники:' if ru else 'Players:')} " + ", ".join(p.nick for p in as_of(state.world, 0).players)
    )
    lines.append(
        f"{b('Подарки Феи:' if ru else 'Fairy gifts:')} " + ", ".join(item_name(g, lang) for g in GIFT_LIST)
    )
    lines.append(f"{b('Лог голосования:' if ru else 'Vote log:')} —")
    return "\n".join(lines)
