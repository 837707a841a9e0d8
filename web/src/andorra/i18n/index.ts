import { en } from "./en";
import { ru, type Key } from "./ru";

export type Lang = "ru" | "en";
const STORE = "andorra:lang";

export function initialLang(): Lang {
  const saved = typeof localStorage !== "undefined" ? localStorage.getItem(STORE) : null;
  return saved === "en" ? "en" : "ru";
}

export function saveLang(lang: Lang): void {
  localStorage.setItem(STORE, lang);
  document.documentElement.lang = lang;
}

export function translate(lang: Lang, key: Key | string, params: Record<string, unknown> = {}): string {
  const table = lang === "en" ? (en as Record<string, string | undefined>) : (ru as Record<string, string>);
  const text = table[key] ?? (ru as Record<string, string>)[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => (params[name] === undefined ? "" : String(params[name])));
}

export interface ServerError {
  code: string;
  params?: Record<string, unknown>;
  message?: string;
}

export function errorText(lang: Lang, err: ServerError): string {
  const key = `err.${err.code}`;
  const text = translate(lang, key, err.params ?? {});
  return text === key ? translate(lang, "error", { message: err.message ?? err.code }) : text;
}
