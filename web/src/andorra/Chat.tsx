import { useState } from "preact/hooks";
import { clanName, ErrorLine, nickOf, type AndorraConn, type Ctx, type AndorraView } from "./common";
import { useStore } from "../core/store";
import type { AndorraChatMessage } from "../generated/protocol";
import type { ServerError } from "./i18n";

/** The server's limit (err.chat_too_long); the counter shows from CHAT_WARN on. */
const CHAT_MAX = 500;
const CHAT_WARN = 400;

export function Chat({
  ctx,
  view,
  conn,
  onSend,
  clan,
  own,
  only,
}: {
  ctx: Ctx;
  view: AndorraView;
  /** The chat comes as the room's feed (docs/protocol.md, `feed`), not in the view. */
  conn: AndorraConn;
  onSend?: (text: string) => Promise<ServerError | null>;
  clan?: string | null;
  own?: boolean;
  /** A player's own clan: what he still holds of a clan he was moved out of is not shown. */
  only?: string | null;
}) {
  const mine = own ?? Boolean(onSend);
  const feed = useStore(conn.feed.store);
  const held = feed.items as unknown as AndorraChatMessage[];
  const messages = only ? held.filter((m) => m.clan === only) : held;
  const [older, setOlder] = useState(false);
  const [text, setText] = useState("");
  const [err, setErr] = useState<ServerError | null>(null);
  const [busy, setBusy] = useState(false);
  // nothing to send: the server would only answer «Пустое сообщение»
  const blank = text.trim() === "";
  return (
    <section aria-label={ctx.t(mine ? "chat" : "chat_all")} class="chat">
      <h3>
        {ctx.t(mine ? "chat" : "chat_all")}
        {clan ? ` (${clan})` : ""}
      </h3>
      {feed.more && (
        <button
          type="button"
          class="chat-older"
          disabled={older}
          onClick={async () => {
            setOlder(true);
            await conn.olderFeed();
            setOlder(false);
          }}
        >
          {ctx.t("chat_older")}
        </button>
      )}
      {messages.length === 0 ? (
        <p>{ctx.t(feed.loaded ? "chat_empty" : "chat_loading")}</p>
      ) : (
        <ul class="chat-log">
          {messages.map((m) => (
            <li key={m.n}>
              {!mine && <span class="clan">[{clanName(view, m.clan, ctx.lang)}] </span>}
              <b>{nickOf(view, m.seat)}:</b> <span class="chat-text">{m.text}</span>
            </li>
          ))}
        </ul>
      )}
      {onSend && (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            if (busy || blank) return;
            // The field empties as the line goes, not when its answer comes back (held 50-60 ms
            // in Andorra, docs/security.md §1): what one types meanwhile is the next line, and
            // an answer must not wipe it. A refused line comes back if the field is still empty.
            const sent = text;
            setText("");
            setBusy(true);
            const error = await onSend(sent);
            setBusy(false);
            setErr(error);
            if (error) setText((now) => (now === "" ? sent : now));
          }}
        >
          <textarea
            aria-label={ctx.t("chat_placeholder")}
            placeholder={ctx.t("chat_placeholder")}
            value={text}
            rows={2}
            maxLength={CHAT_MAX}
            onInput={(e) => {
              setText((e.target as HTMLTextAreaElement).value);
              // an old error («Пустое сообщение») is about a text that is gone: it left the
              // line on screen for days, until the next send
              setErr(null);
            }}
          />
          {/* the limit in sight before it is hit, not after a round trip to the server */}
          {text.length >= CHAT_WARN && (
            <p class={text.length >= CHAT_MAX ? "chat-count error" : "chat-count muted"} aria-live="polite">
              {ctx.t("chat_count", { n: text.length, max: CHAT_MAX })}
            </p>
          )}
          <button type="submit" disabled={busy || blank}>
            {ctx.t("chat_send")}
          </button>
          <ErrorLine ctx={ctx} err={err} />
        </form>
      )}
    </section>
  );
}
