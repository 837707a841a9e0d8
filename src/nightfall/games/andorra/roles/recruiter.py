"""The Mafia Recruiter (A-ROLE-RECRUITER): everything the role does alone, in one module.

His own move (recruitment into the clan: its catalogue row and name), what refuses his moves
beyond the common checks (a full clan; a shot or poisoning while the clan has a Soldier), his
step (23, where the clan's poison-making runs too: ``clans.recruit``) and his role card. The
offer is decided at dawn (``night/dawn.py``, D4); his shot, poisoning and poison-making are
the clan's (``clans.py``). The common tables gather these parts (``roles/role_modules.py``);
the catalogue row, the codes and the step's row in ``night/steps.py`` name it.
"""

from __future__ import annotations

from ..clan_heads import MAX_CLAN
from ..night.ctx import Night
from ..night.step_ids import StepId
from ..state import Player, World
from .action_spec import OTHER, ActionSpec, spec
from .card_words import CLAN_EN, CLAN_RU, STAKE_EN, STAKE_RU
from .clans import recruit
from .codes import Move, Role
from .soldier import soldiers_beside

ROLE = Role.RECRUITER

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.RECRUIT, StepId.MAFIA_RECRUIT, "V", "RECRUIT", OTHER, Role.RECRUITER),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.RECRUIT.value: ("вербовка", "recruitment"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {}

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет сирену.\nНочное действие:\n{STAKE_RU}\n"
    "- вербует в клан.\n"
    "- застрелить/отравить любого игрока в случае отсутствия/выбытия в клане Рядового мафиози.\n"
    "- может изготовить одну бутылочку яда.\n"
    "- может отказаться от ночного действия.\n"
    "Если игрок согласен, вербовка происходит. Этот игрок становится Рядовым мафиози. Если не "
    f"согласен, Вербовщик может повторно послать приглашение.\n{CLAN_RU}",
    f"Starts with a siren.\nNight move:\n{STAKE_EN}\n"
    "- recruits into the clan.\n"
    "- shoots/poisons any player if the clan has no Soldier left.\n"
    "- may make one bottle of poison.\n"
    "- may skip the night move.\n"
    "If the player agrees, he becomes a Mafia Soldier. If he refuses, the Recruiter may send "
    f"the invitation again.\n{CLAN_EN}",
)


def shoots_beside_soldiers(world: World, p: Player, code: str) -> bool:
    """A-ROLE-RECRUITER-2: he shoots or poisons only when the clan has no active Soldier
    (``recruiter_needs_no_soldier``)."""
    return code in (Move.SHOOT, Move.POISON) and p.role == Role.RECRUITER and bool(soldiers_beside(world, p))


def recruits_into_full_clan(world: World, p: Player, code: str) -> bool:
    """A-RECRUIT-12: no offer from a clan that has its five members (``clan_full``)."""
    return code == Move.RECRUIT and p.clan is not None and len(world.clan_members(p.clan)) >= MAX_CLAN


def step_23_mafia_recruit(ctx: Night) -> None:
    """A-ROLE-RECRUITER-2, A-ROLE-MAFIA-6: his offers, and the clan's poison-making."""
    recruit(ctx, StepId.MAFIA_RECRUIT, "mafia")
