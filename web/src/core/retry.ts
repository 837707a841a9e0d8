// How long to wait before reconnecting after the server closed the socket with 4429: it
// limits this address (too_many_connections, or rate_limited after too many guesses;
// docs/protocol.md §3, §4.4). Reconnecting at once would only be refused again, and each
// attempt costs the address another request. Shared by the phone client and Andorra's pages.

/** ms to wait: the server's retry_after (seconds) if it sent one, else 2 s, 4 s, 8 s … 30 s. */
export function limitedDelay(retryAfterSeconds: number | null, refusals: number): number {
  if (retryAfterSeconds !== null && Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0) {
    return Math.min(retryAfterSeconds, 300) * 1000;
  }
  return Math.min(30_000, 2_000 * 2 ** Math.max(0, refusals - 1));
}
