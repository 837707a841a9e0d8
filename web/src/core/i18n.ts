// The i18n runtime both games share: a typed catalog per language, the chosen language in
// a Store (components re-render on a switch), kept in localStorage and on <html lang>.
import { storage } from "./api";
import { Store, useStore } from "./store";

export type Params = Record<string, unknown>;

export interface I18nOptions<L extends string, K extends string> {
  /** Every catalog has every key (the games' catalogs are typed against their source language). */
  catalogs: Record<L, Record<K, string>>;
  /** The source language: the default, and the fallback for a missing text. */
  source: L;
  storageKey: string;
  /** Also follow the browser's languages when nothing is saved. */
  detect?: boolean;
  /** What a placeholder without a value becomes: kept as "{name}" or left empty. */
  missing?: "keep" | "empty";
}

export interface I18n<L extends string, K extends string> {
  t(key: K | string, params?: Params): string;
  has(key: string): key is K;
  getLang(): L;
  setLang(l: L): void;
  useLang(): L;
  langs: L[];
}

export function createI18n<L extends string, K extends string>(o: I18nOptions<L, K>): I18n<L, K> {
  const langs = Object.keys(o.catalogs) as L[];
  const isLang = (s: string | null): s is L => s !== null && (langs as string[]).includes(s);
  const initial = (): L => {
    const saved = storage.get(o.storageKey);
    if (isLang(saved)) return saved;
    if (o.detect && typeof navigator !== "undefined") {
      for (const l of navigator.languages || [navigator.language]) {
        const p = (l || "").toLowerCase().slice(0, 2);
        if (isLang(p)) return p;
      }
    }
    return o.source;
  };
  const store = new Store<L>(initial());
  if (typeof document !== "undefined") document.documentElement.lang = store.get();
  const source = o.catalogs[o.source] as Record<string, string | undefined>;
  return {
    langs,
    t(key, params) {
      const table = o.catalogs[store.get()] as Record<string, string | undefined>;
      const s = table[key] ?? source[key] ?? key;
      if (!params) return s;
      return s.replace(/\{(\w+)\}/g, (m, k: string) =>
        params[k] !== undefined ? String(params[k]) : o.missing === "empty" ? "" : m,
      );
    },
    has(key): key is K {
      return key in source;
    },
    getLang: () => store.get(),
    setLang(l) {
      document.documentElement.lang = l;
      storage.set(o.storageKey, l);
      store.set(l);
    },
    useLang: () => useStore(store),
  };
}
