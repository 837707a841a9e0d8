"""A-SEC-3: the payload keys each Andorra command may carry, read from the commands' types
(``command_types``, which the web client's ``send`` is typed with).

Any other key is refused (``bad_payload {"keys": [...]}``, sorted) before the command is
read, so a stored command holds only what the rules read and junk cannot grow the room's
log (issue 30, finding 4). The same code and params shape as Vang de Heks (H-CMD-1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_type_hints

from nightfall.engine import TICK, Rejected

from .command_types import AndorraCommandPayloads


def _payload_keys() -> dict[str, frozenset[str]]:
    """The keys of each command's payload type (``command_types``, what the pages send), plus
    the keys the rules read that no page sends: a vote's ``ts`` (the CLI's forum time; the
    site refuses it, ``site/game.py``) and the server's own ``mail_failed`` (A-MAIL-5)."""
    out = {
        name: frozenset(get_type_hints(payload))
        for name, payload in get_type_hints(AndorraCommandPayloads).items()
    }
    out["vote"] |= {"ts"}
    out["edit_vote"] |= {"ts"}
    return {**out, "mail_failed": frozenset({"error"}), TICK: frozenset()}


PAYLOAD_KEYS: dict[str, frozenset[str]] = _payload_keys()


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
