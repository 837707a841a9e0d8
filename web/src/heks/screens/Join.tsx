import { useEffect, useState } from "preact/hooks";
import { HttpError, joinRoom, roomSummary, saveToken } from "../api";
import { errorText, t } from "../i18n";
import { LangSwitch } from "../ui/LangSwitch";
import { navigate } from "./Landing";

/** /r/CODE without a seat token: ask for a name and join (or watch, once a game runs). */
export function JoinForm(props: { code: string; onSeat: (token: string | null, name: string) => void }) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [taken, setTaken] = useState(false); // the name is someone's seat: maybe this person's, on a lost phone
  const [missing, setMissing] = useState<string | null>(null); // why there is nothing to join
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    roomSummary(props.code).catch((e) => {
      if (!(e instanceof HttpError)) return;
      if (e.status === 404) setMissing(t("conn.noroom"));
      else if (e.error.code === "room_damaged") setMissing(errorText("room_damaged")); // its store must be restored
    });
  }, [props.code]);
  const submit = async (ev: Event) => {
    ev.preventDefault();
    setTaken(false);
    if (!name.trim()) return setError(errorText("name_required"));
    setBusy(true);
    try {
      const g = await joinRoom(props.code, name.trim());
      if (g.token) saveToken(g.code, g.token);
      props.onSeat(g.token, name.trim());
    } catch (e) {
      setBusy(false);
      setError(e instanceof HttpError ? errorText(e.error.code, e.error.params) : errorText("network"));
      setTaken(e instanceof HttpError && e.error.code === "name_taken");
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
          {missing}
        </p>
      ) : (
        <form class="card" onSubmit={submit}>
          <label class="field">
            <span>{t("lobby.join.name")}</span>
            <input
              name="name"
              autocomplete="nickname"
              maxLength={30 /* a longer name is refused with a reason (at most 20), not cut silently */}
              value={name}
              aria-invalid={error !== null}
              aria-describedby={error ? "err-name" : undefined}
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
            />
          </label>
          {/* next to the field it concerns (a taken or empty name), as on the landing page */}
          {error && (
            <p class="error field-error" id="err-name" role="alert">
              {error}
            </p>
          )}
          {taken && <p class="small muted">{t("join.taken.hint")}</p>}
          <button type="submit" class="primary" disabled={busy}>
            {t("lobby.join.button")}
          </button>
        </form>
      )}
      <button type="button" class="link-btn" onClick={() => navigate("/")}>
        {t("conn.home")}
      </button>
    </main>
  );
}
