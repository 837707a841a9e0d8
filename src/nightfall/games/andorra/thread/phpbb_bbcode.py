"""phpBB's multi-quote BBCode: the host quotes the day's posts into one reply (or pastes the
«Цитировать» text) and gives that. Each top-level ``[quote="Nick" post_id=… time=… user_id=…]``
is one post (``time`` in Unix seconds); a quote inside it is that post quoting another, not a
vote. Colours are ``[color=red]``/``[color=#FF0000]``. BBCode shows no edits or deletions."""

from __future__ import annotations

import re

from .colour import colour_of
from .html_tree import squash
from .post import Post

_TAG = re.compile(r"\[(/?)(quote|color)(?:=([^\]]*))?\]", re.IGNORECASE)
_OTHER_TAG = re.compile(r"\[/?[a-z*]+(?:=[^\]]*)?\]", re.IGNORECASE)  # [b], [i], [url=…], …
_ATTR = re.compile(r"(post_id|time|user_id)=(\d+)")


def _quote_head(arg: str) -> tuple[str, dict[str, str]]:
    """``"Серый Кардинал" post_id=1 time=2 user_id=3`` -> nick, attributes."""
    arg = arg.strip()
    if arg.startswith(('"', "&quot;")):
        q = "&quot;" if arg.startswith("&quot;") else '"'
        end = arg.find(q, len(q))
        nick, rest = arg[len(q) : end], arg[end + len(q) :]
    else:
        m = re.search(r"\s+(?=(post_id|time|user_id)=)", arg)
        nick, rest = (arg[: m.start()], arg[m.start() :]) if m else (arg, "")
    return nick.strip(), dict(_ATTR.findall(rest))


class PhpbbBbcode:
    name = "bbcode"

    def accepts(self, text: str) -> bool:
        return re.search(r"\[quote=[^\]]*post_id=\d+", text, re.IGNORECASE) is not None

    def read(self, text: str, base_url: str = "") -> list[Post]:
        base = base_url.split("#")[0] or "viewtopic.php"
        out: list[Post] = []
        depth = 0
        post: Post | None = None
        colours: list[str | None] = []  # the open [color] tags, red/blue/reddish/None (another colour)
        bufs: list[list[str]] = []
        body: list[str] = []
        pos = 0
        for m in _TAG.finditer(text):
            chunk = _OTHER_TAG.sub("", text[pos : m.start()])
            pos = m.end()
            if post is not None and depth == 1:
                body.append(chunk)
                if colours and colours[-1] is not None:
                    bufs[-1].append(chunk)
            closing, tag, arg = m.group(1) == "/", m.group(2).lower(), m.group(3) or ""
            if tag == "quote" and not closing:
                depth += 1
                if depth == 1:
                    nick, attrs = _quote_head(arg)
                    pid = attrs.get("post_id", str(len(out) + 1))
                    post = Post(
                        id=pid,
                        author=nick,
                        time_ms=int(attrs.get("time", "0")) * 1000,
                        link=f"{base}?p={pid}#p{pid}" if "?" not in base else f"{base}#p{pid}",
                    )
                    colours, bufs, body = [], [], []
            elif tag == "quote" and depth > 0:
                depth -= 1
                if depth == 0 and post is not None:
                    post.digest = squash(" ".join(body))
                    out.append(post)
                    post = None
            elif depth == 1 and post is not None and tag == "color":
                if not closing:
                    c = colour_of(arg)
                    inherited = colours[-1] if colours else None
                    if c is not None and c != inherited:
                        bufs.append([])
                        post.spans(c).append("")  # filled on close
                    colours.append(c if c is not None else None)
                elif colours:
                    c = colours.pop()
                    outer = colours[-1] if colours else None
                    if c is not None and c != outer:
                        spans = post.spans(c)
                        spans[-1] = squash("".join(bufs.pop()))
        return out
