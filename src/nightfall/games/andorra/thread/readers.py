"""The forum readers, tried in order; adding a forum engine is one module with a ``Reader``
(post.py) and one line here (docs/andorra-host.md)."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from .discourse_topic import DiscourseTopic
from .phpbb_bbcode import PhpbbBbcode
from .phpbb_page import PhpbbPage
from .post import Post, Reader
from .votes import ThreadVote

READERS: list[Reader] = [DiscourseTopic(), PhpbbBbcode(), PhpbbPage()]


class NotAThread(ValueError):
    """No reader takes the text; ``kind`` says what it looks like instead, so the host is
    told what to give (``reasons.SENTENCES["thread_unreadable"]``): ``empty``, ``quotes``
    (``[quote]`` without the ``post_id`` and ``time`` that phpBB's «Цитировать» writes),
    ``text`` (no markup at all: the page's text copied from the browser), ``other``."""

    def __init__(self, kind: str) -> None:
        super().__init__(
            f"not a forum page this reader knows (phpBB page, Discourse JSON, phpBB quote BBCode): {kind}"
        )
        self.kind = kind


def _kind_of(text: str) -> str:
    if not text.strip():
        return "empty"
    if re.search(r"\[quote", text, re.IGNORECASE):
        return "quotes"
    if "<" not in text and "{" not in text:
        return "text"
    return "other"


def reader_for(text: str) -> Reader:
    for r in READERS:
        if r.accepts(text):
            return r
    raise NotAThread(_kind_of(text))


def read_any(text: str, base_url: str = "") -> list[Post]:
    return reader_for(text).read(text, base_url)


def merge(pages: list[list[Post]]) -> list[Post]:
    """Several pages (or the same page twice) as one thread: a post once, the last copy read."""
    seen: dict[str, Post] = {}
    for page in pages:
        for p in page:
            seen[p.id] = p
    return list(seen.values())


def fingerprint(p: Post) -> str:
    """What a vote post said, so a re-import notices a post changed since (A-THREAD-8)."""
    return hashlib.sha256("\x1f".join([*p.red, "\x1e", p.digest]).encode()).hexdigest()[:16]


def command_rows(votes: list[ThreadVote], posts: list[Post]) -> list[dict[str, Any]]:
    """The ``thread_votes`` command's rows (A-THREAD-1): each vote with its post's time and
    a fingerprint of the post, so a re-import notices edits (the desk's and the CLI's)."""
    by_id = {p.id: p for p in posts}
    return [
        {
            "voter": v.voter,
            "target": v.target,
            "ts": v.time_ms,
            "post": v.link,
            "void": v.void if v.void in ("EDIT", "MULTI") else None,
            "digest": fingerprint(by_id[v.post]),
        }
        for v in votes
    ]
