"""Lines the seed's role chapter repeats in several role cards (``descriptions.py`` and the
roles' own modules): said once here."""

from __future__ import annotations

STAKE_RU = "- ходит с колом в поисках Нечисти."
STAKE_EN = "- joins a stake hunt for the Undead."
INFLUENCE_RU = (
    "- выбирает игрока, который на следующем дневном голосовании теряет голос.\n"
    "- выбирает игрока, который ночью теряет возможность сделать ход.\n"
    "Нельзя воздействовать на одного игрока две ночи подряд. Нельзя использовать каждое "
    "воздействие на одного игрока более одного раза за игру."
)
INFLUENCE_EN = (
    "- picks a player who loses his vote at the next day's vote.\n"
    "- picks a player who cannot make a move that night.\n"
    "Not the same player two nights in a row; each influence at most once per player per game."
)
JOURNALIST_RU = (
    "Ночное действие:\n"
    f"{STAKE_RU}\n"
    "- следит за одним из персонажей и узнаёт, что он делал и что с ним происходило. Утром пишет "
    "статью, если есть вдохновение.\n"
    "- может отказаться от ночного действия.\n"
    "Не может следить сам за собой."
)
JOURNALIST_EN = (
    "Night move:\n"
    f"{STAKE_EN}\n"
    "- watches one character and learns what he did and what happened to him. In the morning "
    "writes an article if inspired.\n"
    "- may skip the night move.\n"
    "Cannot watch himself."
)
# the mafia clan's shared rules, said once on the clan roles' cards
CLAN_RU = "Клановые вещи: 1 диплом, 1 бутылка яда. Ходы отправляет Босс."
CLAN_EN = "Clan items: 1 diploma, 1 bottle of poison. The Boss sends the moves."
