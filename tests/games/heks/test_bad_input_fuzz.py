"""Random commands at every step of whole games: each one is either accepted or rejected with
``Rejected`` and an unchanged snapshot; nothing else may escape (kernel contract: validate, then
mutate; docs/heks-commands.md: malformed input is ``bad_payload``, never a crash).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from nightfall.engine import Command, Rejected, kernel, tick
from nightfall.games.heks import HeksGame

from .kit import NAMES

TYPES = [
    "ready",
    "confirm",
    "depart",
    "guard_place",
    "witch_place",
    "witch_spell",
    "witch_mist",
    "witch_target",
    "witch_second",
    "end_discussion",
    "seer_check",
    "pickpocket_target",
    "pickpocket_take",
    "propose",
    "approve",
    "play_card",
    "exile_vote",
    "mark_absent",
    "force_continue",
    "tick",
    "bogus",
]
KEYS = [
    "place",
    "guard",
    "turn_back",
    "mask",
    "spell",
    "mist_place",
    "target",
    "ingredient",
    "members",
    "vote",
    "card",
    "seat",
    "step",
    "extra",
]
VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    2,
    3,
    -1,
    99,
    1.5,
    "",
    "P1",
    "P3",
    "P6",
    "P9",
    "MUSHROOM",
    "COBWEB",
    "EMPTY",
    "GOLD",
    "for",
    "against",
    "MIST",
    "TWIN_HEX",
    "DISGUISE",
    [1, 2],
    [1, 2, 3, 4],
    [1, "a"],
    [True, 2],
    {"a": 1},
    "1",
]


# Well-typed payloads per command type, so that most commands get past the shallow checks.
SHAPES: dict[str, dict[str, str]] = {
    "depart": {"place": "place", "guard": "bool", "turn_back": "seat?", "mask": "bool"},
    "guard_place": {"place": "place"},
    "witch_place": {"place": "place"},
    "witch_spell": {"spell": "spell?", "mist_place": "place"},
    "witch_mist": {"place": "place"},
    "witch_target": {"target": "seat?"},
    "witch_second": {"target": "seat?"},
    "seer_check": {"target": "seat"},
    "pickpocket_target": {"target": "seat"},
    "pickpocket_take": {"ingredient": "ingredient"},
    "propose": {"members": "seats"},
    "approve": {"vote": "vote"},
    "play_card": {"card": "card"},
    "exile_vote": {"target": "seat?"},
    "mark_absent": {"seat": "seat"},
}
INGREDIENTS = ["MUSHROOM", "MOONFLOWER", "SPRINGWATER", "OWL_FEATHER", "CRYSTAL", "COBWEB"]


def typed(rnd: random.Random, kind: str, n: int) -> Any:
    if kind.endswith("?") and rnd.random() < 0.2:
        return None
    kind = kind.rstrip("?")
    if kind == "place":
        return rnd.choice(["P1", "P2", "P3", "P4", "P5", "P6"])
    if kind == "bool":
        return rnd.random() < 0.5
    if kind == "seat":
        return rnd.randint(1, n)
    if kind == "seats":
        return rnd.sample(range(1, n + 1), rnd.choice([2, 3, 4]))
    if kind == "spell":
        return rnd.choice(["MIST", "DISGUISE", "CREEPING_CURSE", "TWIN_HEX"])
    if kind == "ingredient":
        return rnd.choice(INGREDIENTS)
    if kind == "card":
        return rnd.choice([*INGREDIENTS, "EMPTY"])
    return rnd.choice(["for", "against"])


PHASE_TYPES = {
    "ROLE_REVEAL": ["ready"],
    "DEPART_A": ["depart", "mark_absent", "force_continue"],
    "GUARD_B": ["depart", "guard_place", "force_continue"],
    "WITCH_C": ["witch_place", "witch_spell", "witch_mist", "witch_target", "witch_second"],
    "DISCUSSION": ["end_discussion", "seer_check", "pickpocket_target", "pickpocket_take"],
    "PROPOSAL": ["propose", "pickpocket_target", "pickpocket_take", "seer_check"],
    "APPROVAL_VOTE": ["approve", "seer_check"],
    "RITUAL": ["play_card", "seer_check"],
    "EXILE_VOTE": ["exile_vote"],
}


def random_command(rnd: random.Random, n: int, now: int, phase: str) -> Command:
    ctype = rnd.choice(PHASE_TYPES.get(phase, ["confirm"]) if rnd.random() < 0.6 else TYPES)
    if rnd.random() < 0.7:  # plausible: a real seat and a well-typed payload
        shape = SHAPES.get(ctype, {})
        payload = {k: typed(rnd, kind, n) for k, kind in shape.items() if rnd.random() < 0.7}
        return Command(actor=rnd.randint(1, n), type=ctype, payload=payload, now=now)
    actor: Any = rnd.choice([*range(0, n + 2), "system", "host", True, -3])
    payload = {k: rnd.choice(VALUES) for k in rnd.sample(KEYS, rnd.randint(0, 3))}
    return Command(actor=actor, type=ctype, payload=payload, now=now + rnd.choice([-5, 0, 0, 0, 7]))


def drive(n: int, seed: int, mode: str) -> int:
    rnd = random.Random(seed * 1000 + n)
    game = HeksGame()
    state = game.setup({"players": NAMES[:n], "host": 1, "mode": mode, "discuss_seconds": 60}, seed)
    now = 1_000
    tried = 0
    for _ in range(600):
        if game.result(state) is not None:
            break
        for _ in range(2):
            cmd = random_command(rnd, n, now, game.view(state, "all")["phase"])
            before = json.dumps(game.snapshot(state), sort_keys=True)
            tried += 1
            try:
                kernel.apply(game, state, cmd)
            except Rejected:
                assert json.dumps(game.snapshot(state), sort_keys=True) == before, (
                    f"rejected {cmd} changed the state"
                )
            else:
                now = max(now, cmd.now)
        if game.result(state) is not None:
            break
        deadline = game.next_deadline(state)
        if deadline is not None:
            now = max(now, deadline)
            kernel.apply(game, state, tick(now))
            continue
        pending = game.view(state, 1)["host"]["pending"] or [
            p["seat"] for p in game.view(state, "public")["players"] if p["status"] == "CAT"
        ]
        for seat in pending:
            if game.result(state) is not None or game.next_deadline(state) is not None:
                break
            try:
                kernel.apply(
                    game, state, Command(actor=1, type="mark_absent", payload={"seat": seat}, now=now)
                )
            except Rejected:
                break
        if game.view(state, "public")["phase"] == "DEPART_A" and game.next_deadline(state) is None:
            kernel.apply(game, state, Command(actor=1, type="force_continue", payload={}, now=now))
    return tried


@pytest.mark.parametrize("n", [4, 7, 9, 12])
@pytest.mark.parametrize("mode", ["timed", "unlimited"])
def test_random_commands_are_accepted_or_cleanly_rejected(n: int, mode: str) -> None:
    # Kernel contract (validate, then mutate), H-ERR-5, H-HST-1, H-HST-2, H-SEQ-1.
    for seed in range(3):
        assert drive(n, seed, mode) > 10
