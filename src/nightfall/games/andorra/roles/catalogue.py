"""The role catalogue (Appendix A) as data: one row per role, one place.

Faction codes: MAFIA, PEACEFUL, LONERS, UNDEAD. ``rec`` = recruitable by a mafia
clan or the Rebel (A-RECRUIT-2); only the PV is recruitable by the Sheriff.
"""

from __future__ import annotations

from dataclasses import dataclass

from .codes import Role

MAFIA = "MAFIA"
PEACEFUL = "PEACEFUL"
LONERS = "LONERS"
UNDEAD = "UNDEAD"
FACTIONS = (MAFIA, PEACEFUL, LONERS, UNDEAD)


@dataclass(frozen=True, slots=True)
class RoleSpec:
    code: Role
    ru: str
    en: str
    faction: str
    rec: bool
    items: tuple[str, ...]
    # can be chosen as a free role by a PV (A-ROLE-PV-6) / appear at start (A-SETUP-2)
    base: bool = True
    clan_role: bool = False  # member of a mafia clan (A-CLAN-1)


# A-SETUP-6 starting items; A-SETUP-7 vodka for every Peaceful role is added in setup.
ROLES: dict[str, RoleSpec] = {
    r.code.value: r
    for r in (
        RoleSpec(Role.BOSS, "Босс мафии", "Mafia Boss", MAFIA, False, ("VEST",), clan_role=True),
        RoleSpec(Role.SOLDIER, "Рядовой мафиози", "Mafia Soldier", MAFIA, False, (), clan_role=True),
        RoleSpec(
            Role.RECRUITER, "Вербовщик мафии", "Mafia Recruiter", MAFIA, False, ("SIREN",), clan_role=True
        ),
        RoleSpec(Role.GODFATHER, "Крёстный отец", "Godfather", MAFIA, False, ("VEST",)),
        RoleSpec(Role.MAYOR, "Мэр города", "Mayor", PEACEFUL, False, ("SIREN",)),
        RoleSpec(Role.DOCTOR, "Доктор", "Doctor", PEACEFUL, False, ("SIREN",)),
        RoleSpec(Role.NURSE, "Медсестра", "Nurse", PEACEFUL, True, ()),
        RoleSpec(Role.REANIMATOR, "Реаниматор", "Reanimator", PEACEFUL, True, ("VEST",)),
        RoleSpec(Role.SHERIFF, "Шериф", "Sheriff", PEACEFUL, False, ("VEST",)),
        RoleSpec(Role.INVESTIGATOR, "Следователь", "Investigator", PEACEFUL, False, ("SIREN",)),
        RoleSpec(Role.PRIEST, "Священник", "Priest", PEACEFUL, False, ()),
        RoleSpec(Role.VH, "Ван Хельсинг", "Van Helsing", PEACEFUL, True, ("VEST",)),
        RoleSpec(Role.JOURNALIST, "Журналист", "Journalist", PEACEFUL, True, ()),
        RoleSpec(Role.BODYGUARD, "Телохранитель", "Bodyguard", PEACEFUL, False, ("SIREN",)),
        RoleSpec(Role.PROSECUTOR, "Прокурор", "Prosecutor", PEACEFUL, False, ()),
        RoleSpec(Role.EXECUTIONER, "Палач", "Executioner", PEACEFUL, False, ("SIREN",)),
        RoleSpec(Role.JAILER, "Тюремщик", "Jailer", PEACEFUL, False, ("SIREN",)),
        RoleSpec(Role.PV, "Мирный житель", "Peaceful Villager", PEACEFUL, True, (), base=False),
        RoleSpec(Role.FAIRY, "Фея", "Fairy", LONERS, False, ("VEST", "SIREN")),
        RoleSpec(Role.TOUROP, "Туроператор", "Tour Operator", LONERS, False, ()),
        RoleSpec(Role.MANIAC, "Маньяк", "Maniac", LONERS, False, ()),
        RoleSpec(Role.TELEPATH, "Телепат", "Telepath", LONERS, False, ()),
        RoleSpec(
            Role.SHMARA, "Шмара-клофелинщица", "Clonidine Floozy", LONERS, False, ("CLONIDINE", "CLONIDINE")
        ),
        RoleSpec(Role.PSYCHO, "Псих", "Psycho", LONERS, False, ("EXPLOSIVE",)),
        RoleSpec(Role.REBEL, "Бунтарь", "Rebel", LONERS, False, ("VEST",)),
        RoleSpec(Role.SWINDLER, "Аферист", "Swindler", LONERS, False, ("SIREN",)),
        RoleSpec(Role.VAMPIRE, "Вампир", "Vampire", UNDEAD, False, ()),
        RoleSpec(Role.DOMOVOI, "Домовой", "Domovoi", UNDEAD, False, ()),
        RoleSpec(Role.HORSEMAN, "Всадник без головы", "Headless Horseman", UNDEAD, False, ()),
        # Designations that only arise in play (A-SETUP-2): never a starting role.
        RoleSpec(
            Role.JOURNALIST_SOLDIER,
            "Журналист-рядовой",
            "Journalist-Soldier",
            MAFIA,
            False,
            (),
            base=False,
            clan_role=True,
        ),
    )
}

if set(ROLES) != set(Role):  # one row per role code (roles/codes.py), no other
    raise ImportError(f"catalogue.ROLES and codes.Role differ: {set(ROLES) ^ set(Role)}")

# Catalogue order of the base roles a PV may choose (A-ROLE-PV-6, EX-1 free-role list).
FREE_ROLE_ORDER: tuple[str, ...] = tuple(c for c in ROLES if ROLES[c].base and c != Role.PV)

# «Невербуемая роль» in the seed's role descriptions (A-RECRUIT-2): the Peaceful roles no
# mafia clan or Rebel may recruit.
UNRECRUITABLE = frozenset(c for c, r in ROLES.items() if r.faction == PEACEFUL and not r.rec and r.base)
# Roles that make a clan (A-CLAN-1): the mafia's, the Cops', the Rebel himself.
CLAN_ROLES = frozenset(c for c, r in ROLES.items() if r.clan_role) | {
    Role.SHERIFF,
    Role.INVESTIGATOR,
    Role.REBEL,
}

# Roles a PV who is a Rebel follower may take (A-ROLE-PV-3/6). A-ROLE-PV-3a: the seed's
# exclusions are a closed list, «не может выбрать клановую роль, или невербуемую роль, или
# Нечисть»; everything else is allowed, the Godfather too (he is in no clan, A-ROLE-GODFATHER).
FOLLOWER_CHOICES = frozenset(
    c
    for c, r in ROLES.items()
    if r.base and c != Role.PV and c not in CLAN_ROLES and c not in UNRECRUITABLE and r.faction != UNDEAD
)

UNIQUE_EXEMPT = frozenset({Role.SOLDIER, Role.PV})  # A-SETUP-2
PER_CLAN = frozenset({Role.BOSS, Role.SOLDIER, Role.RECRUITER})  # A-ERR-1

GHOUL_RU, GHOUL_EN = "Упырь", "Ghoul"
FOLLOWER_RU, FOLLOWER_EN = "Последователь Бунтаря", "Rebel's Follower"
JOURNALIST_FOLLOWER_RU, JOURNALIST_FOLLOWER_EN = "Журналист-последователь", "Journalist-Follower"

# Clan colours for the two-clan variant (A-SETUP-4, Q-78).
CLAN_COLOURS = {"red": ("красные", "red"), "black": ("чёрные", "black")}

# Display-only pseudo-items (A-SETUP-10).
PISTOL_ROLES = frozenset(
    {
        Role.BOSS,
        Role.SOLDIER,
        Role.RECRUITER,
        Role.SHERIFF,
        Role.INVESTIGATOR,
        Role.BODYGUARD,
        Role.VH,
        Role.REBEL,
        Role.JOURNALIST_SOLDIER,
    }
)


def _fold(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").split())


# Short names the seed and forum hosts use besides the catalogue names.
ROLE_ALIASES: dict[str, str] = {
    "мж": Role.PV,
    "мирный": Role.PV,
    "босс": Role.BOSS,
    "рядовой": Role.SOLDIER,
    "вербовщик": Role.RECRUITER,
    "крестный": Role.GODFATHER,
    "мэр": Role.MAYOR,
    "шмара": Role.SHMARA,
    "клофелинщица": Role.SHMARA,
    "вх": Role.VH,
    "всадник": Role.HORSEMAN,
}
_ROLE_WORDS: dict[str, str] = {
    **{_fold(w): code for code, spec in ROLES.items() for w in (code, spec.ru, spec.en)},
    **ROLE_ALIASES,
}
_COLOUR_WORDS: dict[str, str] = {
    **{_fold(w): code for code, (ru, en) in CLAN_COLOURS.items() for w in (code, ru, en)},
    "красный": "red",
    "черный": "black",
    "черные": "black",
}


def role_words() -> dict[str, str]:
    """Every word a role list may name a role by (folded: codes, Russian and English names,
    short names) and its code."""
    return dict(_ROLE_WORDS)


def role_code(text: str) -> str | None:
    """A role by its code, its Russian or English name or a short name (A-SETUP-1a):
    «Босс мафии», «босс мафии», «BOSS», «МЖ» → BOSS / PV. None if unknown."""
    return _ROLE_WORDS.get(_fold(text))


def colour_code(text: str) -> str | None:
    """A clan colour by its code or Russian name: «красные», «чёрные», «red»."""
    return _COLOUR_WORDS.get(_fold(text))
