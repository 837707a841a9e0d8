import { useEffect } from "preact/hooks";

// Keep the phone's screen on while a game runs (issue 18 §6): a phone that dims and locks
// mid-scene misses its turn. Released when the game ends or the page goes; taken again when
// the page comes back (the browser drops the lock whenever the page is hidden).
interface Sentinel {
  release(): Promise<void>;
}
type WakeLockApi = { request(type: "screen"): Promise<Sentinel> };

export function useWakeLock(on: boolean): void {
  useEffect(() => {
    const api = (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;
    if (!on || !api) return;
    let lock: Sentinel | null = null;
    let gone = false;
    const take = () => {
      if (gone || document.visibilityState !== "visible") return;
      api.request("screen").then(
        (l) => {
          if (gone) void l.release();
          else lock = l;
        },
        () => undefined, // refused (battery saver, no user gesture yet): the game still works
      );
    };
    take();
    document.addEventListener("visibilitychange", take);
    return () => {
      gone = true;
      document.removeEventListener("visibilitychange", take);
      void lock?.release();
    };
  }, [on]);
}
