import { getLang, setLang, t, useLang } from "../i18n";

export function LangSwitch() {
  useLang();
  const other = getLang() === "nl" ? "en" : "nl";
  return (
    <button type="button" class="lang-switch" lang={other} aria-label={`${t("lang.label")}: ${t("lang.switch")}`} onClick={() => setLang(other)}>
      {t("lang.switch")}
    </button>
  );
}
