"""The Fairy (A-ROLE-FAIRY): everything the role does, in one module.

Her move (its catalogue row and name; its field, the gift, is in ``move_params.py``), her
step (17: a gift from her stock, renewed when it runs out), her role card and her message.
The common tables gather these parts (``roles/role_modules.py``); the catalogue row, the
codes and the steps' rows in ``night/steps.py`` name it.
"""

from __future__ import annotations

from ..items import GIFT_LIST
from ..night.ctx import Night
from ..night.step_ids import StepId
from .action_spec import OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role
from .common import visit

ROLE = Role.FAIRY

MOVES: tuple[ActionSpec, ...] = (spec(Move.FAIRY_GIFT, StepId.FAIRY, "V", None, OTHER, Role.FAIRY),)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.FAIRY_GIFT.value: ("подарок", "gift"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-GIFT": {"": ("Вам подарили: {item}.", "You were given: {item}.")},
}

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет бронежилет и сирену.\nНочное действие:\n{STAKE_RU}\n"
    "- дарит подарок одному из игроков из списка: бронежилет, сирена, яд, противоядие, диплом, "
    "визитка босса мафии, визитка доктора, визитка шерифа, визитка журналиста, турпутевка.\n"
    "Не может сделать подарок себе. Все подарки доступны для использования после ночи дарения.",
    f"Starts with a bulletproof vest and a siren.\nNight move:\n{STAKE_EN}\n"
    "- gives one player a gift from the list: vest, siren, poison, antidote, diploma, "
    "business card of the Mafia Boss, of the Doctor, of the Sheriff, of the Journalist, "
    "a travel voucher.\n"
    "Cannot give herself a gift. Gifts can be used from the night after they are given.",
)


def step_17_fairy(ctx: Night) -> None:
    """A-ROLE-FAIRY-2..4, A-ITEM-GIFTLIST-2/3."""
    world = ctx.world
    for a in ctx.acts_at(StepId.FAIRY):
        if not ctx.start(a) or a.target is None:
            continue
        gift = str(a.params.get("gift"))
        if gift not in world.fairy_stock or not visit(ctx, a):
            a.result = "FAIL"
            continue
        world.player(a.target).give(gift, ctx.n)
        world.fairy_stock.remove(gift)
        if not world.fairy_stock:  # renewed after the 10th distinct delivery
            world.fairy_stock = list(GIFT_LIST)
        ctx.notice(a.target, "MSG-GIFT", item=gift)
