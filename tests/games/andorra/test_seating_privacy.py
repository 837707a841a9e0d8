"""The published role list never reveals the seating (A-SETUP-17, A-SETUP-17a, A-REPORT-6)."""

from __future__ import annotations

import random
from typing import Any

from nightfall.games.andorra import AndorraGame

G = AndorraGame()
NICKS = [f"игрок{i:02d}" for i in range(1, 15)]
ONE_CLAN = [
    "BOSS", "SOLDIER", "RECRUITER", "GODFATHER", "SHERIFF", "INVESTIGATOR", "DOCTOR",
    "PV", "PV", "JOURNALIST", "MANIAC", "FAIRY", "VAMPIRE", "DOMOVOI",
]  # fmt: skip
TWO_CLANS = [
    "BOSS:red", "BOSS:black", "SOLDIER:black", "SOLDIER:red", "RECRUITER:red", "SHERIFF",
    "DOCTOR", "PV", "PV", "MANIAC", "FAIRY", "REBEL", "VAMPIRE", "JAILER",
]  # fmt: skip


def _published(roles: list[str], two_clans: bool, seed: int) -> list[Any]:
    """Every public place a role list appears, for one seating."""
    state = G.setup({"players": NICKS, "roles": roles, "two_clans": two_clans}, seed)
    public = G.view(state, "public")
    texts = [public["first_post"], public["header"]]
    role_lines = [line for t in texts for line in t.splitlines() if line.startswith("Роли:")]
    mine = [G.view(state, seat)["role_list"] for seat in (1, 7, 14)]
    return [public["role_list"], role_lines, *mine]


def _check(roles: list[str], two_clans: bool) -> None:
    rnd = random.Random(20)
    seen = []
    for _ in range(40):
        seating = list(roles)
        rnd.shuffle(seating)
        seen.append(_published(seating, two_clans, seed=rnd.randrange(1000)))
    assert seen[0][1], "the first post and the header each carry «Роли:»"
    assert len(seen[0][1]) == 2
    assert all(s == seen[0] for s in seen)


def test_role_list_is_the_same_under_every_seating() -> None:
    """A-SETUP-17a: grouped by side as the seed's role chapter orders them, then by name."""
    _check(ONE_CLAN, two_clans=False)
    state = G.setup({"players": NICKS, "roles": ONE_CLAN}, 1)
    line = next(x for x in G.view(state, "public")["first_post"].splitlines() if x.startswith("Роли:"))
    assert line == (
        "Роли: Босс мафии, Вербовщик мафии, Крёстный отец, Рядовой мафиози, Доктор, Журналист, "
        "Мирный житель, Мирный житель, Следователь, Шериф, Маньяк, Фея, Вампир, Домовой"
    )


def test_two_clan_colours_do_not_follow_the_seating() -> None:
    """A-SETUP-17a, A-SETUP-4: colours sorted by name within a role."""
    _check(TWO_CLANS, two_clans=True)
    state = G.setup({"players": NICKS, "roles": TWO_CLANS, "two_clans": True}, 1)
    line = next(x for x in G.view(state, "public")["first_post"].splitlines() if x.startswith("Роли:"))
    assert line.startswith(
        "Роли: Босс мафии (красные), Босс мафии (чёрные), Вербовщик мафии (красные), "
        "Рядовой мафиози (красные), Рядовой мафиози (чёрные), Доктор,"
    )
