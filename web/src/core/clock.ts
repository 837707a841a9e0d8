import { useEffect, useState } from "preact/hooks";

// Server-time offset: serverNow ≈ Date.now() + offset. Timers belong to the server; the
// client only renders deadlines (absolute server ms) against its best offset estimate.
let offset = 0;
let bestRtt = Infinity;

/** Record a server timestamp. With the send time of a ping, the round trip bounds the error. */
export function observeServerTime(serverMs: number, sentAt?: number): void {
  const now = Date.now();
  if (sentAt !== undefined) {
    const rtt = now - sentAt;
    // Keep the sample with the smallest round trip; let it age so a drifting clock recovers.
    bestRtt = Math.min(bestRtt * 1.05 + 5, Infinity);
    if (rtt <= bestRtt) {
      bestRtt = rtt;
      offset = serverMs + rtt / 2 - now;
    }
  } else if (bestRtt === Infinity) {
    offset = serverMs - now;
  }
}

export function serverNow(): number {
  return Date.now() + offset;
}

/** Milliseconds left until a server deadline (null: no timer). Re-renders 4× a second. */
export function useRemaining(deadline: number | null | undefined): number | null {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (deadline == null) return;
    const id = setInterval(() => setTick((n) => n + 1), 250);
    return () => clearInterval(id);
  }, [deadline]);
  if (deadline == null) return null;
  return Math.max(0, deadline - serverNow());
}

export function formatSeconds(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
