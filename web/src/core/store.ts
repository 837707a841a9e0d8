import { useEffect, useState } from "preact/hooks";

/** A tiny observable value; components subscribe with useStore. */
export class Store<T> {
  private subs = new Set<() => void>();
  constructor(private value: T) {}
  get(): T {
    return this.value;
  }
  set(v: T): void {
    this.value = v;
    this.subs.forEach((f) => f());
  }
  update(f: (v: T) => T): void {
    this.set(f(this.value));
  }
  subscribe(f: () => void): () => void {
    this.subs.add(f);
    return () => this.subs.delete(f);
  }
}

export function useStore<T>(store: Store<T>): T {
  const [, force] = useState(0);
  const seen = store.get();
  useEffect(() => {
    const unsubscribe = store.subscribe(() => force((n) => n + 1));
    // a change between this render and the subscription (a message that came meanwhile,
    // such as the chat's first page) would otherwise wait for the next one to show
    if (store.get() !== seen) force((n) => n + 1);
    return unsubscribe;
  }, [store]);
  return seen;
}
