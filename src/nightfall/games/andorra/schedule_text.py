"""A-SETUP-18: the game's deadlines written as text on the creation form, as a forum host
writes them in the sign-up thread (issue 32 §2). Two ways, mixed freely, one item per line or
several on a line separated by «,» or «;»:

* lengths and a start: «день 48ч», «ночь 24ч», «вопросы 2ч», «старт 06.12 18:00 МСК»
  (English: «day 48h», «night 24h», «questions 2h», «start 06.12 18:00 MSK»);
* windows: «день 1: 06.12 18:00 — 07.12 18:00», «ночь 1: 07.12 18:00 — 07.12 22:00».

A length needs its unit (м/мин, ч/час, д/дн/сут; m/min, h, d): «день 48» is refused rather
than read as 48 minutes. A time is «ДД.ММ[.ГГГГ] ЧЧ:ММ» with an optional zone (МСК/MSK, UTC,
GMT, UTC+5, +05:00); without one it is Moscow time, as the header shows it. A date without a
year is the one nearest to now. The engine runs every day (and every night) for one length:
windows must agree with each other; the first day's window gives the start. Every error names
its line and the item (``bad_schedule``)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from typing import Any

from nightfall.engine import Rejected

MSK_MIN = 180
MAX_TEXT = 2000
UNIT_S = {
    "м": 60, "мин": 60, "минут": 60, "минуты": 60, "m": 60, "min": 60,
    "ч": 3600, "час": 3600, "часа": 3600, "часов": 3600, "h": 3600, "hour": 3600, "hours": 3600,
    "д": 86400, "дн": 86400, "день": 86400, "дня": 86400, "дней": 86400, "сут": 86400, "суток": 86400,
    "d": 86400, "day": 86400, "days": 86400,
}  # fmt: skip
KINDS = {
    "день": "day_ms", "day": "day_ms",
    "ночь": "night_ms", "night": "night_ms",
    "вопросы": "prompt_ms", "вопрос": "prompt_ms", "questions": "prompt_ms", "question": "prompt_ms",
    "prompts": "prompt_ms",
}  # fmt: skip
STARTS = ("старт", "начало", "start")
_DASH = r"\s*(?:—|–|-|до|to)\s*"
_TIME = r"(\d{1,2})\.(\d{1,2})(?:\.(\d{2,4}))?\s+(\d{1,2}):(\d{2})(?:\s*([A-Za-zА-Яа-я]+(?:\s*[+-]\d{1,2}(?::\d{2})?)?|[+-]\d{1,2}(?::\d{2})?))?"
_LENGTH = re.compile(r"(\d+(?:[.,]\d+)?)\s*([a-zа-яё]*)\.?")
_WINDOW = re.compile(rf"(\d+)\s*:?\s*{_TIME}{_DASH}{_TIME}")
_ONE_TIME = re.compile(_TIME)


# reason code -> (ru, en), for the refusal's sentence (reasons.explain)
REASONS = {
    "word": ("ожидалось «день», «ночь», «вопросы» или «старт»", "expected day, night, questions or start"),
    "length": ("длина с единицей: «48ч», «2д», «90 мин»", "a length with its unit: 48h, 2d, 90 min"),
    "time": ("время как «06.12 18:00 МСК»", "a time such as 06.12 18:00 MSK"),
    "zone": (
        "неизвестный часовой пояс (МСК, UTC, UTC+5, +05:00)",
        "unknown time zone (MSK, UTC, UTC+5, +05:00)",
    ),
    "ends_before_start": ("конец раньше начала", "it ends before it starts"),
    "different_lengths": (
        "все дни (и все ночи) должны быть одной длины",
        "every day (and every night) must have one length",
    ),
    "two_starts": ("второе, другое время старта", "a second, different start"),
    "day_one_over": ("первый день по этому расписанию уже закончился", "Day 1 would already be over"),
    "too_long": ("слишком длинно", "too long"),
}


def _fail(line: int, item: str, reason: str) -> Rejected:
    return Rejected("bad_schedule", rule="A-SETUP-18", line=line, item=item[:80], reason=reason)


def _zone(raw: str | None) -> int:
    """Minutes east of UTC; raises ValueError on an unknown zone."""
    if not raw:
        return MSK_MIN
    z = raw.strip().upper().replace(" ", "")
    if z in ("МСК", "MSK"):
        return MSK_MIN
    m = re.fullmatch(r"(?:UTC|GMT)?([+-])(\d{1,2})(?::(\d{2}))?", z)
    if z in ("UTC", "GMT"):
        return 0
    if m is None:
        raise ValueError("zone")
    minutes = int(m.group(2)) * 60 + int(m.group(3) or 0)
    if minutes > 14 * 60:
        raise ValueError("zone")
    return minutes if m.group(1) == "+" else -minutes


def _instant(g: tuple[str | None, ...], now_ms: int) -> int:
    """Epoch ms of «ДД.ММ[.ГГГГ] ЧЧ:ММ [zone]» (groups of ``_TIME``)."""
    day, month, year, hour, minute, zone = g
    assert day is not None and month is not None and hour is not None and minute is not None
    tz = timezone(timedelta(minutes=_zone(zone)))
    if year is not None:
        y = int(year) + (2000 if len(year) == 2 else 0)
        return int(datetime(y, int(month), int(day), int(hour), int(minute), tzinfo=tz).timestamp() * 1000)
    this = datetime.fromtimestamp(now_ms / 1000, tz).year
    options = [
        int(datetime(y, int(month), int(day), int(hour), int(minute), tzinfo=tz).timestamp() * 1000)
        for y in (this - 1, this, this + 1)
    ]
    return min(options, key=lambda t: abs(t - now_ms))  # the date nearest to now


def _length_ms(raw: str) -> int:
    m = _LENGTH.fullmatch(raw.strip().lower())
    if m is None or m.group(2) not in UNIT_S:
        raise ValueError("length")
    n = float(m.group(1).replace(",", "."))
    if n <= 0:
        raise ValueError("length")
    return max(1, round(n * UNIT_S[m.group(2)])) * 1000


def parse(text: str, now_ms: int) -> dict[str, Any]:
    """The schedule's fields (``start``, ``day_ms``, ``night_ms``, ``prompt_ms``) the text sets."""
    if len(text) > MAX_TEXT:
        raise Rejected("bad_schedule", rule="A-SETUP-18", line=0, item="", reason="too_long")
    out: dict[str, Any] = {}
    windows: dict[str, list[tuple[int, int, int, str]]] = {"day_ms": [], "night_ms": []}
    for n, row in enumerate(text.splitlines(), 1):
        for item in (p.strip() for p in re.split(r"[,;]", row)):
            if not item:
                continue
            _item(item, n, now_ms, out, windows)
    for key, got in windows.items():
        if not got:
            continue
        _, start, end, _ = got[0]
        length = out.get(key, end - start)
        for w_line, w_start, w_end, w_item in got:  # the first window of another length is named
            if w_end - w_start != length:
                raise _fail(w_line, w_item, "different_lengths")
        out[key] = length
        if key == "day_ms":
            first = min(got, key=lambda w: w[1])
            if "start" in out and out["start"] != first[1]:
                raise _fail(first[0], first[3], "two_starts")
            out["start"] = first[1]
    return out


def _item(
    item: str,
    line: int,
    now_ms: int,
    out: dict[str, Any],
    windows: dict[str, list[tuple[int, int, int, str]]],
) -> None:
    word, _, rest = item.partition(" ")
    word = word.lower().rstrip(":")
    if word in STARTS:
        m = _ONE_TIME.fullmatch(rest.strip())
        if m is None:
            raise _fail(line, item, "time")
        try:
            at = _instant(m.groups(), now_ms)
        except ValueError as exc:
            raise _fail(line, item, "zone" if str(exc) == "zone" else "time") from None
        if "start" in out and out["start"] != at:
            raise _fail(line, item, "two_starts")
        out["start"] = at
        return
    key = KINDS.get(word)
    if key is None:
        raise _fail(line, item, "word")
    w = _WINDOW.fullmatch(rest.strip())
    if w is not None:
        if key == "prompt_ms":
            raise _fail(line, item, "word")
        try:
            start = _instant(w.groups()[1:7], now_ms)
            end = _instant(w.groups()[7:13], now_ms)
        except ValueError as exc:
            raise _fail(line, item, "zone" if str(exc) == "zone" else "time") from None
        if end <= start:
            raise _fail(line, item, "ends_before_start")
        windows[key].append((line, start, end, item))
        return
    try:
        length = _length_ms(rest)
    except ValueError:
        raise _fail(line, item, "length") from None
    if key in out and out[key] != length:
        raise _fail(line, item, "different_lengths")
    out[key] = length
