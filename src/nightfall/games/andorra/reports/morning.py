"""The morning post (A-REPORT-1..7, A-ERR-2/3/7) in plain text and BBCode, ru and en."""

from __future__ import annotations

from typing import Any

from ..night.ctx import Night
from ..state import World, display_role
from ..win import WIN_EN, WIN_RU
from .forum_text import forum_text


def plural_votes(n: int) -> str:
    """A-ERR-7."""
    if n % 10 == 1 and n % 100 != 11:
        return "голос"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return "голоса"
    return "голосов"


def build_post(
    ctx: Night, world: World, show_full_tally: bool = False, reveal_all: bool = False
) -> dict[str, Any]:
    """Structured post data; names are seats, roles are resolved at render time."""
    res = ctx.tally.get("result", {})
    deaths = [d for d in ctx.deaths if d.seat not in ctx.reanimated]
    return {
        "day": ctx.n + 1,
        "jailed": res.get("jailed"),
        "score": res.get("score", 0),
        "coin": res.get("coin", False),
        "jailed_revealed": bool(res.get("jailed")) and world.player(int(res["jailed"])).revealed,
        "scores": ctx.tally.get("scores", {}) if show_full_tally else {},
        "jailer_jailed": list(ctx.jailer_jailed),
        "released": [s for s in ctx.released],
        "left_jail": sorted(ctx.left_jail),
        "killed": [d.seat for d in deaths if not d.bloody],
        "stabbed": [d.seat for d in deaths if d.bloody],
        "over_at_6b": ctx.over_at_6b,
        "winner": world.winner,
        "reveal_all": bool(reveal_all and world.winner),  # A-REPORT-7 host option
        "roles": {
            str(p.seat): [display_role(world, p, "ru"), display_role(world, p, "en")] for p in world.players
        },
    }


LABELS = {
    "ru": {
        "morning": "Утро дня {n}.",
        "jailed": "Сел:",
        "nobody": "никто",
        "coin": "монетка",
        "yes": "да",
        "no": "нет",
        "hidden": "роль не вскрыта",
        "tally": "Итоги голосования:",
        "jailer": "Посажен Тюремщиком:",
        "released": "Выпущен из тюрьмы:",
        "left": "Вышли из тюрьмы:",
        "killed": "Убит:",
        "stabbed": "Зарезан:",
        "won": "Победили:",
        "draw": "Ничья",
    },
    "en": {
        "morning": "Morning of day {n}.",
        "jailed": "Jailed:",
        "nobody": "nobody",
        "coin": "coin",
        "yes": "yes",
        "no": "no",
        "hidden": "role not revealed",
        "tally": "Vote totals:",
        "jailer": "Jailed by the Jailer:",
        "released": "Released from jail:",
        "left": "Left the jail:",
        "killed": "Killed:",
        "stabbed": "Stabbed:",
        "won": "Winners:",
        "draw": "Draw",
    },
}


def render_post(post: dict[str, Any], nicks: dict[int, str], lang: str = "ru", bbcode: bool = False) -> str:
    L = LABELS[lang]
    li = 0 if lang == "ru" else 1

    def b(s: str) -> str:
        return f"[b]{s}[/b]" if bbcode else s

    def who(seat: int) -> str:
        return f"{nicks[seat]} ({post['roles'][str(seat)][li]})"

    def names(seats: list[int], with_role: bool = True) -> str:
        return ", ".join(who(s) if with_role else nicks[s] for s in seats) or "—"

    lines = [b(L["morning"].format(n=post["day"]))]
    j = post["jailed"]
    if j is None:
        lines.append(f"{b(L['jailed'])} {L['nobody']}")
    else:
        role = post["roles"][str(j)][li] if post["jailed_revealed"] else L["hidden"]
        k = post["score"]
        count = f"{k} {plural_votes(k)}" if lang == "ru" else f"{k} vote{'s' if k != 1 else ''}"
        coin = L["yes"] if post["coin"] else L["no"]
        lines.append(f"{b(L['jailed'])} {nicks[j]} ({role}) — {count}, {L['coin']}: {coin}")
    if post["scores"]:
        lines.append(
            f"{b(L['tally'])} " + ", ".join(f"{nicks[int(s)]} — {v}" for s, v in post["scores"].items())
        )
    for key, field in (("jailer", "jailer_jailed"), ("released", "released"), ("left", "left_jail")):
        if post[field]:
            lines.append(f"{b(L[key])} {names(post[field], with_role=False)}")
    if post["over_at_6b"]:
        if post["killed"]:  # A-ERR-6: only the Psycho's revenge
            lines.append(f"{b(L['killed'])} {names(post['killed'])}")
    else:
        lines.append(f"{b(L['killed'])} {names(post['killed'])}")
        lines.append(f"{b(L['stabbed'])} {names(post['stabbed'])}")
    if post["winner"]:
        if post["winner"] == "DRAW":
            lines.append(b(L["draw"]))
        else:
            fac = (WIN_RU if lang == "ru" else WIN_EN)[post["winner"]]
            lines.append(f"{b(L['won'])} {fac}")
    if post.get("reveal_all"):
        roles = ", ".join(f"{nicks[int(s)]} — {r[li]}" for s, r in post["roles"].items())
        lines.append(f"{b('Роли:' if lang == 'ru' else 'Roles:')} {roles}")
    # A-SEC-4: free text under the forum policy (already so when written; again for older stores)
    if post.get("narrative"):  # H-09: the host's story, after the facts
        lines += ["", forum_text(str(post["narrative"]))]
    for text in post.get("articles", []):  # A-ROLE-JOURNALIST-3/7: published by the host (H-07)
        lines += ["", b("Газета:" if lang == "ru" else "Newspaper:"), forum_text(str(text))]
    return "\n".join(lines)
