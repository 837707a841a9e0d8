"""The Tour Operator (A-ROLE-TOUROP): everything the role does, in one module.

His moves (their catalogue rows, names and limits), his step (13: a tour, which makes the
player unreachable and blocks him, or an excursion, which blocks him) and the trip itself,
which a tour voucher also sends (``item_uses.py``, 13a), his role card and his messages. The
return is at step 43 (``night/engine_steps.py``). The common tables gather these parts
(``roles/role_modules.py``); the catalogue row, the codes and the steps' rows in
``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Act, Night
from ..night.step_ids import StepId
from .action_spec import OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role
from .common import visit

ROLE = Role.TOUROP

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.TOUR_SEND, StepId.TOUR_OPERATOR, "V", None, OTHER, Role.TOUROP),
    spec(Move.TOUR_EXCURSION, StepId.TOUR_OPERATOR, "V", None, OTHER, Role.TOUROP),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.TOUR_SEND.value: ("отправить в тур", "send on a tour"),
    Move.TOUR_EXCURSION.value: ("отправить на экскурсию", "send on an excursion"),
}
ONCE_PER_TARGET: dict[str, str] = {
    Move.TOUR_SEND.value: "TOUR",
    Move.TOUR_EXCURSION.value: "EXCURSION",
}
CONSECUTIVE_FAMILY: dict[str, str] = {
    Move.TOUR_SEND.value: "TOUROP",
    Move.TOUR_EXCURSION.value: "TOUROP",
}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-TOUR": {"": ("Вы отправлены в тур.", "You have been sent on a tour.")},
    "MSG-EXCURSION": {"": ("Вы отправлены на экскурсию.", "You have been sent on an excursion.")},
}

DESCRIPTION: tuple[str, str] = (
    f"Ночное действие:\n{STAKE_RU}\n"
    "- отправляет в тур одного игрока. Он не может совершать ночных ходов, и на него не "
    "действуют ночные ходы других игроков.\n"
    "- отправляет на экскурсию одного игрока. Он не может совершать ночных ходов, но на него "
    "действуют ночные ходы других игроков.\n"
    "Не может отправить самого себя, одного игрока два раза за игру и воздействовать на одного "
    "игрока две ночи подряд.",
    f"Night move:\n{STAKE_EN}\n"
    "- sends a player on a tour: he makes no night move and no one's night move reaches him.\n"
    "- sends a player on an excursion: he makes no night move, but others' moves still reach him.\n"
    "Cannot send himself, the same player twice per game, nor the same player two nights in a row.",
)


def trip(ctx: Night, a: Act, tour: bool) -> None:
    """A-ROLE-TOUROP-3/4/6: tour = inaccessible + block; excursion = block."""
    assert a.target is not None
    if not visit(ctx, a):
        return
    (ctx.on_tour if tour else ctx.on_excursion).add(a.target)
    ctx.block(a.target)
    ctx.notice(a.target, "MSG-TOUR" if tour else "MSG-EXCURSION")


def step_13_tour_operator(ctx: Night) -> None:
    for a in ctx.acts_at(StepId.TOUR_OPERATOR):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.world.record_target(a.actor, "TOUROP", ctx.n, a.target)
        ctx.world.player(a.actor).targets("TOUR" if a.code == Move.TOUR_SEND else "EXCURSION").append(
            a.target
        )
        trip(ctx, a, a.code == Move.TOUR_SEND)
