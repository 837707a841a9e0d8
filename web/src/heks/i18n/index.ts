import { createI18n, type Params as CoreParams } from "../../core/i18n";
import { en } from "./en";
import { nl, type MsgKey } from "./nl";

export type Lang = "nl" | "en";
export type { MsgKey };
export type Params = Record<string, string | number>;

// Dutch first: the game is Dutch; a browser in English gets English.
const i18n = createI18n<Lang, MsgKey>({ catalogs: { nl, en }, source: "nl", storageKey: "nightfall.lang", detect: true });

export const getLang = i18n.getLang;
export const setLang = i18n.setLang;
export const useLang = i18n.useLang;
export const has = i18n.has;

export function t(key: MsgKey, params?: Params): string {
  return i18n.t(key, params as CoreParams | undefined);
}

/** Localise an engine rejection or server error code. */
export function errorText(code: string, params?: Record<string, unknown> | null): string {
  const reason = params && typeof params.reason === "string" ? `err.${code}.${params.reason}` : "";
  if (reason && has(reason)) return t(reason);
  const k = `err.${code}`;
  // the code's text may name params, e.g. bad_deck's {reason} (H-DECK-7)
  const values: Params = {};
  for (const [key, value] of Object.entries(params ?? {})) if (typeof value === "string" || typeof value === "number") values[key] = value;
  return has(k) ? t(k, values) : t("err.unknown", { code });
}

/** "A, B and C" in the current language. */
export function joinNames(names: string[]): string {
  if (names.length === 0) return "";
  if (names.length === 1) return names[0];
  return t("names.and", { a: names.slice(0, -1).join(", "), b: names[names.length - 1] });
}

/** A decimal in the current language ("4,6" in Dutch, "4.6" in English), one place at most
 * (``fixed``: always one, "3,0"). The page's language, not the browser's. */
export function decimal(x: number, fixed = false): string {
  return x.toLocaleString(getLang() === "nl" ? "nl-NL" : "en-GB", {
    minimumFractionDigits: fixed ? 1 : 0,
    maximumFractionDigits: 1,
  });
}
