"""Win conditions (A-WIN-1..9)."""

from __future__ import annotations

from .roles.catalogue import LONERS, MAFIA, PEACEFUL, UNDEAD
from .roles.codes import Role
from .state import World


def check(world: World) -> tuple[str, list[int]] | None:
    """The winning faction (or DRAW) and the winners, or None while the game goes on."""
    active = world.alive()  # A-WIN-5: only ALIVE players count
    if not active:
        return "DRAW", []  # A-WIN-9
    factions = {p.faction for p in active}
    mafia_clans = {p.clan for p in active if p.faction == MAFIA and p.clan}
    if factions == {MAFIA}:
        if len(mafia_clans) > 1:
            return None  # two clans only: nobody has won yet (A-WIN-9)
        # A-WIN-1/6: the clan (if any) and the Godfather win
        if mafia_clans:
            clan = next(iter(mafia_clans))
            winners = [
                p.seat
                for p in world.players
                if p.faction == MAFIA and (p.clan == clan or p.role == Role.GODFATHER)
            ]
        elif not world.two_clans:
            winners = [p.seat for p in world.players if p.faction == MAFIA]
        else:
            winners = [p.seat for p in world.players if p.role == Role.GODFATHER and p.faction == MAFIA]
        return MAFIA, winners
    if len(factions) == 1:
        (f,) = factions  # A-WIN-2/3/4; A-WIN-7: Ghouls are Undead
        assert f in (PEACEFUL, LONERS, UNDEAD)
        return f, [p.seat for p in world.players if p.faction == f]  # A-WIN-8
    return None


WIN_RU = {MAFIA: "Мафия", PEACEFUL: "Мирные", LONERS: "Одиночки", UNDEAD: "Нечисть"}
WIN_EN = {MAFIA: "Mafia", PEACEFUL: "Peaceful", LONERS: "Loners", UNDEAD: "Undead"}
