"""The Domovoi (A-ROLE-DOMOVOI): everything the role does, in one module.

His moves (their catalogue rows, names and limits), what refuses them beyond the common
checks, his step (14: a block, incorporeal, or the Priest's burning), the energy he gathers
by skipping a night (at step 43), his role card and his message. The common tables gather
these parts (``roles/role_modules.py``); the catalogue row, the codes and the step's row in
``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.hostile_actions import hostile
from ..night.step_ids import StepId
from ..state import Player
from .action_spec import OTHER, ActionSpec, spec
from .codes import Move, Role
from .common import visit

ROLE = Role.DOMOVOI

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.DOMOVOI_BLOCK, StepId.DOMOVOI, "V", None, OTHER, Role.DOMOVOI),
    spec(Move.DOMOVOI_BURN, StepId.DOMOVOI, "H", None, OTHER, Role.DOMOVOI),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.DOMOVOI_BLOCK.value: ("блок", "block"),
    Move.DOMOVOI_BURN.value: ("сжечь", "burn"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {Move.DOMOVOI_BLOCK.value: "DOMOVOI"}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-ROLE-IS": {"": ("{X} — {role}.", "{X} is the {role}.")},
}

DESCRIPTION: tuple[str, str] = (
    "Бесплотный персонаж. Блокирует двери и окна, не дает совершить ход игроку, но и игрок "
    "никому не доступен для воздействия.\n"
    "Не может две ночи подряд блокировать одного и того же игрока. Может совершить сожжение "
    "Священника, для этого нужно накопить энергию, то есть пропустить один ход.",
    "A bodiless being. Blocks doors and windows: the player cannot make a move, but no one "
    "can act on him either.\n"
    "Cannot block the same player two nights in a row. Can burn the Priest after gathering "
    "energy, that is, skipping one move.",
)


def burns_without_energy(p: Player, code: str) -> bool:
    """A-ROLE-DOMOVOI-7: a burning needs the energy of a skipped night (``no_energy``)."""
    return code == Move.DOMOVOI_BURN and p.energy < 1


def gather_energy(ctx: Night) -> None:
    """A-ROLE-DOMOVOI-7, at step 43: a living Domovoi who made no move tonight has the energy."""
    for p in ctx.world.players:
        if p.role == Role.DOMOVOI and p.alive:
            act = ctx.acts.get(p.seat)
            if act is None or act.code == Move.STAY_HOME:
                p.energy = 1


def step_14_domovoi(ctx: Night) -> None:
    """A-ROLE-DOMOVOI-2..7: block (fails on the Undead but reveals the role) or burn."""
    world = ctx.world
    for a in ctx.acts_at(StepId.DOMOVOI):
        if not ctx.start(a) or a.target is None:
            continue
        t = world.player(a.target)
        if a.code == Move.DOMOVOI_BURN:
            world.player(a.actor).energy = 0
            a.result = hostile(ctx, a.actor, a.target, "BURN", a.code).result
            ctx.events[-1].visible = False  # incorporeal (A-ROLE-DOMOVOI-7)
            continue
        world.record_target(a.actor, "DOMOVOI", ctx.n, a.target)
        if t.undead and t.alive:
            a.result = "FAIL"
            a.lines = [("MSG-ROLE-IS", {"X": a.orig, "role_of": a.target})]
            ctx.log(a.actor, a.code, a.target, "V", "FAIL", visible=False)
            continue
        ok = visit(ctx, a)
        ctx.events[-1].visible = False
        if not ok:
            continue
        ctx.dom_blocked.add(a.target)
        ctx.block(a.target)
        world.lose_vote(ctx.n + 1, a.target, "DOMOVOI")
        if t.role == Role.PRIEST:
            a.lines = [("MSG-ROLE-IS", {"X": a.orig, "role_of": a.target})]
