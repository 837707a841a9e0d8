// WebSocket half of the protocol (docs/protocol.md §3-4), shared by every game's pages: one
// socket, hello with the seat token, full `state` after every change, ack/error per request
// id, ping/pong for the clock offset and keepalive. Reconnects fast (back-off capped at ~1 s)
// and whenever the device wakes up, except when the server limits us (close 4429): then it
// waits as long as the server says. The view is the game's own type (V).
import { observeServerTime } from "./clock";
import { CLOSE_LIMITED, FATAL_CLOSE, HEARTBEAT_TICK_MS, KEEPALIVE_TICK_MS, LATE_TICK_MS, Reconnect, verdict, type Heartbeat } from "./link";
import { withPresence, withState, type ConnSnapshot, type ErrorInfo } from "./snapshot";
import { Feed } from "./feed";
import { Requests, type Outcome } from "./requests";
import { Store } from "./store";
import type { ServerMessage } from "../generated/protocol";

export const PROTOCOL_VERSION = 1;

// What pages import from here: the snapshot's shapes (snapshot.ts) and the heartbeat (link.ts).
export type { ConnSnapshot, ErrorInfo, Member, Presence, RoomState, You } from "./snapshot";
export { GAME_HEARTBEAT, type Heartbeat } from "./link";

export interface ConnectionOptions {
  /** Stamp each command with the view's `step` (a late tap is then rejected as stale_step). */
  stampStep?: boolean;
  /** Drop a command identical to the previous one sent within this many ms (a double tap). */
  dedupeMs?: number;
  /** Check the link this often (a phone at a table in play); without it the slow keepalive (link.ts). */
  heartbeat?: Heartbeat;
}

export type { Outcome } from "./requests";

export class Connection<V extends object = object> {
  readonly store = new Store<ConnSnapshot<V>>({
    link: "connecting", version: -1, room: null, you: null, view: null, fatal: null, error: null, pending: 0,
  });
  /** The game's feed (Andorra's chat), apart from the view (core/feed.ts). */
  readonly feed = new Feed();
  private ws: WebSocket | null = null;
  private readonly retry = new Reconnect(() => this.open());
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private livenessTimer: ReturnType<typeof setTimeout> | undefined;
  /** Requests sent and not yet answered: each resolves its caller's promise. */
  private requests = new Requests();
  private errorSerial = 0;
  private stopped = false;
  private lastMessageAt = 0;
  /** When this side last sent a frame (Date.now() ms): the server counts a phone in play
   *  as gone after a few seconds of silence (server/quiet.py), so the fast heartbeat also
   *  pings a socket that has said nothing for a second, even while views keep arriving. */
  private lastSentAt = 0;
  /** When the keepalive last ran, or its timer started (Date.now() ms). */
  private lastTickAt = 0;

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
    // A link called offline just before (the game's last seconds) is asked now: the slow
    // keepalive would leave "No connection" up for 15 s over a socket that is fine (play-test).
    if (this.store.get().link === "offline") this.ping();
  }

  private startTicks(): void {
    clearInterval(this.pingTimer);
    this.lastTickAt = Date.now();
    this.pingTimer = setInterval(() => this.keepAlive(), this.options.heartbeat ? HEARTBEAT_TICK_MS : KEEPALIVE_TICK_MS);
  }

  stop(): void {
    this.stopped = true;
    document.removeEventListener("visibilitychange", this.onWake);
    window.removeEventListener("online", this.onWake);
    window.removeEventListener("focus", this.onWake);
    window.removeEventListener("pageshow", this.onWake);
    window.removeEventListener("offline", this.onOffline);
    this.retry.cancel();
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
    const key = JSON.stringify([type, p]);
    if (this.options.dedupeMs && this.requests.repeated(key, this.options.dedupeMs)) return Promise.resolve(null);
    return this.request({ type: "command", command: { type, payload: p } }).then((outcome) => {
      if (outcome) this.requests.forget(key); // not taken: tapping it again is a retry, not a double tap
      return outcome;
    });
  }

  lobby(action: string, payload?: Record<string, unknown>): Promise<Outcome> {
    return this.request({ type: "lobby", action, ...(payload ? { payload } : {}) });
  }

  /** The feed's page before the oldest item held (the chat's «earlier messages»). */
  olderFeed(): Promise<Outcome> {
    const before = this.feed.oldest();
    return this.request(before === null ? { type: "feed" } : { type: "feed", before });
  }

  clearError(): void {
    this.store.update((s) => ({ ...s, error: null }));
  }

  private request(msg: Record<string, unknown>): Promise<Outcome> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      this.showError({ code: "network" });
      this.reconnectNow();
      return Promise.resolve({ code: "disconnected" });
    }
    return new Promise((resolve) => {
      const id = this.requests.add(resolve);
      ws.send(JSON.stringify({ ...msg, id }));
      this.lastSentAt = Date.now();
      this.store.update((s) => ({ ...s, pending: this.requests.size }));
    });
  }

  private showError(e: ErrorInfo): void {
    this.store.update((s) => ({ ...s, error: { ...e, serial: ++this.errorSerial } }));
  }

  private url(): string {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}/ws/${encodeURIComponent(this.code)}`;
  }

  private open(): void {
    this.retry.cancel();
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
      this.requests.settleAll();
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
        this.retry.welcomed();
        this.store.update((s) => ({ ...s, link: "open", fatal: null }));
        break;
      case "state": {
        const next = withState<V>(this.store.get(), msg.version, msg.room, msg.you, msg.view);
        if (next) this.store.set(next);
        break;
      }
      case "presence": {
        const changes = msg.members || [];
        this.store.update((s) => withPresence(s, changes));
        break;
      }
      case "ack":
        this.requests.settle(String(msg.id), null);
        this.store.update((s) => ({ ...s, pending: this.requests.size }));
        break;
      case "error": {
        const err: ErrorInfo = msg.error || { code: "unknown" };
        if (msg.id != null) this.requests.settle(String(msg.id), err);
        const wait = err.params?.retry_after;
        if (msg.id == null && typeof wait === "number") this.retry.retryAfter = wait;
        if (["unsupported_version", "no_room", "bad_token", "room_damaged", "seat_relinked", "left"].includes(err.code)) {
          this.store.update((s) => ({ ...s, fatal: err.code, pending: this.requests.size }));
        } else {
          this.store.update((s) => ({ ...s, pending: this.requests.size }));
          // A tap that lands just as the scene changes: the new scene already says enough.
          if (err.code !== "stale_step") this.showError(err);
        }
        break;
      }
      case "feed":
        if (msg.id != null) this.requests.settle(String(msg.id), null);
        this.feed.apply(msg);
        break;
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
    const beat = this.options.heartbeat;
    const now = Date.now();
    const tick = beat ? HEARTBEAT_TICK_MS : KEEPALIVE_TICK_MS;
    const late = this.lastTickAt ? now - this.lastTickAt - tick : 0;
    this.lastTickAt = now;
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || !this.lastMessageAt) return;
    if (late > LATE_TICK_MS) {
      // The page was busy (a big scene rendering on a slow phone) or asleep: it could not
      // hear meanwhile, so that time was not quiet. Ask instead of judging (a play-test saw
      // "No connection" on every phone at a game's end over links that were fine).
      this.lastMessageAt = Math.min(now, this.lastMessageAt + late);
      this.ping();
      return;
    }
    const what = verdict(now - this.lastMessageAt, beat);
    if (what === "replace") this.dropAndReopen(ws);
    else if (what === "offline") this.markOffline();
    else if (what === "ping") this.ping();
    else if ((beat || this.store.get().link === "offline") && now - this.lastSentAt >= (beat?.pingWhenQuietMs ?? 1_000))
      this.ping(); // at most one a second either way; an "offline" link is asked until it answers
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
      this.lastSentAt = Date.now();
    }
  }

  private scheduleRetry(): void {
    if (!this.stopped) this.retry.soon();
  }

  private waitThenReconnect(): void {
    this.retry.limited();
    this.store.update((s) => ({ ...s, link: "waiting", pending: 0 }));
  }

  private reconnectNow(): void {
    if (this.stopped || this.retry.waiting()) return; // the server asked us to wait: the retry timer is set
    if (this.ws && (this.ws.readyState === WebSocket.CONNECTING || this.ws.readyState === WebSocket.OPEN)) return;
    this.retry.reset();
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
    this.requests.settleAll();
    this.store.update((s) => ({ ...s, link: "reconnecting", pending: 0 }));
    this.retry.reset();
    this.open();
  }
}
