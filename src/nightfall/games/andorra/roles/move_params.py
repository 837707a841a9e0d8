"""What a night move takes besides its target (Appendix C, «Target rule»), as data.

Each move with parameters lists its fields: the name ``moves.py`` and the night's steps read
from the move's ``params``, what the field holds (``kind``), whether it may be left out, the
values it may take and the field's words in the seed's language. The site's move form, the
host's correction form and the refusal sentences (reasons.py) are all built from this table,
so a move or a field added here reaches every page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..items import DISPLAY_ONLY, GIFT_LIST, ITEM_NAMES, item_name
from .catalogue import LONERS, ROLES

# kinds of fields
SEAT = "seat"  # one player
CHOICE = "choice"  # one of ``values`` (codes)
FLAG = "flag"  # true or false (``values`` are their words' keys)
RANKED_SEATS = "ranked_seats"  # an ordered preference list of players, up to ``max``
RANKED_CHOICE = "ranked_choice"  # an ordered preference list of ``values``, up to ``max``
PER_VOTER = "per_voter"  # voter -> candidate, any number of voters
CHANGES = "changes"  # the Swindler's vote changes: [{voter, target|None}], up to his window


@dataclass(frozen=True, slots=True)
class MoveParam:
    name: str
    kind: str
    ru: str  # the field as the form names it
    en: str
    rule: str
    required: bool = True
    values: tuple[Any, ...] = ()
    max: int = 1
    # A shorter name for a move already sent (the desk's moves, the review), where the form's
    # question would read oddly («…, если я не отвечу вовремя (по порядку): Зоя»); (ru, en)
    brief: tuple[str, str] | None = None


# A-ITEM-VOUCHER-1: the sender chooses the kind of trip.
VOUCHER_KINDS: dict[str, tuple[str, str]] = {"tour": ("тур", "tour"), "excursion": ("экскурсия", "excursion")}
# A-ROLE-PROSECUTOR-3: the Prosecutor searches for one of the Loner roles that can be dealt.
LONER_ROLES: tuple[str, ...] = tuple(
    code for code, role in ROLES.items() if role.faction == LONERS and role.base
)
# A-ROLE-SHMARA-5: what the Shmara may list to take: any personal item but the display-only ones.
TAKEABLE: tuple[str, ...] = tuple(code for code in ITEM_NAMES if code not in DISPLAY_ONLY)
# A-ITEM-DIPLOMA-2: a personal diploma, or the mafia clan's, used by its item manager for a member.
DIPLOMA_OWNER: dict[bool, tuple[str, str]] = {
    False: ("свой диплом", "own diploma"),
    True: ("диплом клана", "the clan's diploma"),
}

MOVE_PARAMS: dict[str, tuple[MoveParam, ...]] = {
    "USE_DIPLOMA": (
        MoveParam("clan", FLAG, "Чей диплом", "Whose diploma", "A-ITEM-DIPLOMA-2", values=(False, True)),
    ),
    "TELEPATH_VOTE": (
        MoveParam("vote", SEAT, "Его голос — против", "His vote goes against", "A-ROLE-TELEPATH-2"),
    ),
    "VAMPIRE_GHOUL_VOTE": (
        MoveParam("vote", SEAT, "Голос Упыря — против", "The Ghoul's vote goes against", "A-ROLE-VAMPIRE-7"),
    ),
    "TELEPATH_RETARGET": (
        MoveParam(
            "new_target", SEAT, "Новая цель его хода", "The new target of his move", "A-ROLE-TELEPATH-4"
        ),
    ),
    "FAIRY_GIFT": (MoveParam("gift", CHOICE, "Подарок", "Gift", "A-ROLE-FAIRY-4", values=GIFT_LIST),),
    "USE_VOUCHER": (
        MoveParam(
            "kind", CHOICE, "Куда отправить", "Where to send", "A-ITEM-VOUCHER-1", values=tuple(VOUCHER_KINDS)
        ),
    ),
    "PROSECUTOR_SEARCH": (
        MoveParam(
            "role",
            CHOICE,
            "Какую роль искать",
            "Which role to look for",
            "A-ROLE-PROSECUTOR-3",
            values=LONER_ROLES,
        ),
    ),
    "SWINDLER_CHANGE": (MoveParam("changes", CHANGES, "Изменить голоса", "Change votes", "A-TALLY-7"),),
    "REBEL_VOTES": (
        MoveParam(
            "mapping",
            PER_VOTER,
            "Неиспользованные голоса: чей голос → против кого",
            "Unused votes: whose vote → against whom",
            "A-ROLE-REBEL-9",
            required=False,
        ),
        MoveParam(
            "all",
            SEAT,
            "Все остальные неиспользованные голоса → против",
            "Every other unused vote → against",
            "A-ROLE-REBEL-9",
            required=False,
        ),
    ),
    "SHMARA_CLONIDINE": (
        MoveParam(
            "take",
            RANKED_CHOICE,
            "Что забрать, если найдётся (по порядку; первое найденное берётся сразу)",
            "What to take if found (in order; the first one found is taken at once)",
            "A-ROLE-SHMARA-5",
            required=False,
            values=TAKEABLE,
            max=3,
            brief=("забрать, если найдётся", "take if found"),
        ),
    ),
    "REANIMATE": (
        MoveParam(
            "prefer",
            RANKED_SEATS,
            "Кого реанимировать, если я не отвечу вовремя (по порядку)",
            "Whom to reanimate if I do not answer in time (in order)",
            "A-ROLE-REANIMATOR-4",
            required=False,
            max=3,
            brief=("без ответа — реанимировать", "without an answer, reanimate"),
        ),
    ),
}

# Every field by name (a name means the same thing in every move that has it).
FIELDS: dict[str, MoveParam] = {}
for _params in MOVE_PARAMS.values():
    for _param in _params:
        FIELDS.setdefault(_param.name, _param)  # the first move's words name the field


def params_of(code: str) -> tuple[MoveParam, ...]:
    return MOVE_PARAMS.get(code, ())


def value_words(param: MoveParam, value: Any, lang: str = "ru") -> str:
    """One value of a field in words: an item, a kind of trip, a role, whose diploma."""
    li = 0 if lang == "ru" else 1
    if param.name in ("gift", "take") and isinstance(value, str):
        return item_name(value, lang)
    if param.name == "kind" and value in VOUCHER_KINDS:
        return VOUCHER_KINDS[value][li]
    if param.name == "role" and value in ROLES:
        return ROLES[value].ru if lang == "ru" else ROLES[value].en
    if param.kind == FLAG and isinstance(value, bool):
        return DIPLOMA_OWNER[value][li]
    return str(value)


def field_words(name: str, lang: str = "ru") -> str | None:
    """A field's name as the form shows it, or None for a name no move has."""
    param = FIELDS.get(name)
    if param is None:
        return None
    return param.ru if lang == "ru" else param.en


def describe(code: str, params: dict[str, Any], nick: Callable[[int], str], lang: str = "ru") -> str:
    """A submitted move's fields in words («Подарок: визитка шерифа»), for the host and the
    player who sent it; a field the move does not have is left out."""
    blank = "пустой голос" if lang == "ru" else "blank vote"
    parts = []
    for param in params_of(code):
        value = params.get(param.name)
        if value is None or value == [] or value == {}:
            continue
        if param.kind == SEAT:
            text = nick(int(value))
        elif param.kind in (CHOICE, FLAG):
            text = value_words(param, value, lang)
        elif param.kind == RANKED_SEATS:
            text = ", ".join(nick(int(s)) for s in value)
        elif param.kind == RANKED_CHOICE:
            text = ", ".join(value_words(param, v, lang) for v in value)
        elif param.kind == PER_VOTER:
            text = ", ".join(f"{nick(int(k))} → {nick(int(c))}" for k, c in sorted(value.items()))
        else:  # CHANGES
            text = ", ".join(
                f"{nick(int(c['voter']))} → {blank if c.get('target') is None else nick(int(c['target']))}"
                for c in value
            )
        ru, en = param.brief or (param.ru, param.en)
        parts.append(f"{ru if lang == 'ru' else en}: {text}")
    return "; ".join(parts)
