"""What each night move is called (Appendix C «RU (move)»), in the seed's own words, and in
English. Pages, errors and the glossary (docs/andorra-glossary.md) read them from here."""

from __future__ import annotations

from .role_modules import OWN, gather

_NAMES: dict[str, tuple[str, str]] = {
    "STAY_HOME": ("сижу дома", "stay home"),
    "STAKE": ("поход с колом", "stake hunt"),
    "USE_DIPLOMA": ("применить диплом", "use the diploma"),
    "TELEPATH_VOTE": ("внушить голос", "plant a vote"),
    "REBEL_VOTES": ("распорядиться голосами", "dispose of the unused votes"),
    "DRINK_VODKA": ("выпить водку", "drink the vodka"),
    "USE_CARD_BOSS": ("применить визитку босса мафии", "use the Mafia Boss's card"),
    "USE_CARD_DOCTOR": ("применить визитку доктора", "use the Doctor's card"),
    "USE_CARD_SHERIFF": ("применить визитку шерифа", "use the Sheriff's card"),
    "USE_CARD_JOURNALIST": ("применить визитку журналиста", "use the Journalist's card"),
    "USE_ANTIDOTE": ("противоядие", "antidote"),
    "USE_VOUCHER": ("турпутевка", "tour voucher"),
    "TELEPATH_RETARGET": ("сменить цель", "change the target"),
    "SHERIFF_RECRUIT": ("вербовка Следователя", "recruit an Investigator"),
    "RECRUIT": ("вербовка", "recruitment"),
    "MAKE_POISON": ("изготовить яд", "make poison"),
    "REBEL_RECRUIT": ("вербовка", "recruitment"),
    "SEARCH_BOSS": ("поиск Босса мафии", "search for the Mafia Boss"),
    "SEARCH_REBEL": ("поиск Бунтаря", "search for the Rebel"),
    "SEARCH_MANIAC": ("поиск Маньяка", "search for the Maniac"),
    "SEARCH_RECRUITER": ("поиск Вербовщика мафии", "search for the Mafia Recruiter"),
    "SEARCH_SHERIFF": ("поиск Шерифа", "search for the Sheriff"),
    "SEARCH_INVESTIGATOR": ("поиск Следователя", "search for the Investigator"),
    "REBEL_SHOOT": ("выстрел группы Бунтаря", "the Rebel group's shot"),
    "SHOOT": ("выстрел", "shot"),
    "POISON": ("отравить ядом клана", "poison with the clan's bottle"),
    "GIFT_POISON": ("отравить подаренным ядом", "poison with the gifted bottle"),
    "INTERROGATE": ("допрос", "interrogation"),
}
# The roles with a module of their own name their moves there (roles/role_modules.py).
MOVE_NAMES: dict[str, tuple[str, str]] = gather(_NAMES, (m.MOVE_NAMES for m in OWN))

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
