"""A test server's hand on the game clock: ``POST /test/run-out/{code}`` runs out the room's
running timer now, as if its deadline had come (issue 33 §6: server-driven clocks).

Installed by ``tests/seeded_serve.py`` (never by ``nightfall serve``): a browser test whose
table waits on a timer (the witches' 15 s, a quarrel, a discussion nobody ends) says when
that wait is over instead of sleeping through it, and a timer the test means to run out
cannot run out early or late on a busy machine when its length is set long.

``?phase=P&day=N`` (both optional) make it a no-op unless the game is in phase P of day N,
so a request that arrives after the table moved on never runs out the next step's timer.
The tick is applied at the deadline's time: the game's clock moves ahead of the wall clock
by what was skipped, and later commands are stamped with the game's time (the room's
``max(clock, last_now)``), so the rules see a game whose steps simply ended on time.
"""

from __future__ import annotations

from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from nightfall.engine import Rejected, tick
from nightfall.server.room import Room

PATH = "/test/run-out/{code}"


async def run_out(request: Request) -> JSONResponse:
    room: Room | None = await request.app.state.rooms.find(request.path_params["code"])
    if room is None:
        return JSONResponse({"ran": False, "why": "no such room"}, status_code=404)
    phase = request.query_params.get("phase")
    day = request.query_params.get("day")

    async def job() -> dict[str, Any]:
        play, committer = room.core.play, room.committer
        deadline = committer.deadline()
        if play is None or deadline is None:
            return {"ran": False, "why": "no timer runs"}
        state = play.state
        now = {
            "phase": str(getattr(state, "phase", "")),
            "day": getattr(getattr(state, "day", None), "number", None),
        }
        if (phase is not None and phase != now["phase"]) or (day is not None and int(day) != now["day"]):
            return {"ran": False, "why": "the game moved on", **now}
        try:
            await committer.apply(tick(max(deadline, play.last_now)))
        except Rejected as refused:
            return {"ran": False, "why": f"tick refused: {refused.code}", **now}
        if await committer.commit():
            committer.views.broadcast()
        return {"ran": True, **now}

    return JSONResponse(await room.call(job))


def install(app: Starlette) -> Starlette:
    """Add the route, first (before the pages' and the API's catch-alls)."""
    app.router.routes.insert(0, Route(PATH, run_out, methods=["POST"]))
    return app
