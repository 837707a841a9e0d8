// A game's feed (docs/protocol.md, `feed`): Andorra's clan chat, sent apart from the views so
// that a new message costs only itself. The latest page comes on connect (`reset`), each new
// item once, older pages when the page asks (`Connection.olderFeed`). Items are kept in `n`
// order without repeats, whatever order the messages come in.
import type { FeedMessage } from "../generated/protocol";
import { Store } from "./store";

export interface FeedItem {
  n: number;
}

export interface FeedSnapshot<T extends FeedItem = FeedItem> {
  items: T[];
  /** Older items exist on the server (the page offers «earlier messages»). */
  more: boolean;
  /** The first page has come (until then the page says «loading», not «no messages»). */
  loaded: boolean;
}

export class Feed<T extends FeedItem = FeedItem> {
  readonly store = new Store<FeedSnapshot<T>>({ items: [], more: false, loaded: false });

  /** The `n` of the oldest item held: where the next older page ends. */
  oldest(): number | null {
    const items = this.store.get().items;
    return items.length ? items[0].n : null;
  }

  apply(msg: FeedMessage): void {
    const got = (msg.items ?? []) as T[];
    this.store.update((s) => {
      const base = msg.reset ? [] : s.items;
      const byN = new Map<number, T>(base.map((m) => [m.n, m]));
      for (const m of got) byN.set(m.n, m);
      const items = [...byN.values()].sort((a, b) => a.n - b.n);
      // a new item says nothing of older ones; a page (with `more`) does
      const more = msg.more === undefined ? s.more : msg.reset || msg.id != null ? msg.more : s.more;
      return { items, more, loaded: s.loaded || msg.reset === true || msg.id != null };
    });
  }
}
