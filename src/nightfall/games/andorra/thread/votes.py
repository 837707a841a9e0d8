"""A-THREAD-1..8: the seed's §09 applied to a day's posts, in thread order.

«Голосование за посадку красным цветом. … Запрещено (приравнивается к пропуску
голосования): голосование в себя; редактирование голоса; повторное голосование.»

- A-THREAD-2: red text is a vote, blue text is for the host, other colours are ignored.
- A-THREAD-3: a quote is not a vote (the readers leave quotes out).
- A-THREAD-4: one red vote per post and per player and day. A post whose red spans name
  different players is void (MULTI); red spans naming the same player are one vote. A
  blank red vote (empty, «пусто», «пустой голос», …) is a blank vote.
- A-THREAD-6: a self-vote (SELF), an edited vote post (EDIT), a second vote (REVOTE: every
  vote of that player that day) are void and earn +1 the next day (A-VOTE-3/4); a vote
  for a player out of the game is void (NON_CANDIDATE).
- A-THREAD-7: a post at or after the day's deadline is ignored (LATE, A-VOTE-1), so is a
  deleted post (DELETED), a post by someone out of the game (OUT, A-VOTE-2) or not in it
  (NOT_PLAYER); a post before the day began belongs to an earlier day and is skipped.
- A-THREAD-5: names not exactly a nick or an alias are unmatched until the host confirms.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from .names import Match, Names, clean
from .post import Post

BLANK_WORDS = {"", "-", "—", "пусто", "пустой", "пустой голос", "пустой голос.", "воздерживаюсь", "blank"}


# A-THREAD-7: why a red post is not in the log at all
IGNORED: dict[str, tuple[str, str]] = {
    "LATE": ("после дедлайна", "after the deadline"),
    "DELETED": ("пост удалён", "the post was deleted"),
    "OUT": ("автор выбыл из игры", "the author is out of the game"),
    "NOT_PLAYER": ("автор не игрок", "the author is not a player"),
    # A-THREAD-2a: a red that is not red (dark red, #BF0000): no vote, but the host sees it
    "NOT_RED": ("не красный цвет: голосуют красным", "not red: votes are in red"),
}


@dataclass
class ThreadVote:
    post: str  # the post's id
    link: str
    time_ms: int
    author: str  # as the forum wrote it
    voter: int | None
    target_text: str | None  # None: a blank red vote
    target: int | None
    void: str | None = None
    unmatched: bool = False
    ignored: str | None = None  # NOT_RED / LATE / DELETED / OUT / NOT_PLAYER: not in the log
    blue: list[str] = field(default_factory=list)

    @property
    def blank(self) -> bool:
        return self.target_text is None


@dataclass
class DayWindow:
    """The day the votes are for: who may vote and until when."""

    nicks: dict[int, str]
    alive: set[int]
    since_ms: int | None = None
    until_ms: int | None = None  # the deadline: a post at or after it is late


def _target(text: str, names: Names) -> tuple[str | None, Match | None]:
    if clean(text).casefold() in BLANK_WORDS:
        return None, None
    return clean(text), names.match(text)


# Between names in one red span: «Kira, Boris», «Kira и Boris», «Kira; Boris», «Kira/Boris».
_BETWEEN_NAMES = re.compile(r"\s*[,;/+&\n]\s*|\s+(?:и|или|and|or)\s+", re.IGNORECASE)


def _targets(text: str, names: Names) -> list[tuple[str | None, Match | None]]:
    """A red span's vote; or, when the span as a whole names no player (not even misspelt) and
    two or more of its parts do, one vote per part (A-THREAD-4: as if they were two spans)."""
    whole = _target(text, names)
    if whole[1] is None or whole[1].seat is not None:  # blank, or a nick (even misspelt)
        return [whole]
    parts = [_target(part, names) for part in _BETWEEN_NAMES.split(text) if clean(part)]
    if sum(1 for _, m in parts if m is not None and m.seat is not None) < 2:
        return [whole]
    return parts


def read_votes(posts: list[Post], day: DayWindow, names: Names) -> list[ThreadVote]:
    """The day's vote log from the thread, in thread order (time, then post id)."""
    out: list[ThreadVote] = []
    by_voter: dict[int, list[ThreadVote]] = {}
    for p in sorted(posts, key=lambda p: (p.time_ms, p.id.zfill(20))):
        if not (p.red or p.reddish) or (day.since_ms is not None and p.time_ms < day.since_ms):
            continue
        author = names.match(p.author)
        targets = [target for s in (p.red or p.reddish) for target in _targets(s, names)]
        text, tm = targets[0]
        v = ThreadVote(
            post=p.id,
            link=p.link,
            time_ms=p.time_ms,
            author=p.author,
            voter=author.seat,
            target_text=text,
            target=tm.seat if tm else None,
            unmatched=not author.exact or (tm is not None and not tm.exact),
            blue=list(p.blue),
        )
        out.append(v)
        if not p.red:
            v.ignored = "NOT_RED"
        elif p.deleted:
            v.ignored = "DELETED"
        elif day.until_ms is not None and p.time_ms >= day.until_ms:
            v.ignored = "LATE"  # A-VOTE-1: until the deadline, not at or after it
        elif author.seat is None and not author.candidates:
            v.ignored = "NOT_PLAYER"
        elif author.seat is not None and author.seat not in day.alive:
            v.ignored = "OUT"
        if v.ignored:
            continue
        distinct = {(t, m.seat if m else None) for t, m in targets}
        if len({seat if seat is not None else t for t, seat in distinct}) > 1:
            v.void = "MULTI"
            # void whoever it names: only the author's name may wait for the host
            v.target_text, v.unmatched = " / ".join(s for s in p.red if clean(s)), not author.exact
        elif p.edited:
            v.void = "EDIT"
        elif v.voter is not None and v.target == v.voter:
            v.void = "SELF"
        elif v.target is not None and v.target not in day.alive:
            v.void = "NON_CANDIDATE"
        if v.voter is not None:
            earlier = by_voter.setdefault(v.voter, [])
            if earlier:
                v.void = v.void or "REVOTE"
                for e in earlier:
                    e.void = e.void or "REVOTE"
            earlier.append(v)
    return out


def blue_notes(posts: list[Post], day: DayWindow) -> list[dict[str, str]]:
    """A-THREAD-2: blue text is addressed to the host: every post of the day's window that has
    some (with red or without), deleted ones left out."""
    return [
        {"author": p.author, "text": t, "post": p.link}
        for p in sorted(posts, key=lambda p: (p.time_ms, p.id.zfill(20)))
        if not p.deleted and (day.since_ms is None or p.time_ms >= day.since_ms)
        for t in p.blue
    ]


def iso(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, tz=UTC).isoformat()


def as_json(v: ThreadVote, nicks: dict[int, str]) -> dict[str, Any]:
    """The CLI's and the desk's line: voter/target by nick (the raw text while unmatched)."""
    return {
        "voter": nicks[v.voter] if v.voter is not None else v.author,
        "target": None if v.blank else (nicks[v.target] if v.target is not None else v.target_text),
        "time": iso(v.time_ms),
        "post": v.link,
        "post_id": v.post,
        "void": v.void,
        "unmatched": v.unmatched,
        "author": v.author,
        "target_text": v.target_text,
        "ignored": v.ignored,
        "blue": v.blue,
    }
