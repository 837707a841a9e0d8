"""The host's check of a resolved night before «Опубликовать утро» (H-03, A-DAWN-9), in words:
every private message, each move with its result, the deaths with their cause, the day's tally
with penalties and the coin, and the host's own corrections and answers of this night."""

from __future__ import annotations

from typing import Any

from ..items import item_name
from ..roles.catalogue import CLAN_COLOURS
from ..roles.move_names import move_name
from ..roles.move_params import describe
from ..state import AndorraState, World, display_role, role_name
from .render import render

# The kind of harm (Appendix B, A-HAR-EFFECT) in words, (ru, en): a death's cause in the
# review and an executed action's note in the audit on the desk (view.py serves both words).
CAUSES: dict[str, tuple[str, str]] = {
    "SHOT": ("выстрел", "shot"),
    "RSHOT": ("ответный выстрел Телохранителя", "the Bodyguard's return shot"),
    "SILVER": ("серебряная пуля Ван Хельсинга", "Van Helsing's silver bullet"),
    "KNIFE_Q": ("нож Маньяка (быстро)", "the Maniac's knife (quick)"),
    "KNIFE_B": ("нож Маньяка (кроваво)", "the Maniac's knife (bloody)"),
    "AXE": ("топор Палача", "the Executioner's axe"),
    "HH_CHOP": ("казнь Всадника без головы", "the Headless Horseman's execution"),
    "POISON": ("яд", "poison"),
    "CLONIDINE": ("клофелин", "clonidine"),
    "BITE": ("укус Вампира", "the Vampire's bite"),
    "PSYCHO_BITE": ("укус Психа", "the Psycho's bite"),
    "EXPLOSION": ("взрыв Психа", "the Psycho's explosion"),
    "BURN": ("сожжение Домовым", "burnt by the Domovoi"),
    "CROSS": ("крестик Священника", "the Priest's cross"),
    "STAKE": ("кол", "stake"),
    "HEART": ("сердце не выдержало (Маньяк у Священника)", "his heart gave out (the Maniac at the Priest's)"),
    "REVENGE": ("месть Психа", "the Psycho's revenge"),
}
# An audit note that is no harm: the Priest's confession marks his event (roles/priest.py).
NOTES: dict[str, tuple[str, str]] = {**CAUSES, "CONFESSION": ("исповедь", "confession")}
# What stopped or absorbed a hostile action (A-HAR H1-H9, A-PROT) or a recruitment, (ru, en).
HITS: dict[str, tuple[str, str]] = {
    "DEAD": ("цель уже мертва", "the target was already dead"),
    "INACCESSIBLE": ("цель недоступна", "the target was out of reach"),
    "IMMUNE": ("неуязвим", "immune"),
    "BLESSING": ("благословение", "blessing"),
    "BODYGUARD": ("Телохранитель", "the Bodyguard"),
    "CROSS": ("крестик", "cross"),
    "SIREN": ("сирена", "siren"),
    "VEST": ("бронежилет", "vest"),
    "CAP": ("в клане нет места", "no room in the clan"),
    "TOO_FEW": ("меньше трёх с колами", "fewer than three with stakes"),
}
RESULTS = {"OK": "удачно", "FAIL": "неудачно", None: "—"}
STATES = {"VOID": "ход отменён", "CANCELLED": "ход отменён"}


def clan_word(w: World, clan: str | None, lang: str = "ru") -> str:
    """A clan as the pages name it: «мафия», «мафия (красные)», «копы», «группа Бунтаря»
    (never its id, ``mafia:red``)."""
    en = lang == "en"
    if clan is None:
        return ""
    if clan == "cops":
        return "the Cops" if en else "копы"
    if clan == "rebel":
        return "the Rebel's group" if en else "группа Бунтаря"
    colour = w.clans[clan].colour if clan in w.clans else None
    if colour is None:
        return "the mafia" if en else "мафия"
    words = CLAN_COLOURS.get(colour, (colour, colour))
    return f"the mafia ({words[1]})" if en else f"мафия ({words[0]})"


def clan_names(w: World) -> dict[str, dict[str, str]]:
    """Every clan of the game in words, by its id: what the desk shows for a chat or a channel."""
    return {c: {"ru": clan_word(w, c, "ru"), "en": clan_word(w, c, "en")} for c in sorted(w.clans)}


def _nick(w: World, seat: Any) -> str:
    return w.p(int(seat)).nick if isinstance(seat, int) and 1 <= seat <= len(w.players) else "—"


def move_words(w: World, mv: dict[str, Any], lang: str = "ru") -> str:
    """A move the host entered, in words with its fields, as the desk's submissions show it:
    «подарок → Oleg (Подарок: визитка шерифа)» (roles/move_params.describe)."""
    target = mv.get("target")
    out = move_name(str(mv["action"]), lang) + (f" → {_nick(w, target)}" if isinstance(target, int) else "")
    details = describe(str(mv["action"]), dict(mv.get("params") or {}), lambda s: _nick(w, s), lang)
    return f"{out} ({details})" if details else out


def review(state: AndorraState) -> dict[str, Any] | None:
    """None unless a resolved night waits for publication (REVIEW)."""
    pending, w = state.pending, state.pending_world
    if pending is None or w is None or "audit" not in pending:
        return None
    audit = pending["audit"]
    messages = []
    for m in pending["messages"]:
        text = render(w, m["key"], m["params"], "ru")
        if m["about"] is not None:
            text = f"{_nick(w, m['about'])}: {text}"
        # «чат клана «копы»: Gleb: …», not «чат клана: копы: Gleb: …»
        to = f"чат клана «{clan_word(w, m['channel'])}»" if m["channel"] else _nick(w, m["to"])
        messages.append({"to": to, "ru": text})
    moves = []
    for seat_s, act in audit["acts"].items():
        if act["code"] == "STAY_HOME":
            continue
        line = f"{_nick(w, int(seat_s))}: {move_name(act['code'])}"
        if act["orig"] is not None:
            line += f" → {_nick(w, act['orig'])}"
            if act["target"] != act["orig"]:
                line += f" (цель изменена: {_nick(w, act['target'])})"
        # the move's fields as sent («Подарок: визитка шерифа»); the audit keeps only its code
        sent = state.submissions.get(seat_s) or {}
        details = describe(act["code"], dict(sent.get("params") or {}), lambda s: _nick(w, s))
        if details and sent.get("action") == act["code"]:
            line += f" ({details})"
        line += f" — {STATES.get(act['state']) or RESULTS.get(act['result'], '—')}"
        moves.append(line)
    deaths = []
    for p in w.players:
        if p.death and p.death.get("night") == audit["night"]:
            cause = CAUSES.get(str(p.death.get("cause")), ("смерть", "death"))[0]
            by = f", от: {_nick(w, p.death.get('by'))}" if p.death.get("by") else ""
            deaths.append(f"{p.nick} ({display_role(w, p)}) — {cause}{by}")
    tally = audit.get("tally") or {}
    result = tally.get("result") or {}
    scores = ", ".join(f"{_nick(w, int(s))} — {v}" for s, v in (tally.get("scores") or {}).items()) or "—"
    penalties = ", ".join(_nick(w, s) for s in tally.get("penalties", [])) or "—"
    jailed = result.get("jailed")
    coin = (
        "да, между: " + ", ".join(_nick(w, s) for s in result.get("coin_among", []))
        if result.get("coin")
        else "нет"
    )
    night = audit["night"]

    # the host's own part is his, not the forum's: in both of the desk's languages
    corrections = [
        {lang: f"{_nick(w, h['correct'])}: {move_words(w, h['move'], lang)}" for lang in ("ru", "en")}
        for h in state.host_log
        if h.get("night") == night and "correct" in h
    ]
    answers = [
        {lang: _answer(state, w, pr, lang) for lang in ("ru", "en")} for pr in audit.get("prompts", [])
    ]
    return {
        "night": night,
        "tally": {
            "scores": scores,
            "penalties": penalties,
            "jailed": _nick(w, jailed) if jailed else "никто",
            "coin": coin,
        },
        "moves": moves,
        "deaths": deaths,
        "messages": messages,
        "corrections": corrections,
        "answers": answers,
    }


def _answer(state: AndorraState, w: World, pr: dict[str, Any], lang: str) -> str:
    """One question of the night and its answer: «ведущий: … — ответ: …»."""
    en = lang == "en"
    who = ("the host" if en else "ведущий") if pr["seat"] == 0 else _nick(w, pr["seat"])
    got = state.answers.get(str(pr["id"]))
    # the answer in words (a role, an item, a clan, a nick), never its code
    said = (
        ("no answer" if en else "нет ответа") if got is None else answer_label(w, str(pr["kind"]), got, lang)
    )
    return f"{who}: {render(w, pr['key'], pr['params'], lang)} — {'answer' if en else 'ответ'}: {said}"


def answer_label(w: World, kind: str, value: Any, lang: str) -> str:
    """An answer as the player reads it: a role, a nick, an item, a clan (never a code)."""
    if kind == "PV_ROLE" and isinstance(value, str):
        return role_name(value, lang)
    if kind == "REANIMATE" and isinstance(value, int):
        return w.p(value).nick
    if kind == "SHMARA_ITEM" and isinstance(value, str):
        return item_name(value, lang)
    if kind == "CLAN_ASSIGN" and isinstance(value, str) and value in w.clans:
        colour = w.clans[value].colour
        if colour is None:
            return "клан мафии" if lang == "ru" else "the mafia clan"
        ru, en = CLAN_COLOURS.get(colour, (colour, colour))
        return f"клан мафии ({ru})" if lang == "ru" else f"the mafia clan ({en})"
    if kind == "RECRUIT_ASK" and lang == "en":
        return {"да": "yes", "нет": "no"}.get(str(value), str(value))
    if kind == "RECRUIT_CHOICE" and lang == "en":
        return str(value).replace("вербовка", "recruitment")
    return str(value)
