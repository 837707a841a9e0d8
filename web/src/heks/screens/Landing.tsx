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
type Field = "name" | "code" | null;
const FIELD_OF: Record<string, Field> = {
  name_required: "name",
  bad_name: "name",
  name_taken: "name",
  name_too_long: "name",
  no_room: "code",
  room_not_found: "code",
  room_full: "code",
};

export function Landing() {
  const [name, setName] = useState("");
  const [code, setCode] = useState("");
  // An error is shown next to the field it concerns (the name, the room code), else below.
  const [error, setErrorState] = useState<{ text: string; field: Field } | null>(null);
  const [busy, setBusy] = useState(false);
  const rejoin = lastRoom();
  const setError = (code: string | null, params?: Record<string, unknown> | null) =>
    setErrorState(code === null ? null : { text: errorText(code, params), field: FIELD_OF[code] ?? null });
  const fieldError = (field: Field) =>
    error && error.field === field ? (
      <p class="error field-error" id={`err-${field}`} role="alert">
        {error.text}
      </p>
    ) : null;

  const fail = (e: unknown) => {
    setBusy(false);
    if (e instanceof HttpError) setError(e.error.code, e.error.params);
    else setError("network");
  };

  const create = async (ev: Event) => {
    ev.preventDefault();
    if (!name.trim()) return setError("name_required");
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
    if (!name.trim()) return setError("name_required");
    if (!CODE_RE.test(c)) return setError("no_room");
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
          maxLength={30 /* a longer name is refused with a reason (at most 20), not cut silently */}
          value={name}
          aria-invalid={error?.field === "name"}
          aria-describedby={error?.field === "name" ? "err-name" : undefined}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      {fieldError("name")}
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
            value={code}
            aria-invalid={error?.field === "code"}
            aria-describedby={error?.field === "code" ? "err-code" : undefined}
            onInput={(e) => {
              // Letters only, then the first four: a code pasted from a message with a space
              // before it (" dvtk") was cut to " DVT" by maxLength and refused as "no such room".
              const input = e.target as HTMLInputElement;
              const typed = input.value.toUpperCase().replace(/[^A-Z]/g, "").slice(0, 4);
              input.value = typed; // the field itself too, when the state does not change
              setCode(typed);
            }}
          />
        </label>
        {fieldError("code")}
        <button type="submit" class="primary" disabled={busy}>
          {t("landing.join.button")}
        </button>
      </form>
      {error && error.field === null && (
        <p class="error" role="alert">
          {error.text}
        </p>
      )}
    </main>
  );
}
