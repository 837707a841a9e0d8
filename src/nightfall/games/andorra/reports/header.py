"""The thread header (§03, A-GEN-3, A-REPORT-6): the day's schedule with its deadlines, the
role list as of the start, the participants, the replacements, everyone out of the game so
far, the vote log with void votes and their reason, the running count and who has not
voted yet (issue 32 §2).
Plain text and BBCode, Russian and English."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from ..day import penalty_reason_text, void_reason_text
from ..penalties import todays_penalties
from ..replacement import as_of, replacement_lines
from ..roles.catalogue import CLAN_COLOURS
from ..state import ALIVE, DAY, DEAD, JAILED_JAILER, NIGHT, OVER, AndorraState, display_role, role_name
from ..tally import running_count

MSK_MIN = 180  # forum games are scheduled in Moscow time unless the host says otherwise

LABELS = {
    "ru": {
        "day": "День {n}.",
        "schedule": "Расписание:",
        "votes_until": "голосование до {t}",
        "moves_until": "ночные ходы до {t}",
        "votes_open": "голосование до решения ведущего",
        "moves_open": "ночные ходы до решения ведущего",
        "resolving": "ночь {n} подводится, утро опубликует ведущий",
        "over": "игра окончена",
        "roles": "Роли:",
        "players": "Участники:",
        "left": "Выбыли:",
        "on_day": "день {n}",
        "on_night": "ночь {n}",
        "log": "Лог голосования:",
        "penalty": "штраф",
        "blank": "пустой голос",
        "alive": "жив",
        "killed": "убит",
        "stabbed": "зарезан",
        "jailed": "сел",
        "jailer": "посажен Тюремщиком",
        "hidden": "роль не вскрыта",
        "void": "нарушение",
        "count": "Подсчёт:",
        "not_voted": "Не голосовали:",
        "replaced": "Замены:",
    },
    "en": {
        "day": "Day {n}.",
        "schedule": "Schedule:",
        "votes_until": "votes until {t}",
        "moves_until": "night moves until {t}",
        "votes_open": "votes until the host closes the day",
        "moves_open": "night moves until the host closes the night",
        "resolving": "night {n} is being resolved, the host publishes the morning",
        "over": "the game is over",
        "roles": "Roles:",
        "players": "Players:",
        "left": "Left the game:",
        "on_day": "day {n}",
        "on_night": "night {n}",
        "log": "Vote log:",
        "penalty": "penalty",
        "blank": "blank",
        "alive": "alive",
        "killed": "killed",
        "stabbed": "stabbed",
        "jailed": "jailed",
        "jailer": "jailed by the Jailer",
        "hidden": "role not revealed",
        "void": "violation",
        "count": "Count:",
        "not_voted": "Not voted yet:",
        "replaced": "Replacements:",
    },
}


def _bold(text: str, bbcode: bool) -> str:
    return f"[b]{text}[/b]" if bbcode else text


def clock(ms: int, offset_min: int) -> str:
    """A deadline as the players read it: «04.12 21:00 МСК»."""
    tz = timezone(timedelta(minutes=offset_min))
    at = datetime.fromtimestamp(ms / 1000, tz=UTC).astimezone(tz)
    if offset_min == MSK_MIN:
        zone = "МСК"
    else:
        sign = "+" if offset_min >= 0 else "-"
        zone = f"UTC{sign}{abs(offset_min) // 60}" + (
            f":{abs(offset_min) % 60:02d}" if offset_min % 60 else ""
        )
    return f"{at:%d.%m %H:%M} {zone}"


def schedule_line(state: AndorraState, lang: str = "ru") -> str:
    """The current day's schedule with its deadlines (§03)."""
    L = LABELS[lang]
    sched: Any = state.config.get("schedule") or {}
    sched = sched if isinstance(sched, Mapping) else {}
    offset = sched.get("utc_offset_min", MSK_MIN)
    offset = offset if isinstance(offset, int) and not isinstance(offset, bool) else MSK_MIN
    night_ms = sched.get("night_ms")
    parts: list[str] = []
    if state.phase == DAY:
        if state.deadline is None:
            parts.append(L["votes_open"])
        else:
            parts.append(L["votes_until"].format(t=clock(state.deadline, offset)))
            if isinstance(night_ms, int):
                parts.append(L["moves_until"].format(t=clock(state.deadline + night_ms, offset)))
    elif state.phase == NIGHT:
        if state.deadline is None:
            parts.append(L["moves_open"])
        else:
            parts.append(L["moves_until"].format(t=clock(state.deadline, offset)))
    elif state.phase == OVER:
        parts.append(L["over"])
    else:
        parts.append(L["resolving"].format(n=state.world.day))
    return "; ".join(parts)


def role_list_text(state: AndorraState, lang: str = "ru") -> str:
    """The role list as of the start, in its canonical order (A-SETUP-17a)."""
    out = []
    for r in state.world.role_list:
        name = role_name(r["role"], lang)
        if r.get("clan"):
            c = CLAN_COLOURS.get(r["clan"], (r["clan"], r["clan"]))
            name += f" ({c[0] if lang == 'ru' else c[1]})"
        out.append(name)
    return ", ".join(out)


def _left(state: AndorraState, lang: str) -> str | None:
    """Everyone out of the game so far (issue 32 §2), in the order the morning posts told it:
    each with the role and the death word of the post that told it, and the day (jailed by
    the vote) or the night (killed, stabbed, jailed by the Jailer) it happened. A player who
    is back (released, let out of jail) is not listed; one who left twice, at the last time.
    Nicks are the post's own (A-GEN-4)."""
    if not state.posts:
        return None
    L = LABELS[lang]
    li = 0 if lang == "ru" else 1
    world = state.world
    told: dict[int, str] = {}  # seat -> the line of the last post that told his leaving
    for post in state.posts:
        then = as_of(world, post.get("epoch"))
        n = int(post["day"]) - 1  # the morning of day N+1 tells day N's vote and night N
        day, night = L["on_day"].format(n=n), L["on_night"].format(n=n)
        rows: list[tuple[int, str]] = []
        if post.get("jailed"):
            j = int(post["jailed"])
            role = post["roles"][str(j)][li] if post.get("jailed_revealed") else L["hidden"]
            rows.append((j, f"{then.player(j).nick} ({role}) — {L['jailed']}, {day}"))
        for seat in post.get("jailer_jailed", []):
            rows.append((int(seat), f"{then.player(int(seat)).nick} — {L['jailer']}, {night}"))
        for key in ("killed", "stabbed"):
            for seat in post.get(key, []):
                role = post["roles"][str(seat)][li]
                rows.append((int(seat), f"{then.player(int(seat)).nick} ({role}) — {L[key]}, {night}"))
        for seat, line in rows:
            told.pop(seat, None)  # a second leaving moves him to its own place in the order
            told[seat] = line
    out = [line for seat, line in told.items() if world.player(seat).status != ALIVE]
    return "; ".join(out) or "—"


def _status(state: AndorraState, seat: int, lang: str) -> str:
    L = LABELS[lang]
    world = state.world
    p = world.player(seat)
    if p.status == ALIVE:
        return L["alive"]
    if p.status == DEAD:  # the word of the morning post that told his death (and «Выбыли»)
        last = next((post for post in reversed(state.posts) if seat in post.get("stabbed", [])), None)
        last_killed = next((post for post in reversed(state.posts) if seat in post.get("killed", [])), None)
        stabbed = last is not None and (last_killed is None or last["day"] > last_killed["day"])
        return f"{L['stabbed' if stabbed else 'killed']} ({display_role(world, p, lang)})"
    if p.status == JAILED_JAILER:
        return L["jailer"]
    role = display_role(world, p, lang) if p.revealed else L["hidden"]
    return f"{L['jailed']} ({role})"


def vote_log_lines(state: AndorraState, lang: str = "ru") -> list[str]:
    """Penalty lines first (A-REPORT-6, A-ERR-9), then the raw votes in time order."""
    L = LABELS[lang]
    world = state.world
    out = []
    for seat, why in todays_penalties(world):
        # the [SRC] line «+1 <Ник> (штраф)» as it stands, then why (a play-test: the table asked)
        out.append(
            f"+1 {world.player(seat).nick} ({L['penalty']}) — {penalty_reason_text(why, world.day, lang)}"
        )
    for v in sorted(state.votes, key=lambda v: (v.ts, v.seq)):
        tgt = L["blank"] if v.target is None else world.player(v.target).nick
        void = f" ({L['void']}: {void_reason_text(v.void_reason, lang)})" if v.kind == "VOID" else ""
        out.append(f"{world.player(v.voter).nick}: {tgt}{void}")
    return out


def count_lines(state: AndorraState, lang: str = "ru") -> list[str]:
    """H-04a in the header: the count so far, highest first: «Kassandra — 3 (rubin1988, Лиса, +1)»."""
    world = state.world
    out = []
    for r in running_count(world, world.day, state.votes):
        who = [world.player(s).nick for s in r["voters"]] + ([f"+{r['penalties']}"] if r["penalties"] else [])
        out.append(f"{world.player(r['seat']).nick} — {r['total']} ({', '.join(who)})")
    return out


def not_voted(state: AndorraState) -> list[str]:
    """A-VOTE-4: who has not voted yet today (a void vote is a vote in the log, shown there)."""
    voted = {v.voter for v in state.votes}
    return [p.nick for p in state.world.alive() if p.seat not in voted]


def header(state: AndorraState, lang: str = "ru", bbcode: bool = False) -> str:
    """A-REPORT-6: the header as the host pastes it at the top of the thread."""
    L = LABELS[lang]
    world = state.world
    out = [_bold(L["day"].format(n=world.day), bbcode)]
    out.append(f"{_bold(L['schedule'], bbcode)} {schedule_line(state, lang)}")
    sched: Any = state.config.get("schedule") or {}
    if isinstance(sched, Mapping) and sched.get("text"):
        out.append(str(sched["text"]))
    out.append(f"{_bold(L['roles'], bbcode)} {role_list_text(state, lang)}")
    out.append(_bold(L["players"], bbcode))
    out += [f"{p.nick} — {_status(state, p.seat, lang)}" for p in world.players]
    if world.replacements:  # A-GEN-4
        out.append(f"{_bold(L['replaced'], bbcode)} " + "; ".join(replacement_lines(world, lang)))
    left = _left(state, lang)
    if left is not None:
        out.append(f"{_bold(L['left'], bbcode)} {left}")
    out.append(_bold(L["log"], bbcode))
    out += vote_log_lines(state, lang)
    if state.phase == DAY and state.votes:
        out.append(_bold(L["count"], bbcode))
        out += count_lines(state, lang)
    if state.phase == DAY:
        out.append(f"{_bold(L['not_voted'], bbcode)} " + (", ".join(not_voted(state)) or "—"))
    return "\n".join(out)
