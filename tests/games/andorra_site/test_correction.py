"""The host's correction with fields (H-03): a corrected move with its parameters is resolved
again; bad input is refused in a Russian sentence and changes nothing (A-MOVE-6, issue 20 §10)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from nightfall.engine import Command, Rejected, kernel
from nightfall.games.andorra.site import AndorraSiteGame
from tests.server.harness import Live

from .test_server import create, ok, phase, sockets

# Starts a server, a subprocess or a database (tests/starts.py): not in `make check`.
pytestmark = pytest.mark.server

CAST = [
    ("Faya", "FAIRY"),
    ("Boss", "BOSS"),
    ("Sol", "SOLDIER"),
    ("Doc", "DOCTOR"),
    ("Pavel", "PV"),
    ("Sher", "SHERIFF"),
]
SEAT = {name: i + 1 for i, (name, _) in enumerate(CAST)}


def reviewed_night() -> tuple[AndorraSiteGame, Any]:
    """Night 1 resolved and waiting for the host: the Fairy gave Pavel a vest."""
    game = AndorraSiteGame()
    config = {"players": [n for n, _ in CAST], "roles": [r for _, r in CAST], "schedule": {"start": 0}}
    state = game.setup(config, 5)
    kernel.apply(game, state, Command("host", "end_day", {}, 1))
    gift = {"player": 1, "action": "FAIRY_GIFT", "target": SEAT["Pavel"], "params": {"gift": "VEST"}}
    kernel.apply(game, state, Command(1, "move", gift, 2))
    kernel.apply(game, state, Command("host", "end_night", {}, 3))
    assert game.view(state, "host")["phase"] == "REVIEW"
    return game, state


def correct(game: AndorraSiteGame, state: Any, payload: dict[str, Any]) -> None:
    kernel.apply(game, state, Command("host", "correct", payload, 4))


def test_a_correction_with_fields_is_resolved_again() -> None:
    """H-03, A-ROLE-FAIRY-4: the host changes the gift to the Sheriff's business card."""
    game, state = reviewed_night()
    fairy = [o for o in game.host_options(state) if o["player"] == SEAT["Faya"]]
    gift = next(o for o in fairy if o["action"] == "FAIRY_GIFT")
    assert "CARD_SHERIFF" in [c["value"] for c in gift["fields"][0]["choices"]]
    card = {
        "player": SEAT["Faya"],
        "action": "FAIRY_GIFT",
        "target": SEAT["Doc"],
        "params": {"gift": "CARD_SHERIFF"},
    }
    correct(game, state, card)
    host = game.view(state, "host")["host"]
    move = host["submissions"][str(SEAT["Faya"])]
    assert (move["params"], move["target"], move["corrected"]) == (
        {"gift": "CARD_SHERIFF"},
        SEAT["Doc"],
        True,
    )
    assert move["details"]["ru"] == "Подарок: визитка шерифа"
    # the review before publishing names the corrected gift in words, not only the move
    assert [c["ru"] for c in host["review"]["corrections"]] == [
        "Faya: подарок → Doc (Подарок: визитка шерифа)"
    ]
    doc = state.game.pending_world.player(SEAT["Doc"])
    assert "CARD_SHERIFF" in doc.items  # the night was resolved again with the corrected gift


BAD: list[tuple[dict[str, Any], str, str]] = [
    # a move of another role (A-MOVE-6): the Doctor does not shoot
    (
        {"player": 4, "action": "SHOOT", "target": 1},
        "not_your_move",
        "Ход «выстрел» не входит в ходы роли «Доктор» игрока Doc.",
    ),
    # a field of the wrong shape: the site refuses it before it can stop the night
    (
        {"player": 1, "action": "FAIRY_GIFT", "target": 4, "params": {"gift": 5}},
        "bad_params",
        "Ход «подарок»: неверно заполнено поле «Подарок».",
    ),
    # a field the move does not have
    (
        {"player": 4, "action": "HEAL", "target": 4, "params": {"gift": "VEST"}},
        "unknown_param",
        "У хода «лечить» нет поля «Подарок».",
    ),
    # a value the engine refuses (A-ITEM-GIFTLIST-1: vodka is not a gift)
    (
        {"player": 1, "action": "FAIRY_GIFT", "target": 4, "params": {"gift": "VODKA"}},
        "gift_not_in_stock",
        "Подарка «водка» у Феи больше нет.",
    ),
    # the Fairy's gift to herself (A-ROLE-FAIRY-2)
    (
        {"player": 1, "action": "FAIRY_GIFT", "target": 1, "params": {"gift": "VEST"}},
        "self_target",
        "Ход «подарок» нельзя сделать на себя.",
    ),
    # an unknown player, an unknown move
    ({"player": 99, "action": "STAY_HOME"}, "unknown_seat", "Такого игрока нет."),
    ({"player": 1, "action": "FLY"}, "unknown_move", "Такого ночного хода нет: «FLY»."),
    # a voucher kind that does not exist (A-ITEM-VOUCHER-1)
    (
        {"player": 5, "action": "USE_VOUCHER", "target": 4, "params": {"kind": "cruise"}},
        "no_item",
        "У игрока Pavel нет вещи «турпутевка» (или она получена этой ночью).",
    ),
]


@pytest.mark.parametrize(("payload", "code", "sentence"), BAD, ids=[b[1] for b in BAD])
def test_bad_corrections_are_refused_in_russian_and_change_nothing(
    payload: dict[str, Any], code: str, sentence: str
) -> None:
    """H-03, A-MOVE-6: the refusal is a Russian sentence (never ``code (rule) {params}``) and the
    night waiting for the host stays exactly as it was."""
    game, state = reviewed_night()
    before = json.dumps(game.snapshot(state), sort_keys=True, default=str)
    view_before = game.view(state, "host")
    command = Command("host", "correct", payload, 4)
    with pytest.raises(Rejected) as caught:
        kernel.apply(game, state, command)
    refused = game.refusal(state, command, caught.value)
    assert refused.code == code
    assert refused.text is not None and refused.text["ru"] == sentence
    assert not re.search(r"[a-z_]+ \(A-", refused.text["ru"])
    assert json.dumps(game.snapshot(state), sort_keys=True, default=str) == before
    assert game.view(state, "host") == view_before


async def test_the_desk_gets_the_correction_error_as_a_sentence(live: Live) -> None:
    """H-03: through the server the host's refused correction carries the engine's sentence."""
    game = await create(live)
    host, _players = await sockets(live, game)
    await ok(host, "end_day")
    await ok(host, "end_night")
    view = (await phase(host, "REVIEW"))["view"]
    egor = {o["action"] for o in view["host"]["options"] if o["player"] == 4}
    assert "HEAL" in egor and "SHOOT" not in egor  # the form offers the Doctor's moves only
    answer = await host.command("correct", player=4, action="SHOOT", target=1)
    assert answer["error"]["code"] == "not_your_move"
    assert answer["error"]["text"]["ru"] == "Ход «выстрел» не входит в ходы роли «Доктор» игрока Egor."
    answer = await host.command("correct", player=4, action="HEAL", target=4, params={"prefer": "x"})
    assert (
        answer["error"]["text"]["ru"]
        == "У хода «лечить» нет поля «Кого реанимировать, если я не отвечу вовремя (по порядку)»."
    )
