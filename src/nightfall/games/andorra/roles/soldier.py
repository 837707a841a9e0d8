"""The Mafia Soldier (A-ROLE-SOLDIER): everything the role does alone, in one module.

His moves are all the clan's (``clans.py``: the shot, the clan's bottle, poison-making, the
search for the Investigator at 26), so this module holds his role card and who counts as a
Soldier, which the Boss's and the Recruiter's checks read (A-ROLE-BOSS-3,
A-ROLE-RECRUITER-2). Recruited players become Soldiers at dawn (``night/dawn.py``,
A-RECRUIT-5). The common tables gather these parts (``roles/role_modules.py``); the catalogue
row and the codes name it.
"""

from __future__ import annotations

from ..state import Player, World
from .action_spec import ActionSpec
from .card_words import CLAN_EN, CLAN_RU, STAKE_EN, STAKE_RU
from .clans import SOLDIERS
from .codes import Role

ROLE = Role.SOLDIER

MOVES: tuple[ActionSpec, ...] = ()
MOVE_NAMES: dict[str, tuple[str, str]] = {}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {}

DESCRIPTION: tuple[str, str] = (
    f"Ночное действие:\n{STAKE_RU}\n"
    "- застрелить любого игрока.\n"
    "- отравить любого игрока (игрок получает сообщение «отравлен»).\n"
    "- поиск Следователя. При нахождении - стреляет.\n"
    "- может изготовить одну бутылочку яда.\n"
    f"- может отказаться от ночного действия.\n{CLAN_RU}",
    f"Night move:\n{STAKE_EN}\n"
    "- shoots any player.\n"
    "- poisons any player (he is told «poisoned»).\n"
    "- searches for the Investigator; if found, shoots.\n"
    "- may make one bottle of poison.\n"
    f"- may skip the night move.\n{CLAN_EN}",
)


def soldiers_beside(world: World, p: Player) -> list[Player]:
    """The active Soldiers of his clan, the Journalist-Soldier included (A-ROLE-JOURNALIST-6)."""
    members = world.clan_members(p.clan) if p.clan else []
    return [q for q in members if q.role in SOLDIERS]
