"""The Rebel (A-ROLE-REBEL): everything the role does, in one module.

His moves (their catalogue rows and names), his steps (4: the unused votes he disposes of;
24: recruiting followers; 31: the shot of the follower he appoints), his role card and the
message a new follower gets. The shot's row stays in the common table (``actions.py``): it is
made by the appointed follower (``"*rebel_shooter"``), not by the Rebel's role. The offer
itself is decided at dawn with the clans' (``night/dawn.py``, D4) and his succession is the
clan heads' (``clan_heads.promote``). The common tables gather these parts
(``roles/role_modules.py``); the catalogue row, the codes and the steps' rows in
``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from ..state import Player, World
from ..tally import entry
from .action_spec import NONE, OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .clans import recruit, shoot
from .codes import Move, Role

ROLE = Role.REBEL

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.REBEL_VOTES, StepId.REBEL_VOTES, "V", None, NONE, Role.REBEL),
    spec(Move.REBEL_RECRUIT, StepId.REBEL_RECRUIT, "V", None, OTHER, Role.REBEL),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.REBEL_VOTES.value: ("распорядиться голосами", "dispose of the unused votes"),
    Move.REBEL_RECRUIT.value: ("вербовка", "recruitment"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-RECRUITED-REBEL": {
        "": (
            "Вы завербованы Бунтарём и стали его последователем. Ваша роль сохраняется. "
            "Бунтарь и последователи: {list}.",
            "The Rebel recruited you as a follower. You keep your role. The Rebel and followers: {list}.",
        )
    },
}

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет бронежилет.\nНочное действие:\n{STAKE_RU}\n"
    "- способен распоряжаться неиспользованными голосами на посадку на свое усмотрение.\n"
    "- вербует последователей.\n"
    "- может отказаться от ночного хода.\n"
    "Когда последователей трое - может назначать исполнителя выстрела.",
    f"Starts with a bulletproof vest.\nNight move:\n{STAKE_EN}\n"
    "- disposes of the unused votes at the jailing vote as he likes.\n"
    "- recruits followers.\n"
    "- may skip the night move.\n"
    "With three followers he may name one of them to shoot.",
)


def followers(world: World) -> list[Player]:
    """A-ROLE-REBEL-7: the group's active Followers (the Rebel not counted)."""
    return [q for q in world.clan_members("rebel") if q.follower]


def step_4_rebel_votes(ctx: Night) -> None:
    """A-ROLE-REBEL-9, A-TALLY-5: unused (NONE) votes assigned by the Rebel."""
    for a in ctx.acts_at(StepId.REBEL_VOTES):
        if not ctx.start(a):
            continue
        mapping: dict[int, int] = {int(k): int(v) for k, v in (a.params.get("mapping") or {}).items()}
        if a.params.get("all") is not None:
            for s, e in ctx.tally["entries"].items():
                if e["kind"] == "NONE":
                    mapping.setdefault(s, int(a.params["all"]))
        for voter, cand in sorted(mapping.items()):
            e = entry(ctx, voter)
            if e is not None and e["kind"] == "NONE":
                e.update(target=cand, kind="VOTE")
                e["modified_by"].append("REBEL")
                ctx.log(a.actor, a.code, voter, "V", "OK")
        a.result = "OK"


def step_24_rebel_recruit(ctx: Night) -> None:
    """A-ROLE-REBEL-2/3: an offer to follow him, decided at dawn (D4)."""
    recruit(ctx, StepId.REBEL_RECRUIT, "rebel")


def step_31_rebel_shot(ctx: Night) -> None:
    """A-ROLE-REBEL-6/7: the appointed shooter's pistol. A-ROLE-REBEL-6b: «Если их количество
    становится меньше трёх — они теряют возможность выстрела» holds at this step too: a
    follower who died earlier in the night (the Maniac at 30) or was jailed cancels the shot."""
    for a in ctx.acts_at(StepId.REBEL_SHOT):
        if len(followers(ctx.world)) < 3:
            a.state, a.result = "CANCELLED", "FAIL"
            ctx.audit_line(actor=a.actor, action=a.code, target=a.target, note="REBEL_BELOW_THREE")
            continue
        if ctx.start(a) and a.target is not None:
            shoot(ctx, a)
