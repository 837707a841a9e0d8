"""``nightfall andorra thread`` on the fixtures of test_thread_votes (issue 32 §1), and the
page fetch (timeout, size limit) against a local HTTP server only."""

from __future__ import annotations

import http.server
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nightfall.cli import main
from nightfall.engine import Transcript
from nightfall.server.thread_fetch import FetchError, fetch

PAGES = Path(__file__).parent / "thread_pages"
NICKS = ["rubin1988", "Kassandra", "Серый Кардинал", "agent 51", "Oleg", "Мотя", "Лиса", "Deepcourier"]
ROLES = ["BOSS", "PV", "DOCTOR", "PSYCHO", "SWINDLER", "PV", "MANIAC", "PV"]
UNTIL = "2026-12-06T21:00+03:00"


@pytest.fixture
def game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    rows = "\n".join(f'  - {{nick: "{n}", role: {r}}}' for n, r in zip(NICKS, ROLES, strict=True))
    (tmp_path / "setup.yaml").write_text(f"players:\n{rows}\n", encoding="utf-8")
    path = str(tmp_path / "game.json")
    assert main(["andorra", "new", str(tmp_path / "setup.yaml"), "-o", path]) == 0
    capsys.readouterr()
    return path


def _pages() -> list[str]:
    return [str(PAGES / "phpbb_page1.html"), str(PAGES / "phpbb_page2.html")]


def test_thread_json_log(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A-THREAD-1, A-THREAD-6, A-THREAD-7."""
    assert main(["andorra", "thread", game, *_pages(), "--day", "1", "--json", "--until", UNTIL]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [(v["voter"], v["target"], v["void"], v["unmatched"]) for v in got] == [
        ("rubin1988", "Kassandra", "REVOTE", False),
        ("Kassandra", "rubin1988", None, False),
        ("Серый Кардинал", "agent 51", None, False),
        ("agent 51", "agent 51", "SELF", False),
        ("Мотя", "Kassandra", "MULTI", False),
        ("Deepcourier", "Kassandra", None, True),
        ("Oleg", "Лиса", "EDIT", False),
        ("Лиса", None, None, False),
        ("rubin1988", "Мотя", "REVOTE", False),
    ]  # the host's post, the deleted 111 and the late 112 are not in the log
    assert got[0]["time"] == "2026-12-06T07:05:00+00:00" and got[0]["post"] == "viewtopic.php?p=102#p102"


def test_thread_text_and_apply(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A-THREAD-5, A-THREAD-8."""
    before = Path(game).read_text(encoding="utf-8")
    assert main(["andorra", "thread", game, *_pages(), "--until", UNTIL, "--apply"]) == 2
    err = capsys.readouterr().err
    assert "«deepcourier» → «Kasandra»" in err and "--alias" in err
    assert Path(game).read_text(encoding="utf-8") == before  # nothing recorded while a name waits
    args = ["andorra", "thread", game, *_pages(), "--until", UNTIL, "--alias", "deepcourier=Deepcourier"]
    args += ["--alias", "Kasandra=Kassandra", "--base", "https://forum.example/viewtopic.php?t=77"]
    assert main([*args, "--apply"]) == 0
    out = capsys.readouterr().out
    assert "06.12 10:05 МСК  rubin1988: Kassandra (нарушение: повторный голос)" in out
    assert "Мотя: Kassandra (нарушение: несколько голосов в одном посте)" in out
    assert "Лиса: Oleg (не учтён: после дедлайна)" in out
    assert "Ведущему (синим) от Серый Кардинал: Ведущий, а Мотя с аватаркой?" in out
    t = Transcript.loads(Path(game).read_text(encoding="utf-8"))
    assert t.commands[-1].type == "thread_votes" and len(t.commands[-1].payload["votes"]) == 9
    assert main([*args, "--apply"]) == 0  # again: nothing new
    t2 = Transcript.loads(Path(game).read_text(encoding="utf-8"))
    assert main(["andorra", "day", game, str(_empty_day(Path(game).parent))]) == 0
    out = capsys.readouterr().out
    assert "rubin1988: Kassandra (нарушение: повторный голос)" in out
    assert len(t2.commands) == len(t.commands) + 1


def _empty_day(where: Path) -> Path:
    p = where / "day.yaml"
    p.write_text("votes: []\n", encoding="utf-8")
    return p


def test_thread_discourse_and_bbcode(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A-THREAD-2, A-THREAD-3."""
    args = ["andorra", "thread", game, str(PAGES / "discourse_topic.json"), "--json", "--until", UNTIL]
    assert main([*args, "--alias", "Motya=Мотя", "--alias", "Lisa=Лиса"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert len(got) == 9 and got[0]["post"].endswith("/t/andorra-12/4242/2")
    assert (
        main(["andorra", "thread", game, str(PAGES / "multiquote.bbcode"), "--json", "--until", UNTIL]) == 0
    )
    got = json.loads(capsys.readouterr().out)
    assert [v["void"] for v in got] == ["REVOTE", None, None, "SELF", "MULTI", None, None, "REVOTE"]


def test_thread_wrong_day_and_bad_page(game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["andorra", "thread", game, *_pages(), "--day", "2"]) == 2
    assert "day 1, not 2" in capsys.readouterr().err
    junk = tmp_path / "junk.txt"
    junk.write_text("hello", encoding="utf-8")
    assert main(["andorra", "thread", game, str(junk)]) == 2
    assert "junk.txt" in capsys.readouterr().err


# ----- fetching, against a local server only ------------------------------------------------
class _Handler(http.server.BaseHTTPRequestHandler):
    release = threading.Event()

    def do_GET(self) -> None:
        if self.path == "/slow":
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(b"<html>")
            self.wfile.flush()
            self.release.wait(30)  # holds the page open until the test is over
            return
        if self.path == "/drip":  # a byte every 0.2 s, for as long as anyone reads
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            while not self.release.wait(0.2):
                try:
                    self.wfile.write(b" ")
                    self.wfile.flush()
                except OSError:
                    return
            return
        if self.path == "/missing":
            self.send_error(404)
            return
        body = (PAGES / "phpbb_page1.html").read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def site() -> Iterator[str]:
    _Handler.release.clear()
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    th = threading.Thread(target=srv.serve_forever, daemon=True)
    th.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    _Handler.release.set()
    srv.shutdown()
    srv.server_close()


@pytest.mark.server  # a local HTTP server (tests/starts.py)
def test_fetch_page_timeout_size(site: str, game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A-THREAD-1."""
    with pytest.raises(FetchError) as e:
        fetch(f"{site}/viewtopic.php?t=77")  # the server's own fetch: loopback is refused
    assert e.value.kind == "unknown_host" and "сохраните" in e.value.text()["ru"]
    assert "Kassandra" in fetch(f"{site}/viewtopic.php?t=77", allow_private=True)
    with pytest.raises(FetchError) as e:
        fetch(f"{site}/viewtopic.php?t=77", max_bytes=1000, allow_private=True)
    assert e.value.kind == "too_large"
    with pytest.raises(FetchError) as e:
        fetch(f"{site}/slow", timeout_s=0.3, allow_private=True)  # the server never finishes the page
    assert e.value.kind == "slow"
    # attack round 7: a page that drips a byte at a time kept each read of 64 KB waiting (the
    # timeout was per byte), holding a thread for hours; the page's time is its whole time now
    began = time.monotonic()
    with pytest.raises(FetchError) as e:
        fetch(f"{site}/drip", timeout_s=1.0, allow_private=True)
    assert e.value.kind == "slow" and time.monotonic() - began < 3, time.monotonic() - began
    with pytest.raises(FetchError) as e:
        fetch(f"{site}/missing", allow_private=True)
    assert e.value.kind == "status" and e.value.detail == "HTTP 404"
    for address in ("file:///etc/passwd", "forum.mafia.ru/viewtopic.php?t=123"):
        with pytest.raises(FetchError) as e:
            fetch(address)
        assert e.value.kind == "not_http" and "http://" in e.value.text()["ru"], address
    with pytest.raises(FetchError) as e:
        fetch("http://no-such-forum.invalid/viewtopic.php?t=1")
    assert e.value.kind == "unknown_host", e.value  # the same as a private address (attack round 7)
    url = f"{site}/viewtopic.php?t=77"
    assert main(["andorra", "thread", game, url, "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got[0]["post"] == f"{url}#p102"


@pytest.mark.server  # a local HTTP server (tests/starts.py)
def test_a_name_rebound_after_the_check_cannot_reach_the_servers_network(
    site: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A-THREAD-1, attack round 7: the address was checked by one lookup and connected by
    another, so a name whose DNS answered a public address first and 127.0.0.1 next passed
    the check and reached the server's own network. Now the socket goes to the address that
    was checked: here a public one (no network in the test, so the page is not loaded), never
    the loopback page the second answer points at."""
    port = int(site.rsplit(":", 1)[1])
    answers = iter([("1.1.1.1", port)] + [("127.0.0.1", port)] * 10)
    real = socket.getaddrinfo

    def rebinding(host: str, *args: Any, **kwargs: Any) -> Any:
        if host != "rebind.example":
            return real(host, *args, **kwargs)
        ip, p = next(answers)
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (ip, p))]

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    with pytest.raises(FetchError) as e:
        fetch(f"http://rebind.example:{port}/viewtopic.php?t=77", timeout_s=1.0)
    assert e.value.kind in ("unreachable", "slow"), e.value
    assert next(answers) == ("127.0.0.1", port)  # asked once: the loopback answer was never used
