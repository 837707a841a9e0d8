"""Setup (A-SETUP): validate the host's role list, deal items, build clans."""

from __future__ import annotations

import difflib
import hashlib
import hmac
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from nightfall.engine import Rejected, Rng

from .clan_heads import MAX_CLAN, sender
from .items import CLAN_ITEMS, GIFT_LIST
from .roles.catalogue import (
    CLAN_COLOURS,
    FACTIONS,
    PEACEFUL,
    PER_CLAN,
    ROLES,
    UNIQUE_EXEMPT,
    colour_code,
    role_code,
    role_words,
)
from .roles.codes import Role
from .state import AndorraState, Clan, Player, World

# Every role a game may start with (A-SETUP-2), in catalogue order.
# A-SETUP-1b: a tag forum boards format, as it would stand in a nick. Brackets that form
# no such tag ("[TF]Vasya") are shown as typed, so only these are refused.
BBCODE_TAG = re.compile(
    r"\[/?(?:b|i|u|s|url|img|quote|spoiler|color|size|font|code|list|\*|center|left|right"
    r"|hide|sup|sub|table|tr|td|email|noparse|user|media|youtube|align|indent|offtop)(?:=[^\]]*)?\]",
    re.IGNORECASE,
)

STARTING_ROLES = tuple(c for c in ROLES if c != Role.JOURNALIST_SOLDIER)


def _parse_roles(config: Mapping[str, Any], n: int) -> list[tuple[str, str | None]]:
    raw = config.get("roles")
    if not isinstance(raw, list) or len(raw) != n:
        raise Rejected("bad_config", rule="A-SETUP-1", field="roles", reason="one role per player")
    out: list[tuple[str, str | None]] = []
    for i, r in enumerate(raw):
        if isinstance(r, str):
            name, colour = _split_colour(r)
            out.append((_role(name), _colour(colour)))
        elif isinstance(r, Mapping) and isinstance(r.get("role"), str):
            clan = r.get("clan")
            out.append((_role(r["role"]), _colour(clan if isinstance(clan, str) else None)))
        else:
            raise Rejected("bad_config", rule="A-SETUP-1", field=f"roles[{i}]", reason="role code expected")
    return out


def _split_colour(text: str) -> tuple[str, str | None]:
    """«BOSS:red», «BOSS red», «Босс мафии:красные» or «Босс мафии (красные)»."""
    text = text.strip()
    if text.endswith(")") and "(" in text:
        name, _, colour = text[:-1].rpartition("(")
        return name.strip(), colour.strip() or None
    name, _, colour = text.partition(":")
    if not colour:  # «BOSS red», «Босс мафии красные»
        head, _, last = text.rpartition(" ")
        if head and colour_code(last) is not None and role_code(head) is not None:
            return head.strip(), last
    return name.strip(), colour.strip() or None


def _role(text: str) -> str:
    """A-SETUP-1a: a role by code or by its Russian or English name; unknown names are
    refused with the closest role's name (a typo: «Доктр» → «Доктор») and the valid roles."""
    code = role_code(text)
    if code is None:
        valid = [ROLES[c].ru for c in STARTING_ROLES]
        raise Rejected("unknown_role", rule="A-SETUP-2", role=text, valid=valid, suggest=closest_role(text))
    return code


def closest_role(text: str) -> str | None:
    """The Russian name of the starting role whose name (or short name) is closest to ``text``."""
    words = {w: code for w, code in role_words().items() if code in STARTING_ROLES}
    found = difflib.get_close_matches(
        " ".join(text.casefold().replace("ё", "е").split()), list(words), n=1, cutoff=0.6
    )
    return ROLES[words[found[0]]].ru if found else None


def _colour(text: str | None) -> str | None:
    if text is None or not text.strip():
        return None
    return colour_code(text) or text.strip().lower()


def validate_roles(roles: list[tuple[str, str | None]], two_clans: bool) -> list[str]:
    """A-SETUP-2/3/4 and A-ERR-1. Raises on an invalid list; returns warnings."""
    warnings: list[str] = []
    for code, _ in roles:
        spec = ROLES.get(code)
        # A-SETUP-2: Ghoul, Follower, Journalist-* only arise in play.
        if spec is None or code == Role.JOURNALIST_SOLDIER:
            raise Rejected(
                "unknown_role", rule="A-SETUP-2", role=code, valid=[ROLES[c].ru for c in STARTING_ROLES]
            )
    colours = {c for code, c in roles if ROLES[code].clan_role}
    if two_clans:
        # A-SETUP-4: two independent clans, each labelled by a colour.
        for code, c in roles:
            if ROLES[code].clan_role and c not in CLAN_COLOURS:
                raise Rejected(
                    "clan_colour_needed", rule="A-SETUP-4", role=code, colours=sorted(CLAN_COLOURS)
                )
        if len(colours) != 2:
            raise Rejected("two_clans_need_two", rule="A-SETUP-4", clans=sorted(c for c in colours if c))
    # A-SETUP-2 uniqueness (per clan for Boss/Recruiter in the two-clan variant, A-ERR-1).
    counts = Counter((code, c if two_clans and code in PER_CLAN else None) for code, c in roles)
    for (code, c), k in counts.items():
        if k > 1 and code not in UNIQUE_EXEMPT:
            raise Rejected("duplicate_role", rule="A-SETUP-2", role=code, clan=c, count=k)
    # A-SETUP-3: at most 5 members per clan.
    per_clan = Counter(c if two_clans else None for code, c in roles if ROLES[code].clan_role)
    for c, k in per_clan.items():
        if k > MAX_CLAN:
            raise Rejected("clan_too_big", rule="A-SETUP-3", clan=c, members=k, limit=MAX_CLAN)
    codes = {code for code, _ in roles}
    # A-SETUP-2a (implementation decision): the Investigator needs the Sheriff who
    # sends the Cops' moves (A-CLAN-3); a Recruiter/Soldier-only clan is allowed
    # (A-ERR-1) but warned about.
    if Role.INVESTIGATOR in codes and Role.SHERIFF not in codes:
        raise Rejected("role_needs_role", rule="A-SETUP-2a", role=Role.INVESTIGATOR, needs=Role.SHERIFF)
    for c in per_clan:
        if not any(code == Role.BOSS and (not two_clans or cc == c) for code, cc in roles):
            warnings.append(f"clan_without_boss:{c or 'mafia'}")
    return warnings


def _alphabetical(text: str) -> str:
    """Russian alphabetical order: «ё» sorts with «е» (code points put it after «я»)."""
    return text.lower().replace("ё", "е")


def canonical_role_list(roles: list[tuple[str, str | None]], two_clans: bool) -> list[dict[str, Any]]:
    """A-SETUP-17a: the published role list never follows the seating. Roles are grouped by
    side in the order of the seed's role chapter (Мафия, Мирные, Одиночки, Нечисть), then by
    Russian name, then by clan colour name; the same list under any seating."""
    out = [{"role": c, "clan": col if two_clans and ROLES[c].clan_role else None} for c, col in roles]

    def key(r: dict[str, Any]) -> tuple[int, str, str]:
        spec = ROLES[r["role"]]
        colour = CLAN_COLOURS.get(r["clan"], (r["clan"] or "", ""))[0] if r["clan"] else ""
        return FACTIONS.index(spec.faction), _alphabetical(spec.ru), _alphabetical(colour)

    return sorted(out, key=key)


def _clan_id(colour: str | None, two_clans: bool) -> str:
    return f"mafia:{colour}" if two_clans and colour else "mafia"


def prompt_key(seed: int) -> str:
    """A-SEC-1: the key of the prompt ids, derived from the seed without drawing from the
    game's RNG (the deal and every night stay as they were)."""
    return hmac.new(str(seed).encode(), b"andorra prompt ids", hashlib.sha256).hexdigest()


def setup(config: Mapping[str, Any], seed: int) -> AndorraState:
    names = config.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
        raise Rejected("bad_config", rule="A-SETUP-1", field="players", reason="list of nicknames")
    if len(set(names)) != len(names):
        raise Rejected("bad_config", rule="A-SETUP-1", field="players", reason="nicknames must differ")
    for name in names:  # A-SETUP-1b: the posts are BBCode
        tag = BBCODE_TAG.search(name)
        if tag is not None:
            raise Rejected("nick_bbcode", rule="A-SETUP-1b", nick=name, tag=tag.group(0))
    if len(names) < 3:
        raise Rejected("bad_config", rule="A-SETUP-1", field="players", reason="at least 3 players")
    two_clans = bool(config.get("two_clans", False))
    roles = _parse_roles(config, len(names))
    warnings = [] if config.get("override_validation") else validate_roles(roles, two_clans)
    rng = Rng.from_seed(seed)
    deal = list(roles)
    if config.get("shuffle"):  # the host may let the engine deal the list at random
        rng.shuffle(deal)
    clans: dict[str, Clan] = {}
    players: list[Player] = []
    fixed_gifts = config.get("gifts") or {}
    for i, (name, (code, colour)) in enumerate(zip(names, deal, strict=True), start=1):
        spec = ROLES[code]
        p = Player(seat=i, nick=name, role=code, faction=spec.faction, join_key=[0, i])
        for item in spec.items:  # A-SETUP-6
            p.give(item, 0)
        if spec.faction == PEACEFUL:  # A-SETUP-7
            p.give("VODKA", 0)
        if code == Role.PV:  # A-SETUP-9: an independent uniform draw per PV
            gift = fixed_gifts.get(str(i)) or fixed_gifts.get(name)
            if gift not in GIFT_LIST:
                gift = GIFT_LIST[rng.below(len(GIFT_LIST))]
            p.give(str(gift), 0)
        if spec.clan_role:
            cid = _clan_id(colour, two_clans)
            if cid not in clans:
                clans[cid] = Clan(cid, "MAFIA", colour if two_clans else None)
                for item in CLAN_ITEMS:  # A-SETUP-8
                    setattr(clans[cid], item.lower(), 1)
            p.clan = cid
        elif code in (Role.SHERIFF, Role.INVESTIGATOR):
            clans.setdefault("cops", Clan("cops", "COPS"))
            p.clan = "cops"
        elif code == Role.REBEL:
            clans.setdefault("rebel", Clan("rebel", "REBEL"))
            p.clan = "rebel"
        players.append(p)
    world = World(
        players=players,
        clans=clans,
        rng=rng,
        two_clans=two_clans,
        role_list=canonical_role_list(roles, two_clans),
        roles_taken=sorted({c for c, _ in roles}),
        fairy_stock=list(GIFT_LIST),
        prompt_key=prompt_key(seed),
    )
    for cid, clan in clans.items():  # A-ERR-1: "clan 1" is the one whose sender sits lower at the start
        clan.rank = sender(world, cid) or 0
    cfg = dict(config)
    cfg["warnings"] = warnings
    state = AndorraState(config=cfg, world=world)
    sched = config.get("schedule") or {}
    if isinstance(sched, Mapping) and isinstance(sched.get("day_ms"), int):
        state.deadline = int(sched.get("start", 0)) + int(sched["day_ms"])
    return state


def knows(world: World, seat: int) -> list[dict[str, Any]]:
    """Who a player knows (A-SETUP-11..16), from the current state."""
    me = world.player(seat)
    out: list[dict[str, Any]] = []
    if me.clan:  # clan mates, Cops, the Rebel's group (A-SETUP-11/13/15)
        for q in world.clan_members(me.clan, active=False):
            if q.seat != seat:
                out.append({"seat": q.seat, "nick": q.nick, "clan": me.clan})
    for g in me.mem.get("ghouls", []):  # A-SETUP-14: the Vampire knows his Ghouls
        out.append({"seat": g, "nick": world.player(g).nick, "ghoul": True})
    return out
