import { useState } from "preact/hooks";
import { ErrorLine, type AndorraConn, type Ctx, type PlayerView } from "../common";
import type { ServerError } from "../i18n";
import { command } from "../send";

/** A-ROLE-JOURNALIST-7a: on the day after his watch the Journalist writes his article; the
 * host publishes it unsigned in the morning post or declines it. */
export function Article({ ctx, conn, view }: { ctx: Ctx; conn: AndorraConn; view: PlayerView }) {
  const mine = view.me.article;
  const [text, setText] = useState<string>(mine?.text ?? "");
  const [err, setErr] = useState<ServerError | null>(null);
  if (!view.me.can_publish_article && !mine) return null;
  return (
    <section aria-label={ctx.t("article")} class="article">
      <h3>{ctx.t("article")}</h3>
      {mine && <p role="status">{ctx.t(`article_${mine.status}`)}</p>}
      {(!mine || mine.status === "waiting") && (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            setErr(await command(conn, "article", { text }));
          }}
        >
          <label>
            {ctx.t("article_text")}
            <textarea rows={5} maxLength={4000} value={text} onInput={(e) => setText((e.target as HTMLTextAreaElement).value)} />
          </label>
          <button type="submit">{ctx.t("article_send")}</button>
        </form>
      )}
      <ErrorLine ctx={ctx} err={err} />
    </section>
  );
}
