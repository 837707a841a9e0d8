import { useState } from "preact/hooks";
import { clanName, ErrorLine, nickOf, type Ctx, type AndorraView } from "./common";
import type { AndorraChatMessage } from "../generated/protocol";
import type { ServerError } from "./i18n";

export function Chat({
  ctx,
  view,
  messages,
  onSend,
  clan,
  own,
}: {
  ctx: Ctx;
  view: AndorraView;
  messages: AndorraChatMessage[];
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
