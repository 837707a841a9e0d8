"""H-CMD-1: a payload key no rule reads is refused (``bad_payload`` with the sorted
``keys``) for every command type, before anything else and without a change, so a
stored command holds only what the rules read (issue 30, finding 4: 2,040 ``depart``
commands with a 7 KB junk key grew a room by 16.7 MB)."""

from __future__ import annotations

import copy

import pytest

from nightfall.engine import SYSTEM, TICK, Command, Rejected
from nightfall.games.heks import HeksGame, commands

from .kit import Scenario

JUNK = "x" * 7000


def _actor(ctype: str) -> int | str:
    return SYSTEM if ctype in (TICK, commands.RESUME) else 1


@pytest.mark.parametrize("ctype", sorted(commands.COMMANDS | {TICK}))
def test_an_unknown_key_is_refused_for_every_command_type_H_CMD_1(ctype: str) -> None:
    g = Scenario.standard(5)
    before = copy.deepcopy(g.snapshot())
    payload = {"zz": 1, "junk": JUNK, **dict.fromkeys(commands.PAYLOAD_KEYS[ctype], None)}
    with pytest.raises(Rejected) as refused:
        HeksGame().apply(g.state, Command(_actor(ctype), ctype, payload, g.now))
    assert refused.value.code == "bad_payload", f"H-CMD-1: {ctype}"
    assert refused.value.params == {"keys": ["junk", "zz"]}, f"H-CMD-1: {ctype}"
    assert g.snapshot() == before


def test_every_command_type_lists_its_keys_H_CMD_1() -> None:
    assert set(commands.PAYLOAD_KEYS) == commands.COMMANDS | {TICK}


def test_the_keys_a_client_sends_pass_H_CMD_1() -> None:
    """The step stamp (web/src/core/connection.ts) and the fields of a real tap are known."""
    g = Scenario.standard(5)
    g.send("Anna", "ready", step=g.state.step)
    exc = g.reject("Bram", "ready", step=g.state.step, mood="happy")
    assert (exc.code, exc.params) == ("bad_payload", {"keys": ["mood"]})


def test_the_mask_keeps_its_own_answer_H_JST_1() -> None:
    g = Scenario.standard(5)
    g.all_ready()
    exc = g.reject("Anna", "depart", place="P1", mask=True)
    assert (exc.code, exc.rule) == ("not_your_step", "H-JST-1")


def test_a_refused_key_is_named_back_safely_H_CMD_1() -> None:
    """A key that could not be encoded (a lone surrogate) or a long one is not echoed raw."""
    g = Scenario.standard(5)
    exc = g.reject("Anna", "ready", **{"\ud800": 1, "k" * 500: 2})
    assert exc.params == {"keys": ["?", "k" * 40]}


def test_every_phone_command_has_its_payload_type_for_the_clients_H_CMD_1() -> None:
    """The keys the rules accept are read from the payload types the phones' ``send`` is typed
    with (``command_types``, generated into web/src/generated/protocol.ts): a command added to
    the rules without its type, or a field renamed on one side only, fails here or in the web
    client's typecheck."""
    from typing import get_type_hints

    from nightfall.games.heks.command_types import HeksCommandPayloads

    typed = get_type_hints(HeksCommandPayloads)
    assert set(typed) == set(commands.HANDLERS)
    for name, payload in typed.items():
        extra = {"depart": {"mask"}, "pass_host": {"reason"}}.get(name, set())
        assert commands.PAYLOAD_KEYS[name] == {*payload.__annotations__, "step", *extra}, name
