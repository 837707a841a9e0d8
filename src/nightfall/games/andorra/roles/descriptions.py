"""What each role can do and what it holds, quoted from the seed's role chapter (Russian original,
trimmed to the role's own moves and items) with an English translation: shown on the role card
(issue 20 point 8). One entry per catalogue role; tests/games/andorra/test_role_card.py checks
that none is missing. Every role writes its card in its own module (``role_modules.OWN``) but
the Journalist-Soldier, the Journalist recruited into a clan, who has no module of his own."""

from __future__ import annotations

from .card_words import CLAN_EN, CLAN_RU
from .card_words import JOURNALIST_EN as _JOURNALIST_EN
from .card_words import JOURNALIST_RU as _JOURNALIST_RU
from .catalogue import ROLES
from .role_modules import OWN, gather

# code -> (Russian from the seed, English translation)
_CARDS: dict[str, tuple[str, str]] = {
    "JOURNALIST_SOLDIER": (
        f"{_JOURNALIST_RU}\nЗавербован в мафиозный клан, не теряет своей роли. Если не делает ход "
        f"журналиста, то не может выпустить газету. Может писать ложь.\n{CLAN_RU}",
        f"{_JOURNALIST_EN}\nRecruited into a mafia clan, he keeps his role. Without a journalist's "
        f"move he cannot publish. May write lies.\n{CLAN_EN}",
    ),
}

# The roles with a module of their own write their card there (roles/role_modules.py).
_ALL = gather(_CARDS, ({m.ROLE.value: m.DESCRIPTION} for m in OWN))
DESCRIPTIONS: dict[str, tuple[str, str]] = {code: _ALL[code] for code in ROLES if code in _ALL}


def description(role: str) -> dict[str, str]:
    """The role's description in both languages; empty for a role the seed does not describe."""
    ru, en = DESCRIPTIONS.get(role, ("", ""))
    return {"ru": ru, "en": en}
