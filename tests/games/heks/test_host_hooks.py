"""The host's handover and the outage's resume as the game's hooks (issue 33 §4): the server
keeps the clock and the sockets, the game says who takes over and with which command."""

from __future__ import annotations

from nightfall.engine import Command, kernel
from nightfall.games.heks.site import HeksSite

from .kit import Scenario


def test_the_heir_is_the_first_connected_member_in_seat_order_H_HST_7b() -> None:
    site = HeksSite(timers={})
    here = {3, 5}.__contains__
    assert site.host_heir([1, 2, 3, 4, 5], host=1, connected=here) == 3
    assert site.host_heir([1, 2, 3], host=3, connected=here) is None, "the host does not inherit from himself"
    assert site.host_heir([1, 2], host=1, connected=lambda pid: False) is None


def test_an_automatic_handover_carries_the_reason_only_the_server_may_send_H_HST_7b() -> None:
    site = HeksSite(timers={})
    auto, chosen = site.hand_over(None, 4, automatic=True), site.hand_over(None, 4, automatic=False)
    assert (auto.type, auto.payload) == ("pass_host", {"seat": 4, "reason": "host_away"})
    assert (chosen.type, chosen.payload) == ("pass_host", {"seat": 4})
    assert not site.from_client(auto.type, auto.payload), "a phone may not claim the host was away"
    assert site.from_client(chosen.type, chosen.payload)
    assert site.from_client("vote", {"reason": "anything"}), "only the handover's reason is the server's"


def test_the_servers_handover_is_a_command_the_rules_accept_H_HST_7b() -> None:
    g = Scenario.standard(5, mode="unlimited")
    order = HeksSite(timers={}).hand_over(g.state, 2, automatic=True)
    command = Command(actor=g.state.host, type=order.type, payload=order.payload, now=g.now)
    _, events = kernel.apply(g.game, g.state, command)
    assert [(e.type, e.data) for e in events] == [
        ("host_passed", {"seat": 2, "previous": 1, "reason": "host_away"})
    ]


def test_resume_is_the_rules_system_command_H_TBL_4() -> None:
    order = HeksSite(timers={}).resume(1500)
    assert (order.type, order.payload) == ("resume", {"paused_ms": 1500})
