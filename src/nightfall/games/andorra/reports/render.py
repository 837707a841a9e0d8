"""Rendering catalogue messages for one language."""

from __future__ import annotations

from typing import Any

from ..items import item_name
from ..state import World, display_role, role_name
from .catalogue import CATALOGUE, OK_WORD


def _variant(key: str, params: dict[str, Any]) -> str:
    if key == "MSG-SEARCH":
        if not params.get("found"):
            return "not"
        return "found" if params.get("shot") is None else "found_shot"
    for flag in ("yes", "undead"):
        if flag in params:
            return "yes" if params[flag] else "no"
    return ""


def render(world: World, key: str, params: dict[str, Any], lang: str = "ru") -> str:
    variants = CATALOGUE[key]
    ru, en = variants[_variant(key, params)]
    text = ru if lang == "ru" else en

    def nick(s: Any) -> str:
        return world.player(int(s)).nick

    values: dict[str, str] = {}
    for k in ("X", "A", "B", "sheriff"):
        if params.get(k) is not None:
            values[k] = nick(params[k])
    if "role_of" in params:
        values["role"] = display_role(world, world.player(int(params["role_of"])), lang)
    elif "role" in params:
        values["role"] = role_name(str(params["role"]), lang)
    if "item" in params:
        values["item"] = item_name(str(params["item"]), lang)
    if "list" in params:
        values["list"] = ", ".join(nick(s) for s in params["list"])
    if "items" in params:
        values["items"] = ", ".join(item_name(i, lang) for i in params["items"])
    if "roles" in params:
        values["roles"] = ", ".join(role_name(r, lang) for r in params["roles"])
    if "labels" in params:
        values["labels"] = (
            ", ".join(f"«{x}»" for x in params["labels"])
            if lang == "ru"
            else ", ".join(f'"{x.replace("вербовка", "offer")}"' for x in params["labels"])
        )
    for flag in ("ok", "shot"):
        if isinstance(params.get(flag), bool):
            values["ok"] = OK_WORD[params[flag]][0 if lang == "ru" else 1]
    return text.format(**values)
