import { useEffect, useState } from "preact/hooks";
import { HttpError, joinRoom, roomSummary, saveToken } from "../api";
import { errorText, t } from "../i18n";
import { LangSwitch } from "../ui/LangSwitch";
import { navigate } from "./Landing";

/** /r/CODE without a seat token: ask for a name and join (or watch, once a game runs). */
export function JoinForm(props: { code: string; onSeat: (token: string | null, name: string) => void }) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    roomSummary(props.code).catch((e) => {
      if (e instanceof HttpError && e.status === 404) setMissing(true);
    });
  }, [props.code]);
  const submit = async (ev: Event) => {
    ev.preventDefault();
    if (!name.trim()) return setError(errorText("name_required"));
    setBusy(true);
    try {
      const g = await joinRoom(props.code, name.trim());
      if (g.token) saveToken(g.code, g.token);
      props.onSeat(g.token, name.trim());
    } catch (e) {
      setBusy(false);
      setError(e instanceof HttpError ? errorText(e.error.code, e.error.params) : errorText("network"));
    }
  };
  return (
    <main class="landing">
      <LangSwitch />
      <div class="hero">
        <h1>{t("app.title")}</h1>
        <p class="room-code">{props.code}</p>
      </div>
      {missing ? (
        <p class="error" role="alert">
          {t("conn.noroom")}
        </p>
      ) : (
        <form class="card" onSubmit={submit}>
          <label class="field">
            <span>{t("lobby.join.name")}</span>
            <input name="name" autocomplete="nickname" maxLength={20} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </label>
          <button type="submit" class="primary" disabled={busy}>
            {t("lobby.join.button")}
          </button>
        </form>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="button" class="link-btn" onClick={() => navigate("/")}>
        {t("conn.home")}
      </button>
    </main>
  );
}
