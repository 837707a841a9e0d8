"""Fetching a forum page for the thread import (A-THREAD-1): http(s) only, a timeout and a
size limit, so a slow or huge page cannot hold the server or fill its memory. Blocking
(urllib): callers on the event loop run it in a thread.

The server fetches only for a room's host, and never an address inside its own network
(loopback, private, link-local: the server is not a way into the machine's Redis or
PostgreSQL), also after a redirect; the CLI, on the host's own machine, may
(``allow_private``). Tests run against a local server with ``ALLOW_PRIVATE`` set."""

from __future__ import annotations

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
    "no_such_host": ("такого сайта нет (проверьте адрес)", "there is no such site (check the address)"),
    "private": (
        "это адрес внутри сети сервера; такие страницы сохраните и пришлите файлом",
        "it is inside the server's network; save such pages and send them as files",
    ),
    "too_large": ("страница слишком большая", "the page is too large"),
    "slow": ("страница не загрузилась вовремя", "the page did not load in time"),
    "status": ("сайт ответил ошибкой", "the site answered with an error"),
    "unreachable": (
        "сайт недоступен с сервера; сохраните страницы и пришлите файлами",
        "the site cannot be reached from the server; save the pages and send them as files",
    ),
}


def _check(url: str, allow_private: bool) -> None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise FetchError(url, "not_http")
    if allow_private or ALLOW_PRIVATE:
        return
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or 443, proto=socket.IPPROTO_TCP)
    except OSError as exc:
        raise FetchError(url, "no_such_host") from exc
    for info in infos:
        ip = ipaddress.ip_address(str(info[4][0]))
        if not ip.is_global:
            raise FetchError(url, "private")


class _Redirects(urllib.request.HTTPRedirectHandler):
    """A redirect is checked like the first address."""

    def __init__(self, allow_private: bool) -> None:
        self.allow_private = allow_private

    def redirect_request(self, req: Any, fp: Any, code: int, msg: str, headers: Any, newurl: str) -> Any:
        _check(newurl, self.allow_private)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def fetch(
    url: str, timeout_s: float = TIMEOUT_S, max_bytes: int = MAX_BYTES, allow_private: bool = False
) -> str:
    _check(url, allow_private)
    req = urllib.request.Request(url, headers={"User-Agent": "nightfall-thread/1", "Accept": "*/*"})
    opener = urllib.request.build_opener(_Redirects(allow_private))
    try:
        with opener.open(req, timeout=timeout_s) as resp:  # the scheme and address are checked above
            length = resp.headers.get("Content-Length")
            if length is not None and length.isdigit() and int(length) > max_bytes:
                raise FetchError(url, "too_large", f"> {max_bytes // 1024 // 1024} MB")
            chunks: list[bytes] = []
            size, until = 0, time.monotonic() + timeout_s
            while chunk := resp.read(64 * 1024):  # a page that drips in slowly still ends in time
                chunks.append(chunk)
                size += len(chunk)
                if size > max_bytes:
                    raise FetchError(url, "too_large", f"> {max_bytes // 1024 // 1024} MB")
                if time.monotonic() > until:
                    raise FetchError(url, "slow", f"{timeout_s:g} s")
            body = b"".join(chunks)
            charset = resp.headers.get_content_charset() or "utf-8"
    except urllib.error.HTTPError as exc:
        raise FetchError(url, "status", f"HTTP {exc.code}") from exc
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        why = exc.reason if isinstance(exc, urllib.error.URLError) else exc
        if isinstance(why, TimeoutError):
            raise FetchError(url, "slow", f"{timeout_s:g} s") from exc
        if isinstance(why, socket.gaierror):
            raise FetchError(url, "no_such_host") from exc
        raise FetchError(url, "unreachable", str(why)[:120]) from exc
    return body.decode(charset, errors="replace")
