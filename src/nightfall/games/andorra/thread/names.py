"""A-THREAD-5: a forum name (a post's author, a red vote's text) to a seat. Exact when it is
the nick as written or an entry of the host's alias table (which holds the host's earlier
confirmations); otherwise a *suggestion* (case, ё/е, Cyrillic/Latin look-alikes, spaces and
punctuation, small typos) that waits for the host's confirmation: never guessed silently."""

from __future__ import annotations

from dataclasses import dataclass, field

# Cyrillic letters that look like Latin ones (after casefold), both ways to one skeleton
_LOOKALIKE = str.maketrans(
    {"а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
     "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d", "0": "o"}
)  # fmt: skip


def skeleton(name: str) -> str:
    """What a name looks like: case, look-alike letters, spaces and punctuation folded away."""
    folded = name.casefold().translate(_LOOKALIKE)
    return "".join(ch for ch in folded if ch.isalnum())


def distance(a: str, b: str, cap: int = 3) -> int:
    """Levenshtein distance, stopping early above ``cap`` (names are short)."""
    if abs(len(a) - len(b)) > cap:
        return cap + 1
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        if min(cur) > cap:
            return cap + 1
        prev = cur
    return prev[-1]


@dataclass
class Match:
    seat: int | None  # the exact seat, or the one suggested
    exact: bool
    candidates: list[int] = field(default_factory=list)  # the tied suggestions, when several


def clean(text: str) -> str:
    return text.strip().strip(".,!?:;«»\"'()[]").lstrip("@").strip()


class Names:
    """The game's nicks (seat -> nick) and the host's alias table (forum name -> seat)."""

    def __init__(self, nicks: dict[int, str], aliases: dict[str, int] | None = None) -> None:
        self.exact: dict[str, int] = {nick: seat for seat, nick in nicks.items()}
        self.exact.update(aliases or {})
        self.skeletons = [(skeleton(n), s) for n, s in self.exact.items()]
        self.seen: dict[str, Match] = {}  # a thread names the same few players a thousand times

    def match(self, text: str) -> Match:
        name = clean(text)
        if name in self.exact:
            return Match(self.exact[name], True)
        got = self.seen.get(name)
        if got is None:
            got = self.seen[name] = self._fuzzy(name)
        return Match(got.seat, got.exact, list(got.candidates))

    def _fuzzy(self, name: str) -> Match:
        sk = skeleton(name)
        if not sk:
            return Match(None, False)
        cap = 1 if len(sk) <= 5 else 2
        best: dict[int, int] = {}
        for other, seat in self.skeletons:
            d = 0 if other == sk else distance(sk, other, cap)
            if d <= cap:
                best[seat] = min(d, best.get(seat, d))
        if not best:
            return Match(None, False)
        low = min(best.values())
        tied = sorted(s for s, d in best.items() if d == low)
        return Match(tied[0] if len(tied) == 1 else None, False, tied)
