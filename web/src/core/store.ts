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
  useEffect(() => store.subscribe(() => force((n) => n + 1)), [store]);
  return store.get();
}
