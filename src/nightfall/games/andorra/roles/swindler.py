"""The Swindler (A-ROLE-SWINDLER): everything the role does, in one module.

His moves (their catalogue rows, names and limit), his steps (5: the chosen player's vote
copied and his vote changes; 36: the player who will vote like him the next day) and his
role card. The changes' window and checks are the tally's (``tally.swindler_window``,
``move_checks.py``). The common tables gather these parts (``roles/role_modules.py``); the
catalogue row, the codes and the steps' rows in ``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from ..tally import entry, swindler_window
from .action_spec import NONE, OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role
from .common import visit

ROLE = Role.SWINDLER

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.SWINDLER_CHANGE, StepId.SWINDLER_VOTE, "V", None, NONE, Role.SWINDLER),
    spec(Move.SWINDLER_CHOOSE, StepId.SWINDLER_CHOICE, "V", None, OTHER, Role.SWINDLER),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.SWINDLER_CHANGE.value: ("изменить голоса", "change votes"),
    Move.SWINDLER_CHOOSE.value: ("выбор игрока", "choose a player"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {
    Move.SWINDLER_CHOOSE.value: "SWINDLER",
}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {}

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет сирену.\nНочное действие:\n{STAKE_RU}\n"
    "- выбирает игрока, который на следующем дневном голосовании проголосует так же, как и "
    "Аферист.\n"
    "- может изменить два голоса из пяти последних проголосовавших (при 10 и менее игроках - "
    "один из трёх).",
    f"Starts with a siren.\nNight move:\n{STAKE_EN}\n"
    "- picks a player who will vote the same as the Swindler at the next day's vote.\n"
    "- may change two of the last five votes (with 10 players or fewer, one of the last three).",
)


def step_5_swindler(ctx: Night) -> None:
    """5a copy (A-TALLY-6, Q-23) then 5b changes (A-TALLY-7)."""
    pick = ctx.world.swindler_pick.get(str(ctx.n))
    if pick:
        sw, chosen = pick
        src, dst = entry(ctx, sw), entry(ctx, chosen)
        if src is not None and dst is not None:
            dst.update(target=src["target"], kind="VOTE" if src["kind"] == "VOTE" else "BLANK")
            dst["modified_by"].append("SWINDLER_COPY")
            ctx.audit_line(action="SWINDLER_COPY", actor=sw, target=chosen)
    for a in ctx.acts_at(StepId.SWINDLER_VOTE):
        if not ctx.start(a):
            continue
        window, _ = swindler_window(ctx.tally["entries"], ctx.in_game)
        for ch in a.params.get("changes", []):
            voter = int(ch["voter"])
            e = entry(ctx, voter)
            if e is None or voter not in window:
                continue
            tgt = ch.get("target")
            e.update(target=None if tgt is None else int(tgt), kind="BLANK" if tgt is None else "VOTE")
            e["modified_by"].append("SWINDLER")
            ctx.log(a.actor, a.code, voter, "V", "OK")
        a.result = "OK"


def step_36_swindler(ctx: Night) -> None:
    """A-ROLE-SWINDLER-2: the chosen player votes like the Swindler on Day N+1."""
    world = ctx.world
    for a in ctx.acts_at(StepId.SWINDLER_CHOICE):
        if not ctx.start(a) or a.target is None:
            continue
        world.record_target(a.actor, "SWINDLER", ctx.n, a.target)
        world.player(a.actor).targets("SWINDLER_PICKS").append(a.target)
        if visit(ctx, a):
            world.swindler_pick[str(ctx.n + 1)] = [a.actor, a.target]
