"""Typed rejections of illegal commands.

A rejection is data (a code, parameters and the rule ID that forbids the
command), so the presentation layer can localise it and tests can assert on it.
The engine guarantees that a rejected command leaves the state unchanged: game
handlers validate completely before they mutate anything.
"""

from __future__ import annotations

from typing import Any


class Rejected(Exception):
    def __init__(self, code: str, rule: str | None = None, **params: Any) -> None:
        self.code = code
        self.rule = rule
        self.params = params
        # the game's own sentence for people (language -> text), when the game gives one
        self.text: dict[str, str] | None = None
        where = f" ({rule})" if rule else ""
        detail = f" {params}" if params else ""
        super().__init__(f"{code}{where}{detail}")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "params": self.params}
        if self.rule:
            out["rule"] = self.rule
        if self.text:
            out["text"] = dict(self.text)
        return out
