import type { ErrorInfo } from "../../core/connection";
import { createI18n } from "../../core/i18n";
import { en } from "./en";
import { ru, type Key } from "./ru";

export type Lang = "ru" | "en";
export type ServerError = ErrorInfo & { message?: string; text?: Record<string, string> };

// Russian first (the forum is Russian); English only when chosen on this device.
export const i18n = createI18n<Lang, Key>({ catalogs: { ru, en }, source: "ru", storageKey: "andorra:lang", missing: "empty" });

/** A server error in the current language; an unknown code shows the server's message. */
export function errorText(err: ServerError): string {
  // the game's own sentence (the seed's words, the players' nicks) comes first
  const sentence = err.text?.[i18n.getLang()] ?? err.text?.ru;
  if (sentence) return sentence;
  const key = `err.${err.code}`;
  return i18n.has(key) ? i18n.t(key, err.params ?? {}) : i18n.t("error", { message: err.message ?? err.code });
}
