// WebSocket half of the protocol (docs/protocol.md §3-4), shared by every game's pages: one
// socket, hello with the seat token, full `state` after every change, ack/error per request
// id, ping/pong for the clock offset and keepalive. Reconnects fast (back-off capped at ~1 s)
// and whenever the device wakes up, except when the server limits us (close 4429): then it
// waits as long as the server says. The view is the game's own type (V).
import { observeServerTime } from "./clock";
import { limitedDelay } from "./retry";
import { Store } from "./store";
import type { MemberJson, PresenceState, RoomJson, ServerMessage, YouJson } from "../generated/protocol";

export const PROTOCOL_VERSION = 1;

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

// 4409: a fifth tab with the same seat closed this one; reconnecting would close another.
const FATAL_CLOSE: Record<number, string> = { 4401: "bad_token", 4404: "no_room", 4409: "replaced", 4410: "removed" };

// 4429: the server limits this address for now (see retry.ts): wait before reconnecting.
const CLOSE_LIMITED = 4429;

// Keepalive (docs/protocol.md §4): the server also pings a socket it has heard nothing
// from for 20 s, so an idle table's phones and the server take turns proving the link.
const KEEPALIVE_TICK_MS = 5_000;
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
const HEARTBEAT_TICK_MS = 250;

export interface ConnectionOptions {
  /** Stamp each command with the view's `step` (a late tap is then rejected as stale_step). */
  stampStep?: boolean;
  /** Drop a command identical to the previous one sent within this many ms (a double tap). */
  dedupeMs?: number;
  /** Check the link this often (a phone at a table in play); without it the slow keepalive above. */
  heartbeat?: Heartbeat;
}

/** What a request came to: null (acknowledged) or the server's error. */
export type Outcome = ErrorInfo | null;

export class Connection<V extends object = object> {
  readonly store = new Store<ConnSnapshot<V>>({
    link: "connecting", version: -1, room: null, you: null, view: null, fatal: null, error: null, pending: 0,
  });
  private ws: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private livenessTimer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;
  /** Requests sent and not yet answered: each resolves its caller's promise. */
  private pendingIds = new Map<string, (outcome: Outcome) => void>();
  private errorSerial = 0;
  private stopped = false;
  private lastMessageAt = 0;
  private lastCommand = "";
  private lastCommandAt = 0;
  /** retry_after (s) of the last error that came without a request id: read at a 4429 close. */
  private retryAfter: number | null = null;
  /** 4429 closes in a row (reset by a welcome): the back-off grows with them. */
  private refusals = 0;
  /** No reconnect before this time (Date.now() ms): a wake-up or a tap must not jump the wait. */
  private notBefore = 0;

  constructor(
    private readonly code: string,
    private readonly token: string | null,
    private options: ConnectionOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    document.addEventListener("visibilitychange", this.onWake);
    window.addEventListener("online", this.onWake);
    window.addEventListener("focus", this.onWake);
    window.addEventListener("pageshow", this.onWake);
    window.addEventListener("offline", this.onOffline);
    this.open();
    this.startTicks();
  }

  /** Switch the fast heartbeat on (a game started) or off (back in the lobby, where a
   *  quiet socket costs only the slow keepalive). */
  setHeartbeat(beat: Heartbeat | undefined): void {
    if (this.options.heartbeat === beat) return;
    this.options = { ...this.options, heartbeat: beat };
    if (!this.stopped) this.startTicks();
  }

  private startTicks(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.keepAlive(), this.options.heartbeat ? HEARTBEAT_TICK_MS : KEEPALIVE_TICK_MS);
  }

  stop(): void {
    this.stopped = true;
    document.removeEventListener("visibilitychange", this.onWake);
    window.removeEventListener("online", this.onWake);
    window.removeEventListener("focus", this.onWake);
    window.removeEventListener("pageshow", this.onWake);
    window.removeEventListener("offline", this.onOffline);
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    clearTimeout(this.livenessTimer);
    this.ws?.close(1000);
    this.ws = null;
  }

  /**
   * A game command; the server fills in actor and now. Resolves when the server answers
   * (null: accepted); a rejection is also shown once in the store's `error`.
   */
  command(type: string, payload: Record<string, unknown> = {}): Promise<Outcome> {
    const view = this.store.get().view as { step?: unknown } | null;
    const step = this.options.stampStep && typeof view?.step === "number" ? view.step : undefined;
    const p = step === undefined || "step" in payload ? payload : { ...payload, step };
    if (this.options.dedupeMs) {
      // A double tap sends the same command twice; the second would only earn an "already done".
      const key = JSON.stringify([type, p]);
      const now = Date.now();
      if (key === this.lastCommand && now - this.lastCommandAt < this.options.dedupeMs) return Promise.resolve(null);
      this.lastCommand = key;
      this.lastCommandAt = now;
    }
    return this.request({ type: "command", command: { type, payload: p } });
  }

  lobby(action: string, payload?: Record<string, unknown>): Promise<Outcome> {
    return this.request({ type: "lobby", action, ...(payload ? { payload } : {}) });
  }

  clearError(): void {
    this.store.update((s) => ({ ...s, error: null }));
  }

  private request(msg: Record<string, unknown>): Promise<Outcome> {
    const id = `c${this.nextId++}`;
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      this.showError({ code: "network" });
      this.reconnectNow();
      return Promise.resolve({ code: "disconnected" });
    }
    return new Promise((resolve) => {
      this.pendingIds.set(id, resolve);
      ws.send(JSON.stringify({ ...msg, id }));
      this.store.update((s) => ({ ...s, pending: this.pendingIds.size }));
    });
  }

  /** Answer a request (or every open one, with `disconnected`, when the socket goes). */
  private settle(id: string, outcome: Outcome): void {
    const done = this.pendingIds.get(id);
    this.pendingIds.delete(id);
    done?.(outcome);
  }

  private settleAll(): void {
    for (const id of [...this.pendingIds.keys()]) this.settle(id, { code: "disconnected" });
  }

  private showError(e: ErrorInfo): void {
    this.store.update((s) => ({ ...s, error: { ...e, serial: ++this.errorSerial } }));
  }

  private url(): string {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}/ws/${encodeURIComponent(this.code)}`;
  }

  private open(): void {
    clearTimeout(this.retryTimer);
    if (this.stopped) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.lastMessageAt = Date.now(); // a socket that just opened is alive: quiet counts from here
      const hello: Record<string, unknown> = { type: "hello", v: PROTOCOL_VERSION };
      if (this.token) hello.token = this.token;
      ws.send(JSON.stringify(hello));
      this.ping();
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.lastMessageAt = Date.now();
      clearTimeout(this.livenessTimer);
      if (this.store.get().link === "offline") this.store.update((s) => ({ ...s, link: "open" }));
      let msg: ServerMessage;
      try {
        msg = JSON.parse(String(ev.data)) as ServerMessage;
      } catch {
        return;
      }
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearTimeout(this.livenessTimer);
      this.settleAll();
      const fatal = FATAL_CLOSE[ev.code];
      if (fatal) {
        // An error sent just before the close (bad_token after a relink) says more than its code.
        this.store.update((s) => ({ ...s, link: "closed", fatal: s.fatal ?? fatal, pending: 0 }));
        return;
      }
      if (ev.code === CLOSE_LIMITED) {
        this.waitThenReconnect();
        return;
      }
      this.store.update((s) => ({ ...s, link: "reconnecting", pending: 0 }));
      this.scheduleRetry();
    };
  }

  private onMessage(msg: ServerMessage): void {
    if (typeof msg.server_time === "number" && msg.type !== "pong") observeServerTime(msg.server_time);
    switch (msg.type) {
      case "welcome":
        this.attempt = 0;
        this.refusals = 0;
        this.retryAfter = null;
        this.store.update((s) => ({ ...s, link: "open", fatal: null }));
        break;
      case "state": {
        const version = msg.version;
        const cur = this.store.get();
        // A fresh socket restarts the ordering: any state after welcome is newer than what we showed.
        if (cur.link === "open" && version < cur.version) break;
        this.store.set({
          ...cur,
          link: "open",
          version,
          room: msg.room,
          you: msg.you,
          // The view's type is the game's (V): the server sends its game's view to its pages.
          view: (msg.view as V | null) ?? null,
        });
        break;
      }
      case "presence": {
        const changes = msg.members || [];
        this.store.update((s) => {
          if (!s.room) return s;
          const members = s.room.members.map((m) => {
            const c = changes.find((x) => x.pid === m.pid);
            return c ? { ...m, presence: c.presence } : m;
          });
          // A host of a game with private presence keeps everyone's in you.presence (Andorra's desk).
          const seen = s.you?.presence;
          const you = s.you && seen ? { ...s.you, presence: { ...seen, ...Object.fromEntries(changes.map((c) => [String(c.pid), c.presence])) } } : s.you;
          return { ...s, room: { ...s.room, members }, you };
        });
        break;
      }
      case "ack":
        this.settle(String(msg.id), null);
        this.store.update((s) => ({ ...s, pending: this.pendingIds.size }));
        break;
      case "error": {
        const err: ErrorInfo = msg.error || { code: "unknown" };
        if (msg.id != null) this.settle(String(msg.id), err);
        const wait = err.params?.retry_after;
        if (msg.id == null && typeof wait === "number") this.retryAfter = wait;
        if (err.code === "unsupported_version" || err.code === "no_room" || err.code === "bad_token") {
          this.store.update((s) => ({ ...s, fatal: err.code, pending: this.pendingIds.size }));
        } else {
          this.store.update((s) => ({ ...s, pending: this.pendingIds.size }));
          // A tap that lands just as the scene changes: the new scene already says enough.
          if (err.code !== "stale_step") this.showError(err);
        }
        break;
      }
      case "pong": {
        const sentAt = Number(msg.t);
        if (typeof msg.server_time === "number") observeServerTime(msg.server_time, Number.isFinite(sentAt) ? sentAt : undefined);
        break;
      }
      default:
        break; // ignore unknown types (protocol: additive changes)
    }
  }

  /** Every few seconds: ping a socket that has gone quiet, and replace one that stayed quiet. */
  private keepAlive(): void {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || !this.lastMessageAt) return;
    const quiet = Date.now() - this.lastMessageAt;
    const beat = this.options.heartbeat;
    if (beat) {
      if (quiet > beat.replaceAfterMs) this.dropAndReopen(ws);
      else if (quiet > beat.offlineAfterMs) this.markOffline();
      else if (quiet >= beat.pingWhenQuietMs) this.ping();
      return;
    }
    // Heard nothing for 25 s, though a ping went out at 15 s and pongs take milliseconds: dead.
    if (quiet > DEAD_AFTER_MS) this.dropAndReopen(ws);
    // Any message proves the socket alive, so a table in play (views every few seconds)
    // sends no pings at all: fewer wake-ups for the phone's radio, less work for the server.
    else if (quiet >= PING_WHEN_QUIET_MS) this.ping();
  }

  private markOffline(): void {
    if (this.store.get().link === "open") this.store.update((s) => ({ ...s, link: "offline" }));
  }

  /** The browser lost the network: say so at once (the socket may not notice for a while). */
  private onOffline = (): void => {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.markOffline();
  };

  private ping(): void {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ type: "ping", t: Date.now() }));
    }
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    // 150 ms, 300 ms, 600 ms, then every ~1 s (with a little jitter so 12 phones do not stampede).
    const delay = Math.min(1000, 150 * 2 ** this.attempt) + Math.random() * 150;
    this.attempt++;
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  private waitThenReconnect(): void {
    this.refusals++;
    // A little jitter: the phones of one table share an address and were refused together.
    const delay = limitedDelay(this.retryAfter, this.refusals) + Math.random() * 500;
    this.retryAfter = null;
    this.notBefore = Date.now() + delay;
    this.attempt = 0;
    this.store.update((s) => ({ ...s, link: "waiting", pending: 0 }));
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  private reconnectNow(): void {
    if (this.stopped) return;
    if (Date.now() < this.notBefore) return; // the server asked us to wait: the retry timer is set
    if (this.ws && (this.ws.readyState === WebSocket.CONNECTING || this.ws.readyState === WebSocket.OPEN)) return;
    this.attempt = 0;
    this.open();
  }

  /** The phone woke up or the network came back: a socket that looks open may be dead. */
  private onWake = (): void => {
    if (document.visibilityState === "hidden" || this.stopped) return;
    const ws = this.ws;
    if (!ws || ws.readyState === WebSocket.CLOSED || ws.readyState === WebSocket.CLOSING) {
      this.reconnectNow();
      return;
    }
    if (ws.readyState !== WebSocket.OPEN) return;
    // Probe: if nothing comes back within 1.2 s, drop the socket and open a fresh one.
    const before = this.lastMessageAt;
    this.ping();
    clearTimeout(this.livenessTimer);
    this.livenessTimer = setTimeout(() => {
      if (this.ws === ws && this.lastMessageAt === before) this.dropAndReopen(ws);
    }, 1200);
  };

  private dropAndReopen(ws: WebSocket): void {
    this.ws = null;
    ws.onclose = null;
    try {
      ws.close(4000);
    } catch {
      /* ignore */
    }
    this.settleAll();
    this.store.update((s) => ({ ...s, link: "reconnecting", pending: 0 }));
    this.attempt = 0;
    this.open();
  }
}
