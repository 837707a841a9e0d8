"""``view``: the only way state leaves the engine (one small redaction file)."""

from __future__ import annotations

from typing import Any, cast

from nightfall.engine import Viewer

from .clan_heads import sender
from .day import public_log
from .host_edit import choices as edit_choices
from .items import GIFT_LIST, item_name
from .moves import sheet_clan
from .penalties import avatar_penalty
from .replacement import as_of
from .reports.answered import answered_text
from .reports.first_post import first_post
from .reports.header import header
from .reports.host_log import lines as host_log_lines
from .reports.morning import render_post
from .reports.render import render
from .reports.review import clan_names, clan_word
from .reports.start_pm import start_pms
from .roles.card import role_card
from .setup import knows
from .state import ALIVE, DEAD, JAILED_JAILER, AndorraState, Player, World, display_role, role_name
from .tally import running_count
from .view_review import (
    asked_phase,
    audit_view,
    move_view,
    night_review,
    own_prompts,
    pending_view,
    prompt_view,
    public_phase,
    settled,
    sure_move_view,
)
from .view_types import (
    AndorraArticle,
    AndorraCard,
    AndorraCountRow,
    AndorraEditChoices,
    AndorraHost,
    AndorraKnown,
    AndorraMe,
    AndorraMessage,
    AndorraPublicPlayer,
    AndorraRoleListEntry,
    AndorraStartPm,
    AndorraView,
    AndorraVoteLogEntry,
)
from .win import WIN_EN, WIN_RU
from .words_types import AndorraWords


def _public_status(state: AndorraState, seat: int) -> AndorraPublicPlayer:
    """A-REPORT-6: alive / killed (role) / jailed (role or «роль не вскрыта») / jailed by the Jailer."""
    world = state.world
    p = world.player(seat)
    out: AndorraPublicPlayer = {"seat": seat, "nick": p.nick, "status": p.status}
    if p.status == DEAD or (p.status != ALIVE and p.status != JAILED_JAILER and p.revealed):
        out["role"] = display_role(world, p, "ru")
    return out


def render_messages(state: AndorraState, viewer: Viewer) -> list[AndorraMessage]:
    world = state.world
    out: list[AndorraMessage] = []
    for m in state.messages:
        if viewer not in ("host", "all") and viewer not in m["audience"]:
            continue
        then = as_of(world, m.get("epoch"))  # A-GEN-4: a message keeps the nicks it was sent with
        asked = m.get("asked")
        if asked is not None:  # A-MSG-4a: a settled question reads as what came of it, not asked again
            ru = answered_text(then, m["key"], m["params"], asked, "ru")
            en = answered_text(then, m["key"], m["params"], asked, "en")
        else:
            ru = render(then, m["key"], m["params"], "ru")
            en = render(then, m["key"], m["params"], "en")
        if m["about"] is not None:
            nick = then.player(int(m["about"])).nick
            ru, en = f"{nick}: {ru}", f"{nick}: {en}"
        channel = m["channel"]
        named: AndorraWords | None = (
            {"ru": clan_word(world, channel, "ru"), "en": clan_word(world, channel, "en")}
            if channel
            else None
        )
        out.append(
            {
                "day": m["day"],
                "channel": channel,
                "channel_name": named,
                "to": m["to"],
                "ru": ru,
                "en": en,
                "question": settled(world, m.get("asked")),
            }
        )
    return out


def _nicks(world: World) -> dict[int, str]:
    return {p.seat: p.nick for p in world.players}


def view(
    state: AndorraState,
    viewer: Viewer,
    public: AndorraView | None = None,
    cards: dict[int, Any] | None = None,
) -> AndorraView:
    """``viewer``'s view. ``public``: the part every viewer shares (``public_part``) when the
    caller already built it for this very state (the site builds it once per change for all
    thirty seats, not once per seat). ``cards``: role cards the caller keeps while the world
    they are read from (``moves.possible``) is unchanged; filled here when missing."""
    base: AndorraView = dict(public) if public is not None else public_part(state)  # type: ignore[assignment]
    return _personal(state, viewer, base, cards)


def public_part(state: AndorraState) -> AndorraView:
    """What every viewer's view holds alike: the statuses, the logs, the first post, the header,
    the morning posts (the same for the desk and each player; never anything private)."""
    world = state.world
    phase, deadline = public_phase(state)  # A-SEC-7: no sign of a question asked
    base: AndorraView = {
        "game": "andorra",
        "phase": phase,
        "day": world.day,
        "deadline": deadline,
        "players": [_public_status(state, p.seat) for p in world.players],
        "role_list": [_role_list_entry(r) for r in world.role_list],
        "gift_list": [item_name(g) for g in GIFT_LIST],
        # the day module builds these records (A-VOTE-5)
        "vote_log": cast("list[AndorraVoteLogEntry]", public_log(state))
        if state.phase in ("DAY", "NIGHT", "RESOLVING", "REVIEW")
        else [],
        "first_post": first_post(state, "ru"),
        "first_post_bbcode": first_post(state, "ru", bbcode=True),
        "header": header(state, "ru"),
        "header_bbcode": header(state, "ru", bbcode=True),
        "posts": [
            {
                "day": p["day"],
                "ru": render_post(p, then, "ru"),
                "en": render_post(p, then, "en"),
                "bbcode": render_post(p, then, "ru", bbcode=True),
            }
            for p in state.posts
            for then in [_nicks(as_of(world, p.get("epoch")))]  # A-GEN-4: a post keeps its nicks
        ],
        "result": {
            "winner": world.winner,
            "winners": _winners(state, None),  # the desk's view puts them back (``_personal``)
            "winner_name": _winner_name(world.winner),
        }
        if state.phase == "OVER"
        else None,
    }
    return base


def _card(state: AndorraState, seat: int, cards: dict[int, Any] | None) -> AndorraCard:
    if cards is None:
        return cast("AndorraCard", role_card(state, state.world.player(seat)))
    if seat not in cards:
        cards[seat] = role_card(state, state.world.player(seat))
    return cast("AndorraCard", cards[seat])


def _personal(
    state: AndorraState, viewer: Viewer, base: AndorraView, cards: dict[int, Any] | None = None
) -> AndorraView:
    world = state.world
    if isinstance(viewer, int) and not isinstance(viewer, bool):
        if not 1 <= viewer <= len(world.players):
            return base
        me = world.player(viewer)
        mine: AndorraMe = {
            "seat": viewer,
            "role": me.role,
            "role_name": display_role(world, me, "ru"),
            "role_words": {"ru": display_role(world, me, "ru"), "en": display_role(world, me, "en")},
            "faction": me.faction,
            "status": me.status,
            "items": {item_name(i): len(v) for i, v in sorted(me.items.items())},
            "knows": cast(
                "list[AndorraKnown]",
                [
                    dict(k, clan_name={lang: clan_word(world, k.get("clan"), lang) for lang in ("ru", "en")})
                    for k in knows(world, viewer)
                ],
            ),
            "card": _card(state, viewer, cards),
            # A-MOVE-5: the move that counts (the sheet's, if the sender entered one for him) and
            # his own submission kept as the fallback for when no sheet entry arrives
            "submission": move_view(state, state.submissions.get(str(viewer))),
            "own_move": move_view(state, state.own_moves.get(str(viewer))),
            "can_publish_article": viewer in world.article_rights and state.phase == "DAY",
            # his article of today and whether the host has published it (A-ROLE-JOURNALIST-7)
            "article": next(
                (
                    cast("AndorraArticle", a)
                    for a in state.articles
                    if a["day"] == world.day and a["seat"] == viewer
                ),
                None,
            ),
            "inbox": render_messages(state, viewer),
            "prompts": own_prompts(state, viewer),
        }
        base["me"] = mine
        asked = asked_phase(state, viewer)  # A-SEC-7: his own question, with its own deadline
        if asked is not None:
            base["phase"], base["deadline"] = asked
        if me.clan and me.clan in world.clans:
            mates = {q.seat for q in world.clan_members(me.clan)}
            # A-MOVE-5: the clan sheet as submitted so far (clan mates only)
            mine["clan_sheet"] = {
                s: sure_move_view(state, m) for s, m in state.submissions.items() if int(s) in mates
            }
            if sheet_clan(me) and me.alive:
                # A-MOVE-5, A-CLAN-2: who sends this clan's sheet (a mate's own move counts only
                # if the sheet does not name him); told to the clan only, like the sheet itself,
                # and only to members who still move (not a jailed or dead one)
                mine["clan_sender"] = sender(world, me.clan)
            if world.clans[me.clan].kind == "MAFIA":
                c = world.clans[me.clan]
                mine["clan_items"] = {"diploma": c.diploma, "poison": c.poison}
                mine["clan_poll"] = world.clan_poll.get(me.clan)
                mine["item_manager"] = world.clan_manager.get(me.clan)
    elif viewer in ("host", "all"):
        base["phase"], base["deadline"] = state.phase, state.deadline  # the desk sees the questions
        result = base.get("result")
        if result is not None:  # A-SEC-5: the desk always sees who won (a copy: ``base`` is shared)
            base["result"] = {**result, "winners": _winners(state, viewer)}
        host: AndorraHost = {
            "players": [
                {
                    "seat": p.seat,
                    "nick": p.nick,
                    "role": p.role,
                    "role_name": {"ru": display_role(world, p, "ru"), "en": display_role(world, p, "en")},
                    "faction": p.faction,
                    "status": p.status,
                    "clan": p.clan,
                    "items": {i: len(v) for i, v in p.items.items()},
                    "clan_name": {"ru": clan_word(world, p.clan, "ru"), "en": clan_word(world, p.clan, "en")},
                    "item_names": {"ru": _item_list(p, "ru"), "en": _item_list(p, "en")},
                }
                for p in world.players
            ],
            # H-03: the resolved night in words, checked before «Опубликовать утро»
            "review": night_review(state),
            "submissions": {s: sure_move_view(state, m) for s, m in state.submissions.items()},
            "own_moves": {s: sure_move_view(state, m) for s, m in state.own_moves.items()},
            "articles": [cast("AndorraArticle", a) for a in state.articles if a["day"] == world.day],
            "pending": pending_view(state),
            "messages": render_messages(state, viewer),
            "audits": [audit_view(a) for a in state.audits],
            "warnings": state.config.get("warnings", []),
            # a clan chat or channel is named in words on the desk, never by its id (mafia:red)
            "clan_names": cast("dict[str, AndorraWords]", clan_names(world)),
            "prompts": [
                prompt_view(state, p) for p in (state.pending or {}).get("prompts", []) if p["seat"] == 0
            ]
            if state.phase == "RESOLVING"
            else [],
            # H-05: today's +1 for a missing avatar, which the host may take back
            "avatar_penalties": [p.seat for p in world.players if avatar_penalty(state, p.seat) is not None],
            # H-04: nobody voted today among these living players (activity the engine can see)
            "running_count": cast(
                "list[AndorraCountRow]",
                running_count(world, world.day, state.votes) if state.phase == "DAY" else [],
            ),
            "host_log": cast("list[AndorraWords]", host_log_lines(state)),
            # sent at the start: built on Day 1 only (the desk's every view pays for it)
            "start_pms": cast(
                "list[AndorraStartPm]", start_pms(state) if world.day == 1 and state.phase == "DAY" else []
            ),
            # H-03c: the state editor's choices (roles, items, clans) by their Russian names
            "edit_choices": cast("AndorraEditChoices", edit_choices(state)),
            "inactive_today": [
                p.seat
                for p in world.alive()
                if state.phase == "DAY" and not any(v.voter == p.seat for v in state.votes)
            ],
        }
        base["host"] = host
    return base


def _item_list(p: Player, lang: str) -> list[str]:
    """«бронежилет ×1, водка ×1»: a player's items in words for the desk's table."""
    return [f"{item_name(i, lang)} ×{len(v)}" for i, v in sorted(p.items.items())]


def _winners(state: AndorraState, viewer: Viewer | None) -> list[int]:
    """A-SEC-5: the winning seats tell who was on the winning side, so they are public only
    when the host reveals every role at the end (``reveal_all_at_end``); the desk sees them."""
    opts = state.config.get("options") or {}
    if viewer in ("host", "all") or bool(opts.get("reveal_all_at_end")):
        return list(state.world.winners)
    return []


def _winner_name(winner: str | None) -> AndorraWords | None:
    """The winning side as the post names it (A-WIN), or «Ничья»."""
    if winner is None:
        return None
    if winner == "DRAW":
        return {"ru": "Ничья", "en": "Draw"}
    return {"ru": WIN_RU[winner], "en": WIN_EN[winner]}


def _role_list_entry(entry: dict[str, Any]) -> AndorraRoleListEntry:
    return {"role": entry["role"], "clan": entry["clan"], "ru": role_name(entry["role"], "ru")}
