// One WebSocket to the room (docs/protocol.md): hello with the private token,
// then state messages; commands are answered by ack or error with our id.
import { limitedDelay } from "../retry";
import type { ServerError } from "./i18n";

export interface StateMsg {
  type: "state";
  version: number;
  server_time: number;
  room: { code: string; members: { pid: number; name: string; seat: number | null; host: boolean }[] };
  you: { pid: number | null; seat: number | null; host: boolean; spectator: boolean };
  view: any;
}

type Listener = (s: StateMsg | null, status: string, offset: number) => void;

export class Conn {
  private ws: WebSocket | null = null;
  private ids = 0;
  private pending = new Map<string, (err: ServerError | null) => void>();
  private closedForGood = false;
  private retryAfter: number | null = null; // from an error without an id, read at a 4429 close
  private refusals = 0; // 4429 closes in a row
  state: StateMsg | null = null;
  status = "connecting";
  offset = 0; // server clock minus ours

  constructor(
    private code: string,
    private token: string,
    private listener: Listener,
  ) {
    this.open();
  }

  private open(): void {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", v: 1, token: this.token }));
    ws.onmessage = (ev) => {
      const msg = JSON.parse(String(ev.data));
      if (typeof msg.server_time === "number") this.offset = msg.server_time - Date.now();
      if (msg.type === "state") {
        this.refusals = 0;
        this.state = msg as StateMsg;
        this.status = "open";
        this.emit();
      } else if (msg.type === "ack" || msg.type === "error") {
        const done = msg.id != null ? this.pending.get(String(msg.id)) : undefined;
        if (done) {
          this.pending.delete(String(msg.id));
          done(msg.type === "error" ? (msg.error as ServerError) : null);
        } else if (msg.type === "error" && (msg.error.code === "bad_token" || msg.error.code === "no_room")) {
          this.closedForGood = true;
          this.status = msg.error.code;
          this.emit();
        } else if (msg.type === "error" && typeof msg.error.params?.retry_after === "number") {
          this.retryAfter = msg.error.params.retry_after;
        }
      }
    };
    ws.onclose = (ev) => {
      for (const done of this.pending.values()) done({ code: "disconnected" });
      this.pending.clear();
      if (this.closedForGood) return;
      this.status = "reconnecting";
      this.emit();
      // 4429: the server limits this address (too many sockets, or too many guesses); trying
      // again at once would be refused again, so wait what it said or back off (protocol §3).
      let delay = 1500;
      if (ev.code === 4429) delay = limitedDelay(this.retryAfter, ++this.refusals) + Math.random() * 500;
      this.retryAfter = null;
      setTimeout(() => this.open(), delay);
    };
  }

  private emit(): void {
    this.listener(this.state, this.status, this.offset);
  }

  /** Send a command; resolves to null (accepted) or the server's error. */
  command(type: string, payload: Record<string, unknown>): Promise<ServerError | null> {
    const id = `c${++this.ids}`;
    return new Promise((resolve) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        resolve({ code: "disconnected" });
        return;
      }
      this.pending.set(id, resolve);
      this.ws.send(JSON.stringify({ type: "command", id, command: { type, payload } }));
    });
  }
}

/** The token from the link's fragment (#t=...), kept on this device afterwards. */
export function takeToken(code: string, kind: "desk" | "p"): string | null {
  const key = `andorra:${code}:${kind}`;
  const match = /(?:^#|&)t=([^&]+)/.exec(location.hash);
  if (match) {
    const token = decodeURIComponent(match[1]);
    localStorage.setItem(key, token);
    history.replaceState(null, "", location.pathname + location.search);
    return token;
  }
  return localStorage.getItem(key);
}
