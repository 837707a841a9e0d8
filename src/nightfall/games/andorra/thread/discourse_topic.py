"""Discourse topics, their JSON (``/t/<id>.json``, ``/t/<id>/posts.json``): ``post_stream.posts``
with ``id``, ``username``, ``created_at``, ``cooked`` (the post's HTML), ``post_number``,
``version`` (> 1: edited), ``deleted_at``/``user_deleted`` (deleted). A quote is
``aside.quote`` around a blockquote; colours come from a BBCode colour plugin as
``<span style="color: …">`` or ``<font color>``."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from .html_tree import coloured_spans, parse, visible_text
from .post import Post


def _posts(doc: Any) -> list[dict[str, Any]]:
    if isinstance(doc, dict):
        stream = doc.get("post_stream")
        if isinstance(stream, dict) and isinstance(stream.get("posts"), list):
            return [p for p in stream["posts"] if isinstance(p, dict)]
        if isinstance(doc.get("posts"), list):  # /posts.json
            return [p for p in doc["posts"] if isinstance(p, dict)]
    raise ValueError("not a Discourse topic: no post_stream.posts")


class DiscourseTopic:
    name = "discourse"

    def accepts(self, text: str) -> bool:
        head = text.lstrip()[:1]
        return head == "{" and ('"post_stream"' in text or '"posts"' in text[:200])

    def read(self, text: str, base_url: str = "") -> list[Post]:
        doc = json.loads(text)
        slug, topic = doc.get("slug", "topic"), doc.get("id", "")
        site = base_url.split("/t/")[0] if "/t/" in base_url else base_url.rstrip("/")
        out: list[Post] = []
        for p in _posts(doc):
            body = parse(str(p.get("cooked") or ""))
            red, blue, reddish = coloured_spans(body)
            number = p.get("post_number", "")
            tid = p.get("topic_id", topic)
            when = datetime.fromisoformat(str(p["created_at"]).replace("Z", "+00:00"))
            out.append(
                Post(
                    id=str(p["id"]),
                    author=str(p.get("username") or ""),
                    time_ms=int(when.timestamp() * 1000),
                    link=f"{site}/t/{slug}/{tid}/{number}",
                    red=red,
                    blue=blue,
                    reddish=reddish,
                    edited=int(p.get("version") or 1) > 1,
                    deleted=bool(p.get("deleted_at")) or bool(p.get("user_deleted")),
                    digest=visible_text(body),
                )
            )
        out.sort(key=lambda q: (q.time_ms, q.id))
        return out
