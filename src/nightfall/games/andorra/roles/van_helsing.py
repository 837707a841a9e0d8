"""Van Helsing (A-ROLE-VH): everything the role does, in one module.

His moves (their catalogue rows and names), what refuses them beyond the common checks (a
silver bullet only at a player he has confirmed as Undead), his step (38: the searches, which
shoot at once when they find, and the bullet), the players his searches confirm as Undead
(``common.confirm_undead``; the Nurse's report confirms too) and his role card. The common tables gather these parts
(``roles/role_modules.py``); the catalogue row, the codes and the step's row in
``night/steps.py`` name it. His results are the common search and Undead lines
(``MSG-SEARCH``, ``MSG-UNDEAD``). That he cannot be bitten and his bullets harm only the
Undead are rules of the hostile-action resolution (``night/hostile_actions.py``, A-OUTCOME-23).
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.hostile_actions import hostile
from ..night.step_ids import StepId
from ..state import Player
from .action_spec import OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role
from .common import CONFIRMED, confirm_undead, visit

ROLE = Role.VH

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.VH_SEARCH_VAMPIRE, StepId.VAN_HELSING, "W", None, OTHER, Role.VH),
    spec(Move.VH_SEARCH_HORSEMAN, StepId.VAN_HELSING, "W", None, OTHER, Role.VH),
    spec(Move.VH_SEARCH_UNDEAD, StepId.VAN_HELSING, "W", None, OTHER, Role.VH),
    spec(Move.VH_SHOOT, StepId.VAN_HELSING, "H", None, OTHER, Role.VH),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.VH_SEARCH_VAMPIRE.value: ("поиск Вампира", "search for the Vampire"),
    Move.VH_SEARCH_HORSEMAN.value: ("поиск Всадника без головы", "search for the Headless Horseman"),
    Move.VH_SEARCH_UNDEAD.value: ("поиск Нечисти", "search for the Undead"),
    Move.VH_SHOOT.value: ("выстрел серебряной пулей", "silver bullet"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {}

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет бронежилет.\nНочные действия:\n{STAKE_RU}\n"
    "- поиск Вампира. При нахождении сразу стреляет серебряной пулей.\n"
    "- поиск Всадника без головы. При нахождении сразу стреляет серебряной пулей.\n"
    "- поиск Нечисти;\n"
    "- может сделать выстрел серебряной пулей в Нечисть после проверки.\n"
    "- может отказаться от ночного действия.\n"
    "Не может быть укушен. Выстрелы наносят вред только Нечисти. Игнорирует бронежилет.",
    f"Starts with a bulletproof vest.\nNight move:\n{STAKE_EN}\n"
    "- searches for the Vampire; if found, shoots a silver bullet at once.\n"
    "- searches for the Headless Horseman; if found, shoots a silver bullet at once.\n"
    "- searches for the Undead;\n"
    "- may shoot a silver bullet at an Undead after checking him.\n"
    "- may skip the night move.\n"
    "Cannot be bitten. His shots harm only the Undead. Ignores the vest.",
)


def shoots_unconfirmed(p: Player, code: str, target: int) -> bool:
    """A-ROLE-VH-3: a silver bullet at a player not confirmed as Undead, refused (``no_check``)."""
    return code == Move.VH_SHOOT and target not in p.mem.get(CONFIRMED, [])


def step_38_van_helsing(ctx: Night) -> None:
    """A-ROLE-VH-2..4: searches (Vampire/Horseman shoot at once) and the silver bullet."""
    world = ctx.world
    sought = {"VH_SEARCH_VAMPIRE": Role.VAMPIRE, "VH_SEARCH_HORSEMAN": Role.HORSEMAN}
    for a in ctx.acts_at(StepId.VAN_HELSING):
        if not ctx.start(a) or a.target is None:
            continue
        me, t = world.player(a.actor), world.player(a.target)
        if a.code == Move.VH_SHOOT:
            a.result = hostile(ctx, a.actor, a.target, "SILVER", a.code).result
            continue
        if not visit(ctx, a, "W"):
            continue
        if a.code == Move.VH_SEARCH_UNDEAD:
            if t.undead:
                confirm_undead(me, a.target)
            a.lines = [("MSG-UNDEAD" if t.undead else "MSG-NOT-UNDEAD", {"X": a.orig})]
            continue
        role = sought[a.code]
        found = t.role == role and not t.ghoul
        line: dict[str, object] = {"X": a.orig, "role": role, "found": found, "shot": None}
        a.lines = [("MSG-SEARCH", line)]
        if found:
            confirm_undead(me, a.target)
            line["shot"] = hostile(ctx, a.actor, a.target, "SILVER", "VH_SHOOT").result == "OK"
