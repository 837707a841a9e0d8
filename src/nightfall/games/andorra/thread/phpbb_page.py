"""phpBB 3 (prosilver) topic pages, ``viewtopic.php`` as a browser saves it or the server
fetches it. Each post is ``div#p<id>.post``; its ``p.author`` holds the author's
``a.username``/``a.username-coloured`` and ``<time datetime>`` (3.2+); the body is
``div.content``; an edit leaves ``div.notice``, a soft delete ``p.post-notice.deleted`` or
``div.notice.post_deleted_msg`` (seen by moderators and the host)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from .html_tree import Node, coloured_spans, parse, squash, visible_text
from .post import Post

_POST_ID = re.compile(r"^p(\d+)$")


def _is_post(n: Node) -> bool:
    return n.tag == "div" and "post" in n.classes() and bool(_POST_ID.match(n.attrs.get("id", "")))


def _posts(root: Node) -> list[Node]:
    """The post elements, without walking into them."""
    out, stack = [], [root]
    while stack:
        n = stack.pop()
        if _is_post(n):
            out.append(n)
            continue
        stack.extend(c for c in reversed(n.children) if isinstance(c, Node))
    return out


@dataclass
class _Parts:
    author: str = ""
    time: str | None = None
    content: Node | None = None
    edited: bool = False
    deleted: bool = False


def _parts(post: Node) -> _Parts:
    """One walk over a post (outside its body) for the author, the time, the body and notices."""
    got = _Parts(deleted="deleted" in post.classes())
    stack: list[tuple[Node, bool]] = [(c, False) for c in reversed(post.children) if isinstance(c, Node)]
    while stack:
        n, in_author = stack.pop()
        cls = n.classes()
        if n.tag == "div" and "content" in cls and got.content is None:
            got.content = n  # the body is read by coloured_spans, not here
            continue
        if in_author and not got.author and {"username", "username-coloured"} & cls:
            got.author = squash(n.text())
        if n.tag == "time" and got.time is None:
            got.time = n.attrs.get("datetime")
        if {"post-notice", "deleted"} <= cls or {"notice", "post_deleted_msg"} <= cls:
            got.deleted = True
        elif "notice" in cls:
            got.edited = True
        inner = in_author or "author" in cls
        stack.extend((c, inner) for c in reversed(n.children) if isinstance(c, Node))
    return got


class PhpbbPage:
    name = "phpbb"

    def accepts(self, text: str) -> bool:
        head = text[:4000].lower()
        return "<html" in head or ("<div" in head and 'class="post' in text)

    def read(self, text: str, base_url: str = "") -> list[Post]:
        root = parse(text)
        out: list[Post] = []
        base = base_url.split("#")[0]
        for node in _posts(root):
            pid = _POST_ID.match(node.attrs["id"]).group(1)  # type: ignore[union-attr]
            parts = _parts(node)
            if parts.time is None:
                raise ValueError(f"post p{pid}: no <time datetime> (phpBB 3.2+ prosilver expected)")
            content = parts.content or Node("div")
            red, blue, reddish = coloured_spans(content)
            out.append(
                Post(
                    id=pid,
                    author=parts.author,
                    time_ms=int(datetime.fromisoformat(parts.time).timestamp() * 1000),
                    link=f"{base}#p{pid}" if base else f"viewtopic.php?p={pid}#p{pid}",
                    red=red,
                    blue=blue,
                    reddish=reddish,
                    edited=parts.edited,
                    deleted=parts.deleted,
                    digest=visible_text(content),
                )
            )
        return out
