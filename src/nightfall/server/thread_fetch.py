"""Fetching a forum page for the thread import (A-THREAD-1): http(s) only, a timeout and a
size limit, so a slow or huge page cannot hold the server or fill its memory. Blocking
(urllib): callers on the event loop run it in a thread.

The server fetches only for a room's host, and never an address inside its own network
(loopback, private, link-local: the server is not a way into the machine's Redis or
PostgreSQL), also after a redirect; the CLI, on the host's own machine, may
(``allow_private``). Tests run against a local server with ``ALLOW_PRIVATE`` set."""

from __future__ import annotations

import concurrent.futures
import http.client
import ipaddress
import socket
import time
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit

TIMEOUT_S = 10.0
MAX_BYTES = 4 * 1024 * 1024  # a phpBB page of 50 posts is ~200 KB; a Discourse topic JSON ~1 MB


ALLOW_PRIVATE = False  # tests only: the local test server is on loopback


class FetchError(Exception):
    """Why a page could not be read, in words for the host: ``kind`` (one of ``_WHY``'s),
    the address, and a detail (the status, the system's reason); ``text`` is the sentence
    the desk shows (Russian first: the thread import is Andorra's, a Russian forum's)."""

    def __init__(self, url: str, kind: str, detail: str = "") -> None:
        super().__init__(f"{url}: {kind}{f' ({detail})' if detail else ''}")
        self.url, self.kind, self.detail = url, kind, detail

    def text(self) -> dict[str, str]:
        ru, en = _WHY[self.kind]
        detail = f" ({self.detail})" if self.detail else ""
        return {
            "ru": f"Страница {self.url} не загружена: {ru}{detail}.",
            "en": f"The page {self.url} was not loaded: {en}{detail}.",
        }


_WHY: dict[str, tuple[str, str]] = {
    "not_http": (
        "нужен полный адрес, начиная с http:// или https://",
        "a whole address is needed, starting with http:// or https://",
    ),
    "unknown_host": (
        "такого сайта нет в интернете (проверьте адрес; страницы сайта из своей сети сохраните и "
        "пришлите файлами)",
        "there is no such site on the internet (check the address; save the pages of a site on "
        "your own network and send them as files)",
    ),
    "too_large": ("страница слишком большая", "the page is too large"),
    "slow": ("страница не загрузилась вовремя", "the page did not load in time"),
    "status": ("сайт ответил ошибкой", "the site answered with an error"),
    "unreachable": (
        "сайт недоступен с сервера; сохраните страницы и пришлите файлами",
        "the site cannot be reached from the server; save the pages and send them as files",
    ),
}


def _check(url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise FetchError(url, "not_http")


class _Connect:
    """How every connection of one fetch is opened, the redirects' too: the name resolved once,
    every address it gives checked, and the socket connected to the address that was checked
    (resolving again to connect let a name rebound between the two reach loopback, attack
    round 7). The socket is kept, so each read can wait only for what is left of the page's
    time."""

    def __init__(self, url: str, allow_private: bool) -> None:
        self.url, self.allow_private = url, allow_private
        self.sock: socket.socket | None = None

    def __call__(self, address: tuple[str, int], timeout: Any = None, source: Any = None) -> socket.socket:
        host, port = address
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
        except OSError as exc:
            raise FetchError(self.url, "unknown_host") from exc
        if not (self.allow_private or ALLOW_PRIVATE) and not all(
            ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_global for info in infos
        ):
            # the same answer as a name that does not resolve: which names the server's own
            # network knows (redis, db) is not the caller's to learn
            raise FetchError(self.url, "unknown_host")
        error: OSError | None = None
        for family, kind, proto, _, sockaddr in infos:  # each address was checked: the first that answers
            sock = socket.socket(family, kind, proto)
            try:
                if isinstance(timeout, (int, float)):
                    sock.settimeout(timeout)
                sock.connect(sockaddr)
            except OSError as exc:
                sock.close()
                error = exc
                continue
            self.sock = sock
            return sock
        raise error or OSError(f"no address for {host}")

    def connection(self, cls: type[http.client.HTTPConnection]) -> Any:
        def make(host: str, **kwargs: Any) -> http.client.HTTPConnection:
            conn = cls(host, **kwargs)
            conn._create_connection = self  # type: ignore[attr-defined]  # http.client's own hook
            return conn

        return make


class _Http(urllib.request.HTTPHandler):
    def __init__(self, connect: _Connect) -> None:
        super().__init__()
        self.connect = connect

    def http_open(self, req: Any) -> Any:
        return self.do_open(self.connect.connection(http.client.HTTPConnection), req)


class _Https(urllib.request.HTTPSHandler):
    def __init__(self, connect: _Connect) -> None:
        super().__init__()
        self.connect = connect

    def https_open(self, req: Any) -> Any:
        return self.do_open(self.connect.connection(http.client.HTTPSConnection), req, context=self._context)  # type: ignore[attr-defined]


class _Redirects(urllib.request.HTTPRedirectHandler):
    """A redirect is checked like the first address (its scheme here, its address at connect)."""

    def redirect_request(self, req: Any, fp: Any, code: int, msg: str, headers: Any, newurl: str) -> Any:
        _check(newurl)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


_FETCHERS: concurrent.futures.ThreadPoolExecutor | None = None
FETCH_THREADS = 4  # pages fetched at once, all rooms together


def executor() -> concurrent.futures.ThreadPoolExecutor:
    """The fetches' own threads: a slow page holds one of these, never the event loop's
    default pool, which every room's other work in threads shares (attack round 7: one
    import of ten dripping pages held that pool for hours)."""
    global _FETCHERS
    if _FETCHERS is None:
        _FETCHERS = concurrent.futures.ThreadPoolExecutor(FETCH_THREADS, thread_name_prefix="thread-fetch")
    return _FETCHERS


def fetch(
    url: str, timeout_s: float = TIMEOUT_S, max_bytes: int = MAX_BYTES, allow_private: bool = False
) -> str:
    """The page's text, within ``timeout_s`` from the first byte asked to the last read (a
    page that drips one byte every few seconds ends in time too)."""
    _check(url)
    connect = _Connect(url, allow_private)
    req = urllib.request.Request(url, headers={"User-Agent": "nightfall-thread/1", "Accept": "*/*"})
    opener = urllib.request.build_opener(_Http(connect), _Https(connect), _Redirects())
    until = time.monotonic() + timeout_s
    try:
        with opener.open(req, timeout=timeout_s) as resp:
            length = resp.headers.get("Content-Length")
            if length is not None and length.isdigit() and int(length) > max_bytes:
                raise FetchError(url, "too_large", f"> {max_bytes // 1024 // 1024} MB")
            chunks: list[bytes] = []
            size = 0
            while True:
                left = until - time.monotonic()
                if left <= 0:
                    raise FetchError(url, "slow", f"{timeout_s:g} s")
                if connect.sock is not None:
                    connect.sock.settimeout(left)  # a read waits only for the page's time left
                chunk = resp.read1(64 * 1024)  # what has come: a drip cannot make one read wait long
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
                if size > max_bytes:
                    raise FetchError(url, "too_large", f"> {max_bytes // 1024 // 1024} MB")
            body = b"".join(chunks)
            charset = resp.headers.get_content_charset() or "utf-8"
    except FetchError:
        raise
    except urllib.error.HTTPError as exc:
        raise FetchError(url, "status", f"HTTP {exc.code}") from exc
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        why = exc.reason if isinstance(exc, urllib.error.URLError) else exc
        if isinstance(why, FetchError):
            raise why from exc
        if isinstance(why, TimeoutError):
            raise FetchError(url, "slow", f"{timeout_s:g} s") from exc
        raise FetchError(url, "unreachable", str(why)[:120]) from exc
    return body.decode(charset, errors="replace")
