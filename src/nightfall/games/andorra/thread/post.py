"""One forum post as every reader hands it on, and the interface a reader implements."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


@dataclass
class Post:
    """A post with what the vote rules need: who, when, where, and its coloured text outside
    quotes (``red``/``blue``/``reddish``: one string per coloured span, in the post's order)."""

    id: str  # the forum's post id, unique within the thread
    author: str
    time_ms: int  # the post's time (epoch milliseconds, UTC)
    link: str
    red: list[str] = field(default_factory=list)
    blue: list[str] = field(default_factory=list)
    reddish: list[str] = field(default_factory=list)  # a red that is not red (A-THREAD-2a)
    edited: bool = False
    deleted: bool = False
    digest: str = ""  # the post's visible text, so a re-import notices a changed post

    def spans(self, colour: str) -> list[str]:
        """The spans of ``colour`` (red, blue or reddish)."""
        return self.red if colour == "red" else self.blue if colour == "blue" else self.reddish


class Reader(Protocol):
    """A forum engine's reader: one small module per engine (docs/andorra-host.md)."""

    name: str

    def accepts(self, text: str) -> bool:
        """True when ``text`` (a page, a JSON document or pasted BBCode) is this engine's."""
        ...

    def read(self, text: str, base_url: str = "") -> list[Post]:
        """The posts in ``text``, in thread order."""
        ...
