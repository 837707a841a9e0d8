"""The Clonidine Floozy, Shmara (A-ROLE-SHMARA): everything the role does, in one module.

Her moves (their catalogue rows, names and limits), her step (28: a night spent, clonidine
with the theft of an item, or a tablet stolen), her role card and her messages. Her
clonidine is a hostile act (``night/hostile_actions.py``); its field, the items she would take first, is
in ``move_params.py``. The common tables gather these parts (``roles/role_modules.py``); the
catalogue row, the codes and the steps' rows in ``night/steps.py`` name it.
"""

from __future__ import annotations

from typing import Any

from ..items import DISPLAY_ONLY
from ..night.ctx import Night
from ..night.hostile_actions import hostile
from ..night.step_ids import StepId
from .action_spec import NONE, OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .catalogue import PISTOL_ROLES
from .codes import Move, Role
from .common import visit

ROLE = Role.SHMARA

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.SHMARA_NIGHT, StepId.SHMARA, "V", None, OTHER, Role.SHMARA),
    spec(Move.SHMARA_CLONIDINE, StepId.SHMARA, "H", None, OTHER, Role.SHMARA),
    spec(Move.SHMARA_STEAL, StepId.SHMARA, "S", None, NONE, Role.SHMARA),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.SHMARA_NIGHT.value: ("провести ночь", "spend the night"),
    Move.SHMARA_CLONIDINE.value: ("клофелин", "clonidine"),
    Move.SHMARA_STEAL.value: ("своровать клофелин", "steal clonidine"),
}
ONCE_PER_TARGET: dict[str, str] = {
    Move.SHMARA_CLONIDINE.value: "CLONIDINE",
}
CONSECUTIVE_FAMILY: dict[str, str] = {
    Move.SHMARA_NIGHT.value: "SHMARA",
    Move.SHMARA_CLONIDINE.value: "SHMARA",
}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-THEFT": {"": ("У вас пропал предмет: {item}.", "An item of yours is missing: {item}.")},
    "MSG-SHMARA-PROMPT": {"": ("Вещи {X}: {items}. Что забрать?", "{X}'s things: {items}. What to take?")},
    # A-ROLE-SHMARA-5a: what the question showed her, in the morning (reports/answered.py)
    "MSG-SHMARA-ITEMS": {"": ("Вещи {X}: {items}.", "{X}'s things: {items}.")},
    # [IMPL] H-08: the host's prompt when a PV takes a mafia role in the two-clan variant.
}

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет две таблетки клофелина.\nНочное действие:\n{STAKE_RU}\n"
    "- проводит с игроком ночь. Ход игрока блокируется, голос на дневном голосовании не "
    "учитывается.\n"
    "- поит игрока клофелином. Ход блокируется, игрок отравлен; может забрать одну его вещь.\n"
    "- своровать клофелин в аптеке (получает одну таблетку клофелина).\n"
    "- может отказаться от ночного хода.",
    f"Starts with two clonidine pills.\nNight move:\n{STAKE_EN}\n"
    "- spends the night with a player: his move is blocked and his vote does not count.\n"
    "- gives a player clonidine: his move is blocked, he is poisoned; may take one of his items.\n"
    "- steals clonidine from the pharmacy (gets one pill).\n"
    "- may skip the night move.",
)


def _pseudo(role: str) -> list[str]:
    return ["PISTOL"] if role in PISTOL_ROLES else (["KNIFE"] if role == Role.MANIAC else [])


def step_28_shmara(ctx: Night) -> None:
    """A-ROLE-SHMARA-2..5: spend the night (block + vote loss), clonidine (HAR), steal a tablet."""
    world = ctx.world
    for a in ctx.acts_at(StepId.SHMARA):
        if not ctx.start(a):
            continue
        me = world.player(a.actor)
        if a.code == Move.SHMARA_STEAL:
            me.give("CLONIDINE", ctx.n)
            a.result = "OK"
            ctx.log(a.actor, a.code, None, "S", "OK")
            continue
        assert a.target is not None
        world.record_target(a.actor, "SHMARA", ctx.n, a.target)
        if a.code == Move.SHMARA_NIGHT:
            if visit(ctx, a):
                ctx.block(a.target, by=a.actor)
                world.lose_vote(ctx.n + 1, a.target, "SHMARA")
            continue
        me.targets("CLONIDINE").append(a.target)
        out = hostile(ctx, a.actor, a.target, "CLONIDINE", a.code)
        a.result = out.result
        if out.result != "OK":
            continue
        me.take("CLONIDINE")
        ctx.block(a.target, by=a.actor)
        victim = world.player(a.target)
        stealable = sorted(i for i in victim.items if i not in DISPLAY_ONLY)
        pid = ctx.prompt_id("SHMARA_ITEM", a.actor)
        prefs = [str(x) for x in a.params.get("take", [])]
        listed = next((i for i in prefs if i in stealable), None)
        if listed is not None:  # A-ROLE-SHMARA-5: a listed item she can take is taken, no question
            victim.take(listed)
            me.give(listed, ctx.n)
            ctx.notice(a.target, "MSG-THEFT", item=listed)
            continue
        params: dict[str, Any] = {"X": a.target, "items": sorted(stealable + _pseudo(victim.role))}
        prompt: dict[str, Any] = {
            "id": pid,
            "seat": a.actor,
            "kind": "SHMARA_ITEM",
            "options": stealable,
            "default": None,  # nothing
            "key": "MSG-SHMARA-PROMPT",
            "params": params,
        }
        item = ctx.ask([prompt])[pid]
        # A-ROLE-SHMARA-5a: the question stays in her messages with its answer, as the PV's does
        ctx.dawn_msgs.append((a.actor, "MSG-SHMARA-PROMPT", params))
        if item in stealable:
            victim.take(item)
            me.give(item, ctx.n)
            ctx.notice(a.target, "MSG-THEFT", item=item)
