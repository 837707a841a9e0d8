"""The host's check of a resolved night before «Опубликовать утро» (H-03, A-DAWN-9), in words:
every private message, each move with its result, the deaths with their cause, the day's tally
with penalties and the coin, and the host's own corrections and answers of this night."""

from __future__ import annotations

from typing import Any

from ..items import item_name
from ..questions import unanswered
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
RESULTS: dict[str | None, tuple[str, str]] = {
    "OK": ("удачно", "success"),
    "FAIL": ("неудачно", "failure"),
    None: ("—", "—"),
}
STATES: dict[str, tuple[str, str]] = {
    "VOID": ("ход отменён", "move cancelled"),
    "CANCELLED": ("ход отменён", "move cancelled"),
}
LANGS = ("ru", "en")


def clan_word(world: World, clan: str | None, lang: str = "ru") -> str:
    """A clan as the pages name it: «мафия», «мафия (красные)», «копы», «группа Бунтаря»
    (never its id, ``mafia:red``)."""
    en = lang == "en"
    if clan is None:
        return ""
    if clan == "cops":
        return "the Cops" if en else "копы"
    if clan == "rebel":
        return "the Rebel's group" if en else "группа Бунтаря"
    colour = world.clans[clan].colour if clan in world.clans else None
    if colour is None:
        return "the mafia" if en else "мафия"
    words = CLAN_COLOURS.get(colour, (colour, colour))
    return f"the mafia ({words[1]})" if en else f"мафия ({words[0]})"


def clan_names(world: World) -> dict[str, dict[str, str]]:
    """Every clan of the game in words, by its id: what the desk shows for a chat or a channel."""
    return {
        c: {"ru": clan_word(world, c, "ru"), "en": clan_word(world, c, "en")} for c in sorted(world.clans)
    }


def _nick(world: World, seat: Any) -> str:
    return world.player(int(seat)).nick if isinstance(seat, int) and 1 <= seat <= len(world.players) else "—"


def move_words(world: World, mv: dict[str, Any], lang: str = "ru") -> str:
    """A move the host entered, in words with its fields, as the desk's submissions show it:
    «подарок → Oleg (Подарок: визитка шерифа)» (roles/move_params.describe)."""
    target = mv.get("target")
    out = move_name(str(mv["action"]), lang) + (
        f" → {_nick(world, target)}" if isinstance(target, int) else ""
    )
    details = describe(str(mv["action"]), dict(mv.get("params") or {}), lambda s: _nick(world, s), lang)
    return f"{out} ({details})" if details else out


def review(state: AndorraState) -> dict[str, Any] | None:
    """None unless a resolved night waits for publication (REVIEW). The host's check is his,
    not the forum's: every line in the desk's two languages (a player reads his private
    messages in his page's language too)."""
    pending, world = state.pending, state.pending_world
    if pending is None or world is None or "audit" not in pending:
        return None
    audit = pending["audit"]
    night = audit["night"]
    messages = []
    for m in pending["messages"]:
        about = f"{_nick(world, m['about'])}: " if m["about"] is not None else ""
        text = {lang: about + render(world, m["key"], m["params"], lang) for lang in LANGS}
        messages.append({"to": {lang: _addressee(world, m, lang) for lang in LANGS}, "text": text})
    moves = [
        {lang: _move_line(state, world, int(seat_s), act, lang) for lang in LANGS}
        for seat_s, act in audit["acts"].items()
        if act["code"] != "STAY_HOME"
    ]
    deaths = [
        {lang: _death_line(world, p, lang) for lang in LANGS}
        for p in world.players
        if p.death and p.death.get("night") == night
    ] + [  # a death the Reanimator undid is no death in the world, but the host checks it too
        {lang: _revival_line(world, e, lang) for lang in LANGS}
        for e in audit["events"]
        if e["code"] == "REANIMATE" and e["result"] == "OK" and e["target"] is not None
    ]
    corrections = [
        {lang: f"{_nick(world, h['correct'])}: {move_words(world, h['move'], lang)}" for lang in LANGS}
        for h in state.host_log
        if h.get("night") == night and "correct" in h
    ]
    answers = [{lang: _answer(state, world, pr, lang) for lang in LANGS} for pr in audit.get("prompts", [])]
    tally = audit.get("tally") or {}
    return {
        "night": night,
        "tally": {key: {lang: _tally(world, tally, key, lang) for lang in LANGS} for key in TALLY_KEYS},
        "moves": moves,
        "deaths": deaths,
        "messages": messages,
        "corrections": corrections,
        "answers": answers,
    }


TALLY_KEYS = ("scores", "penalties", "jailed", "coin")


def _addressee(world: World, m: dict[str, Any], lang: str) -> str:
    """«чат клана «копы»», not «чат клана: копы»; a player by nick."""
    if not m["channel"]:
        return _nick(world, m["to"])
    word = clan_word(world, m["channel"], lang)
    return f"the chat of {word}" if lang == "en" else f"чат клана «{word}»"


def _move_line(state: AndorraState, world: World, seat: int, act: dict[str, Any], lang: str) -> str:
    """«doctor: лечить → pv2 (цель изменена: boss) — удачно» with the move's fields as sent."""
    en = lang == "en"
    line = f"{_nick(world, seat)}: {move_name(act['code'], lang)}"
    if act["orig"] is not None:
        line += f" → {_nick(world, act['orig'])}"
        if act["target"] != act["orig"]:
            line += f" ({'target changed to' if en else 'цель изменена:'} {_nick(world, act['target'])})"
    # the move's fields as sent («Подарок: визитка шерифа»); the audit keeps only its code
    sent = state.submissions.get(str(seat)) or {}
    details = describe(act["code"], dict(sent.get("params") or {}), lambda s: _nick(world, s), lang)
    if details and sent.get("action") == act["code"]:
        line += f" ({details})"
    i = 1 if en else 0
    outcome = STATES[act["state"]][i] if act["state"] in STATES else RESULTS.get(act["result"], ("—", "—"))[i]
    return f"{line} — {outcome}"


def _death_line(world: World, p: Any, lang: str) -> str:
    """«sheriff (Шериф) — нож Маньяка (кроваво), от: maniac»."""
    en = lang == "en"
    cause = CAUSES.get(str(p.death.get("cause")), ("смерть", "death"))[1 if en else 0]
    by = f", {'by' if en else 'от'}: {_nick(world, p.death.get('by'))}" if p.death.get("by") else ""
    return f"{p.nick} ({display_role(world, p, lang)}) — {cause}{by}"


def _revival_line(world: World, e: dict[str, Any], lang: str) -> str:
    """«boss (Босс) — убит этой ночью и реанимирован, кем: reanimator»."""
    p = world.player(int(e["target"]))
    what = "killed tonight and reanimated, by" if lang == "en" else "убит этой ночью и реанимирован, кем:"
    return f"{p.nick} ({display_role(world, p, lang)}) — {what} {_nick(world, e['actor'])}"


def _tally(world: World, tally: dict[str, Any], key: str, lang: str) -> str:
    """The day's vote (A-TALLY-10): scores, penalties, who is jailed, the coin."""
    en = lang == "en"
    result = tally.get("result") or {}
    if key == "scores":
        return (
            ", ".join(f"{_nick(world, int(s))} — {v}" for s, v in (tally.get("scores") or {}).items()) or "—"
        )
    if key == "penalties":
        return ", ".join(_nick(world, s) for s in tally.get("penalties", [])) or "—"
    if key == "jailed":
        jailed = result.get("jailed")
        return _nick(world, jailed) if jailed else ("nobody" if en else "никто")
    if not result.get("coin"):
        return "no" if en else "нет"
    among = ", ".join(_nick(world, s) for s in result.get("coin_among", []))
    return f"{'yes, between' if en else 'да, между'}: {among}"


def _answer(state: AndorraState, world: World, pr: dict[str, Any], lang: str) -> str:
    """One question of the night and its answer: «ведущий: … — ответ: …»."""
    en = lang == "en"
    who = ("the host" if en else "ведущий") if pr["seat"] == 0 else _nick(world, pr["seat"])
    # the answer in words (a role, an item, a clan, a nick), never its code; a null answer is
    # a decline where one is allowed (A-CYCLE-6a); no answer says what it gave, as the page did
    pid = str(pr["id"])
    got = state.answers.get(pid)
    fallback = unanswered(pr)
    if got is not None:
        said = answer_label(world, str(pr["kind"]), got, lang)
    elif pid in state.answers and fallback is not None:
        said = fallback[lang]  # type: ignore[literal-required]
    else:
        default = pr["default"]
        gave = answer_label(world, str(pr["kind"]), default, lang) if default is not None else None
        if gave is None and fallback is not None:
            gave = fallback[lang]  # type: ignore[literal-required]
        said = ("no answer" if en else "нет ответа") + (f" → {gave}" if gave else "")
    return f"{who}: {render(world, pr['key'], pr['params'], lang)} — {'answer' if en else 'ответ'}: {said}"


def answer_label(world: World, kind: str, value: Any, lang: str) -> str:
    """An answer as the player reads it: a role, a nick, an item, a clan (never a code)."""
    if kind == "PV_ROLE" and isinstance(value, str):
        return role_name(value, lang)
    if kind == "REANIMATE" and isinstance(value, int):
        return world.player(value).nick
    if kind == "SHMARA_ITEM" and isinstance(value, str):
        return item_name(value, lang)
    if kind == "CLAN_ASSIGN" and isinstance(value, str) and value in world.clans:
        colour = world.clans[value].colour
        if colour is None:
            return "клан мафии" if lang == "ru" else "the mafia clan"
        ru, en = CLAN_COLOURS.get(colour, (colour, colour))
        return f"клан мафии ({ru})" if lang == "ru" else f"the mafia clan ({en})"
    if kind in ("RECRUIT_ASK", "PV_REANIMATED") and lang == "en":
        return {"да": "yes", "нет": "no"}.get(str(value), str(value))
    if kind == "RECRUIT_CHOICE" and lang == "en":
        return str(value).replace("вербовка", "recruitment")
    return str(value)
