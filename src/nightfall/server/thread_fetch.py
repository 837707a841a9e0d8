"""Fetching a forum page for the thread import (A-THREAD-1): http(s) only, a timeout and a
size limit, so a slow or huge page cannot hold the server or fill its memory. Blocking
(urllib): callers on the event loop run it in a thread."""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

TIMEOUT_S = 10.0
MAX_BYTES = 4 * 1024 * 1024  # a phpBB page of 50 posts is ~200 KB; a Discourse topic JSON ~1 MB


class FetchError(Exception):
    """Why a page could not be read, in words for the host."""


def fetch(url: str, timeout_s: float = TIMEOUT_S, max_bytes: int = MAX_BYTES) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise FetchError(f"not an http(s) address: {url!r}")
    req = urllib.request.Request(url, headers={"User-Agent": "nightfall-thread/1", "Accept": "*/*"})
    try:
        with urllib.request.urlopen(req, timeout=timeout_s) as resp:  # the scheme is checked above
            length = resp.headers.get("Content-Length")
            if length is not None and length.isdigit() and int(length) > max_bytes:
                raise FetchError(f"{url}: the page is larger than {max_bytes} bytes")
            chunks: list[bytes] = []
            size, until = 0, time.monotonic() + timeout_s
            while chunk := resp.read(64 * 1024):  # a page that drips in slowly still ends in time
                chunks.append(chunk)
                size += len(chunk)
                if size > max_bytes:
                    raise FetchError(f"{url}: the page is larger than {max_bytes} bytes")
                if time.monotonic() > until:
                    raise FetchError(f"{url}: no complete page within {timeout_s:g} s")
            body = b"".join(chunks)
            charset = resp.headers.get_content_charset() or "utf-8"
    except urllib.error.HTTPError as exc:
        raise FetchError(f"{url}: HTTP {exc.code}") from exc
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        why = exc.reason if isinstance(exc, urllib.error.URLError) else exc
        raise FetchError(f"{url}: {why}") from exc
    return body.decode(charset, errors="replace")
