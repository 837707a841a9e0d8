// How the client keeps its link (docs/protocol.md §4): when a quiet socket is pinged,
// called offline or replaced (keepalive and the fast heartbeat), and when a lost one is
// reopened (Reconnect). The socket itself, and what it does about these, stay in connection.ts.
import { limitedDelay } from "./retry";

// Keepalive: the server also pings a socket it has heard nothing from for 20 s, so an idle
// table's phones and the server take turns proving the link.
export const KEEPALIVE_TICK_MS = 5_000;
const PING_WHEN_QUIET_MS = 15_000;
const DEAD_AFTER_MS = 25_000;

// The fast heartbeat of a phone in a running game (issue: notice an outage within 3 s):
// ping after this much quiet, say "offline" after that much, replace the socket later.
export interface Heartbeat {
  pingWhenQuietMs: number;
  offlineAfterMs: number;
  replaceAfterMs: number;
}
export const GAME_HEARTBEAT: Heartbeat = { pingWhenQuietMs: 1_000, offlineAfterMs: 2_000, replaceAfterMs: 8_000 };
export const HEARTBEAT_TICK_MS = 250;
// A tick this much later than due: the page could not run (busy or asleep), so it asks
// the socket rather than count that time as quiet.
export const LATE_TICK_MS = 1_000;

// 4409: a fifth tab with the same seat closed this one; reconnecting would close another.
export const FATAL_CLOSE: Record<number, string> = { 4401: "bad_token", 4404: "no_room", 4409: "replaced", 4410: "removed" };

// 4429: the server limits this address for now (see retry.ts): wait before reconnecting.
export const CLOSE_LIMITED = 4429;

/** What to do about a socket that has been quiet this long (ms). */
export function verdict(quiet: number, beat: Heartbeat | undefined): "replace" | "offline" | "ping" | null {
  if (beat) {
    if (quiet > beat.replaceAfterMs) return "replace";
    if (quiet > beat.offlineAfterMs) return "offline";
    return quiet >= beat.pingWhenQuietMs ? "ping" : null;
  }
  // Heard nothing for 25 s, though a ping went out at 15 s and pongs take milliseconds: dead.
  if (quiet > DEAD_AFTER_MS) return "replace";
  // Any message proves the socket alive, so a table in play (views every few seconds)
  // sends no pings at all: fewer wake-ups for the phone's radio, less work for the server.
  return quiet >= PING_WHEN_QUIET_MS ? "ping" : null;
}

/** When to reopen the socket: fast after a drop (150 ms, 300 ms, 600 ms, then every ~1 s,
 *  with a little jitter so 12 phones do not stampede), but only after the server's wait when
 *  it limits us (close 4429). */
export class Reconnect {
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** 4429 closes in a row (reset by a welcome): the back-off grows with them. */
  private refusals = 0;
  /** No reconnect before this time (Date.now() ms): a wake-up or a tap must not jump the wait. */
  private notBefore = 0;
  /** retry_after (s) of the last error that came without a request id: read at a 4429 close. */
  retryAfter: number | null = null;

  constructor(private readonly open: () => void) {}

  welcomed(): void {
    this.attempt = 0;
    this.refusals = 0;
    this.retryAfter = null;
  }

  /** A fresh start of the fast back-off (the socket was replaced, or a tap found it gone). */
  reset(): void {
    this.attempt = 0;
  }

  cancel(): void {
    clearTimeout(this.timer);
  }

  /** Whether a reconnect now would jump the server's wait. */
  waiting(): boolean {
    return Date.now() < this.notBefore;
  }

  soon(): void {
    clearTimeout(this.timer);
    const delay = Math.min(1000, 150 * 2 ** this.attempt) + Math.random() * 150;
    this.attempt++;
    this.timer = setTimeout(this.open, delay);
  }

  limited(): void {
    this.refusals++;
    // A little jitter: the phones of one table share an address and were refused together.
    const delay = limitedDelay(this.retryAfter, this.refusals) + Math.random() * 500;
    this.retryAfter = null;
    this.notBefore = Date.now() + delay;
    this.attempt = 0;
    clearTimeout(this.timer);
    this.timer = setTimeout(this.open, delay);
  }
}
