import { Store, useStore } from "../store";
import { nl, type MsgKey } from "./nl";
import { en } from "./en";

export type Lang = "nl" | "en";
export type { MsgKey };
const catalogs: Record<Lang, Record<MsgKey, string>> = { nl, en };
const STORAGE = "nightfall.lang";

function initial(): Lang {
  try {
    const saved = localStorage.getItem(STORAGE);
    if (saved === "nl" || saved === "en") return saved;
  } catch {
    /* private mode */
  }
  const langs = typeof navigator !== "undefined" ? navigator.languages || [navigator.language] : [];
  for (const l of langs) {
    const p = (l || "").toLowerCase().slice(0, 2);
    if (p === "nl") return "nl";
    if (p === "en") return "en";
  }
  return "nl"; // Dutch first: the game is Dutch
}

let lang: Lang = initial();
const langStore = new Store<Lang>(lang);
document.documentElement.lang = lang;

export function getLang(): Lang {
  return lang;
}

export function setLang(l: Lang): void {
  lang = l;
  document.documentElement.lang = l;
  try {
    localStorage.setItem(STORAGE, l);
  } catch {
    /* ignore */
  }
  langStore.set(l);
}

export function useLang(): Lang {
  return useStore(langStore);
}

export type Params = Record<string, string | number>;

export function t(key: MsgKey, params?: Params): string {
  const s = catalogs[lang][key] ?? nl[key] ?? key;
  if (!params) return s;
  return s.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** Is this string a known catalog key? (for codes coming from the server) */
export function has(key: string): key is MsgKey {
  return key in nl;
}

/** Localise an engine rejection or server error code. */
export function errorText(code: string, params?: Record<string, unknown> | null): string {
  const reason = params && typeof params.reason === "string" ? `err.${code}.${params.reason}` : "";
  if (reason && has(reason)) return t(reason);
  const k = `err.${code}`;
  return has(k) ? t(k) : t("err.unknown", { code });
}

/** "A, B and C" in the current language. */
export function joinNames(names: string[]): string {
  if (names.length === 0) return "";
  if (names.length === 1) return names[0];
  return t("names.and", { a: names.slice(0, -1).join(", "), b: names[names.length - 1] });
}
