"""The Day N tally (A-TALLY), run inside Night N at N0, steps 1-6 and 6a."""

from __future__ import annotations

from typing import Any

from .day import raw_vote_of
from .night.ctx import Night
from .penalties import vote_penalty_reason
from .roles.codes import Role
from .state import JAILED_LYNCH, VoteEntry, World


def build_workspace(ctx: Night, votes: list[VoteEntry]) -> None:
    """A-TALLY-1 (N0): one entry per eligible voter, plus the penalty entries."""
    entries, penalties = day_entries(ctx.world, ctx.n, votes)
    ctx.tally = {"entries": entries, "penalties": penalties}
    ctx.in_game = len(entries)


def day_entries(
    world: World, day: int, votes: list[VoteEntry]
) -> tuple[dict[int, dict[str, Any]], list[int]]:
    """A-TALLY-1: the day's entries (one per player in the game) and penalty lines."""
    entries: dict[int, dict[str, Any]] = {}
    for p in world.alive():
        v = raw_vote_of(votes, p.seat)
        kind = "NONE" if v is None else v.kind
        entries[p.seat] = {
            "ts": v.ts if v else None,
            "seq": v.seq if v else None,
            "kind": kind,
            "raw_kind": kind,
            "raw_target": v.target if v else None,
            "target": v.target if v else None,
            "weight": 0 if world.has_vote_loss(day, p.seat) else 1,  # A-VOTE-21
            "modified_by": [],
        }
    # A-VOTE-11 / A-ERR-9: a penalty against a player out of play is dropped.
    penalties = [s for s in world.penalties.get(str(day), []) if world.player(s).alive]
    return entries, penalties


def running_count(world: World, day: int, votes: list[VoteEntry]) -> list[dict[str, Any]]:
    """H-04a: the day's count so far, as the tally would start it (A-TALLY-1, A-TALLY-9): per
    candidate the voters whose vote counts, the weight of their votes, the penalty lines, and
    the total; highest first. The night's modifiers (steps 1-6) are not known in the day."""
    entries, penalties = day_entries(world, day, votes)
    rows: dict[int, dict[str, Any]] = {}

    def row(seat: int) -> dict[str, Any]:
        return rows.setdefault(seat, {"seat": seat, "voters": [], "votes": 0, "penalties": 0, "total": 0})

    cast = [(e["ts"], e["seq"], voter, e) for voter, e in entries.items() if e["kind"] == "VOTE"]
    for _, _, voter, e in sorted(cast, key=lambda c: (c[0], c[1])):
        if e["target"] is not None and world.player(e["target"]).alive:
            r = row(e["target"])
            r["voters"].append(voter)
            r["votes"] += e["weight"]
    for seat in penalties:
        row(seat)["penalties"] += 1
    for r in rows.values():
        r["total"] = r["votes"] + r["penalties"]
    return sorted(rows.values(), key=lambda r: (-r["total"], r["seat"]))


def entry(ctx: Night, seat: int) -> dict[str, Any] | None:
    got: dict[str, Any] | None = ctx.tally["entries"].get(seat)
    return got


def swindler_window(entries: dict[int, dict[str, Any]], in_game: int) -> tuple[list[int], int]:
    """A-TALLY-7: the last 5 timestamped voters (3 when ≤ 10 in game) and how many may change."""
    stamped = sorted((e["ts"], e["seq"], s) for s, e in entries.items() if e["ts"] is not None)
    size, changes = (3, 1) if in_game <= 10 else (5, 2)
    return [s for _, _, s in stamped[-size:]], changes


def scores(ctx: Night) -> dict[int, int]:
    """A-TALLY-9: Σ weights of VOTE entries + penalty entries per candidate."""
    out: dict[int, int] = {}
    for e in ctx.tally["entries"].values():
        if e["kind"] == "VOTE" and e["target"] is not None and ctx.world.player(e["target"]).alive:
            out[e["target"]] = out.get(e["target"], 0) + e["weight"]
    for s in ctx.tally["penalties"]:
        out[s] = out.get(s, 0) + 1
    return out


def jail(ctx: Night) -> None:
    """A-TALLY-10/11 (6a): plurality, coin among the tied, nobody when max is 0."""
    world = ctx.world
    sc = scores(ctx)
    top = max(sc.values(), default=0)
    ctx.tally["scores"] = {str(k): v for k, v in sorted(sc.items())}
    if top == 0:
        ctx.tally["result"] = {"jailed": None, "score": 0, "coin": False}
        return
    tied = sorted(s for s, v in sc.items() if v == top)
    coin = len(tied) > 1
    jailed = tied[world.rng.below(len(tied))] if coin else tied[0]
    ctx.tally["result"] = {"jailed": jailed, "score": top, "coin": coin, "coin_among": tied}
    ctx.jailed = jailed
    p = world.player(jailed)
    p.status = JAILED_LYNCH
    # A-REVEAL-3: with an active Jailer at N0 the role stays hidden unless checked.
    jailer_alive = any(q.role == Role.JAILER and q.seat in ctx.alive_at_n0 for q in world.players)
    p.revealed = not jailer_alive
    if not p.revealed:
        world.jailed_unrevealed.append(jailed)
    ctx.audit_line(action="JAIL", target=jailed, score=top, coin=coin, tied=tied)


def next_day_penalties(ctx: Night) -> None:
    """A-VOTE-4 / A-ERR-9: every eligible non-voter or violator gets +1 on Day N+1, the
    Prosecutor whose accusation made his entry a vote included (Q-24: the header is public,
    lifting his penalty would reveal the accusation)."""
    out = [s for s, e in sorted(ctx.tally["entries"].items()) if e["raw_kind"] == "NONE"]
    ctx.world.penalties[str(ctx.n + 1)] = out
    ctx.world.penalty_reasons[str(ctx.n + 1)] = {str(s): vote_penalty_reason(ctx.votes, s) for s in out}
