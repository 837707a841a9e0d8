"""An atheris (libFuzzer) target for the two rules engines as the server runs them: every
command type of Vang de Heks and Andorra (with its site's chat and checks), with payloads over every field either reads, from every kind of sender,
on states in several phases. Whatever comes in, ``kernel.apply`` either accepts or raises
``Rejected`` (nothing else escapes), and the refusal encodes as the server sends it (that
a refusal changes nothing is checked by tests/games/heks/test_bad_input_fuzz.py and the
property tests). Text has no lone surrogates: the server refuses those at the edge
(protocol.decode), before any engine sees them. Run by test_atheris.py in a child process:

    .venv/bin/python tests/fuzz/atheris_commands.py -runs=20000
"""

from __future__ import annotations

import copy
import math
import re
import sys
from pathlib import Path
from typing import Any

import atheris

with atheris.instrument_imports():
    from nightfall.engine import HOST, SYSTEM, Command, Rejected, kernel
    from nightfall.games.andorra.site.game import AndorraSiteGame
    from nightfall.games.heks import HeksGame
    from nightfall.games.heks.commands import PAYLOAD_KEYS
    from nightfall.server.protocol import encode

ANDORRA_SRC = Path(__file__).resolve().parents[2] / "src" / "nightfall" / "games" / "andorra"
ANDORRA_FIELDS = sorted(
    {
        f
        for p in ANDORRA_SRC.rglob("*.py")
        for f in re.findall(r"payload(?:\.get\(|\[)\"(\w+)\"", p.read_text())
    }
)
HEKS = HeksGame()
ANDORRA = AndorraSiteGame()  # the rules as a room runs them (the site's own checks first)
NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien"]
ANDORRA_ROLES = ["BOSS", "RECRUITER", "SHERIFF", "DOCTOR", "PV", "JOURNALIST", "PSYCHO", "VAMPIRE"]


def _heks_states() -> list[Any]:
    """A 6-player game in the role reveal, step A and the evening (a fixed deal)."""
    config = {
        "players": NAMES,
        "host": 1,
        "mode": "unlimited",
        "roles": ["SEER", "WITCH", "CROW", "PICKPOCKET", "PROTECTOR", "VILLAGER"],
    }
    state = HEKS.setup(config, 7)
    out = [copy.deepcopy(state)]
    for seat in range(1, 7):
        kernel.apply(HEKS, state, Command(seat, "ready", {}, 1))
    out.append(copy.deepcopy(state))  # DEPART_A
    return out


def _andorra_states() -> list[Any]:
    names = ["Anna", "Boris", "Gleb", "Egor", "Kira", "Lev", "Mila", "Nikita"]
    state = ANDORRA.setup({"players": names, "roles": ANDORRA_ROLES, "gifts": {}}, 1)
    out = [copy.deepcopy(state)]
    kernel.apply(ANDORRA, state, Command(HOST, "end_day", {}, 1))
    out.append(copy.deepcopy(state))  # the night
    return out


GAMES = [
    (HEKS, _heks_states(), sorted(PAYLOAD_KEYS), sorted(set().union(*PAYLOAD_KEYS.values()))),
    (ANDORRA, _andorra_states(), sorted(ANDORRA.commands), ANDORRA_FIELDS),
]


def _value(fdp: atheris.FuzzedDataProvider, depth: int = 0) -> Any:
    kind = fdp.ConsumeIntInRange(0, 9)
    if kind == 0:
        return None
    if kind == 1:
        return fdp.ConsumeBool()
    if kind == 2:
        return fdp.ConsumeIntInRange(-3, 14)
    if kind == 3:
        return fdp.ConsumeInt(12)  # up to 2^95 either way
    if kind == 4:
        return fdp.PickValueInList([math.nan, math.inf, -math.inf, -0.0, 1e308, 0.5])
    if kind == 5:
        return fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 40))
    if kind == 6:
        return fdp.PickValueInList(
            ["P1", "P6", "MIST", "MUSHROOM", "EMPTY", "for", "SHOOT", "HEAL", "\x00", "\u202e"]
        )
    if kind == 7 and depth < 3:
        return [_value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 6))]
    if kind == 8 and depth < 3:
        return {
            fdp.ConsumeUnicodeNoSurrogates(6): _value(fdp, depth + 1)
            for _ in range(fdp.ConsumeIntInRange(0, 3))
        }
    return fdp.ConsumeUnicodeNoSurrogates(2000)


# The state each prepared state's commands run on: a refusal changes nothing, so only an
# accepted command makes a fresh copy necessary (``one_input``).
WORK = [[copy.deepcopy(s) for s in states] for _, states, _, _ in GAMES]


def one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    g = fdp.ConsumeIntInRange(0, 1)
    game, states, types, fields = GAMES[g]
    i = fdp.ConsumeIntInRange(0, len(states) - 1)
    ctype = fdp.PickValueInList(types) if fdp.ConsumeBool() else fdp.ConsumeUnicodeNoSurrogates(12)
    payload: dict[str, Any] = {}
    for _ in range(fdp.ConsumeIntInRange(0, 5)):
        key = (
            fdp.PickValueInList(fields) if fdp.ConsumeIntInRange(0, 7) else fdp.ConsumeUnicodeNoSurrogates(8)
        )
        payload[key] = _value(fdp)
    actor = fdp.PickValueInList([1, 2, 3, 4, 5, 6, 8, 0, 99, HOST, SYSTEM, "x", -1])
    try:
        kernel.apply(game, WORK[g][i], Command(actor, ctype, payload, 10))
    except Rejected as refused:
        encode(refused.to_json())  # the refusal can be sent as it is
        return
    WORK[g][i] = copy.deepcopy(states[i])  # accepted: the next input starts from the prepared state


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
