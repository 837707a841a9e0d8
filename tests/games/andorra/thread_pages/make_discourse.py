"""Writes the Discourse fixture: a topic as ``GET /t/{id}.json`` returns it (Discourse API
docs: ``post_stream.posts[]`` with id, username, created_at (UTC), cooked, post_number,
version, deleted_at, user_deleted; a quote is ``aside.quote`` with ``data-username``/
``data-post``; colours from the BBCode colour plugin as ``<font color>`` or a span style)."""

import json
from pathlib import Path
from typing import Any

TOPIC_ID = 4242


def post(
    n: int,
    pid: int,
    user: str,
    uid: int,
    at: str,
    cooked: str,
    version: int = 1,
    deleted_at: str | None = None,
    user_deleted: bool = False,
) -> dict[str, Any]:
    return {
        "id": pid,
        "name": "",
        "username": user,
        "avatar_template": f"/user_avatar/forum.example/{user}/{{size}}/1_2.png",
        "created_at": at,
        "cooked": cooked,
        "post_number": n,
        "post_type": 1,
        "updated_at": at,
        "reply_count": 0,
        "reply_to_post_number": None,
        "quote_count": 0,
        "incoming_link_count": 0,
        "reads": 3,
        "readers_count": 2,
        "score": 0.4,
        "yours": False,
        "topic_id": TOPIC_ID,
        "topic_slug": "andorra-12",
        "display_username": "",
        "version": version,
        "can_edit": False,
        "can_delete": False,
        "user_title": None,
        "bookmarked": False,
        "actions_summary": [],
        "moderator": False,
        "admin": False,
        "staff": False,
        "user_id": uid,
        "hidden": False,
        "trust_level": 1,
        "deleted_at": deleted_at,
        "user_deleted": user_deleted,
        "edit_reason": None,
        "can_view_edit_history": True,
        "wiki": False,
    }


def quote(user: str, n: int, inner: str) -> str:
    return (
        f'<aside class="quote no-group" data-username="{user}" data-post="{n}" data-topic="{TOPIC_ID}">\n'
        f'<div class="title">\n<div class="quote-controls"></div>\n<img alt="" width="24" height="24" '
        f'src="/user_avatar/forum.example/{user}/48/1_2.png" class="avatar"> {user}:</div>\n'
        f"<blockquote>\n{inner}\n</blockquote>\n</aside>\n"
    )


POSTS = [
    post(
        1,
        501,
        "host",
        1,
        "2026-12-06T07:00:00.000Z",
        '<p>День 1. <font color="red">Голосование красным.</font></p>',
    ),
    post(
        2,
        502,
        "rubin1988",
        3,
        "2026-12-06T07:05:00.000Z",
        '<p>Начнём. <font color="red">Kassandra</font></p>',
    ),
    post(
        3,
        503,
        "Kassandra",
        4,
        "2026-12-06T07:10:00.000Z",
        quote("rubin1988", 2, '<p>Начнём. <font color="red">Kassandra</font></p>')
        + '<p>Ну-ну. <span style="color: red">rubin1988</span></p>',
    ),
    post(
        4,
        504,
        "Серый_Кардинал",
        5,
        "2026-12-06T07:20:00.000Z",
        '<p><span style="color: #f00">agent 51</span></p>\n<p><font color="blue">Ведущий, вопрос.</font></p>',
    ),
    post(
        5,
        505,
        "agent_51",
        6,
        "2026-12-06T07:30:00.000Z",
        '<p><span style="color: rgb(255,0,0)">agent 51</span></p>',
    ),
    post(
        6,
        506,
        "Motya",
        8,
        "2026-12-06T07:40:00.000Z",
        '<p><font color="#ff0000">Kassandra</font> и <font color="#ff0000">Oleg</font></p>',
    ),
    post(7, 507, "Deepcourier", 9, "2026-12-06T07:50:00.000Z", '<p><font color="red">Kasandra</font></p>'),
    post(8, 508, "Oleg", 7, "2026-12-06T08:00:00.000Z", '<p><font color="red">Лиса</font></p>', version=2),
    post(9, 509, "Lisa", 10, "2026-12-06T09:00:00.000Z", '<p><font color="red">пустой голос</font></p>'),
    post(10, 510, "rubin1988", 3, "2026-12-06T09:30:00.000Z", '<p><font color="red">Мотя</font></p>'),
    post(
        11,
        511,
        "Kassandra",
        4,
        "2026-12-06T10:00:00.000Z",
        "<p>(post deleted by author)</p>",
        user_deleted=True,
    ),
    post(12, 512, "Lisa", 10, "2026-12-06T18:05:00.000Z", '<p><font color="red">Oleg</font></p>'),
]
TOPIC = {
    "post_stream": {"posts": POSTS, "stream": [p["id"] for p in POSTS]},
    "timeline_lookup": [[1, 0]],
    "suggested_topics": [],
    "tags": [],
    "id": TOPIC_ID,
    "title": "Андорра. Партия 12",
    "fancy_title": "Андорра. Партия 12",
    "posts_count": len(POSTS),
    "created_at": "2026-12-06T07:00:00.000Z",
    "views": 40,
    "reply_count": 11,
    "like_count": 0,
    "last_posted_at": "2026-12-06T18:05:00.000Z",
    "visible": True,
    "closed": False,
    "archived": False,
    "archetype": "regular",
    "slug": "andorra-12",
    "category_id": 5,
    "word_count": 60,
    "deleted_at": None,
    "user_id": 1,
    "highest_post_number": 12,
    "chunk_size": 20,
}
Path(__file__).with_name("discourse_topic.json").write_text(
    json.dumps(TOPIC, ensure_ascii=False, indent=1), encoding="utf-8"
)
