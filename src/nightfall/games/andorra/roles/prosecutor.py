"""The Prosecutor (A-ROLE-PROSECUTOR): everything the role does, in one module.

His moves (their catalogue rows and names), what refuses them beyond the common checks, his
steps (2: the accusation, his doubled vote for the accused, twice a game; 27: the search for a
Loner role, or the report of a search to the Sheriff), his role card and his messages. The
common tables gather these parts (``roles/role_modules.py``); the catalogue row, the codes
and the steps' rows in ``night/steps.py`` name it. The search's field (``role``) is in
``move_params.py``.
"""

from __future__ import annotations

from typing import Any

from ..night.ctx import Night
from ..night.step_ids import StepId
from ..state import Player
from ..tally import entry
from .action_spec import OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .catalogue import LONERS, ROLES
from .codes import Move, Role
from .common import visit

ROLE = Role.PROSECUTOR

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.PROSECUTOR_ACCUSE, StepId.PROSECUTOR_VOTE, "V", "VOTE_ALTER", OTHER, Role.PROSECUTOR),
    spec(Move.PROSECUTOR_SEARCH, StepId.PROSECUTOR, "W", None, OTHER, Role.PROSECUTOR),
    spec(Move.PROSECUTOR_REPORT, StepId.PROSECUTOR, "S", None, OTHER, Role.PROSECUTOR),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.PROSECUTOR_ACCUSE.value: ("обвинение", "accusation"),
    Move.PROSECUTOR_SEARCH.value: ("поиск Одиночек", "search for a Loner"),
    Move.PROSECUTOR_REPORT.value: ("сообщить Шерифу", "report to the Sheriff"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-PROSECUTOR-SEARCH": {
        "yes": ("{X} — {role}: да.", "{X} — {role}: yes."),
        "no": ("{X} — {role}: нет.", "{X} — {role}: no."),
    },
    "MSG-PROSECUTOR-TO-SHERIFF": {
        "yes": (
            "Сообщение от Прокурора: {X} — {role}: да.",
            "Message from the Prosecutor: {X} — {role}: yes.",
        ),
        "no": (
            "Сообщение от Прокурора: {X} — {role}: нет.",
            "Message from the Prosecutor: {X} — {role}: no.",
        ),
    },
}
# His memory: how many accusations he made (A-ROLE-PROSECUTOR-2: two a game), and his
# searches' results by seat, what he may report to the Sheriff (A-ROLE-PROSECUTOR-3).
_ACCUSATIONS = "accusations"
_SEARCHES = "searches"

DESCRIPTION: tuple[str, str] = (
    f"Невербуемая роль.\nНочное действие:\n{STAKE_RU}\n"
    "- может два раза за игру обвинить любого персонажа в причастности к Мафии: на дневном "
    "голосовании голосует двойным голосом против него.\n"
    "- может совершать поиск Одиночек: «Ищу Телепата - имя персонажа».",
    f"Cannot be recruited.\nNight move:\n{STAKE_EN}\n"
    "- twice per game may accuse anyone of belonging to the Mafia: at the day's vote his vote "
    "against that player counts double.\n"
    "- may search for a Loner: «I look for the Telepath — player's name».",
)


def accuses_a_third_time(p: Player, code: str) -> bool:
    """A-ROLE-PROSECUTOR-2: a third accusation, refused (``twice_per_game``)."""
    return code == Move.PROSECUTOR_ACCUSE and int(p.mem.get(_ACCUSATIONS, 0)) >= 2


def reports_nothing(p: Player, code: str) -> bool:
    """A-ROLE-PROSECUTOR-3: a report before any search, refused (``nothing_to_report``)."""
    return code == Move.PROSECUTOR_REPORT and not p.mem.get(_SEARCHES)


def searchable(role: Any) -> bool:
    """A-ROLE-PROSECUTOR-3: he searches for a Loner role (else ``not_a_loner_role``)."""
    return role in ROLES and ROLES[str(role)].faction == LONERS


def step_2_prosecutor(ctx: Night) -> None:
    """A-ROLE-PROSECUTOR-2/3, A-TALLY-3: his entry := accused, ×2 (twice per game)."""
    for a in ctx.acts_at(StepId.PROSECUTOR_VOTE):
        if not ctx.start(a) or a.target is None:
            continue
        p = ctx.world.player(a.actor)
        p.mem[_ACCUSATIONS] = int(p.mem.get(_ACCUSATIONS, 0)) + 1
        e = entry(ctx, a.actor)
        if e is not None:
            e.update(target=a.target, kind="VOTE")
            e["weight"] *= 2
            e["modified_by"].append("ACCUSE")
        a.result = "OK"
        ctx.log(a.actor, a.code, a.target, "V", "OK")


def step_27_prosecutor(ctx: Night) -> None:
    """A-ROLE-PROSECUTOR-2/3: a Loner-role search (yes/no) or a report to the Sheriff."""
    world = ctx.world
    for a in ctx.acts_at(StepId.PROSECUTOR):
        if not ctx.start(a) or a.target is None:
            continue
        me = world.player(a.actor)
        if a.code == Move.PROSECUTOR_REPORT:
            a.result = "OK"
            ctx.log(a.actor, a.code, None, "S", "OK")
            got = me.mem.get(_SEARCHES, {}).get(str(a.target))
            sheriff = next((p for p in world.players if p.alive and p.role == Role.SHERIFF), None)
            if got is not None and sheriff is not None:
                ctx.notice(sheriff.seat, "MSG-PROSECUTOR-TO-SHERIFF", X=a.target, role=got[0], yes=got[1])
            continue
        if not visit(ctx, a, "W"):
            continue
        role = str(a.params.get("role"))
        yes = world.player(a.target).role == role
        me.mem.setdefault(_SEARCHES, {})[str(a.target)] = [role, yes]
        a.lines = [("MSG-PROSECUTOR-SEARCH", {"X": a.orig, "role": role, "yes": yes})]
