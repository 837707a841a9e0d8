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
