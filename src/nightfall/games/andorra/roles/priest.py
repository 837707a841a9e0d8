"""The Priest (A-ROLE-PRIEST): everything the role does, in one module.

His moves (their catalogue rows, names and limits), what refuses them beyond the common
checks, his step (12: a confession, a hostile «CROSS» on the Undead, or a blessing), his role
card and his messages (``MSG-NOT-SINFUL`` is common: the Jailer's sin check answers
with it too). The common tables gather these parts (``roles/role_modules.py``); the
catalogue row, the codes and the step's row in ``night/steps.py`` name it. What a blessing
does to a hostile act and which hostile acts the Priest himself survives are rules of the
hostile-action resolution (``night/hostile_actions.py``, A-OUTCOME-12..16); his heart failure when a
confessed Maniac tortures is the Maniac's (``maniac.py``, A-ROLE-PRIEST-6/8).
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.hostile_actions import hostile
from ..night.step_ids import StepId
from ..state import Player
from .action_spec import ANY, OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role
from .common import visit

ROLE = Role.PRIEST

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.PRIEST_CONFESS, StepId.PRIEST, "V", None, OTHER, Role.PRIEST),
    spec(Move.PRIEST_BLESS, StepId.PRIEST, "V", None, ANY, Role.PRIEST),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.PRIEST_CONFESS.value: ("исповедь", "confession"),
    Move.PRIEST_BLESS.value: ("благословение", "blessing"),
}
# A-ROLE-PRIEST-3: each player confessed once per game; the targets are kept under "CONFESS".
ONCE_PER_TARGET: dict[str, str] = {Move.PRIEST_CONFESS.value: "CONFESS"}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-CONFESSED": {
        "": ("Вас исповедали. Вы получили крестик.", "You were confessed. You received a cross.")
    },
    "MSG-SINFUL": {"": ("{X} грешен(на).", "{X} is sinful.")},
}
# The player's memory: he has blessed (once per game, A-ROLE-PRIEST-5).
_BLESSED = "blessed"

DESCRIPTION: tuple[str, str] = (
    f"Невербуемая роль.\nНочное действие:\n{STAKE_RU}\n"
    "- принудительно исповедует любого участника. Узнает, грешен игрок или нет. Во время исповеди "
    "дарит крестик. Каждого участника может исповедовать только один раз за игру.\n"
    "- благословить любого участника. Доступно 1 раз за игру. Любое враждебное действие против "
    "благословленного в эту ночь возвращается совершившему.\n"
    "Священника можно зарезать, отравить, сжечь и взорвать. Остальные враждебные действия в "
    "Священника - «неудачно».",
    f"Cannot be recruited.\nNight move:\n{STAKE_EN}\n"
    "- hears anyone's confession: learns whether the player is sinful, and gives him a cross. "
    "Each player at most once per game.\n"
    "- blesses anyone, once per game: any hostile act against him that night turns back on "
    "its maker.\n"
    "The Priest can be stabbed, poisoned, burned and blown up; every other hostile act on him fails.",
)


def blesses_again(p: Player, code: str) -> bool:
    """A-ROLE-PRIEST-5: a second blessing, refused (``once_per_game``)."""
    return code == Move.PRIEST_BLESS and bool(p.mem.get(_BLESSED))


def step_12_priest(ctx: Night) -> None:
    """A-ROLE-PRIEST-2..8: confession (a hostile CROSS on the Undead) or blessing."""
    world = ctx.world
    for a in ctx.acts_at(StepId.PRIEST):
        if not ctx.start(a) or a.target is None:
            continue
        me = world.player(a.actor)
        if a.code == Move.PRIEST_BLESS:
            me.mem[_BLESSED] = True
            if visit(ctx, a):
                ctx.blessed.add(a.target)
            continue
        me.targets("CONFESS").append(a.target)
        t = world.player(a.target)
        mark = len(ctx.notices)  # the confession notice comes before a cross poisoning's
        ok = hostile(ctx, a.actor, a.target, "CROSS", a.code).result == "OK" if t.undead else visit(ctx, a)
        a.result = "OK" if ok else "FAIL"
        if not ok:
            continue
        ctx.confessed_by[a.target] = a.actor
        ctx.events[-1].note = "CONFESSION"
        t.give("CROSS", ctx.n)
        ctx.notices.insert(mark, (a.target, "MSG-CONFESSED", {}))
        a.lines = [("MSG-SINFUL" if t.sinful else "MSG-NOT-SINFUL", {"X": a.orig})]
