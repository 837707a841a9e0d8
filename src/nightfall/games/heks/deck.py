"""The host's own deck (issue 34 §1, H-DECK-1..8): which roles a table is dealt.

A deck is ``None`` (the table's standard deck: Table 2.1's row for however many are
seated, "balanced") or counts for the seven roles of ``tables.ROLE_COLUMNS`` other than
the Villager; Villagers fill the remaining seats. Pure: the lobby (``site``), the rules
(``setup``), the simulator and the bots all ask here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from nightfall.engine import Rejected

from .tables import (
    CROW,
    HERB_DOCTOR,
    JESTER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PICKPOCKET,
    PROTECTOR,
    ROLE_COLUMNS,
    ROLE_TABLE,
    SEER,
    VILLAGER,
    WITCH,
)

# The roles a deck names, in Table 2.1's column order (the Villager fills the rest, H-DECK-1).
DECK_ROLES: Final = tuple(r for r in ROLE_COLUMNS if r != VILLAGER)
# H-DECK-4: each of these powers is written for one holder.
ONE_HOLDER: Final = (SEER, HERB_DOCTOR, PROTECTOR, PICKPOCKET)

LABEL: Final[dict[str, str]] = {
    WITCH: "Witches",
    CROW: "Crows",
    JESTER: "Jesters",
    SEER: "Seers",
    HERB_DOCTOR: "Herb Doctors",
    PROTECTOR: "Protectors",
    PICKPOCKET: "Pickpockets",
}


def _bad(rule: str, reason: str, **params: Any) -> Rejected:
    return Rejected("bad_deck", rule=rule, reason=reason, **params)


def standard(players: int) -> dict[str, int]:
    """Table 2.1's row for ``players`` (H-SET-4), every column, the Villager included."""
    return dict(zip(ROLE_COLUMNS, ROLE_TABLE[players], strict=True))


def parse(deck: object) -> dict[str, int]:
    """H-DECK-1: the deck's shape. A missing role counts 0; unknown keys, the Villager and
    anything but a whole number from 0 are refused. Returns all seven counts."""
    if not isinstance(deck, Mapping):
        raise _bad("H-DECK-1", "A deck is an object of role counts.")
    for key in deck:
        if key not in DECK_ROLES:
            reason = (
                "Villagers are not chosen: they fill the seats the other roles leave."
                if key == VILLAGER
                else f"{key} is not a role of this game."
            )
            raise _bad("H-DECK-1", reason, field=str(key))
    out: dict[str, int] = {}
    for role in DECK_ROLES:
        n = deck.get(role, 0)
        if type(n) is not int or n < 0:
            raise _bad("H-DECK-1", f"The number of {LABEL[role]} must be a whole number from 0.", field=role)
        out[role] = n
    return out


def check_roles(counts: Mapping[str, int]) -> None:
    """The rules that hold at every player count (H-DECK-2, H-DECK-4, H-DECK-5)."""
    if counts[WITCH] < 1:
        raise _bad("H-DECK-2", "A deck needs at least one Witch.", field=WITCH)
    for role in ONE_HOLDER:
        if counts[role] > 1:
            raise _bad(
                "H-DECK-4",
                f"At most one of the {LABEL[role]}: the role is written for one player.",
                field=role,
            )
    if counts[JESTER] > 1:
        raise _bad("H-DECK-5", "At most one Jester: only one player can win by being exiled.", field=JESTER)


def check_count(players: int, counts: Mapping[str, int]) -> None:
    """The rules that depend on how many are seated (H-DECK-3, H-DECK-6)."""
    chosen = sum(counts.values())
    if chosen > players:
        raise _bad(
            "H-DECK-6",
            f"The deck has {chosen} roles for {players} players.",
            players=players,
            roles=chosen,
        )
    side = counts[WITCH] + counts[CROW]
    if 2 * side > players:
        raise _bad(
            "H-DECK-3",
            f"The witch side ({side}) must be at most half of the {players} players.",
            players=players,
            witch_side=side,
        )
    if 2 * counts[WITCH] >= players:
        raise _bad(
            "H-DECK-3",
            f"The Witches ({counts[WITCH]}) must be fewer than the other {players - counts[WITCH]} players.",
            players=players,
            witches=counts[WITCH],
        )


def full_deck(players: int, deck: Mapping[str, int] | None) -> dict[str, int]:
    """Counts for every role of ROLE_COLUMNS, the Villager included, summing to ``players``.

    ``deck=None`` is Table 2.1's row. Raises ``Rejected("bad_deck", rule=H-DECK-n, reason=...)``
    when the deck breaks a deck rule for that player count."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise Rejected("bad_player_count", "H-SET-1", players=players, min=MIN_PLAYERS, max=MAX_PLAYERS)
    if deck is None:
        return standard(players)
    counts = parse(deck)
    check_roles(counts)
    check_count(players, counts)
    return {**counts, VILLAGER: players - sum(counts.values())}


def check_setting(deck: object) -> dict[str, int] | None:
    """H-DECK-7: what the lobby's ``settings`` accepts: ``None``, or a deck that some table of
    MIN..MAX players can play (the count rules only get easier with more players, so that is
    a deck valid at MAX_PLAYERS). Returns it with all seven counts."""
    if deck is None:
        return None
    counts = parse(deck)
    check_roles(counts)
    check_count(MAX_PLAYERS, counts)
    return counts


def fewest_players(counts: Mapping[str, int]) -> int:
    """The smallest table a (role-valid) deck fits, for the lobby's line; MAX_PLAYERS + 1 if none."""
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        try:
            check_count(n, counts)
        except Rejected:
            continue
        return n
    return MAX_PLAYERS + 1


def is_standard(players: int, counts: Mapping[str, int]) -> bool:
    """True when ``counts`` (with or without the Villager) is Table 2.1's row for ``players``."""
    row = standard(players)
    return (
        all(counts.get(r, 0) == row[r] for r in DECK_ROLES)
        and counts.get(VILLAGER, row[VILLAGER]) == row[VILLAGER]
    )


def role_list(counts: Mapping[str, int]) -> list[str]:
    """The multiset, in Table 2.1's column order (H-SET-4 deals a random permutation of it)."""
    out: list[str] = []
    for role in ROLE_COLUMNS:
        out.extend([role] * counts.get(role, 0))
    return out


def row(counts: Mapping[str, int]) -> list[int]:
    """Counts in Table 2.1's column order (the views' ``roles_in_play``)."""
    return [counts.get(r, 0) for r in ROLE_COLUMNS]
