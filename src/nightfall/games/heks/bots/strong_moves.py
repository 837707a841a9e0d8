"""The strong bots' decisions, each from a seat's view, the table talk and its belief."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, repeat
from math import prod
from typing import Any, TypeVar, cast

from nightfall.engine import Rng

from ..tables import CROW, EMPTY_PAW, HERB_DOCTOR, INGREDIENT_OF, JESTER, PROTECTOR, WITCH
from .base import Action, frogs, open_places
from .strong_context import Ctx
from .team_cover import VALUES, cover_value

CONFIRMS = frozenset(
    {"VOTE_RESULT_SCENE", "EVENING_ANNOUNCE", "ACCEPT_SCENE", "REJECT_SCENE", "RITUAL_RESULT"}
)
T = TypeVar("T")
POOL = 7  # chiefs choose teams among the seats they trust most (keeps the search small)


# ---- abilities and talk ----
def seer_target(ctx: Ctx) -> int | None:
    pw, pj = ctx.marg()
    read = ctx.me.readings
    best, best_score = None, -1.0
    live = {p["seat"]: p["status"] for p in ctx.view["players"] if p["status"] != "EXILED"}
    for s, status in live.items():
        if s == ctx.seat:
            continue
        rs = read.get(s, [])
        if rs:
            continue  # known: without the Jester's mask (B-8) a reading is certain but for Disguise
        score = pw[s] * (1 - pw[s]) + 0.6 * pj[s] + 0.01 * ctx.rng.below(10)
        if status != "CAT":
            score *= 0.3
        if score > best_score:
            best, best_score = s, score
    return best


def hand_claim(ctx: Ctx) -> tuple[str, ...]:
    hand = list(dict.fromkeys(ctx.view["me"]["hand"]))
    if not ctx.witch_side:
        return tuple(hand)
    recipe = ctx.view["recipe"]
    useful = [c for c in hand if c in recipe]
    missing = [c for c in recipe if c not in useful]
    if missing:  # the witch side claims a card the circle needs, to be picked
        useful.append(missing[ctx.rng.below(len(missing))])
    return tuple(useful)


def bluff_target(ctx: Ctx) -> int | None:
    """A fake "Witch" reading: on whoever accused one of ours, else on the most trusted villager."""
    ours = ctx.partners
    mine = {c.target for c in ctx.talk.claims if c.speaker == ctx.seat}
    # never on the Jester she was shown (H-JST-3): his exile would end the game for him
    pool = [s for s in ctx.others() if s not in ours and s not in mine and s != ctx.me.known_jester]
    if not pool:
        return None
    accusers = [c.speaker for c in ctx.talk.claims if c.witch and c.target in ours and c.speaker in pool]
    if accusers:
        return accusers[-1]
    tw = ctx.table()
    return min(pool, key=lambda s: (tw[s], ctx.rng.below(100)))


def pickpocket_target(ctx: Ctx) -> int | None:
    pw, _ = ctx.marg()
    pool = [s for s in ctx.others() if ctx.claimed(s) is not None] or ctx.others()
    return max(pool, key=lambda s: (pw[s], ctx.rng.below(100))) if pool else None


def check_hand_claim(ctx: Ctx, target: int, seen: list[str]) -> None:
    said = ctx.claimed(target)
    if said is not None and set(said) != set(seen) and target not in ctx.me.extra:
        ctx.me.suspect(target, 6.0)  # only the witch side lies about its hand


def pickpocket_take(ctx: Ctx, seen: list[str]) -> str:
    pw, _ = ctx.marg()
    target = ctx.view["me"]["pickpocket"]["target"]
    recipe, hand = ctx.view["recipe"], ctx.view["me"]["hand"]
    bad = [c for c in seen if c not in recipe]
    if pw[target] >= 0.4 and bad:
        return bad[0]  # disarm a likely saboteur
    wanted = [c for c in seen if c in recipe and c not in hand]
    return (wanted or seen)[0]


# ---- the day ----
def depart(ctx: Ctx) -> dict[str, Any]:
    view, me, rng = ctx.view, ctx.view["me"], ctx.rng
    places = open_places(view)
    recipe, hand = view["recipe"], me["hand"]
    wanted = [p for p in places if INGREDIENT_OF[p] in recipe and INGREDIENT_OF[p] not in hand]
    payload: dict[str, Any] = {"place": rng.choice(wanted or places)}
    if ctx.role == PROTECTOR and len(ctx.cats()) >= 4 and rng.below(100) < 60:
        payload = {"guard": True}
    if ctx.role == HERB_DOCTOR and frogs(view):
        pw, _ = ctx.marg()
        seers = {c.speaker for c in ctx.talk.claims}
        payload["turn_back"] = min(
            frogs(view), key=lambda s: (pw[s] - (0.3 if s in seers else 0), rng.below(9))
        )
    return payload


def guard_place(ctx: Ctx) -> str:
    counts: dict[str, int] = ctx.view["me"]["guard"]["counts"]
    order: list[str] = sorted(counts, key=lambda p: (-counts[p], ctx.rng.below(100)))
    return order[1] if len(order) > 1 and ctx.rng.below(100) < 25 else order[0]


def _targets(ctx: Ctx) -> list[int]:
    """Non-witches worth frogging, best first: whoever reads true, then the most trusted."""
    ours = ctx.partners
    tw = ctx.table()
    honest = {c.speaker for c in ctx.talk.claims if (c.target in ours) == c.witch and c.speaker not in ours}
    pool = [s for s in ctx.cats() if s not in ours]
    return sorted(pool, key=lambda s: (s not in honest, tw[s], ctx.rng.below(100)))


def witch_turn(ctx: Ctx) -> list[Action]:
    w, rng = ctx.view["me"]["witch"], ctx.rng
    witches = sorted(s for s in ctx.partners if s in ctx.cats())
    i = witches.index(ctx.seat) if ctx.seat in witches else 0
    targets = _targets(ctx)
    out: list[Action] = []
    if w["place"] is None:
        counts = w["counts"]
        order = sorted(counts, key=lambda p: (-counts[p], rng.below(100)))
        k = i if rng.below(100) < 70 else 0
        out.append(("witch_place", {"place": order[min(k, len(order) - 1)]}))
    tw = ctx.table()
    spell: str | None = None
    if not w["spell_chosen"]:
        spells = w["available_spells"]
        seers_alive = any(c.speaker in ctx.cats() for c in ctx.talk.claims if c.speaker not in ctx.partners)
        for pick in ("CREEPING_CURSE", "TWIN_HEX"):
            if pick in spells:
                spell = pick
                break
        if spell is None and "DISGUISE" in spells and tw[ctx.seat] >= 0.25 and seers_alive:
            spell = "DISGUISE"
        if spell is None and "MIST" in spells and rng.below(2):
            spell = "MIST"
        payload: dict[str, Any] = {"spell": spell}
        if spell == "MIST":
            payload["mist_place"] = rng.choice(open_places(ctx.view))
        out.append(("witch_spell", payload))
    else:
        spell = w["spell"]
    if ctx.view["day"] < ctx.view["attacks_from"]:
        return out  # H-WAT-9: the engine closes the target step with the spell
    if not w["target_chosen"]:
        target = targets[i % len(targets)] if targets else None
        out.append(("witch_target", {"target": target}))
        if spell == "TWIN_HEX" and target is not None:
            rest = [s for s in targets if s != target]
            out.append(("witch_second", {"target": rest[0] if rest else None}))
    elif not w["second_chosen"] and w["target"] is not None:
        rest = [s for s in targets if s != w["target"]]
        out.append(("witch_second", {"target": rest[0] if rest and spell == "TWIN_HEX" else None}))
    return out


# ---- the night ----
def _cover(ctx: Ctx, team: list[int]) -> tuple[float, dict[int, str]]:
    """How well the members' (claimed) hands make the recipe, and who plays what.

    A pure function of which recipe ingredients each member can play: the claims it reads
    are all made in the discussion, before any team is scored that day (it was memoised per
    day and team until the matchings were memoised per pattern instead)."""
    recipe = ctx.view["recipe"][: len(team)]
    value, owner = _matched(tuple([ctx.can(s, len(team)) for s in team]))
    plan = {team[m]: recipe[i] for i, m in owner}
    owned = {i for i, _ in owner}
    rest = [c for i, c in enumerate(recipe) if i not in owned]
    for s in team:
        if s not in plan and rest:
            plan[s] = rest.pop()
    return value, plan


# can-pattern -> (the cover's value, ((recipe index, member index), ...) in the order found)
_MATCHINGS: dict[tuple[tuple[int, ...], ...], tuple[float, tuple[tuple[int, int], ...]]] = {}


def _matched(can: tuple[tuple[int, ...], ...]) -> tuple[float, tuple[tuple[int, int], ...]]:
    found = _MATCHINGS.get(can)
    if found is None:
        found = _MATCHINGS[can] = _matching(can)
    return found


def _matching(can: tuple[tuple[int, ...], ...]) -> tuple[float, tuple[tuple[int, int], ...]]:
    """A maximum matching of members to recipe indices (Kuhn's augmenting paths; k <= 4)."""
    owner: dict[int, int] = {}  # recipe index -> member index

    def augment(m: int, seen: set[int]) -> bool:
        for i in can[m]:
            if i not in seen:
                seen.add(i)
                if i not in owner or augment(owner[i], seen):
                    owner[i] = m
                    return True
        return False

    k = len(can)
    hit = sum(1 for m in range(k) if augment(m, set()))
    return (0.9 if hit == k else 0.15 * hit / max(k, 1)), tuple(owner.items())


def _ascending(items: list[T], firsts: Sequence[float], rng: Rng) -> list[T]:
    """``sorted(items, key=lambda x: (first, rng.below(100)))``: the same tie-breaks, drawn in
    one call (``below_many`` draws what ``below`` would, and a sort takes every key in order).
    Cheaper than the lambda for the ~35 teams of a chief; for a handful of items it is not
    (callgrind: 33 k against 21 k instructions for 5 places), so the short sorts keep it."""
    keys = list(zip(firsts, rng.below_many(100, len(items)), strict=True))
    return [items[i] for i in sorted(range(len(items)), key=keys.__getitem__)]


def _teams(ctx: Ctx) -> list[list[int]]:
    pw, pj = ctx.marg()
    k = ctx.team_size()
    others = ctx.others()
    pool = _ascending(others, [pw[s] + pj[s] for s in others], ctx.rng)[:POOL]
    if ctx.view["me"]["status"] != "CAT":  # judging a team from outside it (never the chief)
        return [sorted(t) for t in combinations(pool, k)] or [pool]
    return list(map(sorted, map((ctx.seat,).__add__, combinations(pool, k - 1))))  # in C


def _score(ctx: Ctx, teams: list[list[int]], clean: list[float] | None = None) -> list[float]:
    """Each team's worth to a village chief or voter: P(no Witch) x cover x P(no Jester)."""
    if clean is None:
        clean = ctx.me.p_clean(ctx.pub, teams)
    sizes = set(map(len, teams))
    if len(sizes) != 1:  # teams of several sizes (never dealt today): one at a time
        return [_score(ctx, [t], [pc])[0] for t, pc in zip(teams, clean, strict=True)]
    # per team, in C (map over maps): the sum of its members' codes, its cover value, and
    # the product of their Jester factors (prod multiplies left to right in doubles from
    # 1.0, as the loop over members did)
    codes = list(map(sum, map(map, repeat(ctx.codes(sizes.pop()).__getitem__), teams)))
    found = list(map(VALUES.get, codes))
    covs = list(map(cover_value, codes)) if None in found else cast(list[float], found)
    if not ctx.pub.space.has_jester:  # every factor 1.0: the product would change no bit
        return [pc * (cov + 0.3) for pc, cov in zip(clean, covs, strict=True)]
    jests = map(prod, map(map, repeat(ctx.jest().__getitem__), teams))
    return [pc * (cov + 0.3) * jest for pc, cov, jest in zip(clean, covs, jests, strict=True)]


def propose(ctx: Ctx) -> list[int]:
    teams = _teams(ctx)
    if ctx.witch_side:  # look like a careful chief: the team the table trusts, with one of us on it
        tw = ctx.table()
        ours = ctx.partners
        teams = _ascending(teams, list(map(sum, map(map, repeat(tw.__getitem__), teams))), ctx.rng)
        team = next((t for t in teams if len(ours.intersection(t)) == 1), teams[0])
        plan = _cover(ctx, team)[1]
    else:
        scored = _score(ctx, teams)
        keys = list(zip(scored, ctx.rng.below_many(100, len(teams)), strict=True))
        best = max(range(len(teams)), key=keys.__getitem__)
        team = teams[best]
        plan = _cover(ctx, team)[1]
    ctx.talk.plan = (ctx.view["day"], tuple(team), plan)
    return team


def approve(ctx: Ctx) -> str:
    team = list(ctx.view.get("proposal") or [])
    curse = ctx.view["curse"]
    if ctx.witch_side:
        ours = ctx.partners.intersection(team)
        if ours or (ctx.role == CROW and not ctx.partners):
            return "for"
        # Against a clean team only when a third rejection spoils the night: voting against
        # honest teams is what gives a witch away.
        return "against" if curse >= 2 else "for"
    if ctx.role == JESTER:
        return "for" if ctx.seat in team or ctx.rng.below(2) else "against"
    clean = ctx.me.p_clean(ctx.pub, [team])[0]
    this = _score(ctx, [team], [clean])[0]
    memo = ctx.me.fresh_memo(ctx.pub)
    key = ("best", ctx.view["day"], tuple(ctx.view["me"]["hand"]), len(ctx.cats()))
    if key not in memo:
        memo[key] = max(_score(ctx, _teams(ctx)))
    best: float = memo[key]
    if this >= 0.75 * best or (curse >= 2 and clean >= 0.4):
        return "for"
    return "against"


def play_card(ctx: Ctx) -> str:
    me, view, rng = ctx.view["me"], ctx.view, ctx.rng
    hand: list[str] = me["hand"]
    if not hand:
        return EMPTY_PAW
    team = list(view.get("proposal") or [])
    recipe = view["recipe"][: len(team)]
    plan = ctx.talk.plan[2] if ctx.talk.plan and ctx.talk.plan[0] == view["day"] else {}
    others_cards = {c for s, c in plan.items() if s != ctx.seat}
    saboteur = _saboteur(ctx, team)
    if saboteur:
        bad = [c for c in hand if c not in recipe] or [c for c in hand if c in others_cards]
        if bad:
            return bad[0]
    mine = plan.get(ctx.seat)
    if mine in hand:
        return mine
    free = [c for c in hand if c in recipe and c not in others_cards]
    good = free or [c for c in hand if c in recipe]
    return str(rng.choice(good)) if good else hand[0]


def _saboteur(ctx: Ctx, team: list[int]) -> bool:
    view, rng = ctx.view, ctx.rng
    if ctx.role == JESTER:
        return rng.below(100) < 60  # a spoiled circle draws the suspicion he wants
    if not ctx.witch_side:
        return False
    ours = sorted(ctx.partners.intersection(team))
    if ctx.role == CROW and ours:
        return False  # a Witch on the team will see to it
    if ctx.role == WITCH and ours and ours[0] != ctx.seat:
        return False  # one spoiled card is enough
    last = view["seals"] + 1 >= view["seals_needed"] or view["is_knights_day"]
    return last or rng.below(100) < 40  # early on, a clean circle buys trust


def exile(ctx: Ctx) -> int | None:
    options = ctx.others()
    if not options:
        return None
    rng = ctx.rng
    if ctx.witch_side or ctx.role == JESTER:
        tw = ctx.table()
        _, pj = ctx.marg()  # our own view of the Jester: a "Witch" who is not one of us is him
        ours = ctx.partners
        pool = [s for s in options if s not in ours] or options
        ranked = _ascending(pool, [-(tw[s] - 3 * pj[s]) for s in pool], rng)
        if ctx.role == JESTER:
            return ranked[rng.below(min(3, len(ranked)))]
        return ranked[0]
    pw, pj = ctx.marg()
    # Exiling the Jester loses on the spot: a one-in-three chance of him outweighs a likely Witch.
    keys = list(zip([pw[s] - 3 * pj[s] for s in options], rng.below_many(100, len(options)), strict=True))
    best = options[max(range(len(options)), key=keys.__getitem__)]
    # Blank lets the witches' votes alone exile (H-EXC-2 needs no majority), so the village
    # votes whenever it has a suspect. With a Jester in play a guess may hand him the game,
    # so without real evidence it leaves the choice to the witches (who avoid him too).
    weak = pw[best] - 3 * pj[best] < 0.2
    if ctx.pub.space.has_jester and weak and not ctx.view["is_knights_day"]:
        return None
    return best
