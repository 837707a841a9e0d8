"""The phone client's own text catalogs (web/src/heks/i18n/{en,nl}.ts), read at test time.

The browser tests find buttons by their accessible names, exactly as the client renders
them; reading the catalogs keeps the tests in step when someone rewords a button.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
I18N = REPO / "web" / "src" / "heks" / "i18n"
_ENTRY = re.compile(r'^\s*"([\w.]+)":\s*"((?:[^"\\]|\\.)*)",?\s*$', re.M)


@cache
def catalog(lang: str) -> dict[str, str]:
    src = (I18N / f"{lang}.ts").read_text(encoding="utf-8")
    return {m.group(1): json.loads(f'"{m.group(2)}"') for m in _ENTRY.finditer(src)}


def t(key: str, lang: str = "en", /, **params: object) -> str:
    """The client's ``t()``: the catalog text with ``{name}`` placeholders filled in."""
    text = catalog(lang)[key]
    return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m.group(1), m.group(0))), text)


def pattern(key: str, lang: str = "en") -> re.Pattern[str]:
    """A regex for a catalog text whose placeholders match anything (one group each)."""
    parts = re.split(r"\{\w+\}", catalog(lang)[key])
    return re.compile("^" + "(.+?)".join(re.escape(p) for p in parts) + "$")


def join_names(names: list[str], lang: str = "en") -> str:
    """The client's ``joinNames``: "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return t("names.and", lang, a=", ".join(names[:-1]), b=names[-1])


def split_names(text: str, lang: str = "en") -> list[str]:
    """Inverse of :func:`join_names` for names without commas."""
    m = pattern("names.and", lang).match(text)
    if not m:
        return [text] if text else []
    return [*m.group(1).split(", "), m.group(2)]


ROLES = ("VILLAGER", "HERB_DOCTOR", "PICKPOCKET", "PROTECTOR", "SEER", "WITCH", "CROW", "JESTER")
PLACES = ("P1", "P2", "P3", "P4", "P5", "P6")


def role_of(name: str, lang: str = "en") -> str:
    """The role code for a role name shown on the role card."""
    for code in ROLES:
        if t(f"role.{code}", lang) == name:
            return code
    raise KeyError(name)
