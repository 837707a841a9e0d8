"""The Mafia Boss (A-ROLE-BOSS): everything the role does alone, in one module.

His moves are the clan's (``clans.py``: the shot and the clan's bottle at 32, his search for
the Sheriff at 26, which the Soldiers' search shares), so this module holds his role card and
the check that refuses his poisoning while the clan has a Soldier or a Recruiter. He sends the
clan's moves (``clan_heads.sender``); his death opens the clan's poll (``night/dawn.py``, D5).
The common tables gather these parts (``roles/role_modules.py``); the catalogue row and the
codes name it.
"""

from __future__ import annotations

from ..state import Player, World
from .action_spec import ActionSpec
from .card_words import CLAN_EN, CLAN_RU, STAKE_EN, STAKE_RU
from .codes import Move, Role
from .soldier import soldiers_beside

ROLE = Role.BOSS

MOVES: tuple[ActionSpec, ...] = ()
MOVE_NAMES: dict[str, tuple[str, str]] = {}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {}

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет бронежилет.\nНочное действие:\n{STAKE_RU}\n"
    "- поиск Шерифа. При нахождении - стреляет.\n"
    "- застрелить любого игрока.\n"
    "- может травить любого игрока в случае отсутствия/выбытия в клане Рядового/Вербовщика.\n"
    f"- может отказаться от ночного действия.\n{CLAN_RU}",
    f"Starts with a bulletproof vest.\nNight move:\n{STAKE_EN}\n"
    "- searches for the Sheriff; if found, shoots.\n"
    "- shoots any player.\n"
    "- may poison any player if the clan has no Soldier/Recruiter left.\n"
    f"- may skip the night move.\n{CLAN_EN}",
)


def poisons_beside_soldiers(world: World, p: Player, code: str) -> bool:
    """A-ROLE-BOSS-3: he poisons only when the clan has no active Soldier (the
    Journalist-Soldier included) and no active Recruiter (``boss_poison_needs_no_soldier``)."""
    if code != Move.POISON or p.role != Role.BOSS:
        return False
    recruiters = [q for q in world.clan_members(p.clan) if q.role == Role.RECRUITER] if p.clan else []
    return bool(soldiers_beside(world, p) or recruiters)
