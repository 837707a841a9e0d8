"""The private-message catalogue of §13.3 as data (Russian first, English second).

Each key maps to variants; the variant is chosen by a boolean parameter where
the spec gives two forms (found / not found, yes / no). Placeholders:
{X} a nickname, {role} a role name, {item} an item name, {list} nicknames,
{roles} role names, {labels} offer labels, {ok} удачно/неудачно.
"""

from __future__ import annotations

from ..roles.role_modules import PARTS, gather

_COMMON: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-OK": {"": ("Результат хода: удачно.", "Move result: successful.")},
    "MSG-FAIL": {"": ("Результат хода: неудачно.", "Move result: unsuccessful.")},
    "MSG-POISONED": {"": ("отравлен", "poisoned")},
    "MSG-VEST": {"": ("Ваш бронежилет сработал.", "Your vest was used up.")},
    "MSG-SIREN": {"": ("Ваша сирена сработала.", "Your siren went off.")},
    "MSG-CROSS": {"": ("Ваш крестик отпугнул вампира.", "Your cross scared the vampire away.")},
    "MSG-JAILED": {
        "": (
            "Вы отправлены в тюрьму. Вы можете участвовать в обсуждении, но не можете голосовать.",
            "You have been sent to jail. You may take part in the discussion but cannot vote.",
        )
    },
    "MSG-RELEASED": {"": ("Вы вышли из тюрьмы.", "You are out of jail.")},
    "MSG-NEWROLE": {"": ("Ваша новая роль: {role}.", "Your new role: {role}.")},
    "MSG-RECRUIT-ASK": {
        "": (
            "Вам поступило предложение о вербовке. Вы согласны? (да / нет)",
            "You have received a recruitment offer. Do you agree? (yes / no)",
        )
    },
    "MSG-RECRUIT-CHOICE": {
        "": (
            "Вам поступили предложения о вербовке: {labels}. Выберите одно или откажитесь.",
            "You have received recruitment offers: {labels}. Choose one or decline.",
        )
    },
    "MSG-RECRUIT-CHOICE-FORCED": {
        "": (
            "Вам поступили предложения о вербовке: {labels}. Выберите одно.",
            "You have received recruitment offers: {labels}. Choose one.",
        )
    },
    # [IMPL] A-MSG-4a: what MSG-RECRUIT-CHOICE(-FORCED) told him, in the morning (reports/answered.py)
    "MSG-RECRUIT-OFFERS": {
        "": (
            "Вам поступили предложения о вербовке: {labels}.",
            "You have received recruitment offers: {labels}.",
        )
    },
    "MSG-RECRUIT-NOTICE": {
        "": ("Вам поступило предложение о вербовке.", "You have received a recruitment offer.")
    },
    "MSG-RECRUITED-MAFIA": {
        "": (
            "Вы завербованы в клан мафии. Ваша роль: {role}. Члены клана: {list}.",
            "You have been recruited into a mafia clan. Your role: {role}. Clan members: {list}.",
        )
    },
    "MSG-CLAN-NEWMEMBER": {"": ("В клан вступил(а): {X}.", "Joined the clan: {X}.")},
    # [IMPL] A-CLAN-2 notice (not in §13.3): who sends the clan's moves from now on.
    "MSG-CLAN-SENDER": {"": ("Ходы клана теперь отправляет: {X}.", "The clan's moves are now sent by: {X}.")},
    # [IMPL] A-CLAN-4a: the item-manager poll is open.
    "MSG-CLAN-POLL": {
        "": (
            "Глава клана выбыл. Выберите большинством голосов, кто распоряжается вещами клана; "
            "до тех пор ими распоряжается {X}.",
            "The clan head is gone. Elect by majority who manages the clan items; "
            "until then {X} manages them.",
        )
    },
    "MSG-CARD-SHOT": {
        "yes": (
            "По визитке шерифа вы выстрелили в {X}: {ok}. Ваш собственный ход не состоялся.",
            "A Sheriff's card made you shoot {X}: {ok}. Your own move did not happen.",
        ),
        "no": ("По визитке шерифа вы выстрелили в {X}: {ok}.", "A Sheriff's card made you shoot {X}: {ok}."),
    },
    "MSG-UNDEAD": {"": ("{X} — нечисть.", "{X} is Undead.")},
    "MSG-NOT-UNDEAD": {"": ("{X} — не нечисть.", "{X} is not Undead.")},
    # the Priest's confession and the Jailer's sin check (priest.py, jailer.py)
    "MSG-NOT-SINFUL": {"": ("{X} не грешен(на).", "{X} is not sinful.")},
    "MSG-CLAN-ASSIGN": {
        "": ("{X} выбрал(а) роль {role}: в какой клан?", "{X} chose the role {role}: which clan?")
    },
    "J-SHOT": {"": ("{A} стрелял(а) в игрока {B}.", "{A} shot at {B}.")},
    "J-WATCH": {"": ("{A} следил(а) за игроком {B}.", "{A} watched {B}.")},
    "J-CONFESSED": {"": ("{B} исповедан(а).", "{B} was confessed.")},
    "J-HOME": {"": ("{B} сидел(а) дома.", "{B} stayed home.")},
    "J-VISIT": {"": ("{A} посетил(а) игрока {B}.", "{A} visited {B}.")},
}
# The roles with a module of their own write their messages there (roles/role_modules.py).
CATALOGUE: dict[str, dict[str, tuple[str, str]]] = gather(_COMMON, (m.MESSAGES for m in PARTS))

OK_WORD = {True: ("удачно", "successful"), False: ("неудачно", "unsuccessful")}
