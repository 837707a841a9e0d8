"""Items as data (A-ITEM): names, kinds and the Fairy's gift list."""

from __future__ import annotations

# code -> (ru, en)
ITEM_NAMES: dict[str, tuple[str, str]] = {
    "VEST": ("бронежилет", "vest"),
    "SIREN": ("сирена", "siren"),
    "POISON": ("яд", "poison"),
    "ANTIDOTE": ("противоядие", "antidote"),
    "DIPLOMA": ("диплом", "diploma"),
    "CARD_BOSS": ("визитка босса мафии", "Mafia Boss's card"),
    "CARD_DOCTOR": ("визитка доктора", "Doctor's card"),
    "CARD_SHERIFF": ("визитка шерифа", "Sheriff's card"),
    "CARD_JOURNALIST": ("визитка журналиста", "Journalist's card"),
    "VOUCHER": ("турпутевка", "tour voucher"),
    "CROSS": ("крестик", "cross"),
    "VODKA": ("водка", "vodka"),
    "CLONIDINE": ("клофелин", "clonidine"),
    "EXPLOSIVE": ("взрывчатка", "explosive"),
    "PISTOL": ("пистолет", "pistol"),
    "KNIFE": ("нож", "knife"),
}

# A-ITEM-GIFTLIST-1: the ten gift types, in the order of the spec.
GIFT_LIST: tuple[str, ...] = (
    "VEST",
    "SIREN",
    "POISON",
    "ANTIDOTE",
    "DIPLOMA",
    "CARD_BOSS",
    "CARD_DOCTOR",
    "CARD_SHERIFF",
    "CARD_JOURNALIST",
    "VOUCHER",
)

DISPLAY_ONLY = frozenset({"PISTOL", "KNIFE"})  # A-SETUP-10
CLAN_ITEMS = ("DIPLOMA", "POISON")  # A-SETUP-8, per mafia clan


def item_name(code: str, lang: str = "ru") -> str:
    ru, en = ITEM_NAMES.get(code, (code, code))
    return ru if lang == "ru" else en
