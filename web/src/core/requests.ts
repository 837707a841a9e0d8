// The requests a page has sent and the server has not answered yet (docs/protocol.md §3:
// ack or error per request id), and the double-tap filter for commands.
import type { ErrorInfo } from "./snapshot";

/** What a request came to: null (acknowledged) or the server's error. */
export type Outcome = ErrorInfo | null;

export class Requests {
  private nextId = 1;
  private waiting = new Map<string, (outcome: Outcome) => void>();
  private lastCommand = "";
  private lastCommandAt = 0;

  get size(): number {
    return this.waiting.size;
  }

  /** A fresh id whose answer resolves ``done``. */
  add(done: (outcome: Outcome) => void): string {
    const id = `c${this.nextId++}`;
    this.waiting.set(id, done);
    return id;
  }

  /** Answer a request (or every open one, with `disconnected`, when the socket goes). */
  settle(id: string, outcome: Outcome): void {
    const done = this.waiting.get(id);
    this.waiting.delete(id);
    done?.(outcome);
  }

  settleAll(): void {
    for (const id of [...this.waiting.keys()]) this.settle(id, { code: "disconnected" });
  }

  /** A double tap sends the same command twice; the second would only earn an "already
   *  done": true when ``key`` was sent less than ``withinMs`` ago. */
  repeated(key: string, withinMs: number): boolean {
    const now = Date.now();
    if (key === this.lastCommand && now - this.lastCommandAt < withinMs) return true;
    this.lastCommand = key;
    this.lastCommandAt = now;
    return false;
  }

  /** ``key`` was not taken (refused, or lost with the link): its next send goes out. */
  forget(key: string): void {
    if (key === this.lastCommand) this.lastCommand = "";
  }
}
