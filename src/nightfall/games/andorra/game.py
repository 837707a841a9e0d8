"""AndorraGame: the kernel's Game protocol for Andorra Mafia.

Phases: DAY (votes) → NIGHT (moves) → RESOLVING (waiting on prompts, §15)
→ REVIEW (resolved; the host may correct a move and re-resolve, H-03) →
publish → DAY N+1 (or OVER).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from nightfall.engine import HOST, HOST_ONLY, PUBLIC, TICK, Command, Event, Handler, Rejected, Viewer
from nightfall.engine.event import Audience

from . import article, host_edit, moves, pm_entry, replacement, thread_entry
from . import day as day_mod
from .night_pipeline import resolve
from .payload_keys import refuse_unknown_keys
from .penalties import avatar_penalty
from .questions import answer_value, settle
from .reasons import worded
from .refusals import for_sender
from .reports.forum_text import forum_text
from .reports.header import schedule_line
from .reports.host_log import answer_entry
from .reports.messages import assemble
from .reports.morning import build_post
from .setup import setup as do_setup
from .state import DAY, NIGHT, OVER, RESOLVING, REVIEW, AndorraState, snapshot
from .view import view as do_view


def _sched(state: AndorraState, key: str) -> int | None:
    sched = state.config.get("schedule") or {}
    got = sched.get(key) if isinstance(sched, Mapping) else None
    return int(got) if isinstance(got, int) else None


def _host_only(cmd: Command) -> None:
    if cmd.actor != HOST:
        raise Rejected("not_host", rule="H-03", actor=cmd.actor)


def _phase(state: AndorraState, *phases: str, rule: str = "A-CYCLE-2") -> None:
    if state.phase not in phases:
        raise Rejected("wrong_phase", rule=rule, phase=state.phase, expected=list(phases))


def _vote(state: AndorraState, cmd: Command) -> list[Event]:
    _phase(state, DAY, rule="A-VOTE-1")
    day_mod.check_not_spent(state, cmd.actor)
    return day_mod.cast_vote(state, cmd, edit=cmd.type == "edit_vote")


def _penalty(state: AndorraState, cmd: Command) -> list[Event]:
    """H-05 / A-GEN-9: the host marks a player without an avatar: +1 today."""
    _host_only(cmd)
    _phase(state, DAY, rule="A-GEN-9")
    seat = cmd.payload.get("seat")
    world = state.world
    if not isinstance(seat, int) or not 1 <= seat <= len(world.players) or not world.player(seat).alive:
        raise Rejected("bad_target", rule="A-GEN-9", seat=seat)
    if avatar_penalty(state, seat) is not None:  # one +1 per player and reason per day
        raise Rejected("already_penalised", rule="A-GEN-9", player=world.player(seat).nick)
    world.penalties.setdefault(str(world.day), []).append(seat)
    state.host_log.append({"day": world.day, "penalty": seat, "at": cmd.now})
    return [Event("penalty", {"day": world.day, "seat": seat, "reason": "AVATAR"})]


def _undo_penalty(state: AndorraState, cmd: Command) -> list[Event]:
    """H-05: the host takes back today's +1 for a missing avatar (a mistaken click)."""
    _host_only(cmd)
    _phase(state, DAY, rule="A-GEN-9")
    seat = cmd.payload.get("seat")
    world = state.world
    entry = avatar_penalty(state, seat) if isinstance(seat, int) else None
    if entry is None:
        raise Rejected("no_penalty_to_undo", rule="A-GEN-9", seat=seat)
    today = world.penalties[str(world.day)]
    del today[len(today) - 1 - today[::-1].index(entry["penalty"])]  # the host's, added after the night's
    entry["undone"] = cmd.now
    return [Event("penalty_undone", {"day": world.day, "seat": seat})]


def _end_day(state: AndorraState, now: int) -> list[Event]:
    if state.world.day == 1:  # A-SETUP-17: the first post was posted with Day 1's schedule
        state.first_schedule = {lang: schedule_line(state, lang) for lang in ("ru", "en")}
    state.phase, state.day_ended_at = NIGHT, now
    night_ms = _sched(state, "night_ms")
    state.deadline = now + night_ms if night_ms is not None else None
    return [Event("night_started", {"night": state.world.day})]


def _end_day_cmd(state: AndorraState, cmd: Command) -> list[Event]:
    _host_only(cmd)
    _phase(state, DAY)
    return _end_day(state, cmd.now)


def _move(state: AndorraState, cmd: Command) -> list[Event]:
    _phase(state, NIGHT, rule="A-MOVE-4")
    return moves.submit(state, cmd)


def _run(state: AndorraState, now: int) -> list[Event]:
    res = resolve(state, dict(state.answers), state.prompts_timed_out, frozenset(state.prompts_expired))
    events: list[Event] = []
    if res.paused:
        state.phase = RESOLVING
        for pr in res.paused:  # H-11b: an answer that no longer fits its changed question
            state.answers.pop(str(pr["id"]), None)
        ms = _sched(state, "prompt_ms")
        for pr in res.paused:  # H-11a: a question's deadline runs from when it was first asked
            state.prompt_deadlines.setdefault(str(pr["id"]), now + ms if ms is not None else None)
        state.deadline = _prompts_deadline(state, res.paused)
        state.pending = {"prompts": res.paused}
        state.pending_world = None
        for pr in res.paused:
            events.append(Event("prompt", dict(pr), Audience(seats=frozenset({pr["seat"]}), host=True)))
        return events
    ctx = res.ctx
    opts = state.config.get("options") or {}
    show, reveal = bool(opts.get("show_full_tally")), bool(opts.get("reveal_all_at_end"))
    state.pending = {
        "post": build_post(ctx, res.world, show, reveal),
        "messages": assemble(ctx, res.world),
        "audit": {
            "night": ctx.n,
            "steps": ctx.audit,
            "events": [e.as_dict() for e in ctx.events],
            "tally": ctx.tally,
            "prompts": ctx.prompts,
            "acts": {
                str(s): {
                    "code": a.code,
                    "orig": a.orig,
                    "target": a.target,
                    "state": a.state,
                    "result": a.result,
                }
                for s, a in sorted(ctx.acts.items())
            },
        },
    }
    state.pending_world = res.world
    state.phase = REVIEW
    state.deadline = None
    return [Event("night_resolved", {"night": ctx.n}, HOST_ONLY)]


def _prompts_deadline(state: AndorraState, prompts: list[dict[str, Any]]) -> int | None:
    """H-11a: the phase ends when the first open question's own deadline comes."""
    due = [
        state.prompt_deadlines[str(p["id"])]
        for p in prompts
        if str(p["id"]) not in state.answers and state.prompt_deadlines.get(str(p["id"])) is not None
    ]
    return min((d for d in due if d is not None), default=None)


def _end_night_cmd(state: AndorraState, cmd: Command) -> list[Event]:
    _host_only(cmd)
    _phase(state, NIGHT)
    return _run(state, cmd.now)


def _answer(state: AndorraState, cmd: Command) -> list[Event]:
    """A-DATA-I: a prompted player (or the host for him) answers."""
    if cmd.actor != HOST and state.phase == REVIEW:
        raise Rejected("unknown_prompt", rule="A-DATA-I")  # A-SEC-7: as in RESOLVING without his question
    _phase(state, RESOLVING, rule="A-CYCLE-6")
    pid = cmd.payload.get("prompt")
    prompts = (state.pending or {}).get("prompts", [])
    pr = next((p for p in prompts if p["id"] == pid), None)
    if pr is None or cmd.actor not in (HOST, pr["seat"]):
        # A-SEC-1: another's question and no question are one refusal, so an answer never
        # says whether a guessed id exists or whose it is
        raise Rejected("unknown_prompt", rule="A-DATA-I")
    ans = cmd.payload.get("answer")
    if ans is not None and ans not in pr["options"]:
        raise Rejected("bad_answer", rule="A-DATA-I", prompt=pid, answer=ans, options=pr["options"])
    state.answers[str(pid)] = answer_value(pr, ans)  # A-CYCLE-6a: a null declines only where allowed
    if cmd.actor == HOST and pr["seat"] != 0:  # H-03: an answer from his PM, in the host's log
        state.host_log.append(answer_entry(state.world.day, pr, state.answers[str(pid)]))
    if all(p["id"] in state.answers for p in prompts):
        return _run(state, cmd.now)
    return []


def _correct(state: AndorraState, cmd: Command) -> list[Event]:
    """H-03: the host corrects a submitted move and the night is resolved again."""
    _host_only(cmd)
    _phase(state, RESOLVING, REVIEW, rule="H-03")
    p, move = moves.validate(state, HOST, dict(cmd.payload))
    move.update(by=HOST, at=cmd.now, corrected=True)
    state.submissions[str(p.seat)] = move
    state.host_log.append({"night": state.world.day, "correct": p.seat, "move": move})
    return _run(state, cmd.now)


def _publish(state: AndorraState, cmd: Command) -> list[Event]:
    _host_only(cmd)
    _phase(state, REVIEW, rule="A-DAWN-9")
    return _do_publish(state, cmd.now)


def _do_publish(state: AndorraState, now: int) -> list[Event]:
    """D9 (A-DAWN-9): morning post, private messages, the next day's log opens."""
    assert state.pending is not None and state.pending_world is not None
    post, msgs = state.pending["post"], state.pending["messages"]
    state.world = state.pending_world
    state.posts.append(post)
    settle(msgs, state.pending["audit"]["prompts"], state.answers)  # before the answers are cleared
    state.messages.extend(msgs)
    state.audits.append(state.pending["audit"])
    state.pending, state.pending_world = None, None
    state.votes, state.submissions, state.own_moves, state.answers = [], {}, {}, {}
    state.prompts_timed_out = False
    state.prompt_deadlines, state.prompts_expired = {}, []
    events = [Event("morning_post", {"day": post["day"]}, PUBLIC)]
    for m in msgs:
        events.append(
            Event("message", {"key": m["key"]}, Audience(seats=frozenset(m["audience"]), host=True))
        )
    if state.world.winner:
        state.phase, state.deadline = OVER, None
        events.append(Event("game_over", {"winner": state.world.winner}, PUBLIC))
    else:
        state.phase, state.day_started_at, state.day_ended_at = DAY, now, None
        ms = _sched(state, "day_ms")
        state.deadline = now + ms if ms is not None else None
    return events


def _tick(state: AndorraState, cmd: Command) -> list[Event]:
    """The phase's deadline has come (the kernel admits a tick only then, K-TICK-2)."""
    if state.phase == DAY:
        return _end_day(state, cmd.now)
    if state.phase == NIGHT:
        return _run(state, cmd.now)
    if state.phase == RESOLVING:  # §15 / Q-72: defaults apply after the deadline
        # H-11a: only the questions whose own deadline has come take their defaults
        for pr in (state.pending or {}).get("prompts", []):
            due = state.prompt_deadlines.get(str(pr["id"]))
            if due is not None and due <= cmd.now and str(pr["id"]) not in state.prompts_expired:
                state.prompts_expired.append(str(pr["id"]))
        return _run(state, cmd.now)
    return []


def _narrative(state: AndorraState, cmd: Command) -> list[Event]:
    """H-09 / A-REPORT-4: the host's story text for the coming morning post (no game information)."""
    _host_only(cmd)
    _phase(state, REVIEW, rule="H-09")
    text = cmd.payload.get("text")
    if not isinstance(text, str):
        raise Rejected("bad_payload", rule="H-09", field="text")
    assert state.pending is not None
    state.pending["post"]["narrative"] = forum_text(text)  # A-SEC-4: the review shows what is posted
    return []


def _close_prompts(state: AndorraState, cmd: Command) -> list[Event]:
    """§15 / H-11: the host closes the prompts now; unanswered ones take their defaults (Q-72)."""
    _host_only(cmd)
    _phase(state, RESOLVING, rule="H-11")
    state.prompts_timed_out = True
    open_ = [p["seat"] for p in (state.pending or {}).get("prompts", []) if str(p["id"]) not in state.answers]
    state.host_log.append({"night": state.world.day, "closed_prompts": open_})
    return _run(state, cmd.now)


def _clan_poll(state: AndorraState, cmd: Command) -> list[Event]:
    """A-CLAN-4: a member's vote for the clan's item manager; more than half elects."""
    world = state.world
    voter = cmd.actor
    if not isinstance(voter, int) or not 1 <= voter <= len(world.players) or not world.player(voter).alive:
        raise Rejected("not_eligible", rule="A-CLAN-4", actor=voter)
    clan = world.player(voter).clan
    if clan is None or clan not in world.clan_poll:
        raise Rejected("no_poll", rule="A-CLAN-4", player=world.player(voter).nick)
    cand = cmd.payload.get("candidate")
    members = [m.seat for m in world.clan_members(clan)]
    if cand not in members:
        raise Rejected("bad_candidate", rule="A-CLAN-4", player=world.player(voter).nick, candidate=cand)
    poll = world.clan_poll[clan]
    poll[str(voter)] = int(cand)
    votes = sum(1 for c in poll.values() if c == cand)
    aud = Audience(seats=frozenset(members), host=True)
    if votes * 2 > len(members):
        world.clan_manager[clan] = int(cand)
        del world.clan_poll[clan]
        return [Event("clan_manager", {"clan": clan, "manager": cand}, aud)]
    return [Event("clan_poll_vote", {"clan": clan, "voter": voter, "candidate": cand}, aud)]


def _set_deadline(state: AndorraState, cmd: Command) -> list[Event]:
    """H-01a: the host moves the running phase's deadline (a later night, a shorter
    day), or removes it (``at`` null: the host closes the phase by hand). Kept in
    the host log like every override (H-03)."""
    _host_only(cmd)
    _phase(state, DAY, NIGHT, RESOLVING, rule="H-01a")
    at = cmd.payload.get("at")
    if at is not None and (type(at) is not int or at <= cmd.now):
        raise Rejected("bad_deadline", rule="H-01a", at=at, now=cmd.now)
    before, state.deadline = state.deadline, at
    if state.phase == RESOLVING:  # H-11a: every open question now ends then
        for pr in (state.pending or {}).get("prompts", []):
            if str(pr["id"]) not in state.answers:
                state.prompt_deadlines[str(pr["id"])] = at
    state.host_log.append(
        {"day": state.world.day, "phase": state.phase, "deadline": {"from": before, "to": at}, "at": cmd.now}
    )
    return [Event("deadline_moved", {"phase": state.phase, "deadline": at}, PUBLIC)]


_HANDLERS: dict[str, Handler[AndorraState]] = {
    "vote": _vote,
    "edit_vote": _vote,
    "penalty": _penalty,
    "undo_penalty": _undo_penalty,
    "end_day": _end_day_cmd,
    "move": _move,
    "end_night": _end_night_cmd,
    "answer": _answer,
    "correct": _correct,
    "publish": _publish,
    "replace": replacement.replace,
    "close_prompts": _close_prompts,
    "narrative": _narrative,
    "clan_poll": _clan_poll,
    "set_deadline": _set_deadline,
    "pm_move": pm_entry.pm_move,
    "pm_vote": pm_entry.pm_vote,
    "pm_vote_undo": pm_entry.pm_vote_undo,
    "thread_votes": thread_entry.thread_votes,
    "host_edit": host_edit.edit,
    "article": article.write,
    "article_verdict": article.verdict,
    TICK: _tick,
}
COMMANDS = frozenset(_HANDLERS) - {TICK}


class AndorraGame:
    name = "andorra"
    commands = COMMANDS

    def setup(self, config: Mapping[str, Any], seed: int) -> AndorraState:
        try:
            return do_setup(config, seed)
        except Rejected as rejected:
            raise worded(rejected) from None

    def apply(self, state: AndorraState, command: Command) -> list[Event]:
        refuse_unknown_keys(command.type, command.payload)  # A-SEC-3, before anything reads it
        return _HANDLERS[command.type](state, command)

    def refusal(self, state: AndorraState, command: Command, refused: Rejected) -> Rejected:
        """What the sender is told (refusals.py), with its sentence in the seed's names (reasons.py)."""
        return worded(for_sender(state, command, refused, self.apply))

    def view(self, state: AndorraState, viewer: Viewer) -> dict[str, Any]:
        # An AndorraView (view_types, checked there) is a dict at run time; the engine takes any JSON dict.
        return cast("dict[str, Any]", do_view(state, viewer))

    def next_deadline(self, state: AndorraState) -> int | None:
        return state.deadline

    def result(self, state: AndorraState) -> dict[str, Any] | None:
        world = state.world
        if state.phase != OVER:
            return None
        return {
            "winner": world.winner,
            "winners": list(world.winners),
            "roles": {str(p.seat): p.role for p in world.players},
        }

    def snapshot(self, state: AndorraState) -> Any:
        return snapshot(state)
