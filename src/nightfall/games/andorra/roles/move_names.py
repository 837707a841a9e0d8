"""What each night move is called (Appendix C «RU (move)»), in the seed's own words, and in
English. Pages, errors and the glossary (docs/andorra-glossary.md) read them from here."""

from __future__ import annotations

from .role_modules import PARTS, gather

_NAMES: dict[str, tuple[str, str]] = {
    "STAY_HOME": ("сижу дома", "stay home"),
    "STAKE": ("поход с колом", "stake hunt"),
    "USE_DIPLOMA": ("применить диплом", "use the diploma"),
    "DRINK_VODKA": ("выпить водку", "drink the vodka"),
    "USE_CARD_BOSS": ("применить визитку босса мафии", "use the Mafia Boss's card"),
    "USE_CARD_DOCTOR": ("применить визитку доктора", "use the Doctor's card"),
    "USE_CARD_SHERIFF": ("применить визитку шерифа", "use the Sheriff's card"),
    "USE_CARD_JOURNALIST": ("применить визитку журналиста", "use the Journalist's card"),
    "USE_ANTIDOTE": ("противоядие", "antidote"),
    "USE_VOUCHER": ("турпутевка", "tour voucher"),
    "REBEL_SHOOT": ("выстрел группы Бунтаря", "the Rebel group's shot"),
    "GIFT_POISON": ("отравить подаренным ядом", "poison with the gifted bottle"),
}
# The roles with a module of their own name their moves there (roles/role_modules.py).
MOVE_NAMES: dict[str, tuple[str, str]] = gather(_NAMES, (m.MOVE_NAMES for m in PARTS))

# The clan same-type keys (A-CLAN-6) as a sentence names them.
MOVE_TYPES: dict[str, tuple[str, str]] = {
    "DIPLOMA": ("диплом", "diploma"),
    "VOTE_ALTER": ("изменение голоса", "vote change"),
    "VODKA": ("водка", "vodka"),
    "CARD": ("визитка", "business card"),
    "ANTIDOTE": ("противоядие", "antidote"),
    "VOUCHER": ("турпутевка", "voucher"),
    "WATCH": ("слежка", "watch"),
    "RECRUIT": ("вербовка", "recruitment"),
    "MAKE": ("изготовление яда", "poison-making"),
    "SEARCH": ("поиск", "search"),
    "SHOOT": ("выстрел", "shot"),
    "POISON": ("отравление", "poisoning"),
    "INTERROGATE": ("допрос", "interrogation"),
}


# Actions the engine carries out that are no player's move (the host's audit names them too,
# never by their code: issue 32 §4, «RSHOT» in the audit).
EVENT_NAMES: dict[str, tuple[str, str]] = {
    "RSHOT": ("ответный выстрел Телохранителя", "the Bodyguard's return shot"),
    "AXE": ("казнь Палача", "the Executioner's beheading"),
    "SHOT": ("выстрел", "shot"),
    "SILVER": ("выстрел серебряной пулей", "silver bullet"),
}


def move_name(code: str, lang: str = "ru") -> str:
    ru, en = MOVE_NAMES.get(code) or EVENT_NAMES.get(code, (code, code))
    return ru if lang == "ru" else en
