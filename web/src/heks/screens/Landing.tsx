import { useState } from "preact/hooks";
import { createRoom, HttpError, joinRoom, lastRoom, saveJoinUrl, saveLateName, saveToken } from "../api";
import { errorText, t } from "../i18n";
import { LangSwitch } from "../ui/LangSwitch";

export function navigate(path: string): void {
  history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
}

const CODE_RE = /^[A-Za-z]{4}$/;

/** Create a room with your name, or join one by code and name. */
export function Landing() {
  const [name, setName] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rejoin = lastRoom();

  const fail = (e: unknown) => {
    setBusy(false);
    setError(e instanceof HttpError ? errorText(e.error.code, e.error.params) : errorText("network"));
  };

  const create = async (ev: Event) => {
    ev.preventDefault();
    if (!name.trim()) return setError(errorText("name_required"));
    setBusy(true);
    setError(null);
    try {
      const g = await createRoom(name.trim());
      if (g.token) saveToken(g.code, g.token);
      saveJoinUrl(g.code, g.join_url);
      navigate(`/r/${g.code}`);
    } catch (e) {
      fail(e);
    }
  };

  const join = async (ev: Event) => {
    ev.preventDefault();
    const c = code.trim().toUpperCase();
    if (!CODE_RE.test(c)) return setError(errorText("no_room"));
    if (!name.trim()) return setError(errorText("name_required"));
    setBusy(true);
    setError(null);
    try {
      const g = await joinRoom(c, name.trim());
      if (g.token) saveToken(g.code, g.token);
      else saveLateName(g.code, name.trim()); // a game is running: watch, then take the seat
      navigate(`/r/${g.code}`);
    } catch (e) {
      fail(e);
    }
  };

  return (
    <main class="landing">
      <LangSwitch />
      <div class="hero">
        <div class="moon big" aria-hidden="true" />
        <h1>{t("app.title")}</h1>
        <p class="muted">{t("app.tagline")}</p>
      </div>
      {rejoin && (
        <button type="button" class="primary" onClick={() => navigate(`/r/${rejoin}`)}>
          {t("landing.rejoin", { code: rejoin })}
        </button>
      )}
      <label class="field">
        <span>{t("landing.name")}</span>
        <input
          name="name"
          autocomplete="nickname"
          maxLength={20}
          value={name}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      <form class="card" onSubmit={create}>
        <h2>{t("landing.create.title")}</h2>
        <button type="submit" class="primary" disabled={busy}>
          {t("landing.create.button")}
        </button>
      </form>
      <p class="center muted">{t("landing.or")}</p>
      <form class="card" onSubmit={join}>
        <h2>{t("landing.join.title")}</h2>
        <label class="field">
          <span>{t("landing.code")}</span>
          <input
            name="code"
            class="code-input"
            autocapitalize="characters"
            autocomplete="off"
            maxLength={4}
            value={code}
            onInput={(e) => setCode((e.target as HTMLInputElement).value.toUpperCase())}
          />
        </label>
        <button type="submit" class="primary" disabled={busy}>
          {t("landing.join.button")}
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </main>
  );
}
