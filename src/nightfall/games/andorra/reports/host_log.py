"""The host's own commands in words (H-03): corrections, entries from PMs (H-03b) and state
edits (H-03c), as the review before publishing and the desk's log show them. The log is the
host's, not the forum's, so it comes in both of the desk's languages (only the morning post and
the private messages are Russian alone, A-REPORT-3, A-MSG)."""

from __future__ import annotations

from typing import Any

from ..items import item_name
from ..replacement import as_of
from ..roles.move_names import move_name
from ..state import AndorraState, World, role_name
from .review import answer_label, clan_word, move_words

# What each state edit did (H-03c), (ru, en).
EDITS: dict[str, tuple[str, str]] = {
    "kill": ("убит решением ведущего", "killed by the host"),
    "revive": ("возвращён(а) в игру (оживлён(а))", "brought back into the game (revived)"),
    "jail": ("посажен(а) решением ведущего", "jailed by the host"),
    "release": ("выпущен(а) из тюрьмы", "released from jail"),
    "give_item": ("получил(а) вещь: {item}", "given an item: {item}"),
    "take_item": ("лишён(а) вещи: {item}", "item taken: {item}"),
    "set_role": ("новая роль: {role} (была: {was})", "new role: {role} (was: {was})"),
    "set_clan": ("клан: {clan} (был: {was})", "clan: {clan} (was: {was})"),
}
# The sentences' fixed words, (ru, en).
WORDS: dict[str, tuple[str, str]] = {
    "night": ("Ночь", "Night"),
    "day": ("День", "Day"),
    "corrected": ("Исправлен ход", "Move corrected"),
    "pm_move": ("Ход из ЛС от", "Move from a PM by"),
    "for": (" за игрока ", " for "),
    "by_host": ("(внёс ведущий)", "(entered by the host)"),
    "abstained": ("воздержался", "abstained"),
    "vote_for": ("голос за", "vote for"),
    "fix": (" (исправление)", " (a correction)"),
    "pm_vote": ("Голос из ЛС от", "Vote from a PM by"),
    "pm_vote_undone": ("Снят голос из ЛС от", "Taken back: the vote from a PM by"),
    "slip": ("(ошибка ввода ведущего)", "(the host's slip)"),
    "none": ("нет", "none"),
    "dropped": ("; снят ход: ", "; move dropped: "),
    "penalty": ("+1 за отсутствие аватара", "+1 for a missing avatar"),
    "undone": (" (отменён)", " (taken back)"),
    "answer_for": ("Ответ из ЛС за", "Answer from a PM for"),
    "declined": ("отказ", "declined"),
    "closed": (
        "Вопросы закрыты, без ответа (ответы по умолчанию)",
        "Questions closed, unanswered (the defaults)",
    ),
    "host_q": ("ведущий", "the host"),
}


def answer_entry(night: int, prompt: dict[str, Any], answer: Any) -> dict[str, Any]:
    """The log's entry for an answer the host gave for a player from his PM (H-03b); the view
    reads ``prompt`` to tell her page who answered (``view_review._answered_by_host``)."""
    return {
        "night": night,
        "answer_for": prompt["seat"],
        "prompt": str(prompt["id"]),
        "kind": prompt["kind"],
        "answer": answer,
    }


def _nick(world: World, seat: Any) -> str:
    return world.player(int(seat)).nick if isinstance(seat, int) and 1 <= seat <= len(world.players) else "—"


def line(world: World, h: dict[str, Any], lang: str = "ru") -> str | None:
    """One host-log entry as a sentence in ``lang``, or None for the entries the desk shows
    elsewhere."""
    i = 0 if lang == "ru" else 1

    def say(key: str) -> str:
        return WORDS[key][i]

    if "correct" in h:
        return f"{say('night')} {h['night']}. {say('corrected')}: {_nick(world, h['correct'])}: {move_words(world, h['move'], lang)}"
    if "pm_move" in h:
        whose = "" if h["pm_move"] == h["from"] else f"{say('for')}{_nick(world, h['pm_move'])}"
        return (
            f"{say('night')} {h['night']}. {say('pm_move')} {_nick(world, h['from'])}{whose}: "
            f"{move_words(world, h['move'], lang)} {say('by_host')}"
        )
    if "pm_vote" in h and "undone" in h:
        target = say("abstained") if h["target"] is None else f"{say('vote_for')} {_nick(world, h['target'])}"
        return f"{say('day')} {h['day']}. {say('pm_vote_undone')} {_nick(world, h['pm_vote'])}: {target} {say('slip')}"
    if "pm_vote" in h:
        target = say("abstained") if h["target"] is None else f"{say('vote_for')} {_nick(world, h['target'])}"
        change = say("fix") if h.get("edit") else ""
        return f"{say('day')} {h['day']}. {say('pm_vote')} {_nick(world, h['pm_vote'])}: {target}{change} {say('by_host')}"
    if "edit" in h:
        words = EDITS[h["edit"]][i].format(
            item=item_name(str(h.get("item")), lang),
            role=role_name(str(h["role"]), lang) if h.get("role") else "—",
            was=role_name(str(h["from"]), lang)
            if h["edit"] == "set_role"
            else clan_word(world, h.get("from"), lang) or say("none"),
            clan=clan_word(world, h.get("clan"), lang) or say("none"),
        )
        phase = say("night") if h.get("phase") == "NIGHT" else say("day")
        out = f"{phase} {h['day']}. {_nick(world, h['seat'])}: {words}"
        if h.get("dropped"):
            out += say("dropped") + ", ".join(move_name(code, lang) for code in h["dropped"])
        return out
    if "answer_for" in h:
        said = (
            say("declined") if h["answer"] is None else answer_label(world, str(h["kind"]), h["answer"], lang)
        )
        return f"{say('night')} {h['night']}. {say('answer_for')} {_nick(world, h['answer_for'])}: {said} {say('by_host')}"
    if "closed_prompts" in h:
        who = ", ".join(say("host_q") if s == 0 else _nick(world, s) for s in h["closed_prompts"]) or say(
            "none"
        )
        return f"{say('night')} {h['night']}. {say('closed')}: {who}"
    if "penalty" in h:
        undone = say("undone") if h.get("undone") else ""
        return f"{say('day')} {h['day']}. {say('penalty')}: {_nick(world, h['penalty'])}{undone}"
    return None


def both(world: World, h: dict[str, Any]) -> dict[str, str] | None:
    """One entry in both languages, as the desk shows it in either."""
    ru = line(world, h, "ru")
    return None if ru is None else {"ru": ru, "en": line(world, h, "en") or ru}


def lines(state: AndorraState) -> list[dict[str, str]]:
    """Every host-log entry in words, oldest first."""
    # A-GEN-4: an entry keeps the nicks of its time
    return [
        words for h in state.host_log if (words := both(as_of(state.world, h.get("epoch")), h)) is not None
    ]


def of_night(state: AndorraState, world: World, night: int) -> list[dict[str, str]]:
    """The host's PM entries and state edits of Day ``night`` and Night ``night`` (the review
    lists his corrections on their own)."""
    out = []
    for h in state.host_log:
        if (h.get("night") == night and ("pm_move" in h or "answer_for" in h or "closed_prompts" in h)) or (
            h.get("day") == night and ("edit" in h or "pm_vote" in h)
        ):
            words = both(as_of(world, h.get("epoch")), h)
            if words is not None:
                out.append(words)
    return out
