import type { PresenceState, RoomJson, YouJson } from "../../generated/protocol";
import type { Ctx } from "../common";

/** Each seat's presence (issue 20 point 5: only the host is told, in his ``you.presence`` by
 * pid, kept current by presence messages). */
export function seatPresence(room: RoomJson | null, you: YouJson | null): Map<number, PresenceState> {
  const seen = you?.presence ?? {};
  const bySeat = new Map<number, PresenceState>();
  for (const m of room?.members ?? []) {
    if (m.seat != null) bySeat.set(m.seat, seen[String(m.pid)] ?? m.presence ?? "disconnected");
  }
  return bySeat;
}

/** A player's presence as a dot with its words (for a screen reader and a hover). */
export function PresenceDot({ ctx, state }: { ctx: Ctx; state: PresenceState }) {
  const words = ctx.t(`presence.${state}`);
  return <span class={`dot ${state}`} role="img" aria-label={words} title={words} />;
}
