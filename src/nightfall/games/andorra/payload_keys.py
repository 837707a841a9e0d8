"""A-SEC-3: the payload keys each Andorra command may carry.

Any other key is refused (``bad_payload {"keys": [...]}``, sorted) before the command is
read, so a stored command holds only what the rules read and junk cannot grow the room's
log (issue 30, finding 4). The same code and params shape as Vang de Heks (H-CMD-1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nightfall.engine import TICK, Rejected

_MOVE = frozenset({"player", "action", "target", "params"})

PAYLOAD_KEYS: dict[str, frozenset[str]] = {
    # a player's commands
    "vote": frozenset({"target", "ts"}),  # ``ts``: the CLI's forum time; the site refuses it
    "edit_vote": frozenset({"target", "ts"}),
    "move": _MOVE,
    "answer": frozenset({"prompt", "answer"}),
    "clan_poll": frozenset({"candidate"}),
    "article": frozenset({"text"}),
    "chat": frozenset({"text", "id"}),  # the site's clan chat (site/chat.py)
    "mail_address": frozenset({"address"}),  # the site's e-mail notices (site/mail.py, A-MAIL-3)
    # the host's
    "penalty": frozenset({"seat"}),
    "undo_penalty": frozenset({"seat"}),
    "end_day": frozenset(),
    "end_night": frozenset(),
    "close_prompts": frozenset(),
    "publish": frozenset(),
    "correct": _MOVE,
    "replace": frozenset({"seat", "nick"}),
    "narrative": frozenset({"text"}),
    "set_deadline": frozenset({"at"}),
    "pm_move": _MOVE | {"from"},
    "pm_vote": frozenset({"from", "target", "edit"}),
    "thread_votes": frozenset({"votes"}),
    "thread_alias": frozenset(
        {"name", "seat"}
    ),  # A-THREAD-5a: the site's alias table  # A-THREAD-1: the confirmed votes of a thread import
    "host_edit": frozenset({"op", "seat", "item", "role", "clan"}),
    "article_verdict": frozenset({"seat", "publish"}),
    "mail_settings": frozenset({"host", "port", "security", "user", "password", "sender", "clear"}),
    "mail_failed": frozenset({"error"}),  # the server's own (A-MAIL-5)
    TICK: frozenset(),
}


def refuse_unknown_keys(
    ctype: str, payload: Mapping[str, Any], allowed: frozenset[str] | None = None
) -> None:
    """A-SEC-3: ``bad_payload {"keys": [...]}`` when ``payload`` has a key ``ctype`` does not
    read (``allowed``: a narrower set than the rules', the site's)."""
    if allowed is None:
        allowed = PAYLOAD_KEYS.get(ctype, frozenset())
    if allowed.issuperset(payload):
        return
    raise Rejected("bad_payload", rule="A-SEC-3", keys=sorted(str(k) for k in payload if k not in allowed))
