import { render } from "preact";
import { useState } from "preact/hooks";
import { storage } from "../core/api";
import { LangButton, makeCtx, Status, useConn, type Ctx } from "./common";
import { Create } from "./Create";
import { DeskPage } from "./desk/DeskPage";
import { i18n } from "./i18n";
import { PlayerPage } from "./player/PlayerPage";
import "./andorra.css";

function route(): { kind: "create" } | { kind: "desk" | "p"; code: string } {
  const m = /^\/a\/([A-Za-z0-9]+)\/(desk|p)\/?$/.exec(location.pathname);
  if (m) return { kind: m[2] as "desk" | "p", code: m[1].toUpperCase() };
  return { kind: "create" };
}

/** The token from the link's fragment (#t=...), kept on this device afterwards. */
function takeToken(code: string, kind: "desk" | "p"): string | null {
  const key = `andorra:${code}:${kind}`;
  const match = /(?:^#|&)t=([^&]+)/.exec(location.hash);
  if (match) {
    const token = decodeURIComponent(match[1]);
    storage.set(key, token);
    history.replaceState(null, "", location.pathname + location.search);
    return token;
  }
  return storage.get(key);
}

function App() {
  const ctx = makeCtx(i18n.useLang());
  const r = route();
  return (
    <main>
      <header>
        <span class="brand">Nightfall · {ctx.t("title")}</span>
        <LangButton ctx={ctx} />
      </header>
      {r.kind === "create" ? <Create ctx={ctx} /> : <Game ctx={ctx} kind={r.kind} code={r.code} />}
    </main>
  );
}

function Game({ ctx, kind, code }: { ctx: Ctx; kind: "desk" | "p"; code: string }) {
  const [token] = useState(() => takeToken(code, kind));
  if (!token) return <p role="alert">{ctx.t("no_token")}</p>;
  return <Live ctx={ctx} kind={kind} code={code} token={token} />;
}

function Live({ ctx, kind, code, token }: { ctx: Ctx; kind: "desk" | "p"; code: string; token: string }) {
  const { conn, snap } = useConn(code, token);
  // a dead link (a new one was issued, the game is gone): say so instead of a stale page that
  // still offers the vote and the move, and even showed the newcomer's nick after a replacement
  if (snap.fatal) {
    return (
      <>
        <Status ctx={ctx} snap={snap} />
        {snap.fatal === "bad_token" && <p>{ctx.t(kind === "desk" ? "desk_link_dead_hint" : "link_dead_hint")}</p>}
      </>
    );
  }
  if (!snap.you || !snap.view) return <Status ctx={ctx} snap={snap.link === "open" ? { ...snap, link: "connecting" } : snap} />;
  const body =
    kind === "desk" ? (
      snap.you.host ? (
        <DeskPage ctx={ctx} conn={conn} view={snap.view} code={code} room={snap.room} you={snap.you} />
      ) : (
        <p role="alert">{ctx.t("not_host")}</p>
      )
    ) : snap.you.seat != null ? (
      <PlayerPage ctx={ctx} conn={conn} view={snap.view} />
    ) : (
      <p role="alert">{ctx.t("not_player")}</p>
    );
  return (
    <>
      <Status ctx={ctx} snap={snap} />
      {body}
    </>
  );
}

render(<App />, document.getElementById("app") as HTMLElement);
