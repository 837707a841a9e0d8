"""Lines the seed's role chapter repeats in many role cards (``descriptions.py`` and the
roles' own modules): said once here."""

from __future__ import annotations

STAKE_RU = "- ходит с колом в поисках Нечисти."
STAKE_EN = "- joins a stake hunt for the Undead."
