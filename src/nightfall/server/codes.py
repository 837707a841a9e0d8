"""Room codes: short, easy to read aloud and to type on a phone.

Consonants only: no I/O/0/1 to confuse, and no vowels, so no code spells a
word. 20^4 = 160,000 codes is plenty for one server's rooms.
"""

from __future__ import annotations

import secrets

ALPHABET = "BCDFGHJKLMNPQRSTVWXZ"
LENGTH = 4


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise(raw: str) -> str | None:
    """The canonical form of a typed code, or None if it cannot be one."""
    code = raw.strip().upper()
    if len(code) != LENGTH or any(ch not in ALPHABET for ch in code):
        return None
    return code
