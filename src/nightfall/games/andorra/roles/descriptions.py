"""What each role can do and what it holds, quoted from the seed's role chapter (Russian original,
trimmed to the role's own moves and items) with an English translation: shown on the role card
(issue 20 point 8). One entry per catalogue role; tests/games/andorra/test_role_card.py checks
that none is missing."""

from __future__ import annotations

from .card_words import JOURNALIST_EN as _JOURNALIST_EN
from .card_words import JOURNALIST_RU as _JOURNALIST_RU
from .card_words import STAKE_EN as _STAKE_EN
from .card_words import STAKE_RU as _STAKE_RU
from .catalogue import ROLES
from .role_modules import OWN, gather

# the mafia clan's shared rules, said once for the three clan roles
_CLAN_RU = "Клановые вещи: 1 диплом, 1 бутылка яда. Ходы отправляет Босс."
_CLAN_EN = "Clan items: 1 diploma, 1 bottle of poison. The Boss sends the moves."

# code -> (Russian from the seed, English translation)
_CARDS: dict[str, tuple[str, str]] = {
    "BOSS": (
        f"Изначально имеет бронежилет.\nНочное действие:\n{_STAKE_RU}\n"
        "- поиск Шерифа. При нахождении - стреляет.\n"
        "- застрелить любого игрока.\n"
        "- может травить любого игрока в случае отсутствия/выбытия в клане Рядового/Вербовщика.\n"
        f"- может отказаться от ночного действия.\n{_CLAN_RU}",
        f"Starts with a bulletproof vest.\nNight move:\n{_STAKE_EN}\n"
        "- searches for the Sheriff; if found, shoots.\n"
        "- shoots any player.\n"
        "- may poison any player if the clan has no Soldier/Recruiter left.\n"
        f"- may skip the night move.\n{_CLAN_EN}",
    ),
    "SOLDIER": (
        f"Ночное действие:\n{_STAKE_RU}\n"
        "- застрелить любого игрока.\n"
        "- отравить любого игрока (игрок получает сообщение «отравлен»).\n"
        "- поиск Следователя. При нахождении - стреляет.\n"
        "- может изготовить одну бутылочку яда.\n"
        f"- может отказаться от ночного действия.\n{_CLAN_RU}",
        f"Night move:\n{_STAKE_EN}\n"
        "- shoots any player.\n"
        "- poisons any player (he is told «poisoned»).\n"
        "- searches for the Investigator; if found, shoots.\n"
        "- may make one bottle of poison.\n"
        f"- may skip the night move.\n{_CLAN_EN}",
    ),
    "RECRUITER": (
        f"Изначально имеет сирену.\nНочное действие:\n{_STAKE_RU}\n"
        "- вербует в клан.\n"
        "- застрелить/отравить любого игрока в случае отсутствия/выбытия в клане Рядового мафиози.\n"
        "- может изготовить одну бутылочку яда.\n"
        "- может отказаться от ночного действия.\n"
        "Если игрок согласен, вербовка происходит. Этот игрок становится Рядовым мафиози. Если не "
        f"согласен, Вербовщик может повторно послать приглашение.\n{_CLAN_RU}",
        f"Starts with a siren.\nNight move:\n{_STAKE_EN}\n"
        "- recruits into the clan.\n"
        "- shoots/poisons any player if the clan has no Soldier left.\n"
        "- may make one bottle of poison.\n"
        "- may skip the night move.\n"
        "If the player agrees, he becomes a Mafia Soldier. If he refuses, the Recruiter may send "
        f"the invitation again.\n{_CLAN_EN}",
    ),
    "SHERIFF": (
        f"Изначально имеет бронежилет.\nНевербуемая роль.\nЗнает Следователя.\nНочное действие:\n{_STAKE_RU}\n"
        "- делает выстрел. В случае убийства мирного впадает в депрессию.\n"
        "- поиск Босса мафии. При нахождении - стреляет.\n"
        "- поиск Бунтаря. При нахождении - стреляет.\n"
        "- вербует Следователя (если в игре отсутствует/выбыл Следователь) из числа МЖ без роли.\n"
        "Ходы Копов отправляются Шерифом.",
        f"Starts with a bulletproof vest.\nCannot be recruited.\nKnows the Investigator.\nNight move:\n{_STAKE_EN}\n"
        "- shoots. After killing a Peaceful he falls into depression.\n"
        "- searches for the Mafia Boss; if found, shoots.\n"
        "- searches for the Rebel; if found, shoots.\n"
        "- recruits an Investigator (if there is none) from the Peaceful Villagers without a role.\n"
        "The Sheriff sends the Cops' moves.",
    ),
    "INVESTIGATOR": (
        f"Изначально имеет сирену.\nНевербуемая роль.\nЗнает Шерифа.\nНочное действие:\n{_STAKE_RU}\n"
        "- делает выстрел. В случае убийства мирного впадает в депрессию.\n"
        "- поиск Маньяка. При нахождении - стреляет.\n"
        "- поиск Вербовщика мафии. При нахождении - стреляет.\n"
        "- вызвать на допрос. Узнаёт, совершал ли допрашиваемый враждебное действие в ночь допроса.\n"
        "Если Шерифа убивают или сажают, Следователь становится Шерифом.",
        f"Starts with a siren.\nCannot be recruited.\nKnows the Sheriff.\nNight move:\n{_STAKE_EN}\n"
        "- shoots. After killing a Peaceful he falls into depression.\n"
        "- searches for the Maniac; if found, shoots.\n"
        "- searches for the Mafia Recruiter; if found, shoots.\n"
        "- interrogates: learns whether the player made a hostile act that night.\n"
        "If the Sheriff is killed or jailed, the Investigator becomes the Sheriff.",
    ),
    "TELEPATH": (
        f"Ночное действие:\n{_STAKE_RU}\n"
        "- внушает персонажу, за кого ему надо голосовать. Нельзя воздействовать на одного и того "
        "же игрока два раза подряд.\n"
        "- внушает персонажу новую цель его воздействия.\n"
        "- может отказаться от ночного хода.",
        f"Night move:\n{_STAKE_EN}\n"
        "- makes a character vote for whom he says. Not the same player twice in a row.\n"
        "- gives a character a new target for his move.\n"
        "- may skip the night move.",
    ),
    "REBEL": (
        f"Изначально имеет бронежилет.\nНочное действие:\n{_STAKE_RU}\n"
        "- способен распоряжаться неиспользованными голосами на посадку на свое усмотрение.\n"
        "- вербует последователей.\n"
        "- может отказаться от ночного хода.\n"
        "Когда последователей трое - может назначать исполнителя выстрела.",
        f"Starts with a bulletproof vest.\nNight move:\n{_STAKE_EN}\n"
        "- disposes of the unused votes at the jailing vote as he likes.\n"
        "- recruits followers.\n"
        "- may skip the night move.\n"
        "With three followers he may name one of them to shoot.",
    ),
    "JOURNALIST_SOLDIER": (
        f"{_JOURNALIST_RU}\nЗавербован в мафиозный клан, не теряет своей роли. Если не делает ход "
        f"журналиста, то не может выпустить газету. Может писать ложь.\n{_CLAN_RU}",
        f"{_JOURNALIST_EN}\nRecruited into a mafia clan, he keeps his role. Without a journalist's "
        f"move he cannot publish. May write lies.\n{_CLAN_EN}",
    ),
}

# The roles with a module of their own write their card there (roles/role_modules.py).
_ALL = gather(_CARDS, ({m.ROLE.value: m.DESCRIPTION} for m in OWN))
DESCRIPTIONS: dict[str, tuple[str, str]] = {code: _ALL[code] for code in ROLES if code in _ALL}


def description(role: str) -> dict[str, str]:
    """The role's description in both languages; empty for a role the seed does not describe."""
    ru, en = DESCRIPTIONS.get(role, ("", ""))
    return {"ru": ru, "en": en}
