"""The host's own commands in words (H-03): corrections, entries from PMs (H-03b) and state
edits (H-03c), as the review before publishing and the desk's log show them."""

from __future__ import annotations

from typing import Any

from ..items import item_name
from ..roles.move_names import move_name
from ..state import AndorraState, World, role_name
from .review import clan_word, move_words

EDITS = {
    "kill": "убит решением ведущего",
    "revive": "возвращён(а) в игру (оживлён(а))",
    "jail": "посажен(а) решением ведущего",
    "release": "выпущен(а) из тюрьмы",
    "give_item": "получил(а) вещь: {item}",
    "take_item": "лишён(а) вещи: {item}",
    "set_role": "новая роль: {role} (была: {was})",
    "set_clan": "клан: {clan} (был: {was})",
}


def _nick(w: World, seat: Any) -> str:
    return w.p(int(seat)).nick if isinstance(seat, int) and 1 <= seat <= len(w.players) else "—"


def line(w: World, h: dict[str, Any]) -> str | None:
    """One host-log entry as a sentence, or None for the entries the desk shows elsewhere."""
    if "correct" in h:
        return f"Ночь {h['night']}. Исправлен ход: {_nick(w, h['correct'])}: {move_words(w, h['move'])}"
    if "pm_move" in h:
        whose = "" if h["pm_move"] == h["from"] else f" за игрока {_nick(w, h['pm_move'])}"
        return f"Ночь {h['night']}. Ход из ЛС от {_nick(w, h['from'])}{whose}: {move_words(w, h['move'])} (внёс ведущий)"
    if "pm_vote" in h:
        target = "воздержался" if h["target"] is None else f"голос за {_nick(w, h['target'])}"
        change = " (исправление)" if h.get("edit") else ""
        return f"День {h['day']}. Голос из ЛС от {_nick(w, h['pm_vote'])}: {target}{change} (внёс ведущий)"
    if "edit" in h:
        words = EDITS[h["edit"]].format(
            item=item_name(str(h.get("item"))),
            role=role_name(str(h["role"])) if h.get("role") else "—",
            was=role_name(str(h["from"]))
            if h["edit"] == "set_role"
            else clan_word(w, h.get("from")) or "нет",
            clan=clan_word(w, h.get("clan")) or "нет",
        )
        phase = "Ночь" if h.get("phase") == "NIGHT" else "День"
        out = f"{phase} {h['day']}. {_nick(w, h['seat'])}: {words}"
        if h.get("dropped"):
            out += "; снят ход: " + ", ".join(move_name(code) for code in h["dropped"])
        return out
    if "penalty" in h:
        undone = " (отменён)" if h.get("undone") else ""
        return f"День {h['day']}. +1 за отсутствие аватара: {_nick(w, h['penalty'])}{undone}"
    return None


def lines(state: AndorraState) -> list[str]:
    """Every host-log entry in words, oldest first."""
    return [text for h in state.host_log if (text := line(state.world, h)) is not None]


def of_night(state: AndorraState, w: World, night: int) -> list[str]:
    """The host's PM entries and state edits of Day ``night`` and Night ``night`` (the review
    lists his corrections on their own)."""
    out = []
    for h in state.host_log:
        if ("pm_move" in h and h["night"] == night) or (
            h.get("day") == night and ("edit" in h or "pm_vote" in h)
        ):
            text = line(w, h)
            if text is not None:
                out.append(text)
    return out
