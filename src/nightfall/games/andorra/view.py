"""``view``: the only way state leaves the engine (one small redaction file)."""

from __future__ import annotations

from typing import Any

from nightfall.engine import Viewer

from .day import public_log
from .items import GIFT_LIST, item_name
from .reports.first_post import first_post
from .reports.header import header
from .reports.morning import render_post
from .reports.render import render
from .setup import knows
from .state import ALIVE, DEAD, JAILED_JAILER, AndorraState, display_role, role_name


def _public_status(state: AndorraState, seat: int) -> dict[str, Any]:
    """A-REPORT-6: alive / killed (role) / jailed (role or «роль не вскрыта») / jailed by the Jailer."""
    w = state.world
    p = w.p(seat)
    out: dict[str, Any] = {"seat": seat, "nick": p.nick, "status": p.status}
    if p.status == DEAD or (p.status != ALIVE and p.status != JAILED_JAILER and p.revealed):
        out["role"] = display_role(w, p, "ru")
    return out


def render_messages(state: AndorraState, viewer: Viewer) -> list[dict[str, Any]]:
    w = state.world
    out = []
    for m in state.messages:
        if viewer not in ("host", "all") and viewer not in m["audience"]:
            continue
        ru = render(w, m["key"], m["params"], "ru")
        en = render(w, m["key"], m["params"], "en")
        if m["about"] is not None:
            nick = w.p(int(m["about"])).nick
            ru, en = f"{nick}: {ru}", f"{nick}: {en}"
        out.append({"day": m["day"], "channel": m["channel"], "to": m["to"], "ru": ru, "en": en})
    return out


def view(state: AndorraState, viewer: Viewer) -> dict[str, Any]:
    w = state.world
    nicks = {p.seat: p.nick for p in w.players}
    base: dict[str, Any] = {
        "game": "andorra",
        "phase": state.phase,
        "day": w.day,
        "deadline": state.deadline,
        "players": [_public_status(state, p.seat) for p in w.players],
        "role_list": [dict(r, ru=role_name(r["role"], "ru")) for r in w.role_list],
        "gift_list": [item_name(g) for g in GIFT_LIST],
        "vote_log": public_log(state) if state.phase in ("DAY", "NIGHT", "RESOLVING", "REVIEW") else [],
        "first_post": first_post(state, "ru"),
        "first_post_bbcode": first_post(state, "ru", bbcode=True),
        "header": header(state, "ru"),
        "header_bbcode": header(state, "ru", bbcode=True),
        "posts": [
            {
                "day": p["day"],
                "ru": render_post(p, nicks, "ru"),
                "en": render_post(p, nicks, "en"),
                "bbcode": render_post(p, nicks, "ru", bbcode=True),
            }
            for p in state.posts
        ],
        "result": {"winner": w.winner, "winners": w.winners} if state.phase == "OVER" else None,
    }
    if isinstance(viewer, int) and not isinstance(viewer, bool):
        if not 1 <= viewer <= len(w.players):
            return base
        me = w.p(viewer)
        base["me"] = {
            "seat": viewer,
            "role": me.role,
            "role_name": display_role(w, me, "ru"),
            "faction": me.faction,
            "status": me.status,
            "items": {item_name(i): len(v) for i, v in sorted(me.items.items())},
            "knows": knows(w, viewer),
            # A-MOVE-5: the move that counts (the sheet's, if the sender entered one for him) and
            # his own submission kept as the fallback for when no sheet entry arrives
            "submission": state.submissions.get(str(viewer)),
            "own_move": state.own_moves.get(str(viewer)),
            "can_publish_article": viewer in w.article_rights and state.phase == "DAY",
            # his article of today and whether the host has published it (A-ROLE-JOURNALIST-7)
            "article": next((a for a in state.articles if a["day"] == w.day and a["seat"] == viewer), None),
            "inbox": render_messages(state, viewer),
            "prompts": [
                _prompt(state, p) for p in (state.pending or {}).get("prompts", []) if p["seat"] == viewer
            ]
            if state.phase == "RESOLVING"
            else [],
        }
        if me.clan and me.clan in w.clans:
            mates = {q.seat for q in w.clan_members(me.clan)}
            # A-MOVE-5: the clan sheet as submitted so far (clan mates only)
            base["me"]["clan_sheet"] = {s: m for s, m in state.submissions.items() if int(s) in mates}
            if w.clans[me.clan].kind == "MAFIA":
                c = w.clans[me.clan]
                base["me"]["clan_items"] = {"diploma": c.diploma, "poison": c.poison}
                base["me"]["clan_poll"] = w.clan_poll.get(me.clan)
                base["me"]["item_manager"] = w.clan_manager.get(me.clan)
    elif viewer in ("host", "all"):
        base["host"] = {
            "players": [
                {
                    "seat": p.seat,
                    "nick": p.nick,
                    "role": p.role,
                    "role_name": display_role(w, p),
                    "faction": p.faction,
                    "status": p.status,
                    "clan": p.clan,
                    "items": {i: len(v) for i, v in p.items.items()},
                }
                for p in w.players
            ],
            "submissions": state.submissions,
            "own_moves": state.own_moves,
            "articles": [a for a in state.articles if a["day"] == w.day],
            "pending": _pending_view(state),
            "messages": render_messages(state, viewer),
            "audits": state.audits,
            "warnings": state.config.get("warnings", []),
            "prompts": [_prompt(state, p) for p in (state.pending or {}).get("prompts", []) if p["seat"] == 0]
            if state.phase == "RESOLVING"
            else [],
            # H-04: nobody voted today among these living players (activity the engine can see)
            "inactive_today": [
                p.seat
                for p in w.alive()
                if state.phase == "DAY" and not any(v.voter == p.seat for v in state.votes)
            ],
        }
    return base


def _prompt(state: AndorraState, pr: dict[str, Any]) -> dict[str, Any]:
    """A prompt with its text (A-DATA-I): what to answer, the options, the default."""
    w = state.world
    return {
        **pr,
        "ru": render(w, pr["key"], pr["params"], "ru"),
        "en": render(w, pr["key"], pr["params"], "en"),
    }


def _pending_view(state: AndorraState) -> dict[str, Any] | None:
    if state.pending is None:
        return None
    out = dict(state.pending)
    if "post" in out and state.pending_world is not None:
        nicks = {p.seat: p.nick for p in state.pending_world.players}
        out["post_text"] = render_post(out["post"], nicks, "ru")
    return out
