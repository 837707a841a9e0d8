// What a page sees of its room (ConnSnapshot) and how the server's `state` and `presence`
// messages change it: pure functions, so the socket code (connection.ts) only routes.
import type { MemberJson, PresenceChange, PresenceState, RoomJson, YouJson } from "../generated/protocol";

// The protocol's shapes come from the server (generated/protocol.ts, `make types`).
export type Presence = PresenceState;
export type Member = MemberJson;
export type RoomState = RoomJson;
export type You = YouJson;

/** A rejection from the server, or one the client makes up (network, disconnected). */
export interface ErrorInfo {
  code: string;
  params?: Record<string, unknown> | null;
  rule?: string;
}

export interface ConnSnapshot<V> {
  /** "waiting": the server refused us for now (close 4429); we reconnect after its wait.
   *  "offline": the socket is open but silent past the heartbeat (or the browser says it is
   *  offline): taps may not arrive; it turns "open" again at the next message. */
  link: "connecting" | "open" | "offline" | "reconnecting" | "waiting" | "closed";
  version: number;
  room: RoomState | null;
  you: You | null;
  view: V | null;
  /** A fatal close: no_room, bad_token, removed, unsupported_version. */
  fatal: string | null;
  /** The last rejected request (shown as a toast), with a serial so repeats re-show. */
  error: (ErrorInfo & { serial: number }) | null;
  /** Request ids sent and not yet answered. */
  pending: number;
}

/** A full `state`; null when it is older than what is shown (a late one on the same socket). */
export function withState<V>(cur: ConnSnapshot<V>, version: number, room: RoomState, you: You | null, view: unknown): ConnSnapshot<V> | null {
  // A fresh socket restarts the ordering: any state after welcome is newer than what we showed.
  if (cur.link === "open" && version < cur.version) return null;
  // The view's type is the game's (V): the server sends its game's view to its pages.
  return { ...cur, link: "open", version, room, you, view: (view as V | null) ?? null };
}

/** Members' presence changed: in the room's list, and in you.presence for a host of a game
 *  with private presence (Andorra's desk keeps everyone's there). */
export function withPresence<V>(s: ConnSnapshot<V>, changes: PresenceChange[]): ConnSnapshot<V> {
  if (!s.room) return s;
  const members = s.room.members.map((m) => {
    const c = changes.find((x) => x.pid === m.pid);
    return c ? { ...m, presence: c.presence } : m;
  });
  const seen = s.you?.presence;
  const you = s.you && seen ? { ...s.you, presence: { ...seen, ...Object.fromEntries(changes.map((c) => [String(c.pid), c.presence])) } } : s.you;
  return { ...s, room: { ...s.room, members }, you };
}
