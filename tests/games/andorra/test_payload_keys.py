"""A-SEC-3 and issue 33 §4: the keys each Andorra command may carry are read from the
commands' types (``command_types``), which the web pages' ``send`` is typed with (generated
into web/src/generated/protocol.ts): a command added to the rules without its type, or a field
renamed on one side only, fails here or in the web client's typecheck."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_type_hints

from nightfall.engine import TICK
from nightfall.games.andorra.command_types import AndorraCommandPayloads
from nightfall.games.andorra.payload_keys import PAYLOAD_KEYS
from nightfall.games.andorra.site.game import AndorraSiteGame

WEB = Path(__file__).resolve().parents[3] / "web" / "src" / "andorra"
# Read by the rules, sent by no page: the CLI's vote time and the server's mail failure (A-MAIL-5).
NOT_FROM_A_PAGE = {"vote": {"ts"}, "edit_vote": {"ts"}}
SERVER_ONLY = {"mail_failed", TICK}


def test_every_command_a_page_may_send_has_its_payload_type_A_SEC_3() -> None:
    typed = get_type_hints(AndorraCommandPayloads)
    assert set(typed) == AndorraSiteGame().commands - SERVER_ONLY
    for name, payload in typed.items():
        keys = {*get_type_hints(payload), *NOT_FROM_A_PAGE.get(name, set())}
        assert PAYLOAD_KEYS[name] == keys, name


def test_every_command_the_rules_take_lists_its_keys_A_SEC_3() -> None:
    assert set(PAYLOAD_KEYS) == AndorraSiteGame().commands | {TICK}


def test_the_pages_send_only_through_the_typed_command() -> None:
    """A page that called ``conn.command`` itself would send an untyped payload again."""
    untyped = [
        f"{path.relative_to(WEB)}:{n}"
        for path in sorted(WEB.rglob("*.ts*"))
        if path.name != "send.ts"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\bconn\.command\(", line)
    ]
    assert untyped == []
    assert "conn.command(type, { ...payload[0] })" in (WEB / "send.ts").read_text(encoding="utf-8")
