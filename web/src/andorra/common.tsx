// What every Andorra page shares: the language context, the room's connection, the clock
// line, nicknames, copying, and the error and connection lines.
import { useEffect, useMemo, useState } from "preact/hooks";
import { copyText as copyToClipboard } from "../core/clipboard";
import { useRemaining } from "../core/clock";
import { Connection, type ConnSnapshot } from "../core/connection";
import { useStore } from "../core/store";
import type { AndorraHost, AndorraMe, AndorraView } from "../generated/protocol";
import { errorText, i18n, type Lang, type ServerError } from "./i18n";

export interface Ctx {
  lang: Lang;
  t: (key: string, params?: Record<string, unknown>) => string;
}

export function makeCtx(lang: Lang): Ctx {
  return { lang, t: (key, params) => i18n.t(key, params ?? {}) };
}

export type { AndorraView };
export type AndorraConn = Connection<AndorraView>;
/** The host's view (the desk) and a player's view: the same view with its own part present. */
export type DeskView = AndorraView & { host: AndorraHost };
export type PlayerView = AndorraView & { me: AndorraMe };
export const isDeskView = (v: AndorraView): v is DeskView => v.host !== undefined;
export const isPlayerView = (v: AndorraView): v is PlayerView => v.me !== undefined;

/** The room's one socket (core/connection.ts), open while the page shows it. */
export function useConn(code: string, token: string): { conn: AndorraConn; snap: ConnSnapshot<AndorraView> } {
  const conn = useMemo(() => new Connection<AndorraView>(code, token), [code, token]);
  useEffect(() => {
    conn.start();
    return () => conn.stop();
  }, [conn]);
  return { conn, snap: useStore(conn.store) };
}

export function formatLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${h > 0 ? `${h}:` : ""}${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}`;
}

/** The time left: the phase's, or (``answer``) a question's, which is not the phase's end. */
export function Deadline({ ctx, deadline, answer }: { ctx: Ctx; deadline: number | null; answer?: boolean }) {
  const left = useRemaining(deadline);
  if (deadline == null || left == null) return <p class="deadline">{ctx.t("deadline_none")}</p>;
  return (
    <p class="deadline" role="timer">
      {left > 0 ? ctx.t(answer ? "prompt_deadline" : "deadline", { left: formatLeft(left) }) : ctx.t("deadline_passed")}
    </p>
  );
}

export function PhaseTitle({ ctx, view }: { ctx: Ctx; view: AndorraView }) {
  // A-SEC-7: a player's page is in RESOLVING only while a question of his own is open
  const key = view.phase === "RESOLVING" && isPlayerView(view) ? "phase_RESOLVING_mine" : `phase_${view.phase}`;
  return <h2 class="phase">{ctx.t(key, { day: view.day })}</h2>;
}

export function nickOf(view: AndorraView, seat: number | null | undefined): string {
  if (seat == null) return "—";
  const p = view.players.find((x) => x.seat === seat);
  return p ? p.nick : `#${seat}`;
}

/** A clan in words («мафия (красные)», «копы») from the desk's names, never its id. */
export function clanName(view: AndorraView, clan: string, lang: Lang): string {
  return view.host?.clan_names[clan]?.[lang] ?? "—";
}

/** Copy for the forum or a PM, over plain http on a LAN too (core/clipboard: the old way when
 * the browser gives no Clipboard API); true when it worked. */
export const copyText = copyToClipboard;

/** A copy button that says it copied (a link copied without a word left the host unsure). */
export function CopyButton({ ctx, text, label, failed = "copy_failed" }: { ctx: Ctx; text: string; label: string; failed?: string }) {
  const [done, setDone] = useState<boolean | null>(null);
  return (
    <>
      <button type="button" onClick={async () => setDone(await copyToClipboard(text))}>
        {label}
      </button>
      {done !== null && <span role="status"> {ctx.t(done ? "copied" : failed)}</span>}
    </>
  );
}

export function ErrorLine({ err }: { ctx?: Ctx; err: ServerError | null }) {
  if (!err) return null;
  return (
    <p class="error" role="alert">
      {errorText(err)}
    </p>
  );
}

export function LangButton({ ctx }: { ctx: Ctx }) {
  return (
    <button type="button" class="lang" onClick={() => i18n.setLang(ctx.lang === "ru" ? "en" : "ru")}>
      {ctx.t("lang")}
    </button>
  );
}

/** The connection line: nothing while the socket is open. */
export function Status({ ctx, snap }: { ctx: Ctx; snap: Pick<ConnSnapshot<unknown>, "link" | "fatal"> }) {
  if (snap.fatal) {
    return (
      <p class="status" role="status">
        {errorText({ code: snap.fatal })}
      </p>
    );
  }
  if (snap.link === "open") return null;
  return (
    <p class="status" role="status">
      {ctx.t(snap.link === "reconnecting" ? "reconnecting" : "loading")}
    </p>
  );
}
