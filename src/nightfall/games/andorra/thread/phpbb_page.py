"""phpBB 3 (prosilver) topic pages, ``viewtopic.php`` as a browser saves it or the server
fetches it. Each post is ``div#p<id>.post``; its ``p.author`` holds the author's
``a.username``/``a.username-coloured`` and ``<time datetime>`` (3.2+); the body is
``div.content``; an edit leaves ``div.notice``, a soft delete ``p.post-notice.deleted`` or
``div.notice.post_deleted_msg`` (seen by moderators and the host)."""

from __future__ import annotations

import re
from datetime import datetime

from .html_tree import Node, coloured_spans, parse, squash, visible_text
from .post import Post

_POST_ID = re.compile(r"^p(\d+)$")


def _is_post(n: Node) -> bool:
    return n.tag == "div" and "post" in n.classes() and bool(_POST_ID.match(n.attrs.get("id", "")))


def _author(post: Node) -> str:
    box = post.find(lambda n: "author" in n.classes()) or post
    who = box.find(lambda n: bool({"username", "username-coloured"} & n.classes()))
    if who is None:
        who = post.find(lambda n: bool({"username", "username-coloured"} & n.classes()))
    return squash(who.text()) if who is not None else ""


def _time_ms(post: Node) -> int:
    t = post.find(lambda n: n.tag == "time" and "datetime" in n.attrs)
    if t is None:
        raise ValueError(f"post {post.attrs.get('id')}: no <time datetime> (phpBB 3.2+ prosilver expected)")
    return int(datetime.fromisoformat(t.attrs["datetime"]).timestamp() * 1000)


def _deleted(post: Node) -> bool:
    if "deleted" in post.classes():
        return True
    return (
        post.find(
            lambda n: (
                {"post-notice", "deleted"} <= n.classes() or {"notice", "post_deleted_msg"} <= n.classes()
            )
        )
        is not None
    )


def _edited(post: Node) -> bool:
    return post.find(lambda n: "notice" in n.classes() and "post_deleted_msg" not in n.classes()) is not None


class PhpbbPage:
    name = "phpbb"

    def accepts(self, text: str) -> bool:
        head = text[:4000].lower()
        return "<html" in head or ("<div" in head and 'class="post' in text)

    def read(self, text: str, base_url: str = "") -> list[Post]:
        root = parse(text)
        out: list[Post] = []
        base = base_url.split("#")[0]
        for node in root.iter():
            if not _is_post(node):
                continue
            pid = _POST_ID.match(node.attrs["id"]).group(1)  # type: ignore[union-attr]
            content = node.find(lambda n: n.tag == "div" and "content" in n.classes()) or Node("div")
            red, blue = coloured_spans(content)
            out.append(
                Post(
                    id=pid,
                    author=_author(node),
                    time_ms=_time_ms(node),
                    link=f"{base}#p{pid}" if base else f"viewtopic.php?p={pid}#p{pid}",
                    red=red,
                    blue=blue,
                    edited=_edited(node),
                    deleted=_deleted(node),
                    digest=visible_text(content),
                )
            )
        return out
