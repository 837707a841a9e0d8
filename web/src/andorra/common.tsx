import { useEffect, useState } from "preact/hooks";
import { Conn, type StateMsg } from "./conn";
import { errorText, saveLang, translate, type Lang, type ServerError } from "./i18n";

export interface Ctx {
  lang: Lang;
  t: (key: string, params?: Record<string, unknown>) => string;
}

export function makeCtx(lang: Lang): Ctx {
  return { lang, t: (key, params) => translate(lang, key, params ?? {}) };
}

export function useConn(code: string, token: string | null) {
  const [snap, setSnap] = useState<{ state: StateMsg | null; status: string; offset: number }>({
    state: null,
    status: "connecting",
    offset: 0,
  });
  const [conn, setConn] = useState<Conn | null>(null);
  useEffect(() => {
    if (!token) return;
    const c = new Conn(code, token, (state, status, offset) => setSnap({ state, status, offset }));
    setConn(c);
  }, [code, token]);
  return { conn, ...snap };
}

export function useNow(offset: number): number {
  const [now, setNow] = useState(Date.now() + offset);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(id);
  }, [offset]);
  return now;
}

export function formatLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${h > 0 ? `${h}:` : ""}${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}`;
}

export function Deadline({ ctx, deadline, offset }: { ctx: Ctx; deadline: number | null; offset: number }) {
  const now = useNow(offset);
  if (deadline == null) return <p class="deadline">{ctx.t("deadline_none")}</p>;
  const left = deadline - now;
  return (
    <p class="deadline" role="timer">
      {left > 0 ? ctx.t("deadline", { left: formatLeft(left) }) : ctx.t("deadline_passed")}
    </p>
  );
}

export function PhaseTitle({ ctx, view }: { ctx: Ctx; view: any }) {
  return <h2 class="phase">{ctx.t(`phase_${view.phase}`, { day: view.day })}</h2>;
}

export function nickOf(view: any, seat: number | null | undefined): string {
  if (seat == null) return "—";
  const p = (view.players as any[]).find((x) => x.seat === seat);
  return p ? p.nick : `#${seat}`;
}

export function VoteLog({ ctx, view }: { ctx: Ctx; view: any }) {
  const log = (view.vote_log as any[]) ?? [];
  return (
    <section aria-label={ctx.t("vote_log")}>
      <h3>{ctx.t("vote_log")}</h3>
      {log.length === 0 ? (
        <p>{ctx.t("vote_log_empty")}</p>
      ) : (
        <ol class="vote-log">
          {log.map((v, i) => (
            <li key={i}>
              {nickOf(view, v.voter)} → {v.target == null ? ctx.t("blank") : nickOf(view, v.target)}
              {v.void_reason ? ` (${ctx.t("void", { reason: v.void_reason })})` : ""}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function Posts({ ctx, view, bbcode }: { ctx: Ctx; view: any; bbcode?: boolean }) {
  const posts = (view.posts as any[]) ?? [];
  const [copied, setCopied] = useState<number | null>(null);
  return (
    <section aria-label={ctx.t("posts")}>
      <h3>{ctx.t("posts")}</h3>
      {posts.map((p) => (
        <article key={p.day} class="post" aria-label={`post-${p.day}`}>
          <pre class="post-text">{ctx.lang === "en" ? p.en : p.ru}</pre>
          {bbcode && (
            <div>
              <textarea readOnly rows={4} aria-label={`BBCode ${p.day}`} value={p.bbcode} />
              <button
                type="button"
                onClick={async () => {
                  await copyText(p.bbcode);
                  setCopied(p.day);
                }}
              >
                {ctx.t("copy_bbcode", { day: p.day })}
              </button>
              {copied === p.day && <span role="status"> {ctx.t("copied")}</span>}
            </div>
          )}
        </article>
      ))}
    </section>
  );
}

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

export function ErrorLine({ ctx, err }: { ctx: Ctx; err: ServerError | null }) {
  if (!err) return null;
  return (
    <p class="error" role="alert">
      {errorText(ctx.lang, err)}
    </p>
  );
}

export function LangButton({ ctx, setLang }: { ctx: Ctx; setLang: (l: Lang) => void }) {
  return (
    <button
      type="button"
      class="lang"
      onClick={() => {
        const next: Lang = ctx.lang === "ru" ? "en" : "ru";
        saveLang(next);
        setLang(next);
      }}
    >
      {ctx.t("lang")}
    </button>
  );
}

export function Status({ ctx, status }: { ctx: Ctx; status: string }) {
  if (status === "open") return null;
  const key = status === "bad_token" ? "err.bad_token" : status === "no_room" ? "err.no_room" : status === "reconnecting" ? "reconnecting" : "loading";
  return (
    <p class="status" role="status">
      {ctx.t(key)}
    </p>
  );
}

export function Chat({
  ctx,
  view,
  messages,
  onSend,
  clan,
  own,
}: {
  ctx: Ctx;
  view: any;
  messages: any[];
  onSend?: (text: string) => Promise<ServerError | null>;
  clan?: string | null;
  own?: boolean;
}) {
  const mine = own ?? Boolean(onSend);
  const [text, setText] = useState("");
  const [err, setErr] = useState<ServerError | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <section aria-label={ctx.t(mine ? "chat" : "chat_all")} class="chat">
      <h3>
        {ctx.t(mine ? "chat" : "chat_all")}
        {clan ? ` (${clan})` : ""}
      </h3>
      {messages.length === 0 ? (
        <p>{ctx.t("chat_empty")}</p>
      ) : (
        <ul class="chat-log">
          {messages.map((m) => (
            <li key={m.n}>
              {!mine && <span class="clan">[{m.clan}] </span>}
              <b>{nickOf(view, m.seat)}:</b> <span class="chat-text">{m.text}</span>
            </li>
          ))}
        </ul>
      )}
      {onSend && (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            if (busy) return;
            setBusy(true);
            const error = await onSend(text);
            setBusy(false);
            setErr(error);
            if (!error) setText("");
          }}
        >
          <textarea
            aria-label={ctx.t("chat_placeholder")}
            placeholder={ctx.t("chat_placeholder")}
            value={text}
            rows={2}
            onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          />
          <button type="submit" disabled={busy}>
            {ctx.t("chat_send")}
          </button>
          <ErrorLine ctx={ctx} err={err} />
        </form>
      )}
    </section>
  );
}
